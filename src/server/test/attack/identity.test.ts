/**
 * The attack suite's classes about people (issue 21, items 1, 5 and 6; see suite.ts for the whole
 * suite), each over every operation of the OpenAPI document that could reopen it:
 *
 * - streams end with their session: every streaming operation, opened by a logged-in person, ends
 *   when that person logs out or their session is revoked;
 * - a deactivated member is nobody's colleague: every operation whose body names a member (an
 *   owner, assignee, manager, interviewer, key contact, a chat's members …) takes an active member
 *   and refuses a deactivated one with 422, writing nothing;
 * - nobody's account is bound or made by someone else's call: every write operation, called by an
 *   organisation's owner with a free person's e-mail in its e-mail fields and with the records of
 *   applicants (with accepted offers) for that e-mail and for an e-mail without an account, leaves
 *   that person's account, their memberships and the unknown address as they were.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '#shared/resources/registry.ts';
import { RESOURCE_FIXTURES } from '../resource-fixtures.ts';
import { openStream } from '../sse.ts';
import { prefixOf, RAW_BODY_OPERATIONS, STREAM_OPERATIONS, UPLOAD_OPERATIONS, urlOf, type JsonSchema, type Operation } from './operations.ts';
import { valid } from './schema-arbitraries.ts';
import { describeWrites, exempted, openWorld, seedFor, seedRecords, show, type Answer, type OrgRecords, type Owner, type Person } from './suite.ts';

const w = await openWorld('identity.test.ts');
const ops = [...w.ops].sort((a, b) => a.key.localeCompare(b.key));
let owner: Owner;
let records: OrgRecords;

beforeAll(async () => {
  owner = await w.people.owner();
  records = await seedRecords(owner, w.database);
  await w.settle();
  w.profile.setup = Date.now() - w.started;
});
afterAll(async () => {
  w.record();
  await w.close();
});

const resourceOf = (op: Operation) => RESOURCES.find((d) => op.path === `/api/${d.name}` || op.path === `/api/${d.name}/{id}`);
/** The first record of the organisation a path parameter names. */
const pathValue = (op: Operation, param: string, overrides: Record<string, string> = {}) => overrides[prefixOf(op, param)] ?? records.byPrefix[prefixOf(op, param)]?.[0] ?? '00000000-0000-7000-8000-000000000000';
const urlFor = (op: Operation, overrides: Record<string, string> = {}) => urlOf(op, Object.fromEntries(op.pathParams.map((p) => [p.name, pathValue(op, p.name, overrides)])));
const applyAnswer = async (who: Person, op: Operation, url: string, body: unknown): Promise<Answer> => w.call(who, op.key, op.method, url, body);

// ── streams end with their session ─────────────────────────────────────────

describe('every stream ends with its session', () => {
  let base = '';
  beforeAll(async () => {
    base = await w.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it.each(STREAM_OPERATIONS.map((k) => [k] as const))('%s: ends on logout and on a revoked session', async (key) => {
    const op = ops.find((o) => o.key === key)!;
    expect(op, `${key} is not in the document`).toBeTruthy();
    for (const end of ['logout', 'revoked'] as const) {
      const person = await w.people.user();
      const cookie = [...person.jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const s = await openStream(`${base}${urlFor(op)}`, { cookie });
      expect(s.status(), `${key} did not open for a logged-in person`).toBe(200);
      await s.next(() => true);
      if (end === 'logout') expect((await person.post('/api/auth/logout', {})).statusCode).toBe(204);
      else await w.database.query('delete from sessions where user_id = $1', [person.userId]);
      await s.ended();
      w.figures.streamsEnded++;
      const again = await openStream(`${base}${urlFor(op)}`, { cookie });
      expect(again.status(), `${key} opened again for an ended session (${end})`).toBe(401);
      again.close();
    }
  });
});

// ── a deactivated member is nobody's colleague ─────────────────────────────

/** Body fields that name a member of the caller's organisation (or, for a chat, people). */
const MEMBER_FIELD = /(^|_)(user|manager|interviewer|reviewer)_id$|^member_ids$/;
const memberFields = (op: Operation) => Object.keys(op.body?.properties ?? {}).filter((k) => MEMBER_FIELD.test(k));

describe('a deactivated member is nobody’s colleague: every field naming a member refuses one', () => {
  let colleague: Person;
  /** For the other member fields of a body while one is checked (nobody is their own manager). */
  let second: Person;
  let gone: Person;
  const extra: Record<string, string> = {};
  /** Bodies the operations accept, for those that are no plain record (the member fields are set by the test). */
  const BODIES: Record<string, () => Record<string, unknown>> = {
    'POST /api/chats': () => ({}),
    'POST /api/deals': () => ({ pipeline_id: records.byPrefix['/api/pipelines/'][0], title: `Member check ${Math.random()}`, value_minor: 100000, currency: 'GBP' }),
    'POST /api/job-openings': () => ({ title: 'Member check opening', location: 'GBFXT', employment_type: 'full_time' }),
    'PATCH /api/job-openings/{id}': () => ({}),
    'POST /api/interviews': () => ({ applicant_id: extra.applicant, scheduled_at: '2026-12-03T10:00:00Z' }),
    'PATCH /api/interviews/{id}': () => ({}),
    'POST /api/applicants/{id}/hire': () => ({}),
    'POST /api/tasks/{id}/assign': () => ({}),
    'POST /api/exceptions/{id}/assign': () => ({}),
    'PUT /api/connections/{id}/key-contact': () => ({}),
  };
  let seq = 500;

  beforeAll(async () => {
    colleague = await owner.join(owner.role('staff'));
    second = await owner.join(owner.role('staff'));
    gone = await owner.join(owner.role('staff'));
    expect((await owner.request('PATCH', `/api/staff/${gone.userId}`, { status: 'deactivated' })).statusCode).toBe(200);
    // An applicant in the running, with an accepted offer (hire takes a manager).
    const opening = records.byPrefix['/api/job-openings/'][0];
    const a = await owner.post('/api/applicants', { opening_id: opening, name: 'Member Check', email: `member-check-${Math.random().toString(36).slice(2)}@example.com` });
    extra.applicant = a.data.data.id;
    const offer = await owner.post('/api/offers', { applicant_id: extra.applicant, job_title: 'Planner', contract_type: 'permanent', start_date: '2027-01-04', salary: { amount_minor: 3_000_000, currency: 'GBP', period: 'year' }, hours_per_week: '37.5' });
    await owner.post(`/api/offers/${offer.data.data.id}/send`, {});
    await owner.post(`/api/offers/${offer.data.data.id}/accept`, {});
    // A connection of the organisation with someone outside it: its key contact is one of its members.
    const partner = await w.people.user();
    const asked = await owner.post('/api/connections', { target: { type: 'user', id: partner.userId }, as_organisation: true });
    expect(asked.statusCode, asked.body).toBe(201);
    expect((await partner.request('PATCH', `/api/connections/${asked.data.data.id}`, { status: 'connected' })).statusCode).toBe(200);
    extra.connection = asked.data.data.id;
    await w.settle();
  });

  const checked = ops.filter((o) => o.method !== 'GET' && memberFields(o).length > 0);

  it('finds the operations to check', () => {
    expect(checked.length).toBeGreaterThan(20);
  });

  it.each(checked.map((o) => [o.key, o] as const))('%s', async (_key, op) => {
    const overrides = { '/api/applicants/': extra.applicant, '/api/connections/': extra.connection };
    const url = urlFor(op, overrides);
    const problems: string[] = [];
    for (const field of memberFields(op)) {
      const isList = op.body?.properties?.[field]?.type === 'array';
      const name = (id: string) => (isList ? [id] : id);
      const base = async (): Promise<Record<string, unknown>> => {
        const known = BODIES[op.key];
        if (known) return known();
        const d = resourceOf(op);
        const f = d && RESOURCE_FIXTURES[d.name];
        if (f && op.method === 'POST') return f.valid(seq++, f.prepare ? await f.prepare((p, b) => owner.post(p, b), colleague.userId) : {});
        if (f) return {};
        return fc.sample(valid(op.body as JsonSchema, { uuids: () => [] }), { seed: seedFor(0, 'members', op.key), numRuns: 1 })[0] as Record<string, unknown>;
      };
      const body = await base();
      const others = Object.fromEntries(memberFields(op).filter((f) => f !== field && f in body).map((f) => [f, name(second.userId)]));
      const control = await applyAnswer(owner, op, url, { ...body, ...others, [field]: name(colleague.userId) });
      if (control.status >= 300) {
        problems.push(`${field}: an active member was refused (${control.status} ${control.body.slice(0, 200)}): give the suite a body this operation accepts (BODIES in identity.test.ts)`);
        continue;
      }
      const attack = { ...(await base()), ...others, [field]: name(gone.userId) };
      // What the fixtures' preparation wrote is no write of the request under test.
      await w.settle();
      const res = await applyAnswer(owner, op, url, attack);
      w.figures.memberFieldsChecked++;
      if (res.status !== 422) problems.push(`${field}: a deactivated member was not refused with 422 but ${res.status} ${res.body.slice(0, 200)} (${op.method} ${url})`);
      const writes = res.writes.filter((x) => !exempted(op.key, x));
      if (writes.length) problems.push(`${field}: naming a deactivated member wrote ${describeWrites(writes)} (${res.status})`);
    }
    expect(problems).toEqual([]);
  });
});

// ── nobody's account is bound or made by someone else's call ───────────────

const isEmailField = (k: string, s: JsonSchema) => s.format === 'email' || /(^|_)email$|^to$/.test(k);
/** The body with every e-mail field (top level, and of objects in arrays) set to `email`. */
function withEmail(schema: JsonSchema | undefined, body: unknown, email: string): unknown {
  if (!schema?.properties || !body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const [k, s] of Object.entries(schema.properties)) {
    if (isEmailField(k, s) && (k in out || schema.required?.includes(k))) out[k] = s.type === 'array' ? [email] : email;
    else if (s.type === 'array' && s.items?.properties && Array.isArray(out[k])) out[k] = (out[k] as unknown[]).map((x) => withEmail(s.items, x, email));
  }
  return out;
}
const hasEmailField = (op: Operation) => Object.entries(op.body?.properties ?? {}).some(([k, s]) => isEmailField(k, s));

describe('nobody’s account is bound or made by someone else’s call', () => {
  let bystander: Person;
  const unknown = `nobody-yet-${Math.random().toString(36).slice(2)}@example.com`;
  const applicantOf: Record<string, string> = {};

  /** What must not move: the free person's account and memberships, and whether the unknown address has an account. */
  const state = async () => (await w.database.query<{ s: string }>(`
    select concat_ws('|', (select row(organisation_id, email_verified, name, email)::text from users where id = $1),
                          (select count(*) from organisation_members where user_id = $1),
                          (select count(*) from users where email = $2)) as s`, [bystander.userId, unknown]))[0].s;

  beforeAll(async () => {
    bystander = await w.people.user();
    // Applicants with accepted offers for both addresses: hiring them is what bound accounts before.
    const opening = records.byPrefix['/api/job-openings/'][0];
    for (const email of [bystander.email, unknown]) {
      const a = await owner.post('/api/applicants', { opening_id: opening, name: 'Free Person', email });
      expect(a.statusCode, a.body).toBe(201);
      const offer = await owner.post('/api/offers', { applicant_id: a.data.data.id, job_title: 'Planner', contract_type: 'permanent', start_date: '2027-02-01', salary: { amount_minor: 3_000_000, currency: 'GBP', period: 'year' }, hours_per_week: '37.5' });
      await owner.post(`/api/offers/${offer.data.data.id}/send`, {});
      await owner.post(`/api/offers/${offer.data.data.id}/accept`, {});
      applicantOf[email] = a.data.data.id;
    }
    await w.settle();
  });

  // Every write an organisation's owner may make (public operations are a visitor's own acts: sign-up, login, an invitation's link).
  const writes = ops
    .filter((o) => o.method !== 'GET' && o.access !== 'public' && ![...UPLOAD_OPERATIONS, ...RAW_BODY_OPERATIONS, ...STREAM_OPERATIONS].includes(o.key))
    // Deletions last, so that the records the others name are still there.
    .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

  it('leaves a free person’s account and an unknown address alone, whatever the owner calls', async () => {
    const before = await state();
    const problems: string[] = [];
    let hired = 0;
    for (const email of [bystander.email, unknown]) {
      for (const op of writes) {
        // For the address without an account, only what can carry an address: its e-mail fields or an applicant.
        if (email === unknown && !hasEmailField(op) && !op.path.startsWith('/api/applicants/')) continue;
        const url = urlFor(op, { '/api/applicants/': applicantOf[email] });
        const d = resourceOf(op);
        const f = d && RESOURCE_FIXTURES[d.name];
        const sample = op.key === 'POST /api/applicants/{id}/hire'
          ? {}
          : f && op.method === 'POST' ? f.valid(900 + w.figures.accountCallsChecked, new Proxy({}, { get: () => records.orgId }) as Record<string, string>)
            : f ? f.change
              : op.body ? fc.sample(valid(op.body, { uuids: () => [] }), { seed: seedFor(0, 'accounts', op.key), numRuns: 1 })[0] : undefined;
        const body = withEmail(op.body, sample, email);
        const res = await applyAnswer(owner, op, url, body);
        w.figures.accountCallsChecked++;
        if (op.key === 'POST /api/applicants/{id}/hire' && res.status === 201) hired++;
        const now = await state();
        if (now !== before) {
          problems.push(`${op.key} (${res.status}, ${email === unknown ? 'an address without an account' : 'a free person'}): ${before} → ${now} (${op.method} ${url} ${show(body)})`);
          // Put the person back, so that the next operation is judged on its own.
          await w.database.query('delete from organisation_members where user_id = $1', [bystander.userId]);
          await w.database.query('update users set organisation_id = null where id = $1', [bystander.userId]);
          await w.database.query('delete from users where email = $1', [unknown]).catch(() => {});
          await w.settle();
        }
      }
    }
    // The hire itself was reached for both (an invitation each), not refused on the way.
    expect(hired, 'hiring the applicants was refused: the class is not exercised').toBe(2);
    expect(problems).toEqual([]);
    // Some 270 requests, each judged: minutes on a busy machine, not the 30 s of a single test.
  }, 300_000);
});

describe('these classes', () => {
  it('answered no 5xx', () => {
    expect(w.serverErrors).toEqual([]);
  });
  // A refused request changes nothing here either (a refused first card made the organisation's billing customer once).
  it('changed no data when refusing', () => {
    expect(w.changed).toEqual([]);
  });
});
