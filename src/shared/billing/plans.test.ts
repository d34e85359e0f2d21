import { describe, expect, it } from 'vitest';
import { plansFromProducts, signUpText, type ProviderProduct } from './plans.ts';

const product = (over: Partial<ProviderProduct> = {}): ProviderProduct => ({
  id: 'prod_growth',
  name: 'Growth',
  description: 'For growing forwarders',
  metadata: { a_min_sign_up_months: '3', b_network_access: 'Full', i_cost_per_staff: '4.50', k_avg_transactional_discount_pct: '5' },
  marketing_features: [{ name: 'Unlimited quotations' }, { name: 'Rate management' }],
  prices: [
    { id: 'price_growth_m', unit_amount: 4900, currency: 'gbp', recurring: { interval: 'month' } },
    { id: 'price_growth_y', unit_amount: 49900, currency: 'gbp', recurring: { interval: 'year' } },
  ],
  ...over,
});

describe('plans from provider products', () => {
  it('leads with the free plan (docs/product.md#plans)', () => {
    const [free] = plansFromProducts([], { isAnnual: false, hasOrganisation: false });
    expect(free).toMatchObject({ id: '1', price: '0.00', numericPrice: 0, minSignUp: 0, buttonText: 'plans.continue', buttonLink: '/' });
    expect(free.features).toHaveLength(4);
  });

  it('drops products without marketing features', () => {
    const plans = plansFromProducts([product(), product({ id: 'prod_hidden', marketing_features: [] })], { isAnnual: false, hasOrganisation: true });
    expect(plans.map((p) => p.id)).toEqual(['1', 'prod_growth']);
  });

  it('turns pence into pounds with two decimals, for the chosen period', () => {
    const [, monthly] = plansFromProducts([product()], { isAnnual: false, hasOrganisation: true });
    expect(monthly).toMatchObject({ price: '49.00', numericPrice: 49, monthlyPrice: '49.00', annualPrice: '499.00', monthlyPriceId: 'price_growth_m', yearlyPriceId: 'price_growth_y' });
    const [, annual] = plansFromProducts([product()], { isAnnual: true, hasOrganisation: true });
    expect(annual).toMatchObject({ price: '499.00', numericPrice: 499 });
    const [, odd] = plansFromProducts([product({ prices: [{ id: 'p', unit_amount: 1999, currency: 'gbp', recurring: { interval: 'month' } }] })], { isAnnual: true, hasOrganisation: true });
    expect(odd).toMatchObject({ price: '19.99', annualPrice: null, yearlyPriceId: null });
  });

  it('reads metadata under lettered labels, minimum sign-up defaulting to 1', () => {
    const [, p] = plansFromProducts([product()], { isAnnual: false, hasOrganisation: true });
    expect(p.minSignUp).toBe(3);
    expect(p.metadata.A).toEqual({ field: 'minSignUpMonths', kind: 'months', value: '3' });
    expect(p.metadata.B.value).toBe('Full');
    expect(p.metadata.I).toEqual({ field: 'costPerStaff', kind: 'money', value: '4.50' });
    expect(p.metadata.M.value).toBeNull();
    const [, bare] = plansFromProducts([product({ metadata: {} })], { isAnnual: false, hasOrganisation: true });
    expect(bare.minSignUp).toBe(1);
    const [, junk] = plansFromProducts([product({ metadata: { a_min_sign_up_months: 'soon' } })], { isAnnual: false, hasOrganisation: true });
    expect(junk.minSignUp).toBe(1);
  });

  it('links paid plans to payment with an organisation, else to creating one', () => {
    expect(plansFromProducts([product()], { isAnnual: false, hasOrganisation: true })[1]).toMatchObject({ buttonText: 'plans.choose', buttonLink: '/secure-payment/begin/' });
    expect(plansFromProducts([product()], { isAnnual: false, hasOrganisation: false })[1].buttonLink).toBe('/organisation/create');
  });

  it('marks the enterprise plan by its configured product id and lists it last', () => {
    const plans = plansFromProducts([product({ id: 'prod_ent' }), product()], { isAnnual: false, hasOrganisation: true, enterpriseProductId: 'prod_ent' });
    expect(plans.map((p) => [p.id, p.enterprise])).toEqual([['1', false], ['prod_growth', false], ['prod_ent', true]]);
  });

  it('words the minimum sign-up for annual and monthly billing', () => {
    const [, p] = plansFromProducts([product()], { isAnnual: false, hasOrganisation: true });
    expect(signUpText(p, true)).toEqual({ key: 'plans.min_sign_up_annual', count: 12 });
    expect(signUpText(p, false)).toEqual({ key: 'plans.min_sign_up_months', count: 3 });
  });
});
