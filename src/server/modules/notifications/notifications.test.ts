import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';
import { whoOf } from './digest.ts';
import { notify } from './notify.ts';

let t: TestApp;
const p = people(() => t);
type Person = Awaited<ReturnType<typeof p.user>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const like = (to: Person, by: Person, postId: string) =>
  notify(t.database.db, { userId: to.userId, organisationId: null, type: 'like', actorId: by.userId, subject: { type: 'post', id: postId }, groupKey: `like:post:${postId}` });
const list = async (c: Person, q = '') => (await c.get(`/api/notifications${q}`)).data;
const summary = async (c: Person) => (await c.get('/api/notifications/summary')).data.data;
const rename = (c: Person, name: string) => t.database.query('update users set name = $1 where id = $2', [name, c.userId]);

describe('notifications', () => {
  it('tells someone of an organisation’s affairs only while they are an active member of it', async () => {
    const boss = await p.owner();
    const member = await boss.join(boss.role('staff'));
    const told = (subject: string) =>
      notify(t.database.db, { userId: member.userId, organisationId: boss.orgId, type: 'task_assigned', actorId: boss.userId, subject: { type: 'task', id: subject }, data: { title: 'Book the haulier' } });
    const first = uuidv7();
    await told(first);
    expect((await list(member)).data.map((n: { subject: { id: string } }) => n.subject.id)).toEqual([first]);
    expect((await boss.request('PATCH', `/api/staff/${member.userId}`, { status: 'deactivated' })).statusCode).toBe(200);
    await told(uuidv7());
    // Deactivated: nothing of the organisation reaches them any more, neither the bell nor the live stream.
    expect((await list(member)).data.map((n: { subject: { id: string } }) => n.subject.id)).toEqual([first]);
    expect(await t.database.query(`select id from live_events where user_id = $1 and type = 'notification'`, [member.userId])).toHaveLength(1);
    // Another organisation's affairs never reach them either.
    const other = await p.owner();
    await notify(t.database.db, { userId: member.userId, organisationId: other.orgId, type: 'task_assigned', subject: { type: 'task', id: uuidv7() } });
    expect((await list(member)).data).toHaveLength(1);
  });

  it('groups likes of one post while unread: newest actors first, each counted once', async () => {
    const [me, ana, ben, cem, dan] = [await p.user(), await p.user(), await p.user(), await p.user(), await p.user()];
    await Promise.all([rename(ana, 'Ana'), rename(ben, 'Ben'), rename(cem, 'Cem'), rename(dan, 'Dan')]);
    const post = uuidv7();
    for (const who of [ana, ben, ana, cem, dan]) await like(me, who, post);
    const [n, ...rest] = (await list(me)).data;
    expect(rest).toEqual([]);
    expect(n).toMatchObject({ type: 'like', actor_count: 4, subject: { type: 'post', id: post }, seen: false, read: false });
    expect(n.actors.map((a: { name: string }) => a.name)).toEqual(['Dan', 'Cem', 'Ana']);
    expect(whoOf(n)).toBe('Dan, Cem, Ana and 1 other');
    // Once read, the next like starts a new group.
    await me.post(`/api/notifications/${n.id}/read`);
    await like(me, ben, post);
    const after = (await list(me)).data;
    expect(after.map((x: { actor_count: number; read: boolean }) => [x.actor_count, x.read])).toEqual([[1, false], [4, true]]);
  });

  it('never tells people of what they did themselves', async () => {
    const me = await p.user();
    await like(me, me, uuidv7());
    expect((await list(me)).data).toEqual([]);
  });

  it('keeps seen (the badge) apart from read (each item)', async () => {
    const [me, ana, ben] = [await p.user(), await p.user(), await p.user()];
    await like(me, ana, uuidv7());
    await like(me, ben, uuidv7());
    expect(await summary(me)).toEqual({ unseen: 2, unread: 2 });
    expect((await me.post('/api/notifications/seen')).data.data).toEqual({ unseen: 0, unread: 2 });
    // A new like to a seen group makes it unseen again.
    const [first] = (await list(me)).data;
    await like(me, await p.user(), first.subject.id);
    expect(await summary(me)).toEqual({ unseen: 1, unread: 2 });
    const read = await me.post(`/api/notifications/${first.id}/read`);
    expect(read.data.data).toMatchObject({ id: first.id, read: true, seen: true });
    expect(await summary(me)).toEqual({ unseen: 0, unread: 1 });
    expect((await me.post('/api/notifications/read-all')).data.data).toEqual({ unseen: 0, unread: 0 });
    expect((await list(me, '?unread=true')).data).toEqual([]);
  });

  it('is private: another person cannot read or mark one', async () => {
    const [me, eve] = [await p.user(), await p.user()];
    await like(me, eve, uuidv7());
    const [n] = (await list(me)).data;
    expect((await eve.post(`/api/notifications/${n.id}/read`)).statusCode).toBe(404);
    expect((await list(eve)).data).toEqual([]);
    expect((await list(me)).data[0].read).toBe(false);
  });

  it('pages by keyset without gaps or repeats', async () => {
    const [me, ana] = [await p.user(), await p.user()];
    for (let i = 0; i < 7; i++) await like(me, ana, uuidv7());
    const seen: string[] = [];
    let cursor = '';
    for (let page = 0; page < 5; page++) {
      const res = await list(me, `?per_page=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...res.data.map((n: { id: string }) => n.id));
      if (!res.meta.next_cursor) break;
      cursor = res.meta.next_cursor;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect((await me.get('/api/notifications?cursor=bad')).statusCode).toBe(422);
  });

  it('tells of a connection request and of its acceptance', async () => {
    const [ana, ben] = [await p.user(), await p.user()];
    await rename(ana, 'Ana Costa');
    const sent = await ana.post('/api/connections', { target: { type: 'user', id: ben.userId }, message: 'Met at Intermodal' });
    expect((await list(ben)).data[0]).toMatchObject({ type: 'connection_request', actors: [{ id: ana.userId, name: 'Ana Costa' }], subject: { type: 'connection', id: sent.data.data.id }, data: { message: 'Met at Intermodal' } });
    await ben.request('PATCH', `/api/connections/${sent.data.data.id}`, { status: 'connected' });
    expect((await list(ana)).data[0]).toMatchObject({ type: 'connection_accepted', actors: [{ id: ben.userId }] });
  });

  it('tells the staff with network permission of a request to their organisation', async () => {
    const ana = await p.user();
    const boss = await p.owner();
    const plain = await boss.join((await boss.post('/api/roles', { name: 'No network', permissions: [] })).data.data.id);
    await ana.post('/api/connections', { target: { type: 'organisation', id: boss.orgId } });
    expect((await list(boss)).data[0]).toMatchObject({ type: 'organisation_connection_request', actors: [{ id: ana.userId }] });
    expect((await list(plain)).data).toEqual([]);
  });

  it('mails what stayed unread once a day, once, through the background jobs', async () => {
    const [me, ana] = [await p.user(), await p.user()];
    await rename(ana, 'Ana');
    await like(me, ana, uuidv7());
    // Too fresh: the person may still read it.
    await t.app.ctx.jobs.runNow('notifications.digest-mail', { user_id: me.userId });
    const mails = () => t.database.query<{ subject: string; text: string }>(`select subject, text from mail_outbox where "to" = $1 and subject like 'FYN:%'`, [me.email]);
    expect(await mails()).toEqual([]);
    await t.database.query(`update notifications set created_at = now() - interval '2 hours' where user_id = $1`, [me.userId]);
    // The daily job queues one mail job per person; running it again the same day queues none.
    await t.app.ctx.jobs.runNow('notifications.daily-digest', {});
    const queued = () => t.database.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = 'notifications.digest-mail' and data->>'user_id' = $1`, [me.userId]);
    expect((await queued())[0].n).toBe(1);
    await t.app.ctx.jobs.runNow('notifications.daily-digest', {});
    expect((await queued())[0].n).toBe(1);
    await t.app.ctx.jobs.runNow('notifications.digest-mail', { user_id: me.userId });
    await t.app.ctx.jobs.runNow('notifications.digest-mail', { user_id: me.userId });
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe('FYN: Ana liked your post.');
    expect(sent[0].text).toContain('- Ana liked your post.');
  });
});
