import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, latestCode, type TestApp } from '../../test/harness.ts';

let t: TestApp;
type Client = ReturnType<typeof createClient> & { id: string; email: string; orgId?: string };

async function person(name: string): Promise<Client> {
  const c = createClient(t.app);
  const email = `net-${Math.random().toString(36).slice(2)}@example.com`;
  await c.post('/api/auth/register', { name, email, password: 'Harbour-2026' });
  await c.post('/api/auth/verify-otp', { email, otp: await latestCode(t.database, email) });
  const id = (await c.get('/api/user')).data.data.id as string;
  return Object.assign(c, { id, email });
}
async function owner(name: string, orgName: string): Promise<Client> {
  const c = await person(name);
  const res = await c.post('/api/organisations', { name: orgName, types: ['forwarder'], country: 'NL', address_line1: '1 Quay', city: 'Rotterdam' });
  return Object.assign(c, { orgId: res.data.data.id as string });
}
/** A member of `org` with its built-in role `builtin` (owner, admin, staff). */
async function memberOf(org: Client, name: string, builtin: string): Promise<Client> {
  const c = await person(name);
  await t.database.query('update users set organisation_id = $1 where id = $2', [org.orgId, c.id]);
  await t.database.query(
    `insert into organisation_members (organisation_id, user_id, role_id) select $1, $2, r.id from roles r where r.organisation_id = $1 and r.builtin = $3`,
    [org.orgId, c.id, builtin],
  );
  return Object.assign(c, { orgId: org.orgId });
}
const ask = (from: Client, to: Client | { type: 'organisation'; id: string }, extra: Record<string, unknown> = {}) =>
  from.post('/api/connections', { target: 'type' in to && to.type === 'organisation' ? to : { type: 'user', id: (to as Client).id }, ...extra });
const counts = async (c: Client, as = 'user') => (await c.get(`/api/connections/counts?as=${as}`)).data.data;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('connections', () => {
  it('goes from a request to a connection: the sender sees it sent, the receiver invited, then both connected', async () => {
    const ana = await person('Ana Costa');
    const ben = await owner('Ben Okafor', 'Okafor Shipping');
    const sent = await ask(ana, ben, { message: 'We met at the Rotterdam port days.', source: 'trade_show' });
    expect(sent.statusCode).toBe(201);
    expect(sent.data.data).toMatchObject({ status: 'pending', direction: 'sent', message: 'We met at the Rotterdam port days.', source: 'trade_show' });
    expect(sent.data.data.other).toMatchObject({ type: 'user', id: ben.id, name: 'Ben Okafor', subtitle: 'Okafor Shipping' });
    expect(await counts(ana)).toEqual({ connected: 0, invitations: 0, requested: 1 });
    expect(await counts(ben)).toEqual({ connected: 0, invitations: 1, requested: 0 });
    const invitations = (await ben.get('/api/connections/invitations')).data.data;
    expect(invitations).toHaveLength(1);
    expect(invitations[0]).toMatchObject({ id: sent.data.data.id, direction: 'received', other: { id: ana.id, name: 'Ana Costa' } });
    expect((await ana.get('/api/connections/requested')).data.data.map((c: { id: string }) => c.id)).toEqual([sent.data.data.id]);
    // Only the receiver accepts.
    const bySender = await ana.request('PATCH', `/api/connections/${sent.data.data.id}`, { status: 'connected' });
    expect(bySender.statusCode).toBe(409);
    expect(bySender.data.error.code).toBe('invalid_transition');
    const accepted = await ben.request('PATCH', `/api/connections/${sent.data.data.id}`, { status: 'connected' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.data.data).toMatchObject({ status: 'connected', direction: 'received' });
    expect(accepted.data.data.connected_at).toEqual(expect.any(String));
    expect(await counts(ana)).toEqual({ connected: 1, invitations: 0, requested: 0 });
    expect((await ana.get('/api/connections?status=connected')).data.data[0]).toMatchObject({ status: 'connected', other: { id: ben.id } });
    // Asking again while connected changes nothing.
    const again = await ask(ben, ana);
    expect(again.statusCode).toBe(409);
    expect(again.data.error.code).toBe('already_connected');
  });

  it('refuses every move that is not the side’s to make, and lets a new request follow an ended one', async () => {
    const a = await person('Carla Dias');
    const b = await person('Dmitri Volkov');
    const id = (await ask(a, b)).data.data.id;
    expect((await ask(a, b)).data.error.code).toBe('already_requested');
    expect((await a.request('PATCH', `/api/connections/${id}`, { status: 'declined' })).data.error.code).toBe('invalid_transition');
    expect((await b.request('PATCH', `/api/connections/${id}`, { status: 'withdrawn' })).data.error.code).toBe('invalid_transition');
    expect((await b.request('PATCH', `/api/connections/${id}`, { status: 'disconnected' })).data.error.code).toBe('invalid_transition');
    expect((await b.request('PATCH', `/api/connections/${id}`, { status: 'declined' })).data.data.status).toBe('declined');
    expect((await b.request('PATCH', `/api/connections/${id}`, { status: 'connected' })).data.error.code).toBe('invalid_transition');
    // The declined side may ask in turn: the same row, now the other way round.
    const reopened = await ask(b, a);
    expect(reopened.statusCode).toBe(201);
    expect(reopened.data.data).toMatchObject({ id, status: 'pending', direction: 'sent' });
    expect((await b.request('PATCH', `/api/connections/${id}`, { status: 'withdrawn' })).data.data.status).toBe('withdrawn');
    expect((await ask(a, b)).statusCode).toBe(201);
    expect((await b.request('PATCH', `/api/connections/${id}`, { status: 'connected' })).data.data.status).toBe('connected');
    expect((await a.request('PATCH', `/api/connections/${id}`, { status: 'disconnected' })).data.data.status).toBe('disconnected');
    expect(await counts(a)).toEqual({ connected: 0, invitations: 0, requested: 0 });
    // Someone else's connection does not exist for a stranger.
    const stranger = await person('Eve Stranger');
    expect((await stranger.get(`/api/connections/${id}`)).statusCode).toBe(404);
    expect((await stranger.request('PATCH', `/api/connections/${id}`, { status: 'disconnected' })).statusCode).toBe(404);
  });

  it('connects two people who ask each other, whether one after the other or at the same moment', async () => {
    const a = await person('Farah Haddad');
    const b = await person('Gus Lindqvist');
    expect((await ask(a, b)).statusCode).toBe(201);
    const crossing = await ask(b, a);
    expect(crossing.statusCode).toBe(200);
    expect(crossing.data.data).toMatchObject({ status: 'connected', direction: 'received' });
    const c = await person('Hana Sato');
    const d = await person('Ivan Petrov');
    const both = await Promise.all([ask(c, d), ask(d, c)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    const rows = await t.database.query<{ status: string }>(`select status from connections where pair_low = least($1, $2) and pair_high = greatest($1, $2)`, [`user:${c.id}`, `user:${d.id}`]);
    expect(rows).toEqual([{ status: 'connected' }]);
  });

  it('keeps blocked people apart: a connection ends, no request either way, until unblocked', async () => {
    const a = await person('Jon Blocker');
    const b = await person('Kim Blocked');
    const id = (await ask(a, b)).data.data.id;
    await b.request('PATCH', `/api/connections/${id}`, { status: 'connected' });
    expect((await a.post(`/api/users/${b.id}/block`)).data.data).toEqual({ blocked: true });
    expect((await a.get(`/api/connections/${id}`)).data.data.status).toBe('disconnected');
    // The blocked person learns nothing: the blocker looks like nobody there.
    const refused = await ask(b, a);
    expect(refused.statusCode).toBe(404);
    expect(refused.data.error.code).toBe('not_found');
    expect((await ask(a, b)).statusCode).toBe(404);
    expect((await a.get('/api/blocks')).data.data.map((x: { user_id: string }) => x.user_id)).toEqual([b.id]);
    expect((await a.post(`/api/users/${a.id}/block`)).statusCode).toBe(422);
    expect((await a.delete(`/api/users/${b.id}/block`)).data.data).toEqual({ blocked: false });
    expect((await ask(b, a)).statusCode).toBe(201);
  });

  it('lets an organisation connect through staff with the network permission, with a key point of contact', async () => {
    const boss = await owner('Lena Brandt', 'Brandt Logistik');
    const clerk = await memberOf(boss, 'Milo Clerk', 'staff');
    const partner = await person('Nadia Rahman');
    // The request goes out for the organisation; the receiver sees the organisation.
    const sent = await ask(boss, partner, { as_organisation: true });
    expect(sent.statusCode).toBe(201);
    const invitation = (await partner.get('/api/connections/invitations')).data.data[0];
    expect(invitation.other).toMatchObject({ type: 'organisation', id: boss.orgId, name: 'Brandt Logistik', subtitle: 'NL' });
    expect(await counts(boss, 'organisation')).toEqual({ connected: 0, invitations: 0, requested: 1 });
    expect(await counts(boss)).toEqual({ connected: 0, invitations: 0, requested: 0 });
    // Staff whose role holds no network permission cannot act for the organisation, nor see its connections.
    const bookkeeper = await memberOf(boss, 'Rui Bookkeeper', 'staff');
    const role = await boss.post('/api/roles', { name: 'Bookkeeping', permissions: ['control_centre.view'] });
    await t.database.query('update organisation_members set role_id = $1 where organisation_id = $2 and user_id = $3', [role.data.data.id, boss.orgId, bookkeeper.id]);
    expect((await bookkeeper.get('/api/connections/counts?as=organisation')).statusCode).toBe(403);
    expect((await bookkeeper.request('PATCH', `/api/connections/${sent.data.data.id}`, { status: 'withdrawn' })).statusCode).toBe(403);
    expect((await bookkeeper.post('/api/connections', { target: { type: 'user', id: partner.id }, as_organisation: true })).statusCode).toBe(403);
    // Staff with it (the built-in staff role) may.
    expect(await counts(clerk, 'organisation')).toEqual({ connected: 0, invitations: 0, requested: 1 });
    await partner.request('PATCH', `/api/connections/${sent.data.data.id}`, { status: 'connected' });
    const keyed = await boss.request('PUT', `/api/connections/${sent.data.data.id}/key-contact`, { user_id: clerk.id });
    expect(keyed.statusCode).toBe(200);
    expect(keyed.data.data).toMatchObject({ key_contact_user_id: clerk.id, key_contact_name: 'Milo Clerk' });
    // Read back with its name, which a member who may not list the staff could not look up.
    const listed = (await boss.get('/api/connections?as=organisation&status=connected')).data.data[0];
    expect(listed).toMatchObject({ key_contact_user_id: clerk.id, key_contact_name: 'Milo Clerk' });
    // The other side (a person) has no key contact of its own.
    expect((await partner.get('/api/connections?status=connected')).data.data[0]).toMatchObject({ key_contact_user_id: null, key_contact_name: null });
    expect((await boss.request('PUT', `/api/connections/${sent.data.data.id}/key-contact`, { user_id: partner.id })).statusCode).toBe(422);
    // A person's side has no key contact; nor can anyone connect to their own organisation.
    expect((await partner.request('PUT', `/api/connections/${sent.data.data.id}/key-contact`, { user_id: partner.id })).statusCode).toBe(422);
    expect((await ask(clerk, { type: 'organisation', id: boss.orgId! })).statusCode).toBe(422);
    expect((await ask(boss, clerk, { as_organisation: true })).statusCode).toBe(422);
    expect((await ask(partner, partner)).statusCode).toBe(422);
  });

  it('shares a person’s connection with their organisation, and only a live one', async () => {
    const boss = await owner('Omar Farouk', 'Farouk Freight');
    const friend = await person('Pia Nilsson');
    const id = (await ask(boss, friend)).data.data.id;
    expect((await boss.post(`/api/connections/${id}/share`)).statusCode).toBe(409);
    await friend.request('PATCH', `/api/connections/${id}`, { status: 'connected' });
    const shared = await boss.post(`/api/connections/${id}/share`);
    expect(shared.data.data.shared_with_organisation).toBe(true);
    expect((await t.database.query(`select organisation_id from connection_shares where connection_id = $1`, [id]))).toEqual([{ organisation_id: boss.orgId }]);
    // Without an organisation there is nothing to share with.
    expect((await friend.post(`/api/connections/${id}/share`)).statusCode).toBe(403);
    // Ending the connection ends the sharing.
    await friend.request('PATCH', `/api/connections/${id}`, { status: 'disconnected' });
    expect((await boss.get(`/api/connections/${id}`)).data.data.shared_with_organisation).toBe(false);
  });

  it('pages a long list by cursor, newest change first, and refuses a forged cursor', async () => {
    const hub = await person('Quinn Hub');
    const spokes = await Promise.all(Array.from({ length: 5 }, (_, i) => person(`Spoke ${i}`)));
    for (const s of spokes) await ask(s, hub);
    const first = (await hub.get('/api/connections/invitations?per_page=2')).data;
    expect(first.data.map((c: { other: { name: string } }) => c.other.name)).toEqual(['Spoke 4', 'Spoke 3']);
    const second = (await hub.get(`/api/connections/invitations?per_page=2&cursor=${first.meta.next_cursor}`)).data;
    expect(second.data.map((c: { other: { name: string } }) => c.other.name)).toEqual(['Spoke 2', 'Spoke 1']);
    const third = (await hub.get(`/api/connections/invitations?per_page=2&cursor=${second.meta.next_cursor}`)).data;
    expect(third.data.map((c: { other: { name: string } }) => c.other.name)).toEqual(['Spoke 0']);
    expect(third.meta.next_cursor).toBeNull();
    expect((await hub.get('/api/connections?cursor=bm9wZQ')).statusCode).toBe(422);
    expect((await hub.get('/api/connection-sources')).data.data.map((s: { code: string }) => s.code)).toContain('trade_show');
  });

  it('suggests people met through connections, the same forwarder network or the same port, best first', async () => {
    const at = async (name: string, orgName: string, port: string | null) => {
      const c = await owner(name, orgName);
      if (port) await t.database.query('update organisations set location_code = $1 where id = $2', [port, c.orgId]);
      return c;
    };
    const me = await at('Sam Suggest', 'Suggest Forwarding', 'NLRTM');
    const friend = await person('Tara Friend');
    const friendOfFriend = await person('Uma Twostep');
    const portNeighbour = await at('Vic Porter', 'Porter Agencies', 'NLRTM');
    const networkPeer = await at('Wim Network', 'Network Lines', 'DEHAM');
    await at('Xia Stranger', 'Far Away Co', 'CNSHA');
    const blocked = await person('Yan Blocked');
    const connect = async (a: Client, b: Client) => {
      const id = (await ask(a, b)).data.data.id;
      await b.request('PATCH', `/api/connections/${id}`, { status: 'connected' });
    };
    await connect(me, friend);
    await connect(friend, friendOfFriend);
    await connect(friend, blocked);
    await blocked.post(`/api/users/${me.id}/block`);
    for (const org of [me.orgId, networkPeer.orgId]) {
      await t.database.query(`insert into supply_chain_networks (organisation_id, id, name, kind) values ($1, gen_random_uuid(), 'WCA Inter Global', 'forwarder_network')`, [org]);
    }
    const names = async () => ((await me.get('/api/connections/suggestions')).data.data as { name: string }[]).map((s) => s.name);
    const suggestions = (await me.get('/api/connections/suggestions')).data.data as { name: string; mutual: number; same_network: boolean; same_port: boolean }[];
    expect(suggestions.map((x) => x.name)).toEqual(['Uma Twostep', 'Wim Network', 'Vic Porter']);
    expect(suggestions[0]).toMatchObject({ mutual: 1, same_network: false, same_port: false });
    expect(suggestions[1]).toMatchObject({ mutual: 0, same_network: true });
    expect(suggestions[2]).toMatchObject({ mutual: 0, same_port: true });
    expect(await names()).not.toContain('Xia Stranger');
    expect(await names()).not.toContain('Yan Blocked');
    // Asking someone takes them off the list.
    await ask(me, portNeighbour);
    expect(await names()).toEqual(['Uma Twostep', 'Wim Network']);
  });
});
