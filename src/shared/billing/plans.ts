import { majorOf } from '../money/amounts.ts';

/** A product as the payment provider describes it (GET /api/billing/products). */
export type ProviderProduct = {
  id: string;
  name: string;
  description: string | null;
  metadata: Record<string, string>;
  marketing_features: { name: string }[];
  prices: { id: string; unit_amount: number | null; currency: string; recurring: { interval: 'day' | 'week' | 'month' | 'year' } | null }[];
};

/**
 * Plan metadata under lettered labels (docs/product.md#plans), in display order. `key` is the provider's
 * metadata key (lettered, so that the provider's dashboard lists them in this order too).
 */
export const PLAN_METADATA = [
  { letter: 'A', key: 'a_min_sign_up_months', field: 'minSignUpMonths', kind: 'months' },
  { letter: 'B', key: 'b_network_access', field: 'networkAccess', kind: 'access' },
  { letter: 'C', key: 'c_saas_suite', field: 'saasSuite', kind: 'access' },
  { letter: 'D', key: 'd_business_access', field: 'businessAccess', kind: 'access' },
  { letter: 'E', key: 'e_customs_access', field: 'customsAccess', kind: 'access' },
  { letter: 'F', key: 'f_freight_access', field: 'freightAccess', kind: 'access' },
  { letter: 'G', key: 'g_rates_access', field: 'ratesAccess', kind: 'access' },
  { letter: 'H', key: 'h_warehouse_access', field: 'warehouseAccess', kind: 'access' },
  { letter: 'I', key: 'i_cost_per_staff', field: 'costPerStaff', kind: 'money' },
  { letter: 'J', key: 'j_cost_per_partner_connection', field: 'costPerPartnerConnection', kind: 'money' },
  { letter: 'K', key: 'k_avg_transactional_discount_pct', field: 'averageTransactionalDiscount', kind: 'percent' },
  { letter: 'L', key: 'l_free_news_feed_ads_per_year', field: 'freeNewsFeedAdsPerYear', kind: 'count' },
  { letter: 'M', key: 'm_free_trade_service_ads_per_year', field: 'freeTradeServiceAdsPerYear', kind: 'count' },
] as const;
export type PlanMetadataLetter = (typeof PLAN_METADATA)[number]['letter'];
export type PlanMetadataEntry = { field: (typeof PLAN_METADATA)[number]['field']; kind: (typeof PLAN_METADATA)[number]['kind']; value: string | null };

export const FREE_PLAN_ID = '1';
/** i18n keys of the free plan's four features (docs/product.md#plans). */
export const FREE_PLAN_FEATURES = ['plans.free.single_user', 'plans.free.base_crm', 'plans.free.news_feed', 'plans.free.no_saas'] as const;

export type Plan = {
  id: string;
  name: string;
  description: string | null;
  /** Price of the chosen period, two decimals, GBP ("49.00"). */
  price: string;
  /** The same as a JS number, for display only (docs/product.md#plans); never computed with. */
  numericPrice: number;
  monthlyPrice: string | null;
  annualPrice: string | null;
  monthlyPriceId: string | null;
  yearlyPriceId: string | null;
  /** Minimum sign-up in months: from metadata, 1 when missing; the free plan has 0. */
  minSignUp: number;
  metadata: Record<PlanMetadataLetter, PlanMetadataEntry>;
  /** Feature names from the provider (free plan: i18n keys, see `featuresAreKeys`). */
  features: string[];
  featuresAreKeys: boolean;
  /** i18n key of the button: plans.continue (free) or plans.choose (paid). */
  buttonText: 'plans.continue' | 'plans.choose';
  buttonLink: string;
  enterprise: boolean;
  /** The provider product it was made from (null for the free plan). */
  original: ProviderProduct | null;
};

export type PlanContext = { isAnnual: boolean; hasOrganisation: boolean; enterpriseProductId?: string | null };

/** Plan prices are GBP (docs/product.md#plans): the provider's pence as pounds with the ISO 4217 digits of GBP ("49.00"). */
export const PLAN_CURRENCY = 'GBP';
export const formatAmount = (minor: number) => majorOf(minor, PLAN_CURRENCY);

function metadataOf(raw: Record<string, string>): Plan['metadata'] {
  return Object.fromEntries(
    PLAN_METADATA.map((m) => [m.letter, { field: m.field, kind: m.kind, value: raw[m.key]?.trim() || null }]),
  ) as Plan['metadata'];
}

function minSignUpOf(raw: Record<string, string>): number {
  const n = Number.parseInt(raw.a_min_sign_up_months ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

export function freePlan(): Plan {
  return {
    id: FREE_PLAN_ID,
    name: 'Free',
    description: null,
    price: '0.00',
    numericPrice: 0,
    monthlyPrice: '0.00',
    annualPrice: '0.00',
    monthlyPriceId: null,
    yearlyPriceId: null,
    minSignUp: 0,
    metadata: metadataOf({}),
    features: [...FREE_PLAN_FEATURES],
    featuresAreKeys: true,
    buttonText: 'plans.continue',
    buttonLink: '/',
    enterprise: false,
    original: null,
  };
}

/** The monthly price in pence (whole numbers: they compare exactly), or null. */
const monthlyPence = (plan: Plan) =>
  plan.original?.prices.find((x) => x.recurring?.interval === 'month' && x.unit_amount !== null)?.unit_amount ?? null;

/**
 * docs/product.md#plans: products without marketing features are dropped; monthly and annual prices
 * come from recurring prices; amounts from pence to pounds; the free plan leads; paid plans say Choose Plan and
 * lead to /secure-payment/begin/ when the user has an organisation, else /organisation/create.
 */
export function plansFromProducts(products: ProviderProduct[], ctx: PlanContext): Plan[] {
  const paid = products
    .filter((p) => p.marketing_features.length > 0)
    .map((p): Plan => {
      const monthly = p.prices.find((x) => x.recurring?.interval === 'month' && x.unit_amount !== null);
      const yearly = p.prices.find((x) => x.recurring?.interval === 'year' && x.unit_amount !== null);
      const monthlyPrice = monthly ? formatAmount(monthly.unit_amount!) : null;
      const annualPrice = yearly ? formatAmount(yearly.unit_amount!) : null;
      const price = (ctx.isAnnual ? annualPrice : monthlyPrice) ?? monthlyPrice ?? annualPrice ?? '0.00';
      return {
        id: p.id,
        name: p.name,
        description: p.description,
        price,
        numericPrice: Number(price),
        monthlyPrice,
        annualPrice,
        monthlyPriceId: monthly?.id ?? null,
        yearlyPriceId: yearly?.id ?? null,
        minSignUp: minSignUpOf(p.metadata),
        metadata: metadataOf(p.metadata),
        features: p.marketing_features.map((f) => f.name),
        featuresAreKeys: false,
        buttonText: 'plans.choose',
        buttonLink: ctx.hasOrganisation ? '/secure-payment/begin/' : '/organisation/create',
        enterprise: Boolean(ctx.enterpriseProductId) && p.id === ctx.enterpriseProductId,
        original: p,
      };
    })
    .sort((a, b) => {
      const [ma, mb] = [monthlyPence(a), monthlyPence(b)];
      return Number(a.enterprise) - Number(b.enterprise) || (ma !== null && mb !== null ? ma - mb : 0);
    });
  return [freePlan(), ...paid];
}

/** The sign-up text of docs/product.md#plans: annual plans bind for 12 months, monthly ones for their minimum. */
export function signUpText(plan: Plan, isAnnual: boolean): { key: 'plans.min_sign_up_annual' | 'plans.min_sign_up_months'; count: number } {
  return isAnnual ? { key: 'plans.min_sign_up_annual', count: 12 } : { key: 'plans.min_sign_up_months', count: plan.minSignUp };
}
