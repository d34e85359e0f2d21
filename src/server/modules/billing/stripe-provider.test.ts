import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plansFromProducts } from '#shared/billing/plans.ts';
import { FAKE_PRICES, FAKE_PRODUCTS, fakeStripeEvent, signStripeWebhook, startFakeStripe, type FakeStripe } from '../../test/fake-stripe.ts';
import { PaymentError, type PaymentProvider } from './provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

/** A fresh idempotency key per provider call, as the routes make one per attempt. */
let keys = 0;
const key = () => `test-attempt-${++keys}`;

const WEBHOOK_SECRET = 'whsec_test_fake';

let fake: FakeStripe;
let stripe: PaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = createStripeProvider({ secretKey: fake.secretKey, webhookSecret: WEBHOOK_SECRET, host: fake.host, port: fake.port, protocol: fake.protocol });
});
afterAll(async () => {
  await fake?.close();
});

const lastRequest = (method: string, path: string | RegExp) =>
  [...fake.requests].reverse().find((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));

async function newCustomer(name = 'Acme Freight') {
  return stripe.createCustomer({ name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`, organisationId: `org-${Math.random().toString(36).slice(2)}` });
}

async function expectPaymentError(promise: Promise<unknown>, code: PaymentError['code']) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentError);
  expect((error as PaymentError).code).toBe(code);
  return error as PaymentError;
}

describe('stripe provider: products', () => {
  it('lists active products with active recurring prices, features and metadata', async () => {
    expect(stripe.kind).toBe('stripe');
    const products = await stripe.listProducts();
    expect(products.map((p) => p.id).sort()).toEqual([FAKE_PRODUCTS.professional, FAKE_PRODUCTS.starter].sort());

    const pro = products.find((p) => p.id === FAKE_PRODUCTS.professional)!;
    expect(pro).toMatchObject({
      name: 'Professional',
      description: 'For growing forwarders',
      metadata: { a_min_sign_up_months: '3', b_network_access: 'Full' },
      marketing_features: [{ name: 'Unlimited partner connections' }, { name: 'Rates and quotes' }],
    });
    // Inactive and one-time prices are left out; currency as Stripe gives it.
    expect(pro.prices).toEqual(
      expect.arrayContaining([
        { id: FAKE_PRICES.professionalMonthly, unit_amount: 4900, currency: 'gbp', recurring: { interval: 'month' } },
        { id: FAKE_PRICES.professionalAnnual, unit_amount: 49_000, currency: 'gbp', recurring: { interval: 'year' } },
      ]),
    );
    expect(pro.prices).toHaveLength(2);

    // The product without marketing features is returned; the shared mapping drops it.
    const starter = products.find((p) => p.id === FAKE_PRODUCTS.starter)!;
    expect(starter).toMatchObject({ description: null, marketing_features: [], metadata: {} });
    expect(starter.prices).toHaveLength(2);
    const plans = plansFromProducts(products, { isAnnual: false, hasOrganisation: true });
    expect(plans.map((p) => p.id)).toEqual(['1', FAKE_PRODUCTS.professional]);
    expect(plans[1]).toMatchObject({ monthlyPrice: '49.00', annualPrice: '490.00', minSignUp: 3 });
  });
});

describe('stripe provider: customers and cards', () => {
  it('creates a customer with the organisation id and an off-session setup intent', async () => {
    const customerId = await stripe.createCustomer({ name: 'Acme Freight', email: 'billing@acme.test', organisationId: 'org-123' });
    expect(customerId).toMatch(/^cus_/);
    expect(fake.state.customers.get(customerId)).toMatchObject({ name: 'Acme Freight', email: 'billing@acme.test', metadata: { organisation_id: 'org-123' } });

    const secret = await stripe.createSetupIntent(customerId);
    expect(secret).toMatch(/^seti_.+_secret_/);
    expect(lastRequest('POST', '/v1/setup_intents')?.params).toMatchObject({ customer: customerId, usage: 'off_session' });
  });

  it('attaches a card, makes the first one default, lists, switches default and deletes', async () => {
    const customerId = await newCustomer();
    const first = await stripe.addPaymentMethod(customerId, { payment_method_id: 'pm_card_visa' });
    expect(first).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, is_default: true });
    expect(first.id).toMatch(/^pm_/);
    expect(fake.state.customers.get(customerId)?.default_payment_method).toBe(first.id);

    const second = await stripe.addPaymentMethod(customerId, { payment_method_id: 'pm_card_mastercard' });
    expect(second).toMatchObject({ brand: 'mastercard', last4: '4444', is_default: false });

    let cards = await stripe.listPaymentMethods(customerId);
    expect(cards).toHaveLength(2);
    expect(cards.find((c) => c.id === first.id)?.is_default).toBe(true);
    expect(cards.find((c) => c.id === second.id)?.is_default).toBe(false);

    await stripe.setDefaultPaymentMethod(customerId, second.id);
    cards = await stripe.listPaymentMethods(customerId);
    expect(cards.find((c) => c.id === second.id)?.is_default).toBe(true);
    expect(cards.find((c) => c.id === first.id)?.is_default).toBe(false);

    await stripe.deletePaymentMethod(customerId, first.id);
    cards = await stripe.listPaymentMethods(customerId);
    expect(cards.map((c) => c.id)).toEqual([second.id]);
    expect(cards[0].is_default).toBe(true);

    // Deleting the default: the remaining card (if any) takes over.
    const third = await stripe.addPaymentMethod(customerId, { payment_method_id: 'pm_card_visa' });
    await stripe.deletePaymentMethod(customerId, second.id);
    expect(await stripe.listPaymentMethods(customerId)).toEqual([{ ...third, is_default: true }]);
  });

  it('rejects raw card details (local-provider body) and unknown payment methods', async () => {
    const customerId = await newCustomer();
    await expectPaymentError(stripe.addPaymentMethod(customerId, { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' }), 'invalid_request');
    await expectPaymentError(stripe.addPaymentMethod(customerId, { payment_method_id: 'pm_does_not_exist' }), 'invalid_request');
    expect(await stripe.listPaymentMethods(customerId)).toEqual([]);
  });

  it("refuses to touch another customer's card", async () => {
    const owner = await newCustomer('Owner Ltd');
    const other = await newCustomer('Other Ltd');
    const card = await stripe.addPaymentMethod(owner, { payment_method_id: 'pm_card_visa' });
    await expectPaymentError(stripe.deletePaymentMethod(other, card.id), 'invalid_request');
    await expectPaymentError(stripe.setDefaultPaymentMethod(other, card.id), 'invalid_request');
    await expectPaymentError(stripe.subscribe(other, FAKE_PRICES.professionalMonthly, card.id, key()), 'invalid_request');
    expect(fake.state.paymentMethods.get(card.id)?.customer).toBe(owner);
  });
});

describe('stripe provider: subscriptions', () => {
  it('subscribes: active, period from the subscription item, no events (webhooks report them)', async () => {
    const customerId = await newCustomer();
    const card = await stripe.addPaymentMethod(customerId, { payment_method_id: 'pm_card_visa' });
    const before = fake.now();
    const { subscription, events } = await stripe.subscribe(customerId, FAKE_PRICES.professionalMonthly, card.id, key());
    expect(events).toEqual([]);
    expect(subscription).toMatchObject({
      customer: customerId,
      status: 'active',
      price_id: FAKE_PRICES.professionalMonthly,
      product_id: FAKE_PRODUCTS.professional,
      cancel_at_period_end: false,
    });
    expect(subscription.current_period_start).toBeGreaterThanOrEqual(before);
    expect(subscription.current_period_end - subscription.current_period_start).toBe(30 * 86_400);
    expect(lastRequest('POST', '/v1/subscriptions')?.params).toMatchObject({
      customer: customerId,
      items: [{ price: FAKE_PRICES.professionalMonthly }],
      default_payment_method: card.id,
      payment_behavior: 'error_if_incomplete',
      expand: ['latest_invoice'],
    });
    expect(await stripe.getSubscription(subscription.id)).toEqual(subscription);
  });

  it('a declined card throws card_declined and leaves no subscription behind', async () => {
    const customerId = await newCustomer();
    const card = await stripe.addPaymentMethod(customerId, { payment_method_id: 'pm_card_chargeDeclined' });
    const error = await expectPaymentError(stripe.subscribe(customerId, FAKE_PRICES.professionalMonthly, card.id, key()), 'card_declined');
    expect(error.message).toBe('Your card was declined.');
    expect([...fake.state.subscriptions.values()].filter((s) => s.customer === customerId)).toEqual([]);
    expect(await stripe.listInvoices(customerId)).toEqual([]);
  });

  it('maps other Stripe card errors to the same code with their message', async () => {
    const customerId = await newCustomer();
    const card = await stripe.addPaymentMethod(customerId, { payment_method_id: 'pm_card_visa' });
    fake.fail({ method: 'POST', path: '/v1/subscriptions', status: 402, error: { type: 'card_error', code: 'expired_card', message: 'Your card has expired.' }, times: 1 });
    const error = await expectPaymentError(stripe.subscribe(customerId, FAKE_PRICES.professionalMonthly, card.id, key()), 'expired_card');
    expect(error.message).toBe('Your card has expired.');
  });

  it('previews a plan change (prorations) and changes the plan', async () => {
    const customerId = await newCustomer();
    const card = await stripe.addPaymentMethod(customerId, { payment_method_id: 'pm_card_visa' });
    const { subscription } = await stripe.subscribe(customerId, FAKE_PRICES.starterMonthly, card.id, key());
    fake.advanceClock(15 * 86_400);
    try {
      const preview = await stripe.previewPlanChange(subscription.id, FAKE_PRICES.professionalMonthly);
      // Half a month left: credit 19.00 / 2, charge 49.00 / 2.
      expect(preview).toMatchObject({ amount_due: 2450 - 950, currency: 'gbp', period_end: subscription.current_period_end });
      expect(preview.lines).toHaveLength(2);
      expect(preview.lines.every((l) => l.proration)).toBe(true);
      expect(preview.lines.map((l) => l.amount)).toEqual([-950, 2450]);
      const itemId = fake.state.subscriptions.get(subscription.id)!.item_id;
      expect(lastRequest('POST', '/v1/invoices/create_preview')?.params).toEqual({
        customer: customerId,
        subscription: subscription.id,
        subscription_details: { items: [{ id: itemId, price: FAKE_PRICES.professionalMonthly }], proration_behavior: 'always_invoice' },
      });

      const changed = await stripe.changePlan(subscription.id, FAKE_PRICES.professionalMonthly, key());
      expect(changed.events).toEqual([]);
      expect(changed.subscription).toMatchObject({ id: subscription.id, status: 'active', price_id: FAKE_PRICES.professionalMonthly, product_id: FAKE_PRODUCTS.professional });
      expect(lastRequest('POST', `/v1/subscriptions/${subscription.id}`)?.params).toMatchObject({
        items: [{ id: itemId, price: FAKE_PRICES.professionalMonthly }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
      });

      // Monthly → annual: unused credit plus the full year, and a new period.
      const annual = await stripe.previewPlanChange(subscription.id, FAKE_PRICES.professionalAnnual);
      expect(annual.lines.map((l) => [l.amount, l.proration])).toEqual([
        [-2450, true],
        [49_000, false],
      ]);
      expect(annual.amount_due).toBe(49_000 - 2450);
      expect(annual.period_end - annual.period_start).toBeGreaterThanOrEqual(365 * 86_400);

      const invoices = await stripe.listInvoices(customerId);
      expect(invoices).toHaveLength(2);
      expect(invoices[0]).toMatchObject({ status: 'paid', amount_due: 1500, amount_paid: 1500 });
      expect(invoices[0].lines.every((l) => l.proration)).toBe(true);
    } finally {
      fake.advanceClock(-15 * 86_400);
    }
  });

  it('a declined plan-change payment throws and keeps the old plan', async () => {
    const customerId = await newCustomer();
    const good = await stripe.addPaymentMethod(customerId, { payment_method_id: 'pm_card_visa' });
    const { subscription } = await stripe.subscribe(customerId, FAKE_PRICES.starterMonthly, good.id, key());
    const bad = fake.addCard(customerId, 'pm_card_chargeDeclined');
    await stripe.setDefaultPaymentMethod(customerId, bad.id);
    // The subscription's own default follows the customer's default.
    expect(fake.state.subscriptions.get(subscription.id)?.default_payment_method).toBe(bad.id);
    await expectPaymentError(stripe.changePlan(subscription.id, FAKE_PRICES.professionalMonthly, key()), 'card_declined');
    expect(await stripe.getSubscription(subscription.id)).toMatchObject({ price_id: FAKE_PRICES.starterMonthly, status: 'active' });
  });

  it('cancels at period end and undoes it', async () => {
    const customerId = await newCustomer();
    const card = await stripe.addPaymentMethod(customerId, { payment_method_id: 'pm_card_visa' });
    const { subscription } = await stripe.subscribe(customerId, FAKE_PRICES.professionalAnnual, card.id, key());
    expect(await stripe.upcomingInvoice(customerId, subscription.id)).not.toBeNull();

    const cancelled = await stripe.setCancelAtPeriodEnd(subscription.id, true);
    expect(cancelled).toMatchObject({ id: subscription.id, cancel_at_period_end: true, status: 'active', current_period_end: subscription.current_period_end });
    // Nothing more to bill: Stripe answers an error, we answer null.
    expect(await stripe.upcomingInvoice(customerId, subscription.id)).toBeNull();

    const undone = await stripe.setCancelAtPeriodEnd(subscription.id, false);
    expect(undone.cancel_at_period_end).toBe(false);
    expect((await stripe.getSubscription(subscription.id))?.cancel_at_period_end).toBe(false);
  });

  it('subscribing makes the card the customer default', async () => {
    const customerId = await newCustomer();
    await stripe.addPaymentMethod(customerId, { payment_method_id: 'pm_card_visa' });
    const second = await stripe.addPaymentMethod(customerId, { payment_method_id: 'pm_card_mastercard' });
    await stripe.subscribe(customerId, FAKE_PRICES.professionalMonthly, second.id, key());
    expect((await stripe.listPaymentMethods(customerId)).find((c) => c.is_default)?.id).toBe(second.id);
  });

  it('refuses unknown or inactive prices, the current price, and unknown subscriptions', async () => {
    const customerId = await newCustomer();
    const card = await stripe.addPaymentMethod(customerId, { payment_method_id: 'pm_card_visa' });
    await expectPaymentError(stripe.subscribe(customerId, 'price_missing', card.id, key()), 'invalid_request');
    await expectPaymentError(stripe.subscribe(customerId, FAKE_PRICES.professionalOldMonthly, card.id, key()), 'invalid_request');
    const { subscription } = await stripe.subscribe(customerId, FAKE_PRICES.professionalMonthly, card.id, key());
    await expectPaymentError(stripe.changePlan(subscription.id, FAKE_PRICES.professionalMonthly, key()), 'invalid_request');
    await expectPaymentError(stripe.previewPlanChange(subscription.id, 'price_missing'), 'invalid_request');
    await expectPaymentError(stripe.changePlan('sub_missing', FAKE_PRICES.professionalAnnual, key()), 'invalid_request');
    await expectPaymentError(stripe.setCancelAtPeriodEnd('sub_missing', true), 'invalid_request');
  });

  it('getSubscription answers null for an unknown subscription', async () => {
    expect(await stripe.getSubscription('sub_missing')).toBeNull();
  });
});

describe('stripe provider: invoices', () => {
  it('lists and gets invoices; another customer’s or a missing invoice is null', async () => {
    const customerId = await newCustomer();
    const other = await newCustomer('Other Freight');
    const card = await stripe.addPaymentMethod(customerId, { payment_method_id: 'pm_card_visa' });
    const { subscription } = await stripe.subscribe(customerId, FAKE_PRICES.professionalMonthly, card.id, key());

    const invoices = await stripe.listInvoices(customerId);
    expect(invoices).toHaveLength(1);
    const [invoice] = invoices;
    expect(invoice).toMatchObject({ status: 'paid', amount_due: 4900, amount_paid: 4900, currency: 'gbp' });
    expect(invoice.number).toMatch(/^FAKE-/);
    // The service period comes from the lines (the invoice's own period is its creation instant).
    expect(invoice.period_start).toBe(subscription.current_period_start);
    expect(invoice.period_end).toBe(subscription.current_period_end);
    expect(invoice.lines).toEqual([expect.objectContaining({ amount: 4900, proration: false, period_end: subscription.current_period_end })]);
    expect(lastRequest('GET', '/v1/invoices')?.params).toMatchObject({ customer: customerId, limit: '100' });

    expect(await stripe.getInvoice(customerId, invoice.id)).toEqual(invoice);
    expect(await stripe.getInvoice(other, invoice.id)).toBeNull();
    expect(await stripe.getInvoice(customerId, 'in_missing')).toBeNull();
    expect(await stripe.listInvoices(other)).toEqual([]);
  });

  it('a draft without a number uses its id', async () => {
    const customerId = await newCustomer();
    const draft = fake.addInvoice({ customer: customerId, status: 'draft', number: null });
    expect(await stripe.getInvoice(customerId, draft.id)).toMatchObject({ id: draft.id, number: draft.id, status: 'draft' });
  });

  it('previews the upcoming invoice, and answers null when Stripe fails', async () => {
    const customerId = await newCustomer();
    const card = await stripe.addPaymentMethod(customerId, { payment_method_id: 'pm_card_visa' });
    const { subscription } = await stripe.subscribe(customerId, FAKE_PRICES.professionalMonthly, card.id, key());
    const upcoming = await stripe.upcomingInvoice(customerId, subscription.id);
    expect(upcoming).toMatchObject({ amount_due: 4900, currency: 'gbp', period_start: subscription.current_period_end });
    expect(upcoming?.lines).toEqual([expect.objectContaining({ amount: 4900, proration: false })]);

    fake.fail({ method: 'POST', path: '/v1/invoices/create_preview', status: 500, error: { type: 'api_error', message: 'Something went wrong' } });
    try {
      expect(await stripe.upcomingInvoice(customerId, subscription.id)).toBeNull();
    } finally {
      fake.clearFailures();
    }
  });

  it('retries open invoices with the default card and reports nothing itself', async () => {
    const customerId = await newCustomer();
    const card = await stripe.addPaymentMethod(customerId, { payment_method_id: 'pm_card_visa' });
    const open1 = fake.addInvoice({ customer: customerId, status: 'open', amount_due: 4900, number: 'FAKE-OPEN-1' });
    const open2 = fake.addInvoice({ customer: customerId, status: 'open', amount_due: 1900, number: 'FAKE-OPEN-2' });
    expect(await stripe.retryOpenInvoices(customerId)).toEqual([]);
    expect(fake.state.invoices.get(open1.id)).toMatchObject({ status: 'paid', amount_paid: 4900 });
    expect(fake.state.invoices.get(open2.id)).toMatchObject({ status: 'paid', amount_paid: 1900 });
    expect(lastRequest('POST', `/v1/invoices/${open2.id}/pay`)?.params).toMatchObject({ payment_method: card.id });
  });

  it('a refused retry is left to the webhook', async () => {
    const customerId = await newCustomer();
    await stripe.addPaymentMethod(customerId, { payment_method_id: 'pm_card_chargeDeclined' });
    const open = fake.addInvoice({ customer: customerId, status: 'open' });
    expect(await stripe.retryOpenInvoices(customerId)).toEqual([]);
    expect(fake.state.invoices.get(open.id)).toMatchObject({ status: 'open', attempt_count: 1 });
  });
});

describe('stripe provider: idempotency', () => {
  it('sends an Idempotency-Key, and the same key makes one subscription however often it is sent', async () => {
    const customerId = await newCustomer();
    const card = await stripe.addPaymentMethod(customerId, { payment_method_id: 'pm_card_visa' });
    const first = await stripe.subscribe(customerId, FAKE_PRICES.professionalMonthly, card.id, 'fyn-org-subscribe-0');
    const again = await stripe.subscribe(customerId, FAKE_PRICES.professionalMonthly, card.id, 'fyn-org-subscribe-0');
    expect(again.subscription.id).toBe(first.subscription.id);
    expect([...fake.state.subscriptions.values()].filter((s) => s.customer === customerId)).toHaveLength(1);
    const creates = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions');
    expect(creates.at(-1)?.idempotencyKey).toBe('fyn-org-subscribe-0');
  });
});

describe('stripe provider: webhooks', () => {
  async function paidSubscription() {
    const customerId = await newCustomer();
    const card = await stripe.addPaymentMethod(customerId, { payment_method_id: 'pm_card_visa' });
    const { subscription } = await stripe.subscribe(customerId, FAKE_PRICES.professionalMonthly, card.id, key());
    const invoiceId = fake.state.subscriptions.get(subscription.id)!.latest_invoice!;
    return { customerId, subscription, invoiceId };
  }

  it('parses a signed invoice.paid event (subscription under parent.subscription_details)', async () => {
    const { customerId, subscription, invoiceId } = await paidSubscription();
    const event = fakeStripeEvent('invoice.paid', fake.invoiceJson(invoiceId), { id: 'evt_paid_1', created: 1_800_000_000 });
    const { body, signature } = signStripeWebhook(event, WEBHOOK_SECRET);
    expect(stripe.parseWebhook!(body, signature)).toEqual({ id: 'evt_paid_1', type: 'invoice.paid', created: 1_800_000_000, customer: customerId, subscription: subscription.id });
  });

  it('reads the subscription of an older invoice payload (invoice.subscription)', async () => {
    const legacy = { id: 'in_old', object: 'invoice', customer: 'cus_old', subscription: 'sub_old', parent: null, lines: { object: 'list', data: [], has_more: false, url: '' } };
    const { body, signature } = signStripeWebhook(fakeStripeEvent('invoice.payment_failed', legacy, { id: 'evt_failed_1', created: 1_800_000_100 }), WEBHOOK_SECRET);
    expect(stripe.parseWebhook!(body, signature)).toEqual({ id: 'evt_failed_1', type: 'invoice.payment_failed', created: 1_800_000_100, customer: 'cus_old', subscription: 'sub_old' });
  });

  it('parses subscription updated and deleted events', async () => {
    const { customerId, subscription } = await paidSubscription();
    for (const type of ['customer.subscription.updated', 'customer.subscription.deleted'] as const) {
      const { body, signature } = signStripeWebhook(fakeStripeEvent(type, fake.subscriptionJson(subscription.id), { id: `evt_${type}` }), WEBHOOK_SECRET);
      expect(stripe.parseWebhook!(body, signature)).toMatchObject({ id: `evt_${type}`, type, customer: customerId, subscription: subscription.id });
    }
  });

  it('throws on a bad or missing signature', async () => {
    const { invoiceId } = await paidSubscription();
    const event = fakeStripeEvent('invoice.paid', fake.invoiceJson(invoiceId));
    const wrongSecret = signStripeWebhook(event, 'whsec_someone_else');
    expect(() => stripe.parseWebhook!(wrongSecret.body, wrongSecret.signature)).toThrow();
    const signed = signStripeWebhook(event, WEBHOOK_SECRET);
    const tampered = Buffer.from(signed.body.toString('utf8').replace('"invoice.paid"', '"invoice.payment_failed"'));
    expect(() => stripe.parseWebhook!(tampered, signed.signature)).toThrow();
    expect(() => stripe.parseWebhook!(signed.body, undefined)).toThrow();
    expect(() => stripe.parseWebhook!(signed.body, 'garbage')).toThrow();
  });

  it('a replayed delivery parses to the same event id', async () => {
    const { invoiceId } = await paidSubscription();
    const event = fakeStripeEvent('invoice.paid', fake.invoiceJson(invoiceId), { id: 'evt_replayed' });
    const first = signStripeWebhook(event, WEBHOOK_SECRET);
    const again = signStripeWebhook(event, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) + 5);
    const a = stripe.parseWebhook!(first.body, first.signature);
    const b = stripe.parseWebhook!(again.body, again.signature);
    expect(a?.id).toBe('evt_replayed');
    expect(b).toEqual(a);
  });

  it('answers null for event types we do not handle', async () => {
    const { body, signature } = signStripeWebhook(fakeStripeEvent('customer.created', { id: 'cus_x', object: 'customer' }), WEBHOOK_SECRET);
    expect(stripe.parseWebhook!(body, signature)).toBeNull();
  });
});
