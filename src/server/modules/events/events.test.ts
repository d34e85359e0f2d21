import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { FastifyInstance } from 'fastify';
import { createClient, createTestApp, testConfig, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';
import { openStream, type Frame } from '../../test/sse.ts';

let t: TestApp;
let base: string;
const p = people(() => t);
type Person = Awaited<ReturnType<typeof p.user>>;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const cookie = (c: ReturnType<typeof createClient>) => ({ cookie: [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ') });
const isType = (type: string) => (f: Frame) => f.event === type;
const ask = (from: Person, to: Person) => from.post('/api/connections', { target: { type: 'user', id: to.userId } });

describe('live events', () => {
  it('refuses a caller who is not logged in', async () => {
    const s = await openStream(`${base}/api/events`, {});
    expect(s.status()).toBe(401);
    s.close();
  });

  it('pushes a notification the moment it is committed', async () => {
    const [ana, ben] = [await p.user(), await p.user()];
    const s = await openStream(`${base}/api/events`, cookie(ben));
    expect(s.status()).toBe(200);
    const ready = await s.next(isType('ready'));
    await ask(ana, ben);
    const n = await s.next(isType('notification'));
    expect(Number(n.id)).toBeGreaterThan(Number(ready.id));
    expect(n.data).toMatchObject({ type: 'notification', data: { type: 'connection_request' } });
    const c = await s.next(isType('connection'));
    expect(c.data).toMatchObject({ data: { status: 'pending' } });
    // Nothing for a stranger's stream.
    s.close();
  });

  it('catches up after a dropped stream from Last-Event-ID, in order, without what came before', async () => {
    const [ana, ben, cem] = [await p.user(), await p.user(), await p.user()];
    const first = await openStream(`${base}/api/events`, cookie(ben));
    await ask(ana, ben);
    const seen = await first.next(isType('connection'));
    first.close();
    // While Ben is away: Cem asks too, and Ana withdraws.
    await ask(cem, ben);
    const pending = (await ben.get('/api/connections/invitations')).data.data as { id: string; other: { id: string } }[];
    await ana.request('PATCH', `/api/connections/${pending.find((x) => x.other.id === ana.userId)!.id}`, { status: 'withdrawn' });
    const again = await openStream(`${base}/api/events`, { ...cookie(ben), 'last-event-id': seen.id! });
    await again.next(isType('ready'));
    const missed = again.frames.filter((f) => f.event !== 'ready');
    expect(missed.map((f) => f.event)).toEqual(['notification', 'connection']);
    expect(missed.map((f) => Number(f.id))).toEqual([...missed.map((f) => Number(f.id))].sort((a, b) => a - b));
    expect(missed.every((f) => Number(f.id) > Number(seen.id))).toBe(true);
    expect(missed[0].data).toMatchObject({ data: { type: 'connection_request' } });
    again.close();
  });

  it('answers 422 to a Last-Event-ID that is not an event id', async () => {
    const ben = await p.user();
    const res = await ben.get('/api/events', { 'last-event-id': 'yesterday' });
    expect(res.statusCode).toBe(422);
  });
});

// Two app nodes on one PostgreSQL: a write through one reaches a stream held by the other.
describe.skipIf(!process.env.DATABASE_URL)('live events across two app nodes', () => {
  let other: FastifyInstance;
  let otherBase: string;
  beforeAll(async () => {
    other = await buildApp(testConfig(), { database: t.database });
    otherBase = await other.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => other.close());

  it('delivers on node B what was written through node A', async () => {
    const [ana, ben] = [await p.user(), await p.user()];
    const s = await openStream(`${otherBase}/api/events`, cookie(ben));
    await s.next(isType('ready'));
    await ask(ana, ben);
    expect((await s.next(isType('notification'))).data).toMatchObject({ data: { type: 'connection_request' } });
    s.close();
  });
});
