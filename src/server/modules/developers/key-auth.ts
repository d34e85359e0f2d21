import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import { API_KEY_PATTERN } from '#shared/api/developers.ts';
import type { AppContext } from '../../context.ts';
import { apiKeys, apiRateCounters } from '../../db/schema/index.ts';
import { invalidApiKey } from '../../lib/bearer.ts';
import { memberColumns, memberOf, withMember, type MemberRow, type SessionUserRow } from '../auth/session.ts';
import { productsOf } from '../posts/service.ts';

/**
 * Requests a minute for each key of an organisation: its paid plan's (the provider product's metadata
 * `api_requests_per_minute`), else API_KEY_REQUESTS_PER_MINUTE (600 by default).
 */
export async function keyRequestsPerMinute(ctx: AppContext, org: { status: string; priceId: string | null }): Promise<number> {
  const fallback = ctx.config.apiKeyRequestsPerMinute;
  if (!org.priceId || !['active', 'outstanding_payment'].includes(org.status)) return fallback;
  const product = (await productsOf(ctx.payments).catch(() => [])).find((p) => p.prices.some((price) => price.id === org.priceId));
  const n = Number.parseInt(product?.metadata.api_requests_per_minute ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** last_used_at and the address are written at most this often per key. */
export const LAST_USED_EVERY_MS = 60_000;

/** A key's requests are counted per minute window (plugins/key-rate-limit.ts). */
export const RATE_WINDOW_SECONDS = 60;
export const rateWindowStart = (now: number) => Math.floor(now / (RATE_WINDOW_SECONDS * 1000)) * RATE_WINDOW_SECONDS * 1000;

/** What a valid key grants beside its creator's membership: its scopes, and its request counted in this window. */
export type KeyGrant = { id: string; name: string; scopes: string[]; rate: { used: number; windowStart: number } };

/**
 * The caller an API key stands for (docs/architecture.md#api-keys), in one statement: the key by
 * its hash (current, or the previous one within its roll's grace), its creator and the creator's
 * membership of the key's organisation read by the same joins as a session's (auth/session.ts
 * `withMember`), the request counted in the key's rate window, and `last_used_at`/address written
 * when a minute has passed. Read afresh on every request (no reuse), so a revoked key stops at
 * once on every node. The membership check and the permissions are then the session's own loader
 * (organisations/membership.ts `membershipOf`). 401 for a key that is malformed, unknown, revoked,
 * expired or past its roll's grace.
 */
export async function keyIdentity(ctx: AppContext, req: FastifyRequest, token: string): Promise<{ user: SessionUserRow; member: MemberRow | null; key: KeyGrant }> {
  if (!API_KEY_PATTERN.test(token)) throw invalidApiKey();
  const hash = hashApiKey(token);
  const windowStart = rateWindowStart(Date.now());
  const db = ctx.database.db;
  const presented = db.$with('presented').as(
    db.select({
      id: apiKeys.id, name: apiKeys.name, scopes: apiKeys.scopes, organisation_id: apiKeys.organisation_id, created_by: apiKeys.created_by,
      valid: sql<boolean>`${apiKeys.revoked_at} is null and (${apiKeys.expires_at} is null or ${apiKeys.expires_at} > now())
        and (${apiKeys.key_hash} = ${hash} or ${apiKeys.previous_valid_until} > now())`.as('valid'),
    }).from(apiKeys).where(or(eq(apiKeys.key_hash, hash), eq(apiKeys.previous_key_hash, hash))),
  );
  // Counted only for a valid key, atomically, so that every node counts the same.
  const counted = db.$with('counted').as(
    db.insert(apiRateCounters)
      .select(db.select({ key: sql<string>`${presented.id}::text`.as('key'), window_start: sql<number>`${windowStart}::bigint`.as('window_start'), count: sql<number>`1`.as('count') })
        .from(presented).where(sql`${presented.valid}`))
      .onConflictDoUpdate({ target: [apiRateCounters.key, apiRateCounters.window_start], set: { count: sql`api_rate_counters.count + 1` } })
      .returning({ used: apiRateCounters.count }),
  );
  // At most once a minute, whichever node: the condition on the row itself makes concurrent requests write once.
  const touched = db.$with('touched').as(
    db.update(apiKeys).set({ last_used_at: sql`now()`, last_used_ip: req.ip }).from(presented)
      .where(and(eq(apiKeys.organisation_id, presented.organisation_id), eq(apiKeys.id, presented.id), sql`${presented.valid}`,
        sql`(api_keys.last_used_at is null or api_keys.last_used_at < now() - interval '1 minute')`))
      .returning({ id: apiKeys.id }),
  );
  const [row] = await withMember(
    db.with(presented, counted, touched)
      .select({ id: presented.id, name: presented.name, scopes: presented.scopes, valid: presented.valid, used: counted.used, ...memberColumns })
      .from(presented).leftJoin(counted, sql`true`).$dynamic(),
    presented.created_by,
    presented.organisation_id,
  );
  if (!row || !row.valid) throw invalidApiKey();
  return {
    ...memberOf(row),
    key: { id: row.id, name: row.name, scopes: row.scopes, rate: { used: Number(row.used ?? 0), windowStart } },
  };
}
