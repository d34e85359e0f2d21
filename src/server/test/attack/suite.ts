/**
 * The attack suite (issue 8, item 8): a standing check in `npm test` that every operation of the
 * API refuses whom it must and survives whatever it is sent. The operations come from the OpenAPI
 * document (`app.swagger()`), each with the access its route declares (`x-access`, see
 * src/server/plugins/access.ts), so a new route joins every part below without a change here.
 *
 * - authorisation.test.ts, the matrix: every operation called as an anonymous visitor, as a member
 *   whose role has no permissions, and as another organisation's owner (path ids pointing at the
 *   victim organisation's records: one record of every resource type, from
 *   src/server/test/resource-fixtures.ts) answers 401/403/404 and writes nothing, and lists show
 *   none of the victim's ids. A cell is skipped where the declared access lets that caller in.
 *   Public operations are an allow-list (operations.ts): a new public route fails until it is
 *   added there on purpose; an operation without `x-access`, or a route missing from the
 *   document, fails too.
 * - authorisation.test.ts, escalation: every path to more power (roles, a member's role or
 *   status, invitations) tried by Admin, Staff and a custom role holding control_centre.*,
 *   roles.* and staff.*: refused with permission_escalation, owner_only or own_role, the caller's
 *   permissions and the role and member rows unchanged; the allowed paths still work.
 * - identity.test.ts: streams end with their session; every field naming a member refuses a
 *   deactivated one; no call by an organisation's owner binds or makes another person's account.
 * - foreign-ids.test.ts: every id-shaped body field (nested in lists and objects too) and query value
 *   given another organisation's record: a body is refused (404/422, nothing written) and the same
 *   body with the caller's own record is then accepted, so the refusal is the tenant check's; a
 *   query answer shows none of the other organisation's records. FOREIGN_ALLOWED lists the fields
 *   that hold no record or reach across on purpose, each with its reason.
 * - fuzz-1.test.ts and fuzz-2.test.ts (fuzz.ts), half of the operations each: inputs generated
 *   with fast-check from each operation's JSON schema (schema-arbitraries.ts), valid and
 *   schema-breaking, plus malformed bodies, uploads and Stripe webhooks, sent as an owner so
 *   that they reach validation and the handlers: no 5xx, and no refused request changes a row.
 *
 * How "changes no row" is proven: every table of the public schema gets a row trigger that notes
 * each insert, update and delete in attack_log.writes, in the writing transaction (so a rolled-back
 * write leaves no note); after each request the suite reads the notes since the previous one. On
 * top of that, batches of refused requests are compared table by table (row counts of every
 * public table and a checksum of audit_events, before and after).
 *
 * Refused requests may write only what WRITES_ON_REJECTION below allows, with its reason (counters
 * of failed attempts and the like). The figures of a run are printed once at its end
 * (src/server/test/global-setup.ts). A run's inputs follow from one seed, printed with them;
 * `FUZZ_SEED=<n>` replays it; `ATTACK_PROFILE=1` prints where each file's time went; `ATTACK_TRACE=1` prints each request as it is
 * sent (where a run that stops stopped).
 *
 *   npx vitest run --project server src/server/test/attack
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run --project server src/server/test/attack
 */
import { inject } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RESOURCES } from '#shared/resources/registry.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createClient, createTestApp, type TestApp } from '../harness.ts';
import { people } from '../people.ts';
import { RESOURCE_FIXTURES } from '../resource-fixtures.ts';
import { recordFigures, type Figures } from './figures.ts';
import { readOperations, type HttpMethod, type Operation } from './operations.ts';

export type Client = ReturnType<typeof createClient>;
export type Person = Client & { email: string; userId: string };
export type Owner = Person & { orgId: string; role(builtin: 'owner' | 'admin' | 'staff'): string; join(roleId: string, by?: Person): Promise<Person> };
export type WriteNote = { tbl: string; op: string; cols: string | null };
export type Answer = { status: number; body: string; data: ApiBody; writes: WriteNote[]; response: LightMyRequestResponse };
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ApiBody = any;
export type Snapshot = { counts: Record<string, number>; audit: string };

/**
 * Writes a refused request makes on purpose, per operation: `table` (any write to it) or
 * `table(column,…)` (updates of those columns only). Anything else a refused request writes fails.
 */
export const WRITES_ON_REJECTION: Record<string, { writes: string[]; why: string }> = {
  'POST /api/auth/login': { writes: ['throttles'], why: 'wrong passwords are counted (docs/product.md#login-throttling)' },
  'POST /api/auth/register': { writes: ['throttles'], why: 'sign-ups per address are counted whether or not they succeed' },
  'POST /api/public/openings/{slug}/applications': { writes: ['throttles'], why: 'applications per address are counted whether or not they succeed' },
  'POST /api/auth/verify-otp': { writes: ['verifications'], why: 'wrong codes are counted against the code' },
  'POST /api/billing/subscribe': {
    writes: ['organisations(billing_lock_until,billing_version,status,updated_at)', 'organisation_status_events'],
    why: 'a checkout the provider refuses is begun and failed in the status history (docs/product.md, billing status table), under the billing lease',
  },
  'GET /api/ai/credits': {
    writes: ['ai_credit_entries'],
    why: 'an account’s allowance for the period is granted (and what is above one allowance expired) when it is first read in the period (ai/credits.ts, settle)',
  },
  'POST /api/billing/change-plan': {
    writes: ['organisations(billing_lock_until,billing_version)'],
    why: 'the billing lease is taken and given back, and each finished attempt moves the idempotency version on (billing/service.ts, withBillingLease)',
  },
};

/** Whether a write is one of the writes `opKey` may make when refused. */
export function exempted(opKey: string, note: WriteNote): boolean {
  return (WRITES_ON_REJECTION[opKey]?.writes ?? []).some((rule) => {
    const m = /^(\w+)(?:\(([\w,]+)\))?$/.exec(rule);
    if (!m || m[1] !== note.tbl) return false;
    if (!m[2]) return true;
    const allowed = m[2].split(',');
    return note.op === 'UPDATE' && (note.cols ?? '').split(',').every((c) => allowed.includes(c));
  });
}

const clip = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);
export const describeWrites = (writes: WriteNote[]): string =>
  [...new Set(writes.map((w) => `${w.op.toLowerCase()} ${w.tbl}${w.cols ? `(${w.cols})` : ''}`))].join(', ');
export const show = (body: unknown): string =>
  body === undefined ? '' : Buffer.isBuffer(body) ? `<${body.length} bytes>` : clip(typeof body === 'string' ? JSON.stringify(body) : JSON.stringify(body) ?? String(body));

/** A local stand-in for the weather provider, so that /api/weather reaches its handler. */
async function startFakeWeather(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ current: { time: '2026-05-01T12:00', temperature_2m: 14.5, weather_code: 3, wind_speed_10m: 12 } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1/forecast`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * Row triggers on every public table that note each write in attack_log.writes (test database
 * only), with the columns an update changed; an update that changed nothing is no write.
 */
async function installWriteLog(database: Database): Promise<string[]> {
  await database.query('create schema if not exists attack_log');
  await database.query('create table if not exists attack_log.writes (id bigserial primary key, tbl text not null, op text not null, cols text)');
  await database.query(`create or replace function attack_log.note() returns trigger language plpgsql as $$
    declare changed text;
    begin
      if tg_op = 'UPDATE' then
        select string_agg(n.key, ',' order by n.key) into changed from jsonb_each(to_jsonb(new)) n where (to_jsonb(old) -> n.key) is distinct from n.value;
        if changed is null then return null; end if;
      end if;
      insert into attack_log.writes (tbl, op, cols) values (tg_table_name, tg_op, changed);
      return null;
    end $$`);
  const tables = (await database.query<{ tablename: string }>("select tablename from pg_tables where schemaname = 'public' order by tablename")).map((r) => r.tablename);
  for (const t of tables) {
    await database.query(`drop trigger if exists attack_log_note on public."${t}"`);
    await database.query(`create trigger attack_log_note after insert or update or delete on public."${t}" for each row execute function attack_log.note()`);
  }
  return tables;
}

export type World = Awaited<ReturnType<typeof openWorld>>;

/** A test app with the write log, the operations of its document, people and the figures of one test file. */
export async function openWorld(file: string, overrides: Partial<Config> = {}) {
  const started = Date.now();
  const weather = await startFakeWeather();
  const t: TestApp = await createTestApp({ weatherUrl: weather.url, ...overrides });
  const tables = await installWriteLog(t.database);
  const ops: Operation[] = readOperations(t.app);
  const seed = inject('fuzzSeed');
  const figures: Required<Omit<Figures, 'seed'>> & { seed?: number } = {
    file, documented: ops.map((o) => o.key), matrixOperations: [], fuzzOperations: [], matrixCells: 0, matrixSkipped: 0, fuzzRequests: 0,
    fuzzAccepted: 0, fuzzRejected: 0, invalidAccepted: 0, batchesCompared: 0, requests: 0, serverErrors: 0, changedOnRejection: 0,
    escalationAttempts: 0, escalationRefused: 0, allowedPathsChecked: 0, streamsEnded: 0, memberFieldsChecked: 0, accountCallsChecked: 0,
    encodedPathsSent: 0, encodedPathsRefused: 0, foreignIdFields: 0, foreignIdRequests: 0, foreignIdRefused: 0, exportsChecked: 0, exportCellsChecked: 0,
    lyingArchivesSent: 0, lyingArchivesRefused: 0, ms: 0,
  };
  /** Descriptions of 5xx answers and of refused requests that changed data: both fail the file. */
  const serverErrors: string[] = [];
  const changed: string[] = [];
  /** Tables written by refused requests on purpose (WRITES_ON_REJECTION) since the last `takeExempt()`. */
  const exempt = new Set<string>();
  let lastNote = 0;
  /** Where the time goes (ATTACK_PROFILE=1 prints it). */
  const profile = { inject: 0, notes: 0, snapshots: 0, count: 0, generate: 0, setup: 0 };

  async function notesSince(): Promise<WriteNote[]> {
    const rows = await t.database.query<{ id: number; tbl: string; op: string; cols: string | null }>('select id::int as id, tbl, op, cols from attack_log.writes where id > $1 order by id', [lastNote]);
    if (rows.length) lastNote = Number(rows.at(-1)!.id);
    return rows.map((r) => ({ tbl: r.tbl, op: r.op, cols: r.cols }));
  }

  const auditChecksum = "(select md5(coalesce(string_agg(a::text, '|' order by a::text), '')) from audit_events a)";
  const snapshotSql = `select t, n::text as n from (${tables.map((tb) => `select '${tb}' as t, count(*)::bigint as n from public."${tb}"`).join(' union all ')}) c
    union all select '#audit_events', ${auditChecksum}`;

  return {
    t,
    app: t.app,
    database: t.database,
    ops,
    seed,
    figures,
    profile,
    started,
    serverErrors,
    changed,
    people: people(() => t),

    /** A visitor with the CSRF cookie (so that refusals come from the access check, not the CSRF check). */
    async anonymous(): Promise<Client> {
      const c = createClient(t.app);
      await c.get('/api/csrf-cookie');
      return c;
    },

    /** Forgets writes made by setup steps, which are no requests under test. */
    async settle(): Promise<void> {
      await notesSince();
    },

    /**
     * One request under test: counted, 5xx recorded, and for a refused one (4xx/5xx) any write it
     * made beyond WRITES_ON_REJECTION recorded as a change.
     */
    async call(who: Client, opKey: string, method: HttpMethod, url: string, body?: unknown, headers?: Record<string, string>): Promise<Answer> {
      const t0 = performance.now();
      if (process.env.ATTACK_TRACE) console.log(`[trace] ${new Date().toISOString()} ${opKey} ${method} ${url} ${show(body).slice(0, 200)}`);
      // A response that breaks off (a stream failing after its headers) counts as a 5xx.
      const res = await who.request(method, url, body, headers).catch((err: Error) => ({
        statusCode: 599, body: `response broken off: ${err.message}`, data: undefined, headers: {}, cookies: [],
      }) as unknown as Awaited<ReturnType<Client['request']>>);
      const t1 = performance.now();
      figures.requests++;
      const writes = await notesSince();
      profile.inject += t1 - t0;
      profile.notes += performance.now() - t1;
      const what = () => `${opKey}: ${method} ${url} ${show(body)} → ${res.statusCode} ${clip(res.body ?? '', 300)}`;
      if (res.statusCode >= 500) {
        figures.serverErrors++;
        serverErrors.push(what());
      }
      // Writes an operation makes on purpose whatever its answer (a lazily granted allowance) are
      // left out of the matrix's before/after comparison too.
      for (const w of writes) if (exempted(opKey, w)) exempt.add(w.tbl);
      if (res.statusCode >= 400) {
        const unexpected = writes.filter((w) => !exempted(opKey, w));
        if (unexpected.length) {
          figures.changedOnRejection++;
          changed.push(`${what()} wrote ${describeWrites(unexpected)}`);
        }
      }
      return { status: res.statusCode, body: res.body, data: res.data, writes, response: res };
    },

    /** Row counts of every public table and a checksum of audit_events. */
    async snapshot(): Promise<Snapshot> {
      const t0 = performance.now();
      const rows = await t.database.query<{ t: string; n: string }>(snapshotSql);
      profile.snapshots += performance.now() - t0;
      profile.count++;
      const counts: Record<string, number> = {};
      let audit = '';
      for (const r of rows) {
        if (r.t === '#audit_events') audit = r.n;
        else counts[r.t] = Number(r.n);
      }
      return { counts, audit };
    },

    /** The tables refused requests wrote on purpose since the last call (a snapshot comparison leaves them out). */
    takeExempt(): Set<string> {
      const out = new Set(exempt);
      exempt.clear();
      return out;
    },

    /** What differs between two snapshots, table by table, but for `exempt` tables. */
    differences(a: Snapshot, b: Snapshot, except: Set<string> = new Set()): string[] {
      const out = Object.keys({ ...a.counts, ...b.counts })
        .filter((k) => a.counts[k] !== b.counts[k] && !except.has(k))
        .map((k) => `${k}: ${a.counts[k]} → ${b.counts[k]} rows`);
      if (a.audit !== b.audit) out.push('audit_events: checksum changed');
      return out;
    },

    /** Appends this file's figures for the block printed at the end of the run. */
    record(): void {
      figures.ms = Date.now() - started;
      recordFigures(inject('attackFigures'), figures);
      if (process.env.ATTACK_PROFILE) {
        const ms = (n: number) => `${(n / 1000).toFixed(1)} s`;
        console.log(`[attack] ${file}: setup ${ms(profile.setup)}, ${figures.requests} requests ${ms(profile.inject)}, write notes ${ms(profile.notes)}, ${profile.count} snapshots ${ms(profile.snapshots)}, generating ${ms(profile.generate)}, total ${ms(figures.ms)}`);
      }
    },

    async close(): Promise<void> {
      await t.close();
      await weather.close();
    },
  };
}

/** Record ids of one organisation by the collection path a path parameter names them under ("/api/partners/"). */
export type OrgRecords = { orgId: string; byPrefix: Record<string, string[]>; userIds: string[]; emails: string[] };

export const allIds = (r: OrgRecords): string[] => [...new Set([r.orgId, ...r.userIds, ...Object.values(r.byPrefix).flat()])];

/** One record of every resource type (the fixtures' valid bodies), the built-in roles, the organisation and its owner. */
export async function seedRecords(owner: Owner, database?: Database): Promise<OrgRecords> {
  const byPrefix: Record<string, string[]> = {};
  const add = (prefix: string, id: string) => (byPrefix[prefix] ??= []).push(id);
  for (const d of RESOURCES) {
    const f = RESOURCE_FIXTURES[d.name];
    if (!f) throw new Error(`no fixtures for resource ${d.name} in src/server/test/resource-fixtures.ts`);
    const refs = f.prepare ? await f.prepare((p, body) => owner.post(p, body), owner.userId) : {};
    const res = await owner.post(`/api/${d.name}`, f.valid(1, refs));
    if (res.statusCode !== 201) throw new Error(`could not create one of ${d.name}: ${res.statusCode} ${res.body}`);
    add(`/api/${d.name}/`, res.data.data.id);
  }
  for (const b of ['owner', 'admin', 'staff'] as const) add('/api/roles/', owner.role(b));
  add('/api/organisations/', owner.orgId);
  add('/api/staff/', owner.userId);
  add('/api/profiles/', owner.userId);
  // A quote for the organisation's native client, in its own currency (no exchange rate needed).
  const quote = await owner.post('/api/quotes', {
    client: { type: 'native_organisation', id: byPrefix['/api/native-organisations/'][0] }, mode: 'road_ftl', origin: 'NLRTM', destination: 'DEHAM', currency: 'EUR', valid_until: '2099-12-31',
    cargo: [{ packages: 10, length_cm: 120, width_cm: 80, height_cm: 150, weight_kg: 400 }], lines: [{ basis: 'per_shipment', buy: { amount_minor: 85000, currency: 'EUR' }, sell: { amount_minor: 110000, currency: 'EUR' } }],
  });
  if (quote.statusCode !== 201) throw new Error(`could not write a quote: ${quote.statusCode} ${quote.body}`);
  add('/api/quotes/', quote.data.data.id);
  const rate = await owner.post('/api/rates', {
    carrier: 'Seed Haulage', mode: 'road_ftl', origin: 'NLRTM', destination: 'DEHAM', valid_from: '2026-01-01', valid_until: '2099-12-31',
    charges: [{ basis: 'per_shipment', currency: 'EUR', amount_minor: 80000 }],
  });
  if (rate.statusCode !== 201) throw new Error(`could not add a rate: ${rate.statusCode} ${rate.body}`);
  add('/api/rates/', rate.data.data.id);
  // A pipeline's deal (the default pipelines come with the organisation).
  const pipelines = (await owner.get('/api/pipelines')).data.data as { id: string }[];
  pipelines.forEach((p) => add('/api/pipelines/', p.id));
  const deal = await owner.post('/api/deals', { pipeline_id: pipelines[0].id, title: 'Seed deal', value_minor: 100000, currency: 'GBP' });
  if (deal.statusCode !== 201) throw new Error(`could not add a deal: ${deal.statusCode} ${deal.body}`);
  add('/api/deals/', deal.data.data.id);
  // A second one sent and accepted: its booking.
  const copy = await owner.post(`/api/quotes/${quote.data.data.id}/duplicate`, {});
  await owner.post(`/api/quotes/${copy.data.data.id}/send`, {});
  const accepted = await owner.post(`/api/quotes/${copy.data.data.id}/accept`, {});
  if (!accepted.data?.data?.booking_id) throw new Error(`could not make a booking: ${accepted.statusCode} ${accepted.body}`);
  add('/api/quotes/', copy.data.data.id);
  add('/api/bookings/', accepted.data.data.booking_id);
  // A third, confirmed: its shipment, with a container, a document and an exception (its ETA has passed).
  const third = await owner.post(`/api/quotes/${quote.data.data.id}/duplicate`, {});
  await owner.post(`/api/quotes/${third.data.data.id}/send`, {});
  const booked = await owner.post(`/api/quotes/${third.data.data.id}/accept`, {});
  const confirmed = await owner.post(`/api/bookings/${booked.data.data.booking_id}/confirm`, {});
  const shipmentId = confirmed.data?.data?.shipment_id as string | undefined;
  if (!shipmentId) throw new Error(`could not confirm a booking: ${confirmed.statusCode} ${confirmed.body}`);
  add('/api/shipments/', shipmentId);
  await owner.request('PATCH', `/api/shipments/${shipmentId}`, { eta: '2026-01-02T08:00:00.000Z' });
  const container = await owner.post(`/api/shipments/${shipmentId}/containers`, { number: 'MSCU1234566', iso_type: '45G1' });
  if (container.statusCode !== 201) throw new Error(`could not add a container: ${container.statusCode} ${container.body}`);
  add('/api/shipments/{id}/containers/', container.data.data.id);
  const doc = await owner.post(`/api/shipments/${shipmentId}/documents`, { type: 'collection_origin' });
  if (doc.statusCode !== 201) throw new Error(`could not generate a document: ${doc.statusCode} ${doc.body}`);
  add('/api/documents/', doc.data.data.id);
  await owner.post('/api/exceptions/scan', {});
  const exceptions = (await owner.get(`/api/exceptions?shipment_id=${shipmentId}`)).data.data as { id: string }[];
  if (!exceptions.length) throw new Error('the scan raised no exception for a shipment past its ETA');
  add('/api/exceptions/', exceptions[0].id);
  // HR: a contract of the seeded employee, and the organisation's own holiday list.
  const contract = await owner.post('/api/contracts', {
    employee_id: byPrefix['/api/employees/'][0], type: 'permanent', start_date: '2026-01-01', hours_per_week: '37.5', salary: { amount_minor: 3_000_000, currency: 'GBP', period: 'year' },
  });
  if (contract.statusCode !== 201) throw new Error(`could not write a contract: ${contract.statusCode} ${contract.body}`);
  add('/api/contracts/', contract.data.data.id);
  const holidays = await owner.post('/api/holidays/import', { country: 'GB', year: 2026, region: 'ENG' });
  if (holidays.statusCode !== 200) throw new Error(`could not import holidays: ${holidays.statusCode} ${holidays.body}`);
  add('/api/holidays/', holidays.data.data[0].id);
  const leaveTypes = (await owner.get('/api/leave-types?per_page=100')).data.data as { id: string; code: string }[];
  const leave = await owner.post('/api/leave-requests', { leave_type_id: leaveTypes.find((x) => x.code === 'ANNUAL')!.id, start_date: '2026-12-21', end_date: '2026-12-22' });
  if (leave.statusCode !== 201) throw new Error(`could not ask for leave: ${leave.statusCode} ${leave.body}`);
  add('/api/leave-requests/', leave.data.data.id);
  const payroll = await owner.post('/api/payroll-runs', { period_start: '2026-10-01', period_end: '2026-10-31' });
  if (payroll.statusCode !== 201) throw new Error(`could not start a payroll run: ${payroll.statusCode} ${payroll.body}`);
  add('/api/payroll-runs/', payroll.data.data.id);
  // An approved run of the month before, with the employee's payslip (the contract active): the payslip PDF's record.
  await owner.post(`/api/contracts/${contract.data.data.id}/activate`, {});
  const approved = await owner.post('/api/payroll-runs', { period_start: '2026-09-01', period_end: '2026-09-30' });
  await owner.post(`/api/payroll-runs/${approved.data.data.id}/approve`, {});
  const slips = (await owner.get(`/api/payroll-runs/${approved.data.data.id}/payslips`)).data.data as { id: string }[];
  if (!slips.length) throw new Error(`could not work out a payslip: ${approved.statusCode} ${approved.body}`);
  add('/api/payslips/', slips[0].id);
  // Performance: an open review cycle (one criterion weighing 100), the owner's own review in it, and a goal with a sub-goal.
  const cycle = await owner.post('/api/review-cycles', { name: 'Seed annual review', period_start: '2026-01-01', period_end: '2026-12-31' });
  await owner.post('/api/review-criteria', { cycle_id: cycle.data.data.id, name: 'Customer service', weight: '100' });
  const opened = await owner.post(`/api/review-cycles/${cycle.data.data.id}/open`, {});
  if (opened.statusCode !== 200) throw new Error(`could not open a review cycle: ${opened.statusCode} ${opened.body}`);
  add('/api/review-cycles/', cycle.data.data.id);
  const review = (await owner.get(`/api/reviews?scope=all&cycle_id=${cycle.data.data.id}`)).data.data as { id: string }[];
  if (!review.length) throw new Error('opening a review cycle made no review of the seeded employee');
  add('/api/reviews/', review[0].id);
  const goal = await owner.post('/api/goals', { employee_id: byPrefix['/api/employees/'][0], title: 'Seed goal', cycle_id: cycle.data.data.id });
  if (goal.statusCode !== 201) throw new Error(`could not set a goal: ${goal.statusCode} ${goal.body}`);
  await owner.post('/api/goals', { title: 'Seed sub-goal', parent_id: goal.data.data.id });
  add('/api/goals/', goal.data.data.id);
  // A chat with a colleague, a message with a file in it, and the colleague's notification of it.
  const colleague = await owner.join(owner.role('staff'));
  const chat = await owner.post('/api/chats', { member_ids: [colleague.userId] });
  if (chat.statusCode !== 201) throw new Error(`could not start a chat: ${chat.statusCode} ${chat.body}`);
  add('/api/chats/', chat.data.data.id);
  const fd = new FormData();
  fd.append('file', new Blob([Buffer.from('%PDF-1.7\nseed\n%%EOF\n')]), 'seed.pdf');
  const file = await owner.post(`/api/chats/${chat.data.data.id}/attachments`, fd);
  if (file.statusCode !== 200) throw new Error(`could not upload a chat file: ${file.statusCode} ${file.body}`);
  add(`/api/chats/{id}/attachments/`, String(file.data.data.key).split('/')[1]);
  const sent = await owner.post(`/api/chats/${chat.data.data.id}/messages`, { body: 'Seed message', client_id: 'seed-1', attachments: [file.data.data.key] });
  if (sent.statusCode !== 201) throw new Error(`could not send a chat message: ${sent.statusCode} ${sent.body}`);
  const told = (await colleague.get('/api/notifications')).data.data as { id: string }[];
  add('/api/notifications/', told[0].id);
  // Recruitment: an open opening (its public slug too), an applicant with an interview and an offer.
  const opening = await owner.post('/api/job-openings', { title: 'Seed export coordinator', location: 'GBFXT', employment_type: 'full_time', description: 'Seed opening' });
  if (opening.statusCode !== 201) throw new Error(`could not write an opening: ${opening.statusCode} ${opening.body}`);
  await owner.post(`/api/job-openings/${opening.data.data.id}/open`, {});
  add('/api/job-openings/', opening.data.data.id);
  add('/api/public/openings/', opening.data.data.public_slug);
  const applicant = await owner.post('/api/applicants', { opening_id: opening.data.data.id, name: 'Seed Applicant', email: `seed-applicant-${Math.random().toString(36).slice(2)}@example.com` });
  if (applicant.statusCode !== 201) throw new Error(`could not add an applicant: ${applicant.statusCode} ${applicant.body}`);
  add('/api/applicants/', applicant.data.data.id);
  const interview = await owner.post('/api/interviews', { applicant_id: applicant.data.data.id, scheduled_at: '2026-12-01T10:00:00Z' });
  if (interview.statusCode !== 201) throw new Error(`could not schedule an interview: ${interview.statusCode} ${interview.body}`);
  add('/api/interviews/', interview.data.data.id);
  const offer = await owner.post('/api/offers', { applicant_id: applicant.data.data.id, job_title: 'Export coordinator', contract_type: 'permanent', start_date: '2027-01-04', salary: { amount_minor: 3_200_000, currency: 'GBP', period: 'year' }, hours_per_week: '37.5' });
  if (offer.statusCode !== 201) throw new Error(`could not write an offer: ${offer.statusCode} ${offer.body}`);
  add('/api/offers/', offer.data.data.id);
  // Developers: an API key, a webhook endpoint (never delivered to: no job runs in the suite) and an attempt in its log.
  const key = await owner.post('/api/api-keys', { name: 'Seed key', scopes: ['quotes.view'] });
  if (key.statusCode !== 201) throw new Error(`could not make an API key: ${key.statusCode} ${key.body}`);
  add('/api/api-keys/', key.data.data.id);
  const endpoint = await owner.post('/api/webhook-endpoints', { url: 'http://127.0.0.1:9/seed', description: 'Seed endpoint', event_types: ['booking.confirmed'] });
  if (endpoint.statusCode !== 201) throw new Error(`could not add a webhook endpoint: ${endpoint.statusCode} ${endpoint.body}`);
  add('/api/webhook-endpoints/', endpoint.data.data.id);
  const ping = await owner.post(`/api/webhook-endpoints/${endpoint.data.data.id}/test`, {});
  if (ping.statusCode !== 202) throw new Error(`could not queue a test delivery: ${ping.statusCode} ${ping.body}`);
  if (database) {
    // The attempt as the dispatcher would log it, without a connection.
    await database.query(`insert into webhook_attempts (organisation_id, id, delivery_id, endpoint_id, event_id, event_type, status, response_status, duration_ms, error)
      select organisation_id, gen_random_uuid(), id, endpoint_id, event_id, 'ping', 'failed', null, 0, 'seed' from webhook_deliveries where organisation_id = $1 and id = $2`, [owner.orgId, ping.data.data.delivery_id]);
    const [attempt] = await database.query<{ id: string }>('select id from webhook_attempts where organisation_id = $1 and delivery_id = $2', [owner.orgId, ping.data.data.delivery_id]);
    add('/api/webhook-deliveries/', attempt.id);
  }
  // AI: a member's monthly cap names the member.
  add('/api/ai/member-caps/', owner.userId);
  // Analytics: a saved view of the owner's, mailed to the owner monthly.
  const view = await owner.post('/api/analytics/views', { name: 'Seed view', filters: { group: 'week' } });
  if (view.statusCode !== 201) throw new Error(`could not save an analytics view: ${view.statusCode} ${view.body}`);
  add('/api/analytics/views/', view.data.data.id);
  const subscribed = await owner.post(`/api/analytics/views/${view.data.data.id}/subscriptions`, { user_id: owner.userId, frequency: 'monthly' });
  if (subscribed.statusCode !== 201) throw new Error(`could not subscribe to an analytics view: ${subscribed.statusCode} ${subscribed.body}`);
  add('/api/analytics/views/{id}/subscriptions/', subscribed.data.data.subscriptions[0].id);
  return { orgId: owner.orgId, byPrefix, userIds: [owner.userId, colleague.userId], emails: [owner.email, colleague.email] };
}

/** A stable 32-bit seed per operation and phase, from the run's seed (FNV-1a). */
export function seedFor(seed: number, ...parts: string[]): number {
  let h = 0x811c9dc5 ^ seed;
  for (const ch of parts.join('|')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h | 0;
}
