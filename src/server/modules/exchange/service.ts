import { crossRate, inverseRate, quotedRate, rateText, type ExactRate } from '#shared/money/amounts.ts';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';

export type Conversion = { rate: ExactRate; source: 'manual' | 'ecb'; rate_date: string };

/**
 * The rate from one currency to another on a day: the organisation's own dated rate (either
 * direction) wins; otherwise the ECB reference rates, crossed through the euro. Null when neither
 * knows the pair. Rates are read as decimal text and kept as exact quotients (src/shared/money).
 */
export async function rateOn(db: Db | Tx, organisationId: string, from: string, to: string, day: string): Promise<Conversion | null> {
  if (from === to) return { rate: quotedRate('1'), source: 'manual', rate_date: day };
  const [manual] = await rowsOf<{ rate: string; valid_from: string | Date; inverse: boolean }>(db, sql`
    select rate::text as rate, valid_from, base <> ${from} as inverse from exchange_rates
     where organisation_id = ${organisationId} and ((base = ${from} and quote = ${to}) or (base = ${to} and quote = ${from})) and valid_from <= ${day}
     order by valid_from desc, (base = ${from}) desc limit 1`);
  if (manual) {
    const rate = quotedRate(manual.rate);
    return { rate: manual.inverse ? inverseRate(rate) : rate, source: 'manual', rate_date: isoDay(manual.valid_from) };
  }
  // Units per euro on the latest published day not after `day` (EUR itself is 1).
  const perEuro = async (c: string) => {
    if (c === 'EUR') return { rate: '1', date: null as string | null };
    const [row] = await rowsOf<{ rate: string; date: string | Date }>(db, sql`select rate::text as rate, date from ecb_rates where currency = ${c} and date <= ${day} order by date desc limit 1`);
    return row ? { rate: row.rate, date: isoDay(row.date) } : null;
  };
  const [a, b] = await Promise.all([perEuro(from), perEuro(to)]);
  if (!a || !b) return null;
  const dates = [a.date, b.date].filter((d): d is string => d !== null).sort();
  return { rate: crossRate(a.rate, b.rate), source: 'ecb', rate_date: dates[0] ?? day };
}

const isoDay = (d: string | Date) => (d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10));

/** The organisation's base currency (organisation currencies), else GBP. */
export async function baseCurrency(db: Db | Tx, organisationId: string): Promise<string> {
  const [row] = await rowsOf<{ currency: string }>(db, sql`select currency from organisation_currencies where organisation_id = ${organisationId} and is_base limit 1`);
  return row?.currency ?? 'GBP';
}

/** The columns of a rate to the base currency frozen on a shipment (schema/operations.ts `fx_*`). */
export type FrozenBaseRate = { fx_base: string; fx_times: string; fx_per: string; fx_rate: string; fx_rate_date: string; fx_source: 'manual' | 'ecb' };

/**
 * The rate from `currency` to the organisation's base currency on `day`, to freeze on a shipment when
 * its booking is confirmed or it is made directly: the organisation's own rate in force that day,
 * else ECB's (as quotes freeze theirs). All nulls when neither knows the pair: the shipment is then
 * converted as older ones are (ECB of its booking day), and says so.
 */
export async function freezeToBase(db: Db | Tx, organisationId: string, currency: string, day: string): Promise<FrozenBaseRate | Record<keyof FrozenBaseRate, null>> {
  const base = await baseCurrency(db, organisationId);
  const found = await rateOn(db, organisationId, currency, base, day);
  if (!found) return { fx_base: null, fx_times: null, fx_per: null, fx_rate: null, fx_rate_date: null, fx_source: null };
  return { fx_base: base, fx_times: found.rate.times, fx_per: found.rate.per, fx_rate: rateText(found.rate), fx_rate_date: found.rate_date, fx_source: found.source };
}
