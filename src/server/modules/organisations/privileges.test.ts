import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '#shared/resources/permissions.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

let t: TestApp;
const p = people(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const permissionsOf = async (c: { get(url: string): Promise<{ data: { data: { permissions: string[] } } }> }) => (await c.get('/api/user')).data.data.permissions;
const rolesRow = async (orgId: string) => t.database.query('select id, permissions from roles where organisation_id = $1 order by id', [orgId]);
const membersRow = async (orgId: string) => t.database.query('select user_id, role_id, status from organisation_members where organisation_id = $1 order by user_id', [orgId]);

describe('privilege rules', () => {
  it('an admin cannot make themselves owner, nor add billing to the Admin role (issue 8, finding 1)', async () => {
    const o = await p.owner();
    const admin = await o.join(o.role('admin'));
    const before = [await rolesRow(o.orgId), await membersRow(o.orgId)];

    const own = await admin.request('PATCH', `/api/staff/${admin.userId}`, { role_id: o.role('owner') });
    expect(own.statusCode).toBe(403);
    expect(own.data.error.code).toBe('own_role');
    const adminRole = await admin.request('PATCH', `/api/roles/${o.role('admin')}`, { permissions: ALL_PERMISSIONS });
    expect(adminRole.statusCode).toBe(403);
    expect(adminRole.data.error.code).toBe('owner_only');
    // Nor by a detour: a new role with billing, or an invitation into Owner.
    const made = await admin.post('/api/roles', { name: 'Billing clerk', permissions: ['billing.update', 'billing.view'] });
    expect(made.statusCode).toBe(403);
    expect(made.data.error).toMatchObject({ code: 'permission_escalation', permissions: ['billing.update'] });
    const invite = await admin.post('/api/staff/invitations', { email: 'boss@example.com', role_id: o.role('owner') });
    expect(invite.data.error.code).toBe('owner_only');

    expect(await permissionsOf(admin)).not.toContain('billing.update');
    expect([await rolesRow(o.orgId), await membersRow(o.orgId)]).toEqual(before);
  });

  it('a custom role that manages roles and staff cannot grant itself more', async () => {
    const o = await p.owner();
    const grants = ALL_PERMISSIONS.filter((x) => /^(control_centre|roles|staff)\./.test(x));
    const managerRole = (await o.post('/api/roles', { name: 'People manager', permissions: grants })).data.data.id as string;
    const manager = await o.join(managerRole);
    const viewer = (await o.post('/api/roles', { name: 'Viewer', permissions: ['control_centre.view'] })).data.data.id as string;
    const colleague = await o.join(viewer);
    const salesperson = await o.join(o.role('staff'));

    const widen = await manager.request('PATCH', `/api/roles/${managerRole}`, { permissions: [...grants, 'billing.update'] });
    expect(widen.data.error.code).toBe('permission_escalation');
    expect((await manager.request('PATCH', `/api/staff/${manager.userId}`, { role_id: o.role('admin') })).data.error.code).toBe('own_role');
    // Admin holds billing.view, which the manager lacks: handing it to a colleague is refused too.
    expect((await manager.request('PATCH', `/api/staff/${colleague.userId}`, { role_id: o.role('admin') })).data.error.code).toBe('permission_escalation');
    // Acting on someone who can do what the manager cannot (the Staff role sells; the manager does not).
    expect((await manager.request('PATCH', `/api/staff/${salesperson.userId}`, { status: 'deactivated' })).data.error.code).toBe('permission_escalation');
    // Acting on someone more powerful: the owner's role and status are out of reach.
    expect((await manager.request('PATCH', `/api/staff/${o.userId}`, { status: 'deactivated' })).data.error.code).toBe('owner_only');
    // What the manager holds, it may hand out.
    const clerk = (await manager.post('/api/roles', { name: 'Rates clerk', permissions: ['control_centre.view', 'control_centre.update'] })).data.data.id as string;
    expect((await manager.request('PATCH', `/api/staff/${colleague.userId}`, { role_id: clerk })).statusCode).toBe(200);
    expect(await permissionsOf(colleague)).toEqual(['control_centre.update', 'control_centre.view']);
    expect(await permissionsOf(manager)).toEqual([...grants].sort());
  });

  it('only owners assign or remove the Owner role and edit built-in roles; owners can', async () => {
    const o = await p.owner();
    const admin = await o.join(o.role('admin'));
    const second = await o.join(o.role('owner'));
    expect((await admin.request('PATCH', `/api/staff/${second.userId}`, { role_id: o.role('staff') })).data.error.code).toBe('owner_only');
    expect((await admin.request('PATCH', `/api/roles/${o.role('staff')}`, { description: 'Everyone' })).data.error.code).toBe('owner_only');
    expect((await o.request('PATCH', `/api/roles/${o.role('staff')}`, { description: 'Everyone' })).statusCode).toBe(200);
    expect((await o.request('PATCH', `/api/staff/${second.userId}`, { role_id: o.role('admin') })).statusCode).toBe(200);
    expect((await o.request('PATCH', `/api/staff/${admin.userId}`, { role_id: o.role('owner') })).statusCode).toBe(200);
    expect(await permissionsOf(admin)).toHaveLength(ALL_PERMISSIONS.length);
  });

  it('keeps one active owner when two owners demote each other at once', async () => {
    const o = await p.owner();
    const second = await o.join(o.role('owner'));
    const results = await Promise.all([
      o.request('PATCH', `/api/staff/${second.userId}`, { role_id: o.role('admin') }),
      second.request('PATCH', `/api/staff/${o.userId}`, { role_id: o.role('admin') }),
    ]);
    expect(results.map((r) => r.statusCode).filter((s) => s === 200)).toHaveLength(1);
    expect(['last_owner', 'owner_only']).toContain(results.find((r) => r.statusCode !== 200)!.data.error.code);
    const [{ n }] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from organisation_members m join roles r on r.organisation_id = m.organisation_id and r.id = m.role_id
        where m.organisation_id = $1 and r.builtin = 'owner' and m.status = 'active'`,
      [o.orgId],
    );
    expect(n).toBe(1);
  });

  it('the Staff role reads neither billing, payroll, hr nor bank details', async () => {
    const o = await p.owner();
    const staff = await o.join(o.role('staff'));
    expect(await permissionsOf(staff)).not.toEqual(expect.arrayContaining(['billing.view']));
    for (const url of ['/api/billing/subscription', '/api/billing/invoices', '/api/billing/payment-methods', '/api/billing/upcoming-invoice', '/api/bank-details']) {
      const res = await staff.get(url);
      expect(res.statusCode, url).toBe(403);
    }
    expect((await staff.get('/api/charge-codes')).statusCode).toBe(200);
    expect((await staff.get('/api/staff')).statusCode).toBe(200);
  });
});
