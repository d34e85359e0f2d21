import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { API_KEY_PATTERN } from '#shared/api/developers.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { apiKeys, organisationMembers, organisations, roles, users } from '../../db/schema/index.ts';
import { invalidApiKey } from '../../lib/bearer.ts';
import type { Membership } from '../organisations/member.ts';
import { isRead, type IdentityCache, type SessionUserRow } from '../auth/session.ts';
import { LIVE_CHANNEL } from '../events/hub.ts';
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

/** A key as its lookup reads it: the key, its creator's membership and role, its organisation. */
type KeyRow = {
  id: string; name: string; scopes: string[]; organisation_id: string; key_hash: string; revoked_at: Date | string | null; expires_at: Date | string | null;
  previous_valid_until: Date | string | null; last_used_at: Date | string | null; user: unknown; status: string;
  role: { id: string; name: string; builtin: string | null; permissions: string[] }; organisation: Membership['organisation'];
};

/**
 * Keys read by read requests, reused like sessions' identities (auth/session.ts) for
 * config.identityReuseMs: an entry counts only while the identity cache's generation is the one it
 * was read in, so whatever clears reused identities — a write through this node, a session or
 * user ended, a key revoked or rolled on any node (`key:<id>` on the live channel) — clears keys too.
 */
const reused = new WeakMap<IdentityCache, LRUCache<string, { row: KeyRow; generation: number }>>();
function reuseOf(ctx: AppContext) {
  let cache = reused.get(ctx.identities);
  if (!cache) reused.set(ctx.identities, (cache = new LRUCache({ max: 10_000, ttl: Math.max(ctx.config.identityReuseMs, 1) })));
  return cache;
}

/** In the transaction that revokes or rolls a key: every node stops reusing what it read of keys when it commits. */
export async function keyChanged(tx: Tx, keyId: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${`key:${keyId}`})`);
}

const at = (v: Date | string | null) => (v == null ? null : new Date(v).getTime());

/**
 * The membership an API key acts with (docs/architecture.md#api-keys): its organisation, its
 * creator as the person responsible, and the permissions of its scopes that the creator's role
 * still grants — a key never does more than the person who made it may do today. A write reads
 * the key afresh; a read may reuse it (above), its revocation, expiry and grace checked at every
 * request. 401 for a key that is malformed, unknown, revoked, expired, past its roll's grace, or
 * whose creator left.
 */
export async function keyMembership(ctx: AppContext, req: FastifyRequest, token: string): Promise<Membership> {
  if (!API_KEY_PATTERN.test(token)) throw invalidApiKey();
  const hash = hashApiKey(token);
  const db = ctx.database.db;
  const cache = ctx.config.identityReuseMs > 0 && isRead(req.method) ? reuseOf(ctx) : null;
  const generation = ctx.identities.generation();
  const hit = cache?.get(hash);
  let row = hit && hit.generation === generation ? hit.row : undefined;
  if (!row) {
    [row] = await db
      .select({
        id: apiKeys.id, name: apiKeys.name, scopes: apiKeys.scopes, organisation_id: apiKeys.organisation_id, key_hash: apiKeys.key_hash,
        revoked_at: apiKeys.revoked_at, expires_at: apiKeys.expires_at, previous_valid_until: apiKeys.previous_valid_until, last_used_at: apiKeys.last_used_at,
        user: users, status: organisationMembers.status,
        role: { id: roles.id, name: roles.name, builtin: roles.builtin, permissions: roles.permissions },
        organisation: organisations,
      })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.created_by))
      .innerJoin(organisationMembers, and(eq(organisationMembers.organisation_id, apiKeys.organisation_id), eq(organisationMembers.user_id, apiKeys.created_by)))
      .innerJoin(roles, and(eq(roles.organisation_id, organisationMembers.organisation_id), eq(roles.id, organisationMembers.role_id)))
      .innerJoin(organisations, eq(organisations.id, apiKeys.organisation_id))
      .where(or(eq(apiKeys.key_hash, hash), eq(apiKeys.previous_key_hash, hash)));
    if (row && cache && ctx.identities.generation() === generation) cache.set(hash, { row, generation });
  }
  const now = Date.now();
  const expires = at(row?.expires_at ?? null);
  const valid = row && row.revoked_at == null && (expires === null || expires > now) && (row.key_hash === hash || (at(row.previous_valid_until) ?? 0) > now);
  if (!row || !valid || row.status !== 'active') throw invalidApiKey();
  const held = new Set(row.role.permissions);
  if (now - (at(row.last_used_at) ?? 0) >= LAST_USED_EVERY_MS) {
    row.last_used_at = new Date(now);
    // At most once a minute, whichever node: the condition makes concurrent requests write once.
    await db.update(apiKeys).set({ last_used_at: new Date(), last_used_ip: req.ip })
      .where(and(eq(apiKeys.organisation_id, row.organisation_id), eq(apiKeys.id, row.id), sql`(${apiKeys.last_used_at} is null or ${apiKeys.last_used_at} < now() - interval '1 minute')`));
  }
  return {
    user: row.user as SessionUserRow,
    organisation: row.organisation,
    // Not the creator's role: checks that ask for a built-in role (owners only) refuse a key.
    role: { id: row.role.id, name: row.name, builtin: null },
    permissions: new Set(row.scopes.filter((p) => held.has(p))),
    apiKey: { id: row.id, name: row.name },
  };
}
