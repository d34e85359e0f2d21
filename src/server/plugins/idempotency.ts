import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { hasBearer } from '../lib/bearer.ts';
import { AppError } from '../lib/errors.ts';
import { requireUser } from '../modules/auth/session.ts';
import { requireMember } from '../modules/organisations/membership.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** How long a first answer is kept; a request still running after this long is taken as lost (its node stopped). */
const KEEP_HOURS = 24;
const LOST_AFTER_MINUTES = 5;

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: { scope: string; key: string };
  }
}

/**
 * `Idempotency-Key` on every write of a logged-in person or an API key (docs/architecture.md#idempotency):
 * the first answer (status and body) is kept 24 hours per caller — the key, or the person in their
 * organisation — and a repeat gets it again with `Idempotent-Replayed: true`; the same key with
 * another request → 422 idempotency_key_reused; while the first still runs → 409 idempotency_key_in_use.
 * Kept in the database, so a repeat reaching another node is answered the same. Answers that fail
 * on our side (5xx) and streamed answers are not kept: the request may be sent again.
 */
export function registerIdempotency(app: FastifyInstance, ctx: AppContext) {
  const { query } = ctx.database;

  async function scopeOf(req: FastifyRequest): Promise<string> {
    if (hasBearer(req)) return `key:${(await requireMember(ctx, req)).apiKey?.id}`;
    const user = await requireUser(ctx, req);
    return `user:${user.id}:${user.organisationId ?? '-'}`;
  }

  // After access and validation: a refused or malformed request is answered as such, never kept.
  // Synchronous for the requests without the header (nearly all): no promise on the hot path.
  app.addHook('preHandler', (req, reply, done) => {
    const access = req.routeOptions.config?.access;
    // Public writes (sign-in, sign-up, signed webhooks) have no caller to keep answers for.
    if (req.headers[IDEMPOTENCY_HEADER] === undefined || !WRITES.has(req.method) || !access || access === 'public') return done();
    // A replayed answer is sent from here: the handler does not run (and done is not called).
    begin(req, reply).then((replied) => (replied ? undefined : done()), done);
  });

  /** Takes the key for this request, or answers the first answer again (true). */
  async function begin(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const key = req.headers[IDEMPOTENCY_HEADER];
    if (typeof key !== 'string' || key.length < 1 || key.length > 255) {
      throw new AppError(400, 'idempotency_key_invalid', 'The Idempotency-Key header must be 1 to 255 characters.');
    }
    const scope = await scopeOf(req);
    const hash = createHash('sha256').update(`${req.method} ${req.url}\n${JSON.stringify(req.body ?? null)}`).digest('hex');
    const [taken] = await query<{ taken: boolean }>(
      `insert into idempotency_records (scope, key, request_hash, state) values ($1, $2, $3, 'running')
       on conflict (scope, key) do update set request_hash = excluded.request_hash, state = 'running', response_status = null, response_type = null, response_body = null, created_at = now()
         where idempotency_records.created_at < now() - interval '${KEEP_HOURS} hours'
            or (idempotency_records.state = 'running' and idempotency_records.created_at < now() - interval '${LOST_AFTER_MINUTES} minutes')
       returning true as taken`,
      [scope, key, hash],
    );
    if (taken) {
      req.idempotency = { scope, key };
      return false;
    }
    const [first] = await query<{ request_hash: string; state: string; response_status: number | null; response_type: string | null; response_body: string | null }>(
      'select request_hash, state, response_status, response_type, response_body from idempotency_records where scope = $1 and key = $2',
      [scope, key],
    );
    if (!first || first.state !== 'done') throw new AppError(409, 'idempotency_key_in_use', 'A request with this Idempotency-Key is still being answered. Try again in a moment.');
    if (first.request_hash !== hash) {
      throw new AppError(422, 'idempotency_key_reused', 'This Idempotency-Key was used for another request. Use a new key for a new request.');
    }
    reply.header(REPLAYED_HEADER, 'true');
    if (first.response_type) reply.header('content-type', first.response_type);
    reply.status(first.response_status ?? 200).send(first.response_body ?? '');
    return true;
  }

  app.addHook('onSend', (req, reply, payload, done) => {
    const held = req.idempotency;
    if (!held) return done(null, payload);
    req.idempotency = undefined;
    keep(held, reply, payload).then(() => done(null, payload), (err: Error) => done(err));
  });

  async function keep(held: { scope: string; key: string }, reply: FastifyReply, payload: unknown): Promise<void> {
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload == null ? '' : null;
    if (reply.statusCode >= 500 || body === null) {
      await query('delete from idempotency_records where scope = $1 and key = $2', [held.scope, held.key]);
    } else {
      const type = reply.getHeader('content-type');
      await query(`update idempotency_records set state = 'done', response_status = $3, response_type = $4, response_body = $5 where scope = $1 and key = $2`,
        [held.scope, held.key, reply.statusCode, typeof type === 'string' ? type : null, body]);
    }
  }
}
