import { z } from 'zod';
import type { ProviderProduct } from './plans.ts';

/** The wire schema of a provider product; kept apart from the plan mapping so the pricing page stays free of zod. */
export const providerProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  metadata: z.record(z.string(), z.string()),
  marketing_features: z.array(z.object({ name: z.string() })),
  prices: z.array(
    z.object({
      id: z.string(),
      unit_amount: z.number().int().nullable(),
      currency: z.string(),
      recurring: z.object({ interval: z.enum(['day', 'week', 'month', 'year']) }).nullable(),
    }),
  ),
}) satisfies z.ZodType<ProviderProduct>;
