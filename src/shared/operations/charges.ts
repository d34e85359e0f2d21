import { ratioPct } from '../money/amounts.ts';

/** A job's charge line as the profit counts it: quoted buy and sell, and the actual figures once known (minor units). */
export type ChargeFigures = { quoted_sell_minor: number; quoted_buy_minor: number; actual_sell_minor: number | null; actual_buy_minor: number | null };

/**
 * Quoted and actual sell, buy, profit and margin of a job, exact in minor units; an actual figure
 * not entered yet counts as quoted. The server answers it with a shipment; the charges editor
 * shows it while lines are typed.
 */
export function profitOf(charges: readonly ChargeFigures[]) {
  const sum = (f: (c: ChargeFigures) => number) => charges.reduce((n, c) => n + f(c), 0);
  const figures = (sell: number, buy: number) => ({ sell_minor: sell, buy_minor: buy, profit_minor: sell - buy, margin_pct: sell > 0 ? ratioPct(sell - buy, sell) : null });
  return {
    quoted: figures(sum((c) => c.quoted_sell_minor), sum((c) => c.quoted_buy_minor)),
    actual: figures(sum((c) => c.actual_sell_minor ?? c.quoted_sell_minor), sum((c) => c.actual_buy_minor ?? c.quoted_buy_minor)),
  };
}
