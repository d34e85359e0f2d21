import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { AVATAR_MAX_BYTES, LOCALES, sessionUserSchema, updateUserBody, type Locale, type SessionUser } from '#shared/api/user.ts';
import { widgetPositionsBody, widgetSequenceSchema } from '#shared/dashboard/widgets.ts';
import type { AppContext } from '../../context.ts';
import { organisationMembers, organisations, roles, users, type OrganisationStatus } from '../../db/schema/index.ts';
import { isPremium } from '../billing/status.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { requireUser, type SessionUserRow } from '../auth/session.ts';
import { IMAGE_TYPES, sniffImage, type ImageExt } from '../files/store.ts';

const toIso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
const FILES_PREFIX = '/api/files/';

type OrgSummary = { id: string; name: string; status: OrganisationStatus } | null;
type Membership = { organisation: OrgSummary; permissions: string[] };

/** The organisation summary of spec §3 (id, status) with its name, and the role's permissions. */
async function organisationOf(ctx: AppContext, u: SessionUserRow): Promise<Membership> {
  const id = u.organisationId as string | null | undefined;
  if (!id) return { organisation: null, permissions: [] };
  const [row] = await ctx.database.db
    .select({ id: organisations.id, name: organisations.name, status: organisations.status, permissions: roles.permissions, memberStatus: organisationMembers.status })
    .from(organisations)
    .leftJoin(organisationMembers, and(eq(organisationMembers.organisation_id, organisations.id), eq(organisationMembers.user_id, u.id)))
    .leftJoin(roles, and(eq(roles.organisation_id, organisations.id), eq(roles.id, organisationMembers.role_id)))
    .where(eq(organisations.id, id));
  if (!row) return { organisation: null, permissions: [] };
  return { organisation: { id: row.id, name: row.name, status: row.status }, permissions: row.memberStatus === 'active' ? (row.permissions ?? []) : [] };
}

export function toSessionUser(u: SessionUserRow, { organisation, permissions }: Membership, forcePremium: boolean): SessionUser {
  const seq = widgetSequenceSchema.safeParse(u.widgetSequence);
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    last_login: toIso(u.lastLoginAt),
    widget_sequence: seq.success ? seq.data : null,
    organisation,
    premium: isPremium(organisation?.status, forcePremium),
    permissions,
    locale: (LOCALES as readonly string[]).includes(u.locale ?? '') ? (u.locale as Locale) : 'en',
    avatar_url: u.image ?? null,
  };
}

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const { database, files } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['user'];
  const userResponse = { 200: envelope(sessionUserSchema) };

  async function update(id: string, values: Partial<typeof users.$inferInsert>) {
    await database.db.update(users).set({ ...values, updatedAt: new Date() }).where(eq(users.id, id));
  }
  /** The user as stored now (the session's copy was read before our change). */
  async function fresh(id: string, before: SessionUserRow): Promise<SessionUser> {
    const [row] = await database.db.select().from(users).where(eq(users.id, id));
    const u = { ...before, ...row } as SessionUserRow;
    return toSessionUser(u, await organisationOf(ctx, u), ctx.config.forcePremium);
  }

  api.get('/api/user', {
    schema: { tags, summary: 'The logged-in user', response: userResponse },
  }, async (req) => {
    const user = await requireUser(ctx, req);
    return { data: toSessionUser(user, await organisationOf(ctx, user), ctx.config.forcePremium) };
  });

  api.patch('/api/user', {
    schema: { tags, summary: 'Change the own name or interface language', body: updateUserBody, response: userResponse },
  }, async (req) => {
    const user = await requireUser(ctx, req);
    await update(user.id, { ...(req.body.name !== undefined && { name: req.body.name }), ...(req.body.locale && { locale: req.body.locale }) });
    return { data: await fresh(user.id, user) };
  });

  api.post('/api/user/widget-positions', {
    schema: { tags, summary: 'Save the dashboard layout ({key: position}, 0 = hidden)', body: widgetPositionsBody, response: { 204: z.null() } },
  }, async (req, reply) => {
    const user = await requireUser(ctx, req);
    await update(user.id, { widgetSequence: req.body.widget_sequence });
    return reply.status(204).send(null);
  });

  api.post('/api/user/avatar', {
    schema: {
      tags,
      summary: 'Upload the own picture (multipart field "file": PNG, JPEG or WebP, at most 2 MB)',
      consumes: ['multipart/form-data'],
      response: userResponse,
    },
  }, async (req) => {
    const user = await requireUser(ctx, req);
    const part = req.isMultipart() ? await req.file({ limits: { fileSize: AVATAR_MAX_BYTES } }) : undefined;
    if (!part) throw invalidField('validation_failed', 'file', 'file_required');
    const data = await part.toBuffer().catch(() => null);
    if (!data || part.file.truncated) throw invalidField('file_too_large', 'file', 'file_too_large');
    const ext = sniffImage(data);
    if (!ext) throw invalidField('unsupported_file_type', 'file', 'file_type');
    const key = `avatars/${uuidv7()}.${ext}`;
    await files.put(key, data);
    await update(user.id, { image: FILES_PREFIX + key });
    await removeFile(user.image);
    return { data: await fresh(user.id, user) };
  });

  api.delete('/api/user/avatar', {
    schema: { tags, summary: 'Remove the own picture', response: userResponse },
  }, async (req) => {
    const user = await requireUser(ctx, req);
    await update(user.id, { image: null });
    await removeFile(user.image);
    return { data: await fresh(user.id, user) };
  });

  /** Uploaded pictures, for logged-in users. Names are unique, so they are cached for good. */
  api.get('/api/files/:folder/:name', {
    schema: { tags: ['files'], summary: 'An uploaded picture', params: z.object({ folder: z.enum(['avatars', 'logos']), name: z.string().max(80) }) },
  }, async (req, reply) => {
    await requireUser(ctx, req);
    const { folder, name } = req.params;
    const file = await files.get(`${folder}/${name}`);
    const ext = name.split('.').pop() as ImageExt;
    if (!file || !(ext in IMAGE_TYPES)) throw notFound('The file');
    return reply
      .header('content-type', IMAGE_TYPES[ext].mime)
      .header('content-length', String(file.size))
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('content-disposition', 'inline')
      .send(file.stream);
  });

  async function removeFile(url: string | null | undefined) {
    if (url?.startsWith(FILES_PREFIX)) await files.delete(url.slice(FILES_PREFIX.length)).catch(() => {});
  }
}
