import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { user, owner, invitationToken } = people(() => t);

describe('roles and permission modules', () => {
  it('lists the modules × actions and the built-in roles', async () => {
    const o = await owner();
    const modules = (await o.get('/api/permission-modules')).data.data;
    expect(modules.map((m: { module: string }) => m.module)).toEqual(['network', 'crm', 'quotes', 'rates', 'operations', 'documents', 'hr', 'payroll', 'recruitment', 'billing', 'control_centre', 'bank_details', 'roles', 'staff', 'analytics', 'developers']);
    expect(modules[0].actions).toEqual(['view', 'create', 'update', 'delete', 'export']);
    // Developers (API keys, webhooks) has no records to export.
    expect(modules.at(-1).actions).toEqual(['view', 'create', 'update', 'delete']);
    const roles = (await o.get('/api/roles')).data.data;
    expect(roles.map((r: { name: string }) => r.name).sort()).toEqual(['Admin', 'Owner', 'Staff']);
    expect(roles.find((r: { builtin: string }) => r.builtin === 'owner').permissions).toHaveLength(79);
  });

  it('keeps built-in roles as they are', async () => {
    const o = await owner();
    expect((await o.delete(`/api/roles/${o.role('staff')}`)).data.error.code).toBe('builtin_role');
    expect((await o.request('PATCH', `/api/roles/${o.role('owner')}`, { permissions: [] })).statusCode).toBe(409);
    expect((await o.request('PATCH', `/api/roles/${o.role('admin')}`, { name: 'Boss' })).statusCode).toBe(409);
    expect((await o.request('PATCH', `/api/roles/${o.role('staff')}`, { description: 'Everyone else' })).statusCode).toBe(200);
  });
});

describe('staff', () => {
  it('invites by e-mail; accepting creates the account, logs in and joins in the invited role', async () => {
    const o = await owner();
    const dept = (await o.post('/api/departments', { name: 'Air export' })).data.data.id;
    const email = `new-${Math.random().toString(36).slice(2)}@example.com`;
    const inv = await o.post('/api/staff/invitations', { email, role_id: o.role('staff'), department_id: dept });
    expect(inv.statusCode).toBe(201);
    expect((await o.get('/api/staff/invitations')).data.data.map((i: { email: string }) => i.email)).toContain(email);
    const token = await invitationToken(email);

    const visitor = createClient(t.app);
    const weak = await visitor.post(`/api/staff/invitations/${token}/accept`, { name: 'Nia New', password: 'short' });
    expect(weak.statusCode).toBe(422);
    const ok = await visitor.post(`/api/staff/invitations/${token}/accept`, { name: 'Nia New', password: 'Harbour-2026' });
    expect(ok.statusCode).toBe(200);
    const me = (await visitor.get('/api/user')).data.data;
    expect(me).toMatchObject({ name: 'Nia New', email, organisation: { id: o.orgId } });
    const staff = (await o.get('/api/staff')).data.data;
    expect(staff.find((s: { email: string }) => s.email === email)).toMatchObject({ role_name: 'Staff', department_name: 'Air export', status: 'active' });
    expect((await visitor.post(`/api/staff/invitations/${token}/accept`, {})).statusCode).toBe(404);
  });

  it('links an existing account that accepts while logged in', async () => {
    const o = await owner();
    const existing = await user();
    await o.post('/api/staff/invitations', { email: existing.email, role_id: o.role('admin') });
    const token = await invitationToken(existing.email);
    const stranger = await user();
    expect((await stranger.post(`/api/staff/invitations/${token}/accept`, {})).statusCode).toBe(403);
    expect((await createClient(t.app).post(`/api/staff/invitations/${token}/accept`, { name: 'X', password: 'Harbour-2026' })).statusCode).toBe(401);
    expect((await existing.post(`/api/staff/invitations/${token}/accept`, {})).statusCode).toBe(200);
    expect((await existing.get('/api/user')).data.data.organisation.id).toBe(o.orgId);
  });

  it('declines without a trace: the invitation is gone, no account is made, and the link is dead', async () => {
    const o = await owner();
    const email = `decline-${Math.random().toString(36).slice(2)}@example.com`;
    await o.post('/api/staff/invitations', { email, role_id: o.role('staff') });
    const token = await invitationToken(email);
    const visitor = createClient(t.app);
    expect((await visitor.post(`/api/staff/invitations/${token}/decline`, {})).statusCode).toBe(204);
    expect((await o.get('/api/staff/invitations')).data.data.map((i: { email: string }) => i.email)).not.toContain(email);
    expect(await t.database.query('select id from users where email = $1', [email])).toHaveLength(0);
    expect((await visitor.post(`/api/staff/invitations/${token}/accept`, { name: 'Too Late', password: 'Harbour-2026' })).statusCode).toBe(404);
    expect((await visitor.post('/api/staff/invitations/not-a-real-token-at-all/decline', {})).data.error.code).toBe('invitation_not_found');
  });

  it('takes a deactivated member back only when they accept a new invitation themselves', async () => {
    const o = await owner();
    const member = await o.join(o.role('staff'));
    expect((await o.request('PATCH', `/api/staff/${member.userId}`, { status: 'deactivated' })).statusCode).toBe(200);
    const hr = (await o.post('/api/roles', { name: 'HR desk', permissions: ['hr.view'] })).data.data.id;
    expect((await o.post('/api/staff/invitations', { email: member.email, role_id: hr })).statusCode).toBe(201);
    // Invited is not back: nothing changes until they accept.
    expect((await member.get('/api/charge-codes')).data.error.code).toBe('membership_deactivated');
    expect((await member.post(`/api/staff/invitations/${await invitationToken(member.email)}/accept`, {})).statusCode).toBe(200);
    const back = ((await o.get('/api/staff')).data.data as { user_id: string; status: string; role_id: string }[]).find((x) => x.user_id === member.userId);
    expect(back).toMatchObject({ status: 'active', role_id: hr });
  });

  it('applies a role change on the next request', async () => {
    const o = await owner();
    const member = await user();
    await o.post('/api/staff/invitations', { email: member.email, role_id: o.role('admin') });
    await member.post(`/api/staff/invitations/${await invitationToken(member.email)}/accept`, {});
    const code = { code: 'TRN', name: 'Translation fee', category: 'documentation', basis: 'per_bl', default_currency: 'GBP' };
    expect((await member.post('/api/charge-codes', code)).statusCode).toBe(201);
    const viewer = (await o.post('/api/roles', { name: 'Viewer', permissions: ['control_centre.view'] })).data.data.id;
    expect((await o.request('PATCH', `/api/staff/${(await member.get('/api/user')).data.data.id}`, { role_id: viewer })).statusCode).toBe(200);
    expect((await member.post('/api/charge-codes', { ...code, code: 'TRN2' })).statusCode).toBe(403);
    expect((await member.get('/api/charge-codes')).statusCode).toBe(200);
    expect((await member.get('/api/user')).data.data.permissions).toEqual(['control_centre.view']);
    // The role is in use: it cannot be deleted.
    expect((await o.delete(`/api/roles/${viewer}`)).data.error.code).toBe('in_use');
  });

  it('nobody changes their own role or status; another owner can', async () => {
    const o = await owner();
    const me = (await o.get('/api/user')).data.data.id;
    const res = await o.request('PATCH', `/api/staff/${me}`, { role_id: o.role('admin') });
    expect(res.statusCode).toBe(403);
    expect(res.data.error.code).toBe('own_role');
    expect((await o.request('PATCH', `/api/staff/${me}`, { status: 'deactivated' })).data.error.code).toBe('own_role');
    const second = await user();
    await o.post('/api/staff/invitations', { email: second.email, role_id: o.role('owner') });
    await second.post(`/api/staff/invitations/${await invitationToken(second.email)}/accept`, {});
    expect((await second.request('PATCH', `/api/staff/${me}`, { role_id: o.role('admin') })).statusCode).toBe(200);
    expect((await o.get('/api/billing/subscription')).data.data.can_manage).toBe(false);
  });

  it('deactivated members lose access; other organisations cannot touch the staff', async () => {
    const o = await owner();
    const member = await user();
    await o.post('/api/staff/invitations', { email: member.email, role_id: o.role('staff') });
    await member.post(`/api/staff/invitations/${await invitationToken(member.email)}/accept`, {});
    const id = (await member.get('/api/user')).data.data.id;
    const other = await owner();
    expect((await other.request('PATCH', `/api/staff/${id}`, { status: 'deactivated' })).statusCode).toBe(404);
    expect((await other.request('PATCH', `/api/staff/${id}`, { role_id: other.role('staff') })).statusCode).toBe(404);
    expect((await o.request('PATCH', `/api/staff/${id}`, { role_id: other.role('admin') })).statusCode).toBe(422);
    expect((await o.request('PATCH', `/api/staff/${id}`, { status: 'deactivated' })).statusCode).toBe(200);
    expect((await member.get('/api/charge-codes')).data.error.code).toBe('membership_deactivated');
    expect((await member.post('/api/staff/invitations', { email: 'x@example.com', role_id: o.role('staff') })).statusCode).toBe(403);
  });
});

describe('invitation defaults (control-centre configurations)', () => {
  it('are kept per organisation: every admin reads what one set; another organisation sees its own', async () => {
    const o = await owner();
    const admin = await user();
    await o.post('/api/staff/invitations', { email: admin.email, role_id: o.role('admin') });
    await admin.post(`/api/staff/invitations/${await invitationToken(admin.email)}/accept`, {});
    expect((await o.get('/api/control-centre/configurations')).data.data).toEqual({ default_role_id: null, default_role_name: null, default_department_id: null, updated_at: null });

    const department = (await o.post('/api/departments', { name: 'Ocean Export' })).data.data.id;
    const set = await o.request('PUT', '/api/control-centre/configurations', { default_role_id: o.role('staff'), default_department_id: department });
    expect(set.statusCode, set.body).toBe(200);
    // The other admin, in their own session, reads the same.
    const seen = (await admin.get('/api/control-centre/configurations')).data.data;
    expect(seen).toMatchObject({ default_role_id: o.role('staff'), default_role_name: 'Staff', default_department_id: department });
    expect(Date.parse(seen.updated_at)).not.toBeNaN();
    const other = await owner();
    expect((await other.get('/api/control-centre/configurations')).data.data.default_role_id).toBeNull();

    // A department of another organisation, or none at all, is refused and changes nothing.
    const foreign = (await other.post('/api/departments', { name: 'Elsewhere' })).data.data.id;
    const refused = await o.request('PUT', '/api/control-centre/configurations', { default_role_id: null, default_department_id: foreign });
    expect(refused.statusCode).toBe(422);
    expect(refused.data.error.fields).toHaveProperty('default_department_id');
    expect((await o.request('PUT', '/api/control-centre/configurations', { default_role_id: 'not-a-uuid', default_department_id: null })).statusCode).toBe(422);
    expect((await o.get('/api/control-centre/configurations')).data.data.default_department_id).toBe(department);

    // A department deleted since reads as none.
    expect((await o.delete(`/api/departments/${department}`)).statusCode).toBe(204);
    expect((await admin.get('/api/control-centre/configurations')).data.data).toMatchObject({ default_role_id: o.role('staff'), default_department_id: null });
  });
});
