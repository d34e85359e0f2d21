/**
 * HR and payroll at size on PostgreSQL (the built server in its own process): one organisation with
 * 2 000 employees (BENCH_HR_EMPLOYEES) at Felixstowe, Rotterdam and Shanghai, paid in GBP, EUR and
 * CNY, each with an active contract and a salary structure (fixed, percentage and formula
 * components), some on approved annual and unpaid leave this month. Measures starting this month's
 * payroll run (one payslip per employee, in one transaction), working it out again, its payslips,
 * the bank file of the approved run, HR's front page, the month's leave calendar and leave balances.
 */
import pg from 'pg';
import { latencyLine, loginCookie, withDemoOnPostgres } from './support.ts';

const EMPLOYEES = Number(process.env.BENCH_HR_EMPLOYEES ?? 2_000);
const RUNS = 5;
const TARGET_MS = { run: 10_000, recalculate: 10_000, payslips: 500, bank: 500, summary: 200, calendar: 200, balances: 100 };
/** Work location, its currency and a yearly salary from/spread (minor units) per office. */
const OFFICES = [
  { location: 'GBFXT', currency: 'GBP', salary: 2_600_000, spread: 6_000_000 },
  { location: 'NLRTM', currency: 'EUR', salary: 3_400_000, spread: 5_000_000 },
  { location: 'CNSGH', currency: 'CNY', salary: 15_000_000, spread: 30_000_000 },
];

/** A deterministic UUID the API accepts (version 4, RFC variant) from a seed expression. */
const uuidOf = (seed: string) => `overlay(overlay(md5(${seed}) placing '4' from 13) placing '8' from 17)::uuid`;

const line = (label: string, xs: number[], target?: number) => latencyLine(label, xs, target, 52);

type Call = { ms: number; status: number; text: string };
async function call(base: string, cookie: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Call> {
  const headers: Record<string, string> = { cookie };
  if (method === 'POST') Object.assign(headers, { 'content-type': 'application/json', 'x-xsrf-token': /XSRF-TOKEN=([^;]+)/.exec(cookie)![1] });
  const s = performance.now();
  const res = await fetch(base + path, { method, headers, ...(method === 'POST' && { body: JSON.stringify(body ?? {}) }) });
  const text = await res.text();
  const ms = performance.now() - s;
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return { ms, status: res.status, text };
}
const dataOf = <T>(c: Call) => (JSON.parse(c.text) as { data: T }).data;

/** A working-day count of [a, b] in SQL (Monday to Friday; what the stored request shows, payroll counts again). */
const weekdays = (a: string, b: string) => `(select count(*) from generate_series(${a}, ${b}, interval '1 day') d where extract(isodow from d) < 6)`;

/**
 * Employee i works at OFFICES[i % 3]; one in 50 joins this month, one in 97 leaves (its contract
 * ends) this month; some work Tuesday to Saturday or Monday to Saturday; one in 13 is paid by the
 * month. A third take annual leave this month, one in 20 unpaid leave (some from midday), and a
 * tenth have not given a bank account.
 */
async function fill(db: pg.Client, orgId: string, ownerId: string, monthStart: string) {
  const q = (text: string, values: unknown[] = []) => db.query(text, [orgId, ...values]);
  const [{ id: staffRole }] = (await q(`select id from roles where organisation_id = $1 and builtin = 'staff'`)).rows as { id: string }[];
  const departments = (await q(`select id from departments where organisation_id = $1 order by name`)).rows.map((r: { id: string }) => r.id);
  const types = Object.fromEntries((await q(`select code, id from leave_types where organisation_id = $1`)).rows.map((r: { code: string; id: string }) => [r.code, r.id]));
  const ms = `$2::date`;
  const k = `(i % 3)`;
  const office = (field: 'location' | 'currency') => `(array[${OFFICES.map((o) => `'${o[field]}'`).join(',')}])[1 + ${k}]`;
  const first = `array['Amelia','Bram','Chen','Daan','Emma','Fang','George','Hui','Isla','Jesse','Kai','Lotte','Mei','Noah','Olivia','Pieter','Qiang','Ruby','Sanne','Tao']`;
  const last = `array['Smith','de Vries','Wang','Jones','Bakker','Li','Taylor','Visser','Zhang','Brown','Smit','Liu','Evans','Mulder','Chen']`;
  await q(
    `insert into users (id, name, email, email_verified, organisation_id)
     select ${uuidOf(`'hu' || i`)}, (${first})[1 + i % 20] || ' ' || (${last})[1 + (i / 20) % 15] || ' ' || i, 'hr' || i || '@bench.local', true, $1
       from generate_series(1, ${EMPLOYEES}) i`,
  );
  await q(
    `insert into organisation_members (organisation_id, user_id, role_id, department_id, job_title)
     select $1, ${uuidOf(`'hu' || i`)}, $2, ($3::uuid[])[1 + i % ${departments.length}], 'Coordinator ' || i from generate_series(1, ${EMPLOYEES}) i`,
    [staffRole, departments],
  );
  const start = `case when i % 50 = 0 then ${ms} + (i % 20) else ${ms} - (40 + (i * 7) % 4000) end`;
  await q(
    `insert into employees (organisation_id, id, user_id, job_title, department_id, manager_id, work_location, employment_type, start_date, end_date, working_pattern, salary_currency)
     select $1, ${uuidOf(`'he' || i`)}, ${uuidOf(`'hu' || i`)}, (array['Ocean export coordinator','Customs declarant','Air freight agent','Warehouse lead','Accounts clerk'])[1 + i % 5],
            ($3::uuid[])[1 + i % ${departments.length}], $4, ${office('location')}, case when i % 9 = 0 then 'part_time' else 'full_time' end,
            ${start}, case when i % 97 = 0 then ${ms} + 12 end,
            case when ${k} = 0 and i % 7 = 0 then 'tue_sat' when ${k} = 2 and i % 11 = 0 then 'mon_sat' else 'mon_fri' end, ${office('currency')}
       from generate_series(1, ${EMPLOYEES}) i`,
    [monthStart, departments, ownerId],
  );
  const salary = `(array[${OFFICES.map((o) => o.salary).join(',')}])[1 + ${k}] + (i * 7919) % (array[${OFFICES.map((o) => o.spread).join(',')}])[1 + ${k}]`;
  await q(
    `insert into contracts (organisation_id, id, employee_id, type, status, start_date, end_date, probation_months, notice_days, hours_per_week, salary_minor, salary_currency, salary_period, created_by)
     select $1, ${uuidOf(`'hc' || i`)}, ${uuidOf(`'he' || i`)}, case when i % 97 = 0 then 'fixed_term' else 'permanent' end, 'active', ${start}, case when i % 97 = 0 then ${ms} + 12 end,
            case when i % 50 = 0 then 6 else 0 end, 30, case when ${k} = 0 then '37.5' else '40' end,
            case when i % 13 = 0 then (${salary}) / 12 else ${salary} end, ${office('currency')}, case when i % 13 = 0 then 'month' else 'year' end, $3
       from generate_series(1, ${EMPLOYEES}) i`,
    [monthStart, ownerId],
  );
  // Three structures, one per office, with fixed, percentage and formula components (as the demo's: stand-ins, not the law).
  const structures = ['Felixstowe office (bench)', 'Rotterdam branch (bench)', 'Shanghai desk (bench)'];
  await q(`insert into salary_structures (organisation_id, id, name) select $1, ${uuidOf(`'hs' || s`)}, ($2::text[])[s] from generate_series(1, 3) s`, [structures]);
  const components: [structure: number, code: string, name: string, kind: string, calc: string, amount: number | null, percentage: string | null, of: string | null, formula: string | null][] = [
    [1, 'SHIFT', 'Port shift allowance', 'earning', 'fixed', 18_000, null, null, null],
    [1, 'PENSIONABLE', 'Pensionable pay', 'basis', 'formula', null, null, null, 'BASE + SHIFT'],
    [1, 'PENSION', 'Pension (employee, 5 %)', 'deduction', 'percentage', null, '5', 'PENSIONABLE', null],
    [1, 'TAX', 'Income tax (as set up)', 'deduction', 'formula', null, null, null, 'round(max(0, PENSIONABLE - PENSION - 104750) * 20 / 100)'],
    [2, 'TRAVEL', 'Travel allowance', 'earning', 'fixed', 9_500, null, null, null],
    [2, 'HOLIDAY', 'Holiday allowance reserve (8 %)', 'basis', 'percentage', null, '8', 'BASE', null],
    [2, 'PENSION', 'Pension (employee, 6 %)', 'deduction', 'percentage', null, '6', 'BASE', null],
    [2, 'WAGETAX', 'Wage tax (as set up)', 'deduction', 'formula', null, null, null, 'round(max(0, BASE + TRAVEL - PENSION) * 3697 / 10000)'],
    [3, 'MEAL', 'Meal allowance', 'earning', 'fixed', 60_000, null, null, null],
    [3, 'SOCIAL', 'Social insurance (employee, 10.5 %)', 'deduction', 'percentage', null, '10.5', 'BASE', null],
    [3, 'HOUSING', 'Housing fund (employee, 7 %)', 'deduction', 'percentage', null, '7', 'BASE', null],
    [3, 'IIT', 'Individual income tax (as set up)', 'deduction', 'formula', null, null, null, 'round(max(0, BASE + MEAL - SOCIAL - HOUSING - 500000) * 10 / 100)'],
  ];
  for (const [n, [s, code, name, kind, calc, amount, percentage, of, formula]] of components.entries()) {
    await q(
      `insert into pay_components (organisation_id, id, structure_id, code, name, kind, calc, amount_minor, percentage, "of", formula, position)
       values ($1, ${uuidOf(`'hp' || $2::int`)}, ${uuidOf(`'hs' || $3::int`)}, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [n, s, code, name, kind, calc, amount, percentage, of, formula, n],
    );
  }
  // Everyone from their start; one in ten of the long-serving moved to their office's structure again 100 days ago (the later one counts).
  await q(
    `insert into salary_assignments (organisation_id, id, employee_id, structure_id, valid_from)
     select $1::uuid, ${uuidOf(`'ha' || i`)}, ${uuidOf(`'he' || i`)}, ${uuidOf(`'hs' || (1 + ${k})`)}, ${start} from generate_series(1, ${EMPLOYEES}) i
     union all
     select $1::uuid, ${uuidOf(`'hb' || i`)}, ${uuidOf(`'he' || i`)}, ${uuidOf(`'hs' || (1 + ${k})`)}, ${ms} - 100 from generate_series(1, ${EMPLOYEES}) i where i % 10 = 3 and ${start} < ${ms} - 100`,
    [monthStart],
  );
  // Leave: annual this month (a third), annual two months ago (a third), unpaid this month (one in 20, some from midday), pending next month.
  const leave = (seed: string, type: string, from: string, to: string, where: string, status: string, halfStart = 'false') => q(
    `insert into leave_requests (organisation_id, id, employee_id, leave_type_id, start_date, end_date, half_day_start, working_days, status, manager_decided_by, hr_decided_by, created_by)
     select $1::uuid, ${uuidOf(`'${seed}' || i`)}, ${uuidOf(`'he' || i`)}, $3, a, b, h, (${weekdays('a', 'b')} - case when h then 0.5 else 0 end)::text, '${status}',
            case when '${status}' = 'approved' then $4::uuid end, case when '${status}' = 'approved' and $5 then $4::uuid end, ${uuidOf(`'hu' || i`)}
       from generate_series(1, ${EMPLOYEES}) i, lateral (select (${from})::date as a, (${to})::date as b, ${halfStart} as h) x
      where ${where} and ${start} <= a and ${weekdays('a', 'b')} > 0`,
    [monthStart, types[type], ownerId, type === 'UNPAID'],
  );
  await leave('hl', 'ANNUAL', `${ms} + (i % 22)`, `${ms} + (i % 22) + (i % 4)`, 'i % 3 = 0', 'approved');
  await leave('hm', 'ANNUAL', `${ms} - 60 + (i % 20)`, `${ms} - 60 + (i % 20) + (i % 5)`, 'i % 3 = 1', 'approved');
  await leave('hn', 'UNPAID', `${ms} + (i % 18)`, `${ms} + (i % 18) + (i % 3)`, 'i % 20 = 7', 'approved', 'i % 40 = 7');
  await leave('ho', 'ANNUAL', `${ms} + 35 + (i % 10)`, `${ms} + 37 + (i % 10)`, 'i % 25 = 4', 'pending_manager');
  await q(
    `insert into leave_entries (organisation_id, id, employee_id, leave_type_id, date, kind, days, request_id, created_by)
     select r.organisation_id, ${uuidOf(`'hx' || r.id::text`)}, r.employee_id, r.leave_type_id, r.start_date, 'taken', '-' || r.working_days, r.id, r.manager_decided_by
       from leave_requests r where r.organisation_id = $1 and r.status = 'approved' and r.leave_type_id = $2
        and not exists (select 1 from leave_entries x where x.organisation_id = r.organisation_id and x.request_id = r.id)`,
    [types.ANNUAL],
  );
  await q(
    `insert into employee_bank_accounts (organisation_id, employee_id, holder, iban, bic, account_number, bank_code, bank_name)
     select $1, ${uuidOf(`'he' || i`)}, 'Holder ' || i,
            case when ${k} = 1 then 'NL91ABNA' || lpad(i::text, 10, '0') end, case when ${k} = 1 then 'ABNANL2A' end,
            case when ${k} <> 1 then lpad((i * 7919)::text, case when ${k} = 0 then 8 else 19 end, '0') end,
            case ${k} when 0 then '20-00-00' when 2 then '102290000018' end, (array['Barclays','ABN AMRO','ICBC'])[1 + ${k}]
       from generate_series(1, ${EMPLOYEES}) i where i % 10 <> 9`,
  );
  await db.query('analyze users; analyze organisation_members; analyze employees; analyze contracts; analyze salary_assignments; analyze pay_components; analyze leave_requests; analyze leave_entries; analyze employee_bank_accounts');
}

export async function hrBench() {
  await withDemoOnPostgres('HR and payroll at size', async ({ server, db, ownerId, orgId }) => {
    const today = new Date().toISOString().slice(0, 10);
    const monthStart = `${today.slice(0, 7)}-01`;
    const monthEnd = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 0)).toISOString().slice(0, 10);
    const t0 = performance.now();
    await fill(db, orgId, ownerId, monthStart);
    const [{ n }] = (await db.query<{ n: number }>(`select count(*)::int as n from employees where organisation_id = $1`, [orgId])).rows;
    console.log(`\nHR and payroll at size (PostgreSQL, one node): ${n.toLocaleString('en')} employees of one organisation at GBFXT, NLRTM and CNSGH (GBP, EUR, CNY), ${monthStart.slice(0, 7)} (filled in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    const cookie = await loginCookie(server.base, 'owner@demo.fyn.local', 'FynDemo!2026');

    const period = { period_start: monthStart, period_end: monthEnd };
    const starts: number[] = [];
    const runIds: string[] = [];
    let payslipCount = 0;
    for (let i = 0; i < RUNS; i++) {
      const c = await call(server.base, cookie, 'POST', '/api/payroll-runs', period);
      starts.push(c.ms);
      const run = dataOf<{ id: string; payslips: number }>(c);
      runIds.push(run.id);
      payslipCount = run.payslips;
    }
    line(`POST /api/payroll-runs (${payslipCount} payslips, ${RUNS}×)`, starts, TARGET_MS.run);
    const recalcs: number[] = [];
    for (let i = 0; i < RUNS; i++) recalcs.push((await call(server.base, cookie, 'POST', `/api/payroll-runs/${runIds[0]}/recalculate`)).ms);
    line(`POST /api/payroll-runs/:id/recalculate (${RUNS}×)`, recalcs, TARGET_MS.recalculate);
    // What the runs worked out, as one digest: the same figures before and after any change to how they are worked out.
    const [digest] = (await db.query<{ md5: string }>(
      `select md5(string_agg(concat_ws('|', u.email, s.currency, s.period_working_days, s.payment_days, s.unpaid_leave_days, s.base_minor, s.gross_minor, s.deductions_minor, s.net_minor, s.lines::text), ',' order by u.email)) as md5
         from payslips s join employees e on e.organisation_id = s.organisation_id and e.id = s.employee_id join users u on u.id = e.user_id
        where s.organisation_id = $1 and s.run_id = $2`,
      [orgId, runIds[0]],
    )).rows;
    const [totals] = (await db.query<{ t: string; unpaid: number; prorated: number }>(
      `select string_agg(currency || ' ' || n || ', net ' || net, '; ' order by currency) as t, sum(unpaid)::int as unpaid, sum(prorated)::int as prorated
         from (select currency, count(*) as n, sum(net_minor) as net, count(*) filter (where unpaid_leave_days <> '0') as unpaid,
                      count(*) filter (where payment_days <> period_working_days) as prorated
                 from payslips where organisation_id = $1 and run_id = $2 group by currency) x`,
      [orgId, runIds[0]],
    )).rows;
    console.log(`  the run's payslips: ${totals.t}; ${totals.unpaid} with unpaid leave, ${totals.prorated} prorated (digest ${digest.md5})`);

    const slips: number[] = [];
    for (let i = 0; i < 20; i++) slips.push((await call(server.base, cookie, 'GET', `/api/payroll-runs/${runIds[0]}/payslips`)).ms);
    line(`GET /api/payroll-runs/:id/payslips (${payslipCount}, 20×)`, slips, TARGET_MS.payslips);
    await call(server.base, cookie, 'POST', `/api/payroll-runs/${runIds[0]}/approve`);
    const bank: number[] = [];
    for (let i = 0; i < 20; i++) bank.push((await call(server.base, cookie, 'GET', `/api/payroll-runs/${runIds[0]}/bank.csv`)).ms);
    line('GET /api/payroll-runs/:id/bank.csv (approved, 20×)', bank, TARGET_MS.bank);

    const summary: number[] = [];
    for (let i = 0; i < 40; i++) summary.push((await call(server.base, cookie, 'GET', '/api/hr/summary')).ms);
    line('GET /api/hr/summary (40×)', summary, TARGET_MS.summary);
    const calendar: number[] = [];
    let leaveCount = 0;
    for (let i = 0; i < 40; i++) {
      const c = await call(server.base, cookie, 'GET', `/api/leave/calendar?from=${monthStart}&to=${monthEnd}`);
      calendar.push(c.ms);
      leaveCount = dataOf<{ leave: unknown[] }>(c).leave.length;
    }
    line(`GET /api/leave/calendar, a month (${leaveCount} requests, 40×)`, calendar, TARGET_MS.calendar);
    const balances: number[] = [];
    for (let i = 0; i < 40; i++) {
      const [{ id }] = (await db.query<{ id: string }>(`select ${uuidOf(`'he' || $1::int`)} as id`, [1 + ((i * 7) % EMPLOYEES)])).rows;
      balances.push((await call(server.base, cookie, 'GET', `/api/leave/balances?employee_id=${id}`)).ms);
    }
    line('GET /api/leave/balances?employee_id= (40×)', balances, TARGET_MS.balances);
  });
}
