import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import {
  cycleSchema, goalBody, goalListQuery, goalPatchBody, goalSchema, ratingsBody, reviewDetailSchema, reviewListQuery, reviewSchema,
  type Goal, type Rating, type Review, type ReviewCycle, type ReviewDetail,
} from '#shared/api/performance.ts';
import {
  cycleReadiness, mayCycle, mayReview, nextReviewStatus, weightedScore, weightTotal, withRolledProgress,
  type CycleStatus, type Rater, type ReviewStatus,
} from '#shared/hr/performance.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import { goals, reviews } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { can, requireMember, requirePermission, type Membership } from '../organisations/membership.ts';
import { audit } from '../../lib/audit.ts';
import type { ResourceHooks } from '../resources/register.ts';
import { isoOrNull as iso } from '../../lib/dates.ts';

type CycleRow = { id: string; name: string; period_start: string; period_end: string; self_review_due: string | null; manager_review_due: string | null; rating_scale_max: number; status: CycleStatus };
type ReviewRow = {
  id: string; cycle_id: string; cycle_name: string; cycle_status: CycleStatus; employee_id: string; employee_name: string; employee_user_id: string; job_title: string;
  manager_id: string | null; reviewer_id: string | null; reviewer_name: string | null; status: ReviewStatus; final_score: string | null; self_comment: string | null; manager_comment: string | null;
  self_review_due: string | null; manager_review_due: string | null; period_start: string; period_end: string; rating_scale_max: number;
  self_submitted_at: Date | string | null; manager_submitted_at: Date | string | null; updated_at: Date | string;
};
type GoalRow = Omit<Goal, 'rolled_progress' | 'created_at' | 'updated_at'> & { employee_user_id: string; manager_id: string | null; cycle_status: CycleStatus | null; created_at: Date | string; updated_at: Date | string };
type CriterionRow = { id: string; name: string; description: string | null; weight: string; position: number };


const closed = () => new AppError(409, 'cycle_closed', 'This review cycle is closed: its reviews and goals are kept as they were.');

/** Review cycles are edited through the resource layer: these are the rules it adds (dates, scale and criteria fixed once open, closed kept). */
export const reviewCycleHooks: ResourceHooks = {
  beforeUpdate(existing, values) {
    const status = existing.status as CycleStatus;
    if (!mayCycle('edit', status)) throw closed();
    if (values.rating_scale_max !== undefined && values.rating_scale_max !== existing.rating_scale_max && !mayCycle('edit_criteria', status)) {
      throw new AppError(409, 'cycle_open', 'The rating scale is fixed once the cycle is open.');
    }
    const start = String(values.period_start ?? existing.period_start).slice(0, 10);
    const end = String(values.period_end ?? existing.period_end).slice(0, 10);
    if (end < start) throw new AppError(422, 'validation_failed', 'The period ends before it starts.', { period_end: 'Before the start.' });
  },
  beforeDelete(existing) {
    if (!mayCycle('delete', existing.status as CycleStatus)) throw new AppError(409, 'invalid_transition', 'Only a draft review cycle can be deleted: close it instead.');
  },
};

/** Criteria change only while their cycle is a draft: reviews are rated against them once it opens. */
export const reviewCriterionHooks: ResourceHooks = {
  async beforeWrite(tx, organisationId, values, id) {
    const cycleId = (values.cycle_id as string | undefined) ?? null;
    const [row] = await rowsOf<{ status: CycleStatus; moved_from: string | null }>(tx, sql`
      select c.status, (select status from review_cycles where organisation_id = ${organisationId} and id = (select cycle_id from review_criteria where organisation_id = ${organisationId} and id = ${id})) as moved_from
        from review_cycles c
       where c.organisation_id = ${organisationId} and c.id = coalesce(${cycleId}::uuid, (select cycle_id from review_criteria where organisation_id = ${organisationId} and id = ${id}))`);
    // An unknown cycle: the foreign key refuses it, as for any reference.
    if (!row) return;
    if (!mayCycle('edit_criteria', row.status) || (row.moved_from && !mayCycle('edit_criteria', row.moved_from as CycleStatus))) {
      throw new AppError(409, 'cycle_open', 'Criteria and weights are fixed once the cycle is open.');
    }
  },
};

const reviewSelect = (organisationId: string) => sql`
  select r.id, r.cycle_id, c.name as cycle_name, c.status as cycle_status, r.employee_id, u.name as employee_name, e.user_id as employee_user_id, e.job_title, e.manager_id,
         r.reviewer_id, ru.name as reviewer_name, r.status, r.final_score, r.self_comment, r.manager_comment,
         c.self_review_due::text as self_review_due, c.manager_review_due::text as manager_review_due, c.period_start::text as period_start, c.period_end::text as period_end, c.rating_scale_max,
         r.self_submitted_at, r.manager_submitted_at, r.updated_at
    from reviews r
    join review_cycles c on c.organisation_id = r.organisation_id and c.id = r.cycle_id
    join employees e on e.organisation_id = r.organisation_id and e.id = r.employee_id
    join users u on u.id = e.user_id
    left join users ru on ru.id = r.reviewer_id
   where r.organisation_id = ${organisationId}`;

const goalSelect = (organisationId: string) => sql`
  select g.id, g.employee_id, u.name as employee_name, e.user_id as employee_user_id, e.manager_id, g.cycle_id, c.status as cycle_status, g.parent_id, g.title, g.description,
         g.weight, g.progress, g.due_date::text as due_date, g.status, g.created_at, g.updated_at
    from goals g
    join employees e on e.organisation_id = g.organisation_id and e.id = g.employee_id
    join users u on u.id = e.user_id
    left join review_cycles c on c.organisation_id = g.organisation_id and c.id = g.cycle_id
   where g.organisation_id = ${organisationId}`;

const presentReview = (r: ReviewRow): Review => ({
  id: r.id, cycle_id: r.cycle_id, cycle_name: r.cycle_name, cycle_status: r.cycle_status, employee_id: r.employee_id, employee_name: r.employee_name,
  employee_user_id: r.employee_user_id, job_title: r.job_title, reviewer_id: r.reviewer_id, reviewer_name: r.reviewer_name, status: r.status,
  final_score: r.status === 'completed' ? r.final_score : null, self_review_due: r.self_review_due, manager_review_due: r.manager_review_due,
  self_submitted_at: iso(r.self_submitted_at), manager_submitted_at: iso(r.manager_submitted_at), updated_at: iso(r.updated_at)!,
});

/** Goals as shown: parents roll their sub-goals' progress up. */
function presentGoals(rows: GoalRow[]): Goal[] {
  return withRolledProgress(rows).map((g) => ({
    id: g.id, employee_id: g.employee_id, employee_name: g.employee_name, cycle_id: g.cycle_id, parent_id: g.parent_id, title: g.title, description: g.description,
    weight: g.weight, progress: g.progress, rolled_progress: g.rolled_progress, due_date: g.due_date, status: g.status, created_at: iso(g.created_at)!, updated_at: iso(g.updated_at)!,
  }));
}

/** The caller's own employee record (their latest), or null. */
async function ownEmployee(db: Db | Tx, m: Membership): Promise<{ id: string; manager_id: string | null } | null> {
  const [row] = await rowsOf<{ id: string; manager_id: string | null }>(db, sql`
    select id, manager_id from employees where organisation_id = ${m.organisation.id} and user_id = ${m.user.id} order by start_date desc limit 1`);
  return row ?? null;
}

/** Whether the caller sees an employee's reviews and goals: themself, their manager, or HR. */
const sees = (m: Membership, e: { employee_user_id: string; manager_id: string | null; reviewer_id?: string | null }) =>
  e.employee_user_id === m.user.id || e.manager_id === m.user.id || (e.reviewer_id != null && e.reviewer_id === m.user.id) || can(m, 'hr.view');
/** Whether the caller writes an employee's goals: themself, their manager, or HR with hr.update. */
const writesGoals = (m: Membership, e: { employee_user_id: string; manager_id: string | null }) =>
  e.employee_user_id === m.user.id || e.manager_id === m.user.id || can(m, 'hr.update');
/** Whether the caller does a review's manager part: its reviewer, or HR (hr.update) — never on their own review. */
const actsAsManager = (m: Membership, r: ReviewRow) => r.employee_user_id !== m.user.id && (r.reviewer_id === m.user.id || can(m, 'hr.update'));

/**
 * Performance reviews (issue 13, item 5): review cycles and their weighted criteria (resources
 * `review-cycles`, `review-criteria`) open into one review per employee, reviewed by their manager:
 * `self_review → manager_review → completed`, the final score the weighted mean of the manager's
 * ratings. Goals with one level of sub-goals, whose progress rolls up. Everyone sees their own; a
 * manager those of their people; HR (`hr.view`) everyone's.
 */
export function registerPerformanceRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['performance'];
  const idParam = z.object({ id: z.uuid() });

  async function cycleAnswer(organisationId: string, id: string): Promise<{ data: ReviewCycle }> {
    const [c] = await rowsOf<CycleRow>(db, sql`
      select id, name, period_start::text as period_start, period_end::text as period_end, self_review_due::text as self_review_due, manager_review_due::text as manager_review_due, rating_scale_max, status
        from review_cycles where organisation_id = ${organisationId} and id = ${id}`);
    if (!c) throw notFound('The review cycle');
    const weights = await rowsOf<{ weight: string }>(db, sql`select weight from review_criteria where organisation_id = ${organisationId} and cycle_id = ${id}`);
    const counts = await rowsOf<{ status: ReviewStatus; n: number }>(db, sql`select status, count(*)::int as n from reviews where organisation_id = ${organisationId} and cycle_id = ${id} group by status`);
    const by = Object.fromEntries(counts.map((x) => [x.status, x.n]));
    return {
      data: {
        ...c, weight_total: weightTotal(weights.map((w) => w.weight)), criteria: weights.length,
        reviews: { self_review: by.self_review ?? 0, manager_review: by.manager_review ?? 0, completed: by.completed ?? 0 },
      },
    };
  }

  async function lockCycle(tx: Tx, m: Membership, id: string) {
    const [c] = await rowsOf<CycleRow>(tx, sql`select id, status, period_start::text as period_start, period_end::text as period_end from review_cycles where organisation_id = ${m.organisation.id} and id = ${id} for update`);
    if (!c) throw notFound('The review cycle');
    return c;
  }

  api.get('/api/review-cycles/:id/overview', {
    config: { access: 'member' },
    schema: { tags, summary: 'A review cycle with its weights’ total and how many reviews are at each step (any member: the cycles are no secret)', params: idParam, response: { 200: envelope(cycleSchema) } },
  }, async (req) => cycleAnswer((await requireMember(ctx, req)).organisation.id, req.params.id));

  api.post('/api/review-cycles/:id/open', {
    config: { access: 'hr.update' },
    schema: {
      tags, summary: 'Open a draft cycle: one review per current employee, reviewed by their manager (409 cycle_not_ready unless the criteria weigh exactly 100 together)',
      params: idParam, response: { 200: envelope(cycleSchema) },
    },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'hr.update');
    await db.transaction(async (tx) => {
      const c = await lockCycle(tx, m, req.params.id);
      if (!mayCycle('open', c.status)) throw new AppError(409, 'invalid_transition', `A cycle that is ${c.status} cannot be opened.`);
      const weights = await rowsOf<{ weight: string }>(tx, sql`select weight from review_criteria where organisation_id = ${m.organisation.id} and cycle_id = ${c.id}`);
      const ready = cycleReadiness(weights.map((w) => w.weight));
      if (!ready.ok) {
        throw new AppError(409, 'cycle_not_ready', ready.reason === 'no_criteria' ? 'Add at least one criterion before opening the cycle.' : `The criteria's weights add up to ${ready.total}: they must add up to exactly 100, each above 0.`, { weight: ready.reason === 'no_criteria' ? 'No criteria.' : `Total ${ready.total}, not 100.` });
      }
      // Everyone employed on the day it opens (and who started by the end of the period), their latest record, reviewed by their manager.
      const people = await rowsOf<{ id: string; manager_id: string | null }>(tx, sql`
        select distinct on (user_id) id, manager_id from employees
         where organisation_id = ${m.organisation.id} and start_date <= ${c.period_end}::date and (end_date is null or end_date >= current_date)
         order by user_id, start_date desc`);
      if (people.length) {
        await tx.insert(reviews).values(people.map((p) => ({ organisation_id: m.organisation.id, id: uuidv7(), cycle_id: c.id, employee_id: p.id, reviewer_id: p.manager_id }))).onConflictDoNothing();
      }
      await tx.execute(sql`update review_cycles set status = 'open', updated_at = now() where organisation_id = ${m.organisation.id} and id = ${c.id}`);
      await audit(tx, m.organisation.id, m.user.id, 'review_cycles', 'open', c.id, { from: c.status, to: 'open', reviews: people.length });
    });
    return cycleAnswer(m.organisation.id, req.params.id);
  });

  api.post('/api/review-cycles/:id/close', {
    config: { access: 'hr.update' },
    schema: { tags, summary: 'Close an open cycle: its reviews and goals are kept as they are, unfinished ones too', params: idParam, response: { 200: envelope(cycleSchema) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'hr.update');
    await db.transaction(async (tx) => {
      const c = await lockCycle(tx, m, req.params.id);
      if (!mayCycle('close', c.status)) throw new AppError(409, 'invalid_transition', `A cycle that is ${c.status} cannot be closed.`);
      await tx.execute(sql`update review_cycles set status = 'closed', updated_at = now() where organisation_id = ${m.organisation.id} and id = ${c.id}`);
      await audit(tx, m.organisation.id, m.user.id, 'review_cycles', 'close', c.id, { from: c.status, to: 'closed' });
    });
    return cycleAnswer(m.organisation.id, req.params.id);
  });

  api.get('/api/reviews', {
    config: { access: 'member' },
    schema: { tags, summary: 'Reviews: one’s own (mine), those one reviews (to_review), or everyone’s (all, with hr.view)', querystring: reviewListQuery, response: { 200: envelope(z.array(reviewSchema)) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    const { scope, cycle_id, status } = req.query;
    if (scope === 'all') requirePermission(m, 'hr.view');
    const who = scope === 'mine' ? sql`and e.user_id = ${m.user.id}` : scope === 'to_review' ? sql`and r.reviewer_id = ${m.user.id} and e.user_id <> ${m.user.id}` : sql``;
    const rows = await rowsOf<ReviewRow>(db, sql`${reviewSelect(m.organisation.id)} ${who}
      ${cycle_id ? sql`and r.cycle_id = ${cycle_id}` : sql``} ${status ? sql`and r.status = ${status}` : sql``}
      order by c.period_start desc, u.name, r.id limit 1000`);
    return { data: rows.map(presentReview) };
  });

  async function loadReview(tx: Db | Tx, m: Membership, id: string, lock: boolean) {
    const [r] = await rowsOf<ReviewRow>(tx, sql`${reviewSelect(m.organisation.id)} and r.id = ${id} ${lock ? sql`for update of r` : sql``}`);
    // Someone else's review, for a caller who is neither their manager, their reviewer nor HR, does not exist for them.
    if (!r || !sees(m, r)) throw notFound('The review');
    return r;
  }

  async function reviewAnswer(m: Membership, id: string): Promise<{ data: ReviewDetail }> {
    const r = await loadReview(db, m, id, false);
    const criteria = await rowsOf<CriterionRow>(db, sql`
      select id, name, description, weight, position from review_criteria where organisation_id = ${m.organisation.id} and cycle_id = ${r.cycle_id} order by position, name`);
    const ratings = await rowsOf<Rating & { by: Rater }>(db, sql`select criterion_id, by, rating, comment from review_ratings where organisation_id = ${m.organisation.id} and review_id = ${r.id}`);
    const own = r.employee_user_id === m.user.id;
    const managerHidden = own && r.status !== 'completed';
    const selfHidden = !own && r.status === 'self_review';
    const goalRows = await rowsOf<GoalRow>(db, sql`${goalSelect(m.organisation.id)} and g.employee_id = ${r.employee_id} and (g.cycle_id = ${r.cycle_id} or g.parent_id in (select id from goals where organisation_id = ${m.organisation.id} and cycle_id = ${r.cycle_id})) order by g.created_at, g.id`);
    const pick = (by: Rater) => ratings.filter((x) => x.by === by).map(({ criterion_id, rating, comment }) => ({ criterion_id, rating, comment }));
    return {
      data: {
        ...presentReview(r), final_score: managerHidden ? null : presentReview(r).final_score,
        period_start: r.period_start, period_end: r.period_end, rating_scale_max: r.rating_scale_max,
        self_comment: selfHidden ? null : r.self_comment, manager_comment: managerHidden ? null : r.manager_comment,
        criteria, self_ratings: selfHidden ? [] : pick('self'), manager_ratings: managerHidden ? [] : pick('manager'), manager_ratings_hidden: managerHidden,
        may: { self: own && mayReview('self_save', r.status, r.cycle_status), manager: actsAsManager(m, r) && mayReview('manager_save', r.status, r.cycle_status) },
        goals: presentGoals(goalRows),
      },
    };
  }

  api.get('/api/reviews/:id', {
    config: { access: 'member' },
    schema: {
      tags, summary: 'One review with its criteria, ratings and the employee’s goals of the cycle (the employee, their manager or reviewer, HR); the manager’s ratings reach the employee once completed',
      params: idParam, response: { 200: envelope(reviewDetailSchema) },
    },
  }, async (req) => reviewAnswer(await requireMember(ctx, req), req.params.id));

  function rate(by: Rater) {
    api.put(`/api/reviews/:id/${by}`, {
      config: { access: 'member' },
      schema: {
        tags, params: idParam, body: ratingsBody, response: { 200: envelope(reviewDetailSchema) },
        summary: by === 'self'
          ? 'The employee rates themself and comments while in self_review; submit hands it to the manager'
          : 'The reviewer (or HR with hr.update) rates and comments while in manager_review; submit completes it with the final score',
      },
    }, async (req) => {
      const m = await requireMember(ctx, req);
      const b = req.body;
      await db.transaction(async (tx) => {
        const r = await loadReview(tx, m, req.params.id, true);
        if (by === 'self' && r.employee_user_id !== m.user.id) throw new AppError(403, 'forbidden', 'Only the employee writes their self review.');
        if (by === 'manager' && !actsAsManager(m, r)) throw new AppError(403, 'forbidden', r.employee_user_id === m.user.id ? 'Nobody writes the manager review of their own review.' : 'Only the reviewer or HR (hr.update) writes the manager review.');
        if (r.cycle_status === 'closed') throw closed();
        if (!mayReview(by === 'self' ? 'self_save' : 'manager_save', r.status, r.cycle_status)) {
          throw new AppError(409, 'invalid_transition', by === 'self' ? 'The self review has been handed on: it no longer changes.' : r.status === 'self_review' ? 'The employee has not submitted their self review yet.' : 'This review is completed.');
        }
        const criteria = await rowsOf<CriterionRow>(tx, sql`select id, name, description, weight, position from review_criteria where organisation_id = ${m.organisation.id} and cycle_id = ${r.cycle_id} order by position, name`);
        const known = new Set(criteria.map((c) => c.id));
        const fields: Record<string, string> = {};
        const seen = new Set<string>();
        b.ratings.forEach((x, i) => {
          if (!known.has(x.criterion_id)) fields[`ratings.${i}.criterion_id`] = 'Not a criterion of this cycle.';
          else if (seen.has(x.criterion_id)) fields[`ratings.${i}.criterion_id`] = 'Rated twice.';
          if (x.rating > r.rating_scale_max) fields[`ratings.${i}.rating`] = `Rate from 1 to ${r.rating_scale_max}.`;
          seen.add(x.criterion_id);
        });
        if (Object.keys(fields).length) throw new AppError(422, 'validation_failed', `Ratings go from 1 to ${r.rating_scale_max}, one per criterion of the cycle.`, fields);
        for (const x of b.ratings) {
          await tx.execute(sql`
            insert into review_ratings (organisation_id, review_id, criterion_id, by, rating, comment, updated_at)
            values (${m.organisation.id}, ${r.id}, ${x.criterion_id}, ${by}, ${x.rating}, ${x.comment}, now())
            on conflict (organisation_id, review_id, criterion_id, by) do update set rating = excluded.rating, comment = excluded.comment, updated_at = now()`);
        }
        const comment = b.comment === undefined ? sql`id = id` : by === 'self' ? sql`self_comment = ${b.comment}` : sql`manager_comment = ${b.comment}`;
        if (!b.submit) {
          await tx.execute(sql`update reviews set ${comment}, updated_at = now() where organisation_id = ${m.organisation.id} and id = ${r.id}`);
          await audit(tx, m.organisation.id, m.user.id, 'reviews', `${by}_save`, r.id, { ratings: b.ratings.length });
          return;
        }
        const stored = await rowsOf<{ criterion_id: string; rating: number }>(tx, sql`select criterion_id, rating from review_ratings where organisation_id = ${m.organisation.id} and review_id = ${r.id} and by = ${by}`);
        const given = new Map(stored.map((s) => [s.criterion_id, s.rating]));
        const missing = criteria.filter((c) => !given.has(c.id));
        if (missing.length) throw new AppError(422, 'validation_failed', `Rate every criterion before submitting: ${missing.map((c) => c.name).join(', ')}.`, Object.fromEntries(missing.map((c) => [`ratings.${c.id}`, 'Not rated.'])));
        const next = nextReviewStatus(by);
        if (by === 'self') {
          await tx.execute(sql`update reviews set ${comment}, status = ${next}, self_submitted_at = now(), updated_at = now() where organisation_id = ${m.organisation.id} and id = ${r.id}`);
        } else {
          if (cycleReadiness(criteria.map((c) => c.weight)).ok === false) throw new AppError(409, 'cycle_not_ready', 'The cycle’s criteria no longer weigh 100 together: ask HR to fix them.');
          const score = weightedScore(criteria.map((c) => ({ weight: c.weight, rating: given.get(c.id) })));
          await tx.execute(sql`update reviews set ${comment}, status = ${next}, final_score = ${score}, manager_submitted_at = now(), updated_at = now() where organisation_id = ${m.organisation.id} and id = ${r.id}`);
        }
        await audit(tx, m.organisation.id, m.user.id, 'reviews', `${by}_submit`, r.id, { from: r.status, to: next });
      });
      return reviewAnswer(m, req.params.id);
    });
  }
  rate('self');
  rate('manager');

  // Goals.

  async function goalsOf(organisationId: string, where: ReturnType<typeof sql>) {
    const rows = await rowsOf<GoalRow>(db, sql`${goalSelect(organisationId)} ${where} order by g.due_date nulls last, g.created_at, g.id limit 1000`);
    // Sub-goals roll into their parent: a list that holds a parent holds its sub-goals.
    return presentGoals(rows);
  }

  api.get('/api/goals/mine', {
    config: { access: 'member' },
    schema: { tags, summary: 'One’s own goals, sub-goals with their parent’s', querystring: z.object({ cycle_id: z.uuid().optional() }), response: { 200: envelope(z.array(goalSchema)) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    const cycle = req.query.cycle_id ? sql`and (g.cycle_id = ${req.query.cycle_id} or g.parent_id in (select id from goals where organisation_id = ${m.organisation.id} and cycle_id = ${req.query.cycle_id}))` : sql``;
    return { data: await goalsOf(m.organisation.id, sql`and e.user_id = ${m.user.id} ${cycle}`) };
  });

  api.get('/api/goals', {
    config: { access: 'member' },
    schema: {
      tags, summary: 'Goals of an employee (themself, their manager, HR), or of the people one manages (HR: everyone’s) when no employee is named',
      querystring: goalListQuery, response: { 200: envelope(z.array(goalSchema)) },
    },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    const { employee_id, cycle_id } = req.query;
    const cycle = cycle_id ? sql`and (g.cycle_id = ${cycle_id} or g.parent_id in (select id from goals where organisation_id = ${m.organisation.id} and cycle_id = ${cycle_id}))` : sql``;
    const who = can(m, 'hr.view') ? sql`` : sql`and (e.user_id = ${m.user.id} or e.manager_id = ${m.user.id})`;
    return { data: await goalsOf(m.organisation.id, sql`${employee_id ? sql`and g.employee_id = ${employee_id}` : sql``} ${who} ${cycle}`) };
  });

  async function lockGoal(tx: Tx, m: Membership, id: string) {
    const [g] = await rowsOf<GoalRow>(tx, sql`${goalSelect(m.organisation.id)} and g.id = ${id} for update of g`);
    if (!g || !sees(m, g)) throw notFound('The goal');
    if (!writesGoals(m, g)) throw new AppError(403, 'forbidden', 'Only the employee, their manager or HR (hr.update) change their goals.');
    if (g.cycle_status === 'closed') throw closed();
    return g;
  }

  async function cycleOf(tx: Tx, organisationId: string, cycleId: string | null) {
    if (!cycleId) return null;
    const [c] = await rowsOf<{ status: CycleStatus }>(tx, sql`select status from review_cycles where organisation_id = ${organisationId} and id = ${cycleId}`);
    if (!c) throw new AppError(422, 'validation_failed', 'Choose one of your organisation’s review cycles.', { cycle_id: 'Unknown review cycle.' });
    if (c.status === 'closed') throw closed();
    return c;
  }

  async function goalAnswer(m: Membership, id: string) {
    const [g] = await rowsOf<GoalRow>(db, sql`${goalSelect(m.organisation.id)} and g.id = ${id}`);
    if (!g) throw notFound('The goal');
    const children = await rowsOf<GoalRow>(db, sql`${goalSelect(m.organisation.id)} and g.parent_id = ${id}`);
    return { data: presentGoals([g, ...children])[0] };
  }

  api.post('/api/goals', {
    config: { access: 'member' },
    schema: { tags, summary: 'Set a goal or a sub-goal (one level): one’s own, or for someone one manages, or anyone’s with hr.update', body: goalBody, response: { 201: envelope(goalSchema) } },
  }, async (req, reply) => {
    const m = await requireMember(ctx, req);
    const b = req.body;
    const id = uuidv7();
    await db.transaction(async (tx) => {
      let employeeId = b.employee_id;
      let cycleId = b.cycle_id;
      if (b.parent_id) {
        const parent = await lockGoal(tx, m, b.parent_id).catch((e: unknown) => {
          if (e instanceof AppError && e.status === 404) throw new AppError(422, 'validation_failed', 'The parent goal is not one you can see.', { parent_id: 'Unknown goal.' });
          throw e;
        });
        if (parent.parent_id) throw new AppError(422, 'validation_failed', 'A sub-goal cannot have sub-goals of its own: goals go one level deep.', { parent_id: 'Already a sub-goal.' });
        if (employeeId && employeeId !== parent.employee_id) throw new AppError(422, 'validation_failed', 'A sub-goal belongs to the same person as its goal.', { employee_id: 'Not the parent’s employee.' });
        // A cycle named beside the parent is checked, never dropped in silence (another organisation's cycle was taken and ignored).
        if (cycleId !== null && cycleId !== parent.cycle_id) throw new AppError(422, 'validation_failed', 'A sub-goal is in its goal’s cycle.', { cycle_id: 'Set on the parent goal.' });
        employeeId = parent.employee_id;
        cycleId = parent.cycle_id;
      }
      if (!employeeId) {
        const own = await ownEmployee(tx, m);
        if (!own) throw new AppError(422, 'validation_failed', 'You have no employee record yet: ask HR to add one.', { employee_id: 'No employee record.' });
        employeeId = own.id;
      }
      const [e] = await rowsOf<{ employee_user_id: string; manager_id: string | null }>(tx, sql`select user_id as employee_user_id, manager_id from employees where organisation_id = ${m.organisation.id} and id = ${employeeId}`);
      if (!e) throw new AppError(422, 'validation_failed', 'The employee is not one of yours.', { employee_id: 'Unknown employee.' });
      if (!writesGoals(m, e)) throw new AppError(403, 'forbidden', 'Only the employee, their manager or HR (hr.update) set their goals.');
      await cycleOf(tx, m.organisation.id, cycleId);
      await tx.insert(goals).values({
        organisation_id: m.organisation.id, id, employee_id: employeeId, cycle_id: cycleId, parent_id: b.parent_id, title: b.title, description: b.description,
        weight: b.weight, progress: b.progress, due_date: b.due_date, status: b.status, created_by: m.user.id,
      });
      await audit(tx, m.organisation.id, m.user.id, 'goals', 'create', id, { employee_id: employeeId, parent_id: b.parent_id, cycle_id: cycleId });
    });
    return reply.status(201).send(await goalAnswer(m, id));
  });

  api.patch('/api/goals/:id', {
    config: { access: 'member' },
    schema: { tags, summary: 'Change a goal: progress, status, title … (the employee, their manager, HR with hr.update; not in a closed cycle)', params: idParam, body: goalPatchBody, response: { 200: envelope(goalSchema) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    const b = req.body;
    await db.transaction(async (tx) => {
      const g = await lockGoal(tx, m, req.params.id);
      const next: Record<string, unknown> = {};
      for (const k of ['title', 'description', 'weight', 'progress', 'due_date', 'status'] as const) if (b[k] !== undefined) next[k] = b[k];
      if (b.cycle_id !== undefined && b.cycle_id !== g.cycle_id) {
        if (g.parent_id) throw new AppError(422, 'validation_failed', 'A sub-goal is in its goal’s cycle.', { cycle_id: 'Set on the parent goal.' });
        await cycleOf(tx, m.organisation.id, b.cycle_id);
        next.cycle_id = b.cycle_id;
        // Its sub-goals move with it.
        await tx.execute(sql`update goals set cycle_id = ${b.cycle_id}, updated_at = now() where organisation_id = ${m.organisation.id} and parent_id = ${g.id}`);
      }
      await tx.update(goals).set({ ...next, updated_at: new Date() }).where(sql`organisation_id = ${m.organisation.id} and id = ${g.id}`);
      await audit(tx, m.organisation.id, m.user.id, 'goals', 'update', g.id, { fields: Object.keys(next) });
    });
    return goalAnswer(m, req.params.id);
  });

  api.delete('/api/goals/:id', {
    config: { access: 'member' },
    schema: { tags, summary: 'Delete a goal with its sub-goals (the employee, their manager, HR with hr.update; not in a closed cycle)', params: idParam, response: { 204: z.null() } },
  }, async (req, reply) => {
    const m = await requireMember(ctx, req);
    await db.transaction(async (tx) => {
      const g = await lockGoal(tx, m, req.params.id);
      await tx.execute(sql`delete from goals where organisation_id = ${m.organisation.id} and id = ${g.id}`);
      await audit(tx, m.organisation.id, m.user.id, 'goals', 'delete', g.id, { employee_id: g.employee_id, title: g.title });
    });
    return reply.status(204).send(null);
  });
}
