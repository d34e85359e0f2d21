import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

let t: TestApp;
const who = people(() => t);
type Owner = Awaited<ReturnType<typeof who.owner>>;
let northwind: Owner;
let sofia: Awaited<ReturnType<Owner['join']>>;
let employee: string;

const patch = (c: Owner, url: string, body: unknown) => c.request('PATCH', url, body);
const contract = (extra: Record<string, unknown> = {}) => ({
  employee_id: employee, type: 'permanent', start_date: '2026-01-01', probation_months: 6, notice_days: 30, hours_per_week: '37.5',
  salary: { amount_minor: 3_850_000, currency: 'GBP', period: 'year' }, ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  northwind = await who.owner();
  sofia = await northwind.join(northwind.role('staff'));
  const department = (await northwind.post('/api/departments', { name: 'Ocean export' })).data.data.id;
  const made = await northwind.post('/api/employees', {
    user_id: sofia.userId, job_title: 'Ocean export coordinator', department_id: department, manager_id: northwind.userId, work_location: 'GBFXT',
    employment_type: 'full_time', start_date: '2026-01-01', salary_currency: 'GBP',
  });
  expect(made.statusCode, made.body).toBe(201);
  employee = made.data.data.id;
});
afterAll(() => t.close());

describe('employees', () => {
  it('refuses someone as their own manager and an end before the start', async () => {
    const res = await northwind.post('/api/employees', {
      user_id: northwind.userId, job_title: 'Managing director', manager_id: northwind.userId, work_location: 'GBFXT', employment_type: 'full_time',
      start_date: '2026-03-01', end_date: '2026-02-01', salary_currency: 'GBP',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.data.error.fields).sort()).toEqual(['end_date', 'manager_id']);
  });
});

describe('contracts', () => {
  it('goes draft → active → ended, with its probation end, and refuses other moves', async () => {
    const made = await northwind.post('/api/contracts', contract({ end_date: '2026-06-30' }));
    expect(made.statusCode, made.body).toBe(201);
    // Six months of probation from 1 January: until 1 July.
    expect(made.data.data).toMatchObject({ status: 'draft', probation_end: '2026-07-01', salary: { amount_minor: 3_850_000, currency: 'GBP', period: 'year' }, hours_per_week: '37.5' });
    const id = made.data.data.id;
    expect((await northwind.post(`/api/contracts/${id}/end`, { end_date: '2026-05-31' })).data.error.code).toBe('invalid_transition');
    expect((await northwind.post(`/api/contracts/${id}/activate`, {})).data.data.status).toBe('active');
    expect((await patch(northwind, `/api/contracts/${id}`, { hours_per_week: '40' })).data.error.code).toBe('invalid_transition');
    expect((await northwind.post(`/api/contracts/${id}/end`, { end_date: '2025-12-31' })).statusCode).toBe(422);
    const ended = await northwind.post(`/api/contracts/${id}/end`, { end_date: '2026-05-31' });
    expect(ended.data.data).toMatchObject({ status: 'ended', end_date: '2026-05-31' });
  });

  it('never lets two active contracts of one employee overlap: the database refuses, even two activations at once', async () => {
    const first = (await northwind.post('/api/contracts', contract({ start_date: '2027-01-01', end_date: '2027-12-31' }))).data.data.id;
    const second = (await northwind.post('/api/contracts', contract({ start_date: '2027-06-01', end_date: null }))).data.data.id;
    const third = (await northwind.post('/api/contracts', contract({ start_date: '2028-01-01', end_date: null }))).data.data.id;
    const [a, b] = await Promise.all([northwind.post(`/api/contracts/${first}/activate`, {}), northwind.post(`/api/contracts/${second}/activate`, {})]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.data.error.code).toBe('contract_overlap');
    // The day after the first one's last day is free: 1 January 2028.
    const loser = a.statusCode === 409 ? first : second;
    expect((await northwind.post(`/api/contracts/${third}/activate`, {})).statusCode).toBe(a.statusCode === 409 ? 409 : 200);
    const [row] = await t.database.query<{ status: string }>('select status from contracts where id = $1', [loser]);
    expect(row.status).toBe('draft');
    // Straight into the table, past the API: still refused.
    await expect(t.database.query("update contracts set status = 'active' where id = $1", [loser])).rejects.toThrow(/contracts_no_overlap|conflicting key/);
  });

  it('shows pay only with payroll.view, and everyone their own', async () => {
    const hrOnly = await northwind.post('/api/roles', { name: 'HR officer', permissions: ['hr.view', 'hr.create', 'hr.update'] });
    const officer = await northwind.join(hrOnly.data.data.id);
    const list = (await officer.get(`/api/contracts?employee_id=${employee}`)).data.data as { salary: unknown }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((c) => c.salary === null)).toBe(true);
    expect((await sofia.get(`/api/contracts?employee_id=${employee}`)).statusCode).toBe(403);
    const own = (await sofia.get('/api/contracts/mine')).data.data as { salary: { amount_minor: number } | null }[];
    expect(own.length).toBeGreaterThan(0);
    expect(own[0].salary?.amount_minor).toBe(3_850_000);
    expect((await officer.get('/api/contracts/mine')).data.data).toEqual([]);
  });
});

describe('holidays', () => {
  it('reads a country’s public holidays by local date from date-holidays, then the organisation’s own list once imported', async () => {
    const gb = await northwind.get('/api/holidays?country=GB&year=2026&region=ENG');
    expect(gb.statusCode, gb.body).toBe(200);
    expect(gb.data.meta).toMatchObject({ imported: false });
    expect(gb.data.meta.source).toContain('CC BY-SA 3.0');
    const days = (gb.data.data as { date: string; name: string }[]).map((h) => `${h.date} ${h.name}`);
    expect(days).toEqual(expect.arrayContaining(['2026-12-25 Christmas Day', '2026-12-28 Boxing Day (substitute day)', '2026-08-31 Summer bank holiday', '2026-04-03 Good Friday']));
    // China: Spring Festival counts; Women's Day (a half day for women only) is listed but does not.
    const cn = (await northwind.get('/api/holidays?country=CN&year=2026')).data.data as { date: string; name: string; counts: boolean }[];
    expect(cn.find((h) => h.date === '2026-02-17')).toMatchObject({ counts: true });
    expect(cn.find((h) => h.date === '2026-03-08')).toMatchObject({ counts: false });

    expect((await sofia.post('/api/holidays/import', { country: 'GB', year: 2026, region: 'ENG' })).statusCode).toBe(403);
    const imported = await northwind.post('/api/holidays/import', { country: 'GB', year: 2026, region: 'ENG' });
    expect(imported.data.meta.imported).toBe(true);
    expect(imported.data.data).toHaveLength(gb.data.data.length);
    // Importing again adds nothing; the list can then be edited.
    expect((await northwind.post('/api/holidays/import', { country: 'GB', year: 2026, region: 'ENG' })).data.data).toHaveLength(gb.data.data.length);
    const added = await northwind.post('/api/holidays', { country: 'GB', region: 'ENG', date: '2026-12-24', name: 'Christmas Eve (office closed)' });
    expect(added.statusCode).toBe(201);
    const boxing = (imported.data.data as { id: string; date: string }[]).find((h) => h.date === '2026-12-28')!;
    expect((await patch(northwind, `/api/holidays/${boxing.id}`, { counts: false })).data.data.counts).toBe(false);
    const mine = (await sofia.get('/api/holidays?country=GB&year=2026&region=ENG')).data;
    expect(mine.meta.imported).toBe(true);
    expect(mine.data.map((h: { date: string }) => h.date)).toContain('2026-12-24');
  });
});
