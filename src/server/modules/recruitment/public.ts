import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { validationMessage } from '#shared/api/messages.ts';
import { applicationFields, applicationReceipt, publicOpeningSchema, type PublicOpening } from '#shared/api/recruitment.ts';
import { CV_MAX_BYTES, CV_TYPES, firstActiveStage, sniffCv, type CvExt } from '#shared/recruitment/model.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/client.ts';
import { applicants } from '../../db/schema/index.ts';
import { AppError, invalidField, tooManyRequests } from '../../lib/errors.ts';
import { notify, membersWith } from '../notifications/notify.ts';
import { audit } from '../../lib/audit.ts';
import { stagesOf } from './service.ts';
import type { FileStore } from '../files/store.ts';
import { incomingFile } from '../files/upload.ts';

/** Applications per address: at most this many attempts in an hour, then an hour’s wait. */
const PER_ADDRESS = { limit: 20, windowSeconds: 3600, lockSeconds: 3600 };

type OpenRow = { organisation_id: string; id: string; title: string; organisation_name: string; location: string; location_name: string | null; employment_type: string; description: string; salary_min_minor: string | number | null; salary_max_minor: string | number | null; salary_currency: string | null; closes_on: string | Date | null; hiring_manager_id: string | null };

const tooLarge = () => new AppError(422, 'file_too_large', 'The CV is larger than 5 MB.', { cv: 'The CV is larger than 5 MB.' });
const wrongType = () => new AppError(422, 'unsupported_file_type', 'Upload the CV as a PDF or Word file (.pdf, .doc, .docx).', { cv: 'Upload the CV as a PDF or Word file (.pdf, .doc, .docx).' });
const gone = () => new AppError(404, 'opening_not_found', 'This job opening is not taking applications (any more).');

/**
 * The multipart form of an application: its text fields, and the one file `cv` streamed into the
 * store as it arrives (at most `maxBytes`, never whole in memory) under `keyFor(its type)`, once its
 * first bytes say it is a PDF or Word file. The caller deletes the stored CV if the application
 * is then refused; a form refused here leaves nothing stored.
 */
async function readApplication(req: FastifyRequest, maxBytes: number, files: FileStore, keyFor: (ext: CvExt) => string) {
  if (!req.isMultipart()) throw invalidField('validation_failed', 'cv', 'file_required');
  const fields: Record<string, string> = {};
  let file: { key: string; ext: CvExt; size: number; filename: string } | null = null;
  let unsupported = false;
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 8, fieldSize: 20_000 } })) {
      if (part.type === 'file') {
        const upload = await incomingFile(part.file, part.filename ?? '', tooLarge);
        const wanted: boolean = !file && (part.fieldname === 'cv' || part.fieldname === 'file') && upload.head.length > 0;
        const ext: CvExt | null = wanted ? sniffCv(upload.head) : null;
        if (ext) {
          const key = keyFor(ext);
          file = { key, ext, size: (await upload.store(files, key)).size, filename: upload.filename };
        } else {
          unsupported ||= wanted;
          await upload.discard();
        }
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    if (file) await files.delete(file.key).catch(() => undefined);
    if (err instanceof AppError) throw err;
    const e = err as { statusCode?: number; code?: string };
    if (e?.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (e?.statusCode && e.statusCode < 500) throw err;
    throw invalidField('validation_failed', 'cv', 'file_required');
  }
  return { fields, file, unsupported };
}

/**
 * The public application page's API (issue 13, item 6): an open opening by its slug, and applying
 * to it with a CV. No login; only what a candidate should see; rate-limited per address.
 */
export function registerPublicRecruitmentRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['public'];
  // No minimum length: an unknown slug is simply not found (and a length bound beside a pattern makes the fuzz's generator search for ever).
  const slugParam = z.object({ slug: z.string().max(64).regex(/^[A-Za-z0-9_-]+$/) });

  async function openOpening(slug: string): Promise<OpenRow> {
    const [o] = await rowsOf<OpenRow>(db, sql`
      select o.organisation_id, o.id, o.title, org.name as organisation_name, o.location, l.name as location_name, o.employment_type, o.description,
             o.salary_min_minor, o.salary_max_minor, o.salary_currency, o.closes_on, o.hiring_manager_id
        from job_openings o join organisations org on org.id = o.organisation_id left join locations l on l.code = o.location
       where o.public_slug = ${slug} and o.status = 'open' and (o.closes_on is null or o.closes_on >= current_date)`);
    if (!o) throw gone();
    return o;
  }

  api.get('/api/public/openings/:slug', {
    config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
    schema: { tags, summary: 'An open job opening as candidates see it on its application page (no login)', params: slugParam, response: { 200: envelope(publicOpeningSchema) } },
  }, async (req) => {
    const o = await openOpening(req.params.slug);
    const hasSalary = o.salary_currency && (o.salary_min_minor != null || o.salary_max_minor != null);
    const data: PublicOpening = {
      title: o.title, organisation: o.organisation_name, location: o.location, location_name: o.location_name, employment_type: o.employment_type as PublicOpening['employment_type'],
      description: o.description,
      salary: hasSalary ? { min_minor: o.salary_min_minor == null ? null : Number(o.salary_min_minor), max_minor: o.salary_max_minor == null ? null : Number(o.salary_max_minor), currency: o.salary_currency! } : null,
      closes_on: o.closes_on == null ? null : String(o.closes_on instanceof Date ? o.closes_on.toISOString() : o.closes_on).slice(0, 10),
    };
    return { data };
  });

  api.post('/api/public/openings/:slug/applications', {
    config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
    schema: {
      tags, summary: 'Apply for an open job opening (multipart: name, email, phone, cover_letter and the CV as file "cv": PDF, DOC or DOCX, at most 5 MB; no login)',
      params: slugParam, consumes: ['multipart/form-data'], response: { 201: envelope(applicationReceipt) },
    },
  }, async (req, reply) => {
    const o = await openOpening(req.params.slug);
    const key = `careers:${req.ip}`;
    const wait = await ctx.throttle.retryAfter(key);
    if (wait > 0) throw tooManyRequests(wait);
    await ctx.throttle.hit(key, PER_ADDRESS);
    const id = uuidv7();
    const { fields, file, unsupported } = await readApplication(req, CV_MAX_BYTES, ctx.files, (ext) => `cvs/${o.organisation_id}-${id}.${ext}`);
    try {
      const parsed = applicationFields.safeParse(fields);
      const errors: Record<string, string> = {};
      if (!parsed.success) for (const i of parsed.error.issues) errors[String(i.path[0])] ??= validationMessage(String(i.message));
      if (unsupported) throw wrongType();
      if (!file) errors.cv = validationMessage('file_required');
      if (Object.keys(errors).length || !parsed.success || !file) throw new AppError(422, 'validation_failed', 'The request has invalid fields.', errors);
      const b = parsed.data;
      const name = (file.filename.replace(/[\\/]/g, '_').replace(/\.[^.]*$/, '').slice(0, 80) || 'cv') + `.${file.ext}`;
      await db.transaction(async (tx) => {
        // Serialises applications to one opening, so that a double click cannot apply twice.
        await tx.execute(sql`select 1 from job_openings where organisation_id = ${o.organisation_id} and id = ${o.id} for update`);
        const [dup] = await rowsOf<{ id: string }>(tx, sql`select id from applicants where organisation_id = ${o.organisation_id} and opening_id = ${o.id} and email = ${b.email}`);
        if (dup) throw new AppError(409, 'duplicate_application', 'You have already applied for this job with this e-mail address.');
        const stage = firstActiveStage(await stagesOf(tx, o.organisation_id));
        if (!stage) throw gone();
        await tx.insert(applicants).values({
          organisation_id: o.organisation_id, id, opening_id: o.id, stage_id: stage.id, name: b.name, email: b.email, phone: b.phone, cover_letter: b.cover_letter,
          cv_file_key: file.key, cv_name: name, cv_type: CV_TYPES[file.ext], cv_bytes: file.size, source: 'public',
        });
        await audit(tx, o.organisation_id, null, 'applicants', 'create', id, { opening_id: o.id, source: 'public' });
        // The hiring manager hears of it; without one, whoever may update the organisation's recruitment.
        const told = o.hiring_manager_id ? [o.hiring_manager_id] : await membersWith(tx, o.organisation_id, 'recruitment.update');
        for (const userId of told) {
          await notify(tx, { userId, organisationId: o.organisation_id, type: 'application_received', subject: { type: 'applicant', id }, groupKey: `application_received:${o.id}`, data: { name: b.name, opening: o.title } });
        }
      });
    } catch (err) {
      // A refused application keeps no CV.
      if (file) await ctx.files.delete(file.key).catch(() => undefined);
      throw err;
    }
    return reply.status(201).send({ data: { received: true as const, opening: o.title, organisation: o.organisation_name } });
  });
}
