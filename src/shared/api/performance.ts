import { z } from 'zod';
import { CYCLE_STATUSES, GOAL_STATUSES, REVIEW_STATUSES } from '../hr/performance.ts';
import { decimalString } from '../money/decimal-field.ts';
import { isoDate } from '../resources/fields.ts';

const text = (max: number) => z.string().trim().max(max, 'text_too_long').nullish().transform((v) => v || null);

export const cycleSchema = z.object({
  id: z.string(), name: z.string(), period_start: z.string(), period_end: z.string(), self_review_due: z.string().nullable(), manager_review_due: z.string().nullable(),
  rating_scale_max: z.number(), status: z.enum(CYCLE_STATUSES),
  /** The sum of the criteria's weights ("100" when it may open). */
  weight_total: z.string(), criteria: z.number(),
  /** Reviews by status. */
  reviews: z.object({ self_review: z.number(), manager_review: z.number(), completed: z.number() }),
});
export type ReviewCycle = z.infer<typeof cycleSchema>;

export const reviewSchema = z.object({
  id: z.string(), cycle_id: z.string(), cycle_name: z.string(), cycle_status: z.enum(CYCLE_STATUSES),
  employee_id: z.string(), employee_name: z.string(), employee_user_id: z.string(), job_title: z.string(),
  reviewer_id: z.string().nullable(), reviewer_name: z.string().nullable(),
  status: z.enum(REVIEW_STATUSES),
  /** The weighted mean of the manager's ratings ("3.90"), once completed; only the employee, their reviewer and HR see it. */
  final_score: z.string().nullable(),
  self_review_due: z.string().nullable(), manager_review_due: z.string().nullable(),
  self_submitted_at: z.string().nullable(), manager_submitted_at: z.string().nullable(), updated_at: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const ratingSchema = z.object({ criterion_id: z.string(), rating: z.number(), comment: z.string().nullable() });
export type Rating = z.infer<typeof ratingSchema>;

export const goalSchema = z.object({
  id: z.string(), employee_id: z.string(), employee_name: z.string(), cycle_id: z.string().nullable(), parent_id: z.string().nullable(),
  title: z.string(), description: z.string().nullable(), weight: z.string(),
  /** As entered (0–100). */
  progress: z.number(),
  /** What it shows: with sub-goals, their weighted mean (src/shared/hr/performance.ts rolledProgress). */
  rolled_progress: z.number(),
  due_date: z.string().nullable(), status: z.enum(GOAL_STATUSES), created_at: z.string(), updated_at: z.string(),
});
export type Goal = z.infer<typeof goalSchema>;

export const reviewDetailSchema = reviewSchema.extend({
  period_start: z.string(), period_end: z.string(), rating_scale_max: z.number(),
  self_comment: z.string().nullable(),
  /** Hidden (null) from the employee until the review is completed. */
  manager_comment: z.string().nullable(),
  criteria: z.array(z.object({ id: z.string(), name: z.string(), description: z.string().nullable(), weight: z.string(), position: z.number() })),
  /** The employee's ratings: others see them once submitted. */
  self_ratings: z.array(ratingSchema),
  /** The manager's ratings: the employee sees them once the review is completed. */
  manager_ratings: z.array(ratingSchema),
  manager_ratings_hidden: z.boolean(),
  /** What the caller may do now. */
  may: z.object({ self: z.boolean(), manager: z.boolean() }),
  goals: z.array(goalSchema),
});
export type ReviewDetail = z.infer<typeof reviewDetailSchema>;

export const reviewListQuery = z.object({
  /** One's own (mine), those one reviews (to_review), or everyone's (all, with hr.view). */
  scope: z.enum(['mine', 'to_review', 'all']).default('mine'),
  cycle_id: z.uuid().optional(),
  status: z.enum(REVIEW_STATUSES).optional(),
});

export const ratingsBody = z.object({
  ratings: z.array(z.object({
    criterion_id: z.uuid('reference_invalid'),
    rating: z.number().int('whole_number').min(1, 'number_range').max(100, 'number_range'),
    comment: text(1000),
  })).max(50),
  /** The overall comment: left out, it stays as it was; null or empty clears it. */
  comment: z.string().trim().max(4000, 'text_too_long').nullable().optional().transform((v) => (v === undefined ? undefined : v || null)),
  /** Hand it on: the self review to the manager, the manager's to completion (every criterion rated). */
  submit: z.boolean().default(false),
});
export type RatingsBody = z.input<typeof ratingsBody>;

const weight = decimalString({ min: '0', aboveMin: true, max: '100', places: 2 });
const progress = z.number().int('whole_number').min(0, 'number_range').max(100, 'number_range');

export const goalBody = z.object({
  /** Someone else's goal (their manager, or HR with hr.update); one's own when left out. */
  employee_id: z.uuid('reference_invalid').nullish().transform((v) => v ?? null),
  /** A sub-goal is in its parent's cycle: left out, or that cycle (another one is refused). */
  cycle_id: z.uuid('reference_invalid').nullish().transform((v) => v ?? null),
  parent_id: z.uuid('reference_invalid').nullish().transform((v) => v ?? null),
  title: z.string().trim().min(1, 'required').max(200, 'text_too_long'),
  description: text(2000),
  weight: weight.default('1'),
  progress: progress.default(0),
  due_date: isoDate.nullish().transform((v) => v ?? null),
  status: z.enum(GOAL_STATUSES).default('open'),
});
export type GoalBody = z.input<typeof goalBody>;
export const goalPatchBody = z.object({
  cycle_id: z.uuid('reference_invalid').nullable(),
  title: z.string().trim().min(1, 'required').max(200, 'text_too_long'),
  description: z.string().trim().max(2000, 'text_too_long').nullable(),
  weight, progress,
  due_date: isoDate.nullable(),
  status: z.enum(GOAL_STATUSES),
}).partial().refine((b) => Object.values(b).some((v) => v !== undefined), 'nothing_to_update');
export type GoalPatchBody = z.input<typeof goalPatchBody>;
export const goalListQuery = z.object({ employee_id: z.uuid().optional(), cycle_id: z.uuid().optional() });
