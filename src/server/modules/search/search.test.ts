import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, latestCode, type TestApp } from '../../test/harness.ts';

let t: TestApp;
type Client = ReturnType<typeof createClient> & { id: string };

async function person(name: string, org?: { name: string; city: string }): Promise<Client> {
  const c = createClient(t.app);
  const email = `search-${Math.random().toString(36).slice(2)}@example.com`;
  await c.post('/api/auth/register', { name, email, password: 'Harbour-2026' });
  await c.post('/api/auth/verify-otp', { email, otp: await latestCode(t.database, email) });
  if (org) await c.post('/api/organisations', { name: org.name, types: ['forwarder'], country: 'ES', address_line1: '1 Muelle', city: org.city });
  return Object.assign(c, { id: (await c.get('/api/user')).data.data.id as string });
}
const search = async (c: Client, q: string) => (await c.get(`/api/search?q=${encodeURIComponent(q)}`)).data.data;

let me: Client;
let lucia: Client;
let jose: Client;
beforeAll(async () => {
  t = await createTestApp();
  me = await person('Olga Searcher');
  lucia = await person('Lucía Martínez', { name: 'Valencia Freight Services S.L.', city: 'Valencia' });
  jose = await person('José Ñúñez');
});
afterAll(() => t.close());

describe('global search', () => {
  it('finds people and organisations whatever the accents, case or a typo', async () => {
    expect((await search(me, 'lucia')).users.map((u: { name: string }) => u.name)).toEqual(['Lucía Martínez']);
    expect((await search(me, 'MARTINEZ')).users[0]).toMatchObject({ id: lucia.id, organisation: 'Valencia Freight Services S.L.', connection: null });
    expect((await search(me, 'nunez')).users.map((u: { id: string }) => u.id)).toEqual([jose.id]);
    // A typo still finds the word.
    expect((await search(me, 'Martinex')).users.map((u: { id: string }) => u.id)).toContain(lucia.id);
    expect((await search(me, 'valencia freigt')).organisations[0]).toMatchObject({ name: 'Valencia Freight Services S.L.', city: 'Valencia', country: 'ES' });
    // Wildcards are plain characters.
    expect((await search(me, '%%')).users).toEqual([]);
    expect((await me.get('/api/search?q=a')).statusCode).toBe(422);
    expect((await createClient(t.app).get('/api/search?q=lucia')).statusCode).toBe(401);
  });

  it('says how the caller stands with each result, and lists matching connections apart', async () => {
    const sent = await me.post('/api/connections', { target: { type: 'user', id: jose.id } });
    expect((await search(me, 'jose')).users[0].connection).toEqual({ id: sent.data.data.id, status: 'pending', direction: 'sent' });
    expect((await search(jose, 'olga')).users[0].connection).toMatchObject({ status: 'pending', direction: 'received' });
    expect((await search(me, 'jose')).connections).toEqual([]);
    await jose.request('PATCH', `/api/connections/${sent.data.data.id}`, { status: 'connected' });
    const found = await search(me, 'jose');
    expect(found.connections.map((c: { other: { name: string } }) => c.other.name)).toEqual(['José Ñúñez']);
  });

  it('never shows people blocked either way, nor oneself, nor one’s own organisation', async () => {
    const blocker = await person('Bruno Blocker');
    await blocker.post(`/api/users/${me.id}/block`);
    expect((await search(me, 'bruno')).users).toEqual([]);
    expect((await search(blocker, 'olga')).users).toEqual([]);
    expect((await search(me, 'olga')).users).toEqual([]);
    expect((await search(lucia, 'valencia')).organisations).toEqual([]);
  });

  it('finds the organisation’s CRM clients for members with crm.view only, never another organisation’s', async () => {
    const owner = await person('Cora Owner');
    await owner.post('/api/organisations', { name: 'Cora Freight Ltd', types: ['forwarder'], country: 'GB', address_line1: '1 Quay', city: 'Hull' });
    await owner.post('/api/native-organisations', { name: 'Brønderslev Møbler ApS', type: 'consignee', country: 'DK', city: 'Brønderslev', force: true });
    const found = (await search(owner, 'bronderslev mobler')).native_organisations;
    expect(found).toEqual([{ id: expect.any(String), name: 'Brønderslev Møbler ApS', city: 'Brønderslev', country: 'DK' }]);
    // Someone of another organisation, or of none, finds nothing of it.
    expect((await search(me, 'bronderslev')).native_organisations).toEqual([]);
  });
});
