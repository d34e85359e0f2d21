import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { createTestApp, testConfig, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

let t: TestApp;
let second: FastifyInstance;
const who = people(() => t);
beforeAll(async () => {
  t = await createTestApp({ apiKeyRequestsPerMinute: 4 });
  // Another node over the same database.
  second = await buildApp(testConfig({ apiKeyRequestsPerMinute: 4 }), { database: t.database });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const keyed = (app: FastifyInstance, key: string, method: 'GET' | 'POST', url: string, body?: object, headers: Record<string, string> = {}) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${key}`, ...headers }, ...(body ? { payload: body } : {}) });

describe('Idempotency-Key', () => {
  it('answers a repeat with the first answer, refuses another request under the same key, and one still running', async () => {
    const o = await who.owner();
    const first = await o.post('/api/departments', { name: 'Customs' }, { 'idempotency-key': 'dept-1' });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await o.post('/api/departments', { name: 'Customs' }, { 'idempotency-key': 'dept-1' });
    expect([again.statusCode, again.headers['idempotent-replayed'], again.data]).toEqual([201, 'true', first.data]);
    expect((await t.database.query(`select 1 from departments where organisation_id = $1 and name = 'Customs'`, [o.orgId])).length).toBe(1);

    const other = await o.post('/api/departments', { name: 'Haulage' }, { 'idempotency-key': 'dept-1' });
    expect([other.statusCode, other.data.error.code]).toEqual([422, 'idempotency_key_reused']);
    expect((await t.database.query(`select 1 from departments where organisation_id = $1 and name = 'Haulage'`, [o.orgId])).length).toBe(0);

    // The first request of a key still running (as on another node): 409, nothing written.
    await t.database.query(`insert into idempotency_records (scope, key, request_hash, state) values ($1, 'dept-2', 'x', 'running')`, [`user:${o.userId}:${o.orgId}`]);
    const busy = await o.post('/api/departments', { name: 'Air' }, { 'idempotency-key': 'dept-2' });
    expect([busy.statusCode, busy.data.error.code]).toEqual([409, 'idempotency_key_in_use']);
    expect((await t.database.query(`select 1 from departments where organisation_id = $1 and name = 'Air'`, [o.orgId])).length).toBe(0);

    // An answer that failed validation is no first answer: fixing the body under the same key works.
    const bad = await o.post('/api/departments', { name: '' }, { 'idempotency-key': 'dept-3' });
    expect(bad.statusCode).toBe(422);
    expect((await o.post('/api/departments', { name: 'Sea' }, { 'idempotency-key': 'dept-3' })).statusCode).toBe(201);

    // Longer than 255 characters: refused.
    expect((await o.post('/api/departments', { name: 'Rail' }, { 'idempotency-key': 'k'.repeat(256) })).statusCode).toBe(400);

    // After 24 hours the key is free again.
    await t.database.query(`update idempotency_records set created_at = now() - interval '25 hours' where key = 'dept-1'`);
    expect((await o.post('/api/departments', { name: 'Haulage' }, { 'idempotency-key': 'dept-1' })).statusCode).toBe(201);
  });

  it('keeps answers per API key, and a repeat reaching another node is answered the same', async () => {
    const o = await who.owner();
    const key = (await o.post('/api/api-keys', { name: 'k', scopes: ['control_centre.create'] })).data.data.key;
    const a = await keyed(t.app, key, 'POST', '/api/departments', { name: 'Keyed' }, { 'idempotency-key': 'same' });
    const b = await keyed(second, key, 'POST', '/api/departments', { name: 'Keyed' }, { 'idempotency-key': 'same' });
    expect(a.statusCode).toBe(201);
    expect([b.statusCode, b.headers['idempotent-replayed'], b.body]).toEqual([201, 'true', a.body]);
    // The person's own session under the same key string is another caller.
    const mine = await o.post('/api/departments', { name: 'Keyed' }, { 'idempotency-key': 'same' });
    expect(mine.statusCode).toBe(409);
    // (the department exists: made by the key)
    expect(mine.data.error.code).toBe('duplicate');
  });
});

describe('rate limits per API key', () => {
  it('counts a key’s requests across nodes, announces them, and answers 429 with Retry-After past the limit', async () => {
    // Stay inside one minute window.
    const into = Date.now() % 60_000;
    if (into > 45_000) await new Promise((r) => setTimeout(r, 60_500 - into));
    const o = await who.owner();
    const key = (await o.post('/api/api-keys', { name: 'busy', scopes: ['quotes.view'] })).data.data.key;
    const seen: string[] = [];
    for (const app of [t.app, second, t.app, second]) {
      const r = await keyed(app, key, 'GET', '/api/quotes');
      expect(r.statusCode).toBe(200);
      expect(r.headers['ratelimit-policy']).toBe('"default";q=4;w=60');
      seen.push(String(r.headers.ratelimit));
    }
    expect(seen.map((h) => /^"default";r=(\d+);t=(\d+)$/.exec(h)?.[1])).toEqual(['3', '2', '1', '0']);
    const over = await keyed(second, key, 'GET', '/api/quotes');
    expect(over.statusCode).toBe(429);
    const retry = Number(over.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(over.headers.ratelimit).toBe(`"default";r=0;t=${retry}`);
    expect(over.json().error.code).toBe('too_many_requests');
    // Another key of the same organisation has its own count; a session has none.
    const other = (await o.post('/api/api-keys', { name: 'calm', scopes: ['quotes.view'] })).data.data.key;
    expect((await keyed(t.app, other, 'GET', '/api/quotes')).statusCode).toBe(200);
    // A paid plan's own limit (Growth: 1200 a minute, from the plan's metadata).
    const card = await o.post('/api/billing/payment-methods', { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' });
    const products = (await o.get('/api/billing/products')).data.data as { name: string; prices: { id: string }[] }[];
    const growth = products.find((p) => p.name === 'Growth')!.prices[0].id;
    expect((await o.post('/api/billing/subscribe', { price_id: growth, payment_method_id: card.data.data.id })).statusCode).toBe(200);
    expect((await keyed(t.app, other, 'GET', '/api/quotes')).headers['ratelimit-policy']).toBe('"default";q=1200;w=60');
    const session = await o.get('/api/quotes');
    expect(session.statusCode).toBe(200);
    expect(session.headers['ratelimit']).toBeUndefined();
  });
});
