import type { FastifyRequest } from 'fastify';
import type { Permission } from '#shared/resources/permissions.ts';
import type { AppContext } from '../../context.ts';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { bearerToken } from '../../lib/bearer.ts';
import { keyMembership } from '../developers/key-auth.ts';
import { forgetIdentity, identify, requireUser, type OrganisationRow } from '../auth/session.ts';
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
  if (token !== null) return keyMembership(ctx, req, token);
  const user = await requireUser(ctx, req);
  const member = (await identify(ctx, req))?.member;
  if (!user.organisationId || !member) throw new AppError(403, 'organisation_required', 'Create or join an organisation first.');
  if (member.status !== 'active') throw new AppError(403, 'membership_deactivated', 'Your access to this organisation has been deactivated.');
  const { permissions, ...role } = member.role;
  return { user, organisation: member.organisation, role, permissions: new Set(permissions) };
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
