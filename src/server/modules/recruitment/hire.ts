import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { ApplicantStatus } from '#shared/recruitment/model.ts';
import { mayApplicant } from '#shared/recruitment/model.ts';
import { rowsOf, type Tx } from '../../db/client.ts';
import { applicants, employeesTable, offers, organisationMembers, type jobOpenings } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { pgCode } from '../../lib/sql-text.ts';
import { insertDraftContract } from '../hr/contracts.ts';
import { lockApplicant, stagesOf, type OfferRow } from './service.ts';

/**
 * A hire's employment (docs/product.md#recruitment-hub): the employee record and a draft contract
 * from the accepted offer. It is made when the person accepts the invitation the hire mailed them
 * (staff/routes.ts), or at once when they are an active member already; never before they agree.
 */

export type HireFacts = {
  applicant: typeof applicants.$inferSelect;
  offer: OfferRow;
  opening: typeof jobOpenings.$inferSelect;
  /** The organisation's hired stage, if it still has one. */
  hiredStageId: string | null;
};

/**
 * The applicant of an accepted offer with their offer and opening, the applicant locked in `tx`;
 * null when the hire cannot happen any more (the applicant rejected, hired or gone, the offer no
 * longer accepted). The applicant is locked before anything else, as rejecting does.
 */
export async function lockHire(tx: Tx, organisationId: string, offerId: string): Promise<HireFacts | null> {
  const [ref] = await rowsOf<{ applicant_id: string }>(tx, sql`select applicant_id from offers where organisation_id = ${organisationId} and id = ${offerId}`);
  if (!ref) return null;
  const applicant = await lockApplicant(tx, organisationId, ref.applicant_id).catch(() => null);
  if (!applicant || !mayApplicant('hire', applicant.status as ApplicantStatus)) return null;
  const [offer] = await rowsOf<OfferRow>(tx, sql`select * from offers where organisation_id = ${organisationId} and id = ${offerId} and status = 'accepted' for update`);
  if (!offer) return null;
  const [opening] = await rowsOf<typeof jobOpenings.$inferSelect>(tx, sql`select * from job_openings where organisation_id = ${organisationId} and id = ${applicant.opening_id}`);
  const hired = (await stagesOf(tx, organisationId)).find((s) => s.kind === 'hired');
  return { applicant, offer, opening, hiredStageId: hired?.id ?? null };
}

/** Whether `userId` is an active member of the organisation now. */
async function isActiveMember(tx: Tx, organisationId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: organisationMembers.user_id })
    .from(organisationMembers)
    .where(sql`${organisationMembers.organisation_id} = ${organisationId} and ${organisationMembers.user_id} = ${userId} and ${organisationMembers.status} = 'active'`);
  return rows.length > 0;
}

/**
 * The employment, in the caller's transaction, for `userId` (an active member by now): the employee
 * (the offer's job title, start date and salary currency, the opening's location and employment type,
 * the department and manager the hire chose — a manager no longer active is left out), a draft
 * contract from the offer, the applicant in the hired stage with `employee_id`, the offer's `contract_id`.
 */
export async function completeHire(
  tx: Tx,
  f: HireFacts,
  p: { userId: string; departmentId: string | null; managerId: string | null; actorId: string; invitationId: string | null },
): Promise<{ employeeId: string; contractId: string }> {
  const orgId = f.applicant.organisation_id;
  const managerId = p.managerId && (await isActiveMember(tx, orgId, p.managerId)) ? p.managerId : null;
  const employeeId = uuidv7();
  await tx.insert(employeesTable).values({
    organisation_id: orgId, id: employeeId, user_id: p.userId, job_title: f.offer.job_title, department_id: p.departmentId, manager_id: managerId,
    work_location: f.opening.location, employment_type: f.opening.employment_type, start_date: f.offer.start_date, salary_currency: f.offer.salary_currency,
  }).catch((err: unknown) => {
    // The person's employment starting that day exists already (the transaction rolls back).
    if (pgCode(err) === '23505') throw new AppError(409, 'hire_conflict', 'This person already has an employment starting that day: check the employees.');
    throw err;
  });
  await audit(tx, orgId, p.actorId, 'employees', 'create', employeeId, { user_id: p.userId, job_title: f.offer.job_title, applicant_id: f.applicant.id });
  const contractId = await insertDraftContract(tx, orgId, p.actorId, {
    employee_id: employeeId, type: f.offer.contract_type as never, start_date: String(f.offer.start_date).slice(0, 10), end_date: null,
    probation_months: f.offer.probation_months, notice_days: f.offer.notice_days, hours_per_week: f.offer.hours_per_week,
    salary: { amount_minor: Number(f.offer.salary_minor), currency: f.offer.salary_currency, period: f.offer.salary_period as 'month' | 'year' },
  });
  await tx.update(applicants).set({ stage_id: f.hiredStageId ?? f.applicant.stage_id, status: 'hired', employee_id: employeeId, updated_at: new Date() }).where(sql`organisation_id = ${orgId} and id = ${f.applicant.id}`);
  await tx.update(offers).set({ contract_id: contractId, updated_at: new Date() }).where(sql`organisation_id = ${orgId} and id = ${f.offer.id}`);
  await audit(tx, orgId, p.actorId, 'applicants', 'hire', f.applicant.id, { offer_id: f.offer.id, employee_id: employeeId, contract_id: contractId, invitation_id: p.invitationId, user_id: p.userId });
  return { employeeId, contractId };
}

/** Pending hire invitations of an applicant go when the applicant is rejected (they cannot be accepted any more). */
export async function withdrawHireInvitations(tx: Tx, organisationId: string, applicantId: string): Promise<void> {
  await tx.execute(sql`
    delete from staff_invitations i using offers f
     where i.organisation_id = ${organisationId} and f.organisation_id = i.organisation_id and f.id = i.offer_id
       and f.applicant_id = ${applicantId} and i.accepted_at is null`);
}
