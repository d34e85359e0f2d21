import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { organisationMembers, organisations } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { requireUser, type SessionUserRow } from '../auth/session.ts';

export type OrganisationRow = typeof organisations.$inferSelect;
export type Membership = { user: SessionUserRow; organisation: OrganisationRow; role: string };

/**
 * Every tenant call: logged in, member of an organisation, and (when asked) in a role allowed to
 * change things. The organisation always comes from the membership, never from the request.
 */
export async function requireMember(ctx: AppContext, req: FastifyRequest): Promise<Membership> {
  const user = await requireUser(ctx, req);
  const orgId = user.organisationId as string | null | undefined;
  if (!orgId) throw new AppError(403, 'organisation_required', 'Create or join an organisation first.');
  const [row] = await ctx.database.db
    .select({ organisation: organisations, role: organisationMembers.role })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(and(eq(organisationMembers.organisationId, orgId), eq(organisationMembers.userId, user.id)));
  if (!row) throw new AppError(403, 'organisation_required', 'Create or join an organisation first.');
  return { user, organisation: row.organisation, role: row.role };
}

/** Billing and organisation details may be changed by owners (roles come with the staff issue). */
export function canManage(m: Membership, area: 'billing' | 'organisation'): boolean {
  return m.role === 'owner' || (area === 'organisation' && m.role === 'admin');
}

export function requireManage(m: Membership, area: 'billing' | 'organisation') {
  if (!canManage(m, area)) throw new AppError(403, 'forbidden', 'Your role does not allow this change.');
}
