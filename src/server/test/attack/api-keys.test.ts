/**
 * The attack suite with API keys (docs/architecture.md#api-keys): every documented operation called
 * with a key without scopes (403), with another organisation's key on the victim's ids (404, or 403
 * where a key is no person), and with a revoked and an expired key (401, on either of two nodes).
 * Refusals change nothing but a valid key's own bookkeeping (its request count, its last use).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ALL_PERMISSIONS } from '#shared/resources/permissions.ts';
import { buildApp } from '../../app.ts';
import { testConfig } from '../harness.ts';
import { prefixOf, RAW_BODY_OPERATIONS, STREAM_OPERATIONS, UPLOAD_OPERATIONS, urlOf, type Operation } from './operations.ts';
import { openWorld, seedRecords, type OrgRecords, type Owner } from './suite.ts';

const w = await openWorld('api-keys.test.ts', { apiKeyRequestsPerMinute: 1_000_000 });
let second: FastifyInstance;
const ops = [...w.ops].filter((o) => o.access !== 'public' && !STREAM_OPERATIONS.includes(o.key)).sort((a, b) => a.key.localeCompare(b.key));
afterAll(async () => {
  w.record();
  await second.close();
  await w.close();
});

let victim: Owner;
let records: OrgRecords;
const keys: Record<'none' | 'attacker' | 'revoked' | 'expired', string> = { none: '', attacker: '', revoked: '', expired: '' };

beforeAll(async () => {
  second = await buildApp(testConfig({ apiKeyRequestsPerMinute: 1_000_000 }), { database: w.database });
  await second.ready();
  victim = await w.people.owner();
  records = await seedRecords(victim, w.database);
  const make = async (o: Owner, scopes: string[]) => {
    const r = await o.post('/api/api-keys', { name: `attack ${scopes.length}`, scopes });
    expect(r.statusCode, r.body).toBe(201);
    return r.data.data as { id: string; key: string };
  };
  keys.none = (await make(victim, [])).key;
  const attacker = await w.people.owner();
  // Everything the attacker's owner holds, in the attacker's organisation.
  keys.attacker = (await make(attacker, [...ALL_PERMISSIONS])).key;
  const revoked = await make(victim, [...ALL_PERMISSIONS]);
  expect((await victim.delete(`/api/api-keys/${revoked.id}`)).statusCode).toBe(204);
  keys.revoked = revoked.key;
  const expired = await make(victim, [...ALL_PERMISSIONS]);
  await w.database.query(`update api_keys set expires_at = now() - interval '1 second' where id = $1`, [expired.id]);
  keys.expired = expired.key;
  await w.settle();
});

/** The URL of an operation on the victim's records (a made-up id where the suite has none). */
function victimUrl(op: Operation): string {
  const values: Record<string, string> = {};
  for (const p of op.pathParams) values[p.name] = records.byPrefix[prefixOf(op, p.name)]?.[0] ?? '00000000-0000-7000-8000-000000000000';
  return urlOf(op, values);
}

async function withKey(app: FastifyInstance, key: string, op: Operation, url: string) {
  const raw = RAW_BODY_OPERATIONS.includes(op.key) || UPLOAD_OPERATIONS.includes(op.key);
  const res = await app.inject({
    method: op.method, url, headers: { authorization: `Bearer ${key}`, ...(op.method !== 'GET' && !raw && { 'content-type': 'application/json' }) },
    ...(op.method !== 'GET' && !raw && { payload: '{}' }),
  });
  w.figures.requests++;
  return res;
}

describe('API keys against every operation', () => {
  it('a revoked or an expired key is refused (401) everywhere, on either node, writing nothing', async () => {
    const before = await w.snapshot();
    const problems: string[] = [];
    for (const op of ops) {
      for (const [name, app] of [['revoked', w.app], ['expired', second]] as const) {
        const res = await withKey(app, keys[name], op, victimUrl(op));
        if (res.statusCode !== 401) problems.push(`${op.key} with a ${name} key: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(w.differences(before, await w.snapshot())).toEqual([]);
  }, 300_000);

  it('a key without scopes is refused (403) by every operation', async () => {
    const before = await w.snapshot();
    const problems: string[] = [];
    for (const op of ops) {
      const res = await withKey(w.app, keys.none, op, victimUrl(op));
      if (res.statusCode !== 403) problems.push(`${op.key}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(problems).toEqual([]);
    // Only the key's own bookkeeping moved: its request count (and, once a minute, its last use).
    expect(w.differences(before, await w.snapshot(), new Set(['api_rate_counters']))).toEqual([]);
  }, 300_000);

  it('another organisation’s key with every permission finds none of the victim’s records (404), and a key is no person (403)', async () => {
    const before = await w.snapshot();
    const problems: string[] = [];
    const secrets = [...new Set(Object.values(records.byPrefix).flat())];
    for (const op of ops.filter((o) => o.pathParams.length > 0 && o.access !== 'user' && o.access !== 'member')) {
      const url = victimUrl(op);
      const res = await withKey(w.app, keys.attacker, op, url);
      // A body the operation refuses (422) proves nothing about the tenant check, but it changes nothing either.
      const expected = op.method === 'GET' || op.method === 'DELETE' ? [403, 404] : [403, 404, 422];
      if (!expected.includes(res.statusCode)) problems.push(`${op.key} (${url}): ${res.statusCode} ${res.body.slice(0, 160)}`);
      const leaked = secrets.filter((s) => s !== records.orgId && res.body.includes(s));
      if (leaked.length && res.statusCode < 400) problems.push(`${op.key} shows ${leaked.join(', ')}`);
      if (res.statusCode >= 500) problems.push(`${op.key}: server error`);
    }
    for (const op of ops.filter((o) => o.access === 'user' || o.access === 'member')) {
      const res = await withKey(w.app, keys.attacker, op, victimUrl(op));
      if (res.statusCode !== 403 || res.json().error?.code !== 'api_key_not_allowed') problems.push(`${op.key}: expected 403 api_key_not_allowed, got ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(problems).toEqual([]);
    expect(w.differences(before, await w.snapshot(), new Set(['api_rate_counters', 'api_keys']))).toEqual([]);
  }, 300_000);
});
