import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, type TestApp } from './test/harness.ts';
import { people } from './test/people.ts';

/** Production as it is configured by default: no developer routes, no cards taken without Stripe. */
let t: TestApp;
const p = people(() => t);
beforeAll(async () => {
  t = await createTestApp({ env: 'production', devMode: false, devModeReason: 'NODE_ENV=production', localPayments: false });
});
afterAll(() => t.close());

describe('a production server fails closed (issue 8, finding 3)', () => {
  it('has no developer routes', async () => {
    const anyone = createClient(t.app);
    expect((await anyone.get('/api/dev/mail')).statusCode).toBe(404);
    expect((await anyone.post('/api/dev/billing/advance-clock', { days: 30 })).statusCode).toBe(404);
  });

  it('refuses cards with the local provider and keeps no card', async () => {
    // Mail goes to the outbox table: the test reads codes from it directly, not through /api/dev.
    const o = await p.owner();
    const res = await o.post('/api/billing/payment-methods', { number: '4242424242424242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' });
    expect(res.statusCode).toBe(503);
    expect(res.data.error.code).toBe('payments_unavailable');
    expect((await o.get('/api/billing/payment-methods')).data.data).toEqual([]);
    expect((await o.post('/api/billing/subscribe', { price_id: 'price_growth_month', payment_method_id: 'pm_x' })).statusCode).toBe(422);
    expect((await o.get('/api/billing/subscription')).data.data.status).toBe('inactive');
  });
});
