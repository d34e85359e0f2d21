import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import {
  chargesBody, containerBody, containerSchema, eventBody, eventSchema, shipmentCreateBody, shipmentListQuery, shipmentPageSchema, shipmentPatchBody,
  shipmentActivitySchema, shipmentReportQuery, shipmentReportSchema, shipmentSchema, shipmentStatusBody, trackingLinkBody,
} from '#shared/api/operations.ts';
import { ACTIVE_SHIPMENT_STATUSES, nextSignoff } from '#shared/operations/model.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf, type Tx } from '../../db/client.ts';
import { shipmentContainers, shipments } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { cursorInvalid, decodeCursor, encodeCursor, fitsColumn } from '../../lib/cursor.ts';
import { escapeLike, pgCode } from '../../lib/sql-text.ts';
import { requireMember, requirePermission, type Membership } from '../organisations/membership.ts';
import { clientOf, hashToken, newToken } from '../quotes/service.ts';
import { placeNames } from '../locations/place-names.ts';
import { freezeToBase } from '../exchange/service.ts';
import {
  applyEvent, attachTasks, cutOffsInOrder, editShipment, emitShipment, instantsOfLeg, isoOf, moveShipment, normaliseEvent, refuseClosed, refuseUnknownPlaces, shipmentNumbers,
} from './service.ts';
import { containersOf, loadShipment, presentEvent, presentSummary, shipmentAnswer, trackingEventAnswer, type EventRow, type ShipmentRow } from './answers.ts';
import { audit, changesOf } from '../../lib/audit.ts';
import { timelineAnswer, timelinePage, timelineQuery } from '../../lib/timeline.ts';

const idParam = z.object({ id: z.uuid() });
const one = { 200: envelope(shipmentSchema) };
/** The column each date reference reads, and its order (creation newest first; departures and arrivals soonest first). */
const DATE_COLUMN = { shipment_creation: { column: 'created_at', desc: true }, etd: { column: 'etd', desc: false }, eda: { column: 'eta', desc: false } } as const;

const shipmentSummarySchemaWithExceptions = shipmentSchema.pick({
  id: true, number: true, house_ref: true, master_ref: true, mode: true, status: true, signoff_status: true, client_name: true, origin: true, destination: true,
  etd: true, eta: true, eta_planned: true, atd: true, ata: true, delay_hours: true, last_event: true, created_at: true, open_exceptions: true,
});

/**
 * Shipments (issue 12, item 2): made when a booking is confirmed or directly; containers with
 * checked ISO 6346 numbers; tracking events; status and sign-off; quoted against actual charges.
 * Permission module `operations`.
 */
/** Refuses charge lines naming a charge code that is not the organisation's own (422, as for a top-level reference). */
async function ownChargeCodes(tx: Tx, organisationId: string, charges: { charge_code_id: string | null }[]) {
  const codes = [...new Set(charges.map((c) => c.charge_code_id).filter((v): v is string => Boolean(v)))];
  if (!codes.length) return;
  const [{ n }] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from charge_codes where organisation_id = ${organisationId} and id = any(${`{${codes.join(',')}}`}::uuid[])`);
  if (n !== codes.length) throw new AppError(422, 'validation_failed', 'A charge code of the charges is not one of yours.', { charges: 'Unknown charge code.' });
}

export function registerShipmentRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['shipments'];

  async function member(req: Parameters<typeof requireMember>[1], action: 'view' | 'create' | 'update' | 'export'): Promise<Membership> {
    const m = await requireMember(ctx, req);
    requirePermission(m, `operations.${action}`);
    return m;
  }


  async function answer(m: Membership, id: string) {
    const data = await shipmentAnswer(db, m.organisation.id, id, m.user.id);
    if (!data) throw notFound('The shipment');
    return { data };
  }

  /** The shipment locked in `tx`, or 404. */
  async function lock(tx: Tx, m: Membership, id: string): Promise<ShipmentRow> {
    const s = await loadShipment(tx, m.organisation.id, id, true);
    if (!s) throw notFound('The shipment');
    return s;
  }

  api.get('/api/shipments', {
    config: { access: 'operations.view' },
    schema: { tags, summary: 'Shipments by a date reference (etd, eda or shipment_creation), status, mode and text; keyset pages', querystring: shipmentListQuery, response: { 200: shipmentPageSchema } },
  }, async (req) => {
    const m = await member(req, 'view');
    const { status, mode, date_ref, from, to, q, cursor, limit } = req.query;
    const { column, desc } = DATE_COLUMN[date_ref];
    const col = sql.raw(`"${column}"`);
    let after = sql``;
    if (cursor) {
      const [at, id] = decodeCursor(cursor);
      if (!fitsColumn(at, 'time')) throw cursorInvalid();
      after = desc ? sql`and (${col}, id) < (${at}::timestamptz, ${id}::uuid)` : sql`and (${col}, id) > (${at}::timestamptz, ${id}::uuid)`;
    }
    const term = q?.toLowerCase();
    const found = await rowsOf<ShipmentRow>(db, sql`
      select * from shipments where organisation_id = ${m.organisation.id}
        ${column !== 'created_at' ? sql`and ${col} is not null` : sql``}
        ${status === 'active' ? sql`and status in ('booked', 'in_transit', 'arrived')` : status ? sql`and status = ${status}` : sql``}
        ${mode ? sql`and mode = ${mode}` : sql``}
        ${from ? sql`and ${col} >= ${from}::date` : sql``}
        ${to ? sql`and ${col} < ${to}::date + 1` : sql``}
        ${term ? sql`and search_text like ${`%${escapeLike(term)}%`}` : sql``}
        ${after}
       order by ${col} ${sql.raw(desc ? 'desc' : 'asc')}, id ${sql.raw(desc ? 'desc' : 'asc')} limit ${limit}`);
    const last = found.at(-1);
    const lastAt = last && (last as Record<string, unknown>)[column];
    return { data: found.map(presentSummary), meta: { next_cursor: last && found.length === limit ? encodeCursor(isoOf(lastAt), last.id) : null } };
  });

  api.get('/api/shipments/report', {
    config: { access: 'operations.view' },
    schema: { tags, summary: 'Shipments per month and mode by a date reference, with containers and quoted-or-actual sell, buy and profit per currency', querystring: shipmentReportQuery, response: { 200: envelope(shipmentReportSchema) } },
  }, async (req) => {
    const m = await member(req, 'view');
    const { date_ref, from, to } = req.query;
    if (to < from) throw new AppError(422, 'validation_failed', 'The period ends before it starts.', { to: 'Before the start.' });
    const col = sql.raw(`s."${DATE_COLUMN[date_ref].column}"`);
    const rows = await rowsOf<{ month: string; mode: string; currency: string; shipments: number; containers: number; sell: string; buy: string }>(db, sql`
      select to_char(${col} at time zone 'UTC', 'YYYY-MM') as month, s.mode, s.currency, count(*)::int as shipments,
             sum((select count(*) from shipment_containers c where c.organisation_id = s.organisation_id and c.shipment_id = s.id))::int as containers,
             coalesce(sum((select sum(coalesce((c->>'actual_sell_minor')::bigint, (c->>'quoted_sell_minor')::bigint)) from jsonb_array_elements(s.charges) c)), 0)::text as sell,
             coalesce(sum((select sum(coalesce((c->>'actual_buy_minor')::bigint, (c->>'quoted_buy_minor')::bigint)) from jsonb_array_elements(s.charges) c)), 0)::text as buy
        from shipments s
       where s.organisation_id = ${m.organisation.id} and s.status <> 'cancelled' and ${col} >= ${from}::date and ${col} < ${to}::date + 1
       group by 1, 2, 3 order by 1, 2, 3`);
    const statuses = await rowsOf<{ status: string; n: number }>(db, sql`
      select status, count(*)::int as n from shipments s where s.organisation_id = ${m.organisation.id} and ${col} >= ${from}::date and ${col} < ${to}::date + 1 group by 1`);
    return {
      data: {
        date_ref, from, to,
        rows: rows.map((r) => ({ month: r.month, mode: r.mode as ShipmentRow['mode'], currency: r.currency, shipments: r.shipments, containers: r.containers, sell_minor: Number(r.sell), buy_minor: Number(r.buy), profit_minor: Number(r.sell) - Number(r.buy) })),
        by_status: Object.fromEntries(statuses.map((s) => [s.status, s.n])),
      },
    };
  });

  api.post('/api/shipments', {
    config: { access: 'operations.create' },
    schema: { tags, summary: 'Open a shipment directly (without a booking): references come from the organisation’s sequences', body: shipmentCreateBody, response: { 201: envelope(shipmentSchema) } },
  }, async (req, reply) => {
    const m = await member(req, 'create');
    const b = req.body;
    const id = uuidv7();
    await db.transaction(async (tx) => {
      const clientName = b.client ? (await clientOf(tx, m.organisation.id, b.client, null)).name : b.client_name;
      if (!clientName) throw new AppError(422, 'validation_failed', 'Choose the client or write its name.', { client_name: 'Required.' });
      const now = new Date();
      // Nested ids are the organisation's own, as top-level ones are (a charge line naming another organisation's code is refused).
      await ownChargeCodes(tx, m.organisation.id, b.charges);
      await refuseUnknownPlaces(tx, b);
      const refs = await shipmentNumbers(tx, m.organisation.id, b.mode, now);
      await tx.insert(shipments).values({
        organisation_id: m.organisation.id, id, ...refs, mode: b.mode, client_type: b.client?.type ?? null, client_id: b.client?.id ?? null, client_name: clientName,
        shipper: b.shipper, consignee: b.consignee, notify_party: b.notify_party, origin: b.origin, destination: b.destination, incoterm: b.incoterm,
        place_of_receipt: b.place_of_receipt, pol: b.pol, pod: b.pod, place_of_delivery: b.place_of_delivery, master_ref: b.master_ref, carrier: b.carrier, vessel: b.vessel, voyage: b.voyage, flight: b.flight, legs: b.legs.map(instantsOfLeg), cut_offs: cutOffsInOrder(b.cut_offs), packages: b.packages,
        goods_description: b.goods_description, etd: b.etd ? new Date(b.etd) : null, eta: b.eta ? new Date(b.eta) : null, eta_planned: b.eta ? new Date(b.eta) : null,
        free_days: b.free_days, currency: b.currency, charges: b.charges, ...(await freezeToBase(tx, m.organisation.id, b.currency, now.toISOString().slice(0, 10))), followers: [m.user.id], owner_user_id: m.user.id, created_by: m.user.id, created_at: now, updated_at: now,
      });
      await attachTasks(tx, m.organisation.id, { shipment_id: id }, b.mode, { created: now.toISOString(), etd: b.etd, eta: b.eta });
      await audit(tx, m.organisation.id, m.user.id, 'shipments', 'create', id, { number: refs.number });
      await emitShipment(tx, 'shipment.created', m.organisation.id, id);
    }).catch((err) => {
      if (pgCode(err) === '23503') throw new AppError(422, 'validation_failed', 'A charge code of the charges is not one of yours.', { charges: 'Unknown charge code.' });
      throw err;
    });
    return reply.status(201).send(await answer(m, id));
  });

  api.get('/api/shipments/:id', {
    config: { access: 'operations.view' },
    schema: { tags, summary: 'One shipment with containers, charges (quoted and actual, profit), documents, tasks and open exceptions', params: idParam, response: one },
  }, async (req) => answer(await member(req, 'view'), req.params.id));

  api.patch('/api/shipments/:id', {
    config: { access: 'operations.update' },
    schema: {
      tags, params: idParam, body: shipmentPatchBody, response: one,
      summary: 'Change a shipment’s parties, route and places, carriage and master reference, planned ETD/ETA and cut-offs, cargo, goods or free time: only the fields sent; '
        + 'the tasks counted from its dates move, the change is audited field by field (409 shipment_closed once closed or cancelled, 409 not_editable for a date that has happened)',
    },
  }, async (req) => {
    const m = await member(req, 'update');
    const body = req.body;
    await db.transaction(async (tx) => editShipment(tx, await lock(tx, m, req.params.id), m.user.id, body));
    return answer(m, req.params.id);
  });

  api.post('/api/shipments/:id/status', {
    config: { access: 'operations.update' },
    schema: { tags, summary: 'Move a shipment on: booked → in_transit → arrived → delivered → closed, or cancelled (followers are told)', params: idParam, body: shipmentStatusBody, response: one },
  }, async (req) => {
    const m = await member(req, 'update');
    await db.transaction(async (tx) => {
      const s = await lock(tx, m, req.params.id);
      if (s.status === req.body.status) throw new AppError(409, 'invalid_transition', `The shipment is already ${s.status.replace('_', ' ')}.`);
      await moveShipment(tx, s, req.body.status, m.user.id, 'staff');
    });
    return answer(m, req.params.id);
  });

  api.post('/api/shipments/:id/sign-off', {
    config: { access: 'operations.update' },
    schema: { tags, summary: 'Sign the job off: operations (once delivered), then accounts; the charges lock with the accounts’ signature', params: idParam, response: one },
  }, async (req) => {
    const m = await member(req, 'update');
    await db.transaction(async (tx) => {
      const s = await lock(tx, m, req.params.id);
      const next = nextSignoff(s.signoff_status);
      if (!next) throw new AppError(409, 'invalid_transition', 'The job is already signed off by accounts.');
      if (next === 'operations_signed' && !['delivered', 'closed'].includes(s.status)) throw new AppError(409, 'invalid_transition', 'Operations signs a job off once it is delivered.');
      await tx.execute(sql`update shipments set signoff_status = ${next}, updated_at = now() where organisation_id = ${m.organisation.id} and id = ${s.id}`);
      await audit(tx, m.organisation.id, m.user.id, 'shipments', 'sign_off', s.id, { from: s.signoff_status, to: next });
      await emitShipment(tx, 'shipment.updated', m.organisation.id, s.id);
    });
    return answer(m, req.params.id);
  });

  api.put('/api/shipments/:id/charges', {
    config: { access: 'operations.update' },
    schema: { tags, summary: 'Replace a job’s charge lines (quoted and actual sell and buy, in the shipment currency); locked once accounts signed', params: idParam, body: chargesBody, response: one },
  }, async (req) => {
    const m = await member(req, 'update');
    await db.transaction(async (tx) => {
      const s = await lock(tx, m, req.params.id);
      if (s.signoff_status === 'accounts_signed') throw new AppError(409, 'job_locked', 'Accounts signed this job off: its charges do not change any more.');
      const change = changesOf({ charges: s.charges }, { charges: req.body.charges }, ['charges']);
      if (change.fields.length === 0) return;
      await ownChargeCodes(tx, m.organisation.id, req.body.charges);
      await tx.update(shipments).set({ charges: req.body.charges, updated_at: new Date() }).where(sql`organisation_id = ${m.organisation.id} and id = ${s.id}`);
      await audit(tx, m.organisation.id, m.user.id, 'shipments', 'charges', s.id, { ...change, lines: req.body.charges.length });
      await emitShipment(tx, 'shipment.updated', m.organisation.id, s.id);
    });
    return answer(m, req.params.id);
  });

  api.post('/api/shipments/:id/containers', {
    config: { access: 'operations.update' },
    schema: { tags, summary: 'Add a container: its ISO 6346 number must have the right check digit (422 with fields.number otherwise)', params: idParam, body: containerBody, response: { 201: envelope(containerSchema) } },
  }, async (req, reply) => {
    const m = await member(req, 'update');
    const id = uuidv7();
    await db.transaction(async (tx) => {
      const s = await lock(tx, m, req.params.id);
      refuseClosed(s);
      await tx.insert(shipmentContainers).values({ organisation_id: m.organisation.id, id, shipment_id: s.id, number: req.body.number, iso_type: req.body.iso_type, seal: req.body.seal });
      await audit(tx, m.organisation.id, m.user.id, 'shipments', 'add_container', s.id, { number: req.body.number });
      await emitShipment(tx, 'shipment.updated', m.organisation.id, s.id);
    }).catch((err) => {
      if (pgCode(err) === '23505') throw new AppError(409, 'duplicate', `Container ${req.body.number} is already on this shipment.`, { number: 'Already on the shipment.' });
      throw err;
    });
    const container = (await containersOf(db, m.organisation.id, req.params.id)).find((c) => c.id === id)!;
    return reply.status(201).send({ data: container });
  });

  api.delete('/api/shipments/:id/containers/:containerId', {
    config: { access: 'operations.update' },
    schema: { tags, summary: 'Take a container off a shipment', params: z.object({ id: z.uuid(), containerId: z.uuid() }), response: { 204: z.null() } },
  }, async (req, reply) => {
    const m = await member(req, 'update');
    await db.transaction(async (tx) => {
      const s = await lock(tx, m, req.params.id);
      refuseClosed(s);
      const gone = await rowsOf<{ number: string }>(tx, sql`delete from shipment_containers where organisation_id = ${m.organisation.id} and shipment_id = ${s.id} and id = ${req.params.containerId} returning number`);
      if (!gone.length) throw notFound('The container');
      await audit(tx, m.organisation.id, m.user.id, 'shipments', 'remove_container', s.id, { number: gone[0].number });
      await emitShipment(tx, 'shipment.updated', m.organisation.id, s.id);
    });
    return reply.status(204).send(null);
  });

  api.get('/api/shipments/:id/events', {
    config: { access: 'operations.view' },
    schema: { tags, summary: 'The shipment’s tracking timeline, oldest first', params: idParam, response: { 200: envelope(z.array(eventSchema)) } },
  }, async (req) => {
    const m = await member(req, 'view');
    const shipment = await loadShipment(db, m.organisation.id, req.params.id);
    if (!shipment) throw notFound('The shipment');
    const rows = await rowsOf<EventRow>(db, sql`select * from shipment_events where organisation_id = ${m.organisation.id} and shipment_id = ${req.params.id} order by occurred_at, recorded_at, id`);
    const places = await placeNames(db, [...new Set(rows.map((r) => r.location).filter((v): v is string => Boolean(v)))], shipment.mode);
    return { data: rows.map((r) => presentEvent(r, places)) };
  });

  api.get('/api/shipments/:id/activity', {
    config: { access: 'operations.view' },
    schema: {
      tags, summary: 'The shipment’s history, newest first: each change audited (who, when, the fields with their values before and after, tasks moved), with its booking’s',
      params: idParam, querystring: timelineQuery, response: { 200: timelineAnswer(shipmentActivitySchema) },
    },
  }, async (req) => {
    const m = await member(req, 'view');
    const s = await loadShipment(db, m.organisation.id, req.params.id);
    if (!s) throw notFound('The shipment');
    const { cursor, limit } = req.query;
    const rows = await rowsOf<{ at: string; id: string; entity: string; action: string; changes: Record<string, unknown>; actor: string | null }>(db, sql`
      select ev.created_at as at, ev.id, ev.entity, ev.action, ev.changes, u.name as actor
        from audit_events ev left join users u on u.id = ev.actor_user_id
       where ev.organisation_id = ${m.organisation.id}
         and ((ev.entity = 'shipments' and ev.entity_id = ${s.id}) ${s.booking_id ? sql`or (ev.entity = 'bookings' and ev.entity_id = ${s.booking_id})` : sql``})
         and ${cursor ? sql`(ev.created_at, ev.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql`true`}
       order by ev.created_at desc, ev.id desc
       limit ${limit + 1}`);
    const record = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
    const text = (v: unknown) => (typeof v === 'string' ? v : null);
    return timelinePage(rows, limit, (r) => ({
      at: new Date(r.at).toISOString(), id: r.id, entity: r.entity === 'bookings' ? 'booking' as const : 'shipment' as const, action: r.action, actor: r.actor,
      fields: Array.isArray(r.changes.fields) ? r.changes.fields.filter((f): f is string => typeof f === 'string') : [],
      before: record(r.changes.before), after: record(r.changes.after),
      tasks_moved: typeof r.changes.tasks_moved === 'number' ? r.changes.tasks_moved : null,
      from: text(r.changes.from), to: text(r.changes.to),
    }));
  });

  api.post('/api/shipments/:id/events', {
    config: { access: 'operations.update' },
    schema: { tags, summary: 'Record a tracking event (DCSA: SHIPMENT, TRANSPORT or EQUIPMENT; PLN, EST or ACT); an actual departure or arrival moves the status', params: idParam, body: eventBody, response: { 201: envelope(eventSchema) } },
  }, async (req, reply) => {
    const m = await member(req, 'update');
    const { row, mode } = await db.transaction(async (tx) => {
      const s = await lock(tx, m, req.params.id);
      refuseClosed(s);
      await requireContainer(tx, s, req.body.container_number ?? null);
      return { row: await applyEvent(tx, s, normaliseEvent(req.body), 'staff', m.user.id), mode: s.mode };
    });
    return reply.status(201).send({ data: await trackingEventAnswer(db, row, mode) });
  });

  api.post('/api/shipments/:id/follow', {
    config: { access: 'operations.view' },
    schema: { tags, summary: 'Follow a shipment: be told of its status changes and exceptions', params: idParam, response: one },
  }, async (req) => {
    const m = await member(req, 'view');
    await db.transaction(async (tx) => {
      const s = await lock(tx, m, req.params.id);
      if (!s.followers.includes(m.user.id)) await tx.execute(sql`update shipments set followers = array_append(followers, ${m.user.id}::uuid) where organisation_id = ${m.organisation.id} and id = ${s.id}`);
    });
    return answer(m, req.params.id);
  });

  api.delete('/api/shipments/:id/follow', {
    config: { access: 'operations.view' },
    schema: { tags, summary: 'Stop following a shipment', params: idParam, response: one },
  }, async (req) => {
    const m = await member(req, 'view');
    await db.transaction(async (tx) => {
      const s = await lock(tx, m, req.params.id);
      await tx.execute(sql`update shipments set followers = array_remove(followers, ${m.user.id}::uuid) where organisation_id = ${m.organisation.id} and id = ${s.id}`);
    });
    return answer(m, req.params.id);
  });

  api.post('/api/shipments/:id/tracking-link', {
    config: { access: 'operations.update' },
    schema: {
      tags, summary: 'Make (or remake) the client’s public tracking link, choosing what it shows; an earlier link stops working', params: idParam, body: trackingLinkBody,
      response: { 200: envelope(z.object({ url: z.string() })) },
    },
  }, async (req) => {
    const m = await member(req, 'update');
    const token = newToken();
    await db.transaction(async (tx) => {
      const s = await lock(tx, m, req.params.id);
      await tx.update(shipments).set({ tracking_hash: hashToken(token), tracking_shows: req.body.shows, updated_at: new Date() }).where(sql`organisation_id = ${m.organisation.id} and id = ${s.id}`);
      await audit(tx, m.organisation.id, m.user.id, 'shipments', 'tracking_link', s.id, { shows: req.body.shows });
    });
    return { data: { url: `${ctx.config.appUrl}/track/${token}` } };
  });

  api.delete('/api/shipments/:id/tracking-link', {
    config: { access: 'operations.update' },
    schema: { tags, summary: 'Stop the client’s tracking link', params: idParam, response: { 204: z.null() } },
  }, async (req, reply) => {
    const m = await member(req, 'update');
    await db.transaction(async (tx) => {
      const s = await lock(tx, m, req.params.id);
      await tx.update(shipments).set({ tracking_hash: null, updated_at: new Date() }).where(sql`organisation_id = ${m.organisation.id} and id = ${s.id}`);
      await audit(tx, m.organisation.id, m.user.id, 'shipments', 'tracking_link_off', s.id, {});
    });
    return reply.status(204).send(null);
  });

  api.get('/api/tracking/active', {
    config: { access: 'operations.view' },
    schema: {
      tags: ['tracking'], summary: 'Shipments under way (booked, in transit, arrived) with their last event and delay, the latest ETA first',
      querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(200) }),
      response: { 200: envelope(z.array(shipmentSummarySchemaWithExceptions)) },
    },
  }, async (req) => {
    const m = await member(req, 'view');
    const rows = await rowsOf<ShipmentRow & { open_exceptions: number }>(db, sql`
      select s.*, (select count(*)::int from shipment_exceptions x where x.organisation_id = s.organisation_id and x.shipment_id = s.id and x.status = 'open') as open_exceptions
        from shipments s where s.organisation_id = ${m.organisation.id} and s.status in (${sql.join(ACTIVE_SHIPMENT_STATUSES.map((st) => sql`${st}`), sql`, `)})
       order by s.eta nulls last, s.id limit ${req.query.limit}`);
    return { data: rows.map((r) => ({ ...presentSummary(r), open_exceptions: r.open_exceptions })) };
  });
}

/** An equipment event names a container of the shipment. */
export async function requireContainer(tx: Tx, s: ShipmentRow, number: string | null) {
  if (!number) return;
  const [c] = await rowsOf<{ id: string }>(tx, sql`select id from shipment_containers where organisation_id = ${s.organisation_id} and shipment_id = ${s.id} and number = ${number}`);
  if (!c) throw new AppError(422, 'validation_failed', `Container ${number} is not on shipment ${s.number}.`, { container_number: 'Not on this shipment.' });
}

