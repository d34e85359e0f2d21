import { z } from 'zod';
import { decimalString } from '../money/decimal-field.ts';
import { currency, isoDate, locationCode } from '../resources/fields.ts';
import { EMISSIONS_UNAVAILABLE } from '../emissions/emissions.ts';
import { CHARGE_BASES, INCOTERMS_2020, ISO_SIZE_TYPE, QUOTE_CLIENT_TYPES, QUOTE_MODES, QUOTE_STATUSES } from '../quotes/model.ts';

/** A measure as a number or a decimal string ("120", "12.5"), carried on as a decimal string. */
const measure = (max: string) =>
  z
    .union([z.number(), z.string()], { error: 'decimal_format' })
    .transform((v) => String(v))
    .pipe(decimalString({ min: '0', aboveMin: true, max, places: 3 }));

export const cargoLineSchema = z.object({
  packages: z.number().int('whole_number').min(1, 'number_range').max(100_000, 'number_range'),
  length_cm: measure('10000'),
  width_cm: measure('10000'),
  height_cm: measure('10000'),
  /** Gross weight of one package. */
  weight_kg: measure('1000000'),
});
/** ISO 6346 size and type: two characters of size (length, height), two of type (22G1, 42G1, 45G1, 45R1 …). */
export { ISO_SIZE_TYPE };
export const equipmentLineSchema = z.object({
  iso_type: z.string().trim().toUpperCase().regex(ISO_SIZE_TYPE, 'iso_size_type'),
  count: z.number().int('whole_number').min(1, 'number_range').max(999, 'number_range'),
});
const amountMinor = z.number().int('whole_number').min(0, 'number_range').max(1_000_000_000_000, 'number_range');
export const moneySchema = z.object({ amount_minor: amountMinor, currency });
export const quoteLineInput = z.object({
  charge_code_id: z.uuid('reference_invalid').nullish().transform((v) => v ?? null),
  description: z.string().trim().max(200, 'text_too_long').nullish().transform((v) => v || null),
  basis: z.enum(CHARGE_BASES),
  /** Given to override the quantity worked out from the basis (needed for `percentage`). */
  quantity: decimalString({ min: '0', max: '1000000', places: 6 }).nullish().transform((v) => v ?? null),
  /** Per unit of the basis. */
  buy: moneySchema,
  sell: moneySchema,
});

const quoteFields = {
  client: z.object({ type: z.enum(QUOTE_CLIENT_TYPES), id: z.uuid('reference_invalid') }),
  contact_id: z.uuid('reference_invalid').nullish().transform((v) => v ?? null),
  mode: z.enum(QUOTE_MODES),
  incoterm: z.enum(INCOTERMS_2020).nullish().transform((v) => v ?? null),
  origin: locationCode,
  destination: locationCode,
  currency,
  valid_until: isoDate,
  cargo: z.array(cargoLineSchema).max(100),
  equipment: z.array(equipmentLineSchema).max(20),
  lines: z.array(quoteLineInput).max(100),
  notes: z.string().trim().max(4000, 'text_too_long').nullish().transform((v) => v || null),
};
export const quoteCreateBody = z.object({ ...quoteFields, cargo: quoteFields.cargo.default([]), equipment: quoteFields.equipment.default([]), lines: quoteFields.lines.default([]) });
export type QuoteCreateBody = z.input<typeof quoteCreateBody>;
export const quotePatchBody = z.object(quoteFields).partial();

export const quoteDeclineBody = z.object({ reason: z.string().trim().min(1, 'required').max(500, 'text_too_long') });

const emissionsSchema = z.object({
  kg_co2e: z.string(),
  method: z.string(),
  /** Containers quoted without a weight count 10 t per TEU. */
  tonnes_assumed: z.boolean(),
  legs: z.array(z.object({
    mode: z.enum(QUOTE_MODES), from: z.string(), to: z.string(), distance_km: z.string(), tonnes: z.string(), tonne_km: z.string(), factor: z.string(), factor_key: z.string(), kg_co2e: z.string(), source: z.string(),
  })),
  /** The same cargo by the other modes both places serve, lowest emissions first (quotes written before this have none). */
  alternatives: z.array(z.object({ mode: z.enum(QUOTE_MODES), distance_km: z.string(), kg_co2e: z.string() })).optional(),
  /** Places measured from their city's coordinates, having no checked ones of their own. */
  via: z.array(z.object({ place: z.string(), city: z.string() })).optional(),
});
/** Why a quote has no estimate (src/shared/emissions): null when it has one, or was written before the reason was kept. */
const emissionsUnavailableSchema = z.object({ reason: z.enum(EMISSIONS_UNAVAILABLE), place: z.string().nullable() });

const lineOut = z.object({
  position: z.number(),
  charge_code_id: z.string().nullable(),
  description: z.string().nullable(),
  basis: z.enum(CHARGE_BASES),
  quantity: z.string(),
  quantity_given: z.boolean(),
  buy: z.object({ amount_minor: z.number(), currency: z.string() }),
  sell: z.object({ amount_minor: z.number(), currency: z.string() }),
  buy_total_minor: z.number(),
  sell_total_minor: z.number(),
  rate_to_quote: z.string(),
  buy_rate_to_quote: z.string(),
  sell_in_quote_minor: z.number(),
  buy_in_quote_minor: z.number(),
});
export const quoteSchema = z.object({
  id: z.string(),
  number: z.string(),
  revision: z.number(),
  revises_id: z.string().nullable(),
  status: z.enum(QUOTE_STATUSES),
  client: z.object({ type: z.enum(QUOTE_CLIENT_TYPES), id: z.string(), name: z.string() }),
  contact_id: z.string().nullable(),
  mode: z.enum(QUOTE_MODES),
  incoterm: z.string().nullable(),
  origin: z.string(),
  destination: z.string(),
  /** The UN/LOCODE places' names ("Hong Kong"), null for a code the list does not hold. */
  origin_name: z.string().nullable(),
  destination_name: z.string().nullable(),
  currency: z.string(),
  quote_date: z.string(),
  valid_until: z.string(),
  cargo: z.array(z.object({ packages: z.number(), length_cm: z.string(), width_cm: z.string(), height_cm: z.string(), weight_kg: z.string() })),
  equipment: z.array(z.object({ iso_type: z.string(), count: z.number() })),
  notes: z.string().nullable(),
  weight_kg: z.string(),
  volume_cbm: z.string(),
  chargeable_weight_kg: z.string(),
  revenue_tonnes: z.string(),
  lines: z.array(lineOut),
  totals: z.object({
    currency: z.string(),
    sell_minor: z.number(),
    buy_minor: z.number(),
    margin_minor: z.number(),
    margin_pct: z.string().nullable(),
    by_currency: z.array(z.object({ currency: z.string(), sell_minor: z.number(), buy_minor: z.number() })),
  }),
  /** The rates frozen on the quote, each with where it came from. */
  rates: z.array(z.object({ from: z.string(), rate: z.string(), source: z.enum(['manual', 'ecb']), rate_date: z.string() })),
  /** ISO 14083 estimate (src/shared/emissions): null when a place has no coordinates or the cargo no mass. */
  emissions: emissionsSchema.nullable(),
  emissions_unavailable: emissionsUnavailableSchema.nullable(),
  decline_reason: z.string().nullable(),
  booking_id: z.string().nullable(),
  owner_user_id: z.string().nullable(),
  sent_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Warnings about the client (credit `hold`): the quote was written all the same. */
  warnings: z.array(z.enum(['credit_hold'])),
});
export type Quote = z.infer<typeof quoteSchema>;

export const quoteSummarySchema = quoteSchema.pick({
  id: true, number: true, revision: true, status: true, client: true, mode: true, origin: true, destination: true, currency: true, valid_until: true, created_at: true,
}).extend({ sell_minor: z.number(), margin_minor: z.number(), margin_pct: z.string().nullable() });
export type QuoteSummary = z.infer<typeof quoteSummarySchema>;

export const quoteListQuery = z.object({
  status: z.enum(QUOTE_STATUSES).optional(),
  q: z.string().trim().max(100).optional(),
  /** One client's quotes (a native organisation's profile). */
  client_id: z.uuid().optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export const quotePageSchema = z.object({ data: z.array(quoteSummarySchema), meta: z.object({ next_cursor: z.string().nullable() }) });

export const quoteSendBody = z.object({
  /** Where the link goes; by default the contact's address, else the client's. */
  email: z.email('email_invalid').optional(),
});

/** What the client sees through the link: the offer, never buy rates or margins. */
export const publicQuoteSchema = z.object({
  organisation: z.object({ name: z.string(), logo_url: z.string().nullable() }),
  number: z.string(),
  revision: z.number(),
  status: z.enum(QUOTE_STATUSES),
  client_name: z.string(),
  mode: z.enum(QUOTE_MODES),
  incoterm: z.string().nullable(),
  origin: z.object({ code: z.string(), name: z.string().nullable() }),
  destination: z.object({ code: z.string(), name: z.string().nullable() }),
  quote_date: z.string(),
  valid_until: z.string(),
  cargo: quoteSchema.shape.cargo,
  equipment: quoteSchema.shape.equipment,
  weight_kg: z.string(),
  volume_cbm: z.string(),
  chargeable_weight_kg: z.string(),
  notes: z.string().nullable(),
  lines: z.array(z.object({ name: z.string(), basis: z.enum(CHARGE_BASES), quantity: z.string(), sell: z.object({ amount_minor: z.number(), currency: z.string() }), sell_total_minor: z.number(), sell_in_quote_minor: z.number() })),
  total: z.object({ currency: z.string(), sell_minor: z.number() }),
  emissions: emissionsSchema.nullable(),
  emissions_unavailable: emissionsUnavailableSchema.nullable(),
  decline_reason: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** Whether the client may still accept or decline it. */
  open: z.boolean(),
});
export type PublicQuote = z.infer<typeof publicQuoteSchema>;
export const publicTokenParam = z.object({ token: z.string().min(20).max(100) });


