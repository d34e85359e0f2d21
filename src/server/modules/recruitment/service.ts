import { sql } from 'drizzle-orm';
import type { Applicant, Interview, Offer, Opening } from '#shared/api/recruitment.ts';
import type { ApplicantStatus, OpeningStatus } from '#shared/recruitment/model.ts';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import type { applicants, interviews, jobOpenings, offers } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { dayOrNull as day, iso } from '../../lib/dates.ts';

/** Recruitment's reads and shared rules (issue 13, item 6): routes.ts and public.ts answer with these. */


export type OpeningRow = typeof jobOpenings.$inferSelect & { department_name: string | null; hiring_manager_name: string | null; location_name: string | null; active_applicants: number; applicants: number };
export type ApplicantRow = typeof applicants.$inferSelect & {
  opening_title: string; stage_name: string; rating: string | number | null;
  invitation: { id: string; email: string; created_at: string; expires_at: string } | null;
};
export type InterviewRow = typeof interviews.$inferSelect & { interviewer_name: string | null };
export type OfferRow = typeof offers.$inferSelect;
export type StageRow = { id: string; name: string; position: number; kind: 'active' | 'hired' | 'rejected' };

export const openingSelect = (organisationId: string) => sql`
  select o.*, d.name as department_name, u.name as hiring_manager_name, l.name as location_name,
         (select count(*)::int from applicants a where a.organisation_id = o.organisation_id and a.opening_id = o.id and a.status = 'active') as active_applicants,
         (select count(*)::int from applicants a where a.organisation_id = o.organisation_id and a.opening_id = o.id) as applicants
    from job_openings o
    left join departments d on d.organisation_id = o.organisation_id and d.id = o.department_id
    left join users u on u.id = o.hiring_manager_id
    left join locations l on l.code = o.location
   where o.organisation_id = ${organisationId}`;

export const applicantSelect = (organisationId: string) => sql`
  select a.*, o.title as opening_title, s.name as stage_name,
         (select avg(i.rating)::numeric(3,1) from interviews i where i.organisation_id = a.organisation_id and i.applicant_id = a.id and i.status = 'held' and i.rating is not null) as rating,
         (select json_build_object('id', x.id, 'email', x.email, 'created_at', x.created_at, 'expires_at', x.expires_at)
            from staff_invitations x join offers f on f.organisation_id = x.organisation_id and f.id = x.offer_id
           where x.organisation_id = a.organisation_id and f.applicant_id = a.id and x.accepted_at is null
           order by x.created_at desc limit 1) as invitation
    from applicants a
    join job_openings o on o.organisation_id = a.organisation_id and o.id = a.opening_id
    join recruitment_stages s on s.organisation_id = a.organisation_id and s.id = a.stage_id
   where a.organisation_id = ${organisationId}`;

export const presentOpening = (r: OpeningRow): Opening => ({
  id: r.id, title: r.title, status: r.status as OpeningStatus, department_id: r.department_id, department_name: r.department_name,
  hiring_manager_id: r.hiring_manager_id, hiring_manager_name: r.hiring_manager_name, location: r.location, location_name: r.location_name,
  employment_type: r.employment_type as Opening['employment_type'], description: r.description,
  salary_min_minor: r.salary_min_minor == null ? null : Number(r.salary_min_minor), salary_max_minor: r.salary_max_minor == null ? null : Number(r.salary_max_minor),
  salary_currency: r.salary_currency, closes_on: day(r.closes_on), public_slug: r.public_slug,
  active_applicants: Number(r.active_applicants), applicants: Number(r.applicants), created_at: iso(r.created_at), updated_at: iso(r.updated_at),
});

export const presentApplicant = (r: ApplicantRow): Applicant => ({
  id: r.id, opening_id: r.opening_id, opening_title: r.opening_title, stage_id: r.stage_id, stage_name: r.stage_name, status: r.status as ApplicantStatus,
  name: r.name, email: r.email, phone: r.phone, cover_letter: r.cover_letter,
  cv: r.cv_file_key ? { name: r.cv_name ?? 'cv', type: r.cv_type ?? 'application/octet-stream', bytes: Number(r.cv_bytes ?? 0) } : null,
  source: r.source as Applicant['source'], employee_id: r.employee_id, rating: r.rating == null ? null : Number(r.rating),
  invitation: r.invitation ? { id: r.invitation.id, email: r.invitation.email, sent_at: iso(r.invitation.created_at), expires_at: iso(r.invitation.expires_at) } : null,
  created_at: iso(r.created_at), updated_at: iso(r.updated_at),
});

export const presentInterview = (r: InterviewRow): Interview => ({
  id: r.id, applicant_id: r.applicant_id, interviewer_id: r.interviewer_id, interviewer_name: r.interviewer_name, scheduled_at: iso(r.scheduled_at),
  duration_minutes: r.duration_minutes, kind: r.kind as Interview['kind'], status: r.status as Interview['status'], feedback: r.feedback,
  rating: r.rating, recommendation: r.recommendation as Interview['recommendation'], created_at: iso(r.created_at), updated_at: iso(r.updated_at),
});

export const presentOffer = (r: OfferRow): Offer => ({
  id: r.id, applicant_id: r.applicant_id, job_title: r.job_title, contract_type: r.contract_type as Offer['contract_type'], start_date: day(r.start_date)!,
  salary: { amount_minor: Number(r.salary_minor), currency: r.salary_currency, period: r.salary_period as 'month' | 'year' },
  hours_per_week: r.hours_per_week, probation_months: r.probation_months, notice_days: r.notice_days, status: r.status as Offer['status'],
  contract_id: r.contract_id, created_at: iso(r.created_at), updated_at: iso(r.updated_at),
});

export async function stagesOf(db: Db | Tx, organisationId: string): Promise<StageRow[]> {
  return rowsOf<StageRow>(db, sql`select id, name, position, kind from recruitment_stages where organisation_id = ${organisationId} order by position, name`);
}

export async function openingOf(db: Db | Tx, organisationId: string, id: string): Promise<Opening> {
  const [row] = await rowsOf<OpeningRow>(db, sql`${openingSelect(organisationId)} and o.id = ${id}`);
  if (!row) throw notFound('The opening');
  return presentOpening(row);
}

export async function applicantDetail(db: Db | Tx, organisationId: string, id: string) {
  const [row] = await rowsOf<ApplicantRow>(db, sql`${applicantSelect(organisationId)} and a.id = ${id}`);
  if (!row) throw notFound('The applicant');
  const ivs = await rowsOf<InterviewRow>(db, sql`
    select i.*, u.name as interviewer_name from interviews i left join users u on u.id = i.interviewer_id
     where i.organisation_id = ${organisationId} and i.applicant_id = ${id} order by i.scheduled_at, i.id`);
  const ofs = await rowsOf<OfferRow>(db, sql`select * from offers where organisation_id = ${organisationId} and applicant_id = ${id} order by created_at, id`);
  return { ...presentApplicant(row), interviews: ivs.map(presentInterview), offers: ofs.map(presentOffer) };
}

/** The applicant locked for a change (404 when not the organisation's). */
export async function lockApplicant(tx: Tx, organisationId: string, id: string) {
  const [a] = await rowsOf<typeof applicants.$inferSelect>(tx, sql`select * from applicants where organisation_id = ${organisationId} and id = ${id} for update`);
  if (!a) throw notFound('The applicant');
  return a;
}

export async function requireDepartmentRef(db: Db | Tx, organisationId: string, id: string | null | undefined, field = 'department_id') {
  if (!id) return;
  const [row] = await rowsOf<{ ok: number }>(db, sql`select 1 as ok from departments where organisation_id = ${organisationId} and id = ${id}`);
  if (!row) throw new AppError(422, 'validation_failed', 'The request has invalid fields.', { [field]: 'Unknown department.' });
}
