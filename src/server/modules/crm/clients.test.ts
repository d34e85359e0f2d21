import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

let t: TestApp;
const who = people(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the client list', () => {
  it('shows connected organisations, shared connections and native organisations in one list, by name, filtered, and only its own', async () => {
    const northwind = await who.owner();
    const me = (await northwind.get('/api/user')).data.data as { id: string; name: string };
    // A connected organisation, with Northwind's side asking and the other side naming its key contact.
    const agent = await who.owner();
    const agentOrg = (await agent.get('/api/user')).data.data;
    const req = await northwind.post('/api/connections', { target: { type: 'organisation', id: agent.orgId }, as_organisation: true });
    expect(req.statusCode, req.body).toBe(201);
    expect((await agent.request('PATCH', `/api/connections/${req.data.data.id}`, { status: 'connected' })).statusCode).toBe(200);
    await agent.request('PUT', `/api/connections/${req.data.data.id}/key-contact`, { user_id: agentOrg.id });
    // Northwind's own key point of contact for the agent, as the connections screen sets it: who looks after it.
    expect((await northwind.request('PUT', `/api/connections/${req.data.data.id}/key-contact`, { user_id: me.id })).statusCode).toBe(200);
    // A person Northwind's owner knows, shared with the organisation.
    const friend = await who.user();
    const friendId = (await friend.get('/api/user')).data.data.id;
    const personal = (await northwind.post('/api/connections', { target: { type: 'user', id: friendId } })).data.data.id;
    await friend.request('PATCH', `/api/connections/${personal}`, { status: 'connected' });
    expect((await northwind.post(`/api/connections/${personal}/share`)).statusCode).toBe(200);
    // Native organisations: one on stop, with a primary contact and a tier.
    const tier = (await northwind.post('/api/client-tiers', { name: 'Gold', rank: 1 })).data.data.id;
    const stop = (await northwind.post('/api/native-organisations', { name: 'Clyde Whisky Exports Ltd', type: 'shipper', country: 'GB', credit_status: 'stop', client_tier_id: tier, assigned_user_id: me.id, force: true })).data.data.id;
    await northwind.post('/api/native-contacts', { native_organisation_id: stop, name: 'Fiona MacLeod', email: 'fiona@clyde.example', is_primary: true });
    await northwind.post('/api/native-organisations', { name: 'Aberdeen Oil Tools Ltd', type: 'consignee', country: 'GB', force: true });
    // Another organisation's native client never shows.
    await agent.post('/api/native-organisations', { name: 'Agent’s own client', type: 'shipper', country: 'NL', force: true });

    const all = (await northwind.get('/api/clients')).data;
    expect(all.meta).toEqual({ total: 4, page: 1, per_page: 25 });
    const byKind = Object.fromEntries(all.data.map((c: { kind: string; name: string }) => [c.name, c.kind]));
    expect(Object.values(byKind).sort()).toEqual(['native_organisation', 'native_organisation', 'organisation', 'shared_connection']);
    const clyde = all.data.find((c: { id: string }) => c.id === stop);
    expect(clyde).toEqual({
      kind: 'native_organisation', id: stop, name: 'Clyde Whisky Exports Ltd', country: 'GB', tier: 'Gold', credit_status: 'stop',
      assigned_staff: [{ id: me.id, name: me.name }], key_contact: { name: 'Fiona MacLeod', email: 'fiona@clyde.example' }, quotable: false,
    });
    const connected = all.data.find((c: { kind: string }) => c.kind === 'organisation');
    expect(connected).toMatchObject({ id: agent.orgId, quotable: true, assigned_staff: [{ id: me.id, name: me.name }], key_contact: { name: agentOrg.name, email: agentOrg.email } });
    const shared = all.data.find((c: { kind: string }) => c.kind === 'shared_connection');
    expect(shared).toMatchObject({ id: friendId, assigned_staff: [{ id: me.id, name: me.name }], quotable: false });
    const names = all.data.map((c: { name: string }) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort());

    expect((await northwind.get('/api/clients?kind=native_organisation')).data.meta.total).toBe(2);
    expect((await northwind.get('/api/clients?kind=organisation,shared_connection')).data.data.map((c: { kind: string }) => c.kind).sort()).toEqual(['organisation', 'shared_connection']);
    expect((await northwind.get('/api/clients?credit_status=stop')).data.data.map((c: { id: string }) => c.id)).toEqual([stop]);
    expect((await northwind.get('/api/clients?q=whisky')).data.data.map((c: { id: string }) => c.id)).toEqual([stop]);
    const second = (await northwind.get('/api/clients?per_page=3&page=2')).data;
    expect(second.data.map((c: { id: string }) => c.id)).toEqual([all.data[3].id]);
    expect((await northwind.get('/api/clients?kind=friend')).statusCode).toBe(422);
  });

  it('shows a connected organisation’s key points of contact on both sides once set, and none before', async () => {
    const northwind = await who.owner();
    const agent = await who.owner();
    const id = (await northwind.post('/api/connections', { target: { type: 'organisation', id: agent.orgId }, as_organisation: true })).data.data.id;
    await agent.request('PATCH', `/api/connections/${id}`, { status: 'connected' });
    const row = async (client: typeof northwind) => (await client.get('/api/clients?kind=organisation')).data.data[0];
    expect(await row(northwind)).toMatchObject({ assigned_staff: [], key_contact: null });
    // The agent (the target) names its own key contact: it looks after Northwind there, and is Northwind's key contact here.
    const agentOwner = (await agent.get('/api/user')).data.data as { id: string; name: string; email: string };
    await agent.request('PUT', `/api/connections/${id}/key-contact`, { user_id: agentOwner.id });
    expect(await row(northwind)).toMatchObject({ assigned_staff: [], key_contact: { name: agentOwner.name, email: agentOwner.email } });
    expect(await row(agent)).toMatchObject({ id: northwind.orgId, assigned_staff: [{ id: agentOwner.id, name: agentOwner.name }], key_contact: null });
  });

  it('needs crm.view', async () => {
    const o = await who.owner();
    const role = (await o.post('/api/roles', { name: 'No CRM', permissions: ['control_centre.view'] })).data.data.id;
    const res = await (await o.join(role)).get('/api/clients');
    expect([res.statusCode, res.data.error.code]).toEqual([403, 'forbidden']);
  });
});
