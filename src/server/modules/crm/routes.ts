import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { requireMember, requirePermission } from '../organisations/membership.ts';

const mergeAnswer = z.object({ id: z.string(), merged_id: z.string(), moved: z.object({ contacts: z.number(), quotes: z.number(), bookings: z.number() }) });

/**
 * The CRM's own calls beyond the resource layer: merging a duplicate native organisation into the
 * one that stays.
 */
export function registerCrmRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  api.post('/api/native-organisations/:id/merge', {
    config: { access: 'crm.delete' },
    schema: {
      tags: ['native-organisations'],
      summary: 'Merge this native organisation into another (into_id): its contacts, quotes and bookings move there, it is deleted, the audit trail keeps both',
      params: z.object({ id: z.uuid() }),
      body: z.object({ into_id: z.uuid() }),
      response: { 200: envelope(mergeAnswer) },
    },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'crm.delete');
    const org = m.organisation.id;
    const { id } = req.params;
    const into = req.body.into_id;
    if (id === into) throw new AppError(422, 'validation_failed', 'An organisation cannot be merged into itself.', { into_id: 'Choose another organisation.' });
    const moved = await db.transaction(async (tx) => {
      const both = await rowsOf<{ id: string; name: string }>(tx, sql`select id, name from native_organisations where organisation_id = ${org} and id in (${id}, ${into}) for update`);
      const from = both.find((b) => b.id === id);
      const to = both.find((b) => b.id === into);
      if (!from || !to) throw notFound('The organisation');
      const count = async (q: ReturnType<typeof sql>) => (await rowsOf<{ n: number }>(tx, q))[0].n;
      const contacts = await count(sql`with m as (update native_contacts set native_organisation_id = ${into}, is_primary = false, updated_at = now() where organisation_id = ${org} and native_organisation_id = ${id} returning 1) select count(*)::int as n from m`);
      const quotes = await count(sql`with m as (update quotes set client_id = ${into}, client_name = ${to.name}, updated_at = now() where organisation_id = ${org} and client_type = 'native_organisation' and client_id = ${id} returning 1) select count(*)::int as n from m`);
      const bookings = await count(sql`with m as (update bookings set client_id = ${into}, client_name = ${to.name}, updated_at = now() where organisation_id = ${org} and client_type = 'native_organisation' and client_id = ${id} returning 1) select count(*)::int as n from m`);
      await tx.execute(sql`delete from native_organisations where organisation_id = ${org} and id = ${id}`);
      const changes = { merged_into: into, merged_name: from.name, contacts, quotes, bookings };
      await tx.insert(auditEvents).values([
        { organisation_id: org, id: uuidv7(), actor_user_id: m.user.id, action: 'merge', entity: 'native-organisations', entity_id: id, changes },
        { organisation_id: org, id: uuidv7(), actor_user_id: m.user.id, action: 'merge', entity: 'native-organisations', entity_id: into, changes: { merged_from: id, merged_name: from.name, contacts, quotes, bookings } },
      ]);
      return { contacts, quotes, bookings };
    });
    return { data: { id: into, merged_id: id, moved } };
  });
}
