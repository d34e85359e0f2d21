import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

let t: TestApp;
const who = people(() => t);
let owner: Awaited<ReturnType<typeof who.owner>>;
const code: Record<string, string> = {};
let client: string;

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const charge = (c: string, basis: string, amount_minor: number, currency = 'USD', extra: Record<string, unknown> = {}) => ({ charge_code_id: code[c], basis, currency, amount_minor, ...extra });
// HKG → LHR air in US cents a kg: M 85.00, N 5.20, +100 3.60, +300 3.30; fuel 0.85 a kg; documents £35.
const airRate = (carrier: string, charges: unknown[], extra: Record<string, unknown> = {}) => ({
  carrier, mode: 'air', origin: 'HKHKG', destination: 'GBLHR', valid_from: inDays(-10), valid_until: inDays(20), transit_days: 2, charges, ...extra,
});
const cathay = () =>
  airRate('Cathay Cargo', [
    charge('AFR', 'per_kg', 520, 'USD', { minimum_minor: 8500, breaks: [{ from_kg: '100', amount_minor: 360 }, { from_kg: '300', amount_minor: 330 }] }),
    charge('FSC', 'per_kg', 85),
    charge('DOC', 'per_shipment', 3500, 'GBP'),
  ]);

beforeAll(async () => {
  t = await createTestApp();
  owner = await who.owner();
  const codes = (await owner.get('/api/charge-codes?per_page=100')).data.data as { id: string; code: string }[];
  for (const c of codes) code[c.code] = c.id;
  await owner.post('/api/exchange-rates', { base: 'USD', quote: 'GBP', rate: '0.79', valid_from: '2026-01-01' });
  await owner.post('/api/organisation-currencies', { currency: 'GBP', is_base: true });
  client = (await owner.post('/api/native-organisations', { name: 'Kowloon Gadgets Ltd', type: 'shipper', country: 'HK', force: true })).data.data.id;
});
afterAll(() => t.close());

describe('buy rates', () => {
  it('searches the valid rates of a lane, cheapest first for the cargo, totals converted charge by charge', async () => {
    const a = await owner.post('/api/rates', cathay());
    expect(a.statusCode, a.body).toBe(201);
    const b = await owner.post('/api/rates', airRate('Air Bridge Express', [charge('AFR', 'per_kg', 400)]));
    await owner.post('/api/rates', airRate('Expired Air', [charge('AFR', 'per_kg', 100)], { valid_from: inDays(-40), valid_until: inDays(-1) }));
    await owner.post('/api/rates', airRate('Next Month Air', [charge('AFR', 'per_kg', 100)], { valid_from: inDays(30), valid_until: inDays(60) }));
    await owner.post('/api/rates', airRate('Other lane', [charge('AFR', 'per_kg', 100)], { destination: 'GBMAN' }));
    // 320 kg: Air Bridge 320 × 4.00 = 1280.00 USD → £1011.20; Cathay +300 break 320 × 3.30 = 1056.00 USD → £834.24,
    // fuel 320 × 0.85 = 272.00 USD → £214.88, documents £35.00: £1084.12.
    const found = await owner.get('/api/rates/search?origin=HKHKG&destination=GBLHR&mode=air&weight_kg=320&volume_cbm=1.2');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.data.data.map((r: { carrier: string; total_minor: number; currency: string }) => [r.carrier, r.total_minor, r.currency])).toEqual([
      ['Air Bridge Express', 101120, 'GBP'],
      ['Cathay Cargo', 108412, 'GBP'],
    ]);
    expect(found.data.data[0].id).toBe(b.data.data.id);
    // On a day in the past only the expired one was valid.
    expect((await owner.get(`/api/rates/search?origin=HKHKG&destination=GBLHR&mode=air&date=${inDays(-20)}&weight_kg=10`)).data.data.map((r: { carrier: string }) => r.carrier)).toEqual(['Expired Air']);
  });

  it('refuses a rate that ends before it starts, or names another organisation’s charge code', async () => {
    const backwards = await owner.post('/api/rates', { ...cathay(), valid_from: inDays(5), valid_until: inDays(1) });
    expect([backwards.statusCode, backwards.data.error.fields]).toEqual([422, { valid_until: 'Before the start.' }]);
    const other = await who.owner();
    const theirs = await other.post('/api/rates', cathay());
    expect([theirs.statusCode, theirs.data.error.code]).toEqual([422, 'validation_failed']);
    expect((await other.get('/api/rates')).data.data).toEqual([]);
  });
});

describe('applying a buy rate to a quote, with the sell rules', () => {
  it('takes the weight break and the minimum, and marks up by the most specific rule', async () => {
    await owner.post('/api/sell-rules', { name: 'Everything', markup_type: 'percent', markup_pct: '10', priority: 50 });
    await owner.post('/api/sell-rules', { name: 'Air freight', mode: 'air', charge_category: 'freight', markup_type: 'percent', markup_pct: '12.5' });
    await owner.post('/api/sell-rules', { name: 'Paperwork', charge_category: 'documentation', markup_type: 'fixed', markup_minor: 1500, currency: 'GBP' });
    const incomplete = await owner.post('/api/sell-rules', { name: 'No amount', markup_type: 'fixed' });
    expect([incomplete.statusCode, Object.keys(incomplete.data.error.fields)]).toEqual([422, ['markup_minor']]);
    const rate = (await owner.post('/api/rates', cathay())).data.data.id;
    const quote = (await owner.post('/api/quotes', {
      client: { type: 'native_organisation', id: client }, mode: 'air', origin: 'HKHKG', destination: 'GBLHR', currency: 'GBP', valid_until: inDays(14),
      cargo: [{ packages: 2, length_cm: 120, width_cm: 80, height_cm: 100, weight_kg: 150 }],
    })).data.data;
    const applied = await owner.post(`/api/quotes/${quote.id}/apply-rate`, { rate_id: rate });
    expect(applied.statusCode, applied.body).toBe(200);
    const q = applied.data.data;
    // 320 kg reaches +300: buy 3.30, sell 3.30 × 1.125 = 3.7125 → 3.71; fuel 0.85 × 1.10 = 0.935 → 0.94; documents £35 + £15.
    expect(q.lines.map((l: { basis: string; quantity: string; buy: { amount_minor: number }; sell: { amount_minor: number } }) => [l.basis, l.quantity, l.buy.amount_minor, l.sell.amount_minor])).toEqual([
      ['per_kg', '320', 330, 371],
      ['per_kg', '320', 85, 94],
      ['per_shipment', '1', 3500, 5000],
    ]);
    // Sell: 118 720 × 0.79 = 93 788.8 → 93 789; 30 080 × 0.79 = 23 763.2 → 23 763; 5000: 122 552.
    // Buy: 105 600 × 0.79 = 83 424; 27 200 × 0.79 = 21 488; 3500: 108 412.
    expect(q.totals).toMatchObject({ sell_minor: 122552, buy_minor: 108412, margin_minor: 14140 });

    // 10 kg: 10 × 5.20 = 52.00 is below the minimum 85.00, charged once: sell 85.00 × 1.125 = 95.625 → 95.63.
    const small = (await owner.post('/api/quotes', { ...quoteBody(), cargo: [{ packages: 1, length_cm: 20, width_cm: 20, height_cm: 20, weight_kg: 10 }] })).data.data;
    const minimum = (await owner.post(`/api/quotes/${small.id}/apply-rate`, { rate_id: rate })).data.data;
    expect([minimum.lines[0].basis, minimum.lines[0].buy.amount_minor, minimum.lines[0].sell.amount_minor]).toEqual(['per_shipment', 8500, 9563]);

    // A sent quote is not filled again; another organisation's rate is not found.
    await owner.post(`/api/quotes/${quote.id}/send`, { email: 'buyer@kowloon-gadgets.example' });
    expect((await owner.post(`/api/quotes/${quote.id}/apply-rate`, { rate_id: rate })).statusCode).toBe(409);
    const other = await who.owner();
    const foreign = (await other.post('/api/rates', airRate('Theirs', [{ basis: 'per_kg', currency: 'USD', amount_minor: 1 }]))).data.data.id;
    expect((await owner.post(`/api/quotes/${small.id}/apply-rate`, { rate_id: foreign })).statusCode).toBe(404);
  });
});

const quoteBody = () => ({ client: { type: 'native_organisation', id: client }, mode: 'air', origin: 'HKHKG', destination: 'GBLHR', currency: 'GBP', valid_until: inDays(14) });
