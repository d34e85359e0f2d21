import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppDrawer } from '../../app/app-drawer.tsx';
import { useDrawerStore } from '../../lib/drawer-store.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { renderScreen } from '../../test/render.tsx';
import { StaffScreen } from './staff-screens.tsx';
import { failure, ME, member, OWNER, page, role, servePermissions, type FakeApi } from './test-fixtures.ts';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }) as FakeApi);
vi.mock('../../lib/api-client.ts', () => ({ api }));

const ADMIN = role('r-admin', 'Admin', ['control_centre.view', 'control_centre.update'], 'admin');
const LAST_OWNER = 'The organisation needs at least one active owner: make someone else owner first.';
const staff = [member(), member({ user_id: 'u2', name: 'Bob', email: 'bob@example.com', role_id: ADMIN.id, role_name: 'Admin' })];

function render() {
  return renderScreen(
    <>
      <StaffScreen />
      <AppDrawer />
    </>,
    '/organisation/control-centre/staff',
  );
}

describe('staff', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useDrawerStore.getState().reset();
    useSessionStore.getState().logIn(ME);
    servePermissions(api, OWNER, { list: async () => page([]) }, staff);
    // The roles list has Admin too.
    const roles = api.list.getMockImplementation()!;
    api.list.mockImplementation(async (url: string, config: unknown) =>
      url === '/roles' ? page([OWNER, ADMIN]) : roles(url, config),
    );
  });

  it('lists members with role, department, job title and status', async () => {
    render();
    expect(await screen.findByText('bob@example.com')).toBeTruthy();
    const row = screen.getByText('bob@example.com').closest('tr')!;
    expect(within(row).getByText('Admin')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(screen.getByText('(you)')).toBeTruthy();
  });

  it('shows the last_owner answer when the only owner is deactivated', async () => {
    api.patch.mockRejectedValue(failure(409, 'last_owner', LAST_OWNER));
    render();
    const row = (await screen.findByText('ann@example.com')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('tooltip');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(api.patch).toHaveBeenCalledWith('/staff/u1', { status: 'deactivated' }));
    expect((await screen.findByRole('alert')).textContent).toContain(LAST_OWNER);
  });

  it('changes a role in the drawer, and shows last_owner there', async () => {
    api.patch.mockRejectedValue(failure(409, 'last_owner', LAST_OWNER));
    render();
    const row = (await screen.findByText('ann@example.com')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: /Edit/ }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(drawer).getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await screen.findByTitle('Admin'));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.patch).toHaveBeenCalledWith('/staff/u1', { role_id: ADMIN.id }));
    expect((await within(drawer).findByRole('alert')).textContent).toContain(LAST_OWNER);
  });
});
