import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '../../test/user.ts';
import { ApiFailure } from '../../lib/api-failure.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { sessionUser } from '../../test/fixtures.ts';
import { renderScreen } from '../../test/render.tsx';
import { SecurePaymentScreen } from './secure-payment-screen.tsx';
import { overview, PRODUCTS, VISA } from './test-fixtures.ts';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

/** Stripe.js as the card element sees it: a fake Stripe whose card element mounts an empty box. */
const stripeJs = vi.hoisted(() => {
  const element = { mount: vi.fn(), unmount: vi.fn(), on: vi.fn(), update: vi.fn(), focus: vi.fn() };
  const stripe = { elements: vi.fn(() => ({ create: vi.fn(() => element) })), confirmCardSetup: vi.fn() };
  return { element, stripe, loadStripe: vi.fn() };
});
vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripeJs.loadStripe }));

const member = sessionUser({ organisation: { id: 'o1', name: 'Acme', status: 'inactive' } });
const stubs = { '/billing': 'billing page', '/organisation/create': 'create organisation page' };
const PATH = '/secure-payment/begin?price=price_growth_month';

function serve({ state = overview(), cards = [] as unknown[] } = {}) {
  api.get.mockImplementation(async (url: string) => {
    if (url === '/billing/products') return PRODUCTS;
    if (url === '/billing/subscription') return state;
    if (url === '/billing/payment-methods') return cards;
    if (url === '/user') return { ...member, premium: true, organisation: { ...member.organisation!, status: 'active' } };
    throw new Error(`unexpected GET ${url}`);
  });
}

async function typeCard(number: string, expiry = '1230', cvc = '123') {
  await userEvent.type(await screen.findByLabelText('Card number'), number);
  await userEvent.type(screen.getByLabelText('Expiry date'), expiry);
  await userEvent.type(screen.getByLabelText('Security code (CVC)'), cvc);
}

describe('secure payment screen', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useSessionStore.getState().logIn(member);
    stripeJs.loadStripe.mockResolvedValue(stripeJs.stripe);
  });

  it('shows the chosen plan and price, and the test cards with the local provider', async () => {
    serve();
    renderScreen(<SecurePaymentScreen />, PATH, stubs);
    expect(await screen.findByText('Growth')).toBeTruthy();
    expect(screen.getByText('£79.00 /month')).toBeTruthy();
    expect(screen.getByText(/4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined; 4000 0000 0000 0341 fails at renewal/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Pay £79\.00/ })).toBeTruthy();
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
  });

  it('formats the card number and expiry while typing', async () => {
    serve();
    renderScreen(<SecurePaymentScreen />, PATH, stubs);
    await typeCard('4242424242424242', '1230');
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4242 4242 4242 4242');
    expect((screen.getByLabelText('Expiry date') as HTMLInputElement).value).toBe('12/30');
  });

  it('refuses a card number that fails the Luhn check without calling the API', async () => {
    serve();
    renderScreen(<SecurePaymentScreen />, PATH, stubs);
    await typeCard('4242424242424241');
    await userEvent.click(screen.getByRole('button', { name: /Pay/ }));
    expect(await screen.findByText('The card number is not valid.')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('refuses an expired card and a short security code without calling the API', async () => {
    serve();
    renderScreen(<SecurePaymentScreen />, PATH, stubs);
    await typeCard('4242424242424242', '0120', '12');
    await userEvent.click(screen.getByRole('button', { name: /Pay/ }));
    expect(await screen.findByText('The card has expired.')).toBeTruthy();
    expect(await screen.findByText('The security code is not valid.')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('shows a declined card in an alert and keeps the form', async () => {
    serve();
    api.post.mockRejectedValue(
      new ApiFailure({ status: 402, code: 'card_declined', message: 'Your card was declined.', fields: { card: 'Your card was declined.' } }),
    );
    renderScreen(<SecurePaymentScreen />, PATH, stubs);
    await typeCard('4000000000000002');
    await userEvent.click(screen.getByRole('button', { name: /Pay/ }));
    const declined = await screen.findByText('Your card was declined.');
    expect(declined.closest('[role="alert"]')?.textContent).toContain('The payment did not go through');
    expect(api.post).toHaveBeenCalledWith('/billing/payment-methods', { number: '4000000000000002', exp_month: 12, exp_year: 2030, cvc: '123' });
    expect(api.post).not.toHaveBeenCalledWith('/billing/subscribe', expect.anything());
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4000 0000 0000 0002');
    expect(screen.getByRole('button', { name: /Pay/ })).toBeTruthy();
    expect(screen.queryByText('billing page')).toBeNull();
  });

  it('adds the card, subscribes, shows the active status and refreshes the session user', async () => {
    serve();
    api.post.mockImplementation(async (url: string) => {
      if (url === '/billing/payment-methods') return { ...VISA, id: 'pm_new' };
      if (url === '/billing/subscribe') return overview({ status: 'active', premium: true });
      throw new Error(`unexpected POST ${url}`);
    });
    renderScreen(<SecurePaymentScreen />, PATH, stubs);
    await typeCard('4242 4242 4242 4242');
    await userEvent.click(screen.getByRole('button', { name: /Pay/ }));
    expect(await screen.findByText('Payment received: your plan is active')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith('/billing/subscribe', { price_id: 'price_growth_month', payment_method_id: 'pm_new' });
    await waitFor(() => expect(useSessionStore.getState().user?.premium).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Go to billing' }));
    expect(await screen.findByText('billing page')).toBeTruthy();
  });

  it('pays with a saved card without asking for a new one', async () => {
    serve({ cards: [VISA] });
    api.post.mockResolvedValue(overview({ status: 'active', premium: true }));
    renderScreen(<SecurePaymentScreen />, PATH, stubs);
    expect(await screen.findByText('Visa ending in 4242')).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText('Card number')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: /Pay/ }));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/billing/subscribe', { price_id: 'price_growth_month', payment_method_id: 'pm_1' }),
    );
    expect(api.post).toHaveBeenCalledTimes(1);
  });

  it('sends an organisation that is already subscribed to the billing page', async () => {
    serve();
    api.post.mockImplementation(async (url: string) => {
      if (url === '/billing/payment-methods') return { ...VISA, id: 'pm_new' };
      throw new ApiFailure({ status: 409, code: 'already_subscribed', message: 'Already subscribed.' });
    });
    renderScreen(<SecurePaymentScreen />, PATH, stubs);
    await typeCard('4242424242424242');
    await userEvent.click(screen.getByRole('button', { name: /Pay/ }));
    expect(await screen.findByText('billing page')).toBeTruthy();
  });

  describe('with Stripe', () => {
    const STRIPE = { state: overview({ provider: 'stripe', publishable_key: 'pk_test_fyn' }) };
    const cardForm = () => screen.findByRole('group', { name: 'Card details' });

    it("pays through Stripe's card element: setup intent, saved card, subscription awaiting the webhook", async () => {
      serve(STRIPE);
      stripeJs.stripe.confirmCardSetup.mockResolvedValue({ setupIntent: { id: 'seti_1', payment_method: 'pm_123' } });
      api.post.mockImplementation(async (url: string) => {
        if (url === '/billing/setup-intent') return { client_secret: 'seti_1_secret_fyn' };
        if (url === '/billing/payment-methods') return { ...VISA, id: 'pm_123' };
        if (url === '/billing/subscribe') return overview({ provider: 'stripe', status: 'awaiting_payment' });
        throw new Error(`unexpected POST ${url}`);
      });
      renderScreen(<SecurePaymentScreen />, PATH, stubs);
      const form = await cardForm();
      expect(stripeJs.loadStripe).toHaveBeenCalledWith('pk_test_fyn');
      expect(stripeJs.element.mount).toHaveBeenCalledWith(form.firstElementChild);
      expect(screen.queryByLabelText('Card number')).toBeNull();
      expect(screen.queryByText(/4242 4242 4242 4242 succeeds/)).toBeNull();
      const pay = screen.getByRole('button', { name: /Pay £79\.00/ }) as HTMLButtonElement;
      await waitFor(() => expect(pay.disabled).toBe(false));
      await userEvent.click(pay);
      expect(await screen.findByText('Payment started')).toBeTruthy();
      expect(screen.getByText(/confirming the payment/)).toBeTruthy();
      expect(stripeJs.stripe.confirmCardSetup).toHaveBeenCalledWith('seti_1_secret_fyn', { payment_method: { card: stripeJs.element } });
      expect(api.post.mock.calls).toEqual([
        ['/billing/setup-intent'],
        ['/billing/payment-methods', { payment_method_id: 'pm_123' }],
        ['/billing/subscribe', { price_id: 'price_growth_month', payment_method_id: 'pm_123' }],
      ]);
    });

    it("shows Stripe's decline and keeps the card form", async () => {
      serve(STRIPE);
      stripeJs.stripe.confirmCardSetup.mockResolvedValue({ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } });
      api.post.mockResolvedValue({ client_secret: 'seti_1_secret_fyn' });
      renderScreen(<SecurePaymentScreen />, PATH, stubs);
      await cardForm();
      const pay = screen.getByRole('button', { name: /Pay/ }) as HTMLButtonElement;
      await waitFor(() => expect(pay.disabled).toBe(false));
      await userEvent.click(pay);
      const declined = await screen.findByText('Your card was declined.');
      expect(declined.closest('[role="alert"]')?.textContent).toContain('The payment did not go through');
      expect(api.post.mock.calls).toEqual([['/billing/setup-intent']]);
      expect(screen.getByRole('group', { name: 'Card details' })).toBeTruthy();
      expect(stripeJs.element.unmount).not.toHaveBeenCalled();
      expect(screen.getByRole('button', { name: /Pay/ })).toBeTruthy();
      expect(screen.queryByText('billing page')).toBeNull();
    });

    it('says plainly when Stripe.js cannot be loaded, and tries again on request', async () => {
      serve(STRIPE);
      stripeJs.loadStripe.mockRejectedValueOnce(new Error('Failed to load Stripe.js'));
      renderScreen(<SecurePaymentScreen />, PATH, stubs);
      expect(await screen.findByText("Stripe's card form could not be loaded. Check your connection and try again.")).toBeTruthy();
      expect(screen.queryByRole('group', { name: 'Card details' })).toBeNull();
      expect((screen.getByRole('button', { name: /Pay/ }) as HTMLButtonElement).disabled).toBe(true);
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await cardForm()).toBeTruthy();
      expect(screen.queryByText(/could not be loaded/)).toBeNull();
    });

    it('says the same without a publishable key, without loading Stripe.js', async () => {
      serve({ state: overview({ provider: 'stripe', publishable_key: null }) });
      renderScreen(<SecurePaymentScreen />, PATH, stubs);
      expect(await screen.findByText(/Stripe's card form could not be loaded/)).toBeTruthy();
      expect(stripeJs.loadStripe).not.toHaveBeenCalled();
    });

    it('still pays with a saved card', async () => {
      serve({ ...STRIPE, cards: [VISA] });
      api.post.mockResolvedValue(overview({ provider: 'stripe', status: 'awaiting_payment' }));
      renderScreen(<SecurePaymentScreen />, PATH, stubs);
      expect(await screen.findByText('Visa ending in 4242')).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('group', { name: 'Card details' })).toBeNull());
      await userEvent.click(screen.getByRole('button', { name: /Pay/ }));
      await waitFor(() => expect(api.post).toHaveBeenCalledWith('/billing/subscribe', { price_id: 'price_growth_month', payment_method_id: 'pm_1' }));
      expect(stripeJs.stripe.confirmCardSetup).not.toHaveBeenCalled();
    });
  });

  it('asks a user without an organisation to create one', async () => {
    useSessionStore.getState().logIn(sessionUser());
    serve();
    renderScreen(<SecurePaymentScreen />, PATH, stubs);
    expect(await screen.findByText('Billing belongs to an organisation: create yours first.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your organisation' }).getAttribute('href')).toBe('/organisation/create');
  });
});
