import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import {
  applicantBody, applicantDetailSchema, hireBody, hireSchema, interviewBody, interviewPatchBody, interviewSchema, moveBody, offerBody, offerSchema,
  openingBody, openingListQuery, openingPatchBody, openingSchema, pipelineSchema, rejectBody,
} from '#shared/api/recruitment.ts';
import {
  firstActiveStage, isLiveOffer, mayApplicant, mayInterview, mayOffer, mayOpening, OFFER_RESULT, statusInStage,
  type ApplicantStatus, type InterviewStatus, type OfferAction, type OfferStatus, type OpeningAction, type OpeningStatus,
} from '#shared/recruitment/model.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf, type Tx } from '../../db/client.ts';
import { applicants, interviews, jobOpenings, offers, roles } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { sendFile } from '../files/store.ts';
import { audit } from '../../lib/audit.ts';
import { requireActiveMember, requireMember, requirePermission, type Membership } from '../organisations/membership.ts';
import { assertMayAssignRole } from '../organisations/privileges.ts';
import { createStaffInvitation } from '../staff/invitations.ts';
import { completeHire, lockHire, withdrawHireInvitations } from './hire.ts';
import {
  applicantDetail, applicantSelect, lockApplicant, openingOf, openingSelect, presentApplicant, presentInterview, presentOffer, presentOpening,
  requireDepartmentRef, stagesOf, type ApplicantRow, type InterviewRow, type OfferRow, type OpeningRow,
} from './service.ts';

const ACTION_WORDS: Record<string, string> = { edit: 'changed', open: 'opened', close: 'closed', delete: 'deleted', move: 'moved', reject: 'rejected', interview: 'interviewed', offer: 'made an offer', hire: 'hired', send: 'sent', accept: 'accepted', decline: 'declined', withdraw: 'withdrawn' };
const invalidTransition = (what: string, status: string, action: string) => new AppError(409, 'invalid_transition', `${what} that is ${status} cannot be ${ACTION_WORDS[action] ?? action}.`);
const inactive = (status: string) => new AppError(409, 'invalid_transition', `This applicant is ${status}: nothing more can be done in their application.`);

/** A public link's slug: random, unguessable, not secret (it is meant to be shared). */
const newSlug = () => randomBytes(12).toString('base64url');

/**
 * The recruitment hub (issue 13, item 6): openings (`draft → open → closed`), applicants through the
 * organisation's stages, interviews with feedback, offers (`draft → sent → accepted | declined`, or
 * withdrawn) and hire, which invites the person: the employee and a draft contract are made when they
 * accept (hire.ts). Module `recruitment`; hiring also needs `hr.create`.
 */
export function registerRecruitmentRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['recruitment'];
  const idParam = z.object({ id: z.uuid() });

  async function member(req: Parameters<typeof requireMember>[1], action: 'view' | 'create' | 'update' | 'delete') {
    const m = await requireMember(ctx, req);
    requirePermission(m, `recruitment.${action}`);
    return m;
  }

  // ── openings ──────────────────────────────────────────────────────────────

  async function lockOpening(tx: Tx, m: Membership, id: string, action: OpeningAction) {
    const [o] = await rowsOf<typeof jobOpenings.$inferSelect>(tx, sql`select * from job_openings where organisation_id = ${m.organisation.id} and id = ${id} for update`);
    if (!o) throw notFound('The opening');
    if (!mayOpening(action, o.status as OpeningStatus)) throw invalidTransition('An opening', o.status, action);
    return o;
  }

  async function checkOpeningRefs(tx: Tx, m: Membership, b: { department_id?: string | null; hiring_manager_id?: string | null }) {
    await requireDepartmentRef(tx, m.organisation.id, b.department_id);
    await requireActiveMember(tx, m.organisation.id, b.hiring_manager_id, 'hiring_manager_id');
  }

  api.get('/api/job-openings', {
    config: { access: 'recruitment.view' },
    schema: { tags, summary: 'Job openings with their applicant counts, open ones first', querystring: openingListQuery, response: { 200: envelope(z.array(openingSchema)) } },
  }, async (req) => {
    const m = await member(req, 'view');
    const rows = await rowsOf<OpeningRow>(db, sql`${openingSelect(m.organisation.id)} ${req.query.status ? sql`and o.status = ${req.query.status}` : sql``}
      order by case o.status when 'open' then 0 when 'draft' then 1 else 2 end, o.created_at desc limit 500`);
    return { data: rows.map(presentOpening) };
  });

  api.post('/api/job-openings', {
    config: { access: 'recruitment.create' },
    schema: { tags, summary: 'Write a job opening (a draft, with its public link ready for when it opens)', body: openingBody, response: { 201: envelope(openingSchema) } },
  }, async (req, reply) => {
    const m = await member(req, 'create');
    const b = req.body;
    const id = uuidv7();
    await db.transaction(async (tx) => {
      await checkOpeningRefs(tx, m, b);
      await tx.insert(jobOpenings).values({ organisation_id: m.organisation.id, id, ...b, public_slug: newSlug(), created_by: m.user.id });
      await audit(tx, m.organisation.id, m.user.id, 'job_openings', 'create', id, { title: b.title, location: b.location });
    });
    return reply.status(201).send({ data: await openingOf(db, m.organisation.id, id) });
  });

  api.get('/api/job-openings/:id', {
    config: { access: 'recruitment.view' },
    schema: { tags, summary: 'One job opening', params: idParam, response: { 200: envelope(openingSchema) } },
  }, async (req) => ({ data: await openingOf(db, (await member(req, 'view')).organisation.id, req.params.id) }));

  api.patch('/api/job-openings/:id', {
    config: { access: 'recruitment.update' },
    schema: { tags, summary: 'Change a job opening', params: idParam, body: openingPatchBody, response: { 200: envelope(openingSchema) } },
  }, async (req) => {
    const m = await member(req, 'update');
    await db.transaction(async (tx) => {
      const o = await lockOpening(tx, m, req.params.id, 'edit');
      const next = { ...o, ...req.body };
      if (next.salary_min_minor != null && next.salary_max_minor != null && Number(next.salary_max_minor) < Number(next.salary_min_minor)) {
        throw new AppError(422, 'validation_failed', 'The salary range ends below where it starts.', { salary_max_minor: 'Below the minimum.' });
      }
      if ((next.salary_min_minor != null || next.salary_max_minor != null) && !next.salary_currency) {
        throw new AppError(422, 'validation_failed', 'A salary range needs its currency.', { salary_currency: 'Required.' });
      }
      // A hiring manager kept as it was is no new choice (they may have left since).
      await checkOpeningRefs(tx, m, { ...req.body, ...(req.body.hiring_manager_id === o.hiring_manager_id && { hiring_manager_id: undefined }) });
      await tx.update(jobOpenings).set({ ...req.body, updated_at: new Date() }).where(sql`organisation_id = ${m.organisation.id} and id = ${o.id}`);
      await audit(tx, m.organisation.id, m.user.id, 'job_openings', 'update', o.id, { fields: Object.keys(req.body) });
    });
    return { data: await openingOf(db, m.organisation.id, req.params.id) };
  });

  api.delete('/api/job-openings/:id', {
    config: { access: 'recruitment.delete' },
    schema: { tags, summary: 'Delete a draft opening without applicants (an opening that was open is closed instead)', params: idParam, response: { 204: z.null() } },
  }, async (req, reply) => {
    const m = await member(req, 'delete');
    await db.transaction(async (tx) => {
      const o = await lockOpening(tx, m, req.params.id, 'delete');
      const [used] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from applicants where organisation_id = ${m.organisation.id} and opening_id = ${o.id}`);
      if (used.n > 0) throw new AppError(409, 'in_use', 'This opening has applicants: close it instead.');
      await tx.execute(sql`delete from job_openings where organisation_id = ${m.organisation.id} and id = ${o.id}`);
      await audit(tx, m.organisation.id, m.user.id, 'job_openings', 'delete', o.id, { title: o.title });
    });
    return reply.status(204).send(null);
  });

  for (const [action, status, summary] of [
    ['open', 'open', 'Open an opening: its public application page takes applications'],
    ['close', 'closed', 'Close an opening: its public page is gone, its applicants stay'],
  ] as const) {
    api.post(`/api/job-openings/:id/${action}`, {
      config: { access: 'recruitment.update' },
      schema: { tags, summary, params: idParam, response: { 200: envelope(openingSchema) } },
    }, async (req) => {
      const m = await member(req, 'update');
      await db.transaction(async (tx) => {
        const o = await lockOpening(tx, m, req.params.id, action);
        await tx.execute(sql`update job_openings set status = ${status}, updated_at = now() where organisation_id = ${m.organisation.id} and id = ${o.id}`);
        await audit(tx, m.organisation.id, m.user.id, 'job_openings', action, o.id, { from: o.status, to: status });
      });
      return { data: await openingOf(db, m.organisation.id, req.params.id) };
    });
  }

  // ── applicants ────────────────────────────────────────────────────────────

  api.get('/api/job-openings/:id/applicants', {
    config: { access: 'recruitment.view' },
    schema: { tags, summary: 'An opening’s pipeline: the organisation’s stages in order, each with its applicants', params: idParam, response: { 200: envelope(pipelineSchema) } },
  }, async (req) => {
    const m = await member(req, 'view');
    const opening = await openingOf(db, m.organisation.id, req.params.id);
    const stages = await stagesOf(db, m.organisation.id);
    const rows = await rowsOf<ApplicantRow>(db, sql`${applicantSelect(m.organisation.id)} and a.opening_id = ${opening.id} order by a.created_at, a.id`);
    return { data: { opening, stages: stages.map((s) => ({ ...s, applicants: rows.filter((r) => r.stage_id === s.id).map(presentApplicant) })) } };
  });

  api.post('/api/applicants', {
    config: { access: 'recruitment.create' },
    schema: { tags, summary: 'Enter an applicant by hand (no CV; the first active stage unless one is given)', body: applicantBody, response: { 201: envelope(applicantDetailSchema) } },
  }, async (req, reply) => {
    const m = await member(req, 'create');
    const b = req.body;
    const id = uuidv7();
    await db.transaction(async (tx) => {
      const [o] = await rowsOf<{ id: string; status: string }>(tx, sql`select id, status from job_openings where organisation_id = ${m.organisation.id} and id = ${b.opening_id} for update`);
      if (!o) throw new AppError(422, 'validation_failed', 'The request has invalid fields.', { opening_id: 'Unknown opening.' });
      if (o.status === 'closed') throw new AppError(409, 'opening_closed', 'This opening is closed: open it again to add applicants.');
      const stages = await stagesOf(tx, m.organisation.id);
      const stage = b.stage_id ? stages.find((s) => s.id === b.stage_id) : firstActiveStage(stages);
      if (b.stage_id && (!stage || stage.kind !== 'active')) throw new AppError(422, 'validation_failed', 'The request has invalid fields.', { stage_id: 'Not an active stage.' });
      if (!stage) throw new AppError(409, 'no_active_stage', 'Your recruitment stages have no active stage: add one first.');
      const [dup] = await rowsOf<{ id: string }>(tx, sql`select id from applicants where organisation_id = ${m.organisation.id} and opening_id = ${o.id} and email = ${b.email}`);
      if (dup) throw new AppError(409, 'duplicate_application', 'Someone with this e-mail has already applied for this opening.');
      await tx.insert(applicants).values({ organisation_id: m.organisation.id, id, opening_id: o.id, stage_id: stage.id, name: b.name, email: b.email, phone: b.phone, cover_letter: b.cover_letter, source: 'manual' });
      await audit(tx, m.organisation.id, m.user.id, 'applicants', 'create', id, { opening_id: o.id, stage_id: stage.id, source: 'manual' });
    });
    return reply.status(201).send({ data: await applicantDetail(db, m.organisation.id, id) });
  });

  api.get('/api/applicants/:id', {
    config: { access: 'recruitment.view' },
    schema: { tags, summary: 'An applicant with their interviews and offers', params: idParam, response: { 200: envelope(applicantDetailSchema) } },
  }, async (req) => ({ data: await applicantDetail(db, (await member(req, 'view')).organisation.id, req.params.id) }));

  api.get('/api/applicants/:id/cv', {
    config: { access: 'recruitment.view' },
    schema: { tags, summary: 'An applicant’s CV (always a download)', params: idParam, produces: ['application/pdf', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'] },
  }, async (req, reply) => {
    const m = await member(req, 'view');
    const [a] = await rowsOf<typeof applicants.$inferSelect>(db, sql`select * from applicants where organisation_id = ${m.organisation.id} and id = ${req.params.id}`);
    const file = a?.cv_file_key ? await ctx.files.get(a.cv_file_key) : null;
    if (!a || !file) throw notFound('The CV');
    // Never shown in the page: an applicant's file is not trusted content of ours.
    return sendFile(reply, file, a.cv_type ?? 'application/octet-stream', { download: a.cv_name ?? 'cv', cache: 'private, no-store' });
  });

  api.post('/api/applicants/:id/move', {
    config: { access: 'recruitment.update' },
    schema: { tags, summary: 'Move an applicant to another stage (a rejected stage rejects them; hiring is its own call)', params: idParam, body: moveBody, response: { 200: envelope(applicantDetailSchema) } },
  }, async (req) => {
    const m = await member(req, 'update');
    await db.transaction(async (tx) => {
      const a = await lockApplicant(tx, m.organisation.id, req.params.id);
      if (!mayApplicant('move', a.status as ApplicantStatus)) throw inactive(a.status);
      const stage = (await stagesOf(tx, m.organisation.id)).find((s) => s.id === req.body.stage_id);
      if (!stage) throw new AppError(422, 'validation_failed', 'The request has invalid fields.', { stage_id: 'Unknown stage.' });
      if (stage.kind === 'hired') throw new AppError(409, 'hire_required', 'Hire the applicant (with an accepted offer) to move them to a hired stage.');
      const status = statusInStage(stage.kind);
      await tx.update(applicants).set({ stage_id: stage.id, status, updated_at: new Date() }).where(sql`organisation_id = ${m.organisation.id} and id = ${a.id}`);
      if (status === 'rejected') {
        await tx.execute(sql`update offers set status = 'withdrawn', updated_at = now() where organisation_id = ${m.organisation.id} and applicant_id = ${a.id} and status in ('draft', 'sent')`);
        await withdrawHireInvitations(tx, m.organisation.id, a.id);
      }
      await audit(tx, m.organisation.id, m.user.id, 'applicants', 'move', a.id, { from: a.stage_id, to: stage.id, status });
    });
    return { data: await applicantDetail(db, m.organisation.id, req.params.id) };
  });

  api.post('/api/applicants/:id/reject', {
    config: { access: 'recruitment.update' },
    schema: { tags, summary: 'Reject an applicant: the first rejected stage; their open offers are withdrawn', params: idParam, body: rejectBody, response: { 200: envelope(applicantDetailSchema) } },
  }, async (req) => {
    const m = await member(req, 'update');
    await db.transaction(async (tx) => {
      const a = await lockApplicant(tx, m.organisation.id, req.params.id);
      if (!mayApplicant('reject', a.status as ApplicantStatus)) throw inactive(a.status);
      const stage = (await stagesOf(tx, m.organisation.id)).find((s) => s.kind === 'rejected');
      if (!stage) throw new AppError(409, 'no_rejected_stage', 'Your recruitment stages have no rejected stage: add one first.');
      await tx.update(applicants).set({ stage_id: stage.id, status: 'rejected', updated_at: new Date() }).where(sql`organisation_id = ${m.organisation.id} and id = ${a.id}`);
      await tx.execute(sql`update offers set status = 'withdrawn', updated_at = now() where organisation_id = ${m.organisation.id} and applicant_id = ${a.id} and status in ('draft', 'sent')`);
      await withdrawHireInvitations(tx, m.organisation.id, a.id);
      await audit(tx, m.organisation.id, m.user.id, 'applicants', 'reject', a.id, { from: a.stage_id, reason: req.body.reason });
    });
    return { data: await applicantDetail(db, m.organisation.id, req.params.id) };
  });

  /** The applicant a new interview or offer is for, locked in `tx`: 422 when not one of the organisation's, 409 when no longer in the running. */
  async function applicantFor(tx: Tx, organisationId: string, applicantId: string, action: 'interview' | 'offer') {
    const [a] = await rowsOf<{ id: string; status: string }>(tx, sql`select id, status from applicants where organisation_id = ${organisationId} and id = ${applicantId} for update`);
    if (!a) throw new AppError(422, 'validation_failed', 'The request has invalid fields.', { applicant_id: 'Unknown applicant.' });
    if (!mayApplicant(action, a.status as ApplicantStatus)) throw inactive(a.status);
    return a;
  }

  // ── interviews ────────────────────────────────────────────────────────────

  const interviewOf = async (organisationId: string, id: string) => {
    const [row] = await rowsOf<InterviewRow>(db, sql`select i.*, u.name as interviewer_name from interviews i left join users u on u.id = i.interviewer_id where i.organisation_id = ${organisationId} and i.id = ${id}`);
    if (!row) throw notFound('The interview');
    return presentInterview(row);
  };

  api.post('/api/interviews', {
    config: { access: 'recruitment.create' },
    schema: { tags, summary: 'Schedule an interview of an applicant', body: interviewBody, response: { 201: envelope(interviewSchema) } },
  }, async (req, reply) => {
    const m = await member(req, 'create');
    const b = req.body;
    const id = uuidv7();
    await db.transaction(async (tx) => {
      const a = await applicantFor(tx, m.organisation.id, b.applicant_id, 'interview');
      await requireActiveMember(tx, m.organisation.id, b.interviewer_id, 'interviewer_id');
      await tx.insert(interviews).values({ organisation_id: m.organisation.id, id, applicant_id: a.id, interviewer_id: b.interviewer_id, scheduled_at: new Date(b.scheduled_at), duration_minutes: b.duration_minutes, kind: b.kind, created_by: m.user.id });
      await audit(tx, m.organisation.id, m.user.id, 'interviews', 'create', id, { applicant_id: a.id, scheduled_at: b.scheduled_at });
    });
    return reply.status(201).send({ data: await interviewOf(m.organisation.id, id) });
  });

  api.patch('/api/interviews/:id', {
    config: { access: 'recruitment.update' },
    schema: { tags, summary: 'Reschedule an interview, or record it as held with feedback, a rating (1–5) and a recommendation; or cancel it', params: idParam, body: interviewPatchBody, response: { 200: envelope(interviewSchema) } },
  }, async (req) => {
    const m = await member(req, 'update');
    const b = req.body;
    await db.transaction(async (tx) => {
      const [i] = await rowsOf<typeof interviews.$inferSelect>(tx, sql`select * from interviews where organisation_id = ${m.organisation.id} and id = ${req.params.id} for update`);
      if (!i) throw notFound('The interview');
      const to = (b.status ?? i.status) as InterviewStatus;
      if (!mayInterview(i.status as InterviewStatus, to)) throw new AppError(409, 'invalid_transition', `An interview that is ${i.status} cannot become ${to}.`);
      const recordsOutcome = b.feedback !== undefined || b.rating !== undefined || b.recommendation !== undefined;
      if (recordsOutcome && to !== 'held') throw new AppError(422, 'validation_failed', 'Feedback, a rating and a recommendation belong to an interview that was held.', { status: 'Mark the interview as held.' });
      if (b.interviewer_id !== i.interviewer_id) await requireActiveMember(tx, m.organisation.id, b.interviewer_id, 'interviewer_id');
      const { scheduled_at, ...rest } = b;
      await tx.update(interviews).set({ ...rest, ...(scheduled_at && { scheduled_at: new Date(scheduled_at) }), updated_at: new Date() }).where(sql`organisation_id = ${m.organisation.id} and id = ${i.id}`);
      await audit(tx, m.organisation.id, m.user.id, 'interviews', 'update', i.id, { fields: Object.keys(b), ...(b.status && { from: i.status, to }) });
    });
    return { data: await interviewOf(m.organisation.id, req.params.id) };
  });

  // ── offers ────────────────────────────────────────────────────────────────

  const offerOf = async (organisationId: string, id: string) => {
    const [row] = await rowsOf<OfferRow>(db, sql`select * from offers where organisation_id = ${organisationId} and id = ${id}`);
    if (!row) throw notFound('The offer');
    return presentOffer(row);
  };

  api.post('/api/offers', {
    config: { access: 'recruitment.create' },
    schema: { tags, summary: 'Write an offer for an applicant (a draft; one offer in play at a time)', body: offerBody, response: { 201: envelope(offerSchema) } },
  }, async (req, reply) => {
    const m = await member(req, 'create');
    const b = req.body;
    const id = uuidv7();
    await db.transaction(async (tx) => {
      const a = await applicantFor(tx, m.organisation.id, b.applicant_id, 'offer');
      const live = await rowsOf<{ status: OfferStatus }>(tx, sql`select status from offers where organisation_id = ${m.organisation.id} and applicant_id = ${a.id}`);
      if (live.some((o) => isLiveOffer(o.status))) throw new AppError(409, 'offer_exists', 'This applicant already has an offer in play: withdraw it (or let it be declined) first.');
      await tx.insert(offers).values({
        organisation_id: m.organisation.id, id, applicant_id: a.id, job_title: b.job_title, contract_type: b.contract_type, start_date: b.start_date,
        salary_minor: b.salary.amount_minor, salary_currency: b.salary.currency, salary_period: b.salary.period, hours_per_week: b.hours_per_week,
        probation_months: b.probation_months, notice_days: b.notice_days, created_by: m.user.id,
      });
      await audit(tx, m.organisation.id, m.user.id, 'offers', 'create', id, { applicant_id: a.id, start_date: b.start_date });
    });
    return reply.status(201).send({ data: await offerOf(m.organisation.id, id) });
  });

  const OFFER_SUMMARIES: Record<OfferAction, string> = {
    send: 'Mark a draft offer as sent to the applicant',
    accept: 'Record that the applicant accepted the offer (they can then be hired)',
    decline: 'Record that the applicant declined the offer',
    withdraw: 'Withdraw an offer not yet answered',
  };
  for (const action of Object.keys(OFFER_SUMMARIES) as OfferAction[]) {
    api.post(`/api/offers/:id/${action}`, {
      config: { access: 'recruitment.update' },
      schema: { tags, summary: OFFER_SUMMARIES[action], params: idParam, response: { 200: envelope(offerSchema) } },
    }, async (req) => {
      const m = await member(req, 'update');
      await db.transaction(async (tx) => {
        const [o] = await rowsOf<OfferRow>(tx, sql`select * from offers where organisation_id = ${m.organisation.id} and id = ${req.params.id} for update`);
        if (!o) throw notFound('The offer');
        if (!mayOffer(action, o.status as OfferStatus)) throw invalidTransition('An offer', o.status, action);
        const to = OFFER_RESULT[action];
        await tx.execute(sql`update offers set status = ${to}, updated_at = now() where organisation_id = ${m.organisation.id} and id = ${o.id}`);
        await audit(tx, m.organisation.id, m.user.id, 'offers', action, o.id, { from: o.status, to });
      });
      return { data: await offerOf(m.organisation.id, req.params.id) };
    });
  }

  // ── hire ──────────────────────────────────────────────────────────────────

  api.post('/api/applicants/:id/hire', {
    config: { access: 'recruitment.update' },
    schema: {
      tags, params: idParam, body: hireBody, response: { 201: envelope(hireSchema) },
      summary: 'Hire an applicant with an accepted offer (also needs hr.create): an invitation to their e-mail; the employee record and a draft contract are made when they accept it (at once for an active member)',
    },
  }, async (req, reply) => {
    const m = await member(req, 'update');
    requirePermission(m, 'hr.create');
    const orgId = m.organisation.id;
    const b = req.body;
    const out = await db.transaction(async (tx) => {
      const a = await lockApplicant(tx, orgId, req.params.id);
      if (a.status === 'hired') throw new AppError(409, 'already_hired', 'This applicant has been hired already.');
      if (!mayApplicant('hire', a.status as ApplicantStatus)) throw inactive(a.status);
      const [offer] = await rowsOf<OfferRow>(tx, sql`select * from offers where organisation_id = ${orgId} and applicant_id = ${a.id} and status = 'accepted' order by created_at desc limit 1`);
      if (!offer) throw new AppError(409, 'offer_not_accepted', 'Only an applicant who accepted an offer can be hired: record the accepted offer first.');
      const [opening] = await rowsOf<typeof jobOpenings.$inferSelect>(tx, sql`select * from job_openings where organisation_id = ${orgId} and id = ${a.opening_id}`);
      if (!(await stagesOf(tx, orgId)).some((s) => s.kind === 'hired')) throw new AppError(409, 'no_hired_stage', 'Your recruitment stages have no hired stage: add one first.');
      const [role] = b.role_id
        ? await tx.select().from(roles).where(sql`${roles.organisation_id} = ${orgId} and ${roles.id} = ${b.role_id}`)
        : await tx.select().from(roles).where(sql`${roles.organisation_id} = ${orgId} and ${roles.builtin} = 'staff'`);
      if (!role) throw new AppError(422, 'validation_failed', 'The request has invalid fields.', { role_id: 'Unknown role.' });
      assertMayAssignRole(m, role);
      const departmentId = b.department_id === undefined ? opening.department_id : b.department_id;
      const managerId = b.manager_id === undefined ? opening.hiring_manager_id : b.manager_id;
      await requireDepartmentRef(tx, orgId, departmentId);
      if (b.manager_id !== undefined) await requireActiveMember(tx, orgId, managerId, 'manager_id');

      // Someone on the team already (hired from inside): their account does not change, so their employment starts now.
      const [colleague] = await rowsOf<{ id: string }>(tx, sql`
        select u.id from users u join organisation_members om on om.organisation_id = ${orgId} and om.user_id = u.id and om.status = 'active' where u.email = ${a.email}`);
      if (colleague) {
        const facts = (await lockHire(tx, orgId, offer.id))!;
        const made = await completeHire(tx, facts, { userId: colleague.id, departmentId, managerId, actorId: m.user.id, invitationId: null });
        return { data: { applicant_id: a.id, status: 'hired' as const, invitation_id: null, expires_at: null, user_id: colleague.id, employee_id: made.employeeId, contract_id: made.contractId }, mail: null };
      }
      // Anyone else is invited, and nothing else happens until they accept (their account, if they have one, is theirs).
      const [pending] = await rowsOf<{ id: string; expires_at: Date | string }>(tx, sql`
        select i.id, i.expires_at from staff_invitations i join offers f on f.organisation_id = i.organisation_id and f.id = i.offer_id
         where i.organisation_id = ${orgId} and f.applicant_id = ${a.id} and i.accepted_at is null for update of i`);
      if (pending && new Date(pending.expires_at).getTime() > Date.now()) {
        throw new AppError(409, 'invitation_pending', `${a.email} has an invitation waiting already: they join, and the hire completes, when they accept it.`);
      }
      // An invitation that lapsed makes way for the new one.
      await withdrawHireInvitations(tx, orgId, a.id);
      const inv = await createStaffInvitation(tx, ctx, {
        organisationId: orgId, organisationName: m.organisation.name, inviter: m.user, email: a.email, role, departmentId, hire: { offerId: offer.id, managerId },
      });
      await audit(tx, orgId, m.user.id, 'applicants', 'invite', a.id, { offer_id: offer.id, invitation_id: inv.id });
      return { data: { applicant_id: a.id, status: 'invited' as const, invitation_id: inv.id, expires_at: inv.expiresAt.toISOString(), user_id: null, employee_id: null, contract_id: null }, mail: inv.mail };
    });
    // Sent once the hire is committed: a hire that failed mails nobody.
    if (out.mail) await ctx.mailer.send(out.mail);
    return reply.status(201).send({ data: out.data });
  });
}
