import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { bookingSchema, type Booking } from '#shared/api/quotes.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/client.ts';
import type { bookings } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { requireMember, requirePermission } from '../organisations/membership.ts';

type Row = typeof bookings.$inferSelect & { quote_number: string };

const present = (b: Row): Booking => ({
  id: b.id, number: b.number, status: b.status as Booking['status'], quote_id: b.quote_id, quote_number: b.quote_number,
  client: { type: b.client_type, id: b.client_id, name: b.client_name }, contact_id: b.contact_id,
  mode: b.mode, incoterm: b.incoterm, origin: b.origin, destination: b.destination, cargo: b.cargo, equipment: b.equipment, currency: b.currency,
  charges: b.charges, sell_minor: Number(b.sell_minor), created_at: new Date(b.created_at).toISOString(),
});

/**
 * Bookings as accepted quotes make them (status `received`); the operations issue adds the DCSA
 * fields, confirmation and the shipment. Read with `quotes.view` until its `operations` module.
 */
export function registerBookingRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['bookings'];
  const select = (organisationId: string) => sql`select b.*, q.number as quote_number from bookings b join quotes q on q.organisation_id = b.organisation_id and q.id = b.quote_id where b.organisation_id = ${organisationId}`;

  api.get('/api/bookings', {
    config: { access: 'quotes.view' },
    schema: { tags, summary: 'The organisation’s bookings, newest first (the latest 200)', response: { 200: envelope(z.array(bookingSchema)) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'quotes.view');
    return { data: (await rowsOf<Row>(db, sql`${select(m.organisation.id)} order by b.created_at desc, b.id desc limit 200`)).map(present) };
  });

  api.get('/api/bookings/:id', {
    config: { access: 'quotes.view' },
    schema: { tags, summary: 'One booking, with the quote it came from', params: z.object({ id: z.uuid() }), response: { 200: envelope(bookingSchema) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'quotes.view');
    const [row] = await rowsOf<Row>(db, sql`${select(m.organisation.id)} and b.id = ${req.params.id}`);
    if (!row) throw notFound('The booking');
    return { data: present(row) };
  });
}
