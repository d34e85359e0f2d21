import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { plusDays } from '#shared/hr/leave.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/client.ts';
import { membersWith, notify } from '../notifications/notify.ts';
import { requireMember, requirePermission } from '../organisations/membership.ts';

const today = () => new Date().toISOString().slice(0, 10);
const person = z.object({ employee_id: z.string(), name: z.string(), job_title: z.string() });
const summarySchema = z.object({
  headcount: z.number(),
  by_department: z.array(z.object({ department: z.string().nullable(), count: z.number() })),
  by_country: z.array(z.object({ country: z.string(), count: z.number() })),
  joiners: z.array(person.extend({ start_date: z.string() })),
  leavers: z.array(person.extend({ end_date: z.string() })),
  on_leave_today: z.array(person.extend({ leave_type: z.string(), until: z.string() })),
  contracts_ending: z.array(person.extend({ contract_id: z.string(), end_date: z.string() })),
  probations_ending: z.array(person.extend({ contract_id: z.string(), probation_end: z.string() })),
});

/** The days ahead HR is told of contracts and probations ending. */
export const REMIND_DAYS = 30;

/**
 * HR's front page (`/organisation/hr`): headcount by department and country, joiners and leavers of
 * the last and next 30 days, who is on leave today, and contracts and probations ending within 30
 * days — and the daily job that tells HR and the manager of those endings, once each.
 */
export function registerHrSummary(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  api.get('/api/hr/summary', {
    config: { access: 'hr.view' },
    schema: { tags: ['hr'], summary: 'Headcount, joiners and leavers, who is on leave today, contracts and probations ending within 30 days', querystring: z.object({ day: z.iso.date().optional() }), response: { 200: envelope(summarySchema) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'hr.view');
    const day = req.query.day ?? today();
    const from = plusDays(day, -REMIND_DAYS);
    const to = plusDays(day, REMIND_DAYS);
    const org = m.organisation.id;
    const current = sql`e.start_date <= ${day}::date and (e.end_date is null or e.end_date >= ${day}::date)`;
    const [byDepartment, byCountry, joiners, leavers, onLeave, ending, probation] = await Promise.all([
      rowsOf<{ department: string | null; count: number }>(db, sql`
        select d.name as department, count(*)::int as count from employees e left join departments d on d.organisation_id = e.organisation_id and d.id = e.department_id
         where e.organisation_id = ${org} and ${current} group by d.name order by count(*) desc, d.name`),
      rowsOf<{ country: string; count: number }>(db, sql`
        select left(e.work_location, 2) as country, count(*)::int as count from employees e where e.organisation_id = ${org} and ${current} group by 1 order by 2 desc, 1`),
      rowsOf<{ employee_id: string; name: string; job_title: string; start_date: string }>(db, sql`
        select e.id as employee_id, u.name, e.job_title, e.start_date::text as start_date from employees e join users u on u.id = e.user_id
         where e.organisation_id = ${org} and e.start_date between ${from}::date and ${to}::date order by e.start_date`),
      rowsOf<{ employee_id: string; name: string; job_title: string; end_date: string }>(db, sql`
        select e.id as employee_id, u.name, e.job_title, e.end_date::text as end_date from employees e join users u on u.id = e.user_id
         where e.organisation_id = ${org} and e.end_date between ${from}::date and ${to}::date order by e.end_date`),
      rowsOf<{ employee_id: string; name: string; job_title: string; leave_type: string; until: string }>(db, sql`
        select e.id as employee_id, u.name, e.job_title, t.name as leave_type, r.end_date::text as until
          from leave_requests r join employees e on e.organisation_id = r.organisation_id and e.id = r.employee_id join users u on u.id = e.user_id
          join leave_types t on t.organisation_id = r.organisation_id and t.id = r.leave_type_id
         where r.organisation_id = ${org} and r.status = 'approved' and ${day}::date between r.start_date and r.end_date order by u.name`),
      rowsOf<{ employee_id: string; name: string; job_title: string; contract_id: string; end_date: string }>(db, sql`
        select e.id as employee_id, u.name, e.job_title, c.id as contract_id, c.end_date::text as end_date
          from contracts c join employees e on e.organisation_id = c.organisation_id and e.id = c.employee_id join users u on u.id = e.user_id
         where c.organisation_id = ${org} and c.status = 'active' and c.end_date between ${day}::date and ${to}::date order by c.end_date`),
      rowsOf<{ employee_id: string; name: string; job_title: string; contract_id: string; probation_end: string }>(db, sql`
        select e.id as employee_id, u.name, e.job_title, c.id as contract_id, (c.start_date + make_interval(months => c.probation_months))::date::text as probation_end
          from contracts c join employees e on e.organisation_id = c.organisation_id and e.id = c.employee_id join users u on u.id = e.user_id
         where c.organisation_id = ${org} and c.status = 'active' and c.probation_months > 0
           and (c.start_date + make_interval(months => c.probation_months))::date between ${day}::date and ${to}::date order by 5`),
    ]);
    return {
      data: {
        headcount: byDepartment.reduce((n, r) => n + r.count, 0), by_department: byDepartment, by_country: byCountry,
        joiners, leavers, on_leave_today: onLeave, contracts_ending: ending, probations_ending: probation,
      },
    };
  });

  ctx.jobs.define<{ day?: string }>({
    name: 'hr.remind',
    cron: '0 7 * * *',
    retryLimit: 3,
    async handler({ day = today() }) {
      const to = plusDays(day, REMIND_DAYS);
      await db.transaction(async (tx) => {
        const endings = await rowsOf<{ organisation_id: string; id: string; kind: 'contract_ending' | 'probation_ending'; date: string; name: string; manager_id: string | null }>(tx, sql`
          with due as (
            update contracts c set end_reminded_at = now() from employees e
             where e.organisation_id = c.organisation_id and e.id = c.employee_id and c.status = 'active' and c.end_reminded_at is null
               and c.end_date between ${day}::date and ${to}::date
            returning c.organisation_id, c.id, 'contract_ending' as kind, c.end_date::text as date, e.user_id, e.manager_id
          ), probation as (
            update contracts c set probation_reminded_at = now() from employees e
             where e.organisation_id = c.organisation_id and e.id = c.employee_id and c.status = 'active' and c.probation_reminded_at is null and c.probation_months > 0
               and (c.start_date + make_interval(months => c.probation_months))::date between ${day}::date and ${to}::date
            returning c.organisation_id, c.id, 'probation_ending' as kind, (c.start_date + make_interval(months => c.probation_months))::date::text as date, e.user_id, e.manager_id
          )
          select x.organisation_id, x.id, x.kind, x.date, u.name, x.manager_id from (select * from due union all select * from probation) x join users u on u.id = x.user_id`);
        for (const r of endings) {
          const told = new Set([...(await membersWith(tx, r.organisation_id, 'hr.update')), ...(r.manager_id ? [r.manager_id] : [])]);
          for (const userId of told) await notify(tx, { userId, organisationId: r.organisation_id, type: r.kind, subject: { type: 'contract', id: r.id }, data: { name: r.name, date: r.date } });
        }
      });
    },
  });
}
