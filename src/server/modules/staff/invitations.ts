import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../context.ts';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import { organisationMembers, organisations, staffInvitations, users } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mail } from '../mail/mailer.ts';
import { invitationMail } from '../mail/templates.ts';

/**
 * Invitations into an organisation (docs/product.md#staff-and-invitations), the one way anyone joins
 * one they did not create: the staff screen sends them, and so does hiring in the recruitment hub.
 * Nobody's account changes until its owner accepts; declining leaves nothing behind.
 */

export const INVITATION_DAYS = 7;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type Invitation = typeof staffInvitations.$inferSelect;

/**
 * Writes an invitation into a role (and department) in the caller's transaction and answers the
 * invitation mail, to be sent once that transaction has committed. `hire`: the accepted offer of an
 * applicant and the manager chosen, from which accepting makes the employee and a draft contract.
 */
export async function createStaffInvitation(
  tx: Db | Tx,
  ctx: AppContext,
  i: {
    organisationId: string; organisationName: string; inviter: { id: string; name: string }; email: string; role: { id: string; name: string }; departmentId: string | null;
    hire?: { offerId: string; managerId: string | null };
  },
): Promise<{ id: string; expiresAt: Date; mail: Mail }> {
  const token = randomBytes(24).toString('base64url');
  const id = uuidv7();
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
  await tx.insert(staffInvitations).values({
    organisation_id: i.organisationId, id, email: i.email, role_id: i.role.id, department_id: i.departmentId,
    token_hash: hashToken(token), invited_by: i.inviter.id, expires_at: expiresAt, offer_id: i.hire?.offerId ?? null, manager_id: i.hire?.managerId ?? null,
  });
  const link = `${ctx.config.appUrl}/auth/sign-up?invitation=${encodeURIComponent(token)}&email=${encodeURIComponent(i.email)}`;
  return { id, expiresAt, mail: invitationMail(i.email, i.inviter.name, i.organisationName, i.role.name, link, INVITATION_DAYS) };
}

export const invitationGone = () => new AppError(404, 'invitation_not_found', 'This invitation is not valid any more: ask for a new one.');

/** The invitation a mailed token names, while it can still be answered (not accepted, not expired), with its organisation's name. */
export async function invitationByToken(db: Db, token: string): Promise<{ invitation: Invitation; organisationName: string } | null> {
  const [row] = await db
    .select({ invitation: staffInvitations, organisationName: organisations.name })
    .from(staffInvitations)
    .innerJoin(organisations, eq(organisations.id, staffInvitations.organisation_id))
    .where(and(eq(staffInvitations.token_hash, hashToken(token)), isNull(staffInvitations.accepted_at), gt(staffInvitations.expires_at, new Date())));
  return row ?? null;
}

/** Locks the invitation in `tx` while it is still open: a second answer at the same moment finds it answered. */
export async function lockOpenInvitation(tx: Tx, inv: Invitation): Promise<void> {
  const [still] = await rowsOf<{ id: string }>(tx, sql`
    select id from staff_invitations where organisation_id = ${inv.organisation_id} and id = ${inv.id} and accepted_at is null and expires_at > now() for update`);
  if (!still) throw invitationGone();
}

/**
 * The invited person joins, in the acceptance's transaction: an active member already (a hire of
 * someone on the team) stays as they are; their membership of the inviting organisation, if one
 * was kept (deactivated, or pending from a hire made before invitations waited for consent), is
 * active again in the invitation's role; anyone else becomes a member, if they belong to no other
 * organisation (409 `already_member`). Answers whether they joined now.
 */
export async function joinByInvitation(tx: Tx, inv: Invitation, userId: string, jobTitle: string | null): Promise<boolean> {
  const [membership] = await tx
    .select({ status: organisationMembers.status })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.organisation_id, inv.organisation_id), eq(organisationMembers.user_id, userId)))
    .for('update');
  if (membership?.status === 'active') {
    if (inv.offer_id) return false;
    throw new AppError(409, 'already_member', 'You already belong to this organisation.');
  }
  const claimed = await tx
    .update(users)
    .set({ organisationId: inv.organisation_id, emailVerified: true, updatedAt: new Date() })
    .where(and(eq(users.id, userId), sql`(${users.organisationId} is null or ${users.organisationId} = ${inv.organisation_id})`))
    .returning({ id: users.id });
  if (claimed.length === 0) throw new AppError(409, 'already_member', 'You already belong to an organisation.');
  const values = { role_id: inv.role_id, department_id: inv.department_id, ...(jobTitle !== null && { job_title: jobTitle }), status: 'active', updated_at: new Date() };
  if (membership) {
    await tx.update(organisationMembers).set(values).where(and(eq(organisationMembers.organisation_id, inv.organisation_id), eq(organisationMembers.user_id, userId)));
  } else {
    await tx.insert(organisationMembers).values({ organisation_id: inv.organisation_id, user_id: userId, ...values });
  }
  return true;
}

/** Marks the invitation accepted, with the audit event of the person joining (or of a member's hire). */
export async function markAccepted(tx: Tx, inv: Invitation, userId: string, joined: boolean): Promise<void> {
  await tx.update(staffInvitations).set({ accepted_at: new Date(), updated_at: new Date() }).where(and(eq(staffInvitations.organisation_id, inv.organisation_id), eq(staffInvitations.id, inv.id)));
  if (joined) await audit(tx, inv.organisation_id, userId, 'staff', 'create', userId, { invitation: inv.id });
}

/** Declining: the invitation is gone, and nothing of the person is kept (no account, no membership). */
export async function deleteInvitation(tx: Tx, inv: Invitation): Promise<void> {
  await tx.delete(staffInvitations).where(and(eq(staffInvitations.organisation_id, inv.organisation_id), eq(staffInvitations.id, inv.id)));
  await audit(tx, inv.organisation_id, null, 'staff_invitations', 'decline', inv.id, { offer_id: inv.offer_id });
}
