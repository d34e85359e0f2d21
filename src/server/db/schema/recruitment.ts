import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { organisations } from './organisations.ts';
import { departmentsTable, member, tenantTable } from './tenant.ts';
import { contracts, employeesTable } from './hr.ts';

/**
 * The stages an applicant moves through (resource `recruitment-stages`), in `position` order.
 * `kind` says what a stage means: `active` (applied, screening, interview, offer …), `hired` or
 * `rejected` (the ends). New organisations start with a standard set.
 */
export const recruitmentStagesTable = tenantTable('recruitment_stages', {
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
  kind: text('kind').notNull().default('active'),
}, { search: ['name'], unique: [['name']], indexes: [['position']] });

/**
 * A job opening: `draft → open → closed`. An open opening has a public application page at
 * `/careers/<public_slug>` (no login); the slug is random and unguessable but not secret.
 */
export const jobOpenings = pgTable('job_openings', {
  organisation_id: uuid().notNull().references(() => organisations.id, { onDelete: 'restrict' }),
  id: uuid().notNull(),
  title: text().notNull(),
  department_id: uuid(),
  hiring_manager_id: uuid(),
  location: text().notNull(),
  employment_type: text().notNull(),
  description: text().notNull().default(''),
  salary_min_minor: bigint({ mode: 'number' }),
  salary_max_minor: bigint({ mode: 'number' }),
  salary_currency: text(),
  closes_on: date({ mode: 'string' }),
  status: text().notNull().default('draft'),
  public_slug: text().notNull(),
  created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.organisation_id, t.id] }),
  uniqueIndex('job_openings_public_slug_key').on(t.public_slug),
  index('job_openings_status_idx').on(t.organisation_id, t.status, t.created_at),
  foreignKey({ name: 'job_openings_department_fk', columns: [t.organisation_id, t.department_id], foreignColumns: [departmentsTable.organisation_id, departmentsTable.id] }).onDelete('restrict'),
  foreignKey({ name: 'job_openings_manager_fk', columns: [t.organisation_id, t.hiring_manager_id], foreignColumns: [member().organisation_id, member().id] }).onDelete('restrict'),
  check('job_openings_status_check', sql`${t.status} in ('draft', 'open', 'closed')`),
  check('job_openings_salary_check', sql`${t.salary_min_minor} is null or ${t.salary_max_minor} is null or ${t.salary_max_minor} >= ${t.salary_min_minor}`),
]);

/**
 * Someone who applied (on the public page, or entered by a recruiter), in one stage of the
 * organisation's pipeline. `status` follows the stage's kind; hiring sets `employee_id`.
 * The CV is a file in the file store (`cv_file_key`), never served without `recruitment.view`.
 */
export const applicants = pgTable('applicants', {
  organisation_id: uuid().notNull().references(() => organisations.id, { onDelete: 'restrict' }),
  id: uuid().notNull(),
  opening_id: uuid().notNull(),
  stage_id: uuid().notNull(),
  status: text().notNull().default('active'),
  name: text().notNull(),
  email: text().notNull(),
  phone: text(),
  cover_letter: text(),
  cv_file_key: text(),
  cv_name: text(),
  cv_type: text(),
  cv_bytes: integer(),
  source: text().notNull().default('public'),
  employee_id: uuid(),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.organisation_id, t.id] }),
  index('applicants_opening_idx').on(t.organisation_id, t.opening_id, t.stage_id, t.created_at),
  index('applicants_email_idx').on(t.organisation_id, t.email),
  foreignKey({ name: 'applicants_opening_fk', columns: [t.organisation_id, t.opening_id], foreignColumns: [jobOpenings.organisation_id, jobOpenings.id] }).onDelete('cascade'),
  foreignKey({ name: 'applicants_stage_fk', columns: [t.organisation_id, t.stage_id], foreignColumns: [recruitmentStagesTable.organisation_id, recruitmentStagesTable.id] }).onDelete('restrict'),
  foreignKey({ name: 'applicants_employee_fk', columns: [t.organisation_id, t.employee_id], foreignColumns: [employeesTable.organisation_id, employeesTable.id] }).onDelete('set null'),
  check('applicants_status_check', sql`${t.status} in ('active', 'hired', 'rejected', 'withdrawn')`),
  check('applicants_source_check', sql`${t.source} in ('public', 'manual')`),
]);

/** An interview of an applicant, with the interviewer's feedback, rating (1–5) and recommendation once held. */
export const interviews = pgTable('interviews', {
  organisation_id: uuid().notNull().references(() => organisations.id, { onDelete: 'restrict' }),
  id: uuid().notNull(),
  applicant_id: uuid().notNull(),
  interviewer_id: uuid(),
  scheduled_at: timestamp({ withTimezone: true }).notNull(),
  duration_minutes: integer().notNull().default(60),
  kind: text().notNull().default('video'),
  status: text().notNull().default('scheduled'),
  feedback: text(),
  rating: integer(),
  recommendation: text(),
  created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.organisation_id, t.id] }),
  index('interviews_applicant_idx').on(t.organisation_id, t.applicant_id, t.scheduled_at),
  index('interviews_interviewer_idx').on(t.organisation_id, t.interviewer_id, t.scheduled_at),
  foreignKey({ name: 'interviews_applicant_fk', columns: [t.organisation_id, t.applicant_id], foreignColumns: [applicants.organisation_id, applicants.id] }).onDelete('cascade'),
  foreignKey({ name: 'interviews_interviewer_fk', columns: [t.organisation_id, t.interviewer_id], foreignColumns: [member().organisation_id, member().id] }).onDelete('restrict'),
  check('interviews_kind_check', sql`${t.kind} in ('phone', 'video', 'onsite')`),
  check('interviews_status_check', sql`${t.status} in ('scheduled', 'held', 'cancelled')`),
  check('interviews_rating_check', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  check('interviews_recommendation_check', sql`${t.recommendation} is null or ${t.recommendation} in ('strong_yes', 'yes', 'no', 'strong_no')`),
]);

/**
 * An offer to an applicant: `draft → sent → accepted | declined`, or `withdrawn`. Hiring an applicant
 * with an accepted offer makes the invitation, the employee and a draft contract from it in one
 * transaction (`contract_id`).
 */
export const offers = pgTable('offers', {
  organisation_id: uuid().notNull().references(() => organisations.id, { onDelete: 'restrict' }),
  id: uuid().notNull(),
  applicant_id: uuid().notNull(),
  job_title: text().notNull(),
  contract_type: text().notNull(),
  start_date: date({ mode: 'string' }).notNull(),
  salary_minor: bigint({ mode: 'number' }).notNull(),
  salary_currency: text().notNull(),
  salary_period: text().notNull(),
  hours_per_week: text().notNull(),
  probation_months: integer().notNull().default(0),
  notice_days: integer().notNull().default(0),
  status: text().notNull().default('draft'),
  contract_id: uuid(),
  created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.organisation_id, t.id] }),
  index('offers_applicant_idx').on(t.organisation_id, t.applicant_id, t.created_at),
  foreignKey({ name: 'offers_applicant_fk', columns: [t.organisation_id, t.applicant_id], foreignColumns: [applicants.organisation_id, applicants.id] }).onDelete('cascade'),
  foreignKey({ name: 'offers_contract_fk', columns: [t.organisation_id, t.contract_id], foreignColumns: [contracts.organisation_id, contracts.id] }).onDelete('set null'),
  check('offers_status_check', sql`${t.status} in ('draft', 'sent', 'accepted', 'declined', 'withdrawn')`),
  check('offers_period_check', sql`${t.salary_period} in ('month', 'year')`),
]);
