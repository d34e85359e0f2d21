import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { currency } from '#shared/resources/fields.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { requireMember, requirePermission } from '../organisations/membership.ts';
import { convertMinor, rateOn } from './service.ts';

export function registerExchangeRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/exchange-rates/convert', {
    schema: {
      tags: ['exchange-rates'],
      summary: 'Convert an amount (minor units) with the organisation’s rate or the ECB reference rate of the day',
      querystring: z.object({
        amount: z.coerce.number().int().min(-1e13).max(1e13),
        from: currency,
        to: currency,
        date: z.iso.date().optional(),
      }),
      response: {
        200: envelope(z.object({ amount: z.number(), from: z.string(), to: z.string(), converted: z.number(), rate: z.number(), source: z.enum(['manual', 'ecb']), rate_date: z.string(), note: z.string().nullable() })),
      },
    },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'control_centre.view');
    const { amount, from, to } = req.query;
    const day = req.query.date ?? new Date().toISOString().slice(0, 10);
    const rate = await rateOn(ctx.database, m.organisation.id, from, to, day);
    if (!rate) throw new AppError(422, 'no_rate', `No exchange rate is known from ${from} to ${to} on ${day}.`, { to: 'No rate is known for this pair.' });
    return {
      data: {
        amount, from, to, converted: convertMinor(amount, from, to, rate.rate), rate: rate.rate, source: rate.source, rate_date: rate.rate_date,
        // The ECB publishes these for information only (data/ecb/SOURCE.md).
        note: rate.source === 'ecb' ? 'Source: ECB statistics (reference rates, not dealing rates)' : null,
      },
    };
  });
}
