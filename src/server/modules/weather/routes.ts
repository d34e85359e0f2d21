import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, envelope } from '#shared/api/errors.ts';
import { weatherQuery, weatherSchema } from '#shared/api/weather.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { requireUser } from '../auth/session.ts';
import type { WeatherProvider } from './provider.ts';

export function registerWeatherRoutes(app: FastifyInstance, ctx: AppContext, provider: WeatherProvider | null) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/weather', {
    config: { access: 'user' },
    schema: {
      tags: ['dashboard'],
      summary: 'Current weather at a place, from the configured provider',
      querystring: weatherQuery,
      response: { 200: envelope(weatherSchema), 503: apiErrorSchema },
    },
  }, async (req) => {
    await requireUser(ctx, req);
    const weather = provider ? await provider.current(req.query.lat, req.query.lon) : null;
    if (!weather) throw new AppError(503, 'weather_unavailable', 'No weather provider can be reached right now.');
    return { data: weather };
  });
}
