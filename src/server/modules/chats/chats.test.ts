import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

let t: TestApp;
const p = people(() => t);
type Person = Awaited<ReturnType<typeof p.user>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function connect(a: Person, b: Person) {
  const sent = await a.post('/api/connections', { target: { type: 'user', id: b.userId } });
  expect(sent.statusCode, sent.body).toBe(201);
  const ok = await b.request('PATCH', `/api/connections/${sent.data.data.id}`, { status: 'connected' });
  expect(ok.statusCode).toBe(200);
}
const send = (c: Person, chatId: string, body: string, client_id: string) => c.post(`/api/chats/${chatId}/messages`, { body, client_id });

describe('chats', () => {
  it('starts a direct chat with a connection once: the second start finds the same chat', async () => {
    const [ana, ben] = [await p.user(), await p.user()];
    await connect(ana, ben);
    const first = await ana.post('/api/chats', { member_ids: [ben.userId] });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.data.data).toMatchObject({ kind: 'direct', title: null, unread: 0, last_message: null, members: [{ id: ben.userId }] });
    const again = await ben.post('/api/chats', { member_ids: [ana.userId] });
    expect(again.statusCode).toBe(200);
    expect(again.data.data.id).toBe(first.data.data.id);
    expect(again.data.data.members.map((m: { id: string }) => m.id)).toEqual([ana.userId]);
  });

  it('refuses strangers and oneself, and lets colleagues talk without a connection', async () => {
    const [ana, stranger] = [await p.user(), await p.user()];
    const refused = await ana.post('/api/chats', { member_ids: [stranger.userId] });
    expect(refused.statusCode).toBe(422);
    expect(refused.data.error.fields).toEqual({ member_ids: 'not_reachable' });
    expect((await ana.post('/api/chats', { member_ids: [ana.userId] })).data.error.fields).toEqual({ member_ids: 'chat_with_self' });
    const boss = await p.owner();
    const colleague = await boss.join(boss.role('staff'));
    expect((await boss.post('/api/chats', { member_ids: [colleague.userId] })).statusCode).toBe(201);
  });

  it('stores a message once per client_id, counts unread for the others, and reads up to a message', async () => {
    const [ana, ben, cem] = [await p.user(), await p.user(), await p.user()];
    await connect(ana, ben);
    await connect(ana, cem);
    const chat = (await ana.post('/api/chats', { member_ids: [ben.userId, cem.userId], title: 'Rotterdam project cargo' })).data.data;
    expect(chat).toMatchObject({ kind: 'group', title: 'Rotterdam project cargo' });
    const m1 = await send(ana, chat.id, 'Vessel berths Tuesday.', 'c-1');
    expect(m1.statusCode).toBe(201);
    const repeat = await send(ana, chat.id, 'Vessel berths Tuesday.', 'c-1');
    expect(repeat.statusCode).toBe(200);
    expect(repeat.data.data.id).toBe(m1.data.data.id);
    const m2 = await send(ana, chat.id, 'Cranes booked for 08:00.', 'c-2');
    const m3 = await send(ben, chat.id, 'Trucks are ready.', 'b-1');
    const page = (await cem.get(`/api/chats/${chat.id}/messages`)).data;
    expect(page.data.map((m: { body: string }) => m.body)).toEqual(['Vessel berths Tuesday.', 'Cranes booked for 08:00.', 'Trucks are ready.']);
    expect(page.meta.has_more).toBe(false);
    const older = (await cem.get(`/api/chats/${chat.id}/messages?before=${m3.data.data.id}&limit=1`)).data;
    expect(older.data.map((m: { id: string }) => m.id)).toEqual([m2.data.data.id]);
    expect(older.meta.has_more).toBe(true);
    const unread = async (c: Person) => ((await c.get('/api/chats')).data.data as { id: string; unread: number }[]).find((x) => x.id === chat.id)!.unread;
    // Ana wrote two, then Ben one: Cem has read nothing (three), Ana has Ben's one; Ben read up to his
    // own message by writing it (none).
    expect([await unread(ana), await unread(ben), await unread(cem)]).toEqual([1, 0, 3]);
    const read = await cem.post(`/api/chats/${chat.id}/read`, { message_id: m2.data.data.id });
    expect(read.data.data.unread).toBe(1);
    // A read mark never moves back.
    expect((await cem.post(`/api/chats/${chat.id}/read`, { message_id: m1.data.data.id })).data.data.unread).toBe(1);
    // The last message and the newest activity lead the list.
    expect((await cem.get('/api/chats')).data.data[0]).toMatchObject({ id: chat.id, last_message: { body: 'Trucks are ready.', sender: { id: ben.userId } } });
  });

  it('tells the others of messages in one notification per chat, read when the chat is read', async () => {
    const [ana, ben] = [await p.user(), await p.user()];
    await connect(ana, ben);
    const chat = (await ana.post('/api/chats', { member_ids: [ben.userId] })).data.data;
    await send(ana, chat.id, 'Hello Ben', 'x-1');
    const last = await send(ana, chat.id, 'Are you at the terminal?', 'x-2');
    const list = (await ben.get('/api/notifications')).data.data.filter((n: { type: string }) => n.type === 'message');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ actor_count: 1, actors: [{ id: ana.userId }], subject: { type: 'chat', id: chat.id }, data: { excerpt: 'Are you at the terminal?' }, read: false });
    const before = (await ben.get('/api/notifications/summary')).data.data.unread;
    await ben.post(`/api/chats/${chat.id}/read`, { message_id: last.data.data.id });
    expect((await ben.get('/api/notifications/summary')).data.data.unread).toBe(before - 1);
    expect((await ben.get('/api/notifications?unread=true')).data.data.filter((n: { type: string }) => n.type === 'message')).toEqual([]);
    // The sender is never told of their own messages.
    expect((await ana.get('/api/notifications')).data.data.filter((n: { type: string }) => n.type === 'message')).toEqual([]);
  });

  it('hides a direct chat across a block from both sides and refuses its messages', async () => {
    const [ana, ben] = [await p.user(), await p.user()];
    await connect(ana, ben);
    const chat = (await ana.post('/api/chats', { member_ids: [ben.userId] })).data.data;
    await send(ana, chat.id, 'First', 'f-1');
    expect((await ben.post(`/api/users/${ana.userId}/block`)).statusCode).toBeLessThan(300);
    expect((await ana.get('/api/chats')).data.data.map((c: { id: string }) => c.id)).not.toContain(chat.id);
    expect((await ben.get(`/api/chats/${chat.id}/messages`)).statusCode).toBe(404);
    expect((await send(ana, chat.id, 'Second', 'f-2')).statusCode).toBe(404);
    expect((await ana.post('/api/chats', { member_ids: [ben.userId] })).data.error.fields).toEqual({ member_ids: 'not_reachable' });
    const [{ n }] = await t.database.query<{ n: number }>('select count(*)::int as n from chat_messages where chat_id = $1', [chat.id]);
    expect(n).toBe(1);
  });

  it('makes a deactivated member no colleague: no new chat, the colleagues’ chats gone for them, and nothing more reaches them', async () => {
    const boss = await p.owner();
    const ana = await boss.join(boss.role('staff'));
    const dan = await boss.join(boss.role('staff'));
    const team = (await boss.post('/api/chats', { member_ids: [ana.userId, dan.userId], title: 'Felixstowe desk' })).data.data;
    const direct = (await dan.post('/api/chats', { member_ids: [boss.userId] })).data.data;
    expect((await send(dan, team.id, 'Morning all', 'd-1')).statusCode).toBe(201);
    expect((await boss.request('PATCH', `/api/staff/${dan.userId}`, { status: 'deactivated' })).statusCode).toBe(200);

    // Dan (still logged in, still pointing at the organisation) reaches none of his former colleagues.
    expect((await dan.post('/api/chats', { member_ids: [boss.userId] })).data.error?.fields).toEqual({ member_ids: 'not_reachable' });
    expect((await dan.post('/api/chats', { member_ids: [ana.userId], title: 'Leaving do' })).data.error?.fields).toEqual({ member_ids: 'not_reachable' });
    expect((await dan.get('/api/chats')).data.data.map((c: { id: string }) => c.id)).toEqual([]);
    expect((await dan.get(`/api/chats/${team.id}/messages`)).statusCode).toBe(404);
    expect((await send(dan, team.id, 'Still here', 'd-2')).statusCode).toBe(404);
    expect((await send(dan, direct.id, 'Psst', 'd-3')).statusCode).toBe(404);

    // The team writes on; Dan hears nothing of it, neither in the bell nor in his live stream.
    const events = async () => (await t.database.query(`select id from live_events where user_id = $1 and type = 'message'`, [dan.userId])).length;
    const before = await events();
    expect((await send(boss, team.id, 'Vessel delayed to Thursday', 'b-1')).statusCode).toBe(201);
    expect(await events()).toBe(before);
    expect((await dan.get('/api/notifications')).data.data.filter((n: { subject: { id: string } }) => n.subject?.id === team.id)).toHaveLength(0);
    expect((await ana.get(`/api/chats/${team.id}/messages`)).data.data.map((m: { body: string }) => m.body)).toEqual(['Morning all', 'Vessel delayed to Thursday']);
    // A direct chat with someone one is no longer in contact with is gone for both.
    expect((await boss.get('/api/chats')).data.data.map((c: { id: string }) => c.id)).toEqual([team.id]);
  });

  it('answers 404 to whoever is not a member', async () => {
    const [ana, ben, eve] = [await p.user(), await p.user(), await p.user()];
    await connect(ana, ben);
    const chat = (await ana.post('/api/chats', { member_ids: [ben.userId] })).data.data;
    expect((await eve.get(`/api/chats/${chat.id}/messages`)).statusCode).toBe(404);
    expect((await send(eve, chat.id, 'Let me in', 'e-1')).statusCode).toBe(404);
  });

  it('sends files with limits: members only, the sender’s own uploads, kinds known by their bytes', async () => {
    const [ana, ben, eve] = [await p.user(), await p.user(), await p.user()];
    await connect(ana, ben);
    const chat = (await ana.post('/api/chats', { member_ids: [ben.userId] })).data.data;
    const form = (data: Buffer | string, name: string) => {
      const fd = new FormData();
      fd.append('file', new Blob([typeof data === 'string' ? data : new Uint8Array(data)]), name);
      return fd;
    };
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 32), Buffer.from('\n%%EOF\n')]);
    const up = await ana.post(`/api/chats/${chat.id}/attachments`, form(pdf, '../../Frachtbrief Müller.pdf'));
    expect(up.statusCode, up.body).toBe(200);
    expect(up.data.data).toMatchObject({ name: 'Frachtbrief Müller.pdf', type: 'application/pdf', size: pdf.length });
    // Refused: an executable named .pdf, a stranger's upload, a file too large.
    expect((await ana.post(`/api/chats/${chat.id}/attachments`, form(Buffer.from('MZ\x90\x00binary'), 'invoice.pdf'))).data.error.code).toBe('unsupported_file_type');
    expect((await eve.post(`/api/chats/${chat.id}/attachments`, form(pdf, 'x.pdf'))).statusCode).toBe(404);
    // A picture is decoded: a cut-off PNG is refused, a whole one is stored encoded again.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    expect((await ana.post(`/api/chats/${chat.id}/attachments`, form(png.subarray(0, 20), 'cut.png'))).data.error.code).toBe('unsupported_file_type');
    expect((await ana.post(`/api/chats/${chat.id}/attachments`, form(png, 'dot.png'))).data.data).toMatchObject({ name: 'dot.png', type: 'image/png' });
    expect((await ana.post(`/api/chats/${chat.id}/attachments`, form(Buffer.alloc(5 * 1024 * 1024 + 1, 65), 'big.txt'))).data.error.code).toBe('file_too_large');
    const csv = await ana.post(`/api/chats/${chat.id}/attachments`, form('container,seal\nMSCU1234565,ML-88\n', 'boxes.csv'));
    expect(csv.data.data.type).toBe('text/csv; charset=utf-8');
    // Ben cannot send Ana's upload as his; Ana can, with no text at all.
    expect((await ben.post(`/api/chats/${chat.id}/messages`, { client_id: 'b-f', attachments: [up.data.data.key] })).data.error.fields).toEqual({ attachments: 'Choose a record from the list.' });
    expect(Object.keys((await ana.post(`/api/chats/${chat.id}/messages`, { client_id: 'a-0' })).data.error.fields)).toEqual(['body']);
    const sent = await ana.post(`/api/chats/${chat.id}/messages`, { client_id: 'a-f', attachments: [up.data.data.key, csv.data.data.key] });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.data.data.attachments.map((a: { name: string }) => a.name)).toEqual(['Frachtbrief Müller.pdf', 'boxes.csv']);
    // Members download it, as a download; others get 404.
    const file = up.data.data.key.split('/')[1];
    const got = await ben.get(`/api/chats/${chat.id}/attachments/${file}`);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(pdf)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe(`attachment; filename="Frachtbrief M_ller.pdf"; filename*=UTF-8''Frachtbrief%20M%C3%BCller.pdf`);
    expect((await eve.get(`/api/chats/${chat.id}/attachments/${file}`)).statusCode).toBe(404);
    // An encoded way out of the folder is refused before any route sees it (plugins/canonical-path.ts).
    expect((await ben.get(`/api/chats/${chat.id}/attachments/..%2F..%2Fsecret`)).statusCode).toBe(400);
  });

  it('streams a file into the store as it arrives (never whole in memory), and one over the limit leaves nothing stored', async () => {
    const [ana, ben] = [await p.user(), await p.user()];
    await connect(ana, ben);
    const chat = (await ana.post('/api/chats', { member_ids: [ben.userId] })).data.data;
    const form = (data: Buffer, name: string) => {
      const fd = new FormData();
      fd.append('file', new Blob([new Uint8Array(data)]), name);
      return fd;
    };
    const files = t.app.ctx.files;
    const stored = async () => {
      const keys: string[] = [];
      for await (const f of files.list()) keys.push(f.key);
      return keys.sort();
    };
    const put = vi.spyOn(files, 'put');
    try {
      const manifest = Buffer.alloc(4 * 1024 * 1024, 'MSCU1234565;ML-88;22G1\n');
      const up = await ana.post(`/api/chats/${chat.id}/attachments`, form(manifest, 'manifest.txt'));
      expect(up.statusCode, up.body).toBe(200);
      expect(up.data.data.size).toBe(manifest.length);
      // The store was handed a stream, not the file in a buffer.
      const call = put.mock.calls.find(([key]) => key === up.data.data.key);
      expect(call && Buffer.isBuffer(call[1])).toBe(false);
      const back = await ben.get(`/api/chats/${chat.id}/attachments/${up.data.data.key.split('/')[1]}`);
      expect(back.rawPayload.equals(manifest)).toBe(true);
      const before = await stored();
      const big = await ana.post(`/api/chats/${chat.id}/attachments`, form(Buffer.alloc(5 * 1024 * 1024 + 1, 'x'), 'big.txt'));
      expect(big.statusCode).toBe(422);
      expect(big.data.error.code).toBe('file_too_large');
      expect(await stored()).toEqual(before);
    } finally {
      put.mockRestore();
    }
  });
});
