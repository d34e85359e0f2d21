import { describe, expect, it } from 'vitest';
import { measure } from './calc.ts';
import { markedUp, priceRateCharge, ruleFor, type RateCharge, type SellRule } from './rates.ts';

const air = (kg: string) => measure('air', [{ packages: 1, length_cm: '10', width_cm: '10', height_cm: '10', weight_kg: kg }], []);
// HKG → LHR air freight in US cents per kg: M 8500, N 520, +45 410, +100 360, +300 330.
const afr: RateCharge = {
  charge_code_id: null, description: null, basis: 'per_kg', currency: 'USD', amount_minor: 520, minimum_minor: 8500,
  breaks: [{ from_kg: '45', amount_minor: 410 }, { from_kg: '100', amount_minor: 360 }, { from_kg: '300', amount_minor: 330 }],
};

describe('buy rate charges for a cargo', () => {
  it.each([
    // 10 kg × 520 = 5200 < minimum 8500 → 8500.
    ['10', 520, 8500, true],
    // 44.5 kg is below +45: × 520 = 23 140.
    ['44.5', 520, 23140, false],
    // 45 kg reaches +45: × 410 = 18 450.
    ['45', 410, 18450, false],
    // 250 kg: +100 → × 360 = 90 000.
    ['250', 360, 90000, false],
    // 1200 kg: +300 is the highest break given → × 330 = 396 000.
    ['1200', 330, 396000, false],
  ])('%s kg: %s a kg, %s in all (minimum %s)', (kg, unit, total, minimum) => {
    expect(priceRateCharge(afr, air(kg))).toEqual({ quantity: kg, unit_minor: unit, total_minor: total, minimum_applied: minimum });
  });
  it('counts containers and refuses a basis with nothing to count', () => {
    const ofr: RateCharge = { ...afr, basis: 'per_container', amount_minor: 165000, minimum_minor: null, breaks: [] };
    expect(priceRateCharge(ofr, measure('sea_fcl', [], [{ iso_type: '45G1', count: 2 }]))).toMatchObject({ quantity: '2', total_minor: 330000 });
    expect(priceRateCharge(ofr, air('10'))).toBeNull();
  });
});

describe('sell rules', () => {
  it('marks up by a percentage (rounded half away from zero) or a fixed amount', () => {
    // 410 × 1.125 = 461.25 → 461; 330 × 1.15 = 379.5 → 380.
    expect(markedUp(410, { type: 'percent', pct: '12.5' })).toBe(461);
    expect(markedUp(330, { type: 'percent', pct: '15' })).toBe(380);
    expect(markedUp(165000, { type: 'fixed', minor: 25000 })).toBe(190000);
  });
  it('takes the most specific rule that matches, then the lowest priority number', () => {
    const rule = (id: string, r: Partial<SellRule>): SellRule => ({ id, client_tier_id: null, mode: null, origin: null, destination: null, charge_category: null, priority: 10, ...r });
    const rules = [rule('all', {}), rule('air', { mode: 'air' }), rule('gold-air', { mode: 'air', client_tier_id: 'gold' }), rule('lane', { mode: 'air', origin: 'HKHKG', destination: 'GBLHR', priority: 5 }), rule('lane2', { mode: 'air', origin: 'HKHKG', destination: 'GBLHR', priority: 1 })];
    const line = { tier: 'gold', mode: 'air' as const, origin: 'HKHKG', destination: 'GBLHR', category: 'freight' };
    expect(ruleFor(rules, line)?.id).toBe('lane2');
    expect(ruleFor(rules, { ...line, origin: 'CNSHA' })?.id).toBe('gold-air');
    expect(ruleFor(rules, { ...line, origin: 'CNSHA', tier: null })?.id).toBe('air');
    expect(ruleFor(rules, { ...line, mode: 'rail', origin: 'CNSHA' })?.id).toBe('all');
    expect(ruleFor([], line)).toBeNull();
  });
});
