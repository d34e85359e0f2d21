import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, envelope } from '#shared/api/errors.ts';
import type { AppContext } from '../../context.ts';

export function registerHealthRoutes(app: FastifyInstance, { database }: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/health', {
    schema: { tags: ['system'], summary: 'Liveness and database reachability', response: { 200: envelope(z.object({ status: z.literal('ok') })), 503: apiErrorSchema } },
  }, async (req, reply) => {
    try {
      await database.ping();
    } catch (err) {
      req.log.warn({ err }, 'health: database unreachable');
      return reply.status(503).send({ error: { code: 'database_unavailable', message: 'The database cannot be reached.' } });
    }
    return { data: { status: 'ok' as const } };
  });
}
