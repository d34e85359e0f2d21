import { z } from 'zod';
import { currency, isoDate, locationCode } from '../resources/fields.ts';
import { decimalString } from '../money/decimal-field.ts';
import { CHARGE_BASES, QUOTE_MODES } from '../quotes/model.ts';
import { ISO_SIZE_TYPE } from './quotes.ts';

const minor = z.number().int('whole_number').min(0, 'number_range').max(1_000_000_000_000, 'number_range');
export const rateChargeSchema = z.object({
  charge_code_id: z.uuid('reference_invalid').nullish().transform((v) => v ?? null),
  description: z.string().trim().max(200, 'text_too_long').nullish().transform((v) => v || null),
  basis: z.enum(CHARGE_BASES),
  currency,
  /** Per unit of the basis (air freight: the N rate). */
  amount_minor: minor,
  /** The least the charge comes to (air: M). */
  minimum_minor: minor.nullish().transform((v) => v ?? null),
  /** From `from_kg` kilograms on, `amount_minor` per kg (air: +45, +100, +300, +500, +1000). */
  breaks: z.array(z.object({ from_kg: decimalString({ min: '0', aboveMin: true, max: '100000', places: 3 }), amount_minor: minor })).max(10).default([]),
});

const rateFields = {
  carrier: z.string().trim().min(1, 'required').max(160, 'text_too_long'),
  partner_id: z.uuid('reference_invalid').nullish().transform((v) => v ?? null),
  mode: z.enum(QUOTE_MODES),
  origin: locationCode,
  destination: locationCode,
  equipment: z.string().trim().toUpperCase().regex(ISO_SIZE_TYPE, 'iso_size_type').nullish().transform((v) => v ?? null),
  valid_from: isoDate,
  valid_until: isoDate,
  transit_days: z.number().int('whole_number').min(0, 'number_range').max(365, 'number_range').nullish().transform((v) => v ?? null),
  reference: z.string().trim().max(80, 'text_too_long').nullish().transform((v) => v || null),
  notes: z.string().trim().max(2000, 'text_too_long').nullish().transform((v) => v || null),
  charges: z.array(rateChargeSchema).min(1, 'required').max(40),
};
export const rateCreateBody = z.object(rateFields);
export const ratePatchBody = z.object(rateFields).partial();
export type RateCreateBody = z.input<typeof rateCreateBody>;

export const rateSchema = z.object({
  id: z.string(),
  carrier: z.string(),
  partner_id: z.string().nullable(),
  mode: z.enum(QUOTE_MODES),
  origin: z.string(),
  destination: z.string(),
  equipment: z.string().nullable(),
  valid_from: z.string(),
  valid_until: z.string(),
  transit_days: z.number().nullable(),
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  charges: z.array(z.object({
    charge_code_id: z.string().nullable(), description: z.string().nullable(), basis: z.enum(CHARGE_BASES), currency: z.string(), amount_minor: z.number(),
    minimum_minor: z.number().nullable(), breaks: z.array(z.object({ from_kg: z.string(), amount_minor: z.number() })),
  })),
  created_at: z.string(),
});
export type Rate = z.infer<typeof rateSchema>;

export const rateListQuery = z.object({
  mode: z.enum(QUOTE_MODES).optional(),
  origin: locationCode.optional(),
  destination: locationCode.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const ratePageSchema = z.object({ data: z.array(rateSchema), meta: z.object({ next_cursor: z.string().nullable() }) });

/** The cargo a search prices the rates for. */
export const rateSearchQuery = z.object({
  origin: locationCode,
  destination: locationCode,
  mode: z.enum(QUOTE_MODES),
  date: isoDate.optional(),
  weight_kg: decimalString({ min: '0', max: '10000000', places: 3 }).optional(),
  volume_cbm: decimalString({ min: '0', max: '100000', places: 6 }).optional(),
  packages: z.coerce.number().int().min(0).max(100_000).optional(),
  /** FCL: the size-type and how many. */
  equipment: z.string().trim().toUpperCase().regex(ISO_SIZE_TYPE, 'iso_size_type').optional(),
  containers: z.coerce.number().int().min(0).max(999).optional(),
  /** The currency to compare totals in (default: the organisation's base currency). */
  currency: currency.optional(),
});
export const rateSearchSchema = z.object({
  data: z.array(rateSchema.extend({
    /** The rate's buy total for the cargo, in `currency`; null when a charge's currency has no rate to it. */
    total_minor: z.number().nullable(),
    currency: z.string(),
  })),
});
export const applyRateBody = z.object({ rate_id: z.uuid() });
