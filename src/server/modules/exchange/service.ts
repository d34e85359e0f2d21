import type { Database } from '../../db/client.ts';

export type Conversion = { rate: number; source: 'manual' | 'ecb'; rate_date: string };

/** Digits after the decimal point of a currency's minor unit (GBP 2, JPY 0, …). */
export const minorDigits = (currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

/**
 * The rate from one currency to another on a day: the organisation's own dated rate (either
 * direction) wins; otherwise the ECB reference rates, crossed through the euro. Null when neither
 * knows the pair.
 */
export async function rateOn(database: Database, organisationId: string, from: string, to: string, day: string): Promise<Conversion | null> {
  if (from === to) return { rate: 1, source: 'manual', rate_date: day };
  const [manual] = await database.query<{ rate: string | number; valid_from: string | Date; inverse: boolean }>(
    `select rate, valid_from, base <> $2 as inverse from exchange_rates
      where organisation_id = $1 and ((base = $2 and quote = $3) or (base = $3 and quote = $2)) and valid_from <= $4
      order by valid_from desc, (base = $2) desc limit 1`,
    [organisationId, from, to, day],
  );
  if (manual) {
    const r = Number(manual.rate);
    return { rate: manual.inverse ? 1 / r : r, source: 'manual', rate_date: isoDay(manual.valid_from) };
  }
  // Units per euro on the latest published day not after `day` (EUR itself is 1).
  const perEuro = async (c: string) => {
    if (c === 'EUR') return { rate: 1, date: null as string | null };
    const [row] = await database.query<{ rate: string | number; date: string | Date }>(
      'select rate, date from ecb_rates where currency = $1 and date <= $2 order by date desc limit 1',
      [c, day],
    );
    return row ? { rate: Number(row.rate), date: isoDay(row.date) } : null;
  };
  const [a, b] = await Promise.all([perEuro(from), perEuro(to)]);
  if (!a || !b) return null;
  const dates = [a.date, b.date].filter((d): d is string => d !== null).sort();
  return { rate: b.rate / a.rate, source: 'ecb', rate_date: dates[0] ?? day };
}

/** Converts an amount in minor units, rounding half away from zero to the target's minor unit. */
export function convertMinor(amount: number, from: string, to: string, rate: number): number {
  const major = amount / 10 ** minorDigits(from);
  const target = major * rate * 10 ** minorDigits(to);
  return Math.sign(target) * Math.round(Math.abs(target));
}

const isoDay = (d: string | Date) => (d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10));
