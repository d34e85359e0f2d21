import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BUILTIN_ROLES } from '#shared/resources/permissions.ts';
import { AppDrawer } from '../../app/app-drawer.tsx';
import { useDrawerStore } from '../../lib/drawer-store.ts';
import { renderScreen } from '../../test/render.tsx';
import type { Role } from './cc-api.ts';
import { InvitationDefaultsScreen } from './invitation-defaults-screen.tsx';
import { StaffScreen } from './staff-screens.tsx';
import { failure, member, OWNER, page, role, servePermissions, VIEWER, type FakeApi } from './test-fixtures.ts';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }) as FakeApi);
vi.mock('../../lib/api-client.ts', () => ({ api }));

const ADMIN = role('r-admin', 'Admin', BUILTIN_ROLES.admin.permissions, 'admin');
const STAFF = role('r-staff', 'Staff', BUILTIN_ROLES.staff.permissions, 'staff');
/** Holds billing.create, which the Admin role does not. */
const BILLING_CLERK = role('r-billing', 'Billing clerk', ['billing.view', 'billing.create']);
const LAST_OWNER = 'The organisation needs at least one active owner: make someone else owner first.';

/** Ann (u1) is the caller, in the role `mine`; Bob is Staff, Carol an owner, Dan the billing clerk. */
function serve(mine: Role) {
  const staff = [
    member({ role_id: mine.id, role_name: mine.name }),
    member({ user_id: 'u2', name: 'Bob', email: 'bob@example.com', role_id: STAFF.id, role_name: 'Staff' }),
    member({ user_id: 'u3', name: 'Carol', email: 'carol@example.com', role_id: OWNER.id, role_name: 'Owner' }),
    member({ user_id: 'u4', name: 'Dan', email: 'dan@example.com', role_id: BILLING_CLERK.id, role_name: BILLING_CLERK.name }),
  ];
  servePermissions(api, mine, { list: async () => page([]) }, staff);
  const roles = api.list.getMockImplementation()!;
  api.list.mockImplementation(async (url: string, config: unknown) =>
    url === '/roles' ? page([ADMIN, BILLING_CLERK, OWNER, STAFF, VIEWER]) : roles(url, config),
  );
}

/** The organisation's invitation defaults, as GET /api/control-centre/configurations answers. */
function withDefaults(defaults: { default_role_id: string | null; default_department_id: string | null }) {
  const get = api.get.getMockImplementation()!;
  const roleName = [ADMIN, BILLING_CLERK, OWNER, STAFF, VIEWER].find((r) => r.id === defaults.default_role_id)?.name ?? null;
  api.get.mockImplementation(async (url: string, config: unknown) => (url === '/control-centre/configurations' ? { ...defaults, default_role_name: roleName, updated_at: null } : get(url, config)));
}

function render() {
  return renderScreen(
    <>
      <StaffScreen />
      <AppDrawer />
    </>,
    '/organisation/control-centre/staff',
  );
}

/** The drawer, once its form is on screen (the staff forms load when a drawer is first opened). */
async function openedDrawer(): Promise<HTMLElement> {
  const drawer = await screen.findByRole('dialog');
  await within(drawer).findByRole('combobox', { name: 'Role' });
  return drawer;
}

/** What the drawer's role select shows. */
const selected = (drawer: HTMLElement) => within(drawer).getByRole('combobox', { name: 'Role' }).closest('.ant-select')?.textContent ?? '';

const rowOf = async (email: string) => (await screen.findByText(email)).closest('tr')!;

/** The options of the drawer's role select. */
async function roleChoices(drawer: HTMLElement): Promise<string[]> {
  fireEvent.mouseDown(within(drawer).getByRole('combobox', { name: 'Role' }));
  const list = await screen.findByRole('listbox');
  await waitFor(() => expect(within(list).queryAllByRole('option').length).toBeGreaterThan(0));
  return [...document.querySelectorAll('.ant-select-item-option:not(.ant-select-item-option-disabled)')].map((o) => o.getAttribute('title') ?? '');
}

describe('staff', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useDrawerStore.getState().reset();
  });

  it('lists members with role, department, job title and status', async () => {
    serve(OWNER);
    render();
    const row = await rowOf('bob@example.com');
    expect(within(row).getByText('Staff')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(screen.getByText('(you)')).toBeTruthy();
  });

  it('lets nobody change their own role or status', async () => {
    serve(OWNER);
    render();
    const mine = await rowOf('ann@example.com');
    expect(within(mine).queryByRole('button', { name: 'Deactivate' })).toBeNull();
    fireEvent.click(within(mine).getByRole('button', { name: /Edit/ }));
    const drawer = await openedDrawer();
    expect(within(drawer).getByRole('combobox', { name: 'Role' }).closest('.ant-select-disabled')).toBeTruthy();
    expect(within(drawer).getByText('You cannot change your own role.')).toBeTruthy();
  });

  it('lets nobody manage a member whose role holds a permission they lack (the server says the same)', async () => {
    serve(ADMIN);
    render();
    const dan = await rowOf('dan@example.com');
    expect(within(await rowOf('bob@example.com')).getByRole('button', { name: 'Deactivate' })).toBeTruthy();
    expect(within(dan).queryByRole('button', { name: 'Deactivate' })).toBeNull();
    fireEvent.click(within(dan).getByRole('button', { name: /Edit/ }));
    const drawer = await openedDrawer();
    expect(within(drawer).getByRole('combobox', { name: 'Role' }).closest('.ant-select-disabled')).toBeTruthy();
    expect(within(drawer).getByText('This member holds permissions you do not hold: only someone who holds them all can change their role or status.')).toBeTruthy();
  });

  it('explains the server’s last_owner answer', async () => {
    serve(OWNER);
    api.patch.mockRejectedValue(failure(409, 'last_owner', LAST_OWNER));
    render();
    const row = await rowOf('carol@example.com');
    fireEvent.click(within(row).getByRole('button', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(api.patch).toHaveBeenCalledWith('/staff/u3', { status: 'deactivated' }));
    expect((await screen.findByRole('alert')).textContent).toContain(LAST_OWNER);
  });

  it('lets an owner give any role, and explains the server’s permission_escalation', async () => {
    serve(OWNER);
    api.patch.mockRejectedValue(failure(403, 'permission_escalation', 'You cannot grant or change permissions you do not hold yourself (billing.create).'));
    render();
    fireEvent.click(within(await rowOf('bob@example.com')).getByRole('button', { name: /Edit/ }));
    const drawer = await openedDrawer();
    expect(await roleChoices(drawer)).toEqual(['Admin', 'Billing clerk', 'Owner', 'Staff', 'Viewer']);
    fireEvent.click(screen.getByTitle('Billing clerk'));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.patch).toHaveBeenCalledWith('/staff/u2', { role_id: BILLING_CLERK.id }));
    expect((await within(drawer).findByRole('alert')).textContent).toContain('You cannot grant permissions you do not hold yourself.');
  });

  it('offers a non-owner only the roles it may grant, and leaves owners alone', async () => {
    serve(ADMIN);
    render();
    const carol = await rowOf('carol@example.com');
    await waitFor(() => expect(within(carol).queryByRole('button', { name: 'Deactivate' })).toBeNull());
    expect(within(await rowOf('bob@example.com')).getByRole('button', { name: 'Deactivate' })).toBeTruthy();

    fireEvent.click(within(await rowOf('bob@example.com')).getByRole('button', { name: /Edit/ }));
    let drawer = await openedDrawer();
    expect(await roleChoices(drawer)).toEqual(['Admin', 'Staff', 'Viewer']);
    expect(within(drawer).getByText('Only roles whose permissions you hold yourself are offered; only owners can give the Owner role.')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(within(carol).getByRole('button', { name: /Edit/ }));
    drawer = await openedDrawer();
    await waitFor(() => expect(within(drawer).getByText('Only owners can change an owner’s role.')).toBeTruthy());
    expect(within(drawer).getByRole('combobox', { name: 'Role' }).closest('.ant-select-disabled')).toBeTruthy();
  });

  it('invites into the roles the caller may grant; the staff permissions decide who invites', async () => {
    serve(ADMIN);
    render();
    fireEvent.click(await screen.findByRole('button', { name: /Invite/ }));
    const drawer = await openedDrawer();
    expect(await roleChoices(drawer)).toEqual(['Admin', 'Staff', 'Viewer']);
  });

  it('starts an invitation with the organisation’s default role only if the caller may give it', async () => {
    serve(OWNER);
    withDefaults({ default_role_id: OWNER.id, default_department_id: null });
    const first = render();
    fireEvent.click(await screen.findByRole('button', { name: /Invite/ }));
    let drawer = await openedDrawer();
    await waitFor(() => expect(selected(drawer)).toBe('Owner'));
    first.unmount();
    useDrawerStore.getState().reset();

    serve(ADMIN);
    withDefaults({ default_role_id: OWNER.id, default_department_id: null });
    render();
    fireEvent.click(await screen.findByRole('button', { name: /Invite/ }));
    drawer = await openedDrawer();
    await waitFor(() => expect(selected(drawer)).toBe('Choose…'));
  });

  it('keeps the invitation defaults on the server, for every admin: read there, saved there', async () => {
    serve(OWNER);
    withDefaults({ default_role_id: STAFF.id, default_department_id: null });
    api.put.mockResolvedValue({ default_role_id: ADMIN.id, default_role_name: 'Admin', default_department_id: null, updated_at: '2026-11-27T10:00:00.000Z' });
    renderScreen(<InvitationDefaultsScreen />, '/organisation/control-centre/staff/configurations/edit', { '/organisation/control-centre/staff/configurations': 'invitations page' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Default role' }).closest('.ant-select')?.textContent).toBe('Staff'));
    expect(api.get).toHaveBeenCalledWith('/control-centre/configurations', { silent: true });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Default role' }));
    fireEvent.click(await screen.findByTitle('Admin'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/control-centre/configurations', { default_role_id: ADMIN.id, default_department_id: null }));
    expect(await screen.findByText('invitations page')).toBeTruthy();
  });

  it('says so, in place of the invitation defaults, to a member who may not read them', async () => {
    serve(role('r-cc', 'Clerk', ['control_centre.view']));
    const get = api.get.getMockImplementation()!;
    api.get.mockImplementation(async (url: string, config: unknown) => {
      if (url === '/control-centre/configurations') throw failure(403, 'forbidden');
      return get(url, config);
    });
    renderScreen(<InvitationDefaultsScreen />, '/organisation/control-centre/staff/configurations/edit');
    expect(await screen.findByText('You cannot see this page')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Default role' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('shows the invitation defaults, not to be changed, to a member who may read but not change them', async () => {
    serve(role('r-reader', 'Staff reader', ['control_centre.view', 'staff.view']));
    withDefaults({ default_role_id: STAFF.id, default_department_id: null });
    // Without roles.view the roles cannot be listed: the default role reads by the name it came with.
    const list = api.list.getMockImplementation()!;
    api.list.mockImplementation(async (url: string, config: unknown) => {
      if (url === '/roles') throw failure(403, 'forbidden');
      return list(url, config);
    });
    renderScreen(<InvitationDefaultsScreen />, '/organisation/control-centre/staff/configurations/edit', { '/organisation/control-centre/staff/configurations': 'invitations page' });
    const select = await screen.findByRole('combobox', { name: 'Default role' });
    await waitFor(() => expect(select.closest('.ant-select')?.textContent).toBe('Staff'));
    expect(select.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Default department' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText('Your role lets you look at this, not change it.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to invitations' }));
    expect(await screen.findByText('invitations page')).toBeTruthy();
    expect(api.put).not.toHaveBeenCalled();
  });

  it('offers a retry, never "none" to save over them, when the invitation defaults cannot be read', async () => {
    serve(OWNER);
    const get = api.get.getMockImplementation()!;
    let down = true;
    api.get.mockImplementation(async (url: string, config: unknown) => {
      if (url !== '/control-centre/configurations') return get(url, config);
      if (down) throw failure(503, 'unavailable');
      return { default_role_id: STAFF.id, default_role_name: 'Staff', default_department_id: null, updated_at: null };
    });
    renderScreen(<InvitationDefaultsScreen />, '/organisation/control-centre/staff/configurations/edit');
    expect(await screen.findByText(/The invitation defaults could not be loaded/, {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Default role' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    const select = await screen.findByRole('combobox', { name: 'Default role' });
    await waitFor(() => expect(select.closest('.ant-select')?.textContent).toBe('Staff'));
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('offers no invitation and no change without the staff permissions', async () => {
    serve(role('r-cc', 'Clerk', ['control_centre.view', 'control_centre.create', 'control_centre.update', 'staff.view']));
    render();
    await rowOf('bob@example.com');
    expect(screen.queryByRole('button', { name: /Invite/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
  });
});
