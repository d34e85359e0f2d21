import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/client.ts';
import { plusDays, workingDays } from '#shared/hr/leave.ts';
import { contracts, employeeBankAccounts, employeesTable, holidays, leaveEntries, leaveRequests, payComponentsTable, payrollRuns, salaryAssignmentsTable, salaryStructuresTable } from '../../db/schema/index.ts';
import { workOut } from '../hr/payroll.ts';
import { daysOff, libraryHolidays } from '../hr/holidays.ts';

/**
 * Northwind's people as HR keeps them (issue 13, begun): an employee record and an active contract
 * for each member of staff at Felixstowe (one fixed-term, its probation and term ending soon), the
 * public holidays of its offices' countries for the year (England, the Netherlands, China) in its own
 * list, and leave: someone away this week, a request waiting for Olivia, past leave in the ledger.
 */
export async function seedDemoHr(ctx: AppContext, orgId: string, ids: Record<string, string>): Promise<void> {
  const db = ctx.database.db;
  const departments = Object.fromEntries((await rowsOf<{ id: string; name: string }>(db, sql`select id, name from departments where organisation_id = ${orgId}`)).map((d) => [d.name, d.id]));
  const owner = ids['owner@demo.fyn.local'];
  const today = new Date().toISOString().slice(0, 10);
  // Tom joined about five months ago on a fixed-term contract: his probation ends in three weeks, the contract a few days later.
  const tomStart = plusDays(today, -162);
  const people: [email: string, title: string, department: string | null, manager: string | null, start: string, type: string, end: string | null, salary: number, probation: number, location: string, currency: string, hours: string][] = [
    ['owner@demo.fyn.local', 'Managing director', null, null, '2014-03-03', 'permanent', null, 9_600_000, 0, 'GBFXT', 'GBP', '37.5'],
    ['admin@demo.fyn.local', 'Operations manager', 'Ocean export', owner, '2017-09-04', 'permanent', null, 5_450_000, 0, 'GBFXT', 'GBP', '37.5'],
    ['ocean@demo.fyn.local', 'Ocean export coordinator', 'Ocean export', ids['admin@demo.fyn.local'], '2022-05-16', 'permanent', null, 3_420_000, 0, 'GBFXT', 'GBP', '37.5'],
    ['customs@demo.fyn.local', 'Customs declarant', 'Customs brokerage', ids['admin@demo.fyn.local'], tomStart, 'fixed_term', plusDays(today, 26), 3_150_000, 6, 'GBFXT', 'GBP', '37.5'],
    // Abroad: Daan at the Rotterdam branch (paid in euros), Li Na at the Shanghai origin desk (paid in yuan).
    ['rotterdam@demo.fyn.local', 'Import coordinator, Rotterdam', 'Ocean export', ids['admin@demo.fyn.local'], '2021-02-01', 'permanent', null, 5_040_000, 0, 'NLRTM', 'EUR', '40'],
    ['shanghai@demo.fyn.local', 'Origin operations coordinator, Shanghai', 'Air freight', ids['admin@demo.fyn.local'], '2024-04-08', 'permanent', null, 26_400_000, 0, 'CNSGH', 'CNY', '40'],
  ];
  const employees: Record<string, { id: string; start: string; country: string }> = {};
  await db.transaction(async (tx) => {
    for (const [email, title, department, manager, start, type, end, salary, probation, location, currency, hours] of people) {
      const employee = uuidv7();
      employees[email] = { id: employee, start, country: location.slice(0, 2) };
      await tx.insert(employeesTable).values({
        organisation_id: orgId, id: employee, user_id: ids[email], job_title: title, department_id: department ? departments[department] : null, manager_id: manager,
        work_location: location, employment_type: type === 'fixed_term' ? 'temporary' : 'full_time', start_date: start, salary_currency: currency,
      });
      await tx.insert(contracts).values({
        organisation_id: orgId, id: uuidv7(), employee_id: employee, type, status: 'active', start_date: start, end_date: end, probation_months: probation, notice_days: probation ? 7 : location === 'GBFXT' ? 90 : 30,
        hours_per_week: hours, salary_minor: salary, salary_currency: currency, salary_period: 'year', created_by: owner,
      });
    }
    const year = new Date().getUTCFullYear();
    for (const [country, region] of [['GB', 'ENG'], ['NL', ''], ['CN', '']]) {
      const list = await libraryHolidays(country, year, region);
      await tx.insert(holidays).values(list.map((h) => ({ organisation_id: orgId, id: uuidv7(), country, region, date: h.date, name: h.name, counts: h.counts, note: h.note, source: 'date-holidays' })));
    }
  });

  // Leave: Sofia is away this week (approved), had a week in the summer; Arjun asks Olivia for days next month; Tom was off sick.
  const [annual] = await rowsOf<{ id: string }>(db, sql`select id from leave_types where organisation_id = ${orgId} and code = 'ANNUAL'`);
  const [sick] = await rowsOf<{ id: string }>(db, sql`select id from leave_types where organisation_id = ${orgId} and code = 'SICK'`);
  const years = [Number(today.slice(0, 4)) - 1, Number(today.slice(0, 4)), Number(today.slice(0, 4)) + 1];
  const off = Object.fromEntries(await Promise.all(['GB', 'NL', 'CN'].map(async (c) => [c, await daysOff(db, orgId, c, years)] as const)));
  const leave: [email: string, type: string, from: string, to: string, status: 'approved' | 'pending_manager', decidedBy: string | null][] = [
    ['ocean@demo.fyn.local', annual.id, plusDays(today, -1), plusDays(today, 3), 'approved', ids['admin@demo.fyn.local']],
    ['ocean@demo.fyn.local', annual.id, `${today.slice(0, 4)}-08-10`, `${today.slice(0, 4)}-08-14`, 'approved', ids['admin@demo.fyn.local']],
    ['admin@demo.fyn.local', annual.id, plusDays(today, 30), plusDays(today, 34), 'pending_manager', null],
    ['customs@demo.fyn.local', sick.id, plusDays(today, -20), plusDays(today, -19), 'approved', ids['admin@demo.fyn.local']],
    // Daan took a week in the spring (King's Day week); Li Na asks for the days around the Spring Festival (holidays not counted).
    ['rotterdam@demo.fyn.local', annual.id, `${today.slice(0, 4)}-04-27`, `${today.slice(0, 4)}-05-01`, 'approved', ids['admin@demo.fyn.local']],
    ['shanghai@demo.fyn.local', annual.id, plusDays(today, 75), plusDays(today, 81), 'pending_manager', null],
  ];
  await db.transaction(async (tx) => {
    for (const [email, type, from, to, status, decidedBy] of leave) {
      const e = employees[email];
      if (from < e.start) continue;
      const days = workingDays(from, to, { holidays: off[e.country] });
      if (days === '0') continue;
      const id = uuidv7();
      await tx.insert(leaveRequests).values({
        organisation_id: orgId, id, employee_id: e.id, leave_type_id: type, start_date: from, end_date: to, working_days: days, status,
        manager_decided_by: decidedBy, created_by: ids[email], created_at: new Date(Date.parse(`${from}T09:00:00Z`) - 14 * 86_400_000),
      });
      if (status === 'approved') await tx.insert(leaveEntries).values({ organisation_id: orgId, id: uuidv7(), employee_id: e.id, leave_type_id: type, date: from, kind: 'taken', days: `-${days}`, request_id: id, created_by: decidedBy });
    }
  });

  // Payroll: the Felixstowe office structure (port allowance for the ocean desk, pension 5 % of pensionable pay, a
  // flat-rate tax stand-in that the organisation wrote itself: FYN computes no country's tax), and the last two months' runs.
  await db.transaction(async (tx) => {
    const office = uuidv7();
    const port = uuidv7();
    await tx.insert(salaryStructuresTable).values([
      { organisation_id: orgId, id: office, name: 'Felixstowe office', description: 'Pension 5 % of pensionable pay; income tax as the organisation set it up' },
      { organisation_id: orgId, id: port, name: 'Felixstowe port desk', description: 'As the office, with the port shift allowance' },
    ]);
    const components = (structure: string, shift: boolean) => [
      ...(shift ? [{ code: 'SHIFT', name: 'Port shift allowance', kind: 'earning', calc: 'fixed', amount_minor: 18_000, position: 1 }] : []),
      { code: 'PENSIONABLE', name: 'Pensionable pay', kind: 'basis', calc: 'formula', formula: shift ? 'BASE + SHIFT' : 'BASE', position: 2 },
      { code: 'PENSION', name: 'Pension (employee, 5 %)', kind: 'deduction', calc: 'percentage', percentage: '5', of: 'PENSIONABLE', position: 3 },
      { code: 'TAX', name: 'Income tax (as set up by Northwind)', kind: 'deduction', calc: 'formula', formula: 'round(max(0, PENSIONABLE - PENSION - 104750) * 20 / 100)', position: 4 },
    ].map((c) => ({ organisation_id: orgId, id: uuidv7(), structure_id: structure, ...c }));
    // Abroad, each office's deductions as Northwind's payroll provider told it to set them up (stand-ins, not the law).
    const rotterdam = uuidv7();
    const shanghai = uuidv7();
    await tx.insert(salaryStructuresTable).values([
      { organisation_id: orgId, id: rotterdam, name: 'Rotterdam branch', description: 'Holiday allowance 8 % reserved monthly; pension and wage tax as the payroll provider set them up' },
      { organisation_id: orgId, id: shanghai, name: 'Shanghai origin desk', description: 'Social insurance and housing fund at the Shanghai rates Northwind entered; individual income tax as set up' },
    ]);
    const abroad = [
      { structure_id: rotterdam, code: 'HOLIDAY', name: 'Holiday allowance reserve (8 %)', kind: 'basis', calc: 'percentage', percentage: '8', of: 'BASE', position: 1 },
      { structure_id: rotterdam, code: 'PENSION', name: 'Pension (employee, 6 %)', kind: 'deduction', calc: 'percentage', percentage: '6', of: 'BASE', position: 2 },
      { structure_id: rotterdam, code: 'WAGETAX', name: 'Wage tax (as set up by Northwind)', kind: 'deduction', calc: 'formula', formula: 'round(max(0, BASE - PENSION) * 3697 / 10000)', position: 3 },
      { structure_id: shanghai, code: 'SOCIAL', name: 'Social insurance (employee, 10.5 %)', kind: 'deduction', calc: 'percentage', percentage: '10.5', of: 'BASE', position: 1 },
      { structure_id: shanghai, code: 'HOUSING', name: 'Housing fund (employee, 7 %)', kind: 'deduction', calc: 'percentage', percentage: '7', of: 'BASE', position: 2 },
      { structure_id: shanghai, code: 'IIT', name: 'Individual income tax (as set up by Northwind)', kind: 'deduction', calc: 'formula', formula: 'round(max(0, BASE - SOCIAL - HOUSING - 500000) * 10 / 100)', position: 3 },
    ].map((c) => ({ organisation_id: orgId, id: uuidv7(), ...c }));
    await tx.insert(payComponentsTable).values([...components(office, false), ...components(port, true), ...abroad]);
    // Where each is paid: UK accounts by sort code, Daan by IBAN, Li Na by account number and CNAPS code; Tom has not given his yet.
    const accounts: [email: string, holder: string, iban: string | null, bic: string | null, number: string | null, code: string | null, bank: string][] = [
      ['owner@demo.fyn.local', 'Olivia Owner', null, null, '55779911', '20-00-00', 'Barclays'],
      ['admin@demo.fyn.local', 'Arjun Admin', null, null, '73104482', '30-94-57', 'Lloyds Bank'],
      ['ocean@demo.fyn.local', 'Sofia Ocean', null, null, '21349850', '40-11-62', 'HSBC UK'],
      ['rotterdam@demo.fyn.local', 'D. Jansen', 'NL91ABNA0417164300', 'ABNANL2A', null, null, 'ABN AMRO'],
      ['shanghai@demo.fyn.local', 'Li Na', null, null, '6222021234567890123', '102290000018', 'ICBC Shanghai Lujiazui'],
    ];
    await tx.insert(employeeBankAccounts).values(accounts.map(([email, holder, iban, bic, number, code, bank]) => ({
      organisation_id: orgId, employee_id: employees[email].id, holder, iban, bic, account_number: number, bank_code: code, bank_name: bank, updated_by: ids[email],
    })));
    const structureOf = (email: string, country: string) => (country === 'NL' ? rotterdam : country === 'CN' ? shanghai : email === 'ocean@demo.fyn.local' ? port : office);
    await tx.insert(salaryAssignmentsTable).values(Object.entries(employees).map(([email, e]) => ({
      organisation_id: orgId, id: uuidv7(), employee_id: e.id, structure_id: structureOf(email, e.country), valid_from: e.start,
    })));
    const first = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 3, 1));
    for (let i = 0; i < 2; i++) {
      const start = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + i, 1)).toISOString().slice(0, 10);
      const end = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + i + 1, 0)).toISOString().slice(0, 10);
      const run = uuidv7();
      const approvedAt = new Date(Date.parse(`${end}T12:00:00Z`) - 3 * 86_400_000);
      await tx.insert(payrollRuns).values({ organisation_id: orgId, id: run, period_start: start, period_end: end, status: 'paid', approved_by: owner, approved_at: approvedAt, paid_at: new Date(Date.parse(`${end}T09:00:00Z`)), created_by: owner, created_at: approvedAt });
      await workOut(tx, orgId, run, start, end);
    }
  });
}
