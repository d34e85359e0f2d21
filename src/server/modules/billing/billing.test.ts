import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, latestCode, type TestApp } from '../../test/harness.ts';
import { applyBillingEvent } from './service.ts';
import type { LocalProvider } from './local-provider.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const org = (over: Record<string, unknown> = {}) => ({
  name: 'Harbour Freight Ltd', types: ['forwarder'], country: 'GB', address_line1: '1 Quay Street', city: 'Southampton', location_code: 'GBSOU', ...over,
});
const card = (number: string) => ({ number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' });

async function user() {
  const client = createClient(t.app);
  const email = `billing${++n}-${Date.now()}@example.com`;
  await client.post('/api/auth/register', { name: `Billing ${n}`, email, password: 'Harbour-2026' });
  await client.post('/api/auth/verify-otp', { email, otp: await latestCode(t.database, email) });
  return Object.assign(client, { email });
}
async function owner() {
  const client = await user();
  const res = await client.post('/api/organisations', org({ name: `Harbour Freight ${n}` }));
  expect(res.statusCode).toBe(201);
  return Object.assign(client, { orgId: res.data.data.id as string });
}
const status = async (c: Awaited<ReturnType<typeof user>>) => (await c.get('/api/billing/subscription')).data.data.status;
const advance = (c: Awaited<ReturnType<typeof user>>, days: number) => c.post('/api/dev/billing/advance-clock', { days });
async function subscribed(number = '4242424242424242', price = 'price_growth_month') {
  const c = await owner();
  const pm = await c.post('/api/billing/payment-methods', card(number));
  expect(pm.statusCode).toBe(201);
  const sub = await c.post('/api/billing/subscribe', { price_id: price, payment_method_id: pm.data.data.id });
  expect(sub.statusCode).toBe(200);
  return c;
}

describe('organisations', () => {
  it('creates the caller’s organisation with the caller as owner, one per user', async () => {
    const c = await user();
    expect((await c.get('/api/organisation-types')).data.data).toEqual(expect.arrayContaining(['forwarder', 'shipper', 'customs_broker', 'haulier', 'warehouse']));
    const res = await c.post('/api/organisations', org({ types: ['forwarder', 'customs_broker', 'forwarder'], vat_number: 'GB123456789', website: 'https://harbour.example' }));
    expect(res.statusCode).toBe(201);
    expect(res.data.data).toMatchObject({ name: 'Harbour Freight Ltd', types: ['forwarder', 'customs_broker'], status: 'inactive', premium: false, role: 'Owner', location: { code: 'GBSOU', name: 'Southampton' } });
    const me = (await c.get('/api/user')).data.data;
    expect(me.organisation).toEqual({ id: res.data.data.id, name: 'Harbour Freight Ltd', status: 'inactive' });
    expect(me.premium).toBe(false);
    expect((await c.post('/api/organisations', org({ name: 'Second Ltd' }))).statusCode).toBe(409);
  });

  it('validates with field messages and changes nothing on a bad request', async () => {
    const c = await user();
    const bad = await c.post('/api/organisations', org({ name: '', types: [], country: 'England', website: 'harbour', location_code: 'ZZZZZ' }));
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.data.error.fields).sort()).toEqual(['country', 'name', 'types', 'website']);
    const unknownPlace = await c.post('/api/organisations', org({ location_code: 'GBZZZ' }));
    expect(unknownPlace.statusCode).toBe(422);
    expect(unknownPlace.data.error.fields.location_code).toBeTruthy();
    expect((await c.get('/api/user')).data.data.organisation).toBeNull();
  });

  it('shows and updates the own organisation only', async () => {
    const a = await owner();
    const b = await owner();
    expect((await a.get(`/api/organisations/${a.orgId}`)).statusCode).toBe(200);
    expect((await a.get(`/api/organisations/${b.orgId}`)).statusCode).toBe(404);
    expect((await a.request('PATCH', `/api/organisations/${b.orgId}`, { name: 'Hijacked' })).statusCode).toBe(404);
    const upd = await a.request('PATCH', `/api/organisations/${a.orgId}`, { name: 'Harbour Freight Group', postcode: 'SO14 2AQ' });
    expect(upd.data.data).toMatchObject({ name: 'Harbour Freight Group', postcode: 'SO14 2AQ' });
    expect((await b.get(`/api/organisations/${b.orgId}`)).data.data.name).not.toBe('Hijacked');
  });
});

describe('subscription billing with the local provider', () => {
  it('lists provider-shaped products publicly', async () => {
    const res = await createClient(t.app).get('/api/billing/products');
    expect(res.statusCode).toBe(200);
    const growth = res.data.data.find((p: { id: string }) => p.id === 'prod_fyn_growth');
    expect(growth.prices).toEqual(expect.arrayContaining([{ id: 'price_growth_month', unit_amount: 7900, currency: 'gbp', recurring: { interval: 'month' } }]));
    expect(growth.marketing_features.length).toBeGreaterThan(0);
    expect(res.data.data.some((p: { marketing_features: unknown[] }) => p.marketing_features.length === 0)).toBe(true);
  });

  it('subscribes with 4242…: awaiting_payment then active, recorded, with an invoice and its PDF', async () => {
    const c = await subscribed();
    const o = (await c.get('/api/billing/subscription')).data.data;
    expect(o).toMatchObject({ status: 'active', premium: true, can_manage: true, subscription: { price_id: 'price_growth_month', plan_name: 'Growth', cancel_at_period_end: false } });
    expect(o.history.map((h: { from: string; to: string }) => `${h.from}>${h.to}`).reverse()).toEqual(['none>inactive', 'inactive>awaiting_payment', 'awaiting_payment>active']);
    expect(o.history[0]).toMatchObject({ reason: 'invoice.paid', actor: null, provider_event_id: expect.stringMatching(/^evt_/) });
    expect(o.history[1]).toMatchObject({ reason: 'checkout_started', actor: expect.stringMatching(/^Billing/) });
    expect((await c.get('/api/user')).data.data).toMatchObject({ premium: true, organisation: { status: 'active' } });
    const invoices = (await c.get('/api/billing/invoices')).data.data;
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: 'paid', amount_due: 7900, amount_paid: 7900, currency: 'gbp' });
    const pdf = await c.get(`/api/billing/invoices/${invoices[0].id}/pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await c.get('/api/billing/upcoming-invoice')).data.data).toMatchObject({ amount_due: 7900 });
    expect((await c.post('/api/billing/subscribe', { price_id: 'price_growth_month', payment_method_id: 'x' })).statusCode).toBe(409);
  });

  it('refuses a declined card clearly and charges nothing', async () => {
    const c = await owner();
    const res = await c.post('/api/billing/payment-methods', card('4000 0000 0000 0002'));
    expect(res.statusCode).toBe(402);
    expect(res.data.error).toMatchObject({ code: 'card_declined', message: 'Your card was declined.' });
    expect((await c.get('/api/billing/payment-methods')).data.data).toEqual([]);
    expect((await c.get('/api/billing/invoices')).data.data).toEqual([]);
    expect(await status(c)).toBe('inactive');
    const luhn = await c.post('/api/billing/payment-methods', card('4242 4242 4242 4241'));
    expect(luhn.statusCode).toBe(402);
    expect(luhn.data.error.code).toBe('incorrect_number');
    // A refused first card leaves nothing behind: no billing customer for the organisation (it was made before the card was judged).
    const [row] = await t.database.query<{ provider_customer_id: string | null; objects: number }>(
      `select o.provider_customer_id, (select count(*)::int from local_billing_objects b where b.data->>'organisation_id' = o.id::text) as objects from organisations o where o.id = $1`, [c.orgId]);
    expect(row).toEqual({ provider_customer_id: null, objects: 0 });
  });

  it('keeps saved cards: add, make default, delete', async () => {
    const c = await owner();
    const first = (await c.post('/api/billing/payment-methods', card('4242424242424242'))).data.data;
    const second = (await c.post('/api/billing/payment-methods', card('5555555555554444'))).data.data;
    expect(first.is_default).toBe(true);
    expect(second).toMatchObject({ brand: 'mastercard', last4: '4444', is_default: false });
    expect((await c.post(`/api/billing/payment-methods/${second.id}/default`)).statusCode).toBe(204);
    const cards = (await c.get('/api/billing/payment-methods')).data.data;
    expect(cards.find((x: { id: string }) => x.id === second.id).is_default).toBe(true);
    expect((await c.delete(`/api/billing/payment-methods/${first.id}`)).statusCode).toBe(204);
    expect((await c.get('/api/billing/payment-methods')).data.data).toHaveLength(1);
    const other = await owner();
    expect((await other.delete(`/api/billing/payment-methods/${second.id}`)).statusCode).toBe(404);
  });

  it('shows the proration before a plan change, then changes the plan', async () => {
    const c = await subscribed();
    await advance(c, 10);
    const preview = await c.post('/api/billing/preview-change', { price_id: 'price_enterprise_month' });
    expect(preview.statusCode).toBe(200);
    const lines = preview.data.data.lines;
    expect(lines).toHaveLength(2);
    expect(lines[0].amount).toBeLessThan(0);
    expect(lines[1].amount).toBeGreaterThan(0);
    expect(preview.data.data.amount_due).toBe(lines[0].amount + lines[1].amount);
    const changed = await c.post('/api/billing/change-plan', { price_id: 'price_enterprise_month' });
    expect(changed.data.data.subscription).toMatchObject({ price_id: 'price_enterprise_month', plan_name: 'Enterprise' });
    const invoices = (await c.get('/api/billing/invoices')).data.data;
    expect(invoices[0].lines.every((l: { proration: boolean }) => l.proration)).toBe(true);
    expect(invoices[0].amount_due).toBe(preview.data.data.amount_due);
  });

  it('cancels at period end, can undo until then, and ends at the end of the period', async () => {
    const c = await subscribed();
    expect((await c.post('/api/billing/cancel')).data.data.subscription.cancel_at_period_end).toBe(true);
    expect((await c.post('/api/billing/resume')).data.data.subscription.cancel_at_period_end).toBe(false);
    await c.post('/api/billing/cancel');
    expect(await status(c)).toBe('active');
    expect((await c.get('/api/billing/upcoming-invoice')).data.data).toBeNull();
    await advance(c, 32);
    const o = (await c.get('/api/billing/subscription')).data.data;
    expect(o).toMatchObject({ status: 'inactive', premium: false, subscription: null });
  });

  it('renews, and a failed renewal (4000…0341) is outstanding until a new card pays it', async () => {
    const ok = await subscribed();
    await advance(ok, 31);
    expect(await status(ok)).toBe('active');
    expect((await ok.get('/api/billing/invoices')).data.data.filter((i: { status: string }) => i.status === 'paid').length).toBeGreaterThanOrEqual(2);

    const c = await subscribed('4000000000000341');
    await advance(c, 31);
    expect(await status(c)).toBe('outstanding_payment');
    expect((await c.get('/api/user')).data.data.premium).toBe(false);
    expect((await c.get('/api/billing/invoices')).data.data[0].status).toBe('open');
    await c.post('/api/billing/payment-methods', card('4242424242424242'));
    expect(await status(c)).toBe('active');
    expect((await c.get('/api/billing/invoices')).data.data[0].status).toBe('paid');
  });

  it('ends an unpaid subscription after the grace period', async () => {
    const c = await subscribed('4000000000000341');
    await advance(c, 31);
    expect(await status(c)).toBe('outstanding_payment');
    await advance(c, 8);
    expect(await status(c)).toBe('inactive');
  });

  it('lets billing.view read billing, billing.update change it, and nobody else (issue 8, finding 4)', async () => {
    const o = await subscribed();
    const join = async (builtin: string) => {
      const c = await user();
      const [{ id }] = await t.database.query<{ id: string }>('select id from users where email = $1', [c.email]);
      await t.database.query('update users set organisation_id = $1 where id = $2', [o.orgId, id]);
      await t.database.query(`insert into organisation_members (organisation_id, user_id, role_id) select $1, $2, id from roles where organisation_id = $1 and builtin = $3`, [o.orgId, id, builtin]);
      return c;
    };
    const admin = await join('admin');
    const staff = await join('staff');
    expect((await admin.get('/api/billing/subscription')).data.data).toMatchObject({ status: 'active', can_manage: false });
    expect((await admin.get('/api/billing/invoices')).data.data.length).toBe(1);
    expect((await admin.post('/api/billing/cancel')).statusCode).toBe(403);
    expect((await admin.post('/api/billing/payment-methods', card('4242424242424242'))).statusCode).toBe(403);
    for (const url of ['/api/billing/subscription', '/api/billing/invoices', '/api/billing/payment-methods', '/api/billing/upcoming-invoice']) {
      expect((await staff.get(url)).data.error.code, url).toBe('forbidden');
    }
    expect((await staff.request('PATCH', `/api/organisations/${o.orgId}`, { name: 'Staff rename' })).statusCode).toBe(403);
    expect((await staff.get(`/api/organisations/${o.orgId}`)).data.data).toMatchObject({ role: 'Staff', can_edit: false });
    expect((await o.get(`/api/organisations/${o.orgId}`)).data.data).toMatchObject({ role: 'Owner', can_edit: true });
    const outsider = await owner();
    const [inv] = (await o.get('/api/billing/invoices')).data.data;
    expect((await outsider.get(`/api/billing/invoices/${inv.id}/pdf`)).statusCode).toBe(404);
    expect((await createClient(t.app).get('/api/billing/subscription')).statusCode).toBe(401);
    expect((await (await user()).get('/api/billing/subscription')).statusCode).toBe(403);
  });

  it('makes one subscription of two subscribes sent at once (issue 8, finding 4)', async () => {
    const c = await owner();
    const pm = (await c.post('/api/billing/payment-methods', card('4242424242424242'))).data.data.id;
    await c.get('/api/csrf-cookie');
    const body = { price_id: 'price_growth_month', payment_method_id: pm };
    const answers = await Promise.all([c.post('/api/billing/subscribe', body), c.post('/api/billing/subscribe', body), c.post('/api/billing/subscribe', body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(answers.filter((a) => a.statusCode === 409).map((a) => a.data.error.code)).toEqual(['already_subscribed', 'already_subscribed']);
    const [{ customer }] = await t.database.query<{ customer: string }>('select provider_customer_id as customer from organisations where id = $1', [c.orgId]);
    const subs = await t.database.query(`select id from local_billing_objects where kind = 'subscription' and customer_id = $1`, [customer]);
    expect(subs).toHaveLength(1);
    expect((await c.get('/api/billing/invoices')).data.data).toHaveLength(1);
  });
});

describe('provider events', () => {
  it('apply once per event id and never behind a newer event', async () => {
    const c = await subscribed();
    const [row] = await t.database.query<{ provider_customer_id: string; subscription_id: string }>('select provider_customer_id, subscription_id from organisations where id = $1', [c.orgId]);
    const base = { customer: row.provider_customer_id, subscription: row.subscription_id };
    // After the provider's own events (its clock runs ahead in these tests).
    const now = (await (t.app.ctx.payments as LocalProvider).now()) + 3600;
    const failed = { id: 'evt_test_failed', type: 'invoice.payment_failed' as const, created: now, ...base };
    expect(await applyBillingEvent(t.app.ctx, failed)).toBe('applied');
    expect(await status(c)).toBe('outstanding_payment');
    expect(await applyBillingEvent(t.app.ctx, failed)).toBe('duplicate');
    // A payment that happened before the failure arrives late: it changes nothing.
    expect(await applyBillingEvent(t.app.ctx, { id: 'evt_test_old_paid', type: 'invoice.paid', created: now - 60, ...base })).toBe('stale');
    expect(await status(c)).toBe('outstanding_payment');
    expect(await applyBillingEvent(t.app.ctx, { id: 'evt_test_paid', type: 'invoice.paid', created: now + 60, ...base })).toBe('applied');
    expect(await status(c)).toBe('active');
    expect(await applyBillingEvent(t.app.ctx, { id: 'evt_test_updated', type: 'customer.subscription.updated', created: now + 120, ...base })).toBe('no_change');
    expect(await applyBillingEvent(t.app.ctx, { id: 'evt_unknown', type: 'invoice.paid', created: now, customer: 'cus_nobody', subscription: null })).toBe('unknown_customer');
  });
});

describe('billing configuration', () => {
  it('tells the browser the provider and the enterprise product, publicly', async () => {
    const res = await createClient(t.app).get('/api/billing/config');
    expect(res.data.data).toEqual({ provider: 'local', publishable_key: null, enterprise_product_id: 'prod_fyn_enterprise' });
  });
});
