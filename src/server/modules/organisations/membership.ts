import type { FastifyRequest } from 'fastify';
import type { Permission } from '#shared/resources/permissions.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { forgetIdentity, identify, requireUser, type OrganisationRow, type SessionUserRow } from '../auth/session.ts';

export type { OrganisationRow };
export type Membership = {
  user: SessionUserRow;
  organisation: OrganisationRow;
  role: { id: string; name: string; builtin: string | null };
  permissions: ReadonlySet<string>;
};

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
  const user = await requireUser(ctx, req);
  const member = (await identify(ctx, req))?.member;
  if (!user.organisationId || !member) throw new AppError(403, 'organisation_required', 'Create or join an organisation first.');
  if (member.status !== 'active') throw new AppError(403, 'membership_deactivated', 'Your access to this organisation has been deactivated.');
  const { permissions, ...role } = member.role;
  return { user, organisation: member.organisation, role, permissions: new Set(permissions) };
}

export const can = (m: Membership, permission: Permission) => m.permissions.has(permission);

export function requirePermission(m: Membership, permission: Permission) {
  if (!can(m, permission)) throw new AppError(403, 'forbidden', `Your role does not allow this (${permission}).`);
}
