import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, envelope } from '#shared/api/errors.ts';
import type { AppContext } from '../../context.ts';

/** The probes' paths: they live outside the API's hooks (no cookies, rate limit or CSRF, src/server/app.ts). */
export const HEALTH_PROBES = ['/api/health', '/api/ready'];
const ok = { 200: envelope(z.object({ status: z.literal('ok') })) };

/**
 * Liveness (`/api/health`: the process answers; no database call, so it stays cheap under load)
 * and readiness (`/api/ready`: the database answers too and the node is not draining, for a load
 * balancer's routing decision).
 */
export function registerHealthRoutes(app: FastifyInstance, { database, lifecycle }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/health', {
    config: { access: 'public' },
    schema: { tags: ['system'], summary: 'Liveness: the process answers (no database call)', response: ok },
  }, async () => ({ data: { status: 'ok' as const } }));

  api.get('/api/ready', {
    config: { access: 'public' },
    schema: { tags: ['system'], summary: 'Readiness: the database answers and the node is not shutting down', response: { ...ok, 503: apiErrorSchema } },
  }, async (req, reply) => {
    // From SIGTERM on (main.ts): the balancer stops sending here while the node still serves.
    if (lifecycle.draining) return reply.status(503).send({ error: { code: 'shutting_down', message: 'This node is shutting down.' } });
    try {
      await database.ping();
    } catch (err) {
      req.log.warn({ err }, 'ready: database unreachable');
      return reply.status(503).send({ error: { code: 'database_unavailable', message: 'The database cannot be reached.' } });
    }
    return { data: { status: 'ok' as const } };
  });
}
