import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, latestCode, type TestApp } from '../../test/harness.ts';

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
    // 2026-04-13: 1 EUR = 0.87058 GBP = 1.1684 USD, so £1000 = $(1000 × 1.1684 ÷ 0.87058) = $1342.0937765627…
    const res = await c.get('/api/exchange-rates/convert?amount=100000&from=GBP&to=USD&date=2026-04-13');
    expect(res.statusCode).toBe(200);
    expect(res.data.data).toMatchObject({ source: 'ecb', rate_date: '2026-04-13', converted: 134209, rate: '1.34209377656' });
    expect(res.data.data.note).toMatch(/ECB/);
    // A weekend takes the last published day.
    expect((await c.get('/api/exchange-rates/convert?amount=100&from=EUR&to=GBP&date=2026-04-12')).data.data.rate_date).toBe('2026-04-10');
    // JPY has no minor unit: €1.00 × 186.75 (the ECB's yen of 2026-04-13) = ¥186.75 → 187.
    const yen = (await c.get('/api/exchange-rates/convert?amount=100&from=EUR&to=JPY&date=2026-04-13')).data.data;
    expect(yen).toMatchObject({ converted: 187, rate: '186.75' });
  });

  it('prefers the organisation’s own dated rate, in either direction', async () => {
    expect((await c.post('/api/exchange-rates', { base: 'GBP', quote: 'EUR', rate: '1.2000', valid_from: '2026-04-01' })).statusCode).toBe(201);
    const fwd = (await c.get('/api/exchange-rates/convert?amount=1000&from=GBP&to=EUR&date=2026-04-13')).data.data;
    expect(fwd).toMatchObject({ source: 'manual', rate: '1.2', converted: 1200, rate_date: '2026-04-01' });
    const back = (await c.get('/api/exchange-rates/convert?amount=1200&from=EUR&to=GBP&date=2026-04-13')).data.data;
    // 1 ÷ 1.2 = 0.8333…; €12.00 ÷ 1.2 = £10.00 exactly.
    expect(back).toMatchObject({ source: 'manual', converted: 1000, rate: '0.833333333333' });
    // Before the manual rate existed, the reference rate applies.
    expect((await c.get('/api/exchange-rates/convert?amount=1000&from=GBP&to=EUR&date=2026-03-31')).data.data.source).toBe('ecb');
  });

  it('converts exactly and rounds half away from zero (issue 8: floats gave 22 and 61)', async () => {
    expect((await c.post('/api/exchange-rates', { base: 'GBP', quote: 'JPY', rate: '150', valid_from: '2026-04-01' })).statusCode).toBe(201);
    expect((await c.post('/api/exchange-rates', { base: 'GBP', quote: 'USD', rate: '1.5', valid_from: '2026-04-01' })).statusCode).toBe(201);
    // 41 pence × 150 = ¥61.5 → 62; −41 → −62.
    expect((await c.get('/api/exchange-rates/convert?amount=41&from=GBP&to=JPY&date=2026-04-13')).data.data.converted).toBe(62);
    expect((await c.get('/api/exchange-rates/convert?amount=-41&from=GBP&to=JPY&date=2026-04-13')).data.data.converted).toBe(-62);
    // 15 pence × 1.5 = 22.5 cents → 23.
    expect((await c.get('/api/exchange-rates/convert?amount=15&from=GBP&to=USD&date=2026-04-13')).data.data.converted).toBe(23);
    // ¥10^13 ÷ 150 = £66 666 666 666.666… = 6 666 666 666 666.67 pence → 6 666 666 666 667.
    expect((await c.get('/api/exchange-rates/convert?amount=10000000000000&from=JPY&to=GBP&date=2026-04-13')).data.data.converted).toBe(6666666666667);
    // 10^13 pence = £10^11; at the largest rate allowed (1 000 000) that is 10^17 KWD = 10^20 fils, past 2^53: refused.
    expect((await c.post('/api/exchange-rates', { base: 'GBP', quote: 'KWD', rate: '1000000', valid_from: '2026-04-01' })).statusCode).toBe(201);
    const big = await c.get('/api/exchange-rates/convert?amount=10000000000000&from=GBP&to=KWD&date=2026-04-13');
    expect(big.statusCode).toBe(422);
    expect(big.data.error.code).toBe('amount_too_large');
  });

  it('takes rates as decimal strings only, and ISO 4217 codes only', async () => {
    const bad = await c.post('/api/exchange-rates', { base: 'GBP', quote: 'CHF', rate: 1.1, valid_from: '2026-04-01' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.data.error.fields)).toEqual(['rate']);
    for (const rate of ['1e3', '0', '1.12345678901', '1000001']) {
      expect((await c.post('/api/exchange-rates', { base: 'GBP', quote: 'CHF', rate, valid_from: '2026-04-01' })).statusCode).toBe(422);
    }
    const abc = await c.post('/api/exchange-rates', { base: 'GBP', quote: 'ABC', rate: '2', valid_from: '2026-04-01' });
    expect(abc.statusCode).toBe(422);
    expect(Object.keys(abc.data.error.fields)).toEqual(['quote']);
    expect((await c.get('/api/exchange-rates/convert?amount=100&from=ABC&to=GBP')).statusCode).toBe(422);
    const listed = (await c.get('/api/exchange-rates?sort=-valid_from')).data.data as { rate: unknown }[];
    expect(listed.every((r) => typeof r.rate === 'string')).toBe(true);
  });

  it('says plainly when no rate is known', async () => {
    const res = await c.get('/api/exchange-rates/convert?amount=100&from=GBP&to=XAU&date=2026-04-13');
    expect(res.statusCode).toBe(422);
    expect(res.data.error.code).toBe('no_rate');
  });
});
