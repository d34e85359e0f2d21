import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { organisations } from './organisations.ts';
import { tenantTable } from './tenant.ts';
import { employeesTable } from './hr.ts';

/**
 * A review cycle (resource `review-cycles`): the period reviewed, when self and manager reviews are
 * due, and the rating scale (1 … `rating_scale_max`). `draft → open → closed`: opening it makes one
 * review per employee; a closed cycle's reviews never change.
 */
export const reviewCyclesTable = tenantTable('review_cycles', {
  name: text('name').notNull(),
  period_start: date('period_start').notNull(),
  period_end: date('period_end').notNull(),
  self_review_due: date('self_review_due'),
  manager_review_due: date('manager_review_due'),
  rating_scale_max: integer('rating_scale_max').notNull().default(5),
  status: text('status').notNull().default('draft'),
}, { search: ['name'], unique: [['name']], indexes: [['period_start'], ['status']] });

/** A weighted criterion of a cycle (resource `review-criteria`): weights are decimal strings; a cycle opens only when they add up to 100. */
export const reviewCriteriaTable = tenantTable('review_criteria', {
  cycle_id: uuid('cycle_id').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  weight: text('weight').notNull(),
  position: integer('position').notNull().default(0),
}, {
  search: ['name'],
  unique: [['cycle_id', 'name']],
  indexes: [['cycle_id'], ['position']],
  references: [{ column: 'cycle_id', table: () => reviewCyclesTable }],
});

/**
 * A goal of an employee, in a cycle or standing; `parent_id` makes it a sub-goal (one level).
 * `progress` is 0–100 as entered; a goal with sub-goals shows the weighted mean of theirs.
 */
export const goals = pgTable('goals', {
  organisation_id: uuid().notNull().references(() => organisations.id, { onDelete: 'restrict' }),
  id: uuid().notNull(),
  employee_id: uuid().notNull(),
  cycle_id: uuid(),
  parent_id: uuid(),
  title: text().notNull(),
  description: text(),
  weight: text().notNull().default('1'),
  progress: integer().notNull().default(0),
  due_date: date({ mode: 'string' }),
  status: text().notNull().default('open'),
  created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.organisation_id, t.id] }),
  index('goals_employee_idx').on(t.organisation_id, t.employee_id, t.cycle_id),
  index('goals_parent_idx').on(t.organisation_id, t.parent_id),
  foreignKey({ name: 'goals_employee_fk', columns: [t.organisation_id, t.employee_id], foreignColumns: [employeesTable.organisation_id, employeesTable.id] }).onDelete('restrict'),
  foreignKey({ name: 'goals_cycle_fk', columns: [t.organisation_id, t.cycle_id], foreignColumns: [reviewCyclesTable.organisation_id, reviewCyclesTable.id] }).onDelete('restrict'),
  foreignKey({ name: 'goals_parent_fk', columns: [t.organisation_id, t.parent_id], foreignColumns: [t.organisation_id, t.id] }).onDelete('cascade'),
  check('goals_progress_check', sql`${t.progress} between 0 and 100`),
  check('goals_status_check', sql`${t.status} in ('open', 'done', 'dropped')`),
  check('goals_not_own_parent_check', sql`${t.parent_id} is null or ${t.parent_id} <> ${t.id}`),
]);

/**
 * One employee's review in a cycle: `self_review → manager_review → completed`. The reviewer is the
 * employee's manager when the cycle opens. `final_score` (decimal string) is the weighted mean of the
 * manager's ratings, set on completion.
 */
export const reviews = pgTable('reviews', {
  organisation_id: uuid().notNull().references(() => organisations.id, { onDelete: 'restrict' }),
  id: uuid().notNull(),
  cycle_id: uuid().notNull(),
  employee_id: uuid().notNull(),
  reviewer_id: uuid().references(() => users.id, { onDelete: 'set null' }),
  status: text().notNull().default('self_review'),
  self_comment: text(),
  manager_comment: text(),
  self_submitted_at: timestamp({ withTimezone: true }),
  manager_submitted_at: timestamp({ withTimezone: true }),
  final_score: text(),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.organisation_id, t.id] }),
  uniqueIndex('reviews_cycle_employee_key').on(t.organisation_id, t.cycle_id, t.employee_id),
  index('reviews_employee_idx').on(t.organisation_id, t.employee_id),
  index('reviews_reviewer_idx').on(t.organisation_id, t.reviewer_id, t.status),
  foreignKey({ name: 'reviews_cycle_fk', columns: [t.organisation_id, t.cycle_id], foreignColumns: [reviewCyclesTable.organisation_id, reviewCyclesTable.id] }).onDelete('restrict'),
  foreignKey({ name: 'reviews_employee_fk', columns: [t.organisation_id, t.employee_id], foreignColumns: [employeesTable.organisation_id, employeesTable.id] }).onDelete('restrict'),
  check('reviews_status_check', sql`${t.status} in ('self_review', 'manager_review', 'completed')`),
]);

/** A rating of one criterion in a review, by the employee (`self`) or their manager. */
export const reviewRatings = pgTable('review_ratings', {
  organisation_id: uuid().notNull(),
  review_id: uuid().notNull(),
  criterion_id: uuid().notNull(),
  by: text().notNull(),
  rating: integer().notNull(),
  comment: text(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.organisation_id, t.review_id, t.criterion_id, t.by] }),
  foreignKey({ name: 'review_ratings_review_fk', columns: [t.organisation_id, t.review_id], foreignColumns: [reviews.organisation_id, reviews.id] }).onDelete('cascade'),
  foreignKey({ name: 'review_ratings_criterion_fk', columns: [t.organisation_id, t.criterion_id], foreignColumns: [reviewCriteriaTable.organisation_id, reviewCriteriaTable.id] }).onDelete('restrict'),
  check('review_ratings_by_check', sql`${t.by} in ('self', 'manager')`),
  check('review_ratings_rating_check', sql`${t.rating} >= 1`),
]);
