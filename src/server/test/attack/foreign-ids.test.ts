/**
 * The attack suite's foreign-id class (issue 21 item 7): every id-shaped field of every operation's
 * body, nested ones too (`lines[].charge_code_id`, `ratings[].criterion_id`, `member_ids[]`), and
 * every id-shaped query value, is given another organisation's record.
 *
 * - A body field must be refused with 404 or 422 in the error shape, writing nothing; and the same
 *   body with the caller's own record in that field must then be accepted, so that the refusal is
 *   proven to be the tenant check's and not a refusal of the body for some other reason.
 * - A query value (a filter, a cursor) may be refused or answered, but an answer shows none of the
 *   other organisation's records; the same query with the caller's own record is answered.
 *
 * Fields that may name another organisation's record on purpose, or hold no record at all, are
 * listed in FOREIGN_ALLOWED with the reason; a new id field that accepts a foreign id fails until
 * it is refused or listed there.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '#shared/resources/registry.ts';
import { RESOURCE_FIXTURES, type Refs } from '../resource-fixtures.ts';
import { prefixOf, RAW_BODY_OPERATIONS, STREAM_OPERATIONS, UPLOAD_OPERATIONS, urlOf, type JsonSchema, type Operation } from './operations.ts';
import { valid } from './schema-arbitraries.ts';
import { allIds, openWorld, seedFor, seedRecords, type Answer, type Owner, type OrgRecords, type Person, type World } from './suite.ts';

const w: World = await openWorld('foreign-ids.test.ts');

/** Where a body holds ids, nested too: `['charges', 0, 'charge_code_id']`, with the field's name and whether it is a list of ids. */
type IdField = { path: (string | number)[]; name: string; list: boolean };

const NOT_IDS = /^(price|client|payment_method|provider|external|stripe|session|event|message)_id$/;

function idFields(s: JsonSchema | undefined, path: (string | number)[] = [], name = ''): IdField[] {
  if (!s) return [];
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return branches.flatMap((b) => idFields(b, path, name)).filter((f, i, all) => all.findIndex((g) => g.path.join('.') === f.path.join('.')) === i);
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('string') && (s.format === 'uuid' || (/_id$/.test(name) && !NOT_IDS.test(name)))) return [{ path, name, list: false }];
  if (types.includes('array') && s.items) {
    const items = s.items;
    const itemTypes = Array.isArray(items.type) ? items.type : [items.type];
    if (itemTypes.includes('string') && (items.format === 'uuid' || /_ids$/.test(name))) return [{ path, name, list: true }];
    return idFields(items, [...path, 0], name);
  }
  if (types.includes('object') && s.properties) return Object.entries(s.properties).flatMap(([k, p]) => idFields(p, [...path, k], k));
  return [];
}

/** `body` with the value at `path` set (objects and arrays made on the way as needed), in the first item of a list or in every one. */
function withValue(body: unknown, path: (string | number)[], value: unknown, everyItem = false): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(body) && body.length ? [...body] : [{}];
    for (let i = 0; i < (everyItem ? list.length : 1); i++) list[i] = withValue(list[i], rest, value, everyItem);
    return list;
  }
  const obj = body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : {};
  obj[head] = withValue(obj[head], rest, value, everyItem);
  return obj;
}

function valueAt(body: unknown, path: (string | number)[]): unknown {
  let v: unknown = body;
  for (const p of path) v = v && typeof v === 'object' ? (v as Record<string | number, unknown>)[p] : undefined;
  return v;
}

/**
 * Fields that may name another organisation's record on purpose, or that hold no record of anyone's,
 * with the reason (`METHOD /path field`, `[]` after a list, `?` before a query value).
 */
const FOREIGN_ALLOWED: Record<string, string> = {
  'POST /api/connections target.id': 'a connection request names the other organisation: reaching across is the point (it waits for their acceptance)',
  'POST /api/ai/quote-drafts request_id': 'the caller’s own idempotency id (any UUID it chooses), no record’s: the same id twice charges once',
  'POST /api/ai/credits/purchase request_id': 'the caller’s own idempotency id (any UUID it chooses), no record’s: the same id twice buys once',
  'POST /api/shipments/{id}/ai/client-update request_id': 'the caller’s own idempotency id (any UUID it chooses), no record’s: the same id twice charges once',
};

/** Id fields the JSON schema cannot show (values of a dictionary): a saved analytics view's filters. */
const HIDDEN_ID_FIELDS: Record<string, IdField[]> = {
  'POST /api/analytics/views': [{ path: ['filters', 'salesperson'], name: 'salesperson_id', list: false }, { path: ['filters', 'department'], name: 'department_id', list: false }],
};
const bodyIdFields = (op: Operation): IdField[] => [...idFields(op.body), ...(HIDDEN_ID_FIELDS[op.key] ?? [])];

/** Field names that do not say their collection. */
const ALIASES: Record<string, string> = {
  parent: 'goal', into: 'native_organisation', opening: 'job_opening', structure: 'salary_structure', cycle: 'review_cycle',
};

describe('another organisation’s ids in every id-shaped body field and query value, nested too', () => {
  let owner: Owner;
  let colleague: Person;
  let mine: OrgRecords;
  let theirs: OrgRecords;
  let theirIds: string[];
  let n = 0;

  beforeAll(async () => {
    owner = await w.people.owner();
    mine = await seedRecords(owner, w.database);
    colleague = await owner.join(owner.role('staff'));
    theirs = await seedRecords(await w.people.owner(), w.database);
    theirIds = allIds(theirs);
    contactId = await made(owner.post('/api/native-contacts', { native_organisation_id: ownFor('native_organisation_id'), name: 'Foreign Id Contact' }));
    stageId = ((await owner.get('/api/recruitment-stages?per_page=100')).data.data as { id: string; kind: string }[]).find((x) => x.kind === 'active')!.id;
    const reviews = (await owner.get('/api/reviews?scope=mine')).data.data as { id: string }[];
    const detail = (await owner.get(`/api/reviews/${reviews[0].id}`)).data.data as { criteria: { id: string }[] };
    selfReview = { id: reviews[0].id, criterion: detail.criteria[0].id };
    // A review of the colleague (managed by the owner) that waits for the manager: the manager review's record.
    await made(owner.post('/api/employees', { user_id: colleague.userId, manager_id: owner.userId, job_title: 'Foreign id clerk', work_location: 'GBFXT', employment_type: 'full_time', start_date: '2025-01-01', salary_currency: 'GBP' }));
    const cycle = await made(owner.post('/api/review-cycles', { name: 'Foreign id review', period_start: '2026-01-01', period_end: '2026-12-31' }));
    const criterion = await made(owner.post('/api/review-criteria', { cycle_id: cycle, name: 'Accuracy', weight: '100' }));
    await made(owner.post(`/api/review-cycles/${cycle}/open`, {}));
    const theirReview = ((await colleague.get(`/api/reviews?scope=mine&cycle_id=${cycle}`)).data.data as { id: string }[])[0].id;
    await made(colleague.request('PUT', `/api/reviews/${theirReview}/self`, { ratings: [{ criterion_id: criterion, rating: 4 }], submit: true }));
    managerReview = { id: theirReview, criterion };
    for (const p of (await owner.get('/api/pipelines')).data.data as { id: string; stages: { id: string; outcome: string }[] }[]) stageOf[p.id] = p.stages.find((x) => x.outcome === 'open')!.id;
    goalCycle = (await owner.get(`/api/goals?employee_id=${ownFor('employee_id')}`)).data.data.find((g: { id: string }) => g.id === ownFor('goal_id')).cycle_id;
    connectionId = await made(owner.post('/api/connections', { target: { type: 'organisation', id: theirs.orgId }, as_organisation: true }));
    await w.settle();
  });
  afterAll(async () => {
    w.record();
    await w.close();
  });

  /** A record of `records` that a field of that name would name: by its collection, else its people or the organisation. */
  function recordFor(records: OrgRecords, field: string, colleagueId: string, ownerId: string): string {
    const stem = ALIASES[field.replace(/_ids?$/, '')] ?? field.replace(/_ids?$/, '').replace(/^default_/, '');
    if (/(^|_)manager$/.test(stem)) return ownerId;
    if (/^(user|member|assignee_user|staff_user|owner_user|reviewer|approver|interviewer|assigned_user|salesperson)$/.test(stem)) return colleagueId;
    const plural = stem.replace(/_/g, '-');
    const names = [`${plural}s`, `${plural}es`, plural.replace(/y$/, 'ies')];
    const key = Object.keys(records.byPrefix).find((k) => names.some((x) => k === `/api/${x}/` || k.endsWith(`/${x}/`)));
    return (key && records.byPrefix[key][0]) || records.orgId;
  }
  const foreignFor = (field: string) => recordFor(theirs, field, theirs.userIds[1], theirs.userIds[0]);
  const ownFor = (field: string) => recordFor(mine, field, colleague.userId, owner.userId);

  type Base = { path: Record<string, string>; body?: unknown };
  const fresh = () => Math.random().toString(36).slice(2, 10);
  /** The id of a record a setup request made (it must have been made). */
  const made = async (res: ReturnType<Owner['post']>): Promise<string> => {
    const r = await res;
    if (r.statusCode >= 300) throw new Error(`setting up a base body failed: ${r.statusCode} ${r.body}`);
    return r.data.data.id as string;
  };
  /** An applicant of the seeded opening with an offer, sent and accepted: one that may be hired. */
  async function hireable(): Promise<string> {
    const applicant = await made(owner.post('/api/applicants', { opening_id: ownFor('opening_id'), name: 'Foreign Id Hire', email: `hire-${fresh()}@example.com` }));
    const offer = await made(owner.post('/api/offers', { applicant_id: applicant, job_title: 'Export coordinator', contract_type: 'permanent', start_date: '2027-01-04', salary: { amount_minor: 3_200_000, currency: 'GBP', period: 'year' }, hours_per_week: '37.5' }));
    await made(owner.post(`/api/offers/${offer}/send`, {}));
    await made(owner.post(`/api/offers/${offer}/accept`, {}));
    return applicant;
  }
  const quoteBody = () => ({
    client: { type: 'native_organisation', id: ownFor('native_organisation_id') }, contact_id: contactId, mode: 'road_ftl', origin: 'NLRTM', destination: 'DEHAM', currency: 'EUR', valid_until: '2099-12-31',
    cargo: [{ packages: 1, length_cm: 120, width_cm: 80, height_cm: 150, weight_kg: 400 }],
    lines: [{ charge_code_id: ownFor('charge_code_id'), basis: 'per_shipment', buy: { amount_minor: 1000, currency: 'EUR' }, sell: { amount_minor: 2000, currency: 'EUR' } }],
  });
  const rateBody = () => ({
    carrier: 'Foreign Id Haulage', mode: 'road_ftl', origin: 'NLRTM', destination: 'DEHAM', valid_from: '2026-01-01', valid_until: '2099-12-31', partner_id: ownFor('partner_id'),
    charges: [{ charge_code_id: ownFor('charge_code_id'), basis: 'per_shipment', currency: 'EUR', amount_minor: 80000 }],
  });
  let contactId = '';
  /**
   * Bodies (and path records) known to be accepted, for operations whose generated bodies would be
   * refused for other reasons; called anew for each request, so that each may make what it needs.
   */
  const BASES: Record<string, () => Promise<Partial<Base>>> = {
    'POST /api/shipments': async () => ({
      body: { client: { type: 'native_organisation', id: ownFor('native_organisation_id') }, client_name: 'Foreign Id Test Ltd', mode: 'air', origin: 'HKHKG', destination: 'GBLHR', currency: 'GBP', charges: [{ charge_code_id: ownFor('charge_code_id'), description: 'Air freight', quoted_sell_minor: 100, quoted_buy_minor: 50 }] },
    }),
    'POST /api/quotes': async () => ({ body: quoteBody() }),
    'PATCH /api/quotes/{id}': async () => ({ path: { id: await made(owner.post('/api/quotes', quoteBody())) }, body: quoteBody() }),
    'POST /api/rates': async () => ({ body: rateBody() }),
    'PATCH /api/rates/{id}': async () => ({ body: rateBody() }),
    'PATCH /api/staff/{userId}': async () => ({ path: { userId: colleague.userId }, body: { role_id: owner.role('staff'), department_id: ownFor('department_id') } }),
    'POST /api/staff/invitations': async () => ({ body: { email: `invited-${fresh()}@example.com`, role_id: owner.role('staff'), department_id: ownFor('department_id') } }),
    'PUT /api/control-centre/configurations': async () => ({ body: { default_role_id: owner.role('staff'), default_department_id: ownFor('department_id') } }),
    'POST /api/chats/{id}/read': async () => {
      const chat = ownFor('chat_id');
      const messages = (await owner.get(`/api/chats/${chat}/messages`)).data.data as { id: string }[];
      return { path: { id: chat }, body: { message_id: messages[0].id } };
    },
    'POST /api/contracts': async () => ({ body: { employee_id: ownFor('employee_id'), type: 'permanent', start_date: '2026-01-01', hours_per_week: '37.5', salary: { amount_minor: 3_000_000, currency: 'GBP', period: 'year' } } }),
    'POST /api/leave-requests': async () => {
      const types = (await owner.get('/api/leave-types?per_page=100')).data.data as { id: string; code: string }[];
      // A Wednesday of 2027 (no public holiday is on one of these).
      const day = new Date(Date.UTC(2027, 0, 6 + 7 * (n++ % 40))).toISOString().slice(0, 10);
      return { body: { employee_id: ownFor('employee_id'), leave_type_id: types.find((x) => x.code === 'ANNUAL')!.id, start_date: day, end_date: day } };
    },
    // A sub-goal of the seeded goal: its person and its cycle.
    'POST /api/goals': async () => ({ body: { employee_id: ownFor('employee_id'), title: `Goal ${fresh()}`, cycle_id: goalCycle, parent_id: ownFor('goal_id') } }),
    'PATCH /api/goals/{id}': async () => ({ body: { cycle_id: ownFor('cycle_id') } }),
    'POST /api/job-openings': async () => ({ body: { title: `Opening ${fresh()}`, location: 'GBFXT', employment_type: 'full_time', description: 'Foreign id test', department_id: ownFor('department_id'), hiring_manager_id: owner.userId } }),
    'PATCH /api/job-openings/{id}': async () => ({ body: { department_id: ownFor('department_id'), hiring_manager_id: owner.userId } }),
    'POST /api/applicants': async () => ({ body: { opening_id: ownFor('opening_id'), stage_id: stageId, name: 'Foreign Id Applicant', email: `applicant-${fresh()}@example.com` } }),
    'POST /api/applicants/{id}/move': async () => ({ path: { id: await made(owner.post('/api/applicants', { opening_id: ownFor('opening_id'), name: 'Foreign Id Mover', email: `mover-${fresh()}@example.com` })) }, body: { stage_id: stageId } }),
    'PATCH /api/interviews/{id}': async () => ({ body: { interviewer_id: owner.userId } }),
    'POST /api/offers': async () => ({
      body: { applicant_id: await made(owner.post('/api/applicants', { opening_id: ownFor('opening_id'), name: 'Foreign Id Offer', email: `offer-${fresh()}@example.com` })), job_title: 'Export coordinator', contract_type: 'permanent', start_date: '2027-01-04', salary: { amount_minor: 3_200_000, currency: 'GBP', period: 'year' }, hours_per_week: '37.5' },
    }),
    'POST /api/applicants/{id}/hire': async () => ({ path: { id: await hireable() }, body: { department_id: ownFor('department_id'), manager_id: owner.userId, role_id: owner.role('staff') } }),
    'POST /api/native-organisations/{id}/merge': async () => ({ path: { id: await made(owner.post('/api/native-organisations', RESOURCE_FIXTURES['native-organisations'].valid(8000 + n++, {}))) }, body: { into_id: ownFor('native_organisation_id') } }),
    'POST /api/deals': async () => ({ body: { pipeline_id: ownFor('pipeline_id'), stage_id: stageOf[ownFor('pipeline_id')], title: `Deal ${fresh()}`, value_minor: 100000, currency: 'GBP', native_organisation_id: ownFor('native_organisation_id'), owner_user_id: colleague.userId } }),
    'PATCH /api/deals/{id}': async () => ({ body: { stage_id: stageOf[ownFor('pipeline_id')] } }),
    'PUT /api/reviews/{id}/self': async () => ({ path: { id: selfReview.id }, body: { ratings: [{ criterion_id: selfReview.criterion, rating: 4 }] } }),
    'PUT /api/reviews/{id}/manager': async () => ({ path: { id: managerReview.id }, body: { ratings: [{ criterion_id: managerReview.criterion, rating: 4 }] } }),
    // A new employee record of the colleague's, so that the seeded one (the owner's, under review) keeps its person.
    'PATCH /api/employees/{id}': async () => ({
      path: { id: await made(owner.post('/api/employees', { user_id: colleague.userId, job_title: 'Clerk', work_location: 'GBFXT', employment_type: 'full_time', start_date: `20${10 + (n % 17)}-0${1 + (n++ % 9)}-11`, salary_currency: 'GBP' })) },
      body: { job_title: 'Senior clerk', user_id: colleague.userId, department_id: ownFor('department_id'), manager_id: owner.userId },
    }),
    'PUT /api/connections/{id}/key-contact': async () => ({ path: { id: connectionId }, body: { user_id: colleague.userId } }),
    'PUT /api/shipments/{id}/charges': async () => ({ body: { charges: [{ charge_code_id: ownFor('charge_code_id'), description: 'Air freight', quoted_sell_minor: 100, quoted_buy_minor: 50 }] } }),
    'POST /api/interviews': async () => ({ body: { applicant_id: ownFor('applicant_id'), interviewer_id: owner.userId, scheduled_at: '2026-12-01T10:00:00Z' } }),
    'POST /api/analytics/views': async () => ({ body: { name: `View ${fresh()}`, filters: { group: 'week', salesperson: colleague.userId, department: ownFor('department_id') } } }),
    'POST /api/exceptions/{id}/assign': async () => ({ body: { user_id: colleague.userId } }),
  };
  let stageId = '';
  let goalCycle = '';
  let connectionId = '';
  const stageOf: Record<string, string> = {};
  let selfReview = { id: '', criterion: '' };
  let managerReview = { id: '', criterion: '' };

  const resourceOf = (op: Operation) => RESOURCES.find((r) => op.path === `/api/${r.name}` || op.path === `/api/${r.name}/{id}`);
  const refsFor = new Map<string, Refs>();

  /** A body for `op` that the server takes: a known one, a resource's fixture, else a generated one that was accepted. */
  async function baseFor(op: Operation): Promise<Base> {
    const path = Object.fromEntries(op.pathParams.map((p) => [p.name, mine.byPrefix[prefixOf(op, p.name)]?.[0] ?? '']));
    const known = BASES[op.key];
    if (known) {
      const b = await known();
      await w.settle();
      return { path, ...b };
    }
    const d = resourceOf(op);
    const f = d && RESOURCE_FIXTURES[d.name];
    if (f) {
      if (!refsFor.has(d.name)) {
        refsFor.set(d.name, f.prepare ? await f.prepare((p, b) => owner.post(p, b), colleague.userId) : {});
        await w.settle();
      }
      return { path, body: op.method === 'PATCH' ? { ...f.change } : f.valid(7000 + n++, refsFor.get(d.name)!) };
    }
    if (!op.body) return { path };
    // Generated from the schema, with the caller's own records in its id fields.
    const fields = idFields(op.body);
    const hints = { uuids: () => [colleague.userId, ...Object.values(mine.byPrefix).flat()] };
    const samples = fc.sample(valid(op.body, hints), { seed: seedFor(w.seed, op.key, 'foreign-base'), numRuns: 40 });
    for (const s of samples) {
      const body = fields.reduce<unknown>((b, f) => withValue(b, f.path, f.list ? [ownFor(f.name)] : ownFor(f.name), true), s);
      return { path, body };
    }
    return { path };
  }

  const send = (op: Operation, path: Record<string, string>, query: [string, string][], body: unknown): Promise<Answer> =>
    w.call(owner, op.key, op.method, urlOf(op, path, query), body);

  const special = new Set([...UPLOAD_OPERATIONS, ...RAW_BODY_OPERATIONS, ...STREAM_OPERATIONS]);
  const queryIds = (op: Operation) => op.query.filter((q) => q.schema.format === 'uuid' || (/_ids?$/.test(q.name) && !NOT_IDS.test(q.name)));
  const withIds = w.ops.filter((o) => !special.has(o.key) && ((o.method !== 'GET' && bodyIdFields(o).length) || queryIds(o).length));

  it.each(withIds.map((o) => [o.key, o] as const))('%s', async (_key, op) => {
    const problems: string[] = [];
    const errors = w.serverErrors.length;
    const changed = w.changed.length;
    w.figures.fuzzOperations.push(op.key);
    for (const field of op.method === 'GET' ? [] : bodyIdFields(op)) {
      const where = `${field.path.join('.')}${field.list ? '[]' : ''}`;
      const base = await baseFor(op);
      const mineHere = typeof valueAt(base.body, field.path) === 'string' || Array.isArray(valueAt(base.body, field.path)) ? valueAt(base.body, field.path) : field.list ? [ownFor(field.name)] : ownFor(field.name);
      const foreign = foreignFor(field.name);
      const res = await send(op, base.path, [], withValue(base.body, field.path, field.list ? [foreign] : foreign));
      w.figures.foreignIdFields++;
      w.figures.foreignIdRequests++;
      // A field allowed to reach across may be answered in any way but a 5xx (checked below).
      if (FOREIGN_ALLOWED[`${op.key} ${where}`]) continue;
      if (res.status === 404 || res.status === 422) {
        w.figures.foreignIdRefused++;
        if (!res.data?.error?.code) problems.push(`${where}: refused without the error shape (${res.body.slice(0, 160)})`);
      } else if (res.status < 300) {
        problems.push(`${where}: accepted another organisation's ${foreign} (${res.status} ${res.body.slice(0, 160)})`);
        continue;
      } else problems.push(`${where}: refused with ${res.status}, not 404/422 (${res.body.slice(0, 160)})`);
      // The same body with the caller's own record there is taken: the refusal was the tenant check's.
      const control = await baseFor(op);
      const ok = await send(op, control.path, [], withValue(control.body, field.path, mineHere));
      if (ok.status >= 300) problems.push(`${where}: the body with the caller's own record is refused too, so the refusal proves nothing (${ok.status} ${ok.body.slice(0, 200)})`);
    }
    for (const q of queryIds(op)) {
      const base = await baseFor(op);
      const foreign = foreignFor(q.name);
      const res = await send(op, base.path, [[q.name, foreign]], op.method === 'GET' ? undefined : base.body);
      w.figures.foreignIdFields++;
      w.figures.foreignIdRequests++;
      if (res.status >= 400 && res.status < 500) w.figures.foreignIdRefused++;
      else {
        const shown = theirIds.filter((id) => id !== foreign && res.body.includes(id));
        if (shown.length) problems.push(`?${q.name}: answered with another organisation's records ${shown.join(', ')}`);
      }
      const ok = await send(op, base.path, [[q.name, ownFor(q.name)]], op.method === 'GET' ? undefined : base.body);
      if (ok.status >= 300) problems.push(`?${q.name}: the caller's own record is refused (${ok.status} ${ok.body.slice(0, 200)})`);
    }
    expect(problems).toEqual([]);
    expect(w.serverErrors.slice(errors)).toEqual([]);
    expect(w.changed.slice(changed)).toEqual([]);
  });

  it('knows every entry of FOREIGN_ALLOWED as an id field of a documented operation', () => {
    const fields = new Set(withIds.flatMap((o) => bodyIdFields(o).map((f) => `${o.key} ${f.path.join('.')}${f.list ? '[]' : ''}`)));
    expect(Object.keys(FOREIGN_ALLOWED).filter((k) => !fields.has(k))).toEqual([]);
  });
});
