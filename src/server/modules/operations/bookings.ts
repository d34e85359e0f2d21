import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { bookingConfirmBody, bookingListQuery, bookingPatchBody, bookingSchema, reasonBody, type Booking, type ShipmentCharge, type TransportLeg } from '#shared/api/operations.ts';
import { BOOKING_STATUS_AFTER, mayBooking, type BookingAction, type BookingStatus } from '#shared/operations/model.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import { bookings, shipments } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { requireMember, requirePermission, type Membership } from '../organisations/membership.ts';
import { placeNames } from '../locations/place-names.ts';
import { freezeToBase } from '../exchange/service.ts';
import { anchorsOfLegs, attachTasks, cutOffsInOrder, instantsOfLeg, reanchorTasks, refuseUnknownPlaces, shipmentNumbers } from './service.ts';
import { placesOf, type BookingRow } from './answers.ts';
import { audit, changesOf } from '../../lib/audit.ts';
import { iso } from '../../lib/dates.ts';
import { escapeLike } from '../../lib/sql-text.ts';
import { emitEvent, type EventType } from '../developers/webhooks.ts';
import { emitShipment } from './service.ts';

type Row = BookingRow & { quote_number: string; shipment_id: string | null; shipment_number: string | null };

const idParam = z.object({ id: z.uuid() });
const one = { 200: envelope(bookingSchema) };
/** The columns a booking's edit changes, in the order the audit trail names them. */
const BOOKING_EDIT_FIELDS = [
  'origin', 'destination', 'incoterm', 'equipment', 'cargo', 'shipper', 'consignee', 'notify_party', 'booking_party', 'place_of_receipt', 'pol', 'pod', 'place_of_delivery', 'confirmed_equipment', 'legs', 'cut_offs', 'payment_term', 'charges', 'carrier_booking_reference',
] as const;

export function presentBooking(b: Row, places: Record<string, string>): Booking {
  return {
    id: b.id, number: b.number, status: b.status as BookingStatus, quote_id: b.quote_id, quote_number: b.quote_number,
    client: { type: b.client_type, id: b.client_id, name: b.client_name }, contact_id: b.contact_id,
    mode: b.mode, incoterm: b.incoterm, origin: b.origin, destination: b.destination, origin_name: places[b.origin] ?? null, destination_name: places[b.destination] ?? null,
    place_names: Object.fromEntries(placesOf(b).filter((c) => places[c]).map((c) => [c, places[c]])),
    parties: { shipper: b.shipper, consignee: b.consignee, notify: b.notify_party, booking_party: b.booking_party },
    pol: b.pol, pod: b.pod, place_of_receipt: b.place_of_receipt, place_of_delivery: b.place_of_delivery,
    cargo: b.cargo, equipment: b.equipment, confirmed_equipment: b.confirmed_equipment, legs: b.legs, cut_offs: b.cut_offs,
    payment_term: b.payment_term as Booking['payment_term'], carrier_booking_reference: b.carrier_booking_reference,
    currency: b.currency, charges: b.charges, sell_minor: Number(b.sell_minor), reason: b.reason,
    shipment_id: b.shipment_id, shipment_number: b.shipment_number, created_at: iso(b.created_at), updated_at: iso(b.updated_at),
  };
}

const select = (organisationId: string) => sql`
  select b.*, q.number as quote_number, s.id as shipment_id, s.number as shipment_number
    from bookings b
    join quotes q on q.organisation_id = b.organisation_id and q.id = b.quote_id
    left join shipments s on s.organisation_id = b.organisation_id and s.booking_id = b.id
   where b.organisation_id = ${organisationId}`;

/** A booking as GET /api/bookings/:id answers it, read through `db`; null when there is none. */
export async function bookingAnswer(db: Db | Tx, organisationId: string, id: string): Promise<Booking | null> {
  const row = await loadBooking(db, organisationId, id);
  return row && presentBooking(row, await placeNames(db, placesOf(row), row.mode));
}

/** A booking's event for webhooks, in `tx`: the booking as GET /api/bookings/:id answers it. */
export async function emitBooking(tx: Tx, type: EventType, organisationId: string, id: string): Promise<void> {
  const booking = await bookingAnswer(tx, organisationId, id);
  if (booking) await emitEvent(tx, organisationId, type, booking);
}

export async function loadBooking(db: Db | Tx, organisationId: string, id: string): Promise<Row | null> {
  const [row] = await rowsOf<Row>(db, sql`${select(organisationId)} and b.id = ${id}`);
  return row ?? null;
}

/**
 * Confirms a received booking (locked by the caller) and makes its shipment from what was booked:
 * parties, route, transport plan, cut-offs, cargo and the quoted charges (sell and buy, in the
 * quote currency). Answers the shipment's id.
 */
export async function confirmBooking(tx: Tx, b: BookingRow, actorId: string | null, body: { carrier_booking_reference?: string | null; confirmed_equipment?: BookingRow['equipment'] }): Promise<string> {
  const now = new Date();
  const confirmed = body.confirmed_equipment ?? (b.confirmed_equipment.length ? b.confirmed_equipment : b.equipment);
  await tx.execute(sql`
    update bookings set status = 'confirmed', confirmed_at = ${now}, updated_at = ${now}, confirmed_equipment = ${JSON.stringify(confirmed)}::jsonb,
           carrier_booking_reference = coalesce(${body.carrier_booking_reference ?? null}, carrier_booking_reference)
     where organisation_id = ${b.organisation_id} and id = ${b.id}`);
  const lines = await rowsOf<{ buy_in_quote_minor: number }>(tx, sql`select buy_in_quote_minor from quote_lines where organisation_id = ${b.organisation_id} and quote_id = ${b.quote_id} order by position`);
  const [quote] = await rowsOf<{ owner_user_id: string | null }>(tx, sql`select owner_user_id from quotes where organisation_id = ${b.organisation_id} and id = ${b.quote_id}`);
  const charges: ShipmentCharge[] = b.charges.map((c, i) => ({
    charge_code_id: c.charge_code_id, description: c.description, quoted_sell_minor: Number(c.sell_in_quote_minor), quoted_buy_minor: Number(lines[i]?.buy_in_quote_minor ?? 0),
    actual_sell_minor: null, actual_buy_minor: null, payment: c.payment ?? (b.payment_term as ShipmentCharge['payment']),
  }));
  const first = b.legs[0];
  const last = b.legs.at(-1);
  const id = uuidv7();
  const refs = await shipmentNumbers(tx, b.organisation_id, b.mode, now);
  const followers = [...new Set([actorId, quote?.owner_user_id].filter((v): v is string => Boolean(v)))];
  await tx.insert(shipments).values({
    organisation_id: b.organisation_id, id, ...refs, booking_id: b.id, mode: b.mode, status: 'booked', client_type: b.client_type, client_id: b.client_id, client_name: b.client_name,
    shipper: b.shipper, consignee: b.consignee, notify_party: b.notify_party, origin: b.origin, destination: b.destination, incoterm: b.incoterm,
    place_of_receipt: b.place_of_receipt, pol: b.pol, pod: b.pod, place_of_delivery: b.place_of_delivery,
    master_ref: body.carrier_booking_reference ?? b.carrier_booking_reference, carrier: first?.carrier ?? null, vessel: first?.vessel ?? null, voyage: first?.voyage ?? null, flight: first?.flight ?? null,
    legs: b.legs, cut_offs: b.cut_offs, packages: b.cargo, etd: first?.etd ? new Date(first.etd) : null, eta: last?.eta ? new Date(last.eta) : null, eta_planned: last?.eta ? new Date(last.eta) : null,
    currency: b.currency, charges, ...(await freezeToBase(tx, b.organisation_id, b.currency, now.toISOString().slice(0, 10))),
    followers, owner_user_id: quote?.owner_user_id ?? actorId, created_by: actorId, created_at: now, updated_at: now,
  });
  await attachTasks(tx, b.organisation_id, { shipment_id: id }, b.mode, { created: now.toISOString(), etd: first?.etd ?? null, eta: last?.eta ?? null });
  await audit(tx, b.organisation_id, actorId, 'shipments', 'create', id, { booking_id: b.id, number: refs.number });
  await emitShipment(tx, 'shipment.created', b.organisation_id, id);
  return id;
}

/**
 * Bookings (issue 12, item 1; DCSA Booking 2.0 fields): `received → confirmed | rejected |
 * cancelled → completed`; confirming makes the shipment. Permission module `operations`.
 */
export function registerBookingRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['bookings'];

  async function member(req: Parameters<typeof requireMember>[1], action: 'view' | 'update'): Promise<Membership> {
    const m = await requireMember(ctx, req);
    requirePermission(m, `operations.${action}`);
    return m;
  }

  async function answer(organisationId: string, id: string) {
    const data = await bookingAnswer(db, organisationId, id);
    if (!data) throw notFound('The booking');
    return { data };
  }

  /** The booking locked in `tx`, or 404; 409 when its status does not allow the action. */
  async function lockFor(tx: Tx, m: Membership, id: string, action: BookingAction): Promise<BookingRow> {
    const [b] = await rowsOf<BookingRow>(tx, sql`select * from bookings where organisation_id = ${m.organisation.id} and id = ${id} for update`);
    if (!b) throw notFound('The booking');
    if (!mayBooking(action, b.status as BookingStatus)) throw new AppError(409, 'invalid_transition', `A ${b.status} booking cannot be ${action === 'edit' ? 'changed' : BOOKING_STATUS_AFTER[action]}.`);
    return b;
  }

  api.get('/api/bookings', {
    config: { access: 'operations.view' },
    schema: {
      tags, querystring: bookingListQuery, response: { 200: envelope(z.array(bookingSchema)) },
      summary: 'The organisation’s bookings, newest first (the latest 200, or `limit`), by status and text (`q`: booking number, client, origin, destination, carrier’s booking reference)',
    },
  }, async (req) => {
    const m = await member(req, 'view');
    const { status, q, limit } = req.query;
    const like = q ? `%${escapeLike(q.toLowerCase())}%` : null;
    const rows = await rowsOf<Row>(db, sql`${select(m.organisation.id)} ${status ? sql`and b.status = ${status}` : sql``}
      ${like ? sql`and lower(b.number || E'\n' || b.client_name || E'\n' || b.origin || E'\n' || b.destination || E'\n' || coalesce(b.carrier_booking_reference, '')) like ${like}` : sql``}
      order by b.created_at desc, b.id desc limit ${limit}`);
    const places = await placeNames(db, [...new Set(rows.flatMap(placesOf))]);
    return { data: rows.map((r) => presentBooking(r, places)) };
  });

  api.get('/api/bookings/:id', {
    config: { access: 'operations.view' },
    schema: { tags, summary: 'One booking, with the quote it came from and its shipment', params: idParam, response: one },
  }, async (req) => answer((await member(req, 'view')).organisation.id, req.params.id));

  api.patch('/api/bookings/:id', {
    config: { access: 'operations.update' },
    schema: {
      tags, params: idParam, body: bookingPatchBody, response: one,
      summary: 'Complete or correct a received booking: origin, destination, Incoterm, equipment or cargo, parties, places, confirmed equipment, transport plan, cut-offs, prepaid or collect (409 invalid_transition once confirmed: '
        + 'its shipment is changed then); the booking’s tasks counted from its departure or arrival move with the plan',
    },
  }, async (req) => {
    const m = await member(req, 'update');
    const body = req.body;
    await db.transaction(async (tx) => {
      const b = await lockFor(tx, m, req.params.id, 'edit');
      await refuseUnknownPlaces(tx, body, b);
      const next: Record<string, unknown> = {};
      for (const key of ['origin', 'destination', 'incoterm', 'equipment', 'cargo', 'shipper', 'consignee', 'booking_party', 'pol', 'pod', 'place_of_receipt', 'place_of_delivery', 'confirmed_equipment', 'payment_term', 'carrier_booking_reference'] as const) {
        if (key in body) next[key] = body[key];
      }
      if ('notify' in body) next.notify_party = body.notify;
      if (body.legs) next.legs = body.legs.map(instantsOfLeg);
      if (body.cut_offs) next.cut_offs = cutOffsInOrder(body.cut_offs);
      if (body.charge_terms) {
        if (body.charge_terms.length !== b.charges.length) {
          throw new AppError(422, 'validation_failed', `Give prepaid or collect for each of the ${b.charges.length} charges.`, { charge_terms: 'One per charge.' });
        }
        // null: the charge follows the booking's own term (it keeps no term of its own).
        next.charges = b.charges.map((c, i) => {
          const term = body.charge_terms![i];
          if (term) return { ...c, payment: term };
          const { payment: _own, ...rest } = c;
          return rest;
        });
      }
      const change = changesOf(b as unknown as Record<string, unknown>, next, BOOKING_EDIT_FIELDS);
      if (change.fields.length === 0) return;
      await tx.update(bookings).set({ ...Object.fromEntries(change.fields.map((k) => [k, next[k]])), updated_at: new Date() } as never).where(sql`organisation_id = ${m.organisation.id} and id = ${b.id}`);
      const moved = change.fields.includes('legs') ? await reanchorTasks(tx, m.organisation.id, { booking_id: b.id }, anchorsOfLegs(next.legs as TransportLeg[])) : 0;
      await audit(tx, m.organisation.id, m.user.id, 'bookings', 'update', b.id, { ...change, tasks_moved: moved });
    });
    return answer(m.organisation.id, req.params.id);
  });

  api.post('/api/bookings/:id/confirm', {
    config: { access: 'operations.update' },
    schema: { tags, summary: 'Confirm a received booking: its shipment is made (answer carries shipment_id)', params: idParam, body: bookingConfirmBody, response: one },
  }, async (req) => {
    const m = await member(req, 'update');
    await db.transaction(async (tx) => {
      const b = await lockFor(tx, m, req.params.id, 'confirm');
      const shipmentId = await confirmBooking(tx, b, m.user.id, req.body ?? {});
      await audit(tx, m.organisation.id, m.user.id, 'bookings', 'confirm', b.id, { from: b.status, to: 'confirmed', shipment_id: shipmentId });
      await emitBooking(tx, 'booking.confirmed', m.organisation.id, b.id);
    });
    return answer(m.organisation.id, req.params.id);
  });

  function transition(action: 'reject' | 'cancel' | 'complete', summary: string) {
    api.post(`/api/bookings/:id/${action}`, {
      config: { access: 'operations.update' },
      schema: { tags, summary, params: idParam, ...(action !== 'complete' && { body: reasonBody }), response: one },
    }, async (req) => {
      const m = await member(req, 'update');
      await db.transaction(async (tx) => {
        const b = await lockFor(tx, m, req.params.id, action);
        const to = BOOKING_STATUS_AFTER[action];
        const reason = action === 'complete' ? b.reason : (req.body as { reason: string }).reason;
        if (action === 'cancel') {
          // A confirmed booking's shipment goes with it, unless it is already under way.
          const [s] = await rowsOf<{ id: string; status: string }>(tx, sql`select id, status from shipments where organisation_id = ${m.organisation.id} and booking_id = ${b.id} for update`);
          if (s && s.status !== 'booked' && s.status !== 'cancelled') throw new AppError(409, 'shipment_under_way', 'Its shipment is already under way: it cannot be cancelled any more.');
          if (s) await tx.execute(sql`update shipments set status = 'cancelled', updated_at = now() where organisation_id = ${m.organisation.id} and id = ${s.id}`);
        }
        if (action === 'complete') {
          const [s] = await rowsOf<{ status: string }>(tx, sql`select status from shipments where organisation_id = ${m.organisation.id} and booking_id = ${b.id}`);
          if (s && !['delivered', 'closed'].includes(s.status)) throw new AppError(409, 'shipment_open', 'Its shipment is not delivered yet.');
        }
        await tx.execute(sql`update bookings set status = ${to}, reason = ${reason}, updated_at = now() where organisation_id = ${m.organisation.id} and id = ${b.id}`);
        await audit(tx, m.organisation.id, m.user.id, 'bookings', action, b.id, { from: b.status, to, reason });
        if (action === 'reject') await emitBooking(tx, 'booking.rejected', m.organisation.id, b.id);
      });
      return answer(m.organisation.id, req.params.id);
    });
  }
  transition('reject', 'Reject a received booking, with the reason (the client is told by its owner)');
  transition('cancel', 'Cancel a received or confirmed booking, with the reason (its shipment too, while not under way)');
  transition('complete', 'Complete a confirmed booking once its shipment is delivered');
}
