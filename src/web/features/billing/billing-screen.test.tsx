import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../../test/user.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { sessionUser } from '../../test/fixtures.ts';
import { renderScreen } from '../../test/render.tsx';
import type { BillingOverview, Invoice, InvoicePreview } from './billing-api.ts';
import { BillingScreen } from './billing-screen.tsx';
import { ACTIVE_SUBSCRIPTION, overview, PRODUCTS, VISA } from './test-fixtures.ts';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

/** Stripe.js as the card element sees it: a fake Stripe whose card element mounts an empty box. */
const stripeJs = vi.hoisted(() => {
  const element = { mount: vi.fn(), unmount: vi.fn(), on: vi.fn(), update: vi.fn(), focus: vi.fn() };
  const stripe = { elements: vi.fn(() => ({ create: vi.fn(() => element) })), confirmCardSetup: vi.fn() };
  return { element, stripe, loadStripe: vi.fn() };
});
vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripeJs.loadStripe }));

const member = sessionUser({ organisation: { id: 'o1', name: 'Acme', status: 'active' }, premium: true });
const stubs = { '/pricing': 'pricing page', '/organisation/create': 'create organisation page' };

const INVOICE: Invoice = {
  id: 'in_1',
  number: 'FYN-0001',
  status: 'paid',
  amount_due: 2900,
  amount_paid: 2900,
  currency: 'gbp',
  created: Date.UTC(2030, 0, 1) / 1000,
  period_start: Date.UTC(2030, 0, 1) / 1000,
  period_end: Date.UTC(2030, 1, 1) / 1000,
  lines: [],
};

const HISTORY: BillingOverview['history'] = [
  { from: 'awaiting_payment', to: 'active', reason: 'invoice.paid', actor: null, provider_event_id: 'evt_123', at: new Date(Date.now() - 3 * 86_400_000).toISOString() },
  { from: 'inactive', to: 'awaiting_payment', reason: 'checkout_started', actor: 'Ann', provider_event_id: null, at: new Date(Date.now() - 3 * 86_400_000 - 60_000).toISOString() },
];

const active = (overrides: Partial<BillingOverview> = {}) =>
  overview({ status: 'active', premium: true, subscription: ACTIVE_SUBSCRIPTION, history: HISTORY, ...overrides });

function serve(state: BillingOverview, upcoming: InvoicePreview | null = null) {
  api.get.mockImplementation(async (url: string) => {
    if (url === '/billing/products') return PRODUCTS;
    if (url === '/billing/subscription') return state;
    if (url === '/billing/payment-methods') return [VISA];
    if (url === '/billing/invoices') return [INVOICE];
    if (url === '/billing/upcoming-invoice') return upcoming;
    if (url === '/user') return member;
    throw new Error(`unexpected GET ${url}`);
  });
}

const ACTIONS = ['Change plan', 'Cancel subscription', 'Add card', 'Make default', 'Delete', 'Undo cancellation'];

describe('billing screen', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useSessionStore.getState().logIn(member);
  });

  it('shows status, subscription, upcoming invoice, cards, invoices and history', async () => {
    serve(active(), { amount_due: 2900, currency: 'gbp', period_start: ACTIVE_SUBSCRIPTION.current_period_end, period_end: ACTIVE_SUBSCRIPTION.current_period_end + 2_592_000, lines: [] });
    renderScreen(<BillingScreen />, '/billing', stubs);
    expect(await screen.findByText('Starter')).toBeTruthy();
    expect(screen.getAllByText('Active')[0]!.closest('[data-status]')?.getAttribute('data-status')).toBe('active');
    expect(screen.getByText('£29.00 /month')).toBeTruthy();
    expect(await screen.findByText('Visa ending in 4242')).toBeTruthy();
    expect(screen.getByText('Default')).toBeTruthy();
    expect(await screen.findByText('FYN-0001')).toBeTruthy();
    const pdf = screen.getByRole('link', { name: /Download FYN-0001/ });
    expect(pdf.getAttribute('href')).toBe('/api/billing/invoices/in_1/pdf');
    expect(pdf.hasAttribute('download')).toBe(true);
    expect(screen.getByText('Invoice paid')).toBeTruthy();
    expect(screen.getByText('Payment provider (event evt_123)')).toBeTruthy();
    expect(screen.getByText('Checkout started')).toBeTruthy();
    expect(screen.getByText('Ann')).toBeTruthy();
    expect(screen.getAllByText('3 days ago').length).toBe(2);
    const upcoming = screen.getByText('Upcoming invoice').closest('.ant-card')! as HTMLElement;
    await waitFor(() => expect(within(upcoming).getByText('£29.00')).toBeTruthy());
    for (const name of ['Change plan', 'Cancel subscription', 'Add card']) expect(screen.getByRole('button', { name: new RegExp(name) })).toBeTruthy();
  });

  it('says when there is no upcoming invoice and no subscription', async () => {
    serve(overview());
    renderScreen(<BillingScreen />, '/billing', stubs);
    expect(await screen.findByText('No upcoming invoice')).toBeTruthy();
    expect(screen.getByText('Your organisation has no paid plan.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/pricing');
  });

  it('shows a member who cannot manage billing no actions, and says who can', async () => {
    serve(active({ can_manage: false }));
    renderScreen(<BillingScreen />, '/billing', stubs);
    expect(await screen.findByText('Only owners of the organisation can change billing.')).toBeTruthy();
    expect(await screen.findByText('Visa ending in 4242')).toBeTruthy();
    for (const name of ACTIONS) expect(screen.queryByRole('button', { name: new RegExp(name) })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Choose another plan' })).toBeNull();
  });

  it('shows the proration of a plan change before confirming it', async () => {
    serve(active());
    const preview: InvoicePreview = {
      amount_due: 3250,
      currency: 'gbp',
      period_start: Date.UTC(2030, 0, 16) / 1000,
      period_end: ACTIVE_SUBSCRIPTION.current_period_end,
      lines: [
        { description: 'Unused time on Starter', amount: -1450, period_start: Date.UTC(2030, 0, 16) / 1000, period_end: ACTIVE_SUBSCRIPTION.current_period_end, proration: true },
        { description: 'Remaining time on Growth', amount: 4700, period_start: Date.UTC(2030, 0, 16) / 1000, period_end: ACTIVE_SUBSCRIPTION.current_period_end, proration: true },
      ],
    };
    api.post.mockImplementation(async (url: string) => {
      if (url === '/billing/preview-change') return preview;
      if (url === '/billing/change-plan') return active({ subscription: { ...ACTIVE_SUBSCRIPTION, price_id: 'price_growth_month', plan_name: 'Growth', unit_amount: 7900 } });
      throw new Error(`unexpected POST ${url}`);
    });
    renderScreen(<BillingScreen />, '/billing', stubs);
    await userEvent.click(await screen.findByRole('combobox', { name: 'Choose another plan' }));
    await userEvent.click(await screen.findByTitle('Growth · £79.00 /month'));
    await userEvent.click(screen.getByRole('button', { name: /Change plan/ }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Change to Growth · £79.00 /month?')).toBeTruthy();
    expect(within(dialog).getByText('Unused time on Starter')).toBeTruthy();
    expect(within(dialog).getByText('-£14.50')).toBeTruthy();
    expect(within(dialog).getByText('Remaining time on Growth')).toBeTruthy();
    expect(within(dialog).getByText('£47.00')).toBeTruthy();
    expect(within(dialog).getByTestId('amount-due').textContent).toBe('£32.50');
    expect(api.post).toHaveBeenCalledWith('/billing/preview-change', { price_id: 'price_growth_month' });
    expect(api.post).not.toHaveBeenCalledWith('/billing/change-plan', expect.anything());

    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm change' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/billing/change-plan', { price_id: 'price_growth_month' }));
    expect(await screen.findByText('Growth')).toBeTruthy();
  });

  it('cancels at the period end after a confirmation, then offers to undo it', async () => {
    serve(active());
    api.post.mockImplementation(async (url: string) => {
      if (url === '/billing/cancel') return active({ subscription: { ...ACTIVE_SUBSCRIPTION, cancel_at_period_end: true } });
      throw new Error(`unexpected POST ${url}`);
    });
    renderScreen(<BillingScreen />, '/billing', stubs);
    await userEvent.click(await screen.findByRole('button', { name: /Cancel subscription/ }));
    expect(await screen.findByText(/Your plan stays active until .*2030/)).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel at period end' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/billing/cancel'));
    expect(await screen.findByRole('button', { name: /Undo cancellation/ })).toBeTruthy();
    expect(screen.getByText(/Cancels on .*2030/)).toBeTruthy();
  });

  it("adds a card with Stripe's card element", async () => {
    serve(active({ provider: 'stripe', publishable_key: 'pk_test_fyn' }));
    stripeJs.loadStripe.mockResolvedValue(stripeJs.stripe);
    stripeJs.stripe.confirmCardSetup
      .mockResolvedValueOnce({ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } })
      .mockResolvedValueOnce({ setupIntent: { id: 'seti_1', payment_method: 'pm_123' } });
    api.post.mockImplementation(async (url: string) => {
      if (url === '/billing/setup-intent') return { client_secret: 'seti_1_secret_fyn' };
      if (url === '/billing/payment-methods') return { ...VISA, id: 'pm_123', is_default: false };
      throw new Error(`unexpected POST ${url}`);
    });
    renderScreen(<BillingScreen />, '/billing', stubs);
    await userEvent.click(await screen.findByRole('button', { name: /Add card/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('group', { name: 'Card details' })).toBeTruthy();
    expect(stripeJs.loadStripe).toHaveBeenCalledWith('pk_test_fyn');
    const save = within(dialog).getByRole('button', { name: /Save card/ }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    await userEvent.click(save);
    expect(await within(dialog).findByText('Your card was declined.')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalledWith('/billing/payment-methods', expect.anything());
    await userEvent.click(save);
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/billing/payment-methods', { payment_method_id: 'pm_123' }));
    expect(stripeJs.stripe.confirmCardSetup).toHaveBeenLastCalledWith('seti_1_secret_fyn', { payment_method: { card: stripeJs.element } });
  });

  it('shows an honest empty state without an organisation', async () => {
    useSessionStore.getState().logIn(sessionUser());
    renderScreen(<BillingScreen />, '/billing', stubs);
    expect(await screen.findByText('Billing belongs to an organisation: create yours first.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your organisation' }).getAttribute('href')).toBe('/organisation/create');
    expect(api.get).not.toHaveBeenCalled();
  });
});
