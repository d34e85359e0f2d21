import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BUILTIN_ROLES } from '#shared/resources/permissions.ts';
import { queryClient } from '../../lib/query-client.ts';
import { renderRoutes } from '../../test/render.tsx';
import { ALL_MODULES } from './permission-modules.ts';
import { RoleEditScreen } from './role-edit-screen.tsx';
import { ROLES_PATH } from './roles-data.ts';
import { PermissionModulesScreen, RolesScreen } from './roles-screens.tsx';
import { failure, member, OWNER, page, role, servePermissions, type FakeApi } from './test-fixtures.ts';
import type { Role } from './cc-api.ts';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }) as FakeApi);
vi.mock('../../lib/api-client.ts', () => ({ api }));

const ADMIN = role('r-admin', 'Admin', BUILTIN_ROLES.admin.permissions, 'admin');
const STAFF = role('r-staff', 'Staff', BUILTIN_ROLES.staff.permissions, 'staff');
const PRICING = role('r-pricing', 'Pricing', ['crm.view', 'quotes.view']);

/** Logged in as a member whose role is `mine`; the organisation has the built-in roles and Pricing. */
function serve(mine: Role) {
  servePermissions(api, mine, { get: async (url) => (url === '/permission-modules' ? ALL_MODULES : undefined) }, [
    member({ role_id: mine.id, role_name: mine.name }),
  ]);
  api.list.mockImplementation(async (url: string) => {
    if (url === '/roles') return page([ADMIN, OWNER, PRICING, STAFF]);
    throw new Error(`unexpected list ${url}`);
  });
}

function render(path: string) {
  return renderRoutes(
    [
      { path: ROLES_PATH, element: <RolesScreen /> },
      { path: `${ROLES_PATH}/create`, element: <RoleEditScreen /> },
      { path: `${ROLES_PATH}/:roleId/update`, element: <RoleEditScreen /> },
    ],
    path,
  );
}

// By label, not by role: naming every checkbox of the grid for each lookup is slow.
const box = (name: string) => screen.getByLabelText(name, { selector: 'input' }) as HTMLInputElement;

describe('roles', () => {
  beforeEach(() => vi.clearAllMocks());

  it('lets an admin edit the organisation’s own roles, and only owners the built-in ones', async () => {
    serve(ADMIN);
    render(ROLES_PATH);
    const row = (name: string) => screen.getByText(name, { selector: 'strong' }).closest('tr')!;
    await screen.findByText('Pricing', { selector: 'strong' });
    await waitFor(() => expect(within(row('Owner')).queryByRole('button', { name: /Edit/ })).toBeNull());
    expect(within(row('Pricing')).getByRole('button', { name: /Edit/ })).toBeTruthy();
    for (const builtin of ['Owner', 'Admin', 'Staff']) expect(within(row(builtin)).queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Create role/ })).toBeTruthy();
  });

  it('follows the roles permissions, not the control centre’s', async () => {
    serve(role('r-cc', 'Clerk', ['control_centre.view', 'control_centre.create', 'control_centre.update', 'roles.view']));
    render(ROLES_PATH);
    await screen.findByText('Pricing', { selector: 'strong' });
    expect(screen.queryByRole('button', { name: /Create role/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
  });

  it('offers only the permissions the caller holds, and explains the server’s permission_escalation', async () => {
    serve(ADMIN);
    api.post.mockRejectedValue(failure(403, 'permission_escalation', 'You cannot grant or change permissions you do not hold yourself (billing.update).'));
    render(`${ROLES_PATH}/create`);
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Invoicing' } });
    expect(box('Billing: Edit').disabled).toBe(true);
    expect(box('Billing: View').disabled).toBe(false);
    expect(screen.getByText('Greyed out: permissions you do not hold yourself, which you cannot grant.')).toBeTruthy();
    fireEvent.click(box('Billing: View'));
    fireEvent.click(screen.getByRole('button', { name: 'Create role' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/roles', expect.objectContaining({ name: 'Invoicing', permissions: ['billing.view'] })));
    expect((await screen.findByRole('alert')).textContent).toContain('You cannot grant permissions you do not hold yourself.');
  });

  it('lets a caller take away what a role has although they do not hold it (that is no grant)', async () => {
    const INVOICING = role('r-inv', 'Invoicing', ['billing.view', 'billing.update']);
    serve(ADMIN);
    api.list.mockImplementation(async (url: string) => {
      if (url === '/roles') return page([ADMIN, OWNER, INVOICING, STAFF]);
      throw new Error(`unexpected list ${url}`);
    });
    api.patch.mockResolvedValue({ ...INVOICING, permissions: ['billing.view'] });
    render(`${ROLES_PATH}/r-inv/update`);
    await waitFor(() => expect(box('Billing: Edit').checked).toBe(true));
    // The Admin does not hold billing.update: it may go, but Billing: Delete may not be added.
    expect(box('Billing: Edit').disabled).toBe(false);
    expect(box('Billing: Delete').disabled).toBe(true);
    fireEvent.click(box('Billing: Edit'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.patch).toHaveBeenCalledWith('/roles/r-inv', expect.objectContaining({ permissions: ['billing.view'] })));
  });

  it('shows a built-in role read-only to a non-owner, saying only owners change it', async () => {
    serve(ADMIN);
    render(`${ROLES_PATH}/r-staff/update`);
    expect(await screen.findByText('Only owners can change the built-in roles.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect([...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].every((b) => b.disabled)).toBe(true);
  });

  it('lets an owner change a built-in role, and explains the server’s owner_only', async () => {
    serve(OWNER);
    api.patch.mockRejectedValue(failure(403, 'owner_only', 'Only owners can change the built-in roles.'));
    render(`${ROLES_PATH}/r-staff/update`);
    await waitFor(() => expect(box('Payroll: View').disabled).toBe(false));
    expect(screen.queryByText('Only owners can change the built-in roles.')).toBeNull();
    fireEvent.click(box('Payroll: View'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.patch).toHaveBeenCalledWith('/roles/r-staff', { permissions: [...STAFF.permissions, 'payroll.view'].sort() }));
    expect(await screen.findByText(/^Only owners can do this/)).toBeTruthy();
  });

  it('shows the permission modules, and says so in their place to a member whose role may not see them', async () => {
    serve(OWNER);
    const perms = renderRoutes([{ path: '/admin/perms', element: <PermissionModulesScreen /> }], '/admin/perms');
    expect(await screen.findByText('network', { selector: 'code' })).toBeTruthy();
    perms.unmount();

    serve(role('r-none', 'Driver', []));
    const get = api.get.getMockImplementation()!;
    api.get.mockImplementation(async (url: string, config: unknown) => {
      if (url === '/permission-modules') throw failure(403, 'forbidden');
      return get(url, config);
    });
    queryClient.clear();
    renderRoutes([{ path: '/admin/perms', element: <PermissionModulesScreen /> }], '/admin/perms');
    expect(await screen.findByText('You cannot see this page')).toBeTruthy();
    expect(screen.queryByText(/Permissions belong to an organisation/)).toBeNull();
  });

  it('asks a user without an organisation to create or join one', async () => {
    serve(OWNER);
    const get = api.get.getMockImplementation()!;
    api.get.mockImplementation(async (url: string, config: unknown) => {
      if (url === '/permission-modules') throw failure(404, 'organisation_not_found');
      return get(url, config);
    });
    renderRoutes([{ path: '/admin/perms', element: <PermissionModulesScreen /> }], '/admin/perms');
    expect(await screen.findByText(/Permissions belong to an organisation/)).toBeTruthy();
    expect(screen.queryByText('You cannot see this page')).toBeNull();
  });
});
