import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { sessionUserSchema, LOCALES, type Locale, type SessionUser } from '#shared/api/user.ts';
import { widgetPositionsBody, widgetSequenceSchema } from '#shared/dashboard/widgets.ts';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { requireUser, type SessionUserRow } from '../auth/session.ts';

const toIso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export function toSessionUser(u: SessionUserRow): SessionUser {
  const seq = widgetSequenceSchema.safeParse(u.widgetSequence);
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    last_login: toIso(u.lastLoginAt),
    widget_sequence: seq.success ? seq.data : null,
    organisation: null,
    locale: (LOCALES as readonly string[]).includes(u.locale ?? '') ? (u.locale as Locale) : 'en',
  };
}

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const { database } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['user'];

  api.get('/api/user', {
    schema: { tags, summary: 'The logged-in user', response: { 200: envelope(sessionUserSchema) } },
  }, async (req) => ({ data: toSessionUser(await requireUser(ctx, req)) }));

  api.post('/api/user/widget-positions', {
    schema: { tags, summary: 'Save the dashboard layout ({key: position}, 0 = hidden)', body: widgetPositionsBody, response: { 204: z.null() } },
  }, async (req, reply) => {
    const user = await requireUser(ctx, req);
    await database.db.update(users).set({ widgetSequence: req.body.widget_sequence, updatedAt: new Date() }).where(eq(users.id, user.id));
    return reply.status(204).send(null);
  });
}
