import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { boardTaskSchema, taskAssignBody, taskBoardQuery, taskBoardSchema, taskMetaQuery, taskMetaSchema, type BoardTask } from '#shared/api/operations.ts';
import { mayMoveTask, mayTask, TASK_STATUS_AFTER, weekOf, type TaskAction, type TaskScope, type TaskState } from '#shared/operations/model.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { dayOrNull, iso } from '../../lib/dates.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { escapeLike } from '../../lib/sql-text.ts';
import { notify } from '../notifications/notify.ts';
import { can, requireMember, requirePermission, type Membership } from '../organisations/membership.ts';
import type { ResourceHooks } from '../resources/register.ts';

const OPEN = sql`t.status in ('todo', 'in_progress')`;
/** Urgent first, then high, normal and low. */
const PRIORITY_RANK = sql`array_position(array['urgent', 'high', 'normal', 'low']::text[], t.priority)`;

type TaskRow = {
  id: string; title: string; description: string | null; status: BoardTask['status']; priority: BoardTask['priority']; due_on: string | null;
  assignee_id: string | null; assignee_name: string | null; shipment_id: string | null; shipment_number: string | null;
  booking_id: string | null; booking_number: string | null; client_id: string | null; client_name: string | null; created_at: string; updated_at: string;
};

/** Tasks with the names of who and what they are for. */
const selectTasks = (organisationId: string) => sql`
  select t.id, t.title, t.description, t.status, t.priority, t.due_on::text as due_on, t.created_at, t.updated_at,
         u.id as assignee_id, u.name as assignee_name, s.id as shipment_id, s.number as shipment_number,
         b.id as booking_id, b.number as booking_number, p.id as client_id, p.name as client_name
    from tasks t
    left join users u on u.id = t.assignee_user_id
    left join shipments s on s.organisation_id = t.organisation_id and s.id = t.shipment_id
    left join bookings b on b.organisation_id = t.organisation_id and b.id = t.booking_id
    left join partners p on p.organisation_id = t.organisation_id and p.id = t.partner_id
   where t.organisation_id = ${organisationId}`;

const ref = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);
const present = (r: TaskRow, today: string): BoardTask => ({
  id: r.id, title: r.title, description: r.description, status: r.status, priority: r.priority, due_on: dayOrNull(r.due_on),
  overdue: (r.status === 'todo' || r.status === 'in_progress') && r.due_on !== null && dayOrNull(r.due_on)! < today,
  assignee: ref(r.assignee_id, r.assignee_name), shipment: ref(r.shipment_id, r.shipment_number), booking: ref(r.booking_id, r.booking_number), client: ref(r.client_id, r.client_name),
  created_at: iso(r.created_at), updated_at: iso(r.updated_at),
});

/**
 * Whose tasks a caller may see, as SQL over `tasks t` (docs/product.md#tasks): `mine` (assigned to
 * them) for any member; `team` (assigned to anyone of their department, whatever that person's
 * status) for a member who has a department; `all` (every task, assigned or not) with
 * `operations.view`. Another scope is 403, or 422 without a department.
 */
async function scopeOf(db: Db | Tx, m: Membership, scope: TaskScope) {
  const [member] = await rowsOf<{ id: string | null; name: string | null }>(db, sql`
    select d.id, d.name from organisation_members om left join departments d on d.organisation_id = om.organisation_id and d.id = om.department_id
     where om.organisation_id = ${m.organisation.id} and om.user_id = ${m.user.id}`);
  const department = member?.id ? { id: member.id, name: member.name ?? '' } : null;
  const scopes: TaskScope[] = ['mine', ...(department ? (['team'] as const) : []), ...(can(m, 'operations.view') ? (['all'] as const) : [])];
  let where: SQL;
  if (scope === 'mine') where = sql`t.assignee_user_id = ${m.user.id}`;
  else if (scope === 'team') {
    if (!department) throw new AppError(422, 'validation_failed', 'You belong to no department: your team’s tasks are yours.', { scope: 'You belong to no department.' });
    where = sql`t.assignee_user_id in (select user_id from organisation_members where organisation_id = ${m.organisation.id} and department_id = ${department.id})`;
  } else {
    requirePermission(m, 'operations.view');
    where = sql`true`;
  }
  return { where, scopes, department };
}

/** A state of the board as SQL: open, overdue (open and due before today) or done. */
const stateOf = (state: TaskState, today: string) =>
  state === 'open' ? OPEN : state === 'overdue' ? sql`${OPEN} and t.due_on < ${today}::date` : sql`t.status = 'done'`;

/** Today as the caller's own day when they say it, else in UTC. */
const todayOf = (given: string | undefined) => given ?? new Date().toISOString().slice(0, 10);

/**
 * Tasks (issue 12, item 5; issue 22, item 2): the board, its counts, completing and reopening,
 * assigning. The tasks themselves are also the `tasks` resource (create, edit, the plain list for
 * `operations.view`), made by hand or from the control centre's templates for new bookings and
 * shipments.
 */
export function registerTaskRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['tasks'];

  api.get('/api/tasks/board', {
    config: { access: 'member' },
    schema: {
      tags, querystring: taskBoardQuery, response: { 200: taskBoardSchema },
      summary: 'The task board: mine (any member), my team’s (members of my department) or all (operations.view); open, overdue or done; due this week; a search; '
        + 'one page, with the counts of the scope',
    },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    const { scope, state, due_this_week, q, page, per_page } = req.query;
    const today = todayOf(req.query.today);
    const week = weekOf(today);
    const { where, scopes, department } = await scopeOf(db, m, scope);
    const search = q ? sql`and t.search_text like ${`%${escapeLike(q.toLowerCase())}%`}` : sql``;
    const inWeek = sql`t.due_on between ${week.from}::date and ${week.to}::date`;
    const shown = sql`${stateOf(state, today)} ${due_this_week === 'true' ? sql`and ${inWeek}` : sql``}`;
    const [counts] = await rowsOf<{ open: number; overdue: number; done: number; due_this_week: number; total: number }>(db, sql`
      select count(*) filter (where ${OPEN})::int as open,
             count(*) filter (where ${OPEN} and t.due_on < ${today}::date)::int as overdue,
             count(*) filter (where t.status = 'done')::int as done,
             count(*) filter (where ${OPEN} and ${inWeek})::int as due_this_week,
             count(*) filter (where ${shown})::int as total
        from tasks t where t.organisation_id = ${m.organisation.id} and ${where} ${search}`);
    const order = state === 'done' ? sql`t.updated_at desc, t.id desc` : sql`t.due_on nulls last, ${PRIORITY_RANK}, t.created_at, t.id`;
    const rows = await rowsOf<TaskRow>(db, sql`${selectTasks(m.organisation.id)} and ${where} and ${shown} ${search}
      order by ${order} limit ${per_page} offset ${(page - 1) * per_page}`);
    return {
      data: rows.map((r) => present(r, today)),
      meta: { total: counts.total, page, per_page, counts: { open: counts.open, overdue: counts.overdue, done: counts.done, due_this_week: counts.due_this_week }, scopes, department, week },
    };
  });

  api.get('/api/tasks/meta', {
    config: { access: 'member' },
    schema: {
      tags, querystring: taskMetaQuery, response: { 200: envelope(taskMetaSchema) },
      summary: 'Task counts by status, overdue, due today and due this week: mine (any member), my team’s (my department) or all (operations.view)',
    },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    const today = todayOf(req.query.today);
    const week = weekOf(today);
    const { where } = await scopeOf(db, m, req.query.scope);
    const rows = await rowsOf<{ status: string; n: number; overdue: number; due_today: number; due_this_week: number }>(db, sql`
      select t.status, count(*)::int as n,
             count(*) filter (where t.due_on < ${today}::date and ${OPEN})::int as overdue,
             count(*) filter (where t.due_on = ${today}::date and ${OPEN})::int as due_today,
             count(*) filter (where t.due_on between ${week.from}::date and ${week.to}::date and ${OPEN})::int as due_this_week
        from tasks t where t.organisation_id = ${m.organisation.id} and ${where} group by t.status`);
    const sum = (k: 'overdue' | 'due_today' | 'due_this_week') => rows.reduce((n, r) => n + r[k], 0);
    return {
      data: {
        by_status: Object.fromEntries(['todo', 'in_progress', 'done', 'cancelled'].map((s) => [s, rows.find((r) => r.status === s)?.n ?? 0])),
        overdue: sum('overdue'), due_today: sum('due_today'), due_this_week: sum('due_this_week'),
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
      await tellAssignee(tx, m, { id: task.id, title: task.title, assignee_user_id: to });
    });
    return { data: { id: req.params.id, assignee_user_id: to } };
  });

  function move(action: TaskAction, summary: string) {
    api.post(`/api/tasks/:id/${action}`, {
      config: { access: 'member' },
      schema: { tags, summary, params: z.object({ id: z.uuid() }), response: { 200: envelope(boardTaskSchema) } },
    }, async (req) => {
      const m = await requireMember(ctx, req);
      await db.transaction(async (tx) => {
        const [task] = await rowsOf<{ id: string; status: string; assignee_user_id: string | null }>(tx, sql`
          select id, status, assignee_user_id from tasks where organisation_id = ${m.organisation.id} and id = ${req.params.id} for update`);
        if (!task) throw notFound('The task');
        if (task.assignee_user_id !== m.user.id) requirePermission(m, 'operations.update');
        if (!mayTask(action, task.status)) throw new AppError(409, 'invalid_transition', `A task that is ${task.status.replace('_', ' ')} cannot be ${action === 'complete' ? 'completed' : 'reopened'}.`);
        const to = TASK_STATUS_AFTER[action];
        await tx.execute(sql`update tasks set status = ${to}, updated_at = now() where organisation_id = ${m.organisation.id} and id = ${task.id}`);
        await audit(tx, m.organisation.id, m.user.id, 'tasks', action, task.id, { from: task.status, to });
      });
      const [row] = await rowsOf<TaskRow>(db, sql`${selectTasks(m.organisation.id)} and t.id = ${req.params.id}`);
      return { data: present(row, todayOf(undefined)) };
    });
  }
  move('complete', 'Complete an open task: its assignee, or anyone whose role may change operations (409 invalid_transition when it is not open)');
  move('reopen', 'Reopen a done or cancelled task (to do again): its assignee, or anyone whose role may change operations');
}

/** Tells a task's (new) assignee that it is theirs, live, unless they gave it to themself. */
async function tellAssignee(tx: Tx, m: Membership, task: { id: string; title: string; assignee_user_id: string | null }) {
  if (!task.assignee_user_id) return;
  await notify(tx, { userId: task.assignee_user_id, organisationId: m.organisation.id, actorId: m.user.id, type: 'task_assigned', subject: { type: 'task', id: task.id }, data: { title: task.title } });
}

/**
 * The rules the `tasks` resource adds to the generic ones: a done or cancelled task is reopened
 * before it moves on (409 invalid_transition), and whoever a task is given to is told.
 */
export const taskHooks: ResourceHooks = {
  beforeUpdate(existing, values) {
    const from = existing.status as string;
    const to = (values.status as string | undefined) ?? from;
    if (!mayMoveTask(from, to)) throw new AppError(409, 'invalid_transition', `A ${from} task is reopened (to do) before it becomes ${to.replace('_', ' ')}.`);
  },
  async afterWrite(tx, m, row, before) {
    if (row.assignee_user_id && row.assignee_user_id !== before?.assignee_user_id) {
      await tellAssignee(tx, m, { id: row.id as string, title: row.title as string, assignee_user_id: row.assignee_user_id as string });
    }
  },
};
