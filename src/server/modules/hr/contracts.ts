import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { contractBody, contractEndBody, contractListQuery, contractPatchBody, contractSchema, type Contract } from '#shared/api/hr.ts';
import { plusMonths } from '#shared/hr/leave.ts';
import { mayContract, type ContractAction, type ContractStatus } from '#shared/hr/model.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf, type Tx } from '../../db/client.ts';
import { contracts } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { pgCode } from '../../lib/sql-text.ts';
import { can, requireMember, requirePermission, type Membership } from '../organisations/membership.ts';
import { audit } from '../../lib/audit.ts';
import { organisationHeader } from '../operations/documents.ts';
import { renderContractPdf } from './pdf.ts';
import { DOCUMENT_LANGUAGES } from '#shared/resources/operations.ts';
import { dayOrNull as day, iso } from '../../lib/dates.ts';

type Row = typeof contracts.$inferSelect & { employee_name: string; employee_user_id: string };


/** A contract as its reader may see it: the salary only with `payroll.view`, or when it is their own. */
export function presentContract(r: Row, m: Membership): Contract {
  const seesPay = can(m, 'payroll.view') || r.employee_user_id === m.user.id;
  return {
    id: r.id, employee_id: r.employee_id, employee_name: r.employee_name, type: r.type as Contract['type'], status: r.status as ContractStatus,
    start_date: day(r.start_date)!, end_date: day(r.end_date), probation_months: r.probation_months,
    probation_end: r.probation_months ? plusMonths(day(r.start_date)!, r.probation_months) : null,
    notice_days: r.notice_days, hours_per_week: r.hours_per_week,
    salary: seesPay ? { amount_minor: Number(r.salary_minor), currency: r.salary_currency, period: r.salary_period as 'month' | 'year' } : null,
    reason: r.reason, created_at: iso(r.created_at), updated_at: iso(r.updated_at),
  };
}

const select = (organisationId: string) => sql`
  select c.*, u.name as employee_name, e.user_id as employee_user_id
    from contracts c
    join employees e on e.organisation_id = c.organisation_id and e.id = c.employee_id
    join users u on u.id = e.user_id
   where c.organisation_id = ${organisationId}`;

/** Writes a draft contract and its audit event in the caller's transaction (POST /api/contracts, and hiring in the recruitment hub). */
export async function insertDraftContract(tx: Tx, organisationId: string, actorId: string, b: z.output<typeof contractBody>): Promise<string> {
  const id = uuidv7();
  await tx.insert(contracts).values({
    organisation_id: organisationId, id, employee_id: b.employee_id, type: b.type, start_date: b.start_date, end_date: b.end_date, probation_months: b.probation_months,
    notice_days: b.notice_days, hours_per_week: b.hours_per_week, salary_minor: b.salary.amount_minor, salary_currency: b.salary.currency, salary_period: b.salary.period, created_by: actorId,
  });
  await audit(tx, organisationId, actorId, 'contracts', 'create', id, { employee_id: b.employee_id, type: b.type, start_date: b.start_date });
  return id;
}

/** Two active contracts of one employee overlapping: the exclusion constraint's refusal, said plainly. */
const overlap = () => new AppError(409, 'contract_overlap', 'This contract overlaps another active contract of the same employee: end that one first, or change the dates.');

/**
 * Contracts (issue 13, item 2): `draft → active → ended | terminated`; activating one that overlaps
 * another active contract of the employee is refused by the database (409 `contract_overlap`).
 * Module `hr`; the salary is shown only with `payroll.view`, and everyone reads their own.
 */
export function registerContractRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['contracts'];
  const idParam = z.object({ id: z.uuid() });
  const one = { 200: envelope(contractSchema) };

  async function member(req: Parameters<typeof requireMember>[1], action: 'view' | 'create' | 'update' | 'delete') {
    const m = await requireMember(ctx, req);
    requirePermission(m, `hr.${action}`);
    return m;
  }

  async function answer(m: Membership, id: string) {
    const [row] = await rowsOf<Row>(db, sql`${select(m.organisation.id)} and c.id = ${id}`);
    if (!row) throw notFound('The contract');
    return { data: presentContract(row, m) };
  }

  async function lockFor(tx: Tx, m: Membership, id: string, action: ContractAction) {
    const [c] = await rowsOf<typeof contracts.$inferSelect>(tx, sql`select * from contracts where organisation_id = ${m.organisation.id} and id = ${id} for update`);
    if (!c) throw notFound('The contract');
    if (!mayContract(action, c.status as ContractStatus)) throw new AppError(409, 'invalid_transition', `A contract that is ${c.status} cannot be ${action === 'edit' ? 'changed' : action === 'activate' ? 'activated' : action === 'end' ? 'ended' : action === 'terminate' ? 'terminated' : 'deleted'}.`);
    return c;
  }

  const refuseOverlap = (err: unknown): never => {
    // 23P01 exclusion_violation (contracts_no_overlap).
    if (pgCode(err) === '23P01') throw overlap();
    if (pgCode(err) === '23503') throw new AppError(422, 'validation_failed', 'The employee is not one of yours.', { employee_id: 'Unknown employee.' });
    throw err;
  };

  api.get('/api/contracts', {
    config: { access: 'hr.view' },
    schema: { tags, summary: 'Contracts, by employee and status, the latest start first', querystring: contractListQuery, response: { 200: envelope(z.array(contractSchema)) } },
  }, async (req) => {
    const m = await member(req, 'view');
    const rows = await rowsOf<Row>(db, sql`${select(m.organisation.id)}
      ${req.query.employee_id ? sql`and c.employee_id = ${req.query.employee_id}` : sql``} ${req.query.status ? sql`and c.status = ${req.query.status}` : sql``}
      order by c.start_date desc, c.id desc limit 500`);
    return { data: rows.map((r) => presentContract(r, m)) };
  });

  api.get('/api/contracts/mine', {
    config: { access: 'member' },
    schema: { tags, summary: 'The caller’s own contracts, with their pay', response: { 200: envelope(z.array(contractSchema)) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    const rows = await rowsOf<Row>(db, sql`${select(m.organisation.id)} and e.user_id = ${m.user.id} order by c.start_date desc`);
    return { data: rows.map((r) => presentContract(r, m)) };
  });

  api.post('/api/contracts', {
    config: { access: 'hr.create' },
    schema: { tags, summary: 'Write a contract for an employee (a draft)', body: contractBody, response: { 201: envelope(contractSchema) } },
  }, async (req, reply) => {
    const m = await member(req, 'create');
    const id = await db.transaction((tx) => insertDraftContract(tx, m.organisation.id, m.user.id, req.body)).catch(refuseOverlap);
    return reply.status(201).send(await answer(m, id));
  });

  api.get('/api/contracts/:id', {
    config: { access: 'hr.view' },
    schema: { tags, summary: 'One contract', params: idParam, response: one },
  }, async (req) => answer(await member(req, 'view'), req.params.id));

  api.get('/api/contracts/:id/pdf', {
    config: { access: 'member' },
    schema: {
      tags, summary: 'A contract as PDF (with `hr.view`, or one’s own; the salary only with `payroll.view` or one’s own; labels in `lang`)', params: idParam,
      querystring: z.object({ lang: z.enum(DOCUMENT_LANGUAGES).default('en') }), produces: ['application/pdf'],
    },
  }, async (req, reply) => {
    const m = await requireMember(ctx, req);
    const [row] = await rowsOf<Row & { email: string; job_title: string; department: string | null; work_location: string; location_name: string | null; employment_type: string }>(db, sql`
      select c.*, u.name as employee_name, e.user_id as employee_user_id, u.email, e.job_title, d.name as department, e.work_location, l.name as location_name, e.employment_type
        from contracts c
        join employees e on e.organisation_id = c.organisation_id and e.id = c.employee_id
        join users u on u.id = e.user_id
        left join departments d on d.organisation_id = e.organisation_id and d.id = e.department_id
        left join locations l on l.code = e.work_location
       where c.organisation_id = ${m.organisation.id} and c.id = ${req.params.id}`);
    // Someone else's contract without `hr.view` does not exist for the caller.
    if (!row || (row.employee_user_id !== m.user.id && !can(m, 'hr.view'))) throw notFound('The contract');
    const contract = presentContract(row, m);
    const pdf = await renderContractPdf({
      organisation: await organisationHeader(ctx, m.organisation.id),
      employee: { name: row.employee_name, email: row.email, job_title: row.job_title, department: row.department, work_location: row.work_location, location_name: row.location_name, employment_type: row.employment_type as never },
      contract, issued: new Date().toISOString().slice(0, 10),
    }, req.query.lang);
    const name = `contract-${row.employee_name.replace(/[^\p{L}\p{N}]+/gu, '-')}-${contract.start_date}.pdf`;
    return reply.type('application/pdf').header('content-disposition', `inline; filename="contract.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`).header('cache-control', 'private, no-store').send(pdf);
  });

  api.patch('/api/contracts/:id', {
    config: { access: 'hr.update' },
    schema: { tags, summary: 'Change a draft contract', params: idParam, body: contractPatchBody, response: one },
  }, async (req) => {
    const m = await member(req, 'update');
    await db.transaction(async (tx) => {
      const c = await lockFor(tx, m, req.params.id, 'edit');
      const { salary, ...rest } = req.body;
      const next = { ...rest, ...(salary && { salary_minor: salary.amount_minor, salary_currency: salary.currency, salary_period: salary.period }) };
      const end = 'end_date' in rest ? rest.end_date : c.end_date;
      if (end && end < (rest.start_date ?? String(c.start_date))) throw new AppError(422, 'validation_failed', 'The contract ends before it starts.', { end_date: 'Before the start.' });
      await tx.update(contracts).set({ ...next, updated_at: new Date() }).where(sql`organisation_id = ${m.organisation.id} and id = ${c.id}`);
      await audit(tx, m.organisation.id, m.user.id, 'contracts', 'update', c.id, { fields: Object.keys(req.body) });
    });
    return answer(m, req.params.id);
  });

  api.post('/api/contracts/:id/activate', {
    config: { access: 'hr.update' },
    schema: { tags, summary: 'Make a draft contract active (409 contract_overlap when it would overlap another active contract of the employee)', params: idParam, response: one },
  }, async (req) => {
    const m = await member(req, 'update');
    await db.transaction(async (tx) => {
      const c = await lockFor(tx, m, req.params.id, 'activate');
      await tx.execute(sql`update contracts set status = 'active', updated_at = now() where organisation_id = ${m.organisation.id} and id = ${c.id}`);
      await audit(tx, m.organisation.id, m.user.id, 'contracts', 'activate', c.id, { from: c.status, to: 'active' });
    }).catch(refuseOverlap);
    return answer(m, req.params.id);
  });

  function ending(action: 'end' | 'terminate', summary: string) {
    api.post(`/api/contracts/:id/${action}`, {
      config: { access: 'hr.update' },
      schema: { tags, summary, params: idParam, body: contractEndBody, response: one },
    }, async (req) => {
      const m = await member(req, 'update');
      await db.transaction(async (tx) => {
        const c = await lockFor(tx, m, req.params.id, action);
        if (req.body.end_date < String(c.start_date).slice(0, 10)) throw new AppError(422, 'validation_failed', 'The contract cannot end before it starts.', { end_date: 'Before the start.' });
        const status = action === 'end' ? 'ended' : 'terminated';
        await tx.execute(sql`update contracts set status = ${status}, end_date = ${req.body.end_date}, reason = ${req.body.reason}, updated_at = now() where organisation_id = ${m.organisation.id} and id = ${c.id}`);
        await audit(tx, m.organisation.id, m.user.id, 'contracts', action, c.id, { from: c.status, to: status, end_date: req.body.end_date, reason: req.body.reason });
      });
      return answer(m, req.params.id);
    });
  }
  ending('end', 'End an active contract on a date (its term is over)');
  ending('terminate', 'Terminate an active contract on a date, with the reason');

  api.delete('/api/contracts/:id', {
    config: { access: 'hr.delete' },
    schema: { tags, summary: 'Delete a draft contract', params: idParam, response: { 204: z.null() } },
  }, async (req, reply) => {
    const m = await member(req, 'delete');
    await db.transaction(async (tx) => {
      const c = await lockFor(tx, m, req.params.id, 'delete');
      await tx.execute(sql`delete from contracts where organisation_id = ${m.organisation.id} and id = ${c.id}`);
      await audit(tx, m.organisation.id, m.user.id, 'contracts', 'delete', c.id, {});
    });
    return reply.status(204).send(null);
  });
}
