import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

let t: TestApp;
const who = people(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the commission report', () => {
  it('applies the record of each quote’s owner to its margin or sell total in the base currency, rounded per quote, then summed', async () => {
    const o = await who.owner();
    const me = (await o.get('/api/user')).data.data;
    const sofia = await o.join(o.role('staff'));
    const sofiaId = (await sofia.get('/api/user')).data.data.id;
    await o.post('/api/exchange-rates', { base: 'USD', quote: 'GBP', rate: '0.79', valid_from: '2026-01-01' });
    const client = (await o.post('/api/native-organisations', { name: 'Harrogate Home & Garden Ltd', type: 'shipper', country: 'GB', email: 'imports@harrogate.example', force: true })).data.data.id;
    const code = (await o.post('/api/charge-codes', { code: 'TRH', name: 'Haulage', category: 'freight', basis: 'per_shipment', default_currency: 'GBP' })).data.data.id;
    await o.post('/api/commissions', { name: 'Everyone: 5 % of revenue', basis: 'revenue', rate_pct: '5' });
    await o.post('/api/commissions', { name: 'Sofia: 7.5 % of gross profit', basis: 'gross_profit', rate_pct: '7.5', staff_user_id: sofiaId, valid_from: '2026-01-01' });
    await o.post('/api/commissions', { name: 'Sofia, expired', basis: 'revenue', rate_pct: '50', staff_user_id: sofiaId, valid_until: '2025-12-31' });
    const accepted = async (by: Pick<typeof o, 'post'>, currency: string, buy: number, sell: number) => {
      const q = (await by.post('/api/quotes', {
        client: { type: 'native_organisation', id: client }, mode: 'road_ftl', origin: 'GBMNC', destination: 'GBFXT', currency, valid_until: '2030-01-01',
        cargo: [{ packages: 1, length_cm: 100, width_cm: 100, height_cm: 100, weight_kg: 1000 }],
        lines: [{ charge_code_id: code, basis: 'per_shipment', buy: { amount_minor: buy, currency }, sell: { amount_minor: sell, currency } }],
      })).data.data;
      expect(q.id, JSON.stringify(q)).toBeDefined();
      await by.post(`/api/quotes/${q.id}/send`, {});
      await by.post(`/api/quotes/${q.id}/accept`, {});
      return q;
    };
    await accepted(sofia, 'GBP', 39_500, 50_000);
    await accepted(sofia, 'USD', 80_000, 100_000);
    await accepted(o, 'GBP', 30_000, 33_333);
    const day = new Date().toISOString().slice(0, 10);

    const res = await o.get(`/api/commissions/report?from=${day}&to=${day}`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.data.data;
    const of = (id: string) => r.staff.find((s: { user_id: string }) => s.user_id === id);
    // Sofia: £105.00 margin × 7.5 % = 787.5p → 788p; $200.00 margin × 0.79 = £158.00 × 7.5 % = 1185p; 788 + 1185 = 1973p.
    expect(of(sofiaId)).toMatchObject({ quotes: 2, basis_minor: 26_300, commission_minor: 1973 });
    expect(of(sofiaId).lines.map((l: { commission_name: string; basis_minor: number; commission_minor: number }) => [l.commission_name, l.basis_minor, l.commission_minor]))
      .toEqual([['Sofia: 7.5 % of gross profit', 10_500, 788], ['Sofia: 7.5 % of gross profit', 15_800, 1185]]);
    // Olivia: no record of her own, so everyone's: 5 % of £333.33 revenue = 1666.65p → 1667p.
    expect(of(me.id)).toMatchObject({ quotes: 1, basis_minor: 33_333, commission_minor: 1667 });
    expect(r).toMatchObject({ currency: 'GBP', total_commission_minor: 3640, unconverted: [] });

    const csv = await o.get(`/api/commissions/report/export?from=${day}&to=${day}`);
    expect(csv.body).toContain('Sofia: 7.5 % of gross profit,gross_profit,7.5,105.00,7.88,GBP');
    // Commission is pay: staff (no payroll permission) may not read it; another organisation sees none of it.
    expect((await sofia.get(`/api/commissions/report?from=${day}&to=${day}`)).statusCode).toBe(403);
    expect((await (await who.owner()).get(`/api/commissions/report?from=${day}&to=${day}`)).data.data.staff).toEqual([]);
  });
});
