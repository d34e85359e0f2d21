import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { boardTaskSchema, taskAssignBody, taskAssigneeSchema, taskBoardQuery, taskBoardSchema, taskMetaQuery, taskMetaSchema, type BoardTask } from '#shared/api/operations.ts';
import { mayMoveTask, mayTask, TASK_STATUS_AFTER, weekOf, type TaskAction, type TaskScope, type TaskState } from '#shared/operations/model.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { dayOrNull, iso } from '../../lib/dates.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { escapeLike } from '../../lib/sql-text.ts';
import { notify, publish } from '../notifications/notify.ts';
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

/** Done or cancelled: nothing more to do (the board shows both under Done, a cancelled one marked so). */
const CLOSED = sql`t.status in ('done', 'cancelled')`;

/** A state of the board as SQL: open, overdue (open and due before today) or done (done or cancelled). */
const stateOf = (state: TaskState, today: string) =>
  state === 'open' ? OPEN : state === 'overdue' ? sql`${OPEN} and t.due_on < ${today}::date` : CLOSED;

/**
 * A search over a task's title and notes and what it is for: the linked shipment's references and
 * client, the booking's number and client, the client's name.
 */
function searchOf(q: string | undefined) {
  if (!q) return sql``;
  const like = `%${escapeLike(q.toLowerCase())}%`;
  return sql`and (t.search_text like ${like}
    or exists (select 1 from shipments s where s.organisation_id = t.organisation_id and s.id = t.shipment_id and s.search_text like ${like})
    or exists (select 1 from bookings b where b.organisation_id = t.organisation_id and b.id = t.booking_id and lower(b.number || E'\n' || b.client_name) like ${like})
    or exists (select 1 from partners p where p.organisation_id = t.organisation_id and p.id = t.partner_id and lower(p.name) like ${like}))`;
}

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
      summary: 'The task board: mine (any member), my team’s (members of my department) or all (operations.view); open, overdue or done (done or cancelled); due this week; '
        + 'a search (title, notes, the linked shipment, booking or client); one page, with the counts of the scope (within this week when asked)',
    },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    const { scope, state, due_this_week, q, page, per_page } = req.query;
    const today = todayOf(req.query.today);
    const week = weekOf(today);
    const { where, scopes, department } = await scopeOf(db, m, scope);
    const search = searchOf(q);
    const inWeek = sql`t.due_on between ${week.from}::date and ${week.to}::date`;
    // The counts of the states are within this week when the board is; this week's count is of the state shown.
    const weekOnly = due_this_week === 'true' ? sql`and ${inWeek}` : sql``;
    const shown = sql`${stateOf(state, today)} ${weekOnly}`;
    const [counts] = await rowsOf<{ open: number; overdue: number; done: number; due_this_week: number; total: number }>(db, sql`
      select count(*) filter (where ${stateOf('open', today)} ${weekOnly})::int as open,
             count(*) filter (where ${stateOf('overdue', today)} ${weekOnly})::int as overdue,
             count(*) filter (where ${stateOf('done', today)} ${weekOnly})::int as done,
             count(*) filter (where ${stateOf(state, today)} and ${inWeek})::int as due_this_week,
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

  api.get('/api/tasks/assignees', {
    config: { access: 'member' },
    schema: {
      tags, response: { 200: envelope(z.array(taskAssigneeSchema)) },
      summary: 'Whom a task may be given to: the active members (name, department), for a member whose role may create or change operations (403 otherwise); '
        + 'no staff.view needed',
    },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    if (!can(m, 'operations.create')) requirePermission(m, 'operations.update');
    const rows = await rowsOf<{ user_id: string; name: string; department_id: string | null; department_name: string | null }>(db, sql`
      select om.user_id, u.name, d.id as department_id, d.name as department_name
        from organisation_members om
        join users u on u.id = om.user_id
        left join departments d on d.organisation_id = om.organisation_id and d.id = om.department_id
       where om.organisation_id = ${m.organisation.id} and om.status = 'active'
       order by lower(u.name), om.user_id`);
    return { data: rows.map((r) => ({ user_id: r.user_id, name: r.name, department: r.department_id ? { id: r.department_id, name: r.department_name ?? '' } : null })) };
  });

  api.post('/api/tasks/:id/assign', {
    config: { access: 'operations.update' },
    schema: {
      tags, params: z.object({ id: z.uuid() }), body: taskAssignBody, response: { 200: envelope(z.object({ id: z.string(), assignee_user_id: z.string().nullable() })) },
      summary: 'Assign or reassign a task to a colleague, who is told; null takes it from its assignee (nobody’s then). Whoever had it hears of it live',
    },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'operations.update');
    const to = req.body.user_id;
    await db.transaction(async (tx) => {
      const [task] = await rowsOf<{ id: string; title: string; assignee_user_id: string | null }>(tx, sql`select id, title, assignee_user_id from tasks where organisation_id = ${m.organisation.id} and id = ${req.params.id} for update`);
      if (!task) throw notFound('The task');
      if (to !== null) {
        const [ok] = await rowsOf<{ id: string }>(tx, sql`select user_id as id from organisation_members where organisation_id = ${m.organisation.id} and user_id = ${to} and status = 'active'`);
        if (!ok) throw new AppError(422, 'validation_failed', 'Choose a colleague of your organisation.', { user_id: 'Not a colleague.' });
      }
      if (task.assignee_user_id === to) return;
      await tx.execute(sql`update tasks set assignee_user_id = ${to}, updated_at = now() where organisation_id = ${m.organisation.id} and id = ${task.id}`);
      await audit(tx, m.organisation.id, m.user.id, 'tasks', to === null ? 'unassign' : task.assignee_user_id ? 'reassign' : 'assign', task.id, { from: task.assignee_user_id, to });
      await tellAssignee(tx, m, { id: task.id, title: task.title, assignee_user_id: to });
      await tellOfTask(tx, m, [task.assignee_user_id], { id: task.id, title: task.title, action: 'reassigned' });
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
        const [task] = await rowsOf<{ id: string; title: string; status: string; assignee_user_id: string | null }>(tx, sql`
          select id, title, status, assignee_user_id from tasks where organisation_id = ${m.organisation.id} and id = ${req.params.id} for update`);
        if (!task) throw notFound('The task');
        if (task.assignee_user_id !== m.user.id) requirePermission(m, 'operations.update');
        if (!mayTask(action, task.status)) throw new AppError(409, 'invalid_transition', `A task that is ${task.status.replace('_', ' ')} cannot be ${action === 'complete' ? 'completed' : 'reopened'}.`);
        const to = TASK_STATUS_AFTER[action];
        await tx.execute(sql`update tasks set status = ${to}, updated_at = now() where organisation_id = ${m.organisation.id} and id = ${task.id}`);
        await audit(tx, m.organisation.id, m.user.id, 'tasks', action, task.id, { from: task.status, to });
        // Its assignee and whoever wrote it see it move on their boards (the caller's own board reads itself again).
        await tellOfTask(tx, m, [task.assignee_user_id, await creatorOf(tx, m.organisation.id, task.id)], { id: task.id, title: task.title, action: action === 'complete' ? 'completed' : 'reopened' });
      });
      const [row] = await rowsOf<TaskRow>(db, sql`${selectTasks(m.organisation.id)} and t.id = ${req.params.id}`);
      return { data: present(row, todayOf(undefined)) };
    });
  }
  move('complete', 'Complete an open task: its assignee, or anyone whose role may change operations (409 invalid_transition when it is not open); its assignee and writer hear of it live');
  move('reopen', 'Reopen a done or cancelled task (to do again): its assignee, or anyone whose role may change operations; its assignee and writer hear of it live');

}

/** Tells a task's (new) assignee that it is theirs, live, unless they gave it to themself. */
async function tellAssignee(tx: Tx, m: Membership, task: { id: string; title: string; assignee_user_id: string | null }) {
  if (!task.assignee_user_id) return;
  await notify(tx, { userId: task.assignee_user_id, organisationId: m.organisation.id, actorId: m.user.id, type: 'task_assigned', subject: { type: 'task', id: task.id }, data: { title: task.title } });
}

type TaskChange = 'reassigned' | 'completed' | 'reopened' | 'changed';

/**
 * Tells the people whose boards show a task that it changed hands or state (live event `task`:
 * id, title, action), so that their boards read themselves again: never the caller, nobody twice,
 * only active members of the organisation.
 */
async function tellOfTask(tx: Tx, m: Membership, userIds: (string | null | undefined)[], change: { id: string; title: string; action: TaskChange }) {
  const ids = [...new Set(userIds.filter((id): id is string => Boolean(id) && id !== m.user.id))];
  if (ids.length === 0) return;
  const active = await rowsOf<{ user_id: string }>(tx, sql`
    select user_id from organisation_members where organisation_id = ${m.organisation.id} and status = 'active' and user_id = any(${`{${ids.join(',')}}`}::uuid[])`);
  await publish(tx, active.map((r) => r.user_id), 'task', change);
}

/** Who wrote a task (its audit trail's creation), if a person did. */
async function creatorOf(tx: Tx, organisationId: string, taskId: string): Promise<string | null> {
  const [row] = await rowsOf<{ actor_user_id: string | null }>(tx, sql`
    select actor_user_id from audit_events where organisation_id = ${organisationId} and entity = 'tasks' and entity_id = ${taskId} and action = 'create' order by created_at limit 1`);
  return row?.actor_user_id ?? null;
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
    const task = { id: row.id as string, title: row.title as string };
    if (row.assignee_user_id && row.assignee_user_id !== before?.assignee_user_id) {
      await tellAssignee(tx, m, { ...task, assignee_user_id: row.assignee_user_id as string });
    }
    if (!before) return;
    // An edit: whoever had it (when it changed hands) and whoever has it (when its state changed) see it move.
    const away = before.assignee_user_id !== row.assignee_user_id ? (before.assignee_user_id as string | null) : null;
    if (away) await tellOfTask(tx, m, [away], { ...task, action: 'reassigned' });
    if (before.status !== row.status && before.assignee_user_id === row.assignee_user_id) await tellOfTask(tx, m, [row.assignee_user_id as string | null], { ...task, action: 'changed' });
  },
};
