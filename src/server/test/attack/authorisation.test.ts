/** The attack suite's authorisation matrix and privilege escalation (see suite.ts for the whole suite). */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, BUILTIN_ROLES, type Permission } from '#shared/resources/permissions.ts';
import { RESOURCES } from '#shared/resources/registry.ts';
import { isAccess } from '../../plugins/access.ts';
import { RESOURCE_FIXTURES } from '../resource-fixtures.ts';
import { lets, prefixOf, PUBLIC_OPERATIONS, RAW_BODY_OPERATIONS, registeredApiRoutes, shapeOf, STREAM_OPERATIONS, UNDOCUMENTED_ROUTES, UPLOAD_OPERATIONS, urlOf, type HttpMethod, type Operation } from './operations.ts';
import { valid } from './schema-arbitraries.ts';
import { allIds, describeWrites, exempted, openWorld, seedFor, seedRecords, show, type Answer, type Client, type OrgRecords, type Owner, type Person, type Snapshot } from './suite.ts';

const w = await openWorld('authorisation.test.ts');
const ops = [...w.ops].sort((a, b) => a.key.localeCompare(b.key));
afterAll(async () => {
  w.record();
  await w.close();
});

describe('the OpenAPI document', () => {
  it('declares who may call every operation (x-access)', () => {
    expect(ops.filter((o) => !isAccess(o.access)).map((o) => o.key)).toEqual([]);
  });

  it('has exactly the public operations of the allow-list', () => {
    const pub = ops.filter((o) => o.access === 'public').map((o) => o.key);
    expect(pub.filter((k) => !(k in PUBLIC_OPERATIONS)), 'public operations not in PUBLIC_OPERATIONS (operations.ts)').toEqual([]);
    expect(Object.keys(PUBLIC_OPERATIONS).filter((k) => !pub.includes(k)), 'PUBLIC_OPERATIONS entries that are not public operations').toEqual([]);
  });

  it('documents every /api route, so that no route escapes the suite', () => {
    const documented = new Set(ops.map((o) => shapeOf(o.key)));
    const undocumented = Object.keys(UNDOCUMENTED_ROUTES).map(shapeOf);
    const routes = registeredApiRoutes(w.app);
    expect(routes.length).toBeGreaterThan(ops.length / 2);
    expect(routes.filter((r) => !documented.has(r) && !undocumented.includes(r)), 'routes missing from the OpenAPI document').toEqual([]);
    expect(undocumented.filter((r) => !routes.includes(r) || documented.has(r)), 'stale UNDOCUMENTED_ROUTES entries').toEqual([]);
    expect([...UPLOAD_OPERATIONS, ...RAW_BODY_OPERATIONS, ...STREAM_OPERATIONS].filter((k) => !ops.some((o) => o.key === k)), 'special operations that do not exist').toEqual([]);
  });
});

// ── the authorisation matrix ────────────────────────────────────────────────

let victim: Owner;
let records: OrgRecords;
let noPerm: Person;
let attacker: Owner;
let anonymous: Client;
let priceId: string;

/** Victim-side strings that no other organisation's answer may contain. */
let secrets: string[] = [];

beforeAll(async () => {
  victim = await w.people.owner();
  records = await seedRecords(victim, w.database);
  const nobody = await victim.post('/api/roles', { name: 'Nobody', permissions: [] });
  expect(nobody.statusCode).toBe(201);
  noPerm = await victim.join(nobody.data.data.id);
  records.byPrefix['/api/staff/'].unshift(noPerm.userId);
  records.userIds.push(noPerm.userId);
  records.emails.push(noPerm.email);
  const invited = `invited-${Math.random().toString(36).slice(2)}@example.com`;
  const inv = await victim.post('/api/staff/invitations', { email: invited, role_id: victim.role('staff') });
  expect(inv.statusCode).toBe(201);
  records.byPrefix['/api/staff/invitations/'] = [inv.data.data.id];
  records.emails.push(invited);
  // Billing: a card, a subscription and so an invoice.
  const card = await victim.post('/api/billing/payment-methods', { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' });
  expect(card.statusCode, card.body).toBe(201);
  records.byPrefix['/api/billing/payment-methods/'] = [card.data.data.id];
  const products = (await victim.get('/api/billing/products')).data.data as { prices: { id: string }[] }[];
  priceId = products.flatMap((p) => p.prices)[0].id;
  const sub = await victim.post('/api/billing/subscribe', { price_id: priceId, payment_method_id: card.data.data.id });
  expect(sub.statusCode, sub.body).toBe(200);
  const invoices = (await victim.get('/api/billing/invoices')).data.data as { id: string }[];
  expect(invoices.length).toBeGreaterThan(0);
  records.byPrefix['/api/billing/invoices/'] = [invoices[0].id];
  // The feed: a post for the victim's organisation only, with a comment (no other organisation's feed may show them).
  const post = await victim.post('/api/posts', { body: 'Victim team news', kind: 'post', visibility: 'organisation' });
  expect(post.statusCode, post.body).toBe(201);
  records.byPrefix['/api/posts/'] = [post.data.data.id];
  const comment = await victim.post(`/api/posts/${post.data.data.id}/comments`, { body: 'Victim comment' });
  expect(comment.statusCode, comment.body).toBe(201);
  records.byPrefix['/api/posts/{id}/comments/'] = [comment.data.data.id];

  attacker = await w.people.owner();
  anonymous = await w.anonymous();
  secrets = [...allIds(records), ...records.emails];
  await w.settle();
  w.profile.setup = Date.now() - w.started;
});

/** The victim's record a path parameter names, found by its collection (or by listing it). */
async function victimValue(op: Operation, param: string): Promise<string | null> {
  const prefix = prefixOf(op, param);
  const known = records.byPrefix[prefix]?.[0];
  if (known) return known;
  const listed = await victim.get(`${prefix.replace(/\/$/, '')}?per_page=100`);
  const first = Array.isArray(listed.data?.data) ? (listed.data.data[0] as { id?: string } | undefined) : undefined;
  if (first?.id) {
    records.byPrefix[prefix] = [first.id];
    return first.id;
  }
  return null;
}

/** Names the victim's records in reference fields (`role_id`, `partner_id` …), by the collection they name. */
const REFERENCE_COLLECTIONS: Record<string, string> = {
  role: '/api/roles/', department: '/api/departments/', partner: '/api/partners/', client_tier: '/api/client-tiers/',
  work_classification: '/api/work-classifications/', staff_user: '/api/staff/', assignee_user: '/api/staff/', user: '/api/staff/',
  payment_method: '/api/billing/payment-methods/', native_organisation: '/api/native-organisations/', charge_code: '/api/charge-codes/', rate: '/api/rates/', pipeline: '/api/pipelines/', stage: '/api/pipelines/',
};
function referenceFields(op: Operation): string[] {
  const props = op.body?.properties ?? {};
  return Object.entries(props)
    .filter(([k, s]) => k !== 'request_id' && (s.format === 'uuid' || (/_id$/.test(k) && k !== 'price_id')))
    .map(([k]) => k);
}
function victimReference(field: string): string {
  const collection = REFERENCE_COLLECTIONS[field.replace(/_id$/, '')];
  return (collection && records.byPrefix[collection]?.[0]) || records.orgId;
}

/** Bodies that pass validation, so that a refusal comes from the access or the tenant check. */
const KNOWN_BODIES: Record<string, () => Record<string, unknown>> = {
  'PATCH /api/staff/{userId}': () => ({ job_title: 'Taken over' }),
  'PATCH /api/organisations/{id}': () => ({ name: 'Taken over Ltd' }),
  'PATCH /api/quotes/{id}': () => ({ notes: 'Taken over' }),
  'POST /api/quotes/{id}/decline': () => ({ reason: 'Taken over' }),
  'PATCH /api/rates/{id}': () => ({ notes: 'Taken over' }),
  'PATCH /api/deals/{id}': () => ({ title: 'Taken over' }),
  'PATCH /api/bookings/{id}': () => ({ carrier_booking_reference: 'TAKEN-OVER' }),
  'PATCH /api/shipments/{id}': () => ({ vessel: 'Taken Over' }),
  'POST /api/documents/{id}/email': () => ({ to: 'taken-over@example.com' }),
  'POST /api/shipments/{id}/client-updates': () => ({ to: 'taken-over@example.com', subject: 'Taken over', body: 'Taken over' }),
  'POST /api/shipments/{id}/containers': () => ({ number: 'CSQU3054383', iso_type: '22G1' }),
  'POST /api/shipments/{id}/events': () => ({ event_type: 'TRANSPORT', code: 'DEPA', classifier: 'ACT', location: 'NLRTM', occurred_at: '2026-11-20T08:00:00.000Z' }),
  'POST /api/billing/subscribe': () => ({ price_id: priceId, payment_method_id: records.byPrefix['/api/billing/payment-methods/'][0] }),
  'POST /api/staff/invitations': () => ({ email: `x-${Math.random().toString(36).slice(2)}@example.com`, role_id: victim.role('staff') }),
  'PUT /api/control-centre/configurations': () => ({ default_role_id: victim.role('staff'), default_department_id: null }),
};
function resourceOf(op: Operation) {
  return RESOURCES.find((d) => op.path === `/api/${d.name}` || op.path === `/api/${d.name}/{id}`);
}
/** Candidate bodies for an operation, the likeliest to pass validation first. */
function bodiesFor(op: Operation): unknown[] {
  if (!op.body) return [undefined];
  const known = KNOWN_BODIES[op.key];
  if (known) return [known()];
  const d = resourceOf(op);
  if (d && RESOURCE_FIXTURES[d.name]) {
    const f = RESOURCE_FIXTURES[d.name];
    const refs = new Proxy({}, { get: () => records.orgId }) as Record<string, string>;
    return op.method === 'PATCH' ? [f.change] : [f.valid(7, refs)];
  }
  // A fixed seed: the matrix is the same every run (the fuzz is where inputs vary).
  return fc.sample(valid(op.body, { uuids: () => [] }), { seed: seedFor(0, 'matrix', op.key), numRuns: 8 });
}

const hasPathIds = (op: Operation) => op.pathParams.length > 0;

describe('authorisation matrix: anonymous, a member without permissions, another organisation’s owner', () => {
  let before: Snapshot;
  beforeAll(async () => {
    before = await w.snapshot();
    w.takeExempt();
  });

  it.each(ops.map((o) => [o.key, o] as const))('%s', async (_key, op) => {
    const problems: string[] = [];
    const placeholders: Record<string, string> = {};
    for (const p of op.pathParams) {
      placeholders[p.name] = (await victimValue(op, p.name)) ?? String(fc.sample(valid(p.schema, { uuids: () => [] }), { seed: seedFor(0, op.key, p.name), numRuns: 1 })[0]);
    }
    const url = urlOf(op, placeholders);
    const [body] = bodiesFor(op);
    const check = async (label: string, who: Client, expected: number[], requestBody: unknown = body): Promise<Answer> => {
      const res = await w.call(who, op.key, op.method, url, requestBody);
      w.figures.matrixCells++;
      if (!expected.includes(res.status)) problems.push(`${label}: expected ${expected.join('/')}, got ${res.status} ${res.body.slice(0, 200)} (${op.method} ${url} ${show(requestBody)})`);
      const own = res.writes.filter((x) => !exempted(op.key, x));
      if (own.length) problems.push(`${label}: wrote ${describeWrites(own)} (${res.status})`);
      return res;
    };

    // Anonymous: everything but the allow-listed public operations is 401, before any input is read.
    if (op.access === 'public') w.figures.matrixSkipped++;
    else await check('anonymous', anonymous, [401]);

    // A member whose role has no permissions: every permission-guarded operation is 403.
    if (lets(op.access, { user: true, member: true, permissions: [] })) w.figures.matrixSkipped++;
    else await check('member without permissions', noPerm, [401, 403, 404]);

    // Another organisation's owner holds every permission, in their own organisation only. Public
    // operations, and a user's own things (`user`: files by their unguessable names), let them in.
    if (op.access === 'public' || (op.access === 'user' && op.method !== 'GET') || STREAM_OPERATIONS.includes(op.key)) w.figures.matrixSkipped++;
    else if (op.access === 'user' && hasPathIds(op)) w.figures.matrixSkipped++;
    else if (hasPathIds(op)) {
      for (const p of op.pathParams) if (!(records.byPrefix[prefixOf(op, p.name)]?.length)) problems.push(`no record of the victim for {${p.name}}: give the suite one (seedRecords or the matrix's beforeAll)`);
      // The first body that passes validation: a 422 would prove nothing about the tenant check.
      let last: Answer | null = null;
      for (const candidate of bodiesFor(op)) {
        const res = await w.call(attacker, op.key, op.method, url, candidate);
        last = res;
        if (res.status !== 422) break;
      }
      w.figures.matrixCells++;
      if (last && ![403, 404].includes(last.status)) problems.push(`another organisation’s owner: expected 404/403, got ${last.status} ${last.body.slice(0, 200)} (${op.method} ${url})`);
      const own = last?.writes.filter((x) => !exempted(op.key, x)) ?? [];
      if (own.length) problems.push(`another organisation’s owner: wrote ${describeWrites(own)} (${last?.status})`);
    } else if (op.method === 'GET') {
      const res = await check('another organisation’s owner', attacker, [200, 204, 400, 401, 403, 404, 409, 422]);
      const leaked = secrets.filter((s) => res.body.includes(s));
      if (leaked.length) problems.push(`another organisation’s owner: ${op.key} shows the victim's ${leaked.join(', ')}`);
    } else if (referenceFields(op).length) {
      const refs = Object.fromEntries(referenceFields(op).map((k) => [k, victimReference(k)]));
      await check('another organisation’s owner naming the victim’s records', attacker, [400, 402, 403, 404, 409, 422], { ...(body as object), ...refs });
    } else w.figures.matrixSkipped++;

    w.figures.matrixOperations.push(op.key);
    expect(problems).toEqual([]);
  });

  it('changed no table and no audit event', async () => {
    expect(w.differences(before, await w.snapshot(), w.takeExempt())).toEqual([]);
  });
});

// ── encoded paths ───────────────────────────────────────────────────────────

/**
 * Spellings of an operation's URL that the router (or a lenient proxy) takes for the same route:
 * an encoded letter in `/api`, an encoded letter in its last fixed segment, a doubled slash, an
 * upper-case `/API`, an encoded slash. (Dot segments need a socket: inject() normalises them;
 * src/server/plugins/canonical-path.test.ts sends those.)
 */
function disguisesOf(url: string): string[] {
  const [path, query] = url.split('?');
  const q = query ? `?${query}` : '';
  const rest = path.slice('/api/'.length);
  const segments = rest.split('/');
  const at = segments.findLastIndex((x) => /^[a-z]/i.test(x) && !/^[0-9a-f-]{36}$/i.test(x));
  const encodedLast = segments.map((x, i) => (i === at ? `%${x.charCodeAt(0).toString(16).toUpperCase()}${x.slice(1)}` : x)).join('/');
  return [`/%61pi/${rest}${q}`, `/api/${encodedLast}${q}`, `/api//${rest}${q}`, `/API/${rest}${q}`, `/api%2F${rest}${q}`];
}

describe('encoded paths: every operation with its path spelt otherwise, as the owner who may call it', () => {
  it.each(ops.map((o) => [o.key, o] as const))('%s', async (_key, op) => {
    const problems: string[] = [];
    const values: Record<string, string> = {};
    for (const p of op.pathParams) values[p.name] = (await victimValue(op, p.name)) ?? 'x';
    const [body] = bodiesFor(op);
    for (const url of disguisesOf(urlOf(op, values))) {
      const res = await w.call(victim, op.key, op.method, url, body);
      w.figures.encodedPathsSent++;
      if (res.status === 400 && res.data?.error?.code === 'non_canonical_path') w.figures.encodedPathsRefused++;
      else problems.push(`${op.method} ${url}: expected 400 non_canonical_path, got ${res.status} ${res.body.slice(0, 200)}`);
      if (res.writes.length) problems.push(`${op.method} ${url}: wrote ${describeWrites(res.writes)}`);
    }
    expect(problems).toEqual([]);
  });
});

// ── privilege escalation ────────────────────────────────────────────────────

type Code = 'permission_escalation' | 'owner_only' | 'own_role';
type Caller = { name: string; person: Person; permissions: readonly string[]; roleId: string };
type Attempt = { what: string; method: HttpMethod; url: string; body: Record<string, unknown>; access: Permission; code: Code };
/** The operation key of an attempt's URL, for the figures and the write check. */
const keyOf = (a: Pick<Attempt, 'method' | 'url'>) => `${a.method} ${a.url.replace(/^\/api\/roles\/[^/]+$/, '/api/roles/{id}').replace(/^\/api\/staff\/(?!invitations)[^/]+$/, '/api/staff/{userId}')}`;

const CONTROLLER: Permission[] = ALL_PERMISSIONS.filter((p) => /^(control_centre|roles|staff)\./.test(p));

describe('privilege escalation: Admin, Staff and a custom role with control_centre.*, roles.* and staff.*', () => {
  let owner: Owner;
  let second: Person;
  const role: Record<string, string> = {};
  const target: Record<string, Person> = {};
  const callers: Caller[] = [];

  beforeAll(async () => {
    owner = await w.people.owner();
    const make = async (name: string, permissions: readonly string[]) => {
      const res = await owner.post('/api/roles', { name, permissions });
      expect(res.statusCode, res.body).toBe(201);
      return res.data.data.id as string;
    };
    role.owner = owner.role('owner');
    role.admin = owner.role('admin');
    role.staff = owner.role('staff');
    role.controller = await make('Controller', CONTROLLER);
    role.viewer = await make('Viewer', ['control_centre.view']);
    role.billingClerk = await make('Billing clerk', ['billing.view', 'billing.update', 'control_centre.view']);
    role.desk = await make('Desk', ['control_centre.view']);
    second = await owner.join(role.owner);
    target.viewer = await owner.join(role.viewer);
    target.billingClerk = await owner.join(role.billingClerk);
    target.admin = await owner.join(role.admin);
    callers.push(
      { name: 'Admin', person: await owner.join(role.admin), permissions: BUILTIN_ROLES.admin.permissions, roleId: role.admin },
      { name: 'Staff', person: await owner.join(role.staff), permissions: BUILTIN_ROLES.staff.permissions, roleId: role.staff },
      { name: 'Controller (custom)', person: await owner.join(role.controller), permissions: CONTROLLER, roleId: role.controller },
    );
    await w.settle();
  });

  /** Every path to more power a caller might try, with the refusal the contract gives it. */
  function attempts(c: Caller): Attempt[] {
    const self = c.person.userId;
    const invite = (roleId: string) => ({ email: `esc-${Math.random().toString(36).slice(2)}@example.com`, role_id: roleId });
    const list: Attempt[] = [
      { what: 'creates a role with a permission it lacks', method: 'POST', url: '/api/roles', body: { name: `Esc ${Math.random()}`, permissions: ['control_centre.view', 'billing.update'] }, access: 'roles.create', code: 'permission_escalation' },
      { what: 'creates a role with every permission', method: 'POST', url: '/api/roles', body: { name: `All ${Math.random()}`, permissions: ALL_PERMISSIONS }, access: 'roles.create', code: 'permission_escalation' },
      { what: 'adds a permission it lacks to a custom role', method: 'PATCH', url: `/api/roles/${role.desk}`, body: { permissions: ['control_centre.view', 'billing.update'] }, access: 'roles.update', code: 'permission_escalation' },
      { what: 'changes the built-in Staff role', method: 'PATCH', url: `/api/roles/${role.staff}`, body: { description: 'Everyone, with more' }, access: 'roles.update', code: 'owner_only' },
      { what: 'changes the built-in Admin role', method: 'PATCH', url: `/api/roles/${role.admin}`, body: { permissions: [...BUILTIN_ROLES.admin.permissions, 'billing.update'] }, access: 'roles.update', code: 'owner_only' },
      { what: 'changes the built-in Owner role', method: 'PATCH', url: `/api/roles/${role.owner}`, body: { description: 'Mine now' }, access: 'roles.update', code: 'owner_only' },
      { what: 'gives a member a role with permissions it lacks', method: 'PATCH', url: `/api/staff/${target.viewer.userId}`, body: { role_id: role.billingClerk }, access: 'staff.update', code: 'permission_escalation' },
      { what: 'makes a member an owner', method: 'PATCH', url: `/api/staff/${target.viewer.userId}`, body: { role_id: role.owner }, access: 'staff.update', code: 'owner_only' },
      { what: 'takes the Owner role from an owner', method: 'PATCH', url: `/api/staff/${second.userId}`, body: { role_id: role.staff }, access: 'staff.update', code: 'owner_only' },
      { what: 'deactivates an owner', method: 'PATCH', url: `/api/staff/${second.userId}`, body: { status: 'deactivated' }, access: 'staff.update', code: 'owner_only' },
      { what: 'changes its own role', method: 'PATCH', url: `/api/staff/${self}`, body: { role_id: role.owner }, access: 'staff.update', code: 'own_role' },
      { what: 'changes its own role to a lesser one', method: 'PATCH', url: `/api/staff/${self}`, body: { role_id: role.viewer }, access: 'staff.update', code: 'own_role' },
      { what: 'changes its own status', method: 'PATCH', url: `/api/staff/${self}`, body: { status: 'deactivated' }, access: 'staff.update', code: 'own_role' },
      { what: 'changes the role of a member who holds permissions it lacks', method: 'PATCH', url: `/api/staff/${target.billingClerk.userId}`, body: { role_id: role.viewer }, access: 'staff.update', code: 'permission_escalation' },
      { what: 'deactivates a member who holds permissions it lacks', method: 'PATCH', url: `/api/staff/${target.billingClerk.userId}`, body: { status: 'deactivated' }, access: 'staff.update', code: 'permission_escalation' },
      { what: 'invites into a role with permissions it lacks', method: 'POST', url: '/api/staff/invitations', body: invite(role.billingClerk), access: 'staff.create', code: 'permission_escalation' },
      { what: 'invites into the Owner role', method: 'POST', url: '/api/staff/invitations', body: invite(role.owner), access: 'staff.create', code: 'owner_only' },
      { what: 'makes a role with permissions it lacks the invitation default', method: 'PUT', url: '/api/control-centre/configurations', body: { default_role_id: role.billingClerk, default_department_id: null }, access: 'staff.update', code: 'permission_escalation' },
      { what: 'makes the Owner role the invitation default', method: 'PUT', url: '/api/control-centre/configurations', body: { default_role_id: role.owner, default_department_id: null }, access: 'staff.update', code: 'owner_only' },
    ];
    if (c.roleId === role.controller) {
      list.push(
        { what: 'adds a permission it lacks to its own role', method: 'PATCH', url: `/api/roles/${role.controller}`, body: { permissions: [...CONTROLLER, 'billing.view'] }, access: 'roles.update', code: 'permission_escalation' },
        { what: 'invites into the Admin role (which holds permissions it lacks)', method: 'POST', url: '/api/staff/invitations', body: invite(role.admin), access: 'staff.create', code: 'permission_escalation' },
        { what: 'gives a member the Admin role', method: 'PATCH', url: `/api/staff/${target.viewer.userId}`, body: { role_id: role.admin }, access: 'staff.update', code: 'permission_escalation' },
        { what: 'deactivates an Admin (who holds permissions it lacks)', method: 'PATCH', url: `/api/staff/${target.admin.userId}`, body: { status: 'deactivated' }, access: 'staff.update', code: 'permission_escalation' },
      );
    }
    return list;
  }

  type Rows = { roles: unknown[]; members: unknown[]; invitations: unknown[] };
  const rows = async (): Promise<Rows> => ({
    roles: await w.database.query('select id, name, builtin, permissions, description from roles where organisation_id = $1 order by id', [owner.orgId]),
    members: await w.database.query('select user_id, role_id, status from organisation_members where organisation_id = $1 order by user_id', [owner.orgId]),
    invitations: await w.database.query('select id, role_id from staff_invitations where organisation_id = $1 order by id', [owner.orgId]),
  });
  /** Puts roles and members back as they were, so that one wrongly allowed attempt does not change the next. */
  async function restore(r: Rows) {
    const roleIds = (r.roles as { id: string }[]).map((x) => x.id);
    for (const m of r.members as { user_id: string; role_id: string; status: string }[]) {
      await w.database.query('update organisation_members set role_id = $3, status = $4 where organisation_id = $1 and user_id = $2', [owner.orgId, m.user_id, m.role_id, m.status]);
    }
    await w.database.query('delete from staff_invitations where organisation_id = $1 and not (id = any($2::uuid[]))', [owner.orgId, (r.invitations as { id: string }[]).map((x) => x.id)]);
    for (const x of r.roles as { id: string; name: string; permissions: string[]; description: string | null }[]) {
      await w.database.query('update roles set name = $3, permissions = $4, description = $5 where organisation_id = $1 and id = $2', [owner.orgId, x.id, x.name, x.permissions, x.description]);
    }
    await w.database.query('delete from roles where organisation_id = $1 and not (id = any($2::uuid[]))', [owner.orgId, roleIds]);
    await w.settle();
  }

  describe.each(['Admin', 'Staff', 'Controller (custom)'])('%s', (name) => {
    it('is refused every path to more power, and keeps its permissions, roles and members as they were', async () => {
      const c = callers.find((x) => x.name === name)!;
      const problems: string[] = [];
      const permissionsBefore = (await c.person.get('/api/user')).data.data.permissions;
      for (const a of attempts(c)) {
        const before = await rows();
        const holdsRoute = c.permissions.includes(a.access);
        const expected = holdsRoute ? a.code : 'forbidden';
        const res = await w.call(c.person, keyOf(a), a.method, a.url, a.body);
        w.figures.escalationAttempts++;
        const refused = res.status === 403 && res.data?.error?.code === expected;
        if (refused) w.figures.escalationRefused++;
        else problems.push(`${a.what}: expected 403 ${expected}, got ${res.status} ${res.data?.error?.code ?? res.body.slice(0, 120)} (${a.method} ${a.url} ${show(a.body)})`);
        const after = await rows();
        const permissionsAfter = (await c.person.get('/api/user')).data.data.permissions;
        if (JSON.stringify(permissionsAfter) !== JSON.stringify(permissionsBefore)) problems.push(`${a.what}: the caller's permissions changed`);
        if (JSON.stringify(after) !== JSON.stringify(before)) {
          problems.push(`${a.what}: roles, members or invitations changed`);
          await restore(before);
        }
      }
      expect(problems).toEqual([]);
    });
  });

  it('leaves the allowed paths open: the owner does all of it', async () => {
    const before = await rows();
    const steps: [string, () => Promise<{ statusCode: number; body: string }>, number][] = [
      ['creates a role with billing permissions', () => owner.post('/api/roles', { name: 'Owner-made', permissions: ['billing.update', 'control_centre.view'] }), 201],
      ['adds a permission to a custom role', () => owner.request('PATCH', `/api/roles/${role.desk}`, { permissions: ['control_centre.view', 'billing.update'] }), 200],
      ['changes the built-in Staff role', () => owner.request('PATCH', `/api/roles/${role.staff}`, { description: 'Everyone else' }), 200],
      ['gives a member a billing role', () => owner.request('PATCH', `/api/staff/${target.viewer.userId}`, { role_id: role.billingClerk }), 200],
      ['makes a member an owner', () => owner.request('PATCH', `/api/staff/${target.viewer.userId}`, { role_id: role.owner }), 200],
      ['takes the Owner role back', () => owner.request('PATCH', `/api/staff/${target.viewer.userId}`, { role_id: role.viewer }), 200],
      ['deactivates a billing clerk', () => owner.request('PATCH', `/api/staff/${target.billingClerk.userId}`, { status: 'deactivated' }), 200],
      ['invites into the Owner role', () => owner.post('/api/staff/invitations', { email: `own-${Math.random().toString(36).slice(2)}@example.com`, role_id: role.owner }), 201],
    ];
    const problems: string[] = [];
    for (const [what, step, status] of steps) {
      const res = await step();
      w.figures.allowedPathsChecked++;
      if (res.statusCode !== status) problems.push(`owner ${what}: expected ${status}, got ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    await restore(before);
    expect(problems).toEqual([]);
  });

  it('leaves the allowed paths open: Admin and the custom role make a role within their own permissions and assign it', async () => {
    const problems: string[] = [];
    for (const c of callers.filter((x) => x.name !== 'Staff')) {
      const before = await rows();
      const subset = c.permissions.filter((p) => /^(control_centre|staff)\.view$/.test(p));
      const made = await c.person.post('/api/roles', { name: `Made by ${c.name}`, permissions: subset });
      w.figures.allowedPathsChecked++;
      if (made.statusCode !== 201) problems.push(`${c.name} creates a role with ${subset.join(', ')}: expected 201, got ${made.statusCode} ${made.body.slice(0, 200)}`);
      else {
        const assigned = await c.person.request('PATCH', `/api/staff/${target.viewer.userId}`, { role_id: made.data.data.id });
        w.figures.allowedPathsChecked++;
        if (assigned.statusCode !== 200) problems.push(`${c.name} assigns it: expected 200, got ${assigned.statusCode} ${assigned.body.slice(0, 200)}`);
        const perms = (await target.viewer.get('/api/user')).data.data.permissions;
        if (JSON.stringify([...perms].sort()) !== JSON.stringify([...subset].sort())) problems.push(`${c.name}'s role took effect as ${perms.join(', ')}`);
      }
      await restore(before);
    }
    expect(problems).toEqual([]);
  });
});

describe('the matrix and escalation', () => {
  it('answered no 5xx', () => {
    expect(w.serverErrors).toEqual([]);
  });
  it('changed no data when refusing', () => {
    expect(w.changed).toEqual([]);
  });
});
