import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { outboxMailSchema } from '#shared/api/mail.ts';
import type { AppContext } from '../../context.ts';
import { mailOutbox } from '../../db/schema/index.ts';

/** The developer's view of the outbox; never mounted in production. */
export function registerDevMailRoutes(app: FastifyInstance, { database }: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/dev/mail', {
    config: { access: 'public' },
    schema: {
      tags: ['dev'],
      summary: 'Mail written to the outbox, newest first (not in production)',
      querystring: z.object({ to: z.string().optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
      response: { 200: envelope(z.array(outboxMailSchema)) },
    },
  }, async (req) => {
    const { to, limit } = req.query;
    const rows = await database.db
      .select()
      .from(mailOutbox)
      .where(to ? eq(mailOutbox.to, to.toLowerCase()) : undefined)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(limit);
    return { data: rows.map((m) => ({ to: m.to, subject: m.subject, text: m.text, html: m.html, created_at: m.createdAt.toISOString() })) };
  });
}
