import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';
import { pdfText } from '../../test/pdf-text.ts';

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

  it('prints a contract as PDF for HR and for its employee, with the pay only for those who may see it', async () => {
    const id = (await northwind.post('/api/contracts', contract({ start_date: '2029-01-01', end_date: '2029-12-31' }))).data.data.id;
    const hr = await northwind.get(`/api/contracts/${id}/pdf`);
    expect(hr.statusCode).toBe(200);
    const text = (await pdfText(hr.rawPayload)).replace(/\s+/g, ' ');
    for (const words of ['Employment contract', 'DRAFT', 'Ocean export coordinator', 'Ocean export', 'GBFXT', 'Permanent', '2029-01-01', '2029-12-31', '6 months (until 2029-07-01)', '30 days', '37.5 hours a week', '£38,500.00 a year']) expect(text).toContain(words);
    // Sofia's own contract: hers to read, with her pay, in her language.
    const own = (await pdfText((await sofia.get(`/api/contracts/${id}/pdf?lang=fr`)).rawPayload)).replace(/\s+/g, ' ');
    expect(own).toContain('Contrat de travail');
    expect(own).toContain("38 500,00 £GB par an");
    // Someone else without hr.view: not found.
    const other = await northwind.join(northwind.role('staff'));
    expect((await other.get(`/api/contracts/${id}/pdf`)).statusCode).toBe(404);
    await northwind.delete(`/api/contracts/${id}`);
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

  it('answers a region date-holidays does not know with a 422 naming the known ones, and imports nothing (a 500 once)', async () => {
    const count = async () => Number((await t.database.query<{ n: string }>('select count(*) as n from holidays')).at(0)!.n);
    const before = await count();
    const res = await northwind.post('/api/holidays/import', { country: 'AG', year: 2100, region: '8' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.data.error).toMatchObject({ code: 'validation_failed', fields: { region: 'Unknown region.' } });
    expect(res.data.error.message).toContain('use one of 10');
    expect((await northwind.get('/api/holidays?country=AG&year=2100&region=8')).statusCode).toBe(422);
    expect((await northwind.get('/api/holidays?country=ZW&year=2026&region=ENG')).statusCode).toBe(422);
    expect(await count()).toBe(before);
    // Barbuda (10) is one it knows; Antigua and Barbuda as a whole has its holidays in 2100 too.
    const barbuda = await northwind.post('/api/holidays/import', { country: 'AG', year: 2100, region: '10' });
    expect(barbuda.statusCode, barbuda.body).toBe(200);
    expect(barbuda.data.data.length).toBeGreaterThan(5);
    expect((await northwind.get('/api/holidays?country=AG&year=2100')).data.data.length).toBeGreaterThan(5);
  });
});

describe('leave', () => {
  let annual: string;
  let parental: string;
  beforeAll(async () => {
    const types = (await northwind.get('/api/leave-types?per_page=100')).data.data as { id: string; code: string }[];
    annual = types.find((x) => x.code === 'ANNUAL')!.id;
    parental = types.find((x) => x.code === 'PARENTAL')!.id;
    // England's holidays for the year, as the organisation keeps them.
    await northwind.post('/api/holidays/import', { country: 'GB', year: 2026 });
  });

  it('counts working days less the holidays of the work location’s country, with half days, and goes manager → approved', async () => {
    // Mon 21 – Wed 30 Dec 2026, from noon on the 21st: 8 weekdays less Christmas (25th) and Boxing Day substitute (28th) = 6, less half a day = 5.5.
    const asked = await sofia.post('/api/leave-requests', { leave_type_id: annual, start_date: '2026-12-21', end_date: '2026-12-30', half_day_start: true });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.data.data).toMatchObject({ working_days: '5.5', status: 'pending_manager', employee_name: expect.any(String) });
    const id = asked.data.data.id;
    // Sofia cannot approve her own; her manager (Northwind's owner) can.
    expect((await sofia.post(`/api/leave-requests/${id}/approve`, {})).statusCode).toBe(403);
    expect((await northwind.get('/api/notifications')).data.data.map((n: { type: string }) => n.type)).toContain('leave_requested');
    const approved = await northwind.post(`/api/leave-requests/${id}/approve`, {});
    expect(approved.data.data.status).toBe('approved');
    // Joined 1 January 2026, 25 days a year accrued monthly: 25 by the year end, 5.5 taken: 19.5 left.
    const balances = (await sofia.get('/api/leave/balances?year=2026')).data.data as { leave_type: { code: string }; year_end: string; ledger: { kind: string; days: string }[] }[];
    const mine = balances.find((b) => b.leave_type.code === 'ANNUAL')!;
    expect(mine.year_end).toBe('19.5');
    expect(mine.ledger.filter((l) => l.kind === 'taken').map((l) => l.days)).toEqual(['-5.5']);
    // Cancelling approved leave that has not begun gives the days back.
    expect((await sofia.post(`/api/leave-requests/${id}/cancel`, {})).data.data.status).toBe('cancelled');
    const after = (await sofia.get('/api/leave/balances?year=2026')).data.data.find((b: { leave_type: { code: string } }) => b.leave_type.code === 'ANNUAL');
    expect(after.year_end).toBe('25');
  });

  it('asks HR after the manager where the leave type says so', async () => {
    const asked = await sofia.post('/api/leave-requests', { leave_type_id: parental, start_date: '2026-11-02', end_date: '2026-11-06' });
    expect(asked.data.data).toMatchObject({ working_days: '5', status: 'pending_manager' });
    const manager = northwind; // the owner holds hr.update too: one step covers both
    const hrOnly = await northwind.post('/api/roles', { name: 'Line manager', permissions: ['network.view'] });
    const lead = await northwind.join(hrOnly.data.data.id);
    // Make the lead her manager: the manager's approval then waits for HR.
    const employeeRow = (await northwind.get(`/api/employees/${employee}`)).data.data;
    await patch(northwind, `/api/employees/${employee}`, { manager_id: lead.userId });
    const second = await sofia.post('/api/leave-requests', { leave_type_id: parental, start_date: '2026-11-16', end_date: '2026-11-20' });
    expect((await lead.post(`/api/leave-requests/${second.data.data.id}/approve`, {})).data.data.status).toBe('pending_hr');
    expect((await lead.post(`/api/leave-requests/${second.data.data.id}/approve`, {})).statusCode).toBe(403);
    expect((await manager.post(`/api/leave-requests/${second.data.data.id}/approve`, {})).data.data.status).toBe('approved');
    await patch(northwind, `/api/employees/${employee}`, { manager_id: employeeRow.manager_id });
  });

  it('refuses more days than the balance, overlapping requests, weekends only and half days where the type has none', async () => {
    const tooMany = await sofia.post('/api/leave-requests', { leave_type_id: annual, start_date: '2026-06-01', end_date: '2026-07-31' });
    expect(tooMany.data.error.code).toBe('leave_balance');
    // Everyone may see which kinds of leave to ask for (the leave-types records themselves are HR's).
    expect((await sofia.get('/api/leave-types')).statusCode).toBe(403);
    expect(((await sofia.get('/api/leave/types')).data.data as { code: string }[]).map((x) => x.code).sort()).toEqual(['ANNUAL', 'COMPASSIONATE', 'PARENTAL', 'SICK', 'UNPAID']);
    // A year at most in one request (refused before any day is counted).
    const ages = await sofia.post('/api/leave-requests', { leave_type_id: parental, start_date: '0001-01-01', end_date: '9999-12-31' });
    expect(ages.data.error.fields.end_date).toBe('A request covers at most a year: split longer leave into several requests.');
    expect((await sofia.post('/api/leave-requests', { leave_type_id: annual, start_date: '2026-12-26', end_date: '2026-12-27' })).statusCode).toBe(422);
    expect((await sofia.post('/api/leave-requests', { leave_type_id: parental, start_date: '2026-10-05', end_date: '2026-10-06', half_day_end: true })).data.error.fields.half_day_start).toBeTruthy();
    const first = await sofia.post('/api/leave-requests', { leave_type_id: annual, start_date: '2026-09-07', end_date: '2026-09-08' });
    expect(first.statusCode).toBe(201);
    expect((await sofia.post('/api/leave-requests', { leave_type_id: annual, start_date: '2026-09-08', end_date: '2026-09-09' })).data.error.code).toBe('leave_overlap');
    // Someone else's request needs hr.create.
    expect((await sofia.post('/api/leave-requests', { employee_id: '00000000-0000-4000-8000-000000000000', leave_type_id: annual, start_date: '2026-09-14', end_date: '2026-09-14' })).statusCode).toBe(403);
  });
});

describe('HR front page and reminders', () => {
  it('counts heads by department and country, joiners, contracts and probations ending, who is on leave; tells HR and the manager once', async () => {
    // A joiner with six months' probation from 1 June 2026: it ends on 1 December; a fixed-term contract ending 15 December.
    const joiner = await northwind.join(northwind.role('staff'));
    const hired = await northwind.post('/api/employees', { user_id: joiner.userId, job_title: 'Air freight agent', manager_id: sofia.userId, work_location: 'NLRTM', employment_type: 'full_time', start_date: '2026-06-01', salary_currency: 'EUR' });
    const made = await northwind.post('/api/contracts', { employee_id: hired.data.data.id, type: 'fixed_term', start_date: '2026-06-01', end_date: '2026-12-15', probation_months: 6, hours_per_week: 40, salary: { amount_minor: 380_000, currency: 'EUR', period: 'month' } });
    await northwind.post(`/api/contracts/${made.data.data.id}/activate`, {});
    const summary = (await northwind.get('/api/hr/summary?day=2026-11-20')).data.data;
    expect(summary.by_country).toEqual(expect.arrayContaining([{ country: 'NL', count: 1 }, { country: 'GB', count: 1 }]));
    expect(summary.contracts_ending.map((c: { end_date: string }) => c.end_date)).toContain('2026-12-15');
    expect(summary.probations_ending.map((c: { probation_end: string }) => c.probation_end)).toContain('2026-12-01');
    expect((await sofia.get('/api/hr/summary')).statusCode).toBe(403);

    await t.app.ctx.jobs.runNow('hr.remind', { day: '2026-11-20' });
    await t.app.ctx.jobs.runNow('hr.remind', { day: '2026-11-21' });
    const told = (await sofia.get('/api/notifications')).data.data as { type: string; data: { date: string } }[];
    expect(told.filter((n) => n.type === 'contract_ending').map((n) => n.data.date)).toEqual(['2026-12-15']);
    expect(told.filter((n) => n.type === 'probation_ending').map((n) => n.data.date)).toEqual(['2026-12-01']);
  });

  it('shows the team calendar with the holidays in the period', async () => {
    const cal = (await sofia.get('/api/leave/calendar?from=2026-12-01&to=2026-12-31')).data.data;
    expect(cal.holidays.map((h: { date: string }) => h.date)).toEqual(expect.arrayContaining(['2026-12-25', '2026-12-28']));
    expect((await sofia.get('/api/leave/calendar?from=2026-12-31&to=2026-12-01')).statusCode).toBe(422);
  });
});

describe('bank accounts', () => {
  it('are read and written by the employee and by payroll only, with a valid IBAN or an account number', async () => {
    const url = `/api/employees/${employee}/bank-account`;
    expect((await sofia.get(url)).data.data).toBeNull();
    const bad = await sofia.request('PUT', url, { holder: 'Sofia Ocean', iban: 'GB00NWBK60161331926819' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.data.error.fields)).toEqual(['iban']);
    const none = await sofia.request('PUT', url, { holder: 'Sofia Ocean' });
    expect(Object.keys(none.data.error.fields)).toEqual(['account_number']);
    const saved = await sofia.request('PUT', url, { holder: 'Sofia Ocean', iban: 'gb33 bukb 2020 1555 5555 55', bic: 'bukbgb22' });
    expect(saved.data.data).toMatchObject({ holder: 'Sofia Ocean', iban: 'GB33BUKB20201555555555', bic: 'BUKBGB22', account_number: null });
    // Payroll reads it; another member of staff does not even learn that it exists.
    expect((await northwind.get(url)).data.data.iban).toBe('GB33BUKB20201555555555');
    const other = await northwind.join(northwind.role('staff'));
    expect((await other.get(url)).statusCode).toBe(404);
    expect((await other.request('PUT', url, { holder: 'Thief', iban: 'GB33BUKB20201555555555' })).statusCode).toBe(404);
    // The audit log keeps the last four characters only.
    const [logged] = await t.database.query<{ changes: { iban: string } }>(`select changes from audit_events where entity = 'employee_bank_accounts' and entity_id = $1 order by created_at desc limit 1`, [employee]);
    expect(logged.changes.iban).toBe('…5555');
  });
});

describe('payroll', () => {
  it('makes a payslip per employee prorated by payment days and unpaid leave, locks the run once approved, and shows each their own', async () => {
    // A new person with a known contract: £36,000 a year from Wednesday 11 November 2026.
    const person = await northwind.join(northwind.role('staff'));
    const record = (await northwind.post('/api/employees', { user_id: person.userId, job_title: 'Warehouse operative', manager_id: northwind.userId, work_location: 'GBFXT', employment_type: 'full_time', start_date: '2026-11-11', salary_currency: 'GBP' })).data.data.id;
    const c = (await northwind.post('/api/contracts', { employee_id: record, type: 'permanent', start_date: '2026-11-11', hours_per_week: 40, salary: { amount_minor: 3_600_000, currency: 'GBP', period: 'year' } })).data.data.id;
    await northwind.post(`/api/contracts/${c}/activate`, {});
    // A structure: a fixed shift allowance, pensionable pay as a basis, a 5 % pension on it.
    const structure = (await northwind.post('/api/salary-structures', { name: 'Warehouse' })).data.data.id;
    for (const body of [
      { code: 'SHIFT', name: 'Shift allowance', kind: 'earning', calc: 'fixed', amount_minor: 12_000, position: 1 },
      { code: 'PENSIONABLE', name: 'Pensionable pay', kind: 'basis', calc: 'formula', formula: 'BASE + SHIFT', position: 2 },
      { code: 'PENSION', name: 'Pension 5 %', kind: 'deduction', calc: 'percentage', percentage: '5', of: 'PENSIONABLE', position: 3 },
    ]) expect((await northwind.post('/api/pay-components', { structure_id: structure, ...body })).statusCode).toBe(201);
    expect((await northwind.post('/api/pay-components', { structure_id: structure, code: 'EVIL', name: 'x', kind: 'earning', calc: 'formula', formula: 'process.exit(1)' })).data.error.fields.formula).toBeTruthy();
    await northwind.post('/api/salary-assignments', { employee_id: record, structure_id: structure, valid_from: '2026-11-01' });
    // One and a half days of unpaid leave (Thursday 26 from noon and Friday 27), approved.
    const unpaid = ((await northwind.get('/api/leave-types?per_page=100')).data.data as { id: string; code: string }[]).find((x) => x.code === 'UNPAID')!.id;
    const asked = await person.post('/api/leave-requests', { leave_type_id: unpaid, start_date: '2026-11-26', end_date: '2026-11-27', half_day_start: true });
    expect(asked.data.data.working_days).toBe('1.5');
    await northwind.post(`/api/leave-requests/${asked.data.data.id}/approve`, {});

    const run = await northwind.post('/api/payroll-runs', { period_start: '2026-11-01', period_end: '2026-11-30' });
    expect(run.statusCode, run.body).toBe(201);
    const slips = (await northwind.get(`/api/payroll-runs/${run.data.data.id}/payslips`)).data.data as { employee_id: string; period_working_days: string; payment_days: string; base_minor: number; gross_minor: number; deductions_minor: number; net_minor: number; lines: { code: string; amount_minor: number }[] }[];
    const slip = slips.find((s) => s.employee_id === record)!;
    // November 2026: 21 working days. Employed from Wed 11: 14. Less 1.5 unpaid: 12.5 payment days.
    // £36,000 ÷ 12 = 300 000 pence; × 12.5 ÷ 21 = 178 571.43 → 178 571.
    // Shift 12 000; pensionable 190 571; pension 5 % = 9 528.55 → 9 529. Gross 190 571, net 181 042.
    expect(slip).toMatchObject({ period_working_days: '21', payment_days: '12.5', base_minor: 178_571, gross_minor: 190_571, deductions_minor: 9_529, net_minor: 181_042 });
    expect(slip.lines.map((l) => [l.code, l.amount_minor])).toEqual([['BASE', 178_571], ['SHIFT', 12_000], ['PENSIONABLE', 190_571], ['PENSION', 9_529]]);

    // Not readable without payroll rights; nobody sees a draft as their own.
    expect((await person.get(`/api/payroll-runs/${run.data.data.id}/payslips`)).statusCode).toBe(403);
    expect((await person.get('/api/payslips/mine')).data.data).toEqual([]);
    expect((await northwind.get(`/api/payroll-runs/${run.data.data.id}/bank.csv`)).statusCode).toBe(409);
    const slipId = (slip as unknown as { id: string }).id;
    expect((await northwind.get(`/api/payslips/${slipId}/pdf`)).data.error.code).toBe('payroll_draft');
    expect((await person.get(`/api/payslips/${slipId}/pdf`)).statusCode).toBe(404);
    expect((await northwind.post(`/api/payroll-runs/${run.data.data.id}/approve`, {})).data.data.status).toBe('approved');
    // The payslip PDF: its owner and payroll read it, another member of staff does not (it does not exist for them).
    const pdf = await person.get(`/api/payslips/${slipId}/pdf?lang=de`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const printed = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    for (const words of ['Gehaltsabrechnung', 'Arbeitstage im Zeitraum 21', 'Bezahlte Tage 12,5', 'Unbezahlter Urlaub (Tage) 1,5', '1.785,71 £', '120,00 £', '95,29 £', 'Brutto 1.905,71 £', 'Netto 1.810,42 £']) expect(printed).toContain(words);
    expect(printed).not.toContain('Pensionable');
    expect((await sofia.get(`/api/payslips/${slipId}/pdf`)).statusCode).toBe(404);
    expect((await northwind.get(`/api/payslips/${slipId}/pdf`)).statusCode).toBe(200);
    // Locked: no recalculation, no deletion.
    expect((await northwind.post(`/api/payroll-runs/${run.data.data.id}/recalculate`, {})).data.error.code).toBe('payroll_locked');
    expect((await northwind.delete(`/api/payroll-runs/${run.data.data.id}`)).statusCode).toBe(409);
    const mine = (await person.get('/api/payslips/mine')).data.data as { net_minor: number }[];
    expect(mine.map((s) => s.net_minor)).toEqual([181_042]);
    // The bank file pays each into the account they gave: this person's own, by sort code and number.
    expect((await person.request('PUT', `/api/employees/${record}/bank-account`, { holder: 'Warehouse Operative', account_number: '31926819', bank_code: '60-16-13', bank_name: 'NatWest' })).statusCode).toBe(200);
    const bank = (await northwind.get(`/api/payroll-runs/${run.data.data.id}/bank.csv`)).body;
    expect(bank).toMatch(/^\uFEFFemployee,account_holder,iban,bic,account_number,bank_code,reference,amount,currency\n/);
    expect(bank).toMatch(/,Warehouse Operative,,,31926819,60-16-13,PAY 2026-11,1810\.42,GBP/);
    const accounting = (await northwind.get(`/api/payroll-runs/${run.data.data.id}/accounting.csv`)).body;
    expect(accounting).toMatch(/PENSION,Pension 5 %,deduction,95\.29,GBP/);
    expect(accounting).not.toMatch(/PENSIONABLE/);
    expect((await northwind.post(`/api/payroll-runs/${run.data.data.id}/pay`, {})).data.data.status).toBe('paid');
  });

  it('lists the runs with each one’s totals, all counted in one grouped query', async () => {
    const october = await northwind.post('/api/payroll-runs', { period_start: '2026-10-01', period_end: '2026-10-31' });
    expect(october.statusCode, october.body).toBe(201);
    const statements = t.database.pglite ? vi.spyOn(t.database.pglite, 'query') : vi.spyOn(pg.Pool.prototype, 'query');
    const list = await northwind.get('/api/payroll-runs');
    const texts = statements.mock.calls.map(([text]) => (typeof text === 'string' ? text : JSON.stringify(text)));
    statements.mockRestore();
    expect(list.statusCode).toBe(200);
    const runs = list.data.data as { id: string; period_start: string; payslips: number; totals: { currency: string; net_minor: number }[] }[];
    expect(runs.map((r) => r.period_start)).toEqual(['2026-11-01', '2026-10-01']);
    // The same totals as each run's own page, which sums its payslips alone.
    for (const run of runs) expect(run).toEqual((await northwind.get(`/api/payroll-runs/${run.id}`)).data.data);
    const november = runs[0];
    const slips = (await northwind.get(`/api/payroll-runs/${november.id}/payslips`)).data.data as { currency: string; net_minor: number }[];
    expect(november.payslips).toBe(slips.length);
    expect(november.totals.find((x) => x.currency === 'GBP')!.net_minor).toBe(slips.filter((x) => x.currency === 'GBP').reduce((n, x) => n + x.net_minor, 0));
    expect(texts.filter((text) => /from payslips/i.test(text))).toHaveLength(1);

    // A page at a time, the latest first, with the count of all: 2 runs, 1 a page.
    const second = await northwind.get('/api/payroll-runs?per_page=1&page=2');
    expect(second.data.meta).toEqual({ total: 2, page: 2, per_page: 1 });
    expect((second.data.data as { period_start: string }[]).map((r) => r.period_start)).toEqual(['2026-10-01']);
    expect((await northwind.get('/api/payroll-runs?per_page=101')).statusCode).toBe(422);
  });
});
