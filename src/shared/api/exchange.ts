import { z } from 'zod';
import { currency, isoDate } from '../resources/fields.ts';

/** GET /api/exchange-rates/convert: an amount in minor units of `from`, converted on a day (today by default). */
export const convertQuery = z.object({
  amount: z.coerce.number().int('whole_number').min(-1e13, 'number_range').max(1e13, 'number_range'),
  from: currency,
  to: currency,
  date: isoDate.optional(),
});

/**
 * The conversion: `converted` in minor units of `to` (rounded half away from zero), `rate` a
 * decimal string (1 `from` = rate `to`; a derived rate is shown to 12 significant digits, while the
 * conversion uses the exact quotient).
 */
export const conversionSchema = z.object({
  amount: z.number().int(),
  from: z.string(),
  to: z.string(),
  converted: z.number().int(),
  rate: z.string(),
  source: z.enum(['manual', 'ecb']),
  rate_date: z.string(),
  note: z.string().nullable(),
});
export type Conversion = z.infer<typeof conversionSchema>;
