import { z } from 'zod';
import { currency, isoDate } from '../resources/fields.ts';
import { decimalString } from '../money/decimal-field.ts';
import { PIPELINE_KINDS, STAGE_OUTCOMES } from '../crm/model.ts';
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
