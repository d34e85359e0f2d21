import { z } from 'zod';
import { AI_ENGINES, AI_FEATURES, AI_PACK_SIZES } from '../ai/prices.ts';
import { INCOTERMS_2020, QUOTE_MODES } from '../quotes/model.ts';

export const aiFeature = z.enum(AI_FEATURES);
export const aiEngineKind = z.enum(AI_ENGINES);

/** The engine that answers: the built-in rules, or a configured provider with its model. */
export const aiEngineSchema = z.object({ kind: aiEngineKind, model: z.string().nullable(), base_url_host: z.string().nullable() });
export type AiEngine = z.infer<typeof aiEngineSchema>;

export const aiCreditsSchema = z.object({
  balance: z.number().int(),
  allowance: z.number().int(),
  /** What of the balance was bought (packs), beside the period's allowance. */
  purchased: z.number().int(),
  period_start: z.string(),
  period_end: z.string(),
  used_this_period: z.number().int(),
  by_feature: z.array(z.object({ feature: aiFeature, credits: z.number().int(), calls: z.number().int() })),
  by_member: z.array(z.object({ user_id: z.uuid(), name: z.string(), credits: z.number().int(), calls: z.number().int(), monthly_cap: z.number().int().nullable() })),
  engine: aiEngineSchema,
  /** Whether the caller may buy packs and set members' caps. */
  can_manage: z.boolean(),
});
export type AiCredits = z.infer<typeof aiCreditsSchema>;

export const aiPricesSchema = z.object({
  features: z.array(z.object({ feature: aiFeature, builtin: z.number().int(), provider: z.number().int() })),
  packs: z.array(z.object({ credits: z.number().int(), amount_minor: z.number().int(), currency: z.string() })),
  engine: aiEngineSchema,
});

export const aiUsageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  feature: aiFeature.optional(),
});
export const aiUsageExportQuery = z.object({ format: z.enum(['csv', 'xlsx']), feature: aiFeature.optional() });
export const aiUsageRowSchema = z.object({
  id: z.uuid(),
  created_at: z.string(),
  feature: aiFeature,
  user_id: z.uuid().nullable(),
  member: z.string().nullable(),
  engine: aiEngineKind,
  model: z.string().nullable(),
  status: z.enum(['running', 'ok', 'failed']),
  tokens_in: z.number().int(),
  tokens_out: z.number().int(),
  credits: z.number().int(),
  duration_ms: z.number().int(),
});
export type AiUsageRow = z.infer<typeof aiUsageRowSchema>;
export const aiUsagePageSchema = z.object({ data: z.array(aiUsageRowSchema), meta: z.object({ total: z.number(), page: z.number(), per_page: z.number() }) });

export const aiLedgerRowSchema = z.object({
  id: z.uuid(),
  created_at: z.string(),
  kind: z.enum(['grant', 'purchase', 'consume', 'refund', 'expire', 'adjust']),
  pool: z.enum(['allowance', 'purchased']),
  credits: z.number().int(),
  feature: aiFeature.nullable(),
  request_id: z.string().nullable(),
  who: z.string().nullable(),
  note: z.string(),
});
export const aiLedgerPageSchema = z.object({ data: z.array(aiLedgerRowSchema), meta: z.object({ total: z.number(), page: z.number(), per_page: z.number() }) });

export const aiPurchaseBody = z.object({
  pack: z.number().int().refine((n) => AI_PACK_SIZES.includes(n), 'ai_pack_unknown'),
  /** One of the organisation's saved cards; the default card when left out. */
  payment_method_id: z.string().max(255).optional(),
  /** Sent again with a retry: the pack is paid and credited once. */
  request_id: z.string().trim().min(8).max(100).optional(),
});
export const aiPurchaseSchema = z.object({ credits: z.number().int(), balance: z.number().int(), invoice_id: z.string(), invoice_number: z.string(), amount_minor: z.number().int(), currency: z.string() });

export const aiMemberCapBody = z.object({ monthly_cap: z.number().int().min(0).max(1_000_000).nullable() });

/** A request id the browser makes for each run (a retry sends the same one). */
export const requestId = z.string().trim().min(8, 'text_too_short').max(100, 'text_too_long').regex(/^[\w.:-]+$/, 'request_id_format');

// ——— Quote drafts ———

const AI_TEXT_MAX = 20_000;
export const aiQuoteDraftBody = z.object({
  text: z.string().trim().min(1, 'required').max(AI_TEXT_MAX, 'text_too_long'),
  request_id: requestId.optional(),
});

/** A place as the location search resolved it. */
export const aiPlaceSchema = z.object({ code: z.string(), name: z.string(), country: z.string(), text: z.string() });
export const aiClientSchema = z.object({
  /** The CRM record it matched (native organisation or connected organisation), or null when only a name was found. */
  type: z.enum(['native_organisation', 'organisation']).nullable(),
  id: z.uuid().nullable(),
  name: z.string(),
  email: z.string().nullable(),
});
/** Decimal strings, as the text gave them converted to kg, cm and cbm. */
export const aiCargoSchema = z.object({
  /** How many packages, or null where the text gives weights or volume without a count. */
  packages: z.number().int().min(1).nullable(),
  package_type: z.string().nullable(),
  length_cm: z.string().nullable(),
  width_cm: z.string().nullable(),
  height_cm: z.string().nullable(),
  /** Gross weight of one package (as a quote's cargo line has it), when the count is known. */
  weight_kg: z.string().nullable(),
  /** Gross weight of the whole line. */
  gross_weight_kg: z.string().nullable(),
  volume_cbm: z.string().nullable(),
});
export const aiEquipmentSchema = z.object({ iso_type: z.string(), count: z.number().int().min(1) });

export const quoteDraftFieldsSchema = z.object({
  client: aiClientSchema.nullable(),
  mode: z.enum(QUOTE_MODES).nullable(),
  origin: aiPlaceSchema.nullable(),
  destination: aiPlaceSchema.nullable(),
  incoterm: z.enum(INCOTERMS_2020).nullable(),
  cargo: z.array(aiCargoSchema),
  equipment: z.array(aiEquipmentSchema),
  ready_date: z.string().nullable(),
  commodity: z.string().nullable(),
  notes: z.string().nullable(),
});
export type QuoteDraftFields = z.infer<typeof quoteDraftFieldsSchema>;
export const QUOTE_DRAFT_FIELDS = ['client', 'mode', 'origin', 'destination', 'incoterm', 'cargo', 'equipment', 'ready_date', 'commodity', 'notes'] as const;
export type QuoteDraftField = (typeof QUOTE_DRAFT_FIELDS)[number];

export const aiQuoteDraftSchema = z.object({
  id: z.uuid(),
  engine: aiEngineSchema,
  fields: quoteDraftFieldsSchema,
  confidence: z.record(z.string(), z.number().min(0).max(1)),
  evidence: z.record(z.string(), z.string()),
  warnings: z.array(z.string()),
});
export type AiQuoteDraft = z.infer<typeof aiQuoteDraftSchema>;
export const aiQuoteDraftAnswer = z.object({ data: aiQuoteDraftSchema, credits_used: z.number().int() });
