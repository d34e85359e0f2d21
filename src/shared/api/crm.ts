import { z } from 'zod';
import { currency, isoDate } from '../resources/fields.ts';
import { decimalString } from '../money/decimal-field.ts';
import { LEAD_STATUSES, PIPELINE_KINDS, STAGE_OUTCOMES } from '../crm/model.ts';
import { QUOTE_CLIENT_TYPES } from '../quotes/model.ts';

export const convertAnswer = z.object({ native_organisation_id: z.string(), deal_id: z.string() });

export const stageSchema = z.object({ id: z.string(), name: z.string(), position: z.number(), probability_pct: z.string(), outcome: z.enum(STAGE_OUTCOMES) });
export const pipelineSchema = z.object({ id: z.string(), name: z.string(), kind: z.enum(PIPELINE_KINDS), stages: z.array(stageSchema) });
export type Pipeline = z.infer<typeof pipelineSchema>;
export const pipelineCreateBody = z.object({
  name: z.string().trim().min(1, 'required').max(80, 'text_too_long'),
  kind: z.enum(PIPELINE_KINDS),
  /** Leave out for the kind's default stages. */
  stages: z
    .array(z.object({ name: z.string().trim().min(1, 'required').max(60, 'text_too_long'), probability_pct: decimalString({ min: '0', max: '100', places: 2 }), outcome: z.enum(STAGE_OUTCOMES).default('open') }))
    .min(2)
    .max(12)
    .optional(),
});

export const dealSchema = z.object({
  id: z.string(),
  pipeline_id: z.string(),
  stage_id: z.string(),
  title: z.string(),
  client: z.object({ type: z.enum(QUOTE_CLIENT_TYPES), id: z.string(), name: z.string() }).nullable(),
  value_minor: z.number(),
  currency: z.string(),
  owner_user_id: z.string().nullable(),
  expected_close: z.string().nullable(),
  position: z.number(),
  lost_reason: z.string().nullable(),
  lead_id: z.string().nullable(),
  quote_id: z.string().nullable(),
  /** In the organisation's base currency at today's rate; null without a rate. */
  value_in_base_minor: z.number().nullable(),
  created_at: z.string(),
});
export type Deal = z.infer<typeof dealSchema>;
const minor = z.number().int('whole_number').min(0, 'number_range').max(1_000_000_000_000, 'number_range');
export const dealCreateBody = z.object({
  pipeline_id: z.uuid(),
  stage_id: z.uuid().optional(),
  title: z.string().trim().min(1, 'required').max(160, 'text_too_long'),
  native_organisation_id: z.uuid().nullish(),
  value_minor: minor,
  currency,
  owner_user_id: z.uuid().nullish(),
  expected_close: isoDate.nullish(),
});
/** Moving a deal (drag and drop: another stage, another place in the column), or changing it; a lost stage needs the reason. */
export const dealPatchBody = z.object({
  stage_id: z.uuid().optional(),
  position: z.number().int().min(0).max(100_000).optional(),
  title: z.string().trim().min(1, 'required').max(160, 'text_too_long').optional(),
  value_minor: minor.optional(),
  currency: currency.optional(),
  expected_close: isoDate.nullish(),
  lost_reason: z.string().trim().min(1, 'required').max(300, 'text_too_long').optional(),
});

export const boardSchema = z.object({
  pipeline: pipelineSchema,
  /** The organisation's base currency, which the totals are in. */
  currency: z.string(),
  columns: z.array(z.object({ stage: stageSchema, deals: z.array(dealSchema), total_minor: z.number(), weighted_minor: z.number() })),
  totals: z.object({ total_minor: z.number(), weighted_minor: z.number(), open_minor: z.number(), weighted_open_minor: z.number() }),
  /** Currencies without a rate to the base currency today: their deals are left out of the totals. */
  unconverted: z.array(z.string()),
});
export type Board = z.infer<typeof boardSchema>;

/** GET /api/crm/summary: the CRM home and the dashboard's CRM widget. Money in minor units of `currency` (the base currency). */
export const crmSummarySchema = z.object({
  currency: z.string(),
  leads: z.object(Object.fromEntries(LEAD_STATUSES.map((s) => [s, z.number()])) as Record<(typeof LEAD_STATUSES)[number], z.ZodNumber>),
  pipelines: z.array(z.object({
    id: z.string(), name: z.string(), kind: z.enum(PIPELINE_KINDS), open_deals: z.number(), open_minor: z.number(), weighted_open_minor: z.number(),
    /** Currencies of deals without a rate to the base currency today (left out of the totals). */
    unconverted: z.array(z.string()),
  })),
  /** Sent quotes whose last valid day is within the next 7 days, soonest first. */
  expiring: z.array(z.object({ id: z.string(), number: z.string(), revision: z.number(), client_name: z.string(), valid_until: z.string(), sell_minor: z.number(), currency: z.string() })),
  /** Accepted ÷ (accepted + declined + expired) over the last `days` days, a percentage with 2 decimals; null when none was decided. */
  win_rate: z.object({ days: z.number(), accepted: z.number(), declined: z.number(), expired: z.number(), pct: z.string().nullable() }),
});
export type CrmSummary = z.infer<typeof crmSummarySchema>;

export const TIMELINE_TYPES = [
  'activity_note', 'activity_call', 'activity_email', 'activity_meeting',
  'quote_created', 'quote_sent', 'quote_accepted', 'quote_declined', 'quote_expired', 'quote_cancelled',
  'booking_created', 'merged',
] as const;
/** One event of a native organisation's timeline (GET /api/native-organisations/:id/timeline). */
export const timelineItemSchema = z.object({
  at: z.string(),
  id: z.string(),
  type: z.enum(TIMELINE_TYPES),
  /** The activity, quote, booking, or the organisation merged. */
  ref_id: z.string(),
  title: z.string(),
  detail: z.string().nullable(),
  status: z.string().nullable(),
  /** Who logged or wrote it (an activity's contact when no staff member is named). */
  actor: z.string().nullable(),
});
export type TimelineItem = z.infer<typeof timelineItemSchema>;

export const CLIENT_KINDS = ['organisation', 'shared_connection', 'native_organisation'] as const;
export type ClientKind = (typeof CLIENT_KINDS)[number];
export const clientListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  /** One kind, or several separated by commas ("organisation,shared_connection"). */
  kind: z.string().transform((v) => v.split(',')).pipe(z.array(z.enum(CLIENT_KINDS)).min(1).max(3)).optional(),
  credit_status: z.enum(['ok', 'hold', 'stop']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
/**
 * One client of GET /api/clients: an organisation connected with this one, a person or organisation a
 * member's connection shared with the organisation, or a native organisation (the CRM's own record).
 */
export const clientSchema = z.object({
  kind: z.enum(CLIENT_KINDS),
  id: z.string(),
  name: z.string(),
  country: z.string().nullable(),
  /** Native organisations only (connected organisations keep theirs on FYN). */
  tier: z.string().nullable(),
  credit_status: z.enum(['ok', 'hold', 'stop']).nullable(),
  /**
   * Who looks after the client: a native organisation's assigned staff member; for a connected
   * organisation, this organisation's key point of contact for it; for a shared connection, who shared it.
   */
  assigned_staff: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The client's own contact: a native organisation's primary contact, a connected organisation's key point of contact for us. */
  key_contact: z.object({ name: z.string(), email: z.string().nullable() }).nullable(),
  /** Whether a quote can be written to it now: connected and native organisations not on credit stop. */
  quotable: z.boolean(),
});
export type Client = z.infer<typeof clientSchema>;
export const clientPageSchema = z.object({ data: z.array(clientSchema), meta: z.object({ total: z.number(), page: z.number(), per_page: z.number() }) });

/** One accepted quote's commission in a report (money in minor units of the report's base currency). */
export const commissionLineSchema = z.object({
  quote_id: z.string(), number: z.string(), revision: z.number(), accepted_on: z.string(), client_name: z.string(),
  commission_id: z.string(), commission_name: z.string(), basis: z.enum(['gross_profit', 'revenue', 'per_shipment']), rate_pct: z.string(),
  /** The quote's margin (gross_profit) or sell total (revenue) in the base currency; null for per-shipment records. */
  basis_minor: z.number().nullable(),
  commission_minor: z.number().nullable(),
});
/**
 * GET /api/commissions/report: the control centre's commission records applied to the quotes each staff
 * member owns and their clients accepted in the period.
 */
export const commissionReportSchema = z.object({
  from: z.string(), to: z.string(), currency: z.string(),
  staff: z.array(z.object({ user_id: z.string(), name: z.string(), quotes: z.number(), basis_minor: z.number(), commission_minor: z.number(), lines: z.array(commissionLineSchema) })),
  total_commission_minor: z.number(),
  /** Quote currencies without a rate into the base currency on the day (those quotes are left out). */
  unconverted: z.array(z.string()),
});
export type CommissionReport = z.infer<typeof commissionReportSchema>;
