import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { sendTable, tableResponse } from '../../lib/spreadsheet.ts';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { workingDays } from '#shared/hr/leave.ts';
import { countryOf, WORKING_PATTERNS, type WorkingPattern } from '#shared/hr/model.ts';
import { FormulaError } from '#shared/hr/formula.ts';
import { monthlyMinor, payslip, type PayComponent } from '#shared/hr/payroll.ts';
import { Decimal } from '#shared/money/decimal.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf, type Tx } from '../../db/client.ts';
import { payrollRuns, payslips } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { can, requireMember, requirePermission, type Membership } from '../organisations/membership.ts';
import { organisationHeader } from '../operations/documents.ts';
import { DOCUMENT_LANGUAGES } from '#shared/resources/operations.ts';
import { renderPayslipPdf } from './pdf.ts';
import { audit } from '../../lib/audit.ts';
import { daysOff } from './holidays.ts';
import { day, isoOrNull as iso } from '../../lib/dates.ts';

const runSchema = z.object({
  id: z.string(), period_start: z.string(), period_end: z.string(), status: z.enum(['draft', 'approved', 'paid']), payslips: z.number(),
  totals: z.array(z.object({ currency: z.string(), gross_minor: z.number(), deductions_minor: z.number(), net_minor: z.number() })),
  approved_at: z.string().nullable(), paid_at: z.string().nullable(), created_at: z.string(),
});
const payslipSchema = z.object({
  id: z.string(), run_id: z.string(), employee_id: z.string(), employee_name: z.string(), period_start: z.string(), period_end: z.string(), currency: z.string(),
  period_working_days: z.string(), payment_days: z.string(), unpaid_leave_days: z.string(),
  base_minor: z.number(), gross_minor: z.number(), deductions_minor: z.number(), net_minor: z.number(),
  lines: z.array(z.object({ code: z.string(), name: z.string(), kind: z.string(), amount_minor: z.number() })),
  /** Whether the employee has given the account they are paid into (the bank file needs it). */
  has_bank_account: z.boolean(),
});
type PayslipOut = z.infer<typeof payslipSchema>;
type RunRow = typeof payrollRuns.$inferSelect;
type BankColumns = { holder: string | null; iban: string | null; bic: string | null; account_number: string | null; bank_code: string | null };
type SlipRow = typeof payslips.$inferSelect & { employee_name: string; period_start: string; period_end: string } & BankColumns;

const years = (from: string, to: string) => Array.from({ length: Number(to.slice(0, 4)) - Number(from.slice(0, 4)) + 1 }, (_, i) => Number(from.slice(0, 4)) + i);
const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

const presentSlip = (s: SlipRow): PayslipOut => ({
  id: s.id, run_id: s.run_id, employee_id: s.employee_id, employee_name: s.employee_name, period_start: day(s.period_start), period_end: day(s.period_end), currency: s.currency,
  period_working_days: s.period_working_days, payment_days: s.payment_days, unpaid_leave_days: s.unpaid_leave_days,
  base_minor: Number(s.base_minor), gross_minor: Number(s.gross_minor), deductions_minor: Number(s.deductions_minor), net_minor: Number(s.net_minor), lines: s.lines,
  has_bank_account: s.holder !== null,
});

/** Payslips inserted per statement when a run is worked out. */
const INSERT_BATCH = 500;

/**
 * Works out every payslip of a run in `tx`: one per employee with an active contract in the period —
 * the contract's pay for the period (a twelfth of a yearly salary), prorated by payment days (the
 * period's working days, Monday to Friday by the employee's pattern less their country's holidays,
 * while employed, less unpaid leave), then the components of their salary structure.
 *
 * Set-based, so that a run of thousands of employees is a handful of queries: the contracts, the
 * approved unpaid leave in the period, the salary assignments in force and the components of every
 * structure are read once each, the holidays once per country, and the payslips written in batches.
 */
export async function workOut(tx: Tx, organisationId: string, runId: string, start: string, end: string) {
  await tx.execute(sql`delete from payslips where organisation_id = ${organisationId} and run_id = ${runId}`);
  const people = await rowsOf<{ employee_id: string; work_location: string; working_pattern: WorkingPattern; start_date: string; end_date: string | null; c_start: string; c_end: string | null; salary_minor: number; salary_currency: string; salary_period: 'month' | 'year' }>(tx, sql`
    select e.id as employee_id, e.work_location, e.working_pattern, e.start_date::text as start_date, e.end_date::text as end_date,
           c.start_date::text as c_start, c.end_date::text as c_end, c.salary_minor, c.salary_currency, c.salary_period
      from contracts c join employees e on e.organisation_id = c.organisation_id and e.id = c.employee_id
     where c.organisation_id = ${organisationId} and c.status in ('active', 'ended', 'terminated')
       and c.start_date <= ${end}::date and (c.end_date is null or c.end_date >= ${start}::date)
     order by e.id, c.start_date desc`);
  // Approved unpaid leave overlapping the period (each employee's employed part of it lies within), by employee.
  const unpaidOf = new Map<string, { start_date: string; end_date: string; half_day_start: boolean; half_day_end: boolean }[]>();
  for (const u of await rowsOf<{ employee_id: string; start_date: string; end_date: string; half_day_start: boolean; half_day_end: boolean }>(tx, sql`
    select r.employee_id, r.start_date::text as start_date, r.end_date::text as end_date, r.half_day_start, r.half_day_end from leave_requests r
      join leave_types t on t.organisation_id = r.organisation_id and t.id = r.leave_type_id
     where r.organisation_id = ${organisationId} and r.status = 'approved' and not t.paid
       and r.start_date <= ${end}::date and r.end_date >= ${start}::date`)) {
    const list = unpaidOf.get(u.employee_id);
    if (list) list.push(u);
    else unpaidOf.set(u.employee_id, [u]);
  }
  // The structure each employee is paid by: their latest assignment from before the period ends.
  const structureOf = new Map((await rowsOf<{ employee_id: string; structure_id: string }>(tx, sql`
    select distinct on (employee_id) employee_id, structure_id from salary_assignments
     where organisation_id = ${organisationId} and valid_from <= ${end}::date order by employee_id, valid_from desc`)).map((a) => [a.employee_id, a.structure_id]));
  const componentsOf = new Map<string, PayComponent[]>();
  for (const c of await rowsOf<PayComponent & { structure_id: string }>(tx, sql`
    select structure_id, code, name, kind, calc, amount_minor, percentage, "of", formula from pay_components
     where organisation_id = ${organisationId} order by structure_id, position, code`)) {
    const { structure_id, ...component } = c;
    const list = componentsOf.get(structure_id);
    const one = { ...component, amount_minor: component.amount_minor === null ? null : Number(component.amount_minor) };
    if (list) list.push(one);
    else componentsOf.set(structure_id, [one]);
  }
  const holidaysOf = new Map<string, Promise<Set<string>>>();
  const holidaysIn = (country: string) => {
    let days = holidaysOf.get(country);
    if (!days) holidaysOf.set(country, (days = daysOff(tx, organisationId, country, years(start, end))));
    return days;
  };
  const seen = new Set<string>();
  const rows: (typeof payslips.$inferInsert)[] = [];
  for (const p of people) {
    if (seen.has(p.employee_id)) continue;
    seen.add(p.employee_id);
    const holidays = await holidaysIn(countryOf(p.work_location));
    const workdays = WORKING_PATTERNS[p.working_pattern] ?? WORKING_PATTERNS.mon_fri;
    const from = later(start, later(p.c_start, p.start_date));
    const to = earlier(end, earlier(p.c_end ?? end, p.end_date ?? end));
    const periodDays = workingDays(start, end, { holidays, workdays });
    const employedDays = to < from ? '0' : workingDays(from, to, { holidays, workdays });
    // Unpaid leave: the working days of approved unpaid leave that fall in the employed part of the period.
    let unpaidDays = new Decimal('0');
    for (const u of unpaidOf.get(p.employee_id) ?? []) {
      if (!(u.start_date <= to && u.end_date >= from)) continue;
      const a = later(u.start_date, from);
      const b = earlier(u.end_date, to);
      unpaidDays = unpaidDays.plus(workingDays(a, b, { holidays, workdays, halfDayStart: u.half_day_start && a === u.start_date, halfDayEnd: u.half_day_end && b === u.end_date }));
    }
    const structure = structureOf.get(p.employee_id);
    const components = structure ? (componentsOf.get(structure) ?? []) : [];
    let slip;
    try {
      slip = payslip({ base_minor: monthlyMinor(Number(p.salary_minor), p.salary_period), period_working_days: periodDays, employed_working_days: employedDays, unpaid_leave_days: unpaidDays.toFixed(), components });
    } catch (e) {
      if (e instanceof FormulaError) throw new AppError(422, 'payroll_formula', `A pay component cannot be worked out: ${e.message}`);
      throw e;
    }
    rows.push({
      organisation_id: organisationId, id: uuidv7(), run_id: runId, employee_id: p.employee_id, currency: p.salary_currency, period_working_days: periodDays, payment_days: slip.payment_days,
      unpaid_leave_days: unpaidDays.toFixed(), base_minor: slip.base_minor, gross_minor: slip.gross_minor, deductions_minor: slip.deductions_minor, net_minor: slip.net_minor, lines: slip.lines,
    });
  }
  for (let i = 0; i < rows.length; i += INSERT_BATCH) await tx.insert(payslips).values(rows.slice(i, i + INSERT_BATCH));
  return rows.length;
}

/**
 * Payroll (issue 13, item 4; module `payroll`): runs for a period make one payslip per employee;
 * `draft → approved → paid`, and an approved run is locked (it cannot be worked out again, deleted or
 * changed). Everyone reads their own payslips. FYN computes no country's tax law: statutory
 * deductions are components the organisation defines.
 */
export function registerPayrollRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['payroll'];
  const idParam = z.object({ id: z.uuid() });

  async function member(req: Parameters<typeof requireMember>[1], action: 'view' | 'create' | 'update' | 'delete' | 'export') {
    const m = await requireMember(ctx, req);
    requirePermission(m, `payroll.${action}`);
    return m;
  }
  type Totals = { run_id: string; currency: string; gross: string; deductions: string; net: string; n: number };
  /** Each run's totals per currency, for any number of runs in one grouped query. */
  const totalsOf = (organisationId: string, runIds: string[]) => rowsOf<Totals>(db, sql`
    select run_id, currency, sum(gross_minor)::text as gross, sum(deductions_minor)::text as deductions, sum(net_minor)::text as net, count(*)::int as n
      from payslips where organisation_id = ${organisationId} and run_id = any(${`{${runIds.join(',')}}`}::uuid[]) group by run_id, currency order by run_id, currency`);
  const present = (run: RunRow, all: Totals[]) => {
    const totals = all.filter((t) => t.run_id === run.id);
    return {
      id: run.id, period_start: day(run.period_start), period_end: day(run.period_end), status: run.status as 'draft' | 'approved' | 'paid', payslips: totals.reduce((n, t) => n + t.n, 0),
      totals: totals.map((t) => ({ currency: t.currency, gross_minor: Number(t.gross), deductions_minor: Number(t.deductions), net_minor: Number(t.net) })),
      approved_at: iso(run.approved_at), paid_at: iso(run.paid_at), created_at: iso(run.created_at)!,
    };
  };
  async function answer(organisationId: string, id: string) {
    const [run] = await rowsOf<RunRow>(db, sql`select * from payroll_runs where organisation_id = ${organisationId} and id = ${id}`);
    if (!run) throw notFound('The payroll run');
    return { data: present(run, await totalsOf(organisationId, [run.id])) };
  }
  async function lock(tx: Tx, m: Membership, id: string) {
    const [run] = await rowsOf<RunRow>(tx, sql`select * from payroll_runs where organisation_id = ${m.organisation.id} and id = ${id} for update`);
    if (!run) throw notFound('The payroll run');
    return run;
  }
  const slipsOf = (organisationId: string, where: ReturnType<typeof sql>) => rowsOf<SlipRow>(db, sql`
    select s.*, u.name as employee_name, r.period_start::text as period_start, r.period_end::text as period_end, b.holder, b.iban, b.bic, b.account_number, b.bank_code
      from payslips s join payroll_runs r on r.organisation_id = s.organisation_id and r.id = s.run_id
      join employees e on e.organisation_id = s.organisation_id and e.id = s.employee_id join users u on u.id = e.user_id
      left join employee_bank_accounts b on b.organisation_id = s.organisation_id and b.employee_id = s.employee_id
     where s.organisation_id = ${organisationId} ${where} order by u.name`);

  api.post('/api/payroll-runs', {
    config: { access: 'payroll.create' },
    schema: { tags, summary: 'Start a payroll run for a period: a draft with one payslip per employee with a contract in it', body: z.object({ period_start: z.iso.date(), period_end: z.iso.date() }), response: { 201: envelope(runSchema) } },
  }, async (req, reply) => {
    const m = await member(req, 'create');
    const { period_start, period_end } = req.body;
    if (period_end < period_start) throw new AppError(422, 'validation_failed', 'The period ends before it starts.', { period_end: 'Before the start.' });
    if (Date.parse(period_end) - Date.parse(period_start) > 62 * 86_400_000) throw new AppError(422, 'validation_failed', 'A payroll period is at most two months.', { period_end: 'Too long.' });
    const id = uuidv7();
    await db.transaction(async (tx) => {
      await tx.insert(payrollRuns).values({ organisation_id: m.organisation.id, id, period_start, period_end, created_by: m.user.id });
      const n = await workOut(tx, m.organisation.id, id, period_start, period_end);
      await audit(tx, m.organisation.id, m.user.id, 'payroll_runs', 'create', id, { period_start, period_end, payslips: n });
    });
    return reply.status(201).send(await answer(m.organisation.id, id));
  });

  api.get('/api/payroll-runs', {
    config: { access: 'payroll.view' },
    schema: {
      tags, summary: 'Payroll runs, the latest period first, a page at a time (25 by default) with the total',
      querystring: z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1), per_page: z.coerce.number().int().min(1).max(100).default(25) }),
      response: { 200: z.object({ data: z.array(runSchema), meta: z.object({ total: z.number(), page: z.number(), per_page: z.number() }) }) },
    },
  }, async (req) => {
    const m = await member(req, 'view');
    const { page, per_page } = req.query;
    const [runs, [{ n }]] = await Promise.all([
      rowsOf<RunRow>(db, sql`select * from payroll_runs where organisation_id = ${m.organisation.id} order by period_start desc, id desc limit ${per_page} offset ${(page - 1) * per_page}`),
      rowsOf<{ n: number }>(db, sql`select count(*)::int as n from payroll_runs where organisation_id = ${m.organisation.id}`),
    ]);
    const totals = runs.length ? await totalsOf(m.organisation.id, runs.map((r) => r.id)) : [];
    return { data: runs.map((run) => present(run, totals)), meta: { total: Number(n), page, per_page } };
  });

  api.get('/api/payroll-runs/:id', {
    config: { access: 'payroll.view' },
    schema: { tags, summary: 'One payroll run with its totals per currency', params: idParam, response: { 200: envelope(runSchema) } },
  }, async (req) => answer((await member(req, 'view')).organisation.id, req.params.id));

  api.get('/api/payroll-runs/:id/payslips', {
    config: { access: 'payroll.view' },
    schema: { tags, summary: 'The payslips of a run', params: idParam, response: { 200: envelope(z.array(payslipSchema)) } },
  }, async (req) => {
    const m = await member(req, 'view');
    await answer(m.organisation.id, req.params.id);
    return { data: (await slipsOf(m.organisation.id, sql`and s.run_id = ${req.params.id}`)).map(presentSlip) };
  });

  api.post('/api/payroll-runs/:id/recalculate', {
    config: { access: 'payroll.update' },
    schema: { tags, summary: 'Work a draft run out again (after contracts, leave or components changed)', params: idParam, response: { 200: envelope(runSchema) } },
  }, async (req) => {
    const m = await member(req, 'update');
    await db.transaction(async (tx) => {
      const run = await lock(tx, m, req.params.id);
      if (run.status !== 'draft') throw new AppError(409, 'payroll_locked', 'An approved run is locked: it does not change any more.');
      await workOut(tx, m.organisation.id, run.id, day(run.period_start), day(run.period_end));
      await tx.execute(sql`update payroll_runs set updated_at = now() where organisation_id = ${m.organisation.id} and id = ${run.id}`);
      await audit(tx, m.organisation.id, m.user.id, 'payroll_runs', 'recalculate', run.id, {});
    });
    return answer(m.organisation.id, req.params.id);
  });

  function move(action: 'approve' | 'pay', from: string, to: string, summary: string) {
    api.post(`/api/payroll-runs/:id/${action}`, {
      config: { access: 'payroll.update' },
      schema: { tags, summary, params: idParam, response: { 200: envelope(runSchema) } },
    }, async (req) => {
      const m = await member(req, 'update');
      await db.transaction(async (tx) => {
        const run = await lock(tx, m, req.params.id);
        if (run.status !== from) throw new AppError(409, 'invalid_transition', `A ${run.status} run cannot be ${action === 'approve' ? 'approved' : 'paid'}.`);
        await tx.execute(sql`update payroll_runs set status = ${to}, ${action === 'approve' ? sql`approved_by = ${m.user.id}, approved_at = now()` : sql`paid_at = now()`}, updated_at = now() where organisation_id = ${m.organisation.id} and id = ${run.id}`);
        await audit(tx, m.organisation.id, m.user.id, 'payroll_runs', action, run.id, { from, to });
      });
      return answer(m.organisation.id, req.params.id);
    });
  }
  move('approve', 'draft', 'approved', 'Approve a draft run: it and its payslips are locked from now on');
  move('pay', 'approved', 'paid', 'Record that an approved run was paid');

  api.delete('/api/payroll-runs/:id', {
    config: { access: 'payroll.delete' },
    schema: { tags, summary: 'Delete a draft run', params: idParam, response: { 204: z.null() } },
  }, async (req, reply) => {
    const m = await member(req, 'delete');
    await db.transaction(async (tx) => {
      const run = await lock(tx, m, req.params.id);
      if (run.status !== 'draft') throw new AppError(409, 'payroll_locked', 'An approved run is locked: it cannot be deleted.');
      await tx.execute(sql`delete from payroll_runs where organisation_id = ${m.organisation.id} and id = ${run.id}`);
      await audit(tx, m.organisation.id, m.user.id, 'payroll_runs', 'delete', run.id, {});
    });
    return reply.status(204).send(null);
  });

  api.get('/api/payslips/mine', {
    config: { access: 'member' },
    schema: { tags, summary: 'One’s own payslips of approved and paid runs, the latest period first', response: { 200: envelope(z.array(payslipSchema)) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    // The latest period first, as the runs are listed.
    const slips = (await slipsOf(m.organisation.id, sql`and e.user_id = ${m.user.id} and r.status in ('approved', 'paid')`)).map(presentSlip);
    return { data: slips.sort((a, b) => b.period_start.localeCompare(a.period_start)) };
  });

  api.get('/api/payslips/:id/pdf', {
    config: { access: 'member' },
    schema: {
      tags, summary: 'A payslip of an approved or paid run as PDF (with `payroll.view`, or one’s own; labels in `lang`)', params: idParam,
      querystring: z.object({ lang: z.enum(DOCUMENT_LANGUAGES).default('en') }), produces: ['application/pdf'],
    },
  }, async (req, reply) => {
    const m = await requireMember(ctx, req);
    const [slip] = await slipsOf(m.organisation.id, sql`and s.id = ${req.params.id}`);
    const [extra] = slip ? await rowsOf<{ user_id: string; job_title: string; work_location: string; status: 'draft' | 'approved' | 'paid'; paid_at: string | null }>(db, sql`
      select e.user_id, e.job_title, e.work_location, r.status, r.paid_at from payslips s
        join employees e on e.organisation_id = s.organisation_id and e.id = s.employee_id
        join payroll_runs r on r.organisation_id = s.organisation_id and r.id = s.run_id
       where s.organisation_id = ${m.organisation.id} and s.id = ${slip.id}`) : [];
    const own = extra?.user_id === m.user.id;
    // Someone else's payslip without `payroll.view`, or one's own in a draft run, does not exist for the caller.
    if (!slip || !extra || (!can(m, 'payroll.view') && !(own && extra.status !== 'draft'))) throw notFound('The payslip');
    if (extra.status === 'draft') throw new AppError(409, 'payroll_draft', 'Approve the run first: payslips are printed from locked figures only.');
    const s = presentSlip(slip);
    const pdf = await renderPayslipPdf({
      organisation: await organisationHeader(ctx, m.organisation.id),
      employee: { name: s.employee_name, job_title: extra.job_title, work_location: extra.work_location },
      slip: s, run: { status: extra.status, paid_at: iso(extra.paid_at) },
    }, req.query.lang);
    const name = `payslip-${s.period_start.slice(0, 7)}-${s.employee_name.replace(/[^\p{L}\p{N}]+/gu, '-')}.pdf`;
    return reply.type('application/pdf').header('content-disposition', `inline; filename="payslip.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`).header('cache-control', 'private, no-store').send(pdf);
  });

  function csv(path: 'bank' | 'accounting', summary: string) {
    api.get(`/api/payroll-runs/:id/${path}.csv`, {
      config: { access: 'payroll.export' },
      schema: { tags, summary, params: idParam, ...tableResponse() },
    }, async (req, reply) => {
      const m = await member(req, 'export');
      const { data: run } = await answer(m.organisation.id, req.params.id);
      if (run.status === 'draft') throw new AppError(409, 'payroll_draft', 'Approve the run first: files are made of locked figures only.');
      const slips = await slipsOf(m.organisation.id, sql`and s.run_id = ${req.params.id}`);
      const major = (minor: number, currency: string) => new Decimal(String(minor)).div(currency === 'JPY' ? '1' : '100').toFixed(currency === 'JPY' ? 0 : 2);
      const [header, ...rows] = path === 'bank'
        ? [
            ['employee', 'account_holder', 'iban', 'bic', 'account_number', 'bank_code', 'reference', 'amount', 'currency'],
            ...slips.map((s) => [s.employee_name, s.holder ?? '', s.iban ?? '', s.bic ?? '', s.account_number ?? '', s.bank_code ?? '', `PAY ${run.period_start.slice(0, 7)}`, major(Number(s.net_minor), s.currency), s.currency]),
          ]
        : [['period', 'employee', 'code', 'component', 'kind', 'amount', 'currency'], ...slips.flatMap((s) => s.lines.filter((l) => l.kind !== 'basis').map((l) => [run.period_start.slice(0, 7), s.employee_name, l.code, l.name, l.kind, major(l.amount_minor, s.currency), s.currency]))];
      // An employee's own name or account holder (=HYPERLINK(…)) leaves as text (sendTable).
      return sendTable(reply, { format: 'csv', name: `payroll-${run.period_start.slice(0, 7)}-${path}`, header, rows });
    });
  }
  csv('bank', 'The bank payment file of an approved run: one net payment per employee, to the account they gave (empty when none)');
  csv('accounting', 'The accounting file of an approved run: every earning and deduction per employee');
}
