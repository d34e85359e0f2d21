import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Container, FynDocument, Shipment, ShipmentSummary, TrackingEvent } from '#shared/api/operations.ts';
import { delayHours } from '#shared/operations/model.ts';
import { profitOf } from '#shared/operations/charges.ts';
import { measure } from '#shared/quotes/calc.ts';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import type { bookings, documents, shipmentEvents, shipments } from '../../db/schema/index.ts';
import { isoOrNull as iso } from '../../lib/dates.ts';
import type { DocumentLanguage } from '../documents/labels.ts';
import type { DocumentData } from '../documents/render.ts';
import { placeNames } from '../locations/place-names.ts';

/**
 * Shipments, their tracking events and documents as their GET answers them: one builder each, used
 * by the routes and by the webhook events (the object as its GET answers it, read in the
 * transaction that changes it). A leaf: it imports no other operations module, so that the
 * services emitting events and the routes answering may both import it.
 */

export type ShipmentRow = typeof shipments.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
export type EventRow = typeof shipmentEvents.$inferSelect;

export async function loadShipment(db: Db | Tx, organisationId: string, id: string, lock = false): Promise<ShipmentRow | null> {
  const [row] = await rowsOf<ShipmentRow>(db, sql`select * from shipments where organisation_id = ${organisationId} and id = ${id} ${lock ? sql`for update` : sql``}`);
  return row ?? null;
}

export function presentEvent(e: EventRow, places: Record<string, string>): TrackingEvent {
  return {
    id: e.id, shipment_id: e.shipment_id, event_type: e.event_type, code: e.code, classifier: e.classifier, location: e.location, location_name: e.location ? places[e.location] ?? null : null,
    occurred_at: iso(e.occurred_at)!, recorded_at: iso(e.recorded_at)!, container_number: e.container_number, vessel: e.vessel, voyage: e.voyage, source: e.source, applied: e.applied,
  };
}

export function presentSummary(s: ShipmentRow): ShipmentSummary {
  const eta = iso(s.eta);
  return {
    id: s.id, number: s.number, house_ref: s.house_ref, master_ref: s.master_ref, mode: s.mode, status: s.status, signoff_status: s.signoff_status, client_name: s.client_name,
    origin: s.origin, destination: s.destination, etd: iso(s.etd), eta, eta_planned: iso(s.eta_planned), atd: iso(s.atd), ata: iso(s.ata),
    delay_hours: delayHours(iso(s.eta_planned), eta), last_event: s.last_event ?? null, created_at: iso(s.created_at)!,
  };
}

export type ShipmentExtras = Pick<Shipment, 'booking_number' | 'origin_name' | 'destination_name' | 'place_names' | 'containers' | 'documents' | 'tasks' | 'open_exceptions' | 'following'>;

/** Every UN/LOCODE a shipment names: its route, places and the ends of its legs. */
export const placesOf = (s: Pick<ShipmentRow, 'origin' | 'destination' | 'place_of_receipt' | 'pol' | 'pod' | 'place_of_delivery' | 'legs'>): string[] =>
  [...new Set([s.origin, s.destination, s.place_of_receipt, s.pol, s.pod, s.place_of_delivery, ...s.legs.flatMap((l) => [l.from, l.to])].filter((c): c is string => Boolean(c)))];

export function presentShipment(s: ShipmentRow, extras: ShipmentExtras): Shipment {
  return {
    ...presentSummary(s),
    ...extras,
    ...profitOf(s.charges),
    booking_id: s.booking_id,
    client: s.client_type && s.client_id ? { type: s.client_type, id: s.client_id } : null,
    incoterm: s.incoterm, place_of_receipt: s.place_of_receipt, pol: s.pol, pod: s.pod, place_of_delivery: s.place_of_delivery,
    shipper: s.shipper, consignee: s.consignee, notify_party: s.notify_party,
    carrier: s.carrier, vessel: s.vessel, voyage: s.voyage, flight: s.flight, legs: s.legs, cut_offs: s.cut_offs, packages: s.packages, goods_description: s.goods_description,
    free_days: s.free_days, currency: s.currency, charges: s.charges,
    frozen_rate: s.fx_base && s.fx_rate && s.fx_rate_date && s.fx_source ? { base: s.fx_base, rate: s.fx_rate, rate_date: s.fx_rate_date, source: s.fx_source } : null,
    tracking_link: { active: Boolean(s.tracking_hash), shows: s.tracking_hash ? (s.tracking_shows ?? null) : null },
    updated_at: iso(s.updated_at)!,
  };
}

/** A shipment's containers, with when each was discharged and whether it was gated out. */
export async function containersOf(db: Db | Tx, organisationId: string, shipmentId: string): Promise<Container[]> {
  const rows = await rowsOf<{ id: string; number: string; iso_type: string; seal: string | null; discharged_at: string | null; gated_out: boolean }>(db, sql`
    select c.id, c.number, c.iso_type, c.seal,
           (select max(occurred_at) from shipment_events e where e.organisation_id = c.organisation_id and e.shipment_id = c.shipment_id and e.container_number = c.number and e.code = 'DISC' and e.classifier = 'ACT') as discharged_at,
           exists (select 1 from shipment_events e where e.organisation_id = c.organisation_id and e.shipment_id = c.shipment_id and e.container_number = c.number and e.code = 'GTOT' and e.classifier = 'ACT') as gated_out
      from shipment_containers c where c.organisation_id = ${organisationId} and c.shipment_id = ${shipmentId} order by c.created_at, c.number`);
  return rows.map((r) => ({ ...r, discharged_at: iso(r.discharged_at) }));
}

/**
 * A shipment as GET /api/shipments/:id answers it, read through `db` (a transaction's, for an
 * event); `viewerId` is who asks (`following`), null for a webhook event. Null when there is none.
 */
export async function shipmentAnswer(db: Db | Tx, organisationId: string, id: string, viewerId: string | null): Promise<Shipment | null> {
  const s = await loadShipment(db, organisationId, id);
  if (!s) return null;
  const org = organisationId;
  const [containers, docs, tasks, [counts], [booking], places] = await Promise.all([
    containersOf(db, org, id),
    rowsOf<DocumentRow & { reference: string | null }>(db, sql`select d.*, ${s.number}::text as reference from documents d where d.organisation_id = ${org} and d.shipment_id = ${id} order by d.created_at desc, d.version desc, d.id desc`),
    rowsOf<{ id: string; title: string; status: string; priority: string; due_on: string | null; assignee_user_id: string | null }>(db, sql`
      select id, title, status, priority, due_on::text as due_on, assignee_user_id from tasks where organisation_id = ${org} and shipment_id = ${id} order by due_on nulls last, title`),
    rowsOf<{ open: number }>(db, sql`select count(*)::int as open from shipment_exceptions where organisation_id = ${org} and shipment_id = ${id} and status = 'open'`),
    s.booking_id ? rowsOf<{ number: string }>(db, sql`select number from bookings where organisation_id = ${org} and id = ${s.booking_id}`) : Promise.resolve([]),
    placeNames(db, placesOf(s), s.mode),
  ]);
  const states = await documentStates(db, s, docs);
  return presentShipment(s, {
    booking_number: booking?.number ?? null, origin_name: places[s.origin] ?? null, destination_name: places[s.destination] ?? null, place_names: places,
    containers, documents: docs.map((d) => ({ ...presentDocument(d), ...states.get(d.id)! })), tasks, open_exceptions: counts.open, following: viewerId !== null && s.followers.includes(viewerId),
  });
}

/** A tracking event as the shipment's timeline (GET /api/shipments/:id/events) answers it. */
export async function trackingEventAnswer(db: Db | Tx, row: EventRow, mode: ShipmentRow['mode']): Promise<TrackingEvent> {
  return presentEvent(row, await placeNames(db, row.location ? [row.location] : [], mode));
}

/** The documents with the reference they belong to (the shipment's number, else the booking's). */
export const selectDocuments = (organisationId: string) => sql`
  select d.*, coalesce(s.number, b.number) as reference from documents d
    left join shipments s on s.organisation_id = d.organisation_id and s.id = d.shipment_id
    left join bookings b on b.organisation_id = d.organisation_id and b.id = d.booking_id
   where d.organisation_id = ${organisationId}`;

/** A document as GET /api/documents answers it; null when there is none. */
export async function documentAnswer(db: Db | Tx, organisationId: string, id: string): Promise<FynDocument | null> {
  const [row] = await rowsOf<DocumentRow & { reference: string | null }>(db, sql`${selectDocuments(organisationId)} and d.id = ${id}`);
  return row ? presentDocument(row) : null;
}

export type DocumentRow = typeof documents.$inferSelect;

export const presentDocument = (d: DocumentRow & { reference?: string | null }): FynDocument => ({
  id: d.id, type: d.type, without_origin: d.without_origin, number: d.number, version: d.version, language: d.language, shipment_id: d.shipment_id, booking_id: d.booking_id,
  bytes: d.bytes, emailed: d.emailed, created_at: iso(d.created_at)!, reference: d.reference ?? null,
});

export type Template = DocumentData['template'] & { language: DocumentLanguage };
export const DEFAULT_TEMPLATE: Template = { language: 'en', accent_colour: null, terms: null, show_logo: true, show_parties: true, show_containers: true, show_charges: true, show_notes: true };

type OrganisationLines = { name: string; lines: string[]; logo: string | null };

/** The organisation's name and address lines as documents print them, and where its logo is. */
export async function organisationLines(db: Db | Tx, organisationId: string): Promise<OrganisationLines> {
  const [org] = await rowsOf<{ name: string; address_line1: string | null; city: string | null; postcode: string | null; country: string; vat_number: string | null; logo: string | null }>(
    db, sql`select name, address_line1, city, postcode, country, vat_number, logo from organisations where id = ${organisationId}`);
  return {
    name: org.name,
    lines: [[org.address_line1, [org.postcode, org.city].filter(Boolean).join(' '), org.country].filter(Boolean).join(', '), org.vat_number ? `VAT ${org.vat_number}` : ''].filter(Boolean),
    logo: org.logo,
  };
}

/** What the freight documents of a shipment print besides the shipment row: its booking, containers, charge names and place names. */
type DocumentInputs = {
  header: { name: string; lines: string[] };
  booking: { number: string; carrier_booking_reference: string | null; booking_party: DocumentData['parties']['booking_party']; confirmed_equipment: DocumentData['equipment']; equipment: DocumentData['equipment'] } | null;
  containers: { number: string; iso_type: string; seal: string | null; discharged_at: string | null }[];
  codes: Map<string, string>;
  places: Record<string, string>;
};

export async function documentInputs(db: Db | Tx, s: ShipmentRow): Promise<DocumentInputs> {
  const org = s.organisation_id;
  const header = await organisationLines(db, org);
  const [booking] = s.booking_id
    ? await rowsOf<NonNullable<DocumentInputs['booking']>>(db, sql`
        select number, carrier_booking_reference, booking_party, confirmed_equipment, equipment from bookings where organisation_id = ${org} and id = ${s.booking_id}`)
    : [];
  const containers = await rowsOf<DocumentInputs['containers'][number]>(db, sql`
    select c.number, c.iso_type, c.seal,
           (select max(occurred_at) from shipment_events e where e.organisation_id = c.organisation_id and e.shipment_id = c.shipment_id and e.container_number = c.number and e.code = 'DISC' and e.classifier = 'ACT') as discharged_at
      from shipment_containers c where c.organisation_id = ${org} and c.shipment_id = ${s.id} order by c.created_at, c.number`);
  const codes = new Map((await rowsOf<{ id: string; name: string }>(db, sql`select id, name from charge_codes where organisation_id = ${org}`)).map((c) => [c.id, c.name]));
  return { header: { name: header.name, lines: header.lines }, booking: booking ?? null, containers, codes, places: await placeNames(db, [s.origin, s.destination], s.mode) };
}

/** What a freight document of a shipment prints (its `issued` day apart, the same data gives the same document). */
export function documentData(inputs: DocumentInputs, s: ShipmentRow, type: DocumentData['type'], withoutOrigin: boolean, template: Template, language: DocumentLanguage): DocumentData {
  const { header, booking, containers, codes, places } = inputs;
  const m = measure(s.mode, s.packages, []);
  return {
    type, without_origin: withoutOrigin, language, issued: new Date().toISOString().slice(0, 10),
    organisation: { name: header.name, lines: header.lines },
    shipment: {
      number: s.number, house_ref: s.house_ref, master_ref: s.master_ref, booking_number: booking?.number ?? null, carrier_booking_reference: booking?.carrier_booking_reference ?? null,
      mode: s.mode, incoterm: s.incoterm, carrier: s.carrier, vessel: s.vessel, voyage: s.voyage, flight: s.flight,
      origin: s.origin, origin_name: places[s.origin] ?? null, destination: s.destination, destination_name: places[s.destination] ?? null,
      pol: s.pol ?? s.legs[0]?.from ?? null, pod: s.pod ?? s.legs.at(-1)?.to ?? null, place_of_receipt: s.place_of_receipt, place_of_delivery: s.place_of_delivery,
      etd: iso(s.etd), eta: iso(s.eta), atd: iso(s.atd), ata: iso(s.ata), free_days: s.free_days, goods_description: s.goods_description,
    },
    parties: { shipper: s.shipper, consignee: s.consignee, notify: s.notify_party, booking_party: booking?.booking_party ?? null },
    legs: s.legs, cut_offs: s.cut_offs,
    equipment: booking ? (booking.confirmed_equipment.length ? booking.confirmed_equipment : booking.equipment) : [],
    containers: containers.map((c) => ({ ...c, discharged_at: iso(c.discharged_at) })),
    cargo: { packages: s.packages.reduce((n, p) => n + p.packages, 0), weight_kg: m.weight_kg, volume_cbm: m.volume_cbm, chargeable_weight_kg: m.chargeable_weight_kg },
    charges: s.charges.map((c) => ({ name: c.description ?? (c.charge_code_id ? codes.get(c.charge_code_id) : null) ?? '—', amount_minor: c.actual_sell_minor ?? c.quoted_sell_minor, currency: s.currency, payment: c.payment })),
    template: { accent_colour: template.accent_colour, terms: template.terms, show_logo: template.show_logo, show_parties: template.show_parties, show_containers: template.show_containers, show_charges: template.show_charges, show_notes: template.show_notes },
  };
}

/** The fingerprint of what a document prints: a freight document's data but its issue day, or the quote (and its last change) in a language. */
export const fingerprint = (printed: DocumentData | { quote: string; updated_at: string | null; language: string }) =>
  createHash('sha256').update(JSON.stringify('type' in printed ? { ...printed, issued: null } : printed)).digest('hex');

export async function templatesOf(db: Db | Tx, organisationId: string): Promise<Map<string, Template>> {
  const rows = await rowsOf<Template & { type: string }>(db, sql`select type, language, accent_colour, terms, show_logo, show_parties, show_containers, show_charges, show_notes from document_templates where organisation_id = ${organisationId}`);
  return new Map(rows.map(({ type, ...t }) => [type, t]));
}

/**
 * Which of a shipment's documents are the latest version of their kind (type and variant), and
 * which of those were printed from data that has changed since (its parties, route, dates,
 * containers, charges, the booking's quote, the organisation's address or the template): a new
 * generation would make a new version. Older versions are never "outdated": a newer one exists.
 */
export async function documentStates(db: Db | Tx, s: ShipmentRow, docs: DocumentRow[]): Promise<Map<string, { latest: boolean; outdated: boolean }>> {
  const latest = new Map<string, DocumentRow>();
  for (const d of docs) {
    const key = `${d.type}:${d.without_origin}`;
    if ((latest.get(key)?.version ?? 0) < d.version) latest.set(key, d);
  }
  const states = new Map(docs.map((d) => [d.id, { latest: false, outdated: false }]));
  if (latest.size === 0) return states;
  const freight = [...latest.values()].filter((d) => d.type !== 'quotation');
  const [inputs, templates] = freight.length ? await Promise.all([documentInputs(db, s), templatesOf(db, s.organisation_id)]) : [null, new Map<string, Template>()];
  const quoteIds = [...new Set([...latest.values()].map((d) => d.quote_id).filter((v): v is string => Boolean(v)))];
  const quotes = quoteIds.length
    ? new Map((await rowsOf<{ id: string; updated_at: string }>(db, sql`select id, updated_at from quotes where organisation_id = ${s.organisation_id} and id = any(${`{${quoteIds.join(',')}}`}::uuid[])`)).map((q) => [q.id, iso(q.updated_at)]))
    : new Map<string, string | null>();
  for (const d of latest.values()) {
    const now = d.type === 'quotation'
      ? fingerprint({ quote: d.quote_id ?? '', updated_at: quotes.get(d.quote_id ?? '') ?? null, language: d.language })
      : fingerprint(documentData(inputs!, s, d.type, d.without_origin, templates.get(d.type) ?? DEFAULT_TEMPLATE, d.language as DocumentLanguage));
    states.set(d.id, { latest: true, outdated: now !== d.data_hash });
  }
  return states;
}
