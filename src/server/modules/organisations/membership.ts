import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Permission } from '#shared/resources/permissions.ts';
import type { AppContext } from '../../context.ts';
import { organisationMembers, organisations, roles } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { requireUser, type SessionUserRow } from '../auth/session.ts';

export type OrganisationRow = typeof organisations.$inferSelect;
export type Membership = {
  user: SessionUserRow;
  organisation: OrganisationRow;
  role: { id: string; name: string; builtin: string | null };
  permissions: ReadonlySet<string>;
};

/**
 * Every tenant call: logged in, an active member of an organisation, with the role's permissions
 * read fresh on each request (a role change applies to the next request). The organisation always
 * comes from the membership, never from the request.
 */
export async function requireMember(ctx: AppContext, req: FastifyRequest): Promise<Membership> {
  const user = await requireUser(ctx, req);
  const orgId = user.organisationId as string | null | undefined;
  if (!orgId) throw new AppError(403, 'organisation_required', 'Create or join an organisation first.');
  const [row] = await ctx.database.db
    .select({ organisation: organisations, status: organisationMembers.status, role: { id: roles.id, name: roles.name, builtin: roles.builtin, permissions: roles.permissions } })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisation_id))
    .innerJoin(roles, and(eq(roles.organisation_id, organisationMembers.organisation_id), eq(roles.id, organisationMembers.role_id)))
    .where(and(eq(organisationMembers.organisation_id, orgId), eq(organisationMembers.user_id, user.id)));
  if (!row) throw new AppError(403, 'organisation_required', 'Create or join an organisation first.');
  if (row.status !== 'active') throw new AppError(403, 'membership_deactivated', 'Your access to this organisation has been deactivated.');
  const { permissions, ...role } = row.role;
  return { user, organisation: row.organisation, role, permissions: new Set(permissions) };
}

export const can = (m: Membership, permission: Permission) => m.permissions.has(permission);

export function requirePermission(m: Membership, permission: Permission) {
  if (!can(m, permission)) throw new AppError(403, 'forbidden', `Your role does not allow this (${permission}).`);
}
