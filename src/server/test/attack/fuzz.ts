import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '#shared/resources/registry.ts';
import { buildApp } from '../../app.ts';
import { createClient, testConfig } from '../harness.ts';
import { FAKE_PRICES, fakeStripeEvent, signStripeWebhook, startFakeStripe } from '../fake-stripe.ts';
import { RESOURCE_FIXTURES } from '../resource-fixtures.ts';
import { MEGABYTE_OF_SPACES, xlsxOf, zipOf } from '../archives.ts';
import { prefixOf, RAW_BODY_OPERATIONS, TABLE_IMPORT_OPERATIONS, STREAM_OPERATIONS, UPLOAD_OPERATIONS, UPLOAD_SAMPLES, urlOf, type JsonSchema, type Operation, type Parameter } from './operations.ts';
import { invalid, valid, type Hints } from './schema-arbitraries.ts';
import { allIds, openWorld, seedFor, seedRecords, show, type Answer, type Client, type OrgRecords, type Owner, type Person, type Snapshot, type World } from './suite.ts';

/**
 * Each file sends at least this many requests (two files: at least 10 000 a run), spread evenly
 * over its operations: a little over half of each operation's share breaks its schema.
 */
const MIN_REQUESTS_PER_FILE = 5000;
const TARGET_PER_FILE = 5150;
const INVALID_SHARE = 0.55;
/** Refused requests between two table-by-table comparisons. */
const BATCH_REQUESTS = 250;
/**
 * Each operation's share of the fuzz must finish within this (generation and requests): past it the
 * operation fails by its name and the run goes on, so no operation can hang CI. Generation itself
 * never loops (schema-arbitraries.ts makes pattern values to measure and bounds its retries).
 */
const OPERATION_LIMIT_MS = 60_000;
/** Operations that end the caller's session: called with a throwaway one instead. */
const SESSION_ENDING = ['POST /api/auth/logout'];

type Case = { kind: 'valid' | 'invalid' | 'malformed'; path: Record<string, string>; query: [string, string][]; body?: unknown; headers?: Record<string, string> };

/** Query and path values are text: breaking ones that no coercion or trimming repairs. */
function invalidText(s: JsonSchema): fc.Arbitrary<string> | null {
  const [type] = Array.isArray(s.type) ? s.type : [s.type];
  const choices: fc.Arbitrary<string>[] = [];
  if (s.enum?.length) choices.push(fc.constantFrom('zz_not_a_choice', '*', '%00'));
  else if (type === 'integer' || type === 'number') {
    choices.push(fc.constantFrom('abc', '1x', 'NaN', '{}'));
    if (type === 'integer') choices.push(fc.constantFrom('1.5', '-0.25'));
    if (s.minimum !== undefined && s.minimum > -Number.MAX_SAFE_INTEGER) choices.push(fc.constant(String(s.minimum - 1)));
    if (s.maximum !== undefined && s.maximum < Number.MAX_SAFE_INTEGER) choices.push(fc.constantFrom(String(s.maximum + 1), '1e400'));
  } else if (type === 'string') {
    if (s.maxLength !== undefined) choices.push(fc.integer({ min: s.maxLength + 1, max: s.maxLength + 40 }).map((n) => 'x'.repeat(n)));
    if ((s.minLength ?? 0) >= 2) choices.push(fc.constant('y'.repeat(s.minLength! - 1)));
    if (s.format === 'uuid') choices.push(fc.constantFrom('not-a-uuid', '1', '0190a000-0000-7000-8000-00000000000z', "' or 1=1 --"));
    else if (s.format === 'date') choices.push(fc.constantFrom('2026-13-01', 'yesterday', '2026-02-30'));
    else if (s.pattern) {
      const re = new RegExp(s.pattern);
      choices.push(fc.constantFrom('!', '#?', '@@ @@', '%%', '../x').filter((v) => ![v, v.trim(), v.toUpperCase()].some((x) => re.test(x))));
    }
  }
  return choices.length ? fc.oneof(...choices) : null;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v));

/** Defines the fuzz of one share of the operations (`share` of `shares`, by their order in the document). */
export async function defineFuzz(file: string, share: number, shares: number) {
  const w: World = await openWorld(file);
  const seed = w.seed;
  const mine = [...w.ops].sort((a, b) => a.key.localeCompare(b.key)).filter((_, i) => i % shares === share);
  const special = new Set([...SESSION_ENDING, ...UPLOAD_OPERATIONS, ...RAW_BODY_OPERATIONS, ...STREAM_OPERATIONS]);
  const generic = mine.filter((o) => !special.has(o.key));
  const perOperation = Math.ceil(TARGET_PER_FILE / Math.max(generic.length, 1));
  // Deletes last, so that the other operations find records to work on.
  const validOrder = [...generic.filter((o) => o.method !== 'DELETE'), ...generic.filter((o) => o.method === 'DELETE')];

  let owner: Owner;
  let other: string[] = [];
  let otherRecords: OrgRecords;
  /** Ids by the collection a path parameter names them under ("/api/partners/"): seeded, then harvested from answers. */
  const pools: Record<string, string[]> = {};
  const hints: Hints = { uuids: () => [...new Set([...Object.values(pools).flat(), ...other])] };

  beforeAll(async () => {
    console.log(`[attack] ${file}: fuzz seed ${seed} (FUZZ_SEED=${seed} replays this run)`);
    const t0 = Date.now();
    owner = await w.people.owner();
    const records = await seedRecords(owner, w.database);
    Object.assign(pools, structuredClone(records.byPrefix));
    const desk = (await owner.post('/api/roles', { name: 'Fuzz desk', permissions: ['control_centre.view'] })).data.data.id as string;
    pools['/api/roles/'].push(desk);
    for (const roleId of [owner.role('staff'), desk]) pools['/api/staff/'].push((await owner.join(roleId)).userId);
    const inv = await owner.post('/api/staff/invitations', { email: `fuzz-${Math.random().toString(36).slice(2)}@example.com`, role_id: owner.role('staff') });
    pools['/api/staff/invitations/'] = [inv.data.data.id];
    // Another organisation's records, for reference fields that must not reach across.
    const t1 = Date.now();
    otherRecords = await seedRecords(await w.people.owner(), w.database);
    other = allIds(otherRecords);
    if (process.env.ATTACK_PROFILE) console.log(`[attack] world ${t0 - w.started} ms, own records ${t1 - t0} ms, other organisation ${Date.now() - t1} ms`);
    await w.settle();
    w.profile.setup = Date.now() - w.started;
  });
  afterAll(async () => {
    w.figures.seed = seed;
    w.record();
    await w.close();
  });

  const pool = (op: Operation, p: Parameter) => pools[prefixOf(op, p.name)] ?? [];

  /** A path value: a known record of the collection mostly, else anything the schema allows. */
  function pathArb(op: Operation, p: Parameter): fc.Arbitrary<string> {
    const known = pool(op, p);
    const generated = valid(p.schema, hints, p.name).map(text);
    return known.length ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: generated }) : generated;
  }
  function queryArb(op: Operation): fc.Arbitrary<[string, string][]> {
    const model = Object.fromEntries(op.query.map((q) => [q.name, valid(q.schema, hints, q.name).map(text)]));
    return fc.record(model, { requiredKeys: op.query.filter((q) => q.required).map((q) => q.name) }).map((r) => Object.entries(r) as [string, string][]);
  }
  /** Valid bodies: from the schema, and for resources also the fixtures' bodies with some fields generated anew. */
  function bodyArb(op: Operation): fc.Arbitrary<unknown> | null {
    if (!op.body) return null;
    const generated = valid(op.body, hints);
    const d = RESOURCES.find((r) => op.path === `/api/${r.name}` || op.path === `/api/${r.name}/{id}`);
    const f = d && RESOURCE_FIXTURES[d.name];
    if (!f || !op.body.properties) return generated;
    const refs = new Proxy({}, { get: () => pools['/api/staff/']?.[0] ?? '' }) as Record<string, string>;
    const seeds = op.method === 'PATCH' ? [f.change, f.valid(3, refs)] : Array.from({ length: 5 }, (_, i) => f.valid(1000 + i, refs));
    const keys = Object.keys(op.body.properties);
    const mixed = fc
      .tuple(fc.constantFrom(...seeds), generated as fc.Arbitrary<Record<string, unknown>>, fc.subarray(keys, { maxLength: 2 }))
      .map(([s, g, pick]) => ({ ...s, ...Object.fromEntries(pick.filter((k) => k in g).map((k) => [k, g[k]])) }));
    return fc.oneof({ weight: 1, arbitrary: generated }, { weight: 2, arbitrary: mixed });
  }

  function timed<T>(f: () => T, op?: Operation): T {
    const t0 = performance.now();
    try {
      return f();
    } catch (err) {
      // A schema the generator cannot serve fails its operation by name.
      throw op && err instanceof Error ? new Error(`${op.key}: ${err.message}`) : err;
    } finally {
      w.profile.generate += performance.now() - t0;
    }
  }

  function validCases(op: Operation, runs: number): Case[] {
    const arb = timed(() => fc.record({
      path: fc.record(Object.fromEntries(op.pathParams.map((p) => [p.name, pathArb(op, p)]))),
      query: queryArb(op),
      body: bodyArb(op) ?? fc.constant(undefined),
    }), op);
    return timed(() => fc.sample(arb, { seed: seedFor(seed, op.key, 'valid'), numRuns: runs }), op).map((c) => ({ kind: 'valid', ...c, path: c.path as Record<string, string> }));
  }

  /** Cases that break one thing each: a path value, a query value or the body. */
  function invalidCases(op: Operation, runs: number): Case[] {
    const breakers: fc.Arbitrary<Partial<Case>>[] = [];
    for (const p of op.pathParams) {
      const bad = invalidText(p.schema);
      if (bad) breakers.push(bad.map((v) => ({ path: { [p.name]: v } })));
    }
    for (const q of op.query) {
      const bad = invalidText(q.schema);
      if (bad) breakers.push(bad.map((v) => ({ query: [[q.name, v]] as [string, string][] })));
    }
    if (op.body) {
      const bad = timed(() => invalid(op.body!, hints), op);
      if (bad) breakers.push(bad.map((b) => ({ body: b })));
      if (op.bodyRequired) breakers.push(fc.constant({ body: undefined, headers: { 'content-type': 'application/json' } }));
    }
    if (!breakers.length) return [];
    const [base] = validCases(op, 1);
    const arb = fc.oneof(...breakers).map((b): Case => ({
      kind: 'invalid',
      path: { ...base.path, ...b.path },
      query: [...base.query.filter(([k]) => !b.query?.some(([bk]) => bk === k)), ...(b.query ?? [])],
      body: 'body' in b ? b.body : base.body,
      ...(b.headers && { headers: b.headers }),
    }));
    return timed(() => fc.sample(arb, { seed: seedFor(seed, op.key, 'invalid'), numRuns: runs }), op);
  }

  /** Transport-level junk, the same for every operation of its kind. */
  function malformedCases(op: Operation): Case[] {
    const [base] = validCases(op, 1);
    const out: Case[] = [];
    const json = { 'content-type': 'application/json' };
    if (op.method !== 'GET' && op.method !== 'DELETE') {
      out.push(
        { ...base, kind: 'malformed', body: '{"name": "x",', headers: json },
        { ...base, kind: 'malformed', body: '{"__proto__": {"admin": true}, "constructor": {"prototype": {"admin": true}}}', headers: json },
        { ...base, kind: 'malformed', body: '['.repeat(2000) + ']'.repeat(2000), headers: json },
        { ...base, kind: 'malformed', body: 'name=x&admin=true', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      );
    }
    for (const p of op.pathParams) out.push({ ...base, kind: 'malformed', path: { ...base.path, [p.name]: `${'a'.repeat(300)}/../..\u0000` } });
    if (op.query.length) out.push({ ...base, kind: 'malformed', query: [...base.query, ...base.query.map(([k]) => [k, 'second'] as [string, string]), ['filter[nope]', '1']] });
    return out;
  }

  async function send(op: Operation, c: Case, who: Client = owner): Promise<Answer> {
    const res = await w.call(who, op.key, op.method, urlOf(op, c.path, c.query), c.body, c.headers);
    w.figures.fuzzRequests++;
    if (res.status < 400) w.figures.fuzzAccepted++;
    else w.figures.fuzzRejected++;
    if (c.kind === 'invalid' && res.status < 400) {
      w.figures.invalidAccepted++;
      if (w.figures.invalidAccepted <= 10) console.log(`[attack] schema-breaking input accepted: ${op.key} ${urlOf(op, c.path, c.query)} ${show(c.body)} → ${res.status}`);
    }
    harvest(op, c, res);
    return res;
  }

  /** Keeps the pools current: new records join, deleted ones leave. */
  function harvest(op: Operation, c: Case, res: Answer) {
    if (res.status >= 300) return;
    const id = res.data?.data?.id;
    if (op.method === 'POST' && typeof id === 'string' && !op.pathParams.length) (pools[`${op.path}/`] ??= []).push(id);
    if (op.method === 'DELETE') {
      for (const p of op.pathParams) {
        const list = pools[prefixOf(op, p.name)];
        const at = list?.indexOf(c.path[p.name]) ?? -1;
        if (at >= 0 && list.length > 1) list.splice(at, 1);
      }
    }
  }

  /**
   * Refused requests are compared table by table in batches of about BATCH_REQUESTS: a snapshot
   * before and after, compared when every request between them was refused. The write notes name
   * the request that wrote; a change without a note is reported for the whole batch.
   */
  let last: Snapshot | null = null;
  let pending = { requests: 0, accepted: false, wrote: false, ops: [] as string[] };
  async function checkpoint(force: boolean) {
    if (!force && pending.requests < BATCH_REQUESTS) return;
    const after = await w.snapshot();
    if (last && pending.requests && !pending.accepted) {
      w.figures.batchesCompared++;
      const diff = w.differences(last, after, w.takeExempt());
      if (diff.length && !pending.wrote) {
        w.figures.changedOnRejection++;
        w.changed.push(`a batch of ${pending.requests} refused requests (${pending.ops.join(', ')}) changed ${diff.join(', ')}`);
      }
    }
    w.takeExempt();
    last = after;
    pending = { requests: 0, accepted: false, wrote: false, ops: [] };
  }

  describe(`fuzz ${share + 1}/${shares}: schema-breaking and malformed inputs, as an owner`, () => {
    it.each(generic.map((o) => [o.key, o] as const))('%s', async (_key, op) => {
      const deadline = Date.now() + OPERATION_LIMIT_MS;
      const malformed = malformedCases(op);
      const cases = [...invalidCases(op, Math.max(0, Math.round(perOperation * INVALID_SHARE) - malformed.length)), ...malformed];
      const errors = w.serverErrors.length;
      const changed = w.changed.length;
      if (!last) await checkpoint(true);
      let sent = 0;
      for (const c of cases) {
        if (Date.now() > deadline) break;
        sent++;
        const res = await send(op, c);
        pending.requests++;
        pending.accepted ||= res.status < 400;
        pending.wrote ||= res.writes.length > 0;
      }
      pending.ops.push(op.key);
      await checkpoint(op === generic.at(-1));
      w.figures.fuzzOperations.push(op.key);
      expect(sent, `${op.key} took over ${OPERATION_LIMIT_MS / 1000} s: ${sent} of ${cases.length} cases sent`).toBe(cases.length);
      expect(w.serverErrors.slice(errors)).toEqual([]);
      expect(w.changed.slice(changed)).toEqual([]);
    }, OPERATION_LIMIT_MS + 30_000);
  });

  describe(`fuzz ${share + 1}/${shares}: generated valid inputs, as an owner`, () => {
    it.each(validOrder.map((o) => [o.key, o] as const))('%s', async (_key, op) => {
      // Operations without anything to break get the breaking share of the runs as valid ones.
      const broken = invalidCases(op, 1).length ? Math.max(Math.round(perOperation * INVALID_SHARE), malformedCases(op).length) : malformedCases(op).length;
      const runs = Math.max(1, perOperation - broken);
      const errors = w.serverErrors.length;
      const changed = w.changed.length;
      const deadline = Date.now() + OPERATION_LIMIT_MS;
      const cases = validCases(op, runs);
      let sent = 0;
      for (const c of cases) {
        if (Date.now() > deadline) break;
        sent++;
        await send(op, c);
      }
      expect(sent, `${op.key} took over ${OPERATION_LIMIT_MS / 1000} s: ${sent} of ${cases.length} cases sent`).toBe(cases.length);
      expect(w.serverErrors.slice(errors)).toEqual([]);
      expect(w.changed.slice(changed)).toEqual([]);
    }, OPERATION_LIMIT_MS + 30_000);
  });

  const ops = (keys: string[]) => mine.filter((o) => keys.includes(o.key));

  describe.runIf(ops(UPLOAD_OPERATIONS).length)(`fuzz ${share + 1}/${shares}: uploads`, () => {
    const boundary = 'fynattackboundary';
    const multipart = (parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) =>
      Buffer.concat([
        ...parts.map((p) =>
          Buffer.concat([
            Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`),
            Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
            Buffer.from('\r\n'),
          ]),
        ),
        Buffer.from(`--${boundary}--\r\n`),
      ]);
    const form = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const malformed: [string, unknown, Record<string, string>?][] = [
      ['JSON instead of a form', { file: 'x' }],
      ['a form without a file', multipart([{ name: 'note', data: 'hello' }]), form],
      ['text named .png', multipart([{ name: 'file', filename: 'logo.png', type: 'image/png', data: 'not an image at all' }]), form],
      ['a cut-off PNG', multipart([{ name: 'file', filename: 'cut.png', type: 'image/png', data: png.subarray(0, 20) }]), form],
      ['a PNG header before 3 MB of zeros', multipart([{ name: 'file', filename: 'big.png', type: 'image/png', data: Buffer.concat([png.subarray(0, 33), Buffer.alloc(3 * 1024 * 1024)]) }]), form],
      ['an SVG with a script', multipart([{ name: 'file', filename: 'x.svg', type: 'image/svg+xml', data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' }]), form],
      ['two files (the first is taken)', multipart([{ name: 'file', filename: 'a.png', type: 'image/png', data: png }, { name: 'file', filename: 'b.png', type: 'image/png', data: png }]), form],
      ['a broken form', Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\n\r\nabc`), form],
      ['a form without its boundary', multipart([{ name: 'file', filename: 'a.png', data: png }]), { 'content-type': 'multipart/form-data' }],
    ];
    const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const rows = [['company_name', 'country'], ['Bomb Ltd', 'GB']];
    const lyingArchives: [string, Buffer][] = [
      ['700 MB declared as 1 KB', xlsxOf(rows, { padding: { text: MEGABYTE_OF_SPACES, times: 700 }, declaredSize: 1024 })],
      ['8 MB from 8 KB, declared honestly', xlsxOf(rows, { padding: { text: MEGABYTE_OF_SPACES, times: 8 } })],
      ['declares 5 MB, holds a few bytes', xlsxOf(rows, { declaredSize: 5_000_000 })],
      ['a compressed size past the end of the file', zipOf([{ name: 'xl/worksheets/sheet1.xml', parts: [{ text: '<worksheet/>' }], declaredCompressed: 50_000_000 }])],
      ['a thousand entries', zipOf(Array.from({ length: 1000 }, (_, i) => ({ name: `xl/e${i}.xml`, parts: [{ text: '<x/>' }] })))],
      ['a wrong checksum', zipOf([{ name: 'xl/worksheets/sheet1.xml', parts: [{ text: '<worksheet/>' }], crc: 1234 }])],
    ];
    it.each(ops(UPLOAD_OPERATIONS).map((o) => [o.key, o] as const))('%s refuses malformed files and takes a real one', async (_key, op) => {
      w.figures.fuzzOperations.push(op.key);
      const path = Object.fromEntries(op.pathParams.map((p) => [p.name, pool(op, p)[0] ?? '']));
      const errors = w.serverErrors.length;
      const changed = w.changed.length;
      const answers: string[] = [];
      for (const [what, body, headers] of malformed) {
        const res = await send(op, { kind: 'malformed', path, query: [], body, headers });
        answers.push(`${what}: ${res.status}`);
      }
      // A table import is also sent archives that lie about their sizes: each refused (413/422), nothing written.
      if (TABLE_IMPORT_OPERATIONS.includes(op.key)) {
        for (const [what, data] of lyingArchives) {
          const res = await send(op, { kind: 'malformed', path, query: [], body: multipart([{ name: 'file', filename: 'table.xlsx', type: XLSX, data }]), headers: form });
          w.figures.lyingArchivesSent++;
          if (res.status === 413 || res.status === 422) w.figures.lyingArchivesRefused++;
          else answers.push(`lying archive, ${what}: ${res.status} (expected 413 or 422)`);
        }
      }
      // The tracking import's real file names the seeded shipment, which the generic fuzz of this share may have cancelled or closed.
      if (op.key === 'POST /api/tracking/events/import') {
        await w.database.query(`update shipments set status = 'booked' where organisation_id = $1 and status in ('cancelled', 'closed')`, [owner.orgId]);
        await w.settle();
      }
      // The public application's real CV goes to the seeded opening, which the generic fuzz of this share may have closed.
      if (op.key === 'POST /api/public/openings/{slug}/applications') {
        await w.database.query(`update job_openings set status = 'open', closes_on = null where public_slug = $1`, [path.slug]);
        await w.settle();
      }
      const sample = UPLOAD_SAMPLES[op.key] ?? { filename: 'one.png', type: 'image/png', data: png };
      const { fields = {}, ...file } = sample as typeof sample & { fields?: Record<string, string> };
      const accepted = await send(op, { kind: 'valid', path, query: [], body: multipart([...Object.entries(fields).map(([name, data]) => ({ name, data })), { name: 'file', ...file }]), headers: form });
      expect([200, 201], accepted.body).toContain(accepted.status);
      expect(answers.filter((a) => !/: 4\d\d$/.test(a) && !a.startsWith('two files')), 'malformed uploads not refused').toEqual([]);
      expect(w.serverErrors.slice(errors)).toEqual([]);
      expect(w.changed.slice(changed)).toEqual([]);
    });
  });

  describe.runIf(ops(RAW_BODY_OPERATIONS).length)(`fuzz ${share + 1}/${shares}: the Stripe webhook`, () => {
    it('refuses unsigned, forged and malformed events and survives odd signed ones', async () => {
      const [op] = ops(RAW_BODY_OPERATIONS);
      w.figures.fuzzOperations.push(op.key);
      const secret = 'whsec_attack_suite';
      const fake = await startFakeStripe();
      const stripeApp = await buildApp(
        testConfig({ stripe: { secretKey: fake.secretKey, webhookSecret: secret, publishableKey: 'pk_test_attack', apiBase: fake.url }, enterpriseProductId: null }),
        { database: w.database },
      );
      await stripeApp.ready();
      const errors = w.serverErrors.length;
      const changed = w.changed.length;
      try {
        const local = createClient(w.app);
        const stripe = createClient(stripeApp);
        const json = { 'content-type': 'application/json' };
        const signed = (payload: string | object) => {
          const s = signStripeWebhook(payload, secret);
          return { body: s.body, headers: { ...json, 'stripe-signature': s.signature } };
        };
        const forged = signStripeWebhook(fakeStripeEvent('invoice.paid', { id: 'in_x' }), 'whsec_attacker');
        const event = (type: string, object: unknown) => fakeStripeEvent(type, object as Record<string, unknown>);
        const cases: [string, Client, { body: unknown; headers: Record<string, string> }, 'refused' | 'any'][] = [
          ['local provider: any body', local, { body: '{"type":"invoice.paid"}', headers: json }, 'refused'],
          ['no signature', stripe, { body: JSON.stringify(event('invoice.paid', {})), headers: json }, 'refused'],
          ['forged signature', stripe, { body: forged.body, headers: { ...json, 'stripe-signature': forged.signature } }, 'refused'],
          ['garbage signature header', stripe, { body: '{}', headers: { ...json, 'stripe-signature': 't=abc,v1=%%%,v0=' } }, 'refused'],
          ['empty body', stripe, { body: '', headers: { ...json, 'stripe-signature': 't=1,v1=00' } }, 'refused'],
          ['signed garbage', stripe, signed('this is not json {'), 'refused'],
          ['signed JSON array', stripe, signed('[1,2,3]'), 'any'],
          ['signed event of an unknown type', stripe, signed(event('charge.refund.updated', { id: 'x' })), 'any'],
          ['signed invoice.paid without an invoice', stripe, signed(event('invoice.paid', {})), 'any'],
          ['signed invoice.paid of nobody', stripe, signed(event('invoice.paid', { id: 'in_nobody', customer: 'cus_nobody', subscription: 'sub_nobody', status: 'paid' })), 'any'],
          ['signed subscription.updated with odd fields', stripe, signed(event('customer.subscription.updated', { id: 42, customer: { nested: true }, status: null, items: 'x' })), 'any'],
          ['signed subscription.deleted for an unknown price', stripe, signed(event('customer.subscription.deleted', { id: 'sub_x', customer: 'cus_x', items: { data: [{ price: { id: FAKE_PRICES.professionalMonthly } }] } })), 'any'],
          ['signed event without data', stripe, signed({ id: 'evt_nodata', object: 'event', type: 'invoice.paid', created: 1 }), 'any'],
          ['text/plain signed body', stripe, (({ body, headers }) => ({ body, headers: { ...headers, 'content-type': 'text/plain' } }))(signed(event('invoice.paid', {}))), 'any'],
        ];
        const problems: string[] = [];
        for (const [what, client, c, expect4xx] of cases) {
          const res = await send(op, { kind: 'malformed', path: {}, query: [], body: c.body, headers: c.headers }, client);
          if (expect4xx === 'refused' && (res.status < 400 || res.status >= 500)) problems.push(`${what}: expected a refusal, got ${res.status} ${res.body.slice(0, 200)}`);
        }
        expect(problems).toEqual([]);
      } finally {
        await stripeApp.close();
        await fake.close();
      }
      expect(w.serverErrors.slice(errors)).toEqual([]);
      expect(w.changed.slice(changed)).toEqual([]);
    });
  });

  describe.runIf(ops(SESSION_ENDING).length)(`fuzz ${share + 1}/${shares}: logout, with a throwaway session`, () => {
    it('takes any body and ends only the own session', async () => {
      const [op] = ops(SESSION_ENDING);
      w.figures.fuzzOperations.push(op.key);
      const someone: Person = await w.people.user();
      await w.settle();
      const errors = w.serverErrors.length;
      for (const c of [
        { body: '{"x":', headers: { 'content-type': 'application/json' } },
        { body: '['.repeat(2000), headers: { 'content-type': 'application/json' } },
        { body: 'bye', headers: { 'content-type': 'text/plain' } },
        { body: { everyone: true } },
        { body: undefined },
        { body: undefined },
      ]) await send(op, { kind: 'malformed', path: {}, query: [], ...c }, someone);
      expect((await someone.get('/api/user')).statusCode).toBe(401);
      expect((await owner.get('/api/user')).statusCode).toBe(200);
      expect(w.serverErrors.slice(errors)).toEqual([]);
    });
  });

  describe(`fuzz ${share + 1}/${shares}: totals`, () => {
    it(`sent at least ${MIN_REQUESTS_PER_FILE} requests`, () => {
      expect(w.figures.fuzzRequests).toBeGreaterThanOrEqual(MIN_REQUESTS_PER_FILE);
    });
    it('answered no 5xx', () => {
      expect(w.serverErrors).toEqual([]);
    });
    it('changed no data when refusing', () => {
      expect(w.changed).toEqual([]);
    });
  });
}
