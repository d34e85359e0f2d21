import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { AVATAR_MAX_BYTES, LOCALES, sessionUserSchema, updateUserBody, type Locale, type SessionUser } from '#shared/api/user.ts';
import { widgetPositionsBody, widgetSequenceSchema } from '#shared/dashboard/widgets.ts';
import type { AppContext } from '../../context.ts';
import { users, type OrganisationStatus } from '../../db/schema/index.ts';
import { isPremium } from '../billing/status.ts';
import { notFound } from '../../lib/errors.ts';
import { forgetIdentity, identify, requireUser, type MemberRow, type SessionUserRow } from '../auth/session.ts';
import { IMAGE_TYPES, type ImageExt, sendFile } from '../files/store.ts';
import { FILES_PREFIX, IMAGE_FOLDERS, receiveImage } from '../files/images.ts';

const toIso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

type OrgSummary = { id: string; name: string; status: OrganisationStatus } | null;
type Membership = { organisation: OrgSummary; permissions: string[]; isOwner: boolean };

/** The organisation summary of docs/product.md#session-user (id, status) with its name, and what the role allows. */
function organisationOf(member: MemberRow | null): Membership {
  if (!member) return { organisation: null, permissions: [], isOwner: false };
  const { id, name, status } = member.organisation;
  const active = member.status === 'active';
  return { organisation: { id, name, status }, permissions: active ? member.role.permissions : [], isOwner: active && member.role.builtin === 'owner' };
}

export function toSessionUser(u: SessionUserRow, { organisation, permissions, isOwner }: Membership, forcePremium: boolean): SessionUser {
  // Most users never saved a layout: no failed parse (and its error object) on every request for them.
  const seq = u.widgetSequence == null ? null : widgetSequenceSchema.safeParse(u.widgetSequence);
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    last_login: toIso(u.lastLoginAt),
    widget_sequence: seq?.success ? seq.data : null,
    organisation,
    premium: isPremium(organisation?.status, forcePremium),
    permissions,
    is_owner: isOwner,
    locale: (LOCALES as readonly string[]).includes(u.locale ?? '') ? (u.locale as Locale) : 'en',
    avatar_url: u.image ?? null,
  };
}

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const { database, files } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['user'];
  const userResponse = { 200: envelope(sessionUserSchema) };
  /** GET /api/user's answer per reused identity (auth/session.ts): written once, sent as it is. */
  const userAnswers = new WeakMap<object, string>();

  async function update(id: string, values: Partial<typeof users.$inferInsert>) {
    await database.db.update(users).set({ ...values, updatedAt: new Date() }).where(eq(users.id, id));
  }
  /** The user as stored now (the request's identity was read before our change). */
  async function fresh(req: FastifyRequest): Promise<SessionUser> {
    forgetIdentity(req);
    const identity = await identify(ctx, req);
    if (!identity) throw notFound('The user');
    return toSessionUser(identity.user, organisationOf(identity.member), ctx.config.forcePremium);
  }

  api.get('/api/user', {
    config: { access: 'user' },
    schema: { tags, summary: 'The logged-in user', response: userResponse },
  }, async (req, reply) => {
    const user = await requireUser(ctx, req);
    const identity = (await identify(ctx, req))!;
    // The app asks for this on every screen: while the identity is reused (reads, until any write
    // drops it), its answer is the same, so it is encoded and written out once (a third of the
    // request's CPU in the shipped bench) rather than per request.
    let body = userAnswers.get(identity);
    if (body === undefined) {
      body = JSON.stringify(z.encode(userResponse[200], { data: toSessionUser(user, organisationOf(identity.member), ctx.config.forcePremium) }));
      userAnswers.set(identity, body);
    }
    return reply.type('application/json; charset=utf-8').send(body as never);
  });

  api.patch('/api/user', {
    config: { access: 'user' },
    schema: { tags, summary: 'Change the own name or interface language', body: updateUserBody, response: userResponse },
  }, async (req) => {
    const user = await requireUser(ctx, req);
    await update(user.id, { ...(req.body.name !== undefined && { name: req.body.name }), ...(req.body.locale && { locale: req.body.locale }) });
    return { data: await fresh(req) };
  });

  api.post('/api/user/widget-positions', {
    config: { access: 'user' },
    schema: { tags, summary: 'Save the dashboard layout ({key: position}, 0 = hidden)', body: widgetPositionsBody, response: { 204: z.null() } },
  }, async (req, reply) => {
    const user = await requireUser(ctx, req);
    await update(user.id, { widgetSequence: req.body.widget_sequence });
    return reply.status(204).send(null);
  });

  api.post('/api/user/avatar', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Upload the own picture (multipart field "file": PNG, JPEG or WebP, at most 2 MB)',
      consumes: ['multipart/form-data'],
      response: userResponse,
    },
  }, async (req) => {
    const user = await requireUser(ctx, req);
    await update(user.id, { image: await receiveImage(req, files, 'avatars', AVATAR_MAX_BYTES) });
    await removeFile(user.image);
    return { data: await fresh(req) };
  });

  api.delete('/api/user/avatar', {
    config: { access: 'user' },
    schema: { tags, summary: 'Remove the own picture', response: userResponse },
  }, async (req) => {
    const user = await requireUser(ctx, req);
    await update(user.id, { image: null });
    await removeFile(user.image);
    return { data: await fresh(req) };
  });

  /** Uploaded pictures, for logged-in users. Names are unique, so they are cached for good. */
  api.get('/api/files/:folder/:name', {
    config: { access: 'user' },
    schema: { tags: ['files'], summary: 'An uploaded picture', params: z.object({ folder: z.enum(IMAGE_FOLDERS), name: z.string().max(80) }) },
  }, async (req, reply) => {
    await requireUser(ctx, req);
    const { folder, name } = req.params;
    const file = await files.get(`${folder}/${name}`);
    const ext = name.split('.').pop() as ImageExt;
    if (!file || !(ext in IMAGE_TYPES)) throw notFound('The file');
    return sendFile(reply, file, IMAGE_TYPES[ext].mime);
  });

  async function removeFile(url: string | null | undefined) {
    if (url?.startsWith(FILES_PREFIX)) await files.delete(url.slice(FILES_PREFIX.length)).catch(() => {});
  }
}
