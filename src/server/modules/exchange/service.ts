import { crossRate, inverseRate, quotedRate, type ExactRate } from '#shared/money/amounts.ts';
import type { Database } from '../../db/client.ts';

export type Conversion = { rate: ExactRate; source: 'manual' | 'ecb'; rate_date: string };

/**
 * The rate from one currency to another on a day: the organisation's own dated rate (either
 * direction) wins; otherwise the ECB reference rates, crossed through the euro. Null when neither
 * knows the pair. Rates are read as decimal text and kept as exact quotients (src/shared/money).
 */
export async function rateOn(database: Database, organisationId: string, from: string, to: string, day: string): Promise<Conversion | null> {
  if (from === to) return { rate: quotedRate('1'), source: 'manual', rate_date: day };
  const [manual] = await database.query<{ rate: string; valid_from: string | Date; inverse: boolean }>(
    `select rate::text as rate, valid_from, base <> $2 as inverse from exchange_rates
      where organisation_id = $1 and ((base = $2 and quote = $3) or (base = $3 and quote = $2)) and valid_from <= $4
      order by valid_from desc, (base = $2) desc limit 1`,
    [organisationId, from, to, day],
  );
  if (manual) {
    const rate = quotedRate(manual.rate);
    return { rate: manual.inverse ? inverseRate(rate) : rate, source: 'manual', rate_date: isoDay(manual.valid_from) };
  }
  // Units per euro on the latest published day not after `day` (EUR itself is 1).
  const perEuro = async (c: string) => {
    if (c === 'EUR') return { rate: '1', date: null as string | null };
    const [row] = await database.query<{ rate: string; date: string | Date }>(
      'select rate::text as rate, date from ecb_rates where currency = $1 and date <= $2 order by date desc limit 1',
      [c, day],
    );
    return row ? { rate: row.rate, date: isoDay(row.date) } : null;
  };
  const [a, b] = await Promise.all([perEuro(from), perEuro(to)]);
  if (!a || !b) return null;
  const dates = [a.date, b.date].filter((d): d is string => d !== null).sort();
  return { rate: crossRate(a.rate, b.rate), source: 'ecb', rate_date: dates[0] ?? day };
}

const isoDay = (d: string | Date) => (d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10));
