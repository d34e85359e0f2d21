import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { organisationInput, organisationPatch, organisationSchema } from '#shared/api/organisations.ts';
import { ORGANISATION_TYPES } from '#shared/organisations/model.ts';
import type { AppContext } from '../../context.ts';
import { organisations } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { requireUser } from '../auth/session.ts';
import { FILES_PREFIX, receiveImage } from '../files/images.ts';
import { can, requireMember, requirePermission } from './membership.ts';
import { createOrganisation, organisationView, updateOrganisation } from './service.ts';

const LOGO_MAX_BYTES = 2 * 1024 * 1024;

export function registerOrganisationRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['organisations'];
  const one = { 200: envelope(organisationSchema) };
  const idParam = z.object({ id: z.uuid() });

  /** The caller's own organisation by id; any other id is "not found", never "forbidden". */
  async function own(req: Parameters<typeof requireMember>[1], id: string) {
    const m = await requireMember(ctx, req);
    if (m.organisation.id !== id) throw notFound('The organisation');
    return m;
  }

  api.get('/api/organisation-types', {
    config: { access: 'public' },
    schema: { tags, summary: 'Kinds of organisation one can register', response: { 200: envelope(z.array(z.string())) } },
  }, async () => ({ data: [...ORGANISATION_TYPES] }));

  api.post('/api/organisations', {
    config: { access: 'user' },
    schema: { tags, summary: 'Create the caller’s organisation; the caller becomes its owner', body: organisationInput, response: { 201: envelope(organisationSchema) } },
  }, async (req, reply) => {
    const user = await requireUser(ctx, req);
    if (user.organisationId) throw new AppError(409, 'already_member', 'You already belong to an organisation.');
    const org = await createOrganisation(ctx, user.id, req.body);
    return reply.status(201).send({ data: await organisationView(ctx, org, 'Owner', true) });
  });

  api.get('/api/organisations/:id', {
    config: { access: 'member' },
    schema: { tags, summary: 'The caller’s organisation', params: idParam, response: one },
  }, async (req) => {
    const m = await own(req, req.params.id);
    return { data: await organisationView(ctx, m.organisation, m.role.name, can(m, 'control_centre.update')) };
  });

  api.patch('/api/organisations/:id', {
    config: { access: 'control_centre.update' },
    schema: { tags, summary: 'Change the organisation’s details (owners and admins)', params: idParam, body: organisationPatch, response: one },
  }, async (req) => {
    const m = await own(req, req.params.id);
    requirePermission(m, 'control_centre.update');
    const org = await updateOrganisation(ctx, m.organisation, req.body);
    return { data: await organisationView(ctx, org, m.role.name, can(m, 'control_centre.update')) };
  });

  api.post('/api/organisations/:id/logo', {
    config: { access: 'control_centre.update' },
    schema: { tags, summary: 'Upload the logo (multipart "file": PNG, JPEG or WebP, ≤ 2 MB)', params: idParam, consumes: ['multipart/form-data'], response: one },
  }, async (req) => {
    const m = await own(req, req.params.id);
    requirePermission(m, 'control_centre.update');
    const logo = await receiveImage(req, ctx.files, 'logos', LOGO_MAX_BYTES);
    const [org] = await ctx.database.db.update(organisations).set({ logo, updatedAt: new Date() }).where(eq(organisations.id, m.organisation.id)).returning();
    if (m.organisation.logo?.startsWith(FILES_PREFIX)) await ctx.files.delete(m.organisation.logo.slice(FILES_PREFIX.length)).catch(() => {});
    return { data: await organisationView(ctx, org, m.role.name, can(m, 'control_centre.update')) };
  });

  api.delete('/api/organisations/:id/logo', {
    config: { access: 'control_centre.update' },
    schema: { tags, summary: 'Remove the logo', params: idParam, response: one },
  }, async (req) => {
    const m = await own(req, req.params.id);
    requirePermission(m, 'control_centre.update');
    const [org] = await ctx.database.db.update(organisations).set({ logo: null, updatedAt: new Date() }).where(eq(organisations.id, m.organisation.id)).returning();
    if (m.organisation.logo?.startsWith(FILES_PREFIX)) await ctx.files.delete(m.organisation.logo.slice(FILES_PREFIX.length)).catch(() => {});
    return { data: await organisationView(ctx, org, m.role.name, can(m, 'control_centre.update')) };
  });
}
