import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { taskAssignBody, taskMetaQuery, taskMetaSchema } from '#shared/api/operations.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { notify } from '../notifications/notify.ts';
import { requireMember, requirePermission } from '../organisations/membership.ts';
import { audit } from '../../lib/audit.ts';

/**
 * Task meta and assignment (issue 12, item 5); the tasks themselves are the `tasks` resource
 * (list, filters, create, edit), made from the control centre's templates for new bookings and
 * shipments.
 */
export function registerTaskRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['tasks'];

  api.get('/api/tasks/meta', {
    config: { access: 'operations.view' },
    schema: { tags, summary: 'Task counts by status, overdue and due today: the caller’s own (scope=mine) or the whole team’s', querystring: taskMetaQuery, response: { 200: envelope(taskMetaSchema) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'operations.view');
    const mine = req.query.scope === 'mine' ? sql`and assignee_user_id = ${m.user.id}` : sql``;
    const today = new Date().toISOString().slice(0, 10);
    const rows = await rowsOf<{ status: string; n: number; overdue: number; due_today: number }>(db, sql`
      select status, count(*)::int as n,
             count(*) filter (where due_on < ${today}::date and status in ('todo', 'in_progress'))::int as overdue,
             count(*) filter (where due_on = ${today}::date and status in ('todo', 'in_progress'))::int as due_today
        from tasks where organisation_id = ${m.organisation.id} ${mine} group by status`);
    return {
      data: {
        by_status: Object.fromEntries(['todo', 'in_progress', 'done', 'cancelled'].map((s) => [s, rows.find((r) => r.status === s)?.n ?? 0])),
        overdue: rows.reduce((n, r) => n + r.overdue, 0),
        due_today: rows.reduce((n, r) => n + r.due_today, 0),
      },
    };
  });

  api.post('/api/tasks/:id/assign', {
    config: { access: 'operations.update' },
    schema: { tags, summary: 'Assign or reassign a task to a colleague, who is told', params: z.object({ id: z.uuid() }), body: taskAssignBody, response: { 200: envelope(z.object({ id: z.string(), assignee_user_id: z.string() })) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'operations.update');
    const to = req.body.user_id;
    await db.transaction(async (tx) => {
      const [task] = await rowsOf<{ id: string; title: string; assignee_user_id: string | null }>(tx, sql`select id, title, assignee_user_id from tasks where organisation_id = ${m.organisation.id} and id = ${req.params.id} for update`);
      if (!task) throw notFound('The task');
      const [ok] = await rowsOf<{ id: string }>(tx, sql`select user_id as id from organisation_members where organisation_id = ${m.organisation.id} and user_id = ${to} and status = 'active'`);
      if (!ok) throw new AppError(422, 'validation_failed', 'Choose a colleague of your organisation.', { user_id: 'Not a colleague.' });
      if (task.assignee_user_id === to) return;
      await tx.execute(sql`update tasks set assignee_user_id = ${to}, updated_at = now() where organisation_id = ${m.organisation.id} and id = ${task.id}`);
      await audit(tx, m.organisation.id, m.user.id, 'tasks', task.assignee_user_id ? 'reassign' : 'assign', task.id, { from: task.assignee_user_id, to });
      await notify(tx, { userId: to, organisationId: m.organisation.id, actorId: m.user.id, type: 'task_assigned', subject: { type: 'task', id: task.id }, data: { title: task.title } });
    });
    return { data: { id: req.params.id, assignee_user_id: to } };
  });
}
