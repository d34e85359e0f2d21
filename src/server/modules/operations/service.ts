import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { SHIPMENT_EDIT_FIELDS, type CutOff, type EventBody, type ShipmentPatch, type TransportLeg } from '#shared/api/operations.ts';
import { VALIDATION_MESSAGES } from '#shared/api/messages.ts';
import { dueDay, mayEditShipment, mayShipment, type EventClassifier, type ShipmentStatus, type TaskAnchor } from '#shared/operations/model.ts';
import type { QuoteMode } from '#shared/quotes/model.ts';
import { rowsOf, type Tx } from '../../db/client.ts';
import { shipmentEvents, shipments, tasksTable } from '../../db/schema/index.ts';
import { audit, changesOf } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { notify } from '../notifications/notify.ts';
import { nextNumber } from '../../lib/number-sequences.ts';
import { dayOrNull as day, isoOrNull as iso } from '../../lib/dates.ts';
import { emitEvent, type EventType } from '../developers/webhooks.ts';
import { placeNames } from '../locations/place-names.ts';
import { shipmentAnswer, trackingEventAnswer, type EventRow, type ShipmentRow } from './answers.ts';

/** The UTC day of an instant (a departure, an arrival): what tasks count from. */
const utcDay = (v: Date | string | null | undefined): string | null => iso(v ?? null)?.slice(0, 10) ?? null;

/** The prefix of a house reference by mode: bill of lading, air waybill, CMR consignment note, rail waybill. */
const HOUSE_PREFIX: Record<QuoteMode, string> = { sea_fcl: 'HBL', sea_lcl: 'HBL', air: 'HAWB', road_ftl: 'CMR', road_ltl: 'CMR', rail: 'RWB' };

/** S-2026-00042 and HBL-2026-00017: both from the organisation's sequences, per calendar year. */
export async function shipmentNumbers(tx: Tx, organisationId: string, mode: QuoteMode, at = new Date()): Promise<{ number: string; house_ref: string }> {
  const year = at.toISOString().slice(0, 4);
  const prefix = HOUSE_PREFIX[mode];
  const n = await nextNumber(tx, organisationId, `shipment:${year}`);
  const h = await nextNumber(tx, organisationId, `${prefix.toLowerCase()}:${year}`);
  return { number: `S-${year}-${String(n).padStart(5, '0')}`, house_ref: `${prefix}-${year}-${String(h).padStart(5, '0')}` };
}

/**
 * Makes the tasks of the organisation's active templates for a new booking or shipment: those of
 * its mode and those for any mode, due from their anchor (null while the anchor is unknown).
 */
export async function attachTasks(tx: Tx, organisationId: string, subject: { booking_id?: string; shipment_id?: string }, mode: QuoteMode, anchors: Partial<Record<TaskAnchor, string | null>>) {
  const attachTo = subject.shipment_id ? 'shipment' : 'booking';
  const templates = await rowsOf<{ id: string; title: string; description: string | null; anchor: TaskAnchor; offset_days: number; priority: string; assignee_user_id: string | null }>(tx, sql`
    select id, title, description, anchor, offset_days, priority, assignee_user_id from task_templates
     where organisation_id = ${organisationId} and active and attach_to = ${attachTo} and (mode is null or mode = ${mode})
     order by offset_days, title`);
  if (templates.length === 0) return;
  const days = { created: utcDay(anchors.created), etd: utcDay(anchors.etd), eta: utcDay(anchors.eta) };
  await tx.insert(tasksTable).values(templates.map((t) => ({
    organisation_id: organisationId, id: uuidv7(), title: t.title, description: t.description, status: 'todo', priority: t.priority,
    due_on: dueDay(days, t.anchor, t.offset_days), assignee_user_id: t.assignee_user_id, template_id: t.id,
    booking_id: subject.booking_id ?? null, shipment_id: subject.shipment_id ?? null,
  })));
}

/** Times of a leg or cut-off as ISO instants in UTC, whatever offset they were written with. */
export const instantsOfLeg = (l: TransportLeg): TransportLeg => ({ ...l, etd: l.etd && new Date(l.etd).toISOString(), eta: l.eta && new Date(l.eta).toISOString() });
export const instantOfCutOff = (c: CutOff): CutOff => ({ ...c, at: new Date(c.at).toISOString() });
/** Cut-offs as stored: UTC instants, the earliest first (as the documents and the overview list them). */
export const cutOffsInOrder = (cutOffs: CutOff[]): CutOff[] => cutOffs.map(instantOfCutOff).sort((a, b) => Date.parse(a.at) - Date.parse(b.at));

/** A shipment's or booking's departure and arrival as the tasks count from them: its ETD and ETA, or its transport plan's first ETD and last ETA. */
export const anchorsOfLegs = (legs: { etd: string | null; eta: string | null }[]) => ({ etd: legs[0]?.etd ?? null, eta: legs.at(-1)?.eta ?? null });

/**
 * Moves the open tasks that count from a departure or arrival (their template's anchor, `etd` or
 * `eta`) to the dates given, by the template's offset, in UTC days: a shipment's tasks and those
 * of the booking it came from (`shipment_id` with `booking_id`), or a booking's alone. A date
 * taken away takes the due day with it; tasks counted from creation, tasks written by hand, and
 * done or cancelled ones keep theirs. Answers how many moved.
 */
export async function reanchorTasks(tx: Tx, organisationId: string, subject: { shipment_id?: string | null; booking_id?: string | null }, anchors: { etd: Date | string | null; eta: Date | string | null }): Promise<number> {
  const etd = utcDay(anchors.etd);
  const eta = utcDay(anchors.eta);
  const owners = [
    subject.shipment_id ? sql`t.shipment_id = ${subject.shipment_id}` : null,
    subject.booking_id ? sql`t.booking_id = ${subject.booking_id}` : null,
  ].filter((x) => x !== null);
  if (owners.length === 0) return 0;
  const moved = await rowsOf<{ id: string }>(tx, sql`
    update tasks t set due_on = (case tt.anchor when 'etd' then ${etd}::date else ${eta}::date end) + tt.offset_days, updated_at = now()
      from task_templates tt
     where t.organisation_id = ${organisationId} and (${sql.join(owners, sql` or `)}) and t.status in ('todo', 'in_progress')
       and tt.organisation_id = t.organisation_id and tt.id = t.template_id and tt.anchor in ('etd', 'eta')
       and t.due_on is distinct from (case tt.anchor when 'etd' then ${etd}::date else ${eta}::date end) + tt.offset_days
    returning t.id`);
  return moved.length;
}

type Places = { origin?: string | null; destination?: string | null; place_of_receipt?: string | null; pol?: string | null; pod?: string | null; place_of_delivery?: string | null; legs?: { from: string; to: string }[] };
const PLACE_FIELDS = ['origin', 'destination', 'place_of_receipt', 'pol', 'pod', 'place_of_delivery'] as const;

/**
 * Refuses places that are not UN/LOCODE locations (422 validation_failed, `location_unknown` on
 * each field: `pol`, `legs.0.from` …), before anything is written. Codes already on the record
 * (`kept`) pass as they are: only what a change brings in is checked.
 */
export async function refuseUnknownPlaces(tx: Tx, v: Places, kept: Places = {}): Promise<void> {
  const old = new Set([...PLACE_FIELDS.map((k) => kept[k]), ...(kept.legs ?? []).flatMap((l) => [l.from, l.to])].filter(Boolean));
  const named: [string, string][] = [];
  for (const k of PLACE_FIELDS) {
    const code = v[k];
    if (code && !old.has(code)) named.push([k, code]);
  }
  v.legs?.forEach((l, i) => {
    if (!old.has(l.from)) named.push([`legs.${i}.from`, l.from]);
    if (!old.has(l.to)) named.push([`legs.${i}.to`, l.to]);
  });
  if (named.length === 0) return;
  const known = await placeNames(tx, [...new Set(named.map(([, code]) => code))]);
  const fields = Object.fromEntries(named.filter(([, code]) => !(code in known)).map(([field]) => [field, VALIDATION_MESSAGES.location_unknown]));
  if (Object.keys(fields).length) throw new AppError(422, 'validation_failed', 'Some places are not UN/LOCODE locations: choose them from the list.', fields);
}

/** A closed or cancelled shipment does not change any more (409 shipment_closed). */
export function refuseClosed(s: Pick<ShipmentRow, 'status'>) {
  if (s.status === 'closed' || s.status === 'cancelled') throw new AppError(409, 'shipment_closed', `The shipment is ${s.status}: it does not change any more.`);
}

/**
 * Changes a shipment's details (locked by the caller): only the fields given, and only those that
 * differ are written and audited, with their values before and after. The planned ETD is kept
 * once the shipment left, the ETA once it arrived (409 not_editable); the arrival may not come
 * before the departure, as sent or as kept (422). The first leg's ETD and the last leg's ETA move
 * with the shipment's when they were the same; a date typed by staff is the newest estimate; the
 * tasks counted from the dates move with them. Answers the fields that changed.
 */
export async function editShipment(tx: Tx, s: ShipmentRow, actorId: string | null, body: ShipmentPatch): Promise<string[]> {
  refuseClosed(s);
  await refuseUnknownPlaces(tx, body, s);
  const next: Record<string, unknown> = { ...body };
  if (body.etd !== undefined) next.etd = body.etd ? new Date(body.etd) : null;
  if (body.eta !== undefined) next.eta = body.eta ? new Date(body.eta) : null;
  if (body.legs) next.legs = body.legs.map(instantsOfLeg);
  if (body.cut_offs) next.cut_offs = cutOffsInOrder(body.cut_offs);
  // Timestamps come back as Dates or strings depending on the driver: compare instants.
  const stored: Record<string, unknown> = { ...s, etd: s.etd && new Date(s.etd), eta: s.eta && new Date(s.eta) };
  const same = (a: string | null, b: unknown) => (a === null ? b === null : b instanceof Date && Date.parse(a) === b.getTime());
  // The shipment follows its plan: a new first-leg departure or last-leg arrival that the shipment's
  // own date was the same as before (or it had none) becomes the shipment's date, unless the date is
  // sent too or has happened; the main (first) leg's carrier, vessel, voyage and flight likewise.
  if (body.legs) {
    const legs = next.legs as TransportLeg[];
    const [was, is] = [{ first: s.legs[0], last: s.legs.at(-1) }, { first: legs[0], last: legs.at(-1) }];
    const carry = (date: 'etd' | 'eta', before: string | null, after: string | null) => {
      if (body[date] !== undefined || !mayEditShipment(s.status, date) || !same(before, stored[date]) || same(after, stored[date])) return;
      next[date] = after ? new Date(after) : null;
    };
    carry('etd', was.first?.etd ?? null, is.first?.etd ?? null);
    carry('eta', was.last?.eta ?? null, is.last?.eta ?? null);
    for (const k of ['carrier', 'vessel', 'voyage', 'flight'] as const) {
      const [before, after] = [was.first?.[k] ?? null, is.first?.[k] ?? null];
      const sent = body[k] === undefined || body[k] === s[k] ? undefined : body[k];
      if (sent === undefined && before === s[k] && after !== before) next[k] = after;
    }
  }
  // The plan follows the dates it began and ended with: the first leg's departure and the last leg's arrival.
  if (!body.legs && s.legs.length && (next.etd !== undefined || next.eta !== undefined)) {
    const legs = s.legs.map((l) => ({ ...l }));
    const [first, last] = [legs[0], legs[legs.length - 1]];
    if (next.etd !== undefined && same(first.etd, stored.etd)) first.etd = (next.etd as Date | null)?.toISOString() ?? null;
    if (next.eta !== undefined && same(last.eta, stored.eta)) last.eta = (next.eta as Date | null)?.toISOString() ?? null;
    next.legs = legs;
  }
  const change = changesOf(stored, next, SHIPMENT_EDIT_FIELDS);
  if (change.fields.length === 0) return [];
  for (const date of ['etd', 'eta'] as const) {
    if (change.fields.includes(date) && !mayEditShipment(s.status, date)) {
      const what = date === 'etd' ? 'left: its departure' : 'arrived: its arrival';
      throw new AppError(409, 'not_editable', `The shipment has ${what} happened and is no longer planned.`, { [date]: 'It has happened.' });
    }
  }
  // The dates kept and the dates sent, in order (both may not have been sent).
  const etd = (next.etd === undefined ? stored.etd : next.etd) as Date | null;
  const eta = (next.eta === undefined ? stored.eta : next.eta) as Date | null;
  if (etd && eta && eta < etd) throw new AppError(422, 'validation_failed', 'The arrival comes before the departure.', { [change.fields.includes('eta') ? 'eta' : 'etd']: VALIDATION_MESSAGES.arrival_before_departure });
  const now = new Date();
  const set: Record<string, unknown> = Object.fromEntries(change.fields.map((k) => [k, next[k]]));
  // A date typed by staff is the newest estimate: a carrier's older one does not undo it (docs/product.md#tracking).
  if (change.fields.includes('etd')) set.etd_recorded_at = etd ? now : null;
  if (change.fields.includes('eta')) {
    set.eta_recorded_at = eta ? now : null;
    if (!s.eta_planned && eta) set.eta_planned = eta;
  }
  await tx.update(shipments).set({ ...set, updated_at: now } as never).where(sql`organisation_id = ${s.organisation_id} and id = ${s.id}`);
  const moved = change.fields.includes('etd') || change.fields.includes('eta') ? await reanchorTasks(tx, s.organisation_id, { shipment_id: s.id, booking_id: s.booking_id }, { etd, eta }) : 0;
  await audit(tx, s.organisation_id, actorId, 'shipments', 'update', s.id, { ...change, tasks_moved: moved });
  await emitShipment(tx, 'shipment.updated', s.organisation_id, s.id);
  return change.fields;
}

/** Tells the shipment's followers (but not who did it) that something happened to it. */
export async function tellFollowers(tx: Tx, s: Pick<ShipmentRow, 'organisation_id' | 'id' | 'number' | 'followers'>, actorId: string | null, type: 'shipment_status' | 'shipment_exception', data: Record<string, unknown>) {
  for (const userId of s.followers) {
    if (userId === actorId) continue;
    await notify(tx, { userId, organisationId: s.organisation_id, type, subject: { type: 'shipment', id: s.id }, data: { number: s.number, ...data } });
  }
}

/** A shipment's event for webhooks, in `tx`: the shipment as GET /api/shipments/:id answers it (to no one in particular: not followed). */
export async function emitShipment(tx: Tx, type: EventType, organisationId: string, id: string): Promise<void> {
  const s = await shipmentAnswer(tx, organisationId, id, null);
  if (s) await emitEvent(tx, organisationId, type, s);
}

/** Changes a shipment's status along its state machine (409 invalid_transition otherwise), with audit and notifications. */
export async function moveShipment(tx: Tx, s: ShipmentRow, to: ShipmentStatus, actorId: string | null, why: string) {
  if (s.status === to) return;
  if (!mayShipment(s.status, to)) throw new AppError(409, 'invalid_transition', `A shipment that is ${s.status.replace('_', ' ')} cannot become ${to.replace('_', ' ')}.`);
  await tx.execute(sql`update shipments set status = ${to}, updated_at = now() where organisation_id = ${s.organisation_id} and id = ${s.id}`);
  await audit(tx, s.organisation_id, actorId, 'shipments', 'status', s.id, { from: s.status, to, why });
  await tellFollowers(tx, s, actorId, 'shipment_status', { status: to });
  s.status = to;
  await emitShipment(tx, 'shipment.status_changed', s.organisation_id, s.id);
}


/** A newer-or-equal estimate than the one applied (by when the source made it). */
const newer = (recorded: Date, current: Date | string | null) => !current || recorded.getTime() >= new Date(current).getTime();

/**
 * Stores one tracking event and applies it to the shipment (locked by the caller): transport
 * events move ETD/ETA and the status, an older estimate than the one applied is kept but not
 * applied, and the last actual event is remembered for the lists. Answers whether it was applied.
 */
export async function applyEvent(tx: Tx, s: ShipmentRow, e: ReturnType<typeof normaliseEvent>, source: 'staff' | 'import' | 'webhook', actorId: string | null, deliveryId: string | null = null): Promise<EventRow> {
  const occurred = new Date(e.occurred_at);
  const recorded = e.recorded_at ? new Date(e.recorded_at) : new Date();
  const set: Record<string, unknown> = {};
  let applied = true;
  if (e.event_type === 'TRANSPORT') {
    const arrival = e.code === 'ARRI';
    if (e.classifier === 'PLN') {
      if (arrival) {
        set.eta_planned = occurred;
        if (!s.eta) set.eta = occurred;
      } else if (!s.etd) set.etd = occurred;
    } else if (e.classifier === 'EST') {
      const current = arrival ? s.eta_recorded_at : s.etd_recorded_at;
      applied = newer(recorded, current) && !(arrival ? s.ata : s.atd);
      if (applied) Object.assign(set, arrival ? { eta: occurred, eta_recorded_at: recorded } : { etd: occurred, etd_recorded_at: recorded });
      if (applied && arrival && !s.eta_planned) set.eta_planned = s.eta ?? occurred;
    } else if (arrival) Object.assign(set, { ata: occurred, eta: occurred, eta_recorded_at: recorded });
    else Object.assign(set, { atd: occurred, etd: occurred, etd_recorded_at: recorded });
  }
  if (e.classifier === 'ACT' && (!s.last_event || s.last_event.classifier !== 'ACT' || Date.parse(s.last_event.occurred_at) <= occurred.getTime())) {
    set.last_event = { code: e.code, classifier: e.classifier, location: e.location, occurred_at: occurred.toISOString() };
  } else if (!s.last_event && e.classifier !== 'PLN') {
    set.last_event = { code: e.code, classifier: e.classifier as EventClassifier, location: e.location, occurred_at: occurred.toISOString() };
  }
  const [row] = await tx.insert(shipmentEvents).values({
    organisation_id: s.organisation_id, id: uuidv7(), shipment_id: s.id, event_type: e.event_type, code: e.code, classifier: e.classifier, location: e.location,
    occurred_at: occurred, recorded_at: recorded, container_number: e.container_number, vessel: e.vessel, voyage: e.voyage, source, applied, delivery_id: deliveryId, created_by: actorId,
  }).returning();
  if (Object.keys(set).length) {
    await tx.update(shipments).set({ ...set, updated_at: new Date() } as never).where(sql`organisation_id = ${s.organisation_id} and id = ${s.id}`);
    Object.assign(s, set);
    if ('etd' in set || 'eta' in set) await reanchorTasks(tx, s.organisation_id, { shipment_id: s.id, booking_id: s.booking_id }, { etd: s.etd, eta: s.eta });
  }
  // Actual departures and arrivals move the shipment on (a departure of a booked one, an arrival of one under way).
  if (e.event_type === 'TRANSPORT' && e.classifier === 'ACT') {
    if (e.code === 'DEPA' && s.status === 'booked') await moveShipment(tx, s, 'in_transit', actorId, 'DEPA ACT');
    if (e.code === 'ARRI' && (s.status === 'in_transit' || s.status === 'booked')) {
      if (s.status === 'booked') await moveShipment(tx, s, 'in_transit', actorId, 'ARRI ACT');
      await moveShipment(tx, s, 'arrived', actorId, 'ARRI ACT');
    }
  }
  await emitEvent(tx, s.organisation_id, 'tracking.event_added', await trackingEventAnswer(tx, row, s.mode));
  return row;
}

/** An event as validated (eventBody) with its optional fields made explicit. */
export const normaliseEvent = (e: EventBody) => ({
  event_type: e.event_type, code: e.code.toUpperCase(), classifier: e.classifier, location: e.location ?? null, occurred_at: e.occurred_at,
  recorded_at: e.recorded_at ?? null, container_number: e.container_number ?? null, vessel: e.vessel ?? null, voyage: e.voyage ?? null,
});

export { day as dayOf, iso as isoOf };
