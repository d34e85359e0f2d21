import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import { API_KEY_PATTERN } from '#shared/api/developers.ts';
import type { AppContext } from '../../context.ts';
import { apiKeys, organisationMembers, organisations, roles, users } from '../../db/schema/index.ts';
import { invalidApiKey } from '../../lib/bearer.ts';
import type { Membership } from '../organisations/member.ts';
import type { SessionUserRow } from '../auth/session.ts';
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

/**
 * The membership an API key acts with (docs/architecture.md#api-keys): its organisation, its
 * creator as the person responsible, and the permissions of its scopes that the creator's role
 * still grants — a key never does more than the person who made it may do today. Read afresh on
 * every request (no reuse), so a revoked key stops at once on every node. 401 for a key that is
 * malformed, unknown, revoked, expired, past its roll's grace, or whose creator left.
 */
export async function keyMembership(ctx: AppContext, req: FastifyRequest, token: string): Promise<Membership> {
  if (!API_KEY_PATTERN.test(token)) throw invalidApiKey();
  const hash = hashApiKey(token);
  const db = ctx.database.db;
  const [row] = await db
    .select({
      id: apiKeys.id, name: apiKeys.name, scopes: apiKeys.scopes, organisation_id: apiKeys.organisation_id,
      current: sql<boolean>`${apiKeys.key_hash} = ${hash}`,
      valid: sql<boolean>`${apiKeys.revoked_at} is null and (${apiKeys.expires_at} is null or ${apiKeys.expires_at} > now())
        and (${apiKeys.key_hash} = ${hash} or ${apiKeys.previous_valid_until} > now())`,
      last_used_at: apiKeys.last_used_at,
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
  if (!row || !row.valid || row.status !== 'active') throw invalidApiKey();
  const held = new Set(row.role.permissions);
  const lastUsed = row.last_used_at ? new Date(row.last_used_at).getTime() : 0;
  if (Date.now() - lastUsed >= LAST_USED_EVERY_MS) {
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
