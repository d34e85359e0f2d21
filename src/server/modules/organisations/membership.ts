import type { FastifyRequest } from 'fastify';
import type { Permission } from '#shared/resources/permissions.ts';
import type { AppContext } from '../../context.ts';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { bearerToken, invalidApiKey } from '../../lib/bearer.ts';
import { keyIdentity, type KeyGrant } from '../developers/key-auth.ts';
import { forgetIdentity, identify, requireUser, type MemberRow, type OrganisationRow, type SessionUserRow } from '../auth/session.ts';
import type { Membership } from './member.ts';

export type { OrganisationRow };
export type { Membership } from './member.ts';

const cache = new WeakMap<FastifyRequest, Promise<Membership>>();

/**
 * Every tenant call: logged in, an active member of an organisation, with the role's permissions
 * read fresh on each request (a role change applies to the next request), in the same query as
 * the session (auth/session.ts). The organisation always comes from the membership, never from
 * the request.
 */
export function requireMember(ctx: AppContext, req: FastifyRequest): Promise<Membership> {
  let pending = cache.get(req);
  if (!pending) {
    pending = loadMember(ctx, req);
    cache.set(req, pending);
  }
  return pending;
}

/** The membership read again, after the handler changed the organisation (billing status …). */
export function reloadMember(ctx: AppContext, req: FastifyRequest): Promise<Membership> {
  cache.delete(req);
  forgetIdentity(req);
  return requireMember(ctx, req);
}

async function loadMember(ctx: AppContext, req: FastifyRequest): Promise<Membership> {
  const token = bearerToken(req);
  if (token !== null) {
    const { user, member, key } = await keyIdentity(ctx, req, token);
    return membershipOf(user, member, key);
  }
  const user = await requireUser(ctx, req);
  return membershipOf(user, (await identify(ctx, req))?.member ?? null);
}

/**
 * One loader for a person's session and an API key: the membership the identity query read
 * (auth/session.ts `memberColumns`), active, with its role's permissions. A key acts for its
 * organisation with those of its scopes that its creator's role still grants (a key never does
 * more than the person who made it may do today); its role has no `builtin`, so checks that ask
 * for a built-in role (owners only) refuse it; a creator who left or was deactivated stops it (401).
 */
export function membershipOf(user: SessionUserRow, member: MemberRow | null, key?: KeyGrant): Membership {
  if (!member || (!key && !user.organisationId)) {
    if (key) throw invalidApiKey();
    throw new AppError(403, 'organisation_required', 'Create or join an organisation first.');
  }
  if (member.status !== 'active') {
    if (key) throw invalidApiKey();
    throw new AppError(403, 'membership_deactivated', 'Your access to this organisation has been deactivated.');
  }
  const { permissions, ...role } = member.role;
  if (!key) return { user, organisation: member.organisation, role, permissions: new Set(permissions) };
  const held = new Set(permissions);
  return {
    user,
    organisation: member.organisation,
    role: { id: role.id, name: key.name, builtin: null },
    permissions: new Set(key.scopes.filter((p) => held.has(p))),
    apiKey: { id: key.id, name: key.name, rate: key.rate },
  };
}

export const can = (m: Membership, permission: Permission) => m.permissions.has(permission);

/**
 * Of `userIds`, those who are not active members of the organisation. A person a record names as
 * its owner, assignee, manager, interviewer … must be one: a deactivated member is no colleague
 * (a foreign key only proves that a membership row exists).
 */
export async function notActiveMembers(db: Db | Tx, organisationId: string, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await rowsOf<{ id: string }>(db, sql`
    select user_id::text as id from organisation_members where organisation_id = ${organisationId} and user_id = any(${`{${userIds.join(',')}}`}::uuid[]) and status = 'active'`);
  const active = new Set(rows.map((r) => r.id));
  return userIds.filter((id) => !active.has(id));
}

/** 422 on `field` unless `userId` is an active member of the organisation; nothing to check for none. */
export async function requireActiveMember(db: Db | Tx, organisationId: string, userId: string | null | undefined, field: string): Promise<void> {
  if (userId && (await notActiveMembers(db, organisationId, [userId])).length) {
    throw new AppError(422, 'validation_failed', 'The request has invalid fields.', { [field]: 'Not one of your active staff.' });
  }
}

export function requirePermission(m: Membership, permission: Permission) {
  if (!can(m, permission)) throw new AppError(403, 'forbidden', `Your role does not allow this (${permission}).`);
}
