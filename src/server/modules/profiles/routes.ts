import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { COVER_MAX_BYTES, organisationProfileSchema, profileSchema, updateProfileBody, type UpdateProfileBody } from '#shared/api/profiles.ts';
import type { AppContext } from '../../context.ts';
import { locations, profiles } from '../../db/schema/index.ts';
import { invalidField } from '../../lib/errors.ts';
import { requireUser } from '../auth/session.ts';
import { FILES_PREFIX, receiveImage } from '../files/images.ts';
import { can, requireMember } from '../organisations/membership.ts';
import { readOrganisationProfile, readProfile, type Viewer } from './service.ts';

type ProfileRow = typeof profiles.$inferInsert;
type EntryInput = NonNullable<UpdateProfileBody['experience']>[number];

/** Text from the body: absent stays absent, "" clears (null). */
const cleared = (v: string | null | undefined) => (v === undefined ? undefined : v || null);
/** Each entry once, the first spelling kept (hobbies compare without case). */
const unique = (values: string[], fold = (s: string) => s) => {
  const seen = new Set<string>();
  return values.filter((v) => !seen.has(fold(v)) && seen.add(fold(v)));
};
const entry = (e: EntryInput) => ({ title: e.title, place: e.place ?? '', from: e.from ?? null, to: e.to ?? null, description: e.description || null });

/**
 * People's profiles and organisations' public profiles (docs/architecture.md#network, "Profiles").
 * Anyone logged in reads them; what shows depends on who asks (service.ts).
 */
export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['profiles'];
  const one = { 200: envelope(profileSchema) };

  /** The caller, with their active organisation and whether their role reads HR records. */
  async function viewerOf(req: FastifyRequest): Promise<Viewer> {
    const user = await requireUser(ctx, req);
    const member = user.organisationId ? await requireMember(ctx, req).catch(() => null) : null;
    return { id: user.id, organisationId: member?.organisation.id ?? null, hrView: member ? can(member, 'hr.view') : false };
  }

  /** Writes the caller's profile row (made on the first change). */
  async function save(userId: string, changes: Partial<ProfileRow>) {
    const values = { ...changes, updated_at: new Date() };
    await db.insert(profiles).values({ user_id: userId, ...values }).onConflictDoUpdate({ target: profiles.user_id, set: values });
  }

  async function removeCover(key: string | null | undefined) {
    if (key) await ctx.files.delete(key).catch(() => {});
  }

  api.get('/api/profiles/:userId', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'A person’s profile: contact details by their visibility, emergency details only for the person and their organisation’s HR',
      params: z.object({ userId: z.uuid() }),
      response: one,
    },
  }, async (req) => ({ data: await readProfile(db, await viewerOf(req), req.params.userId) }));

  api.patch('/api/profile', {
    config: { access: 'user' },
    schema: { tags, summary: 'Change the own profile (only the fields sent; null or "" clears a text)', body: updateProfileBody, response: one },
  }, async (req) => {
    const viewer = await viewerOf(req);
    const b = req.body;
    if (b.location) {
      const [known] = await db.select({ code: locations.code }).from(locations).where(eq(locations.code, b.location));
      if (!known) throw invalidField('validation_failed', 'location', 'location_code');
    }
    const changes: Partial<ProfileRow> = {
      headline: cleared(b.headline),
      bio: cleared(b.bio),
      location: cleared(b.location),
      job_title: cleared(b.job_title),
      phone: cleared(b.phone),
      experience: b.experience?.map(entry),
      education: b.education?.map(entry),
      hobbies: b.hobbies && unique(b.hobbies, (s) => s.toLowerCase()),
      interests: b.interests && unique(b.interests),
      languages: b.languages && unique(b.languages),
      emergency: b.emergency === undefined ? undefined : b.emergency && { name: b.emergency.name, relationship: b.emergency.relationship ?? '', phone: b.emergency.phone, notes: b.emergency.notes || null },
      email_visibility: b.email_visibility,
      phone_visibility: b.phone_visibility,
      listed: b.listed,
    };
    const sent = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<ProfileRow>;
    await save(viewer.id, sent);
    return { data: await readProfile(db, viewer, viewer.id) };
  });

  api.post('/api/profile/cover', {
    config: { access: 'user' },
    schema: { tags, summary: 'Upload the own cover picture (multipart field "file": PNG, JPEG or WebP, at most 2 MB)', consumes: ['multipart/form-data'], response: one },
  }, async (req) => {
    const viewer = await viewerOf(req);
    const url = await receiveImage(req, ctx.files, 'covers', COVER_MAX_BYTES);
    const [before] = await db.select({ key: profiles.cover_key }).from(profiles).where(eq(profiles.user_id, viewer.id));
    await save(viewer.id, { cover_key: url.slice(FILES_PREFIX.length) });
    await removeCover(before?.key);
    return { data: await readProfile(db, viewer, viewer.id) };
  });

  api.delete('/api/profile/cover', {
    config: { access: 'user' },
    schema: { tags, summary: 'Remove the own cover picture', response: one },
  }, async (req) => {
    const viewer = await viewerOf(req);
    const [before] = await db.select({ key: profiles.cover_key }).from(profiles).where(eq(profiles.user_id, viewer.id));
    if (before?.key) {
      await db.update(profiles).set({ cover_key: null, updated_at: new Date() }).where(eq(profiles.user_id, viewer.id));
      await removeCover(before.key);
    }
    return { data: await readProfile(db, viewer, viewer.id) };
  });

  api.get('/api/organisations/:id/public-profile', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'An organisation as the network sees it: places, certifications, networks and the staff who chose to be listed',
      params: z.object({ id: z.uuid() }),
      response: { 200: envelope(organisationProfileSchema) },
    },
  }, async (req) => ({ data: await readOrganisationProfile(db, await viewerOf(req), req.params.id) }));
}
