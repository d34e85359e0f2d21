import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../../test/user.ts';
import type { ProviderProduct } from '#shared/billing/plans.ts';
import { usePlanStore } from '../../lib/plan-store.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { sessionUser } from '../../test/fixtures.ts';
import { renderScreen } from '../../test/render.tsx';
import { PricingScreen } from './pricing-screen.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

const price = (id: string, unit_amount: number, interval: 'month' | 'year') => ({ id, unit_amount, currency: 'gbp', recurring: { interval } });

/** Products as GET /api/billing/products answers them (the local provider's shape). */
const PRODUCTS: ProviderProduct[] = [
  {
    id: 'prod_fyn_enterprise',
    name: 'Enterprise',
    description: 'For networks of offices.',
    metadata: { a_min_sign_up_months: '12', b_network_access: 'Global, priority listing', i_cost_per_staff: '3.00' },
    marketing_features: [{ name: 'Unlimited staff' }],
    prices: [price('price_enterprise_month', 19900, 'month'), price('price_enterprise_year', 199000, 'year')],
  },
  {
    id: 'prod_fyn_starter',
    name: 'Starter',
    description: 'For small forwarders.',
    metadata: {
      a_min_sign_up_months: '1',
      b_network_access: 'Regional',
      i_cost_per_staff: '6.00',
      k_avg_transactional_discount_pct: '2',
      l_free_news_feed_ads_per_year: '4',
    },
    marketing_features: [{ name: 'Up to 5 staff' }, { name: 'CRM with lead pipeline' }],
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
  { id: 'prod_fyn_onboarding', name: 'Onboarding workshop', description: null, metadata: {}, marketing_features: [], prices: [] },
];

const stubs = { '/': 'dashboard page', '/organisation/create': 'create organisation page', '/secure-payment/begin': 'payment page' };

const card = (name: string) => screen.getByRole('region', { name });

describe('pricing screen', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useSessionStore.getState().clear();
    usePlanStore.getState().reset();
    api.get.mockImplementation(async (url: string) => {
      if (url === '/billing/products') return PRODUCTS;
      if (url === '/billing/config') return { provider: 'local', publishable_key: null, enterprise_product_id: 'prod_fyn_enterprise' };
      throw new Error(`unexpected GET ${url}`);
    });
  });

  it('shows the free plan first and the paid plans with monthly prices to a logged-out visitor', async () => {
    renderScreen(<PricingScreen />, '/pricing', stubs);
    const free = await screen.findByRole('region', { name: 'Free' });
    const names = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(names).toEqual(['Free', 'Starter', 'Growth', 'Enterprise']);
    expect(screen.queryByText('Onboarding workshop')).toBeNull();

    expect(within(free).getByText('£0.00')).toBeTruthy();
    for (const feature of ['Single user', 'Base CRM', 'News feed', 'No SaaS cloud services']) {
      expect(within(free).getByText(feature)).toBeTruthy();
    }
    expect(within(free).getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/');

    const starter = card('Starter');
    expect(within(starter).getByText('£29.00')).toBeTruthy();
    expect(within(starter).getByText('/month')).toBeTruthy();
    expect(within(starter).getByText('Minimum Sign up for 1 month')).toBeTruthy();
    expect(within(card('Growth')).getByText('Minimum Sign up for 3 months')).toBeTruthy();
    expect(within(card('Enterprise')).getByText('Minimum Sign up for 12 months')).toBeTruthy();
    expect(within(starter).getByRole('link', { name: 'Choose Plan' }).getAttribute('href')).toBe('/organisation/create');
    expect(api.get).toHaveBeenCalledWith('/billing/products');
  });

  it('renders the metadata with translated labels: access as given, money, percent and counts', async () => {
    renderScreen(<PricingScreen />, '/pricing', stubs);
    const starter = await screen.findByRole('region', { name: 'Starter' });
    const row = (label: string) => within(starter).getByText(label).closest('div')!;
    expect(row('Network access').textContent).toContain('Regional');
    expect(row('Cost per staff member').textContent).toContain('£6.00');
    expect(row('Average transactional discount').textContent).toContain('2%');
    expect(row('Free news feed ads per year').textContent).toContain('4');
    expect(row('Minimum sign-up').textContent).toContain('1 month');
    expect(within(starter).getByText('A')).toBeTruthy();
  });

  it('highlights the enterprise plan', async () => {
    renderScreen(<PricingScreen />, '/pricing', stubs);
    const enterprise = await screen.findByRole('region', { name: 'Enterprise' });
    expect(enterprise.className).toContain('fyn-plan-enterprise');
    expect(screen.getByText('For enterprises')).toBeTruthy();
    expect(card('Starter').className).not.toContain('fyn-plan-enterprise');
  });

  it('marks as enterprise the product the server names (Stripe: ENTERPRISE_PRODUCT_ID), not a fixed id', async () => {
    api.get.mockImplementation(async (url: string) => {
      if (url === '/billing/products') return PRODUCTS;
      if (url === '/billing/config') return { provider: 'stripe', publishable_key: 'pk_test_x', enterprise_product_id: 'prod_fyn_growth' };
      throw new Error(`unexpected GET ${url}`);
    });
    renderScreen(<PricingScreen />, '/pricing', stubs);
    const growth = await screen.findByRole('region', { name: 'Growth' });
    expect(growth.className).toContain('fyn-plan-enterprise');
    expect(card('Enterprise').className).not.toContain('fyn-plan-enterprise');
    expect(api.get).toHaveBeenCalledWith('/billing/config');
  });

  it('shows the free plan’s minimum term as the spec words it: none monthly, 12 months on annual billing', async () => {
    renderScreen(<PricingScreen />, '/pricing', stubs);
    const free = await screen.findByRole('region', { name: 'Free' });
    expect(within(free).queryByText('Minimum Sign up for 12 months')).toBeNull();
    await userEvent.click(screen.getByText('Annual'));
    expect(within(card('Free')).getByText('Minimum Sign up for 12 months')).toBeTruthy();
  });

  it('switches to annual prices and leads a member of an organisation to the payment of that price', async () => {
    useSessionStore.getState().logIn(sessionUser({ organisation: { id: 'o1', name: 'Acme', status: 'inactive' } }));
    const { router } = renderScreen(<PricingScreen />, '/pricing', stubs);
    await screen.findByRole('region', { name: 'Starter' });
    expect(within(card('Starter')).getByRole('link', { name: 'Choose Plan' }).getAttribute('href')).toBe(
      '/secure-payment/begin/?price=price_starter_month',
    );

    await userEvent.click(screen.getByText('Annual'));
    expect(usePlanStore.getState().isAnnual).toBe(true);
    const starter = card('Starter');
    expect(within(starter).getByText('£290.00')).toBeTruthy();
    expect(within(starter).getByText('/year')).toBeTruthy();
    expect(within(starter).getByText('Minimum Sign up for 12 months')).toBeTruthy();
    expect(within(card('Growth')).getByText('Minimum Sign up for 12 months')).toBeTruthy();
    const choose = within(starter).getByRole('link', { name: 'Choose Plan' });
    expect(choose.getAttribute('href')).toBe('/secure-payment/begin/?price=price_starter_year');

    await userEvent.click(choose);
    await waitFor(() => expect(router.state.location.pathname).toBe('/secure-payment/begin/'));
    expect(router.state.location.search).toBe('?price=price_starter_year');
    expect(usePlanStore.getState().selectedPlan).toBe('prod_fyn_starter');
  });

  it('sends a logged-in user without an organisation to create one, and the free plan home', async () => {
    useSessionStore.getState().logIn(sessionUser());
    renderScreen(<PricingScreen />, '/pricing', stubs);
    await userEvent.click(within(await screen.findByRole('region', { name: 'Growth' })).getByRole('link', { name: 'Choose Plan' }));
    expect(await screen.findByText('create organisation page')).toBeTruthy();
    expect(usePlanStore.getState().selectedPlan).toBe('prod_fyn_growth');
  });

  it('shows the free plan button leading home', async () => {
    renderScreen(<PricingScreen />, '/pricing', stubs);
    await userEvent.click(within(await screen.findByRole('region', { name: 'Free' })).getByRole('link', { name: 'Continue' }));
    expect(await screen.findByText('dashboard page')).toBeTruthy();
    expect(usePlanStore.getState().selectedPlan).toBe('1');
  });
});
