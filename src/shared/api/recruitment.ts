import { z } from 'zod';
import { CONTRACT_TYPES, EMPLOYMENT_TYPES } from '../hr/model.ts';
import { decimalString } from '../money/decimal-field.ts';
import { currency, isoDate, locationCode, optionalText, requiredText } from '../resources/fields.ts';
import { APPLICANT_SOURCES, APPLICANT_STATUSES, INTERVIEW_KINDS, INTERVIEW_STATUSES, OFFER_STATUSES, OPENING_STATUSES, RECOMMENDATIONS, STAGE_KINDS } from '../recruitment/model.ts';

const amountMinor = z.number().int('whole_number').min(0, 'number_range').max(1_000_000_000_000, 'number_range');
const email = z.string().trim().toLowerCase().max(254, 'text_too_long').pipe(z.email('email_invalid'));
const phone = z.string().trim().max(40, 'text_too_long').nullish().transform((v) => v || null);
const ref = z.uuid('reference_invalid');

// ── openings ────────────────────────────────────────────────────────────────

const openingFields = {
  title: requiredText(120),
  department_id: ref.nullish().transform((v) => v ?? null),
  hiring_manager_id: ref.nullish().transform((v) => v ?? null),
  location: locationCode,
  employment_type: z.enum(EMPLOYMENT_TYPES),
  description: z.string().trim().max(10_000, 'text_too_long').default(''),
  salary_min_minor: amountMinor.nullish().transform((v) => v ?? null),
  salary_max_minor: amountMinor.nullish().transform((v) => v ?? null),
  salary_currency: currency.nullish().transform((v) => v ?? null),
  closes_on: isoDate.nullish().transform((v) => v ?? null),
};
const salaryRange = <T extends { salary_min_minor?: number | null; salary_max_minor?: number | null }>(o: T) =>
  o.salary_min_minor == null || o.salary_max_minor == null || o.salary_max_minor >= o.salary_min_minor;
const salaryCurrency = <T extends { salary_min_minor?: number | null; salary_max_minor?: number | null; salary_currency?: string | null }>(o: T) =>
  (o.salary_min_minor == null && o.salary_max_minor == null) || Boolean(o.salary_currency);

export const openingBody = z.object(openingFields)
  .refine(salaryRange, { message: 'number_range', path: ['salary_max_minor'] })
  .refine(salaryCurrency, { message: 'required', path: ['salary_currency'] });
export type OpeningBody = z.input<typeof openingBody>;
export const openingPatchBody = z.object(openingFields).partial();

export const openingSchema = z.object({
  id: z.string(), title: z.string(), status: z.enum(OPENING_STATUSES),
  department_id: z.string().nullable(), department_name: z.string().nullable(),
  hiring_manager_id: z.string().nullable(), hiring_manager_name: z.string().nullable(),
  location: z.string(), location_name: z.string().nullable(), employment_type: z.enum(EMPLOYMENT_TYPES), description: z.string(),
  salary_min_minor: z.number().nullable(), salary_max_minor: z.number().nullable(), salary_currency: z.string().nullable(),
  closes_on: z.string().nullable(), public_slug: z.string(),
  /** Applicants still in play, and all of them. */
  active_applicants: z.number(), applicants: z.number(),
  created_at: z.string(), updated_at: z.string(),
});
export type Opening = z.infer<typeof openingSchema>;
export const openingListQuery = z.object({ status: z.enum(OPENING_STATUSES).optional() });

// ── stages and applicants ───────────────────────────────────────────────────

export const stageSchema = z.object({ id: z.string(), name: z.string(), position: z.number(), kind: z.enum(STAGE_KINDS) });
export type Stage = z.infer<typeof stageSchema>;

export const applicantSchema = z.object({
  id: z.string(), opening_id: z.string(), opening_title: z.string(), stage_id: z.string(), stage_name: z.string(), status: z.enum(APPLICANT_STATUSES),
  name: z.string(), email: z.string(), phone: z.string().nullable(), cover_letter: z.string().nullable(),
  cv: z.object({ name: z.string(), type: z.string(), bytes: z.number() }).nullable(),
  source: z.enum(APPLICANT_SOURCES), employee_id: z.string().nullable(),
  /** The mean rating of held interviews (null without one). */
  rating: z.number().nullable(),
  /** The hire's invitation while the person has not accepted it (it may have expired): the hire waits for them. */
  invitation: z.object({ id: z.string(), email: z.string(), sent_at: z.string(), expires_at: z.string() }).nullable(),
  created_at: z.string(), updated_at: z.string(),
});
export type Applicant = z.infer<typeof applicantSchema>;

export const pipelineSchema = z.object({ opening: openingSchema, stages: z.array(stageSchema.extend({ applicants: z.array(applicantSchema) })) });
export type Pipeline = z.infer<typeof pipelineSchema>;

export const applicantBody = z.object({
  opening_id: ref, name: requiredText(120), email, phone, cover_letter: optionalText(5000),
  stage_id: ref.nullish().transform((v) => v ?? null),
});
export type ApplicantBody = z.input<typeof applicantBody>;
export const moveBody = z.object({ stage_id: ref });
export const rejectBody = z.object({ reason: optionalText(500) });

export const interviewSchema = z.object({
  id: z.string(), applicant_id: z.string(), interviewer_id: z.string().nullable(), interviewer_name: z.string().nullable(),
  scheduled_at: z.string(), duration_minutes: z.number(), kind: z.enum(INTERVIEW_KINDS), status: z.enum(INTERVIEW_STATUSES),
  feedback: z.string().nullable(), rating: z.number().nullable(), recommendation: z.enum(RECOMMENDATIONS).nullable(),
  created_at: z.string(), updated_at: z.string(),
});
export type Interview = z.infer<typeof interviewSchema>;
export const interviewBody = z.object({
  applicant_id: ref, interviewer_id: ref.nullish().transform((v) => v ?? null), scheduled_at: z.iso.datetime({ offset: true, message: 'date_invalid' }),
  duration_minutes: z.number().int('whole_number').min(5, 'number_range').max(480, 'number_range').default(60), kind: z.enum(INTERVIEW_KINDS).default('video'),
});
export type InterviewBody = z.input<typeof interviewBody>;
export const interviewPatchBody = z.object({
  interviewer_id: ref.nullable(), scheduled_at: z.iso.datetime({ offset: true, message: 'date_invalid' }),
  duration_minutes: z.number().int('whole_number').min(5, 'number_range').max(480, 'number_range'), kind: z.enum(INTERVIEW_KINDS),
  status: z.enum(INTERVIEW_STATUSES), feedback: optionalText(5000), rating: z.number().int('whole_number').min(1, 'number_range').max(5, 'number_range').nullable(),
  recommendation: z.enum(RECOMMENDATIONS).nullable(),
}).partial();

export const offerSchema = z.object({
  id: z.string(), applicant_id: z.string(), job_title: z.string(), contract_type: z.enum(CONTRACT_TYPES), start_date: z.string(),
  salary: z.object({ amount_minor: z.number(), currency: z.string(), period: z.enum(['month', 'year']) }),
  hours_per_week: z.string(), probation_months: z.number(), notice_days: z.number(), status: z.enum(OFFER_STATUSES), contract_id: z.string().nullable(),
  created_at: z.string(), updated_at: z.string(),
});
export type Offer = z.infer<typeof offerSchema>;
export const offerBody = z.object({
  applicant_id: ref, job_title: requiredText(120), contract_type: z.enum(CONTRACT_TYPES), start_date: isoDate,
  salary: z.object({ amount_minor: amountMinor, currency, period: z.enum(['month', 'year']) }),
  hours_per_week: z.union([z.number(), z.string()]).transform((v) => String(v)).pipe(decimalString({ min: '0', aboveMin: true, max: '80', places: 2 })),
  probation_months: z.number().int('whole_number').min(0, 'number_range').max(24, 'number_range').default(0),
  notice_days: z.number().int('whole_number').min(0, 'number_range').max(365, 'number_range').default(0),
});
export type OfferBody = z.input<typeof offerBody>;

export const applicantDetailSchema = applicantSchema.extend({ interviews: z.array(interviewSchema), offers: z.array(offerSchema) });
export type ApplicantDetail = z.infer<typeof applicantDetailSchema>;

// ── hire ────────────────────────────────────────────────────────────────────

export const hireBody = z.object({
  /** Defaults: the opening's department and hiring manager, and the built-in Staff role. */
  department_id: ref.nullish(), manager_id: ref.nullish(), role_id: ref.nullish(),
});
export type HireBody = z.input<typeof hireBody>;
export const hireSchema = z.object({
  applicant_id: z.string(),
  /**
   * `invited`: an invitation went to the applicant's e-mail; their account (if they have one) is
   * untouched, and the employee and the draft contract are made when they accept. `hired`: they were
   * an active member already, so both are made now.
   */
  status: z.enum(['invited', 'hired']),
  invitation_id: z.string().nullable(), expires_at: z.string().nullable(),
  user_id: z.string().nullable(), employee_id: z.string().nullable(), contract_id: z.string().nullable(),
});
export type HireResult = z.infer<typeof hireSchema>;

// ── the public page ─────────────────────────────────────────────────────────

export const publicOpeningSchema = z.object({
  title: z.string(), organisation: z.string(), location: z.string(), location_name: z.string().nullable(), employment_type: z.enum(EMPLOYMENT_TYPES),
  description: z.string(), salary: z.object({ min_minor: z.number().nullable(), max_minor: z.number().nullable(), currency: z.string() }).nullable(),
  closes_on: z.string().nullable(),
});
export type PublicOpening = z.infer<typeof publicOpeningSchema>;
/** The text fields of the public application form (multipart, beside the `cv` file). */
export const applicationFields = z.object({ name: requiredText(120), email, phone, cover_letter: optionalText(5000) });
export const applicationReceipt = z.object({ received: z.literal(true), opening: z.string(), organisation: z.string() });
