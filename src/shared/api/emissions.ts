import { z } from 'zod';
import { isoDate } from '../resources/fields.ts';
import { QUOTE_CLIENT_TYPES, QUOTE_MODES } from '../quotes/model.ts';

/** A period of days, both ends included: from ≤ to, at most 5 years. */
export const periodQuery = z
  .object({ from: isoDate, to: isoDate })
  .refine((p) => p.from <= p.to, { message: 'period_order', path: ['to'] })
  .refine((p) => Date.parse(p.to) - Date.parse(p.from) <= 5 * 366 * 86_400_000, { message: 'period_too_long', path: ['to'] });

/**
 * GET /api/emissions/report: the ISO 14083 estimates of the quotes accepted in the period (and so of their
 * bookings) by month, mode and client, the offsets retired in it, and the net. kg and tonnes are decimal strings.
 */
export const emissionsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  emitted_kg: z.string(),
  tonne_km: z.string(),
  quotes: z.number(),
  /** Accepted quotes in the period without an estimate (a place without coordinates, no weight). */
  without_estimate: z.number(),
  offset_tonnes: z.string(),
  offsets: z.number(),
  /** emitted − offset, in kg (negative when more was offset than emitted). */
  net_kg: z.string(),
  by_month: z.array(z.object({ month: z.string(), kg: z.string(), quotes: z.number() })),
  by_mode: z.array(z.object({ mode: z.enum(QUOTE_MODES), kg: z.string(), tonne_km: z.string(), quotes: z.number() })),
  by_client: z.array(z.object({ client_type: z.enum(QUOTE_CLIENT_TYPES), client_id: z.string(), client_name: z.string(), kg: z.string(), quotes: z.number() })),
  source: z.string(),
});
export type EmissionsReport = z.infer<typeof emissionsReportSchema>;
