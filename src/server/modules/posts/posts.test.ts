import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

let t: TestApp;
const who = people(() => t);
type Person = Awaited<ReturnType<typeof who.user>>;
type Owner = Awaited<ReturnType<typeof who.owner>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (c: Person, body: Record<string, unknown>) => c.post('/api/posts', { kind: 'post', visibility: 'public', ...body });
async function posted(c: Person, body: Record<string, unknown>): Promise<string> {
  const res = await post(c, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.data.data.id;
}
/** Connects two people (a asks, b accepts). */
async function connect(a: Person, b: Person) {
  const asked = await a.post('/api/connections', { target: { type: 'user', id: b.userId } });
  expect((await b.request('PATCH', `/api/connections/${asked.data.data.id}`, { status: 'connected' })).statusCode).toBe(200);
}
/** Every id of the caller's feed, page after page. */
async function feedIds(c: Person, perPage = 50): Promise<string[]> {
  const out: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await c.get(`/api/feed?per_page=${perPage}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    out.push(...res.data.data.map((p: { id: string }) => p.id));
    cursor = res.data.meta.next_cursor;
  } while (cursor);
  return out;
}
const notes = (userId: string, type: string) =>
  t.database.query<{ group_key: string; actor_count: number; subject_id: string }>('select group_key, actor_count, subject_id from notifications where user_id = $1 and type = $2', [userId, type]);

describe('who sees a post', () => {
  let alice: Owner;
  let colleague: Person;
  let friend: Person;
  let stranger: Person;
  let orgFriend: Person;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    alice = await who.owner();
    colleague = await alice.join(alice.role('staff'));
    friend = await who.user();
    stranger = await who.user();
    orgFriend = await who.user();
    await connect(alice, friend);
    // orgFriend asks Alice's organisation; Alice accepts for it.
    const asked = await orgFriend.post('/api/connections', { target: { type: 'organisation', id: alice.orgId } });
    expect((await alice.request('PATCH', `/api/connections/${asked.data.data.id}`, { status: 'connected' })).statusCode).toBe(200);
    ids.public = await posted(alice, { body: 'Open to everyone' });
    ids.connections = await posted(alice, { body: 'For my connections', visibility: 'connections' });
    ids.organisation = await posted(alice, { body: 'For the team', visibility: 'organisation' });
    ids.orgConnections = await posted(alice, { body: 'From the company to its connections', visibility: 'connections', as_organisation: true });
  });

  const mine = (all: string[]) => all.filter((id) => Object.values(ids).includes(id));

  it('shows a stranger the public post only, and 404 for the others', async () => {
    expect(mine(await feedIds(stranger))).toEqual([ids.public]);
    for (const k of ['connections', 'organisation', 'orgConnections']) expect((await stranger.get(`/api/posts/${ids[k]}`)).statusCode, k).toBe(404);
    expect((await stranger.get(`/api/posts/${ids.public}`)).data.data).toMatchObject({ body: 'Open to everyone', can_edit: false, organisation: null });
  });

  it('shows a connection the connections post, not the organisation’s', async () => {
    expect(mine(await feedIds(friend))).toEqual([ids.connections, ids.public]);
    expect((await friend.get(`/api/posts/${ids.organisation}`)).statusCode).toBe(404);
  });

  it('shows a colleague the organisation posts, not the person’s connections post', async () => {
    expect(mine(await feedIds(colleague))).toEqual([ids.orgConnections, ids.organisation, ids.public]);
    expect((await colleague.get(`/api/posts/${ids.connections}`)).statusCode).toBe(404);
  });

  it('shows someone connected with the organisation its connections post', async () => {
    expect(mine(await feedIds(orgFriend))).toEqual([ids.orgConnections, ids.public]);
    const res = await orgFriend.get(`/api/posts/${ids.orgConnections}`);
    expect(res.data.data.organisation).toMatchObject({ id: alice.orgId });
  });

  it('shows the author all four, editable', async () => {
    const feed = (await alice.get('/api/feed')).data.data as { id: string; can_edit: boolean }[];
    expect(mine(feed.map((p) => p.id))).toEqual([ids.orgConnections, ids.organisation, ids.connections, ids.public]);
    expect(feed.filter((p) => Object.values(ids).includes(p.id)).every((p) => p.can_edit)).toBe(true);
    expect((await alice.get('/api/user/posts')).data.data.map((p: { id: string }) => p.id)).toEqual([ids.organisation, ids.connections, ids.public]);
    expect((await alice.get('/api/organisation/posts')).data.data.map((p: { id: string }) => p.id)).toEqual([ids.orgConnections]);
  });

  it('lets a colleague edit the organisation’s post with network.update but not delete it without network.delete', async () => {
    const edited = await colleague.request('PATCH', `/api/posts/${ids.orgConnections}`, { body: 'From the company, edited' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.data.data.edited_at).toEqual(expect.any(String));
    expect((await colleague.delete(`/api/posts/${ids.orgConnections}`)).statusCode).toBe(403);
    expect((await colleague.request('PATCH', `/api/posts/${ids.organisation}`, { body: 'Not mine' })).statusCode).toBe(404);
    expect((await friend.request('PATCH', `/api/posts/${ids.connections}`, { body: 'Not mine' })).statusCode).toBe(404);
  });

  it('hides everything of a person in a block, both ways, in the feed and by id', async () => {
    const bob = await who.user();
    const bobPost = await posted(bob, { body: 'Bob says hi' });
    expect(await feedIds(alice)).toContain(bobPost);
    expect((await bob.post(`/api/users/${alice.userId}/block`, {})).statusCode).toBe(200);
    expect(await feedIds(alice)).not.toContain(bobPost);
    expect(mine(await feedIds(bob))).toEqual([]);
    expect((await bob.get(`/api/posts/${ids.public}`)).statusCode).toBe(404);
    expect((await alice.get(`/api/posts/${bobPost}`)).statusCode).toBe(404);
    expect((await bob.put(`/api/posts/${ids.public}/like`)).statusCode).toBe(404);
    expect((await bob.post(`/api/posts/${ids.public}/comments`, { body: 'hi' })).statusCode).toBe(404);
  });
});

describe('paging', () => {
  it('walks the feed by keyset without duplicates or gaps, ties in time broken by id', async () => {
    const author = await who.user();
    const reader = await who.user();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push(await posted(author, { body: `Post ${i}` }));
    // Three more at exactly the same time: only the id orders them.
    await t.database.query("update posts set created_at = '2030-01-01T00:00:00.123456Z' where id = any($1::uuid[])", [made.slice(2)]);
    const all = await feedIds(reader, 2);
    expect(new Set(all).size).toBe(all.length);
    const [{ n }] = await t.database.query<{ n: number }>("select count(*)::int as n from posts where visibility = 'public'");
    expect(all.length).toBe(n);
    // The three at the same time first (newest), highest id first, then the two others newest first.
    expect(all.slice(0, 3)).toEqual([...made.slice(2)].sort().reverse());
    expect(all.filter((id) => made.slice(0, 2).includes(id))).toEqual([made[1], made[0]]);
    expect((await reader.get('/api/feed?cursor=bm9wZQ')).statusCode).toBe(422);
  });
});

describe('the ad allowance', () => {
  it('takes the plan’s free ads of the year, then answers 402 and stores nothing', async () => {
    const boss = await who.owner();
    const card = await boss.post('/api/billing/payment-methods', { number: '4242424242424242', exp_month: 12, exp_year: 2031, cvc: '123' });
    expect((await boss.post('/api/billing/subscribe', { price_id: 'price_starter_month', payment_method_id: card.data.data.id })).statusCode).toBe(200);
    const staff = await boss.join(boss.role('staff'));
    expect((await boss.get('/api/organisation/ad-allowance')).data.data).toEqual({ year: new Date().getUTCFullYear(), allowance: 2, used: 0 });
    await posted(boss, { body: 'Space on the Felixstowe–Rotterdam feeder', kind: 'trade_ad' });
    await posted(staff, { body: 'Customs clearance at Felixstowe', kind: 'service_ad' });
    await posted(boss, { body: 'An ordinary post does not count' });
    const count = async () => (await t.database.query<{ n: number }>('select count(*)::int as n from posts where audience_organisation_id = $1', [boss.orgId]))[0].n;
    expect(await count()).toBe(3);
    const third = await post(boss, { body: 'One more', kind: 'trade_ad', as_organisation: true });
    expect(third.statusCode).toBe(402);
    expect(third.data.error.code).toBe('ad_allowance_used');
    expect(await count()).toBe(3);
    expect((await boss.get('/api/organisation/ad-allowance')).data.data).toMatchObject({ allowance: 2, used: 2 });
  });

  it('gives no ads to a person without an organisation or an organisation without a paid plan', async () => {
    const solo = await who.user();
    expect((await post(solo, { body: 'Selling pallets', kind: 'trade_ad' })).statusCode).toBe(402);
    expect((await post(solo, { body: 'For my organisation', visibility: 'organisation' })).statusCode).toBe(422);
    const free = await who.owner();
    expect((await post(free, { body: 'Warehouse space', kind: 'service_ad' })).statusCode).toBe(402);
    expect((await free.get('/api/organisation/ad-allowance')).data.data).toMatchObject({ allowance: 0, used: 0 });
    const [{ n }] = await t.database.query<{ n: number }>('select count(*)::int as n from posts where author_id = any($1::uuid[])', [[solo.userId, free.userId]]);
    expect(n).toBe(0);
  });
});

describe('likes, comments and mentions', () => {
  it('counts a like once however often it is sent, and tells the author once', async () => {
    const author = await who.user();
    const fan = await who.user();
    const id = await posted(author, { body: 'Like me' });
    expect((await fan.put(`/api/posts/${id}/like`)).data.data).toEqual({ liked: true, like_count: 1 });
    expect((await fan.put(`/api/posts/${id}/like`)).data.data).toEqual({ liked: true, like_count: 1 });
    expect((await fan.get(`/api/posts/${id}`)).data.data).toMatchObject({ like_count: 1, liked_by_me: true });
    expect((await author.get(`/api/posts/${id}`)).data.data).toMatchObject({ like_count: 1, liked_by_me: false });
    expect(await notes(author.userId, 'like')).toEqual([{ group_key: `like:post:${id}`, actor_count: 1, subject_id: id }]);
    expect((await fan.delete(`/api/posts/${id}/like`)).data.data).toEqual({ liked: false, like_count: 0 });
    expect((await fan.delete(`/api/posts/${id}/like`)).data.data).toEqual({ liked: false, like_count: 0 });
    expect((await author.put(`/api/posts/${id}/like`)).data.data).toEqual({ liked: true, like_count: 1 });
  });

  it('keeps the comment count, tells the author in one group, and lets the author or the post’s author delete', async () => {
    const author = await who.user();
    const a = await who.user();
    const b = await who.user();
    const id = await posted(author, { body: 'Comment on me' });
    const c1 = await a.post(`/api/posts/${id}/comments`, { body: '  First!  ' });
    expect(c1.statusCode, c1.body).toBe(201);
    expect(c1.data.data).toMatchObject({ body: 'First!', can_delete: true, author: { id: a.userId } });
    const c2 = await b.post(`/api/posts/${id}/comments`, { body: 'Second' });
    expect((await author.post(`/api/posts/${id}/comments`, { body: 'Thanks' })).statusCode).toBe(201);
    expect((await author.get(`/api/posts/${id}`)).data.data.comment_count).toBe(3);
    expect(await notes(author.userId, 'comment')).toEqual([{ group_key: `comment:post:${id}`, actor_count: 2, subject_id: id }]);
    const page1 = await a.get(`/api/posts/${id}/comments?per_page=2`);
    expect(page1.data.data.map((c: { body: string }) => c.body)).toEqual(['First!', 'Second']);
    const page2 = await a.get(`/api/posts/${id}/comments?per_page=2&cursor=${encodeURIComponent(page1.data.meta.next_cursor)}`);
    expect(page2.data.data.map((c: { body: string }) => c.body)).toEqual(['Thanks']);
    expect(page2.data.meta.next_cursor).toBeNull();
    expect((await a.delete(`/api/posts/${id}/comments/${c2.data.data.id}`)).statusCode).toBe(403);
    expect((await author.delete(`/api/posts/${id}/comments/${c2.data.data.id}`)).statusCode).toBe(204);
    expect((await a.delete(`/api/posts/${id}/comments/${c1.data.data.id}`)).statusCode).toBe(204);
    expect((await author.get(`/api/posts/${id}`)).data.data.comment_count).toBe(1);
  });

  it('tells people mentioned who may see the post, and only new mentions on an edit', async () => {
    const author = await who.user();
    const friend = await who.user();
    const other = await who.user();
    const stranger = await who.user();
    await connect(author, friend);
    await connect(author, other);
    const token = (p: Person, name: string) => `@[${name}](user:${p.userId})`;
    const id = await posted(author, { body: `Meeting ${token(friend, 'Fran')} and ${token(stranger, 'Stan')} in Hamburg`, visibility: 'connections' });
    expect((await notes(friend.userId, 'mention')).map((n) => n.subject_id)).toEqual([id]);
    expect(await notes(stranger.userId, 'mention')).toEqual([]);
    expect((await author.request('PATCH', `/api/posts/${id}`, { body: `Meeting ${token(friend, 'Fran')} and ${token(other, 'Otto')}` })).statusCode).toBe(200);
    expect(await notes(friend.userId, 'mention')).toHaveLength(1);
    expect((await notes(other.userId, 'mention')).map((n) => n.subject_id)).toEqual([id]);
    // In a comment, too.
    expect((await friend.post(`/api/posts/${id}/comments`, { body: `${token(other, 'Otto')} see this` })).statusCode).toBe(201);
    expect(await notes(other.userId, 'mention')).toHaveLength(2);
  });
});

describe('pictures', () => {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  const boundary = 'fynpostboundary';
  const form = (data: Buffer) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  const upload = (c: Person) => c.request('POST', '/api/posts/images', form(png), { 'content-type': `multipart/form-data; boundary=${boundary}` });

  it('takes the uploader’s own pictures only, at most four, and serves them to whoever sees the post', async () => {
    const author = await who.user();
    const friend = await who.user();
    const stranger = await who.user();
    await connect(author, friend);
    const up = await upload(author);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.data.data).toMatchObject({ width: 1, height: 1, type: 'image/png' });
    expect(up.data.data.key.startsWith(author.userId)).toBe(true);
    const theirs = (await upload(stranger)).data.data.key;
    expect((await post(author, { body: 'Not mine', images: [theirs] })).statusCode).toBe(422);
    expect((await post(author, { body: 'Too many', images: [up.data.data.key, up.data.data.key, up.data.data.key, up.data.data.key, up.data.data.key] })).statusCode).toBe(422);
    const res = await post(author, { body: 'Our new warehouse', visibility: 'connections', images: [up.data.data.key] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data.data.images).toEqual([{ url: up.data.data.url, width: 1, height: 1 }]);
    expect((await friend.get(up.data.data.url)).statusCode).toBe(200);
    expect((await stranger.get(up.data.data.url)).statusCode).toBe(404);
    expect((await author.get(up.data.data.url)).headers['content-type']).toBe('image/png');
  });

  it('streams a picture into the store: one over 5 MB is refused with the 422 and leaves nothing stored, nor does a broken one', async () => {
    const author = await who.user();
    const stored = async () => {
      const keys: string[] = [];
      for await (const f of t.app.ctx.files.list()) if (f.key.includes(author.userId)) keys.push(f.key);
      return keys;
    };
    const send = (data: Buffer) => author.request('POST', '/api/posts/images', form(data), { 'content-type': `multipart/form-data; boundary=${boundary}` });
    const large = await send(Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1)]));
    expect(large.statusCode, large.body).toBe(422);
    expect(large.data.error.code).toBe('file_too_large');
    expect(large.data.error.fields.file).toBeTruthy();
    // A PNG's signature with no picture after it: told a picture by its head, refused when decoded.
    const broken = await send(Buffer.concat([png.subarray(0, 40), Buffer.alloc(1000, 7)]));
    expect(broken.statusCode, broken.body).toBe(422);
    expect(broken.data.error.code).toBe('unsupported_file_type');
    expect(await stored()).toEqual([]);
    // A photo turned by its EXIF orientation is named and answered by its upright size.
    const turned = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#4788b6' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const up = await send(turned);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.data.data).toMatchObject({ width: 6, height: 8, type: 'image/jpeg' });
    expect(up.data.data.key).toMatch(/-6x8\.jpg$/);
    const meta = await sharp((await author.get(up.data.data.url)).rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 6, height: 8 });
    expect(meta.orientation).toBeUndefined();
    expect(await stored()).toHaveLength(1);
  });
});
