import { z } from 'zod';
import { isoDate, locationCode } from '../resources/fields.ts';
import { QUOTE_MODES } from '../quotes/model.ts';

/** Analytics (issue 23): what the business earns, in the organisation's base currency. */
export const ANALYTICS_GROUPS = ['day', 'week', 'month', 'quarter'] as const;
export type AnalyticsGroup = (typeof ANALYTICS_GROUPS)[number];
/** The day a shipment counts on: its booking confirmed (or its making), its ETD or its ETA. */
export const ANALYTICS_BASES = ['booked', 'etd', 'eta'] as const;
export type AnalyticsBasis = (typeof ANALYTICS_BASES)[number];
/** The organisation's figures (analytics.view), my own (every member), my department's (analytics.view). */
export const ANALYTICS_SCOPES = ['organisation', 'me', 'department'] as const;
export type AnalyticsScope = (typeof ANALYTICS_SCOPES)[number];
export const ANALYTICS_DIMENSIONS = ['lane', 'client', 'salesperson', 'carrier', 'mode', 'department'] as const;
export type AnalyticsDimension = (typeof ANALYTICS_DIMENSIONS)[number];
/** The figures a drill-down opens: the shipments behind the first, the quotes behind the last three. */
export const SHIPMENT_METRICS = ['revenue', 'cost', 'gross_profit', 'shipments', 'teu', 'chargeable_kg', 'on_time', 'co2e'] as const;
export const QUOTE_METRICS = ['quotes_sent', 'quotes_accepted', 'quotes_decided'] as const;
export const ANALYTICS_METRICS = [...SHIPMENT_METRICS, ...QUOTE_METRICS] as const;
export type AnalyticsMetric = (typeof ANALYTICS_METRICS)[number];
/** A client as the analytics key it: `native_organisation:<id>`, `organisation:<id>` or `name:<name>`. */
export const clientKey = z.string().trim().min(1).max(240).regex(/^(native_organisation:[0-9a-f-]{36}|organisation:[0-9a-f-]{36}|name:.+)$/i, 'client_key');

/** The filters of the whole page (kept in the URL): a period of days, both ends included, at most 5 years. */
export const analyticsFilterQuery = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  basis: z.enum(ANALYTICS_BASES).default('booked'),
  group: z.enum(ANALYTICS_GROUPS).default('month'),
  mode: z.enum(QUOTE_MODES).optional(),
  origin: locationCode.optional(),
  destination: locationCode.optional(),
  client: clientKey.optional(),
  salesperson: z.uuid('reference_invalid').optional(),
  department: z.uuid('reference_invalid').optional(),
  carrier: z.string().trim().max(120).optional(),
  scope: z.enum(ANALYTICS_SCOPES).default('organisation'),
});
export type AnalyticsFilters = z.input<typeof analyticsFilterQuery>;

export const analyticsRowsQuery = analyticsFilterQuery.extend({
  metric: z.enum(ANALYTICS_METRICS).default('revenue'),
  /** The first day of one bucket of the series (of `group`): only its rows. */
  bucket: isoDate.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
  /** The page after this one (meta.next_cursor of the last): keyset paging, as fast at the thousandth page as at the first; `page` is then ignored. */
  cursor: z.string().max(200).optional(),
  format: z.enum(['csv', 'xlsx']).optional(),
});

const pct = z.string().nullable();
export const kpisSchema = z.object({
  revenue_minor: z.number(),
  cost_minor: z.number(),
  gross_profit_minor: z.number(),
  /** gross profit ÷ revenue, 2 decimals; null without revenue. */
  margin_pct: pct,
  shipments: z.number(),
  /** Shipments whose currency no rate converts (left out of the money figures). */
  unrated_shipments: z.number(),
  teu: z.string(),
  chargeable_kg: z.string(),
  gross_profit_per_shipment_minor: z.number().nullable(),
  gross_profit_per_teu_minor: z.number().nullable(),
  gross_profit_per_tonne_minor: z.number().nullable(),
  quotes_sent: z.number(),
  quotes_accepted: z.number(),
  quotes_declined: z.number(),
  /** accepted ÷ (accepted + declined), 2 decimals. */
  win_rate_pct: pct,
  median_hours_to_send: z.string().nullable(),
  arrived: z.number(),
  on_time: z.number(),
  on_time_pct: pct,
  exceptions_opened: z.number(),
  median_hours_to_resolve: z.string().nullable(),
  co2e_kg: z.string(),
  co2e_per_shipment_kg: z.string().nullable(),
  /** grams CO2e per tonne-km. */
  co2e_per_tonne_km_g: z.string().nullable(),
});
export type Kpis = z.infer<typeof kpisSchema>;
export const KPI_KEYS = Object.keys(kpisSchema.shape) as (keyof Kpis)[];

export const breakdownRowSchema = z.object({
  key: z.string(),
  label: z.string().nullable(),
  revenue_minor: z.number(),
  cost_minor: z.number(),
  gross_profit_minor: z.number(),
  margin_pct: pct,
  shipments: z.number(),
  teu: z.string(),
  arrived: z.number(),
  on_time: z.number(),
  on_time_pct: pct,
  /** The rest beyond the top 10, summed. */
  others: z.boolean(),
});
export type BreakdownRow = z.infer<typeof breakdownRowSchema>;

export const seriesPointSchema = z.object({
  bucket: z.string(),
  revenue_minor: z.number(),
  cost_minor: z.number(),
  gross_profit_minor: z.number(),
  shipments: z.number(),
  teu: z.string(),
  quotes_sent: z.number(),
  co2e_kg: z.string(),
});
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

const periodSchema = z.object({ from: z.string(), to: z.string() });
export const analyticsSummarySchema = z.object({
  currency: z.string(),
  scope: z.enum(ANALYTICS_SCOPES),
  basis: z.enum(ANALYTICS_BASES),
  group: z.enum(ANALYTICS_GROUPS),
  period: periodSchema,
  previous_period: periodSchema,
  kpis: kpisSchema,
  previous: kpisSchema,
  /** Change against the previous period in per cent (2 decimals), null where the previous is 0 or unknown. */
  change: z.record(z.string(), z.string().nullable()),
  series: z.array(seriesPointSchema),
  breakdowns: z.object(Object.fromEntries(ANALYTICS_DIMENSIONS.map((d) => [d, z.array(breakdownRowSchema)])) as Record<AnalyticsDimension, z.ZodArray<typeof breakdownRowSchema>>),
  /** The share of revenue from quoted figures (no actual entered yet), 2 decimals. */
  quoted_share_pct: pct,
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;

/** A row behind a figure: a shipment (money in its currency, at its rate, and in the base currency) or a quote. */
export const analyticsRowSchema = z.object({
  kind: z.enum(['shipment', 'quote']),
  id: z.string(),
  number: z.string(),
  day: z.string(),
  client_name: z.string(),
  mode: z.string(),
  origin: z.string(),
  destination: z.string(),
  carrier: z.string().nullable(),
  salesperson: z.string().nullable(),
  status: z.string(),
  currency: z.string(),
  sell_minor: z.number(),
  buy_minor: z.number(),
  /** 1 unit of `currency` in the base currency; null when no rate is known (or a quote). */
  rate: z.string().nullable(),
  rate_date: z.string().nullable(),
  /** frozen_manual, frozen_ecb, ecb_booking_day (older data: ECB of the booking day), or null. */
  rate_source: z.string().nullable(),
  revenue_minor: z.number().nullable(),
  cost_minor: z.number().nullable(),
  gross_profit_minor: z.number().nullable(),
  teu: z.string().nullable(),
  chargeable_kg: z.string().nullable(),
  on_time: z.boolean().nullable(),
  co2e_kg: z.string().nullable(),
});
export type AnalyticsRow = z.infer<typeof analyticsRowSchema>;
export const ANALYTICS_ROW_COLUMNS = Object.keys(analyticsRowSchema.shape) as (keyof AnalyticsRow)[];

export const analyticsRowsPageSchema = z.object({
  data: z.array(analyticsRowSchema),
  meta: z.object({
    total: z.number(), total_exact: z.boolean(), page: z.number(), per_page: z.number(), next_cursor: z.string().nullable(),
    currency: z.string(),
    /** The converted sums of every row (not only this page): equal to the figure opened. */
    sums: z.object({ revenue_minor: z.number(), cost_minor: z.number(), gross_profit_minor: z.number(), rows: z.number() }),
  }),
});

export const graphScopeQuery = z.object({ scope: z.enum(ANALYTICS_SCOPES).default('organisation') });
export const pipelineGraphSchema = z.object({
  currency: z.string(),
  pipelines: z.array(z.object({
    id: z.string(), name: z.string(), kind: z.string(),
    stages: z.array(z.object({ id: z.string(), name: z.string(), position: z.number(), deals: z.number(), value_minor: z.number(), unrated: z.number() })),
  })),
});
export const revenueGraphSchema = z.object({
  currency: z.string(),
  scope: z.enum(ANALYTICS_SCOPES),
  months: z.array(z.object({ month: z.string(), revenue_minor: z.number(), cost_minor: z.number(), gross_profit_minor: z.number() })),
});
export const arrivalsGraphSchema = z.object({ days: z.array(z.object({ day: z.string(), shipments: z.number() })) });

/** A saved set of the page's filters (the URL's query), with a name. */
export const savedFilters = z.partialRecord(z.enum(['from', 'to', 'basis', 'group', 'mode', 'origin', 'destination', 'client', 'salesperson', 'department', 'carrier', 'scope']), z.string().max(240));
export const analyticsViewBody = z.object({ name: z.string().trim().min(1, 'required').max(120, 'text_too_long'), filters: savedFilters });
export const REPORT_FREQUENCIES = ['weekly', 'monthly'] as const;
export const analyticsSubscriptionBody = z.object({ user_id: z.uuid('reference_invalid'), frequency: z.enum(REPORT_FREQUENCIES) });
export const analyticsViewSchema = z.object({
  id: z.string(), name: z.string(), filters: z.record(z.string(), z.string()), created_at: z.string(),
  subscriptions: z.array(z.object({ id: z.string(), user_id: z.string(), name: z.string(), frequency: z.enum(REPORT_FREQUENCIES) })),
});
export type AnalyticsView = z.infer<typeof analyticsViewSchema>;
