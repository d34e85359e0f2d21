/**
 * What the AI features cost in credits, by engine, and the packs of credits on sale
 * (docs/architecture.md#ai). The built-in engine runs on this server and costs less; a provider
 * (an OpenAI-compatible service) costs more. Shown before a feature runs (GET /api/ai/prices).
 */
export const AI_FEATURES = ['quote_draft', 'shipment_document', 'client_update'] as const;
export type AiFeature = (typeof AI_FEATURES)[number];

export const AI_ENGINES = ['builtin', 'provider'] as const;
export type AiEngineKind = (typeof AI_ENGINES)[number];

export const AI_PRICES: Record<AiFeature, Record<AiEngineKind, number>> = {
  quote_draft: { builtin: 1, provider: 3 },
  shipment_document: { builtin: 2, provider: 5 },
  client_update: { builtin: 1, provider: 2 },
};

/** Top-up packs: credits and their price in GBP minor units (pence), paid once, never expiring while the subscription lasts. */
export const AI_PACKS = [
  { credits: 100, amount_minor: 1000 },
  { credits: 500, amount_minor: 4500 },
  { credits: 2000, amount_minor: 16000 },
] as const;
export const AI_PACK_SIZES = AI_PACKS.map((p) => p.credits) as readonly number[];
export const AI_PACK_CURRENCY = 'GBP';

/** Credits a month of the free plan, and of a paid plan whose metadata does not say. */
export const FREE_AI_CREDITS = 20;
/** The plan metadata key holding a paid plan's monthly credits. */
export const AI_CREDITS_METADATA_KEY = 'n_ai_credits_per_month';

/** Share of the period's credits at which the owners are told. */
export const AI_ALERT_THRESHOLDS = [80, 100] as const;
