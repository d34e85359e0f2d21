import type { BillingOverview, ProviderProduct, SavedCard } from './billing-api.ts';

const price = (id: string, unit_amount: number, interval: 'month' | 'year') => ({ id, unit_amount, currency: 'gbp', recurring: { interval } });

/** Products as GET /api/billing/products answers them (the local provider's shape). */
export const PRODUCTS: ProviderProduct[] = [
  {
    id: 'prod_fyn_starter',
    name: 'Starter',
    description: 'For small forwarders.',
    metadata: { a_min_sign_up_months: '1' },
    marketing_features: [{ name: 'Up to 5 staff' }],
    prices: [price('price_starter_month', 2900, 'month'), price('price_starter_year', 29000, 'year')],
  },
  {
    id: 'prod_fyn_growth',
    name: 'Growth',
    description: 'For several desks.',
    metadata: { a_min_sign_up_months: '3' },
    marketing_features: [{ name: 'Up to 25 staff' }],
    prices: [price('price_growth_month', 7900, 'month'), price('price_growth_year', 79000, 'year')],
  },
];

export function overview(overrides: Partial<BillingOverview> = {}): BillingOverview {
  return {
    provider: 'local',
    publishable_key: null,
    status: 'inactive',
    premium: false,
    can_manage: true,
    subscription: null,
    history: [],
    ...overrides,
  };
}

export const ACTIVE_SUBSCRIPTION: NonNullable<BillingOverview['subscription']> = {
  id: 'sub_1',
  status: 'active',
  price_id: 'price_starter_month',
  product_id: 'prod_fyn_starter',
  plan_name: 'Starter',
  interval: 'month',
  unit_amount: 2900,
  current_period_start: Date.UTC(2030, 0, 1) / 1000,
  current_period_end: Date.UTC(2030, 1, 1) / 1000,
  cancel_at_period_end: false,
};

export const VISA: SavedCard = { id: 'pm_1', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2035, is_default: true };
