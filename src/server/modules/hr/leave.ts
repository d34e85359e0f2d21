import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { balanceSchema, leaveListQuery, leaveRejectBody, leaveRequestBody, leaveRequestSchema, type LeaveBalance, type LeaveRequest } from '#shared/api/hr.ts';
import { balanceOf, buildLedger, workingDays, type LedgerEntry, type LeavePolicy } from '#shared/hr/leave.ts';
import { countryOf, WORKING_PATTERNS, type WorkingPattern } from '#shared/hr/model.ts';
import { Decimal } from '#shared/money/decimal.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import { leaveEntries, leaveRequests } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { notify } from '../notifications/notify.ts';
import { can, requireMember, type Membership } from '../organisations/membership.ts';
import { audit } from '../../lib/audit.ts';
import { daysOff, holidaysOf } from './holidays.ts';
import { day } from '../../lib/dates.ts';

type Employee = { id: string; user_id: string; manager_id: string | null; work_location: string; working_pattern: WorkingPattern; start_date: string; end_date: string | null; name: string };
type LeaveType = { id: string; code: string; name: string; deducts_balance: boolean; requires_hr_approval: boolean; allow_half_days: boolean; active: boolean };
type RequestRow = typeof leaveRequests.$inferSelect & { employee_name: string; type_code: string; type_name: string; employee_user_id: string; manager_id: string | null };

const today = () => new Date().toISOString().slice(0, 10);

async function employeeOf(db: Db | Tx, organisationId: string, where: { id?: string; userId?: string }): Promise<Employee | null> {
  const [row] = await rowsOf<Employee>(db, sql`
    select e.id, e.user_id, e.manager_id, e.work_location, e.working_pattern, e.start_date::text as start_date, e.end_date::text as end_date, u.name
      from employees e join users u on u.id = e.user_id
     where e.organisation_id = ${organisationId} and ${where.id ? sql`e.id = ${where.id}` : sql`e.user_id = ${where.userId!}`}
     order by e.start_date desc limit 1`);
  return row ?? null;
}

/** The policy of a leave type for an employee's country (a country's own before the one for all). */
async function policyOf(db: Db | Tx, organisationId: string, typeId: string, country: string): Promise<(LeavePolicy & { name: string }) | null> {
  const [p] = await rowsOf<LeavePolicy & { name: string }>(db, sql`
    select name, yearly_allowance, accrual, carry_forward_limit, carry_forward_expiry_months from leave_policies
     where organisation_id = ${organisationId} and leave_type_id = ${typeId} and (country = ${country} or country is null)
     order by country nulls last limit 1`);
  return p ?? null;
}

/** An employee's ledger of one leave type up to `year`: worked out from the policy, with what is stored (taken, adjustments). */
export async function ledgerOf(db: Db | Tx, organisationId: string, e: Employee, typeId: string, year: number): Promise<{ policy: (LeavePolicy & { name: string }) | null; ledger: LedgerEntry[] }> {
  const policy = await policyOf(db, organisationId, typeId, countryOf(e.work_location));
  const stored = await rowsOf<{ date: string; kind: 'taken' | 'adjustment'; days: string; note: string | null }>(db, sql`
    select date::text as date, kind, days, note from leave_entries where organisation_id = ${organisationId} and employee_id = ${e.id} and leave_type_id = ${typeId} order by date, created_at`);
  if (!policy) return { policy: null, ledger: stored.map((s) => ({ ...s, note: s.note ?? undefined })) };
  return { policy, ledger: buildLedger(policy, { start: e.start_date, end: e.end_date }, stored.map((s) => ({ ...s, note: s.note ?? undefined })), year) };
}

const present = (r: RequestRow): LeaveRequest => ({
  id: r.id, employee_id: r.employee_id, employee_name: r.employee_name, leave_type: { id: r.leave_type_id, code: r.type_code, name: r.type_name },
  start_date: day(r.start_date), end_date: day(r.end_date), half_day_start: r.half_day_start, half_day_end: r.half_day_end, working_days: r.working_days,
  status: r.status as LeaveRequest['status'], note: r.note, reason: r.reason, created_at: new Date(r.created_at).toISOString(),
});

const select = (organisationId: string) => sql`
  select r.*, u.name as employee_name, t.code as type_code, t.name as type_name, e.user_id as employee_user_id, e.manager_id
    from leave_requests r
    join employees e on e.organisation_id = r.organisation_id and e.id = r.employee_id
    join users u on u.id = e.user_id
    join leave_types t on t.organisation_id = r.organisation_id and t.id = r.leave_type_id
   where r.organisation_id = ${organisationId}`;

/**
 * Leave (issue 13, item 3): requests counted in working days (the employee's working pattern, less
 * the public holidays of their work location's country, half days), approved by the manager, then
 * by HR where the type says so; approval writes the days taken into the ledger, whose sum with the
 * policy's accruals and year ends is the balance.
 */
export function registerLeaveRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['leave'];
  const idParam = z.object({ id: z.uuid() });
  const one = { 200: envelope(leaveRequestSchema) };

  async function answer(organisationId: string, id: string) {
    const [row] = await rowsOf<RequestRow>(db, sql`${select(organisationId)} and r.id = ${id}`);
    if (!row) throw notFound('The leave request');
    return { data: present(row) };
  }

  async function lock(tx: Tx | Db, m: Membership, id: string, forUpdate = true) {
    const [row] = await rowsOf<RequestRow>(tx, sql`${select(m.organisation.id)} and r.id = ${id} ${forUpdate ? sql`for update of r` : sql``}`);
    if (!row) throw notFound('The leave request');
    // Only HR, the employee and their manager see a request.
    if (!can(m, 'hr.view') && row.employee_user_id !== m.user.id && row.manager_id !== m.user.id) throw notFound('The leave request');
    return row;
  }

  api.post('/api/leave-requests', {
    config: { access: 'member' },
    schema: { tags, summary: 'Ask for leave (one’s own, or for an employee with hr.create): answers the working days it takes', body: leaveRequestBody, response: { 201: envelope(leaveRequestSchema) } },
  }, async (req, reply) => {
    const m = await requireMember(ctx, req);
    const b = req.body;
    if (b.employee_id && !can(m, 'hr.create')) {
      const own = await employeeOf(db, m.organisation.id, { userId: m.user.id });
      if (own?.id !== b.employee_id) throw new AppError(403, 'forbidden', 'Your role does not allow this (hr.create).');
    }
    const e = await employeeOf(db, m.organisation.id, b.employee_id ? { id: b.employee_id } : { userId: m.user.id });
    if (!e) throw new AppError(422, 'validation_failed', b.employee_id ? 'The employee is not one of yours.' : 'You have no employee record yet: ask HR to add one.', { employee_id: 'No employee record.' });
    const [type] = await rowsOf<LeaveType>(db, sql`select id, code, name, deducts_balance, requires_hr_approval, allow_half_days, active from leave_types where organisation_id = ${m.organisation.id} and id = ${b.leave_type_id}`);
    if (!type || !type.active) throw new AppError(422, 'validation_failed', 'Choose one of your organisation’s leave types.', { leave_type_id: 'Unknown leave type.' });
    if ((b.half_day_start || b.half_day_end) && !type.allow_half_days) throw new AppError(422, 'validation_failed', `${type.name} is taken in whole days.`, { half_day_start: 'No half days for this type.' });
    if (b.start_date < e.start_date || (e.end_date && b.end_date > e.end_date)) throw new AppError(422, 'validation_failed', 'The leave falls outside the employment.', { start_date: 'Outside the employment.' });
    const years = Array.from({ length: Number(b.end_date.slice(0, 4)) - Number(b.start_date.slice(0, 4)) + 1 }, (_, i) => Number(b.start_date.slice(0, 4)) + i);
    const holidays = await daysOff(db, m.organisation.id, countryOf(e.work_location), years);
    const days = workingDays(b.start_date, b.end_date, { holidays, workdays: WORKING_PATTERNS[e.working_pattern] ?? WORKING_PATTERNS.mon_fri, halfDayStart: b.half_day_start, halfDayEnd: b.half_day_end });
    if (new Decimal(days).lte('0')) throw new AppError(422, 'validation_failed', 'Those dates are all days off already (weekend or public holidays).', { start_date: 'No working day.' });
    const id = uuidv7();
    await db.transaction(async (tx) => {
      // Requests of one employee are serialised, so that two at once cannot both spend the same balance.
      await tx.execute(sql`select id from employees where organisation_id = ${m.organisation.id} and id = ${e.id} for update`);
      const [overlapping] = await rowsOf<{ id: string }>(tx, sql`
        select id from leave_requests where organisation_id = ${m.organisation.id} and employee_id = ${e.id} and status in ('pending_manager', 'pending_hr', 'approved')
           and start_date <= ${b.end_date}::date and end_date >= ${b.start_date}::date limit 1`);
      if (overlapping) throw new AppError(409, 'leave_overlap', 'These dates overlap another request of the same person.');
      if (type.deducts_balance) {
        const year = Number(b.start_date.slice(0, 4));
        const { policy, ledger } = await ledgerOf(tx, m.organisation.id, e, type.id, year);
        if (policy) {
          const [pending] = await rowsOf<{ days: string | null }>(tx, sql`
            select coalesce(sum(working_days::numeric), 0)::text as days from leave_requests
             where organisation_id = ${m.organisation.id} and employee_id = ${e.id} and leave_type_id = ${type.id} and status in ('pending_manager', 'pending_hr')`);
          const available = new Decimal(balanceOf(ledger, `${year}-12-31`)).minus(pending.days ?? '0');
          if (available.lt(days)) throw new AppError(422, 'leave_balance', `${days} days asked, ${available.toFixed()} left of ${type.name} for ${year}.`, { end_date: 'Not enough days left.' });
        }
      }
      const status = e.manager_id ? 'pending_manager' : type.requires_hr_approval ? 'pending_hr' : 'approved';
      await tx.insert(leaveRequests).values({
        organisation_id: m.organisation.id, id, employee_id: e.id, leave_type_id: type.id, start_date: b.start_date, end_date: b.end_date,
        half_day_start: b.half_day_start, half_day_end: b.half_day_end, working_days: days, status, note: b.note, created_by: m.user.id,
      });
      if (status === 'approved') await take(tx, m, { id, employee_id: e.id, leave_type_id: type.id, start_date: b.start_date, working_days: days });
      await audit(tx, m.organisation.id, m.user.id, 'leave_requests', 'create', id, { employee_id: e.id, working_days: days, status });
      if (e.manager_id && e.manager_id !== m.user.id) await notify(tx, { userId: e.manager_id, organisationId: m.organisation.id, actorId: m.user.id, type: 'leave_requested', subject: { type: 'leave', id }, data: { days, from: b.start_date, to: b.end_date } });
    });
    return reply.status(201).send(await answer(m.organisation.id, id));
  });

  /** Approved leave goes into the ledger as days taken, dated its first day. */
  const take = (tx: Tx, m: Membership, r: { id: string; employee_id: string; leave_type_id: string; start_date: string; working_days: string }) =>
    tx.insert(leaveEntries).values({
      organisation_id: m.organisation.id, id: uuidv7(), employee_id: r.employee_id, leave_type_id: r.leave_type_id, date: day(r.start_date), kind: 'taken',
      days: new Decimal(r.working_days).times('-1').toFixed(), request_id: r.id, created_by: m.user.id,
    });

  api.get('/api/leave-requests', {
    config: { access: 'member' },
    schema: { tags, summary: 'Leave requests: one’s own, those of the people one manages (team), or everyone’s (all, with hr.view)', querystring: leaveListQuery, response: { 200: envelope(z.array(leaveRequestSchema)) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    const { scope, status } = req.query;
    if (scope === 'all' && !can(m, 'hr.view')) throw new AppError(403, 'forbidden', 'Your role does not allow this (hr.view).');
    const who = scope === 'mine' ? sql`and e.user_id = ${m.user.id}` : scope === 'team' ? sql`and e.manager_id = ${m.user.id}` : sql``;
    const rows = await rowsOf<RequestRow>(db, sql`${select(m.organisation.id)} ${who} ${status ? sql`and r.status = ${status}` : sql``} order by r.start_date desc, r.id desc limit 500`);
    return { data: rows.map(present) };
  });

  api.get('/api/leave-requests/:id', {
    config: { access: 'member' },
    schema: { tags, summary: 'One leave request (HR, the employee or their manager)', params: idParam, response: one },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    const row = await lock(db, m, req.params.id, false);
    return { data: present(row) };
  });

  api.post('/api/leave-requests/:id/approve', {
    config: { access: 'member' },
    schema: { tags, summary: 'Approve: the manager first, then HR (hr.update) where the leave type asks; approved leave is taken from the balance', params: idParam, response: one },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    await db.transaction(async (tx) => {
      const r = await lock(tx, m, req.params.id);
      let next: 'pending_hr' | 'approved';
      if (r.status === 'pending_manager') {
        if (r.manager_id !== m.user.id && !can(m, 'hr.update')) throw new AppError(403, 'forbidden', 'Only the employee’s manager or HR approves this request.');
        if (r.employee_user_id === m.user.id) throw new AppError(403, 'forbidden', 'Nobody approves their own leave.');
        const [type] = await rowsOf<{ requires_hr_approval: boolean }>(tx, sql`select requires_hr_approval from leave_types where organisation_id = ${m.organisation.id} and id = ${r.leave_type_id}`);
        next = type.requires_hr_approval && !can(m, 'hr.update') ? 'pending_hr' : 'approved';
        await tx.execute(sql`update leave_requests set status = ${next}, manager_decided_by = ${m.user.id}, updated_at = now() where organisation_id = ${m.organisation.id} and id = ${r.id}`);
      } else if (r.status === 'pending_hr') {
        if (!can(m, 'hr.update')) throw new AppError(403, 'forbidden', 'HR approves this request (hr.update).');
        if (r.employee_user_id === m.user.id) throw new AppError(403, 'forbidden', 'Nobody approves their own leave.');
        next = 'approved';
        await tx.execute(sql`update leave_requests set status = 'approved', hr_decided_by = ${m.user.id}, updated_at = now() where organisation_id = ${m.organisation.id} and id = ${r.id}`);
      } else throw new AppError(409, 'invalid_transition', `A request that is ${r.status.replace('_', ' ')} cannot be approved.`);
      if (next === 'approved') await take(tx, m, r);
      await audit(tx, m.organisation.id, m.user.id, 'leave_requests', 'approve', r.id, { from: r.status, to: next });
      if (next === 'approved') await notify(tx, { userId: r.employee_user_id, organisationId: m.organisation.id, actorId: m.user.id, type: 'leave_approved', subject: { type: 'leave', id: r.id }, data: { days: r.working_days, from: day(r.start_date), to: day(r.end_date) } });
    });
    return answer(m.organisation.id, req.params.id);
  });

  api.post('/api/leave-requests/:id/reject', {
    config: { access: 'member' },
    schema: { tags, summary: 'Reject a pending request with the reason (the manager, or HR)', params: idParam, body: leaveRejectBody, response: one },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    await db.transaction(async (tx) => {
      const r = await lock(tx, m, req.params.id);
      if (r.status !== 'pending_manager' && r.status !== 'pending_hr') throw new AppError(409, 'invalid_transition', `A request that is ${r.status.replace('_', ' ')} cannot be rejected.`);
      const mayDecide = can(m, 'hr.update') || (r.status === 'pending_manager' && r.manager_id === m.user.id);
      if (!mayDecide || r.employee_user_id === m.user.id) throw new AppError(403, 'forbidden', 'Only the employee’s manager or HR decides this request.');
      await tx.execute(sql`update leave_requests set status = 'rejected', reason = ${req.body.reason}, updated_at = now() where organisation_id = ${m.organisation.id} and id = ${r.id}`);
      await audit(tx, m.organisation.id, m.user.id, 'leave_requests', 'reject', r.id, { from: r.status, reason: req.body.reason });
      await notify(tx, { userId: r.employee_user_id, organisationId: m.organisation.id, actorId: m.user.id, type: 'leave_rejected', subject: { type: 'leave', id: r.id }, data: { reason: req.body.reason, from: day(r.start_date), to: day(r.end_date) } });
    });
    return answer(m.organisation.id, req.params.id);
  });

  api.post('/api/leave-requests/:id/cancel', {
    config: { access: 'member' },
    schema: { tags, summary: 'Cancel one’s request (pending, or approved and not yet begun: the days go back)', params: idParam, response: one },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    await db.transaction(async (tx) => {
      const r = await lock(tx, m, req.params.id);
      if (r.employee_user_id !== m.user.id && !can(m, 'hr.update')) throw new AppError(403, 'forbidden', 'Only the employee or HR cancels a request.');
      const started = day(r.start_date) <= today();
      if (!['pending_manager', 'pending_hr', 'approved'].includes(r.status) || (r.status === 'approved' && started && !can(m, 'hr.update'))) {
        throw new AppError(409, 'invalid_transition', r.status === 'approved' ? 'This leave has begun: ask HR to change it.' : `A request that is ${r.status.replace('_', ' ')} cannot be cancelled.`);
      }
      await tx.execute(sql`update leave_requests set status = 'cancelled', updated_at = now() where organisation_id = ${m.organisation.id} and id = ${r.id}`);
      if (r.status === 'approved') {
        await tx.insert(leaveEntries).values({
          organisation_id: m.organisation.id, id: uuidv7(), employee_id: r.employee_id, leave_type_id: r.leave_type_id, date: day(r.start_date), kind: 'adjustment',
          days: r.working_days, note: 'cancelled leave given back', request_id: r.id, created_by: m.user.id,
        });
      }
      await audit(tx, m.organisation.id, m.user.id, 'leave_requests', 'cancel', r.id, { from: r.status });
    });
    return answer(m.organisation.id, req.params.id);
  });

  api.get('/api/leave/calendar', {
    config: { access: 'member' },
    schema: {
      tags, summary: 'The team calendar: approved and pending leave overlapping a period (everyone’s with hr.view, else one’s own and one’s team’s), with the holidays in it',
      querystring: z.object({ from: z.iso.date(), to: z.iso.date() }),
      response: { 200: envelope(z.object({ leave: z.array(leaveRequestSchema), holidays: z.array(z.object({ country: z.string(), date: z.string(), name: z.string() })) })) },
    },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    const { from, to } = req.query;
    if (to < from || Date.parse(to) - Date.parse(from) > 370 * 86_400_000) throw new AppError(422, 'validation_failed', 'Choose a period of at most a year.', { to: 'Period too long or reversed.' });
    const who = can(m, 'hr.view') ? sql`` : sql`and (e.user_id = ${m.user.id} or e.manager_id = ${m.user.id})`;
    const rows = await rowsOf<RequestRow>(db, sql`${select(m.organisation.id)} ${who}
      and r.status in ('pending_manager', 'pending_hr', 'approved') and r.start_date <= ${to}::date and r.end_date >= ${from}::date order by r.start_date, u.name`);
    const countries = await rowsOf<{ country: string }>(db, sql`select distinct left(work_location, 2) as country from employees where organisation_id = ${m.organisation.id}`);
    const years = [...new Set([Number(from.slice(0, 4)), Number(to.slice(0, 4))])];
    const holidays: { country: string; date: string; name: string }[] = [];
    for (const { country } of countries) {
      for (const year of years) {
        for (const h of (await holidaysOf(db, m.organisation.id, country, year)).list) if (h.counts && h.date >= from && h.date <= to) holidays.push({ country, date: h.date, name: h.name });
      }
    }
    return { data: { leave: rows.map(present), holidays: holidays.sort((a, b) => a.date.localeCompare(b.date)) } };
  });

  api.get('/api/leave/types', {
    config: { access: 'member' },
    schema: {
      tags, summary: 'The active leave types one may ask for (every member; changing them is the `leave-types` resource, module hr)',
      // Derived, it would be getLeaveTypes, as GET /api/leave-types (docs/architecture.md#openapi-document).
      operationId: 'getLeaveTypesToRequest',
      response: { 200: envelope(z.array(z.object({ id: z.string(), code: z.string(), name: z.string(), paid: z.boolean(), requires_hr_approval: z.boolean(), allow_half_days: z.boolean() }))) },
    },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    return { data: await rowsOf<{ id: string; code: string; name: string; paid: boolean; requires_hr_approval: boolean; allow_half_days: boolean }>(db, sql`
      select id, code, name, paid, requires_hr_approval, allow_half_days from leave_types where organisation_id = ${m.organisation.id} and active order by name`) };
  });

  api.get('/api/leave/balances', {
    config: { access: 'member' },
    schema: {
      tags, summary: 'Leave balances by type with their ledger: one’s own, or an employee’s (hr.view)',
      querystring: z.object({ employee_id: z.uuid().optional(), year: z.coerce.number().int().min(2000).max(2100).optional() }), response: { 200: envelope(z.array(balanceSchema)) },
    },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    const e = await employeeOf(db, m.organisation.id, req.query.employee_id ? { id: req.query.employee_id } : { userId: m.user.id });
    if (!e) throw notFound('The employee');
    if (e.user_id !== m.user.id && !can(m, 'hr.view') && e.manager_id !== m.user.id) throw notFound('The employee');
    const year = req.query.year ?? Number(today().slice(0, 4));
    const types = await rowsOf<LeaveType>(db, sql`select id, code, name, deducts_balance, requires_hr_approval, allow_half_days, active from leave_types where organisation_id = ${m.organisation.id} and active order by name`);
    const out: LeaveBalance[] = [];
    for (const type of types) {
      const { policy, ledger } = await ledgerOf(db, m.organisation.id, e, type.id, year);
      if (!policy) continue;
      const [pending] = await rowsOf<{ days: string }>(db, sql`
        select coalesce(sum(working_days::numeric), 0)::text as days from leave_requests where organisation_id = ${m.organisation.id} and employee_id = ${e.id} and leave_type_id = ${type.id} and status in ('pending_manager', 'pending_hr')`);
      out.push({
        leave_type: { id: type.id, code: type.code, name: type.name },
        policy: { name: policy.name, yearly_allowance: policy.yearly_allowance, accrual: policy.accrual, carry_forward_limit: policy.carry_forward_limit, carry_forward_expiry_months: policy.carry_forward_expiry_months },
        balance: balanceOf(ledger, year === Number(today().slice(0, 4)) ? today() : `${year}-12-31`),
        year_end: new Decimal(balanceOf(ledger, `${year}-12-31`)).minus(pending.days).toFixed(),
        pending: new Decimal(pending.days).toFixed(),
        ledger: ledger.map((l) => ({ date: l.date, kind: l.kind, days: l.days, note: l.note ?? null })),
      });
    }
    return { data: out };
  });
}
