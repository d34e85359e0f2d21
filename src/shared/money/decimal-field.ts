import { z } from 'zod';
import { Decimal, parseDecimal, PLAIN_DECIMAL, placesOf } from './decimal.ts';

// Apart from decimal.ts, so that pages which only format money (pricing) load no zod.

/**
 * A zod field for a rate or percentage carried as a decimal string ("1.2345"): plain notation
 * only (`decimal_format`), at most `places` digits after the point (`decimal_places`), within
 * [min, max] or (min, max] when `aboveMin` (`number_range`). Answers the canonical form
 * ("1.2000" → "1.2", "-0" → "0"), so that equal values compare equal as text.
 */
export function decimalString({ min, max, places, aboveMin = false }: { min: string; max: string; places: number; aboveMin?: boolean }) {
  const lo = new Decimal(min);
  const hi = new Decimal(max);
  return z
    .string({ error: 'decimal_format' })
    .trim()
    // The pattern also documents the format in the OpenAPI description.
    .regex(PLAIN_DECIMAL, { error: 'decimal_format', abort: true })
    .superRefine((text, ctx) => {
      const d = parseDecimal(text);
      if (!d) return void ctx.addIssue({ code: 'custom', message: 'decimal_format' });
      if (placesOf(d) > places) return void ctx.addIssue({ code: 'custom', message: 'decimal_places' });
      if ((aboveMin ? d.lte(lo) : d.lt(lo)) || d.gt(hi)) ctx.addIssue({ code: 'custom', message: 'number_range' });
    })
    .transform((text) => new Decimal(text).toFixed());
}
