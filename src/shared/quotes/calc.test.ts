import { describe, expect, it } from 'vitest';
import { quotedRate } from '../money/amounts.ts';
import { measure, priceLines, quantityFor, QuoteCalcError, type CargoLine } from './calc.ts';

// Every expected figure below was worked out by hand (the arithmetic is in the comments).
const box = (packages: number, l: string, w: string, h: string, kg: string): CargoLine => ({ packages, length_cm: l, width_cm: w, height_cm: h, weight_kg: kg });

describe('chargeable weight and volume', () => {
  it('air: volumetric 1 kg per 6000 cm³ when it is more than the actual weight', () => {
    // 2 × 120 × 80 × 100 = 1 920 000 cm³ = 1.92 m³; / 6000 = 320 kg > 2 × 150 = 300 kg.
    expect(measure('air', [box(2, '120', '80', '100', '150')], [])).toEqual({
      packages: 2, containers: 0, weight_kg: '300', volume_cbm: '1.92', chargeable_weight_kg: '320', revenue_tonnes: '1.92',
    });
  });
  it('air: the actual weight when it is more', () => {
    // 50 × 40 × 30 = 60 000 cm³ → 10 kg < 25.5 kg; 0.06 m³.
    const m = measure('air', [box(1, '50', '40', '30', '25.5')], []);
    expect([m.chargeable_weight_kg, m.volume_cbm]).toEqual(['25.5', '0.06']);
  });
  it('air: rounds the chargeable weight to the gram, half away from zero', () => {
    // 33 × 27 × 19 = 16 929 cm³ / 6000 = 2.8215 kg → 2.822 (actual 2 kg).
    expect(measure('air', [box(1, '33', '27', '19', '2')], []).chargeable_weight_kg).toBe('2.822');
  });
  it('road: 333 kg per m³', () => {
    // 120 × 100 × 150 = 1.8 m³ × 333 = 599.4 kg > 450 kg; the same for FTL and LTL.
    expect(measure('road_ltl', [box(1, '120', '100', '150', '450')], []).chargeable_weight_kg).toBe('599.4');
    expect(measure('road_ftl', [box(1, '120', '100', '150', '700')], []).chargeable_weight_kg).toBe('700');
  });
  it('sea LCL: revenue tonnes are the larger of tonnes and m³', () => {
    // 3 × 1 m³ = 3 m³; 3 × 700 kg = 2.1 t → 3 revenue tonnes (3000 kg chargeable).
    const volume = measure('sea_lcl', [box(3, '100', '100', '100', '700')], []);
    expect([volume.revenue_tonnes, volume.chargeable_weight_kg, volume.weight_kg]).toEqual(['3', '3000', '2100']);
    // 100 × 50 × 50 = 0.25 m³; 800 kg = 0.8 t → 0.8.
    expect(measure('sea_lcl', [box(1, '100', '50', '50', '800')], []).revenue_tonnes).toBe('0.8');
  });
  it('sea FCL: per container, the weight as it is', () => {
    const m = measure('sea_fcl', [box(10, '120', '100', '100', '1200.5')], [{ iso_type: '45G1', count: 2 }, { iso_type: '22G1', count: 1 }]);
    expect([m.containers, m.chargeable_weight_kg, m.volume_cbm]).toEqual([3, '12005', '12']);
  });
});

describe('line quantities by basis', () => {
  const m = measure('air', [box(2, '120', '80', '100', '150')], []);
  it.each([
    ['per_shipment', '1'], ['per_bl', '1'], ['per_kg', '320'], ['per_cbm', '1.92'], ['per_wm', '1.92'], ['per_pallet', '2'], ['per_container', null], ['percentage', null],
  ] as const)('%s → %s', (basis, quantity) => {
    expect(quantityFor(basis, m)).toBe(quantity);
  });
  it('counts containers on FCL', () => {
    expect(quantityFor('per_container', measure('sea_fcl', [], [{ iso_type: '42G1', count: 4 }]))).toBe('4');
  });
});

describe('totals in three currencies', () => {
  const m = measure('air', [box(2, '120', '80', '100', '150')], []);
  const rates = { USD: quotedRate('0.79'), EUR: quotedRate('0.865') };
  const money = (amount_minor: number, currency: string) => ({ amount_minor, currency });
  const lines = [
    // 320 kg × 180 = 57 600 US cents → × 0.79 = 45 504 pence; × 235 = 75 200 → 59 408.
    { basis: 'per_kg' as const, buy: money(180, 'USD'), sell: money(235, 'USD') },
    // 1 × 4500 euro cents × 0.865 = 3892.5 → 3893; 6500 × 0.865 = 5622.5 → 5623 (half away from zero).
    { basis: 'per_shipment' as const, buy: money(4500, 'EUR'), sell: money(6500, 'EUR') },
    // 1.92 m³ × 1250 = 2400 pence; × 1830 = 3513.6 → 3514.
    { basis: 'per_cbm' as const, buy: money(1250, 'GBP'), sell: money(1830, 'GBP') },
    // a given quantity: 2.5 × 11 = 27.5 → 28; 2.5 × 15 = 37.5 → 38.
    { basis: 'per_pallet' as const, quantity: '2.5', buy: money(11, 'GBP'), sell: money(15, 'GBP') },
  ];
  const { lines: priced, totals } = priceLines(lines, m, 'GBP', rates);

  it('prices each line and converts it, rounding per line', () => {
    expect(priced.map((p) => [p.quantity, p.buy_total_minor, p.sell_total_minor, p.rate_to_quote, p.buy_in_quote_minor, p.sell_in_quote_minor])).toEqual([
      ['320', 57600, 75200, '0.79', 45504, 59408],
      ['1', 4500, 6500, '0.865', 3893, 5623],
      ['1.92', 2400, 3514, '1', 2400, 3514],
      ['2.5', 28, 38, '1', 28, 38],
    ]);
  });
  it('sums the rounded lines, with the margin', () => {
    // sell 59 408 + 5623 + 3514 + 38 = 68 583; buy 45 504 + 3893 + 2400 + 28 = 51 825;
    // margin 16 758 = 24.4346…% → 24.43.
    expect(totals).toEqual({
      currency: 'GBP', sell_minor: 68583, buy_minor: 51825, margin_minor: 16758, margin_pct: '24.43',
      by_currency: [
        { currency: 'EUR', sell_minor: 6500, buy_minor: 4500 },
        { currency: 'GBP', sell_minor: 3552, buy_minor: 2428 },
        { currency: 'USD', sell_minor: 75200, buy_minor: 57600 },
      ],
    });
  });
  it('converts buy and sell of one line at their own rates', () => {
    // buy 100 US cents × 0.79 = 79 pence; sell 120 pence as it is.
    const one = priceLines([{ basis: 'per_shipment', buy: money(100, 'USD'), sell: money(120, 'GBP') }], m, 'GBP', rates);
    expect([one.lines[0].buy_in_quote_minor, one.lines[0].sell_in_quote_minor, one.lines[0].rate_to_quote, one.lines[0].buy_rate_to_quote]).toEqual([79, 120, '1', '0.79']);
    expect(one.totals.margin_pct).toBe('34.17'); // 41 / 120 = 34.1666…%
  });
  it('into a currency with other minor digits (JPY has none)', () => {
    // 75 200 US cents = 752 USD × 155.25 = 116 748 yen.
    expect(priceLines([{ basis: 'per_kg', buy: money(0, 'JPY'), sell: money(235, 'USD') }], m, 'JPY', { USD: quotedRate('155.25') }).totals.sell_minor).toBe(116748);
  });
  it('refuses a line without a rate or without anything to count', () => {
    expect(() => priceLines([{ basis: 'per_shipment', buy: money(1, 'CHF'), sell: money(1, 'CHF') }], m, 'GBP', rates)).toThrow(QuoteCalcError);
    expect(() => priceLines([{ basis: 'percentage', buy: money(1, 'GBP'), sell: money(1, 'GBP') }], m, 'GBP', rates)).toThrow(/give the quantity/);
  });
  it('has no margin percentage while nothing is sold', () => {
    expect(priceLines([], m, 'GBP', rates).totals).toMatchObject({ sell_minor: 0, margin_pct: null, by_currency: [] });
  });
});
