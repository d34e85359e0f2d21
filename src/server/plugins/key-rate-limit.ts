import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { hasBearer } from '../lib/bearer.ts';
import { AppError } from '../lib/errors.ts';
import { requireMember, type Membership } from '../modules/organisations/membership.ts';

const WINDOW_SECONDS = 60;

/**
 * Requests per API key per minute (docs/architecture.md#api-keys, "Rate limits"): counted in the
 * database (one atomic upsert per request), so that every node counts the same; announced on
 * every answer to a key as `RateLimit-Policy: "default";q=<limit>;w=60` and
 * `RateLimit: "default";r=<left>;t=<seconds to the window's end>`; over the limit, 429 with Retry-After.
 * `limitOf` gives an organisation's limit (its plan's; config.apiKeyRequestsPerMinute by default).
 */
export function registerKeyRateLimit(app: FastifyInstance, ctx: AppContext, limitOf: (organisation: Membership['organisation']) => Promise<number>) {
  const { query } = ctx.database;
  // After the access check (registered before this): the key is known and valid here.
  // Synchronous for requests without a key (nearly all): no promise on the hot path.
  app.addHook('preValidation', (req, reply, done) => {
    const access = req.routeOptions.config?.access;
    if (!hasBearer(req) || !access || access === 'public') return done();
    count(req, reply).then(() => done(), done);
  });

  async function count(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const m = await requireMember(ctx, req);
    if (!m.apiKey) return;
    const limit = await limitOf(m.organisation);
    const now = Date.now();
    const windowStart = Math.floor(now / (WINDOW_SECONDS * 1000)) * WINDOW_SECONDS * 1000;
    const [row] = await query<{ count: number }>(
      `insert into api_rate_counters (key, window_start, count) values ($1, $2, 1)
       on conflict (key, window_start) do update set count = api_rate_counters.count + 1 returning count`,
      [m.apiKey.id, windowStart],
    );
    const used = Number(row.count);
    const reset = Math.max(1, Math.ceil((windowStart + WINDOW_SECONDS * 1000 - now) / 1000));
    reply.header('ratelimit-policy', `"default";q=${limit};w=${WINDOW_SECONDS}`);
    reply.header('ratelimit', `"default";r=${Math.max(0, limit - used)};t=${reset}`);
    if (used > limit) {
      throw new AppError(429, 'too_many_requests', `This API key made more than ${limit} requests this minute. Try again in ${reset} seconds.`, undefined, { 'retry-after': String(reset) });
    }
  }
}
