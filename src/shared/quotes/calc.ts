import type Big from 'big.js';
import { convertMinor, rateText, ratioPct, sumMinor, timesMinor, type ExactRate } from '../money/amounts.ts';
import { Decimal, HALF_AWAY_FROM_ZERO } from '../money/decimal.ts';
import type { ChargeBasis, QuoteMode } from './model.ts';

/**
 * The figures of a quotation, worked out the same way on the server (which stores them) and in
 * the browser (which shows them while the form is edited). Measures and quantities are exact
 * decimals carried as strings; money is minor units, rounded half away from zero once per line
 * and then summed (DESIGN.md §7, Money).
 */

/** One cargo line: `packages` pieces, each of these dimensions and this gross weight. */
export type CargoLine = { packages: number; length_cm: string; width_cm: string; height_cm: string; weight_kg: string };
/** Containers by ISO 6346 size-type code. */
export type EquipmentLine = { iso_type: string; count: number };

export type Measures = {
  packages: number;
  containers: number;
  /** Gross weight of all packages, kg. */
  weight_kg: string;
  volume_cbm: string;
  /** What the mode charges by: air max(actual, cm³ / 6000), road max(actual, 333 kg per m³), sea LCL 1 t or 1 m³, FCL and rail the actual weight. */
  chargeable_weight_kg: string;
  /** Sea's weight-or-measure: max(tonnes, m³). */
  revenue_tonnes: string;
};

/** Decimal places kept: volume to the cm³ (6), weights to the gram (3). */
const VOLUME_PLACES = 6;
const WEIGHT_PLACES = 3;
const round = (d: Big, places: number) => d.round(places, HALF_AWAY_FROM_ZERO).toFixed();
const max = (a: Big, b: Big) => (a.gte(b) ? a : b);

export function measure(mode: QuoteMode, cargo: readonly CargoLine[], equipment: readonly EquipmentLine[]): Measures {
  let cm3 = new Decimal('0');
  let kg = new Decimal('0');
  let packages = 0;
  for (const c of cargo) {
    const n = new Decimal(String(c.packages));
    cm3 = cm3.plus(new Decimal(c.length_cm).times(c.width_cm).times(c.height_cm).times(n));
    kg = kg.plus(new Decimal(c.weight_kg).times(n));
    packages += c.packages;
  }
  return measuresOf(mode, cm3.div('1000000'), kg, packages, equipment.reduce((n, e) => n + e.count, 0));
}

/** The measures from totals (a rate search gives weight and volume, not packages). */
export function measuresOf(mode: QuoteMode, cbm: Big, kg: Big, packages: number, containers: number): Measures {
  const chargeable =
    mode === 'air' ? max(kg, cbm.times('1000000').div('6000'))
    : mode === 'road_ftl' || mode === 'road_ltl' ? max(kg, cbm.times('333'))
    : mode === 'sea_lcl' ? max(kg, cbm.times('1000'))
    : kg;
  return {
    packages,
    containers,
    weight_kg: round(kg, WEIGHT_PLACES),
    volume_cbm: round(cbm, VOLUME_PLACES),
    chargeable_weight_kg: round(chargeable, WEIGHT_PLACES),
    revenue_tonnes: round(max(kg.div('1000'), cbm), WEIGHT_PLACES),
  };
}

/** Why a line's figures cannot be worked out; the code is the API's error code. */
export class QuoteCalcError extends Error {
  constructor(
    readonly code: 'quantity_needed' | 'exchange_rate_missing',
    message: string,
    readonly line?: number,
    readonly currency?: string,
  ) {
    super(message);
    this.name = 'QuoteCalcError';
  }
}

/**
 * A line's quantity from its basis: 1 per shipment or bill of lading, the containers, the
 * chargeable kilograms, the cubic metres, the revenue tonnes (W/M) or the packages (pallets). A
 * percentage line has no basis to count: its quantity is given.
 */
export function quantityFor(basis: ChargeBasis, m: Measures): string | null {
  switch (basis) {
    case 'per_shipment':
    case 'per_bl':
      return '1';
    case 'per_container':
      return m.containers ? String(m.containers) : null;
    case 'per_kg':
      return m.chargeable_weight_kg;
    case 'per_cbm':
      return m.volume_cbm;
    case 'per_wm':
      return m.revenue_tonnes;
    case 'per_pallet':
      return m.packages ? String(m.packages) : null;
    case 'percentage':
      return null;
  }
}

export type Money = { amount_minor: number; currency: string };
export type LineInput = { basis: ChargeBasis; quantity?: string | null; buy: Money; sell: Money };
export type PricedLine = {
  quantity: string;
  buy_total_minor: number;
  sell_total_minor: number;
  /** 1 unit of the sell currency in the quote currency, as frozen on the quote. */
  rate_to_quote: string;
  /** The same for the buy currency (the two may differ). */
  buy_rate_to_quote: string;
  sell_in_quote_minor: number;
  buy_in_quote_minor: number;
};
export type Totals = {
  currency: string;
  sell_minor: number;
  buy_minor: number;
  margin_minor: number;
  /** Margin over sell, per cent to 2 places; null while nothing is sold. */
  margin_pct: string | null;
  by_currency: { currency: string; sell_minor: number; buy_minor: number }[];
};

/**
 * Prices every line: quantity (given, or from its basis), totals in the line's currencies
 * (amount per unit × quantity, rounded), and each total converted into the quote currency at the
 * quote's frozen rate (rounded per line); then the sums. `rates` maps a currency to its rate into
 * `currency`; the quote currency itself needs none.
 */
export function priceLines(lines: readonly LineInput[], m: Measures, currency: string, rates: Readonly<Record<string, ExactRate>>): { lines: PricedLine[]; totals: Totals } {
  const rateOf = (c: string, line: number): ExactRate => {
    if (c === currency) return { times: '1', per: '1' };
    const r = rates[c];
    if (!r) throw new QuoteCalcError('exchange_rate_missing', `No exchange rate from ${c} to ${currency} is known for the quote's date.`, line, c);
    return r;
  };
  const priced = lines.map((l, i): PricedLine => {
    const quantity = l.quantity ?? quantityFor(l.basis, m);
    if (quantity === null) throw new QuoteCalcError('quantity_needed', 'This charge basis has nothing on the quote to count: give the quantity.', i);
    const buyTotal = timesMinor(l.buy.amount_minor, quantity);
    const sellTotal = timesMinor(l.sell.amount_minor, quantity);
    const sellRate = rateOf(l.sell.currency, i);
    const buyRate = rateOf(l.buy.currency, i);
    return {
      quantity,
      buy_total_minor: buyTotal,
      sell_total_minor: sellTotal,
      rate_to_quote: rateText(sellRate),
      buy_rate_to_quote: rateText(buyRate),
      sell_in_quote_minor: convertMinor(sellTotal, l.sell.currency, currency, sellRate),
      buy_in_quote_minor: convertMinor(buyTotal, l.buy.currency, currency, buyRate),
    };
  });
  const sell = sumMinor(priced.map((p) => p.sell_in_quote_minor));
  const buy = sumMinor(priced.map((p) => p.buy_in_quote_minor));
  const margin = sell - buy;
  const byCurrency = new Map<string, { sell: number[]; buy: number[] }>();
  const slot = (c: string) => byCurrency.get(c) ?? byCurrency.set(c, { sell: [], buy: [] }).get(c)!;
  lines.forEach((l, i) => {
    slot(l.sell.currency).sell.push(priced[i].sell_total_minor);
    slot(l.buy.currency).buy.push(priced[i].buy_total_minor);
  });
  return {
    lines: priced,
    totals: {
      currency,
      sell_minor: sell,
      buy_minor: buy,
      margin_minor: margin,
      margin_pct: sell === 0 ? null : ratioPct(margin, sell),
      by_currency: [...byCurrency.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([c, v]) => ({ currency: c, sell_minor: sumMinor(v.sell), buy_minor: sumMinor(v.buy) })),
    },
  };
}
