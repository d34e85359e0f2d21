import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, latestCode, type TestApp } from '../../test/harness.ts';
import { convertMinor } from './service.ts';

let t: TestApp;
let c: ReturnType<typeof createClient>;
beforeAll(async () => {
  t = await createTestApp();
  c = createClient(t.app);
  const email = 'fx@example.com';
  await c.post('/api/auth/register', { name: 'Fx', email, password: 'Harbour-2026' });
  await c.post('/api/auth/verify-otp', { email, otp: await latestCode(t.database, email) });
  await c.post('/api/organisations', { name: 'Fx Freight', types: ['forwarder'], country: 'GB', address_line1: '1 Dock', city: 'Hull' });
});
afterAll(() => t.close());

describe('exchange rates', () => {
  it('ships the ECB history', async () => {
    const [row] = await t.database.query<{ n: number; first: string; last: string }>("select count(*)::int as n, min(date)::text as first, max(date)::text as last from ecb_rates");
    expect(row.n).toBeGreaterThan(200_000);
    expect(row.first).toBe('1999-01-04');
    expect(row.last).toBe('2026-04-13');
  });

  it('crosses ECB reference rates through the euro for the day asked', async () => {
    // 2026-04-13: 1 EUR = 0.87058 GBP = 1.1684 USD.
    const res = await c.get('/api/exchange-rates/convert?amount=100000&from=GBP&to=USD&date=2026-04-13');
    expect(res.statusCode).toBe(200);
    expect(res.data.data).toMatchObject({ source: 'ecb', rate_date: '2026-04-13', converted: Math.round((1000 * 1.1684 / 0.87058) * 100) });
    expect(res.data.data.note).toMatch(/ECB/);
    // A weekend takes the last published day.
    expect((await c.get('/api/exchange-rates/convert?amount=100&from=EUR&to=GBP&date=2026-04-12')).data.data.rate_date).toBe('2026-04-10');
    // JPY has no minor unit.
    expect((await c.get('/api/exchange-rates/convert?amount=100&from=EUR&to=JPY&date=2026-04-13')).data.data.converted).toBe(187);
  });

  it('prefers the organisation’s own dated rate, in either direction', async () => {
    expect((await c.post('/api/exchange-rates', { base: 'GBP', quote: 'EUR', rate: 1.2, valid_from: '2026-04-01' })).statusCode).toBe(201);
    const fwd = (await c.get('/api/exchange-rates/convert?amount=1000&from=GBP&to=EUR&date=2026-04-13')).data.data;
    expect(fwd).toMatchObject({ source: 'manual', rate: 1.2, converted: 1200, rate_date: '2026-04-01' });
    const back = (await c.get('/api/exchange-rates/convert?amount=1200&from=EUR&to=GBP&date=2026-04-13')).data.data;
    expect(back).toMatchObject({ source: 'manual', converted: 1000 });
    // Before the manual rate existed, the reference rate applies.
    expect((await c.get('/api/exchange-rates/convert?amount=1000&from=GBP&to=EUR&date=2026-03-31')).data.data.source).toBe('ecb');
  });

  it('says plainly when no rate is known', async () => {
    const res = await c.get('/api/exchange-rates/convert?amount=100&from=GBP&to=XAU&date=2026-04-13');
    expect(res.statusCode).toBe(422);
    expect(res.data.error.code).toBe('no_rate');
  });

  it('rounds to the target minor unit', () => {
    expect(convertMinor(1, 'GBP', 'JPY', 186.75)).toBe(2);
    expect(convertMinor(-1050, 'EUR', 'GBP', 0.5)).toBe(-525);
  });
});
