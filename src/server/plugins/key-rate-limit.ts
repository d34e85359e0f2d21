import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { hasBearer } from '../lib/bearer.ts';
import { AppError } from '../lib/errors.ts';
import { requireMember, type Membership } from '../modules/organisations/membership.ts';
import { RATE_WINDOW_SECONDS } from '../modules/developers/key-auth.ts';


/**
 * Requests per API key per minute (docs/architecture.md#api-keys, "Rate limits"): counted in the
 * database (one atomic upsert per request, in the statement that reads the key), so that every node counts the same; announced on
 * every answer to a key as `RateLimit-Policy: "default";q=<limit>;w=60` and
 * `RateLimit: "default";r=<left>;t=<seconds to the window's end>`; over the limit, 429 with Retry-After.
 * `limitOf` gives an organisation's limit (its plan's; config.apiKeyRequestsPerMinute by default).
 */
export function registerKeyRateLimit(app: FastifyInstance, ctx: AppContext, limitOf: (organisation: Membership['organisation']) => Promise<number>) {
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
    // Counted by the statement that read the key (developers/key-auth.ts): no query of its own.
    const { used, windowStart } = m.apiKey.rate;
    const reset = Math.max(1, Math.ceil((windowStart + RATE_WINDOW_SECONDS * 1000 - Date.now()) / 1000));
    reply.header('ratelimit-policy', `"default";q=${limit};w=${RATE_WINDOW_SECONDS}`);
    reply.header('ratelimit', `"default";r=${Math.max(0, limit - used)};t=${reset}`);
    if (used > limit) {
      throw new AppError(429, 'too_many_requests', `This API key made more than ${limit} requests this minute. Try again in ${reset} seconds.`, undefined, { 'retry-after': String(reset) });
    }
  }
}
