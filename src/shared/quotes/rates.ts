import { Decimal, HALF_AWAY_FROM_ZERO } from '../money/decimal.ts';
import { timesMinor } from '../money/amounts.ts';
import { quantityFor, type Measures } from './calc.ts';
import type { ChargeBasis, QuoteMode } from './model.ts';

/** Air weight breaks (IATA): M is the minimum charge, N the normal rate below 45 kg, then +45 … +1000 kg. */
export const AIR_BREAKS = ['45', '100', '300', '500', '1000'] as const;

/** A charge of a buy rate: an amount per unit of its basis, optionally a minimum and, per kg, weight breaks. */
export type RateCharge = {
  charge_code_id: string | null;
  description: string | null;
  basis: ChargeBasis;
  currency: string;
  /** Per unit of the basis (for air freight: the N rate). */
  amount_minor: number;
  /** The least the charge comes to (air: M). */
  minimum_minor: number | null;
  /** From these kilograms on, this amount per kg (air: +45, +100 …). */
  breaks: { from_kg: string; amount_minor: number }[];
};

export type PricedCharge = {
  quantity: string;
  /** The amount per unit that applies to this quantity (the break reached). */
  unit_minor: number;
  total_minor: number;
  /** The minimum charge applied instead of quantity × unit. */
  minimum_applied: boolean;
};

/** A rate charge for the cargo measured: the weight break reached, then the minimum; null when the basis counts nothing here. */
export function priceRateCharge(c: RateCharge, m: Measures): PricedCharge | null {
  const quantity = quantityFor(c.basis, m);
  if (quantity === null) return null;
  const q = new Decimal(quantity);
  const reached = c.breaks.filter((b) => q.gte(b.from_kg)).sort((a, b) => new Decimal(b.from_kg).cmp(a.from_kg))[0];
  const unit = reached ? reached.amount_minor : c.amount_minor;
  const total = timesMinor(unit, quantity);
  if (c.minimum_minor !== null && total < c.minimum_minor) return { quantity, unit_minor: unit, total_minor: c.minimum_minor, minimum_applied: true };
  return { quantity, unit_minor: unit, total_minor: total, minimum_applied: false };
}

/** A sell rule's markup on a buy amount per unit: a percentage, or a fixed amount already in the line's currency. */
export function markedUp(buyUnitMinor: number, markup: { type: 'percent'; pct: string } | { type: 'fixed'; minor: number }): number {
  if (markup.type === 'fixed') return buyUnitMinor + markup.minor;
  return Number(new Decimal(String(buyUnitMinor)).times(new Decimal('100').plus(markup.pct)).div('100').round(0, HALF_AWAY_FROM_ZERO).toFixed());
}

/** What a sell rule looks at; null criteria match anything. */
export type SellRule = {
  id: string;
  client_tier_id: string | null;
  mode: QuoteMode | null;
  origin: string | null;
  destination: string | null;
  charge_category: string | null;
  priority: number;
};

/** The rule for a line: the most specific that matches (most criteria set), then the lowest priority number. */
export function ruleFor<R extends SellRule>(rules: readonly R[], line: { tier: string | null; mode: QuoteMode; origin: string; destination: string; category: string | null }): R | null {
  const matches = rules.filter(
    (r) =>
      (r.client_tier_id === null || r.client_tier_id === line.tier) &&
      (r.mode === null || r.mode === line.mode) &&
      (r.origin === null || r.origin === line.origin) &&
      (r.destination === null || r.destination === line.destination) &&
      (r.charge_category === null || r.charge_category === line.category),
  );
  const specificity = (r: SellRule) => [r.client_tier_id, r.mode, r.origin, r.destination, r.charge_category].filter((v) => v !== null).length;
  return matches.sort((a, b) => specificity(b) - specificity(a) || a.priority - b.priority)[0] ?? null;
}
