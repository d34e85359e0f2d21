import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '#shared/api/errors.ts';
import { conversionSchema, convertQuery } from '#shared/api/exchange.ts';
import { convertMinor, MoneyError, rateText } from '#shared/money/amounts.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { requireMember, requirePermission } from '../organisations/membership.ts';
import { rateOn } from './service.ts';

export function registerExchangeRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/exchange-rates/convert', {
    config: { access: 'control_centre.view' },
    schema: {
      tags: ['exchange-rates'],
      summary: 'Convert an amount (minor units) with the organisation’s rate or the ECB reference rate of the day; the rate is a decimal string',
      querystring: convertQuery,
      response: { 200: envelope(conversionSchema) },
    },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'control_centre.view');
    const { amount, from, to } = req.query;
    const day = req.query.date ?? new Date().toISOString().slice(0, 10);
    const rate = await rateOn(ctx.database.db, m.organisation.id, from, to, day);
    if (!rate) throw new AppError(422, 'no_rate', `No exchange rate is known from ${from} to ${to} on ${day}.`, { to: 'No rate is known for this pair.' });
    let converted: number;
    try {
      converted = convertMinor(amount, from, to, rate.rate);
    } catch (err) {
      if (err instanceof MoneyError) throw new AppError(422, 'amount_too_large', 'The converted amount is larger than the API carries exactly (2^53 − 1 minor units).', { amount: 'This amount is too large to convert.' });
      throw err;
    }
    return {
      data: {
        amount, from, to, converted, rate: rateText(rate.rate), source: rate.source, rate_date: rate.rate_date,
        // The ECB publishes these for information only (data/ecb/SOURCE.md).
        note: rate.source === 'ecb' ? 'Source: ECB statistics (reference rates, not dealing rates)' : null,
      },
    };
  });
}
