/** The Stripe path through FYN's own API: configuration → adapter → a server that answers like Stripe → webhooks. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, latestCode, type TestApp } from '../../test/harness.ts';
import { FAKE_PRICES, fakeStripeEvent, signStripeWebhook, startFakeStripe, type FakeStripe } from '../../test/fake-stripe.ts';

const WEBHOOK_SECRET = 'whsec_test_fyn';
let fake: FakeStripe;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({ stripe: { secretKey: fake.secretKey, webhookSecret: WEBHOOK_SECRET, publishableKey: 'pk_test_fyn', apiBase: fake.url }, enterpriseProductId: null });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function owner() {
  const c = createClient(t.app);
  const email = `stripe-${Math.random().toString(36).slice(2)}@example.com`;
  await c.post('/api/auth/register', { name: 'Stripe Owner', email, password: 'Harbour-2026' });
  await c.post('/api/auth/verify-otp', { email, otp: await latestCode(t.database, email) });
  const org = await c.post('/api/organisations', { name: 'Stripe Freight', types: ['forwarder'], country: 'GB', address_line1: '1 Dock', city: 'Hull' });
  expect(org.statusCode).toBe(201);
  return Object.assign(c, { orgId: org.data.data.id as string });
}
/** The organisation's customer as FYN keeps it, and the customers Stripe holds for it. */
async function customers(orgId: string) {
  const [row] = await t.database.query<{ id: string | null }>('select provider_customer_id as id from organisations where id = $1', [orgId]);
  return { kept: row.id, atStripe: [...fake.state.customers.values()].filter((x) => x.metadata.organisation_id === orgId).map((x) => x.id) };
}
const webhook = (body: Buffer, signature: string) =>
  t.app.inject({ method: 'POST', url: '/api/billing/webhook', payload: body, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });

describe('billing with Stripe', () => {
  it('subscribes through the SDK and lets signed webhooks move the status, once per event', async () => {
    const c = await owner();
    expect((await c.get('/api/billing/subscription')).data.data).toMatchObject({ provider: 'stripe', publishable_key: 'pk_test_fyn', status: 'inactive' });
    expect((await c.post('/api/billing/setup-intent')).data.data.client_secret).toMatch(/^seti_/);
    expect((await c.post('/api/billing/payment-methods', { number: '4242424242424242', exp_month: 1, exp_year: 2030, cvc: '123' })).statusCode).toBe(422);
    const pm = await c.post('/api/billing/payment-methods', { payment_method_id: 'pm_card_visa' });
    expect(pm.statusCode).toBe(201);
    const sub = await c.post('/api/billing/subscribe', { price_id: FAKE_PRICES.professionalMonthly, payment_method_id: pm.data.data.id });
    expect(sub.statusCode).toBe(200);
    // With Stripe the payment is confirmed by the webhook, not by the call.
    expect(sub.data.data.status).toBe('awaiting_payment');

    const subscriptionId = sub.data.data.subscription.id;
    const invoiceId = fake.state.subscriptions.get(subscriptionId)!.latest_invoice!;
    const paid = signStripeWebhook(fakeStripeEvent('invoice.paid', fake.invoiceJson(invoiceId), { id: 'evt_fyn_paid', created: fake.now() }), WEBHOOK_SECRET);
    const first = await webhook(paid.body, paid.signature);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.outcome).toBe('applied');
    expect((await c.get('/api/billing/subscription')).data.data.status).toBe('active');
    expect((await webhook(paid.body, paid.signature)).json().data.outcome).toBe('duplicate');

    const forged = signStripeWebhook(fakeStripeEvent('customer.subscription.deleted', fake.subscriptionJson(subscriptionId), { id: 'evt_forged' }), 'whsec_attacker');
    const refused = await webhook(forged.body, forged.signature);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('invalid_signature');
    expect((await c.get('/api/billing/subscription')).data.data.status).toBe('active');

    const deleted = signStripeWebhook(fakeStripeEvent('customer.subscription.deleted', fake.subscriptionJson(subscriptionId), { id: 'evt_fyn_deleted', created: fake.now() + 10 }), WEBHOOK_SECRET);
    expect((await webhook(deleted.body, deleted.signature)).json().data.outcome).toBe('applied');
    expect((await c.get('/api/billing/subscription')).data.data.status).toBe('inactive');
  });

  it('takes the customer made for a first card Stripe declines away again: the next card makes one, and a later refusal keeps it (issue 21)', async () => {
    const c = await owner();
    const declined = await c.post('/api/billing/payment-methods', { payment_method_id: 'pm_card_visa_chargeDeclined' });
    expect(declined.statusCode, declined.body).toBe(402);
    expect(declined.data.error).toMatchObject({ code: 'card_declined', message: 'Your card was declined.' });
    expect(await customers(c.orgId)).toEqual({ kept: null, atStripe: [] });
    expect((await c.post('/api/billing/payment-methods', { payment_method_id: 'pm_card_visa_chargeDeclined' })).statusCode).toBe(402);
    expect(await customers(c.orgId)).toEqual({ kept: null, atStripe: [] });

    const saved = await c.post('/api/billing/payment-methods', { payment_method_id: 'pm_card_visa' });
    expect(saved.statusCode, saved.body).toBe(201);
    const { kept, atStripe } = await customers(c.orgId);
    expect(atStripe).toEqual([kept]);
    // The organisation's customer has a card now: a declined second card leaves it as it is.
    expect((await c.post('/api/billing/payment-methods', { payment_method_id: 'pm_card_visa_chargeDeclined' })).statusCode).toBe(402);
    expect(await customers(c.orgId)).toEqual({ kept, atStripe: [kept] });
    expect((await c.get('/api/billing/payment-methods')).data.data).toHaveLength(1);
  });

  it('makes one customer for two first cards sent at once', async () => {
    const c = await owner();
    const both = await Promise.all([c.post('/api/billing/payment-methods', { payment_method_id: 'pm_card_visa' }), c.post('/api/billing/payment-methods', { payment_method_id: 'pm_card_mastercard' })]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    const { kept, atStripe } = await customers(c.orgId);
    expect(atStripe).toEqual([kept]);
    expect((await c.get('/api/billing/payment-methods')).data.data).toHaveLength(2);
  });

  it('refuses a declined card with Stripe’s words and leaves the organisation inactive', async () => {
    const c = await owner();
    const pm = await c.post('/api/billing/payment-methods', { payment_method_id: 'pm_card_chargeDeclined' });
    const res = await c.post('/api/billing/subscribe', { price_id: FAKE_PRICES.professionalMonthly, payment_method_id: pm.data.data.id });
    expect(res.statusCode).toBe(402);
    expect(res.data.error.code).toBe('card_declined');
    const o = (await c.get('/api/billing/subscription')).data.data;
    expect(o.status).toBe('inactive');
    expect(o.history.map((h: { to: string }) => h.to)).toEqual(['inactive', 'awaiting_payment', 'inactive']);
  });
});
