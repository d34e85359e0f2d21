import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

let t: TestApp;
const who = people(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A request with an API key only (no cookies, no CSRF token), as a script sends it. */
const withKey = (key: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${key}`, ...headers }, ...(body ? { payload: body } : {}) }).then((r) => Object.assign(r, { data: r.json() }));

describe('API keys', () => {
  it('makes a key shown once, stored as a hash, that acts for the organisation within its scopes; lists never show it', async () => {
    const o = await who.owner();
    const made = await o.post('/api/api-keys', { name: 'ERP sync', scopes: ['control_centre.view', 'control_centre.create', 'quotes.view'] });
    expect(made.statusCode).toBe(201);
    const key = made.data.data.key as string;
    // Developer mode (the tests): a test key.
    expect(key).toMatch(/^fyn_test_[0-9A-Za-z]{40}$/);
    expect(made.data.data).toMatchObject({ name: 'ERP sync', prefix: key.slice(0, 13), scopes: ['control_centre.create', 'control_centre.view', 'quotes.view'], expires_at: null, last_used_at: null });
    const stored = await t.database.query<{ key_hash: string }>('select key_hash from api_keys where id = $1', [made.data.data.id]);
    expect(stored[0].key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(key.slice(9));
    const list = await o.get('/api/api-keys');
    expect(list.data.data).toHaveLength(1);
    expect(list.body).not.toContain(key.slice(13));
    expect(list.data.data[0]).not.toHaveProperty('key');

    // A read and a write within its scopes, without CSRF token; the audit row names the key.
    expect((await withKey(key, 'GET', '/api/departments')).statusCode).toBe(200);
    const dept = await withKey(key, 'POST', '/api/departments', { name: 'Integrations' });
    expect(dept.statusCode).toBe(201);
    const [row] = await t.database.query<{ actor_user_id: string; actor_api_key_id: string }>(`select actor_user_id, actor_api_key_id from audit_events where entity = 'departments' and entity_id = $1`, [dept.data.data.id]);
    expect(row).toEqual({ actor_user_id: o.userId, actor_api_key_id: made.data.data.id });
    // A person's session writes name no key.
    const byPerson = await o.post('/api/departments', { name: 'Ops' });
    const [personRow] = await t.database.query<{ actor_api_key_id: string | null }>(`select actor_api_key_id from audit_events where entity_id = $1`, [byPerson.data.data.id]);
    expect(personRow.actor_api_key_id).toBeNull();

    // Outside its scopes: 403; a person's own calls: 403 api_key_not_allowed.
    expect((await withKey(key, 'GET', '/api/roles')).data.error.code).toBe('forbidden');
    expect((await withKey(key, 'DELETE', `/api/departments/${dept.data.data.id}`)).statusCode).toBe(403);
    for (const [method, url] of [['GET', '/api/user'], ['GET', '/api/api-keys'], ['GET', '/api/billing/payment-methods'], ['POST', '/api/auth/login']] as const) {
      const r = await withKey(key, method, url, method === 'POST' ? { email: o.email, password: 'Harbour-2026' } : undefined);
      expect([r.statusCode, r.data.error.code], url).toEqual([403, 'api_key_not_allowed']);
    }
    // last used: written once (at most once a minute).
    const [used] = await t.database.query<{ last_used_at: Date | null; last_used_ip: string | null }>('select last_used_at, last_used_ip from api_keys where id = $1', [made.data.data.id]);
    expect(used.last_used_at).not.toBeNull();
    expect(used.last_used_ip).toBe('127.0.0.1');
  });

  it('ignores cookies beside a key: the session’s wider rights do not apply, and no CSRF token is asked', async () => {
    const o = await who.owner();
    const key = (await o.post('/api/api-keys', { name: 'narrow', scopes: ['quotes.view'] })).data.data.key;
    const cookie = [...o.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const r = await t.app.inject({ method: 'GET', url: '/api/roles', headers: { cookie, authorization: `Bearer ${key}` } });
    expect(r.statusCode).toBe(403);
    const w = await t.app.inject({ method: 'POST', url: '/api/departments', headers: { cookie, authorization: `Bearer ${key}` }, payload: { name: 'X' } });
    expect(w.statusCode).toBe(403);
    expect(w.json().error.code).toBe('forbidden');
  });

  it('refuses scopes the creator does not hold (409 permission_escalation) and unknown ones (422)', async () => {
    const o = await who.owner();
    const admin = await o.join(o.role('admin'));
    const r = await admin.post('/api/api-keys', { name: 'too much', scopes: ['billing.update', 'quotes.view'] });
    expect([r.statusCode, r.data.error.code, r.data.error.permissions]).toEqual([409, 'permission_escalation', ['billing.update']]);
    expect((await admin.post('/api/api-keys', { name: 'x', scopes: ['nothing.view'] })).statusCode).toBe(422);
    expect((await admin.post('/api/api-keys', { name: '', scopes: ['quotes.view'] })).statusCode).toBe(422);
    expect((await admin.post('/api/api-keys', { name: 'x', scopes: ['quotes.view'], expires_at: '2000-01-01T00:00:00Z' })).statusCode).toBe(422);
    expect((await t.database.query('select 1 from api_keys where organisation_id = $1', [o.orgId])).length).toBe(0);
    // Staff hold no developers permission.
    const staff = await o.join(o.role('staff'));
    expect((await staff.get('/api/api-keys')).statusCode).toBe(403);
  });

  it('acts with no more than its creator holds today, and stops when the creator leaves', async () => {
    const o = await who.owner();
    const admin = await o.join(o.role('admin'));
    const key = (await admin.post('/api/api-keys', { name: 'admin key', scopes: ['roles.view', 'quotes.view'] })).data.data.key;
    expect((await withKey(key, 'GET', '/api/roles')).statusCode).toBe(200);
    const adminMember = await t.database.query<{ user_id: string }>(`select user_id from organisation_members where organisation_id = $1 and role_id = $2`, [o.orgId, o.role('admin')]);
    await t.database.query(`update organisation_members set role_id = $3 where organisation_id = $1 and user_id = $2`, [o.orgId, adminMember[0].user_id, o.role('staff')]);
    // Staff read roles too, but not quotes? Staff read quotes; take roles.view from Staff to see it bite.
    await t.database.query(`update roles set permissions = array_remove(permissions, 'roles.view') where organisation_id = $1 and builtin = 'staff'`, [o.orgId]);
    expect((await withKey(key, 'GET', '/api/roles')).statusCode).toBe(403);
    expect((await withKey(key, 'GET', '/api/quotes')).statusCode).toBe(200);
    await t.database.query(`update organisation_members set status = 'deactivated' where organisation_id = $1 and user_id = $2`, [o.orgId, adminMember[0].user_id]);
    expect((await withKey(key, 'GET', '/api/quotes')).statusCode).toBe(401);
  });

  it('rolls with a grace period, and revokes or expires at once (401)', async () => {
    const o = await who.owner();
    const made = (await o.post('/api/api-keys', { name: 'rolling', scopes: ['quotes.view'] })).data.data;
    const rolled = await o.post(`/api/api-keys/${made.id}/roll`, { grace_hours: 2 });
    expect(rolled.statusCode).toBe(200);
    expect(rolled.data.data.key).not.toBe(made.key);
    expect(rolled.data.data.previous_valid_until).not.toBeNull();
    expect((await withKey(made.key, 'GET', '/api/quotes')).statusCode).toBe(200);
    expect((await withKey(rolled.data.data.key, 'GET', '/api/quotes')).statusCode).toBe(200);
    // The grace ends: the old key stops, the new one goes on.
    await t.database.query(`update api_keys set previous_valid_until = now() - interval '1 second' where id = $1`, [made.id]);
    const old = await withKey(made.key, 'GET', '/api/quotes');
    expect([old.statusCode, old.data.error.code]).toEqual([401, 'invalid_api_key']);
    const again = await o.post(`/api/api-keys/${made.id}/roll`, { grace_hours: 0 });
    expect((await withKey(rolled.data.data.key, 'GET', '/api/quotes')).statusCode).toBe(401);
    const current = again.data.data.key as string;
    expect((await withKey(current, 'GET', '/api/quotes')).statusCode).toBe(200);
    // Expired.
    await t.database.query(`update api_keys set expires_at = now() - interval '1 second' where id = $1`, [made.id]);
    expect((await withKey(current, 'GET', '/api/quotes')).statusCode).toBe(401);
    await t.database.query(`update api_keys set expires_at = null where id = $1`, [made.id]);
    // Revoked: at once, and gone from the list; another organisation's key id is 404.
    const other = await who.owner();
    expect((await other.delete(`/api/api-keys/${made.id}`)).statusCode).toBe(404);
    expect((await o.delete(`/api/api-keys/${made.id}`)).statusCode).toBe(204);
    expect((await withKey(current, 'GET', '/api/quotes')).statusCode).toBe(401);
    expect((await o.get('/api/api-keys')).data.data).toEqual([]);
    expect((await o.delete(`/api/api-keys/${made.id}`)).statusCode).toBe(404);
    // Malformed and unknown keys.
    expect((await withKey('nonsense', 'GET', '/api/quotes')).statusCode).toBe(401);
    expect((await withKey(`fyn_live_${'a'.repeat(40)}`, 'GET', '/api/quotes')).statusCode).toBe(401);
  });
});
