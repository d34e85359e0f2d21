import { z } from 'zod';
import { currency, locationCode } from '../resources/fields.ts';
import { cargoLineSchema, equipmentLineSchema } from './quotes.ts';
import { containerNumberProblem, normaliseContainerNumber } from '../operations/iso6346.ts';
import {
  BOOKING_STATUSES, CUT_OFF_KINDS, DATE_REFERENCES, DOCUMENT_TYPES, EVENT_CLASSIFIERS, EVENT_CODES, EVENT_TYPES, EXCEPTION_KINDS, EXCEPTION_STATUSES,
  SHIPMENT_STATUSES, SIGNOFF_STATUSES, TASK_SCOPES, TASK_STATES,
} from '../operations/model.ts';
import { INCOTERMS_2020, QUOTE_CLIENT_TYPES, QUOTE_MODES, ISO_SIZE_TYPE } from '../quotes/model.ts';
import { TASK_PRIORITIES, TASK_STATUSES } from '../resources/work-records.ts';
import { DOCUMENT_LANGUAGES } from '../resources/operations.ts';

const text = (max: number) => z.string().trim().max(max, 'text_too_long');
const optional = (max: number) => text(max).nullish().transform((v) => v || null);
const instant = z.iso.datetime({ offset: true, error: 'date_invalid' });
const optionalInstant = instant.nullish().transform((v) => v ?? null);
const amountMinor = z.number().int('whole_number').min(0, 'number_range').max(1_000_000_000_000, 'number_range');

/** A party of a booking or shipment as printed on its documents (DCSA: party name, address, contact). */
export const partySchema = z.object({
  name: text(160).min(1, 'required'),
  address: optional(400),
  contact: optional(120),
  email: z.email('email_invalid').max(254, 'text_too_long').nullish().transform((v) => v ?? null),
  phone: optional(40),
});
export type Party = z.infer<typeof partySchema>;

/** A leg of the transport plan (DCSA Booking 2.0 transportPlan): carriage by vessel/voyage, flight or truck. */
export const legSchema = z.object({
  mode: z.enum(['sea', 'air', 'road', 'rail']),
  from: locationCode,
  to: locationCode,
  carrier: optional(120),
  vessel: optional(120),
  voyage: optional(40),
  flight: optional(20),
  etd: optionalInstant,
  eta: optionalInstant,
});
export type TransportLeg = z.infer<typeof legSchema>;

export const cutOffSchema = z.object({ kind: z.enum(CUT_OFF_KINDS), at: instant });
export type CutOff = z.infer<typeof cutOffSchema>;

export const PAYMENT_TERMS = ['prepaid', 'collect'] as const;

/** The answers' shapes of the above (no input transforms: response schemas serialise). */
const partyOut = z.object({ name: z.string(), address: z.string().nullable(), contact: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() });
const legOut = z.object({
  mode: legSchema.shape.mode, from: z.string(), to: z.string(), carrier: z.string().nullable(), vessel: z.string().nullable(), voyage: z.string().nullable(),
  flight: z.string().nullable(), etd: z.string().nullable(), eta: z.string().nullable(),
});
const cutOffOut = z.object({ kind: z.enum(CUT_OFF_KINDS), at: z.string() });
const cargoOut = z.array(z.object({ packages: z.number(), length_cm: z.string(), width_cm: z.string(), height_cm: z.string(), weight_kg: z.string() }));
const equipmentOut = z.array(z.object({ iso_type: z.string(), count: z.number() }));
const chargeOut = z.object({
  charge_code_id: z.string().nullable(), description: z.string().nullable(), quoted_sell_minor: z.number(), quoted_buy_minor: z.number(),
  actual_sell_minor: z.number().nullable(), actual_buy_minor: z.number().nullable(), payment: z.enum(PAYMENT_TERMS),
});

/** What the client's public tracking page shows (the organisation chooses; never money). */
export const trackingShowsSchema = z.object({
  events: z.boolean().default(true),
  containers: z.boolean().default(true),
  parties: z.boolean().default(false),
  references: z.boolean().default(true),
});
export type TrackingShows = z.infer<typeof trackingShowsSchema>;
const trackingShowsOut = z.object({ events: z.boolean(), containers: z.boolean(), parties: z.boolean(), references: z.boolean() });

/** A job's charge line in the shipment currency: quoted buy and sell, and the actual figures once known. */
export const shipmentChargeSchema = z.object({
  charge_code_id: z.uuid('reference_invalid').nullish().transform((v) => v ?? null),
  description: optional(200),
  quoted_sell_minor: amountMinor,
  quoted_buy_minor: amountMinor,
  actual_sell_minor: amountMinor.nullish().transform((v) => v ?? null),
  actual_buy_minor: amountMinor.nullish().transform((v) => v ?? null),
  payment: z.enum(PAYMENT_TERMS).default('prepaid'),
});
export type ShipmentCharge = z.output<typeof shipmentChargeSchema>;

const bookingChargeSchema = z.object({
  charge_code_id: z.string().nullable(), description: z.string().nullable(), basis: z.string(), quantity: z.string(),
  sell: z.object({ amount_minor: z.number(), currency: z.string() }), sell_in_quote_minor: z.number(), payment: z.enum(PAYMENT_TERMS).optional(),
});

export const bookingSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(BOOKING_STATUSES),
  quote_id: z.string(),
  quote_number: z.string(),
  client: z.object({ type: z.enum(QUOTE_CLIENT_TYPES), id: z.string(), name: z.string() }),
  contact_id: z.string().nullable(),
  mode: z.enum(QUOTE_MODES),
  incoterm: z.string().nullable(),
  origin: z.string(),
  destination: z.string(),
  origin_name: z.string().nullable(),
  destination_name: z.string().nullable(),
  /** The names of the UN/LOCODEs the booking names (route, places, legs) that are known, for labels. */
  place_names: z.record(z.string(), z.string()),
  parties: z.object({ shipper: partyOut.nullable(), consignee: partyOut.nullable(), notify: partyOut.nullable(), booking_party: partyOut.nullable() }),
  pol: z.string().nullable(),
  pod: z.string().nullable(),
  place_of_receipt: z.string().nullable(),
  place_of_delivery: z.string().nullable(),
  cargo: cargoOut,
  equipment: equipmentOut,
  confirmed_equipment: equipmentOut,
  legs: z.array(legOut),
  cut_offs: z.array(cutOffOut),
  payment_term: z.enum(PAYMENT_TERMS),
  carrier_booking_reference: z.string().nullable(),
  currency: z.string(),
  charges: z.array(bookingChargeSchema),
  sell_minor: z.number(),
  reason: z.string().nullable(),
  shipment_id: z.string().nullable(),
  shipment_number: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const bookingPatchBody = z.object({
  /** What was quoted, corrected while the booking is received: the route, the Incoterm, the equipment or the cargo. */
  origin: locationCode,
  destination: locationCode,
  incoterm: z.enum(INCOTERMS_2020).nullable(),
  equipment: z.array(equipmentLineSchema).max(20),
  cargo: z.array(cargoLineSchema).max(100),
  shipper: partySchema.nullable(),
  consignee: partySchema.nullable(),
  notify: partySchema.nullable(),
  booking_party: partySchema.nullable(),
  pol: locationCode.nullable(),
  pod: locationCode.nullable(),
  place_of_receipt: locationCode.nullable(),
  place_of_delivery: locationCode.nullable(),
  confirmed_equipment: z.array(equipmentLineSchema).max(20),
  legs: z.array(legSchema).max(10),
  cut_offs: z.array(cutOffSchema).max(10),
  payment_term: z.enum(PAYMENT_TERMS),
  /** Prepaid or collect per charge line, in the order of the booking's charges; null: as the booking's own term. */
  charge_terms: z.array(z.enum(PAYMENT_TERMS).nullable()).max(100),
  carrier_booking_reference: optional(60),
}).partial().superRefine(arrivalAfterDeparture);
export const bookingConfirmBody = z.object({
  carrier_booking_reference: optional(60),
  confirmed_equipment: z.array(equipmentLineSchema).max(20).optional(),
}).default({ carrier_booking_reference: null });
export const reasonBody = z.object({ reason: text(500).min(1, 'required') });
/**
 * The bookings list: by status; `q` finds by booking number, client, origin, destination or the
 * carrier's booking reference; `limit` (at most 200, the default) keeps the newest that many.
 */
export const bookingListQuery = z.object({
  status: z.enum(BOOKING_STATUSES).optional(),
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(200),
});

/** A container number, normalised (spaces, dashes, case) and checked by its ISO 6346 check digit. */
export const containerNumber = z
  .string()
  .trim()
  .max(20, 'text_too_long')
  .transform(normaliseContainerNumber)
  .superRefine((v, c) => {
    const problem = containerNumberProblem(v);
    if (problem) c.addIssue({ code: 'custom', message: problem === 'format' ? 'container_format' : 'container_check_digit' });
  });
export const containerBody = z.object({ number: containerNumber, iso_type: z.string().trim().toUpperCase().regex(ISO_SIZE_TYPE, 'iso_size_type'), seal: optional(40) });
export const containerSchema = z.object({ id: z.string(), number: z.string(), iso_type: z.string(), seal: z.string().nullable(), gated_out: z.boolean(), discharged_at: z.string().nullable() });
export type Container = z.infer<typeof containerSchema>;

/** One tracking event as staff, the CSV import and the webhook give it (DCSA Track & Trace). */
export const eventBody = z
  .object({
    event_type: z.enum(EVENT_TYPES),
    code: z.string().trim().toUpperCase().max(4, 'text_too_long'),
    classifier: z.enum(EVENT_CLASSIFIERS),
    location: locationCode.nullish().transform((v) => v ?? null),
    occurred_at: instant,
    /** When the source made it (DCSA eventCreatedDateTime); now when not given. */
    recorded_at: optionalInstant,
    container_number: containerNumber.nullish().transform((v) => v ?? null),
    vessel: optional(120),
    voyage: optional(40),
  })
  .superRefine((e, c) => {
    if (!EVENT_CODES[e.event_type].includes(e.code)) c.addIssue({ code: 'custom', path: ['code'], message: 'event_code' });
    if (e.event_type === 'EQUIPMENT' && !e.container_number) c.addIssue({ code: 'custom', path: ['container_number'], message: 'required' });
    if (e.event_type === 'TRANSPORT' && !e.location) c.addIssue({ code: 'custom', path: ['location'], message: 'required' });
  });
export type EventBody = z.input<typeof eventBody>;
export const eventSchema = z.object({
  id: z.string(), shipment_id: z.string(), event_type: z.enum(EVENT_TYPES), code: z.string(), classifier: z.enum(EVENT_CLASSIFIERS), location: z.string().nullable(), location_name: z.string().nullable(),
  occurred_at: z.string(), recorded_at: z.string(), container_number: z.string().nullable(), vessel: z.string().nullable(), voyage: z.string().nullable(), source: z.string(),
  /** False when a newer estimate of the same event came first (kept in the timeline, not applied). */
  applied: z.boolean(),
});
export type TrackingEvent = z.infer<typeof eventSchema>;
export const webhookBody = z.object({ shipment_reference: text(60).min(1, 'required'), delivery_id: text(100).min(1, 'required'), events: z.array(eventBody).min(1, 'required').max(200) });
/** Signed the Standard Webhooks way, a delivery's id is its webhook-id when the body names none. */
export const standardWebhookBody = webhookBody.extend({ delivery_id: text(100).min(1, 'required').optional() });

const shipmentFields = {
  client: z.object({ type: z.enum(QUOTE_CLIENT_TYPES), id: z.uuid('reference_invalid') }).nullish().transform((v) => v ?? null),
  client_name: optional(160),
  mode: z.enum(QUOTE_MODES),
  origin: locationCode,
  destination: locationCode,
  /** Where the carrier takes and hands over the goods (DCSA: place of receipt, ports of loading and discharge, place of delivery). */
  place_of_receipt: locationCode.nullish().transform((v) => v ?? null),
  pol: locationCode.nullish().transform((v) => v ?? null),
  pod: locationCode.nullish().transform((v) => v ?? null),
  place_of_delivery: locationCode.nullish().transform((v) => v ?? null),
  incoterm: optional(3),
  shipper: partySchema.nullish().transform((v) => v ?? null),
  consignee: partySchema.nullish().transform((v) => v ?? null),
  notify_party: partySchema.nullish().transform((v) => v ?? null),
  master_ref: optional(40),
  carrier: optional(120),
  vessel: optional(120),
  voyage: optional(40),
  flight: optional(20),
  etd: optionalInstant,
  eta: optionalInstant,
  legs: z.array(legSchema).max(10),
  cut_offs: z.array(cutOffSchema).max(10),
  packages: z.array(cargoLineSchema).max(100),
  goods_description: optional(1000),
  free_days: z.number().int('whole_number').min(0, 'number_range').max(90, 'number_range'),
  currency,
  charges: z.array(shipmentChargeSchema).max(100),
};
/** An arrival before its departure: on the shipment's ETD/ETA and on each leg (422 with the field); a second cut-off of one kind. */
function arrivalAfterDeparture(v: { etd?: string | null; eta?: string | null; legs?: TransportLeg[]; cut_offs?: CutOff[] }, c: z.RefinementCtx) {
  v.cut_offs?.forEach((x, i) => {
    if (v.cut_offs!.findIndex((y) => y.kind === x.kind) < i) c.addIssue({ code: 'custom', path: ['cut_offs', i, 'kind'], message: 'cut_off_duplicate' });
  });
  if (v.etd && v.eta && Date.parse(v.eta) < Date.parse(v.etd)) c.addIssue({ code: 'custom', path: ['eta'], message: 'arrival_before_departure' });
  v.legs?.forEach((l, i) => {
    if (l.etd && l.eta && Date.parse(l.eta) < Date.parse(l.etd)) c.addIssue({ code: 'custom', path: ['legs', i, 'eta'], message: 'arrival_before_departure' });
  });
}
export const shipmentCreateBody = z
  .object({
    ...shipmentFields,
    legs: shipmentFields.legs.default([]),
    cut_offs: shipmentFields.cut_offs.default([]),
    packages: shipmentFields.packages.default([]),
    free_days: shipmentFields.free_days.default(7),
    charges: shipmentFields.charges.default([]),
  })
  .superRefine(arrivalAfterDeparture);
export type ShipmentCreateBody = z.input<typeof shipmentCreateBody>;
/**
 * What the edit forms change: parties, route and places, carriage and master reference, the
 * planned dates and cut-offs, cargo, goods and free time — only the fields sent (no defaults
 * here: a field left out stays as it is). The client, mode
 * (it made the house reference) and currency stay; the charges have their own call.
 */
export const shipmentPatchBody = z
  .object(shipmentFields)
  .omit({ client: true, client_name: true, mode: true, currency: true, charges: true })
  .partial()
  .superRefine((v, c) => {
    if (!Object.values(v).some((x) => x !== undefined)) c.addIssue({ code: 'custom', message: 'nothing_to_update' });
    arrivalAfterDeparture(v, c);
  });
export type ShipmentPatchBody = z.input<typeof shipmentPatchBody>;
export type ShipmentPatch = z.output<typeof shipmentPatchBody>;
/** The fields of a shipment the edit forms change, in the order the audit trail names them. */
export const SHIPMENT_EDIT_FIELDS = [
  'shipper', 'consignee', 'notify_party', 'origin', 'destination', 'place_of_receipt', 'pol', 'pod', 'place_of_delivery', 'incoterm',
  'master_ref', 'carrier', 'vessel', 'voyage', 'flight', 'legs', 'etd', 'eta', 'cut_offs', 'packages', 'goods_description', 'free_days',
] as const;
export const shipmentStatusBody = z.object({ status: z.enum(SHIPMENT_STATUSES) });
export const chargesBody = z.object({ charges: z.array(shipmentChargeSchema).max(100) });

export const shipmentListQuery = z.object({
  status: z.union([z.enum(SHIPMENT_STATUSES), z.literal('active')]).optional(),
  mode: z.enum(QUOTE_MODES).optional(),
  date_ref: z.enum(DATE_REFERENCES).default('shipment_creation'),
  from: z.iso.date('date_invalid').optional(),
  to: z.iso.date('date_invalid').optional(),
  q: z.string().trim().max(100).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const shipmentSummarySchema = z.object({
  id: z.string(), number: z.string(), house_ref: z.string(), master_ref: z.string().nullable(), mode: z.enum(QUOTE_MODES), status: z.enum(SHIPMENT_STATUSES),
  signoff_status: z.enum(SIGNOFF_STATUSES), client_name: z.string(), origin: z.string(), destination: z.string(),
  etd: z.string().nullable(), eta: z.string().nullable(), eta_planned: z.string().nullable(), atd: z.string().nullable(), ata: z.string().nullable(),
  delay_hours: z.number().nullable(),
  last_event: z.object({ code: z.string(), classifier: z.enum(EVENT_CLASSIFIERS), location: z.string().nullable(), occurred_at: z.string() }).nullable(),
  created_at: z.string(),
});
export type ShipmentSummary = z.infer<typeof shipmentSummarySchema>;
export const shipmentPageSchema = z.object({ data: z.array(shipmentSummarySchema), meta: z.object({ next_cursor: z.string().nullable() }) });

const profitSchema = z.object({ sell_minor: z.number(), buy_minor: z.number(), profit_minor: z.number(), margin_pct: z.string().nullable() });
export const documentSchema = z.object({
  id: z.string(), type: z.enum(DOCUMENT_TYPES), without_origin: z.boolean(), number: z.string(), version: z.number(), language: z.string(),
  shipment_id: z.string().nullable(), booking_id: z.string().nullable(), bytes: z.number(), emailed: z.array(z.object({ to: z.string(), at: z.string() })), created_at: z.string(),
  /** The shipment's or booking's number, for lists. */
  reference: z.string().nullable(),
});
export type FynDocument = z.infer<typeof documentSchema>;
export const taskSummarySchema = z.object({ id: z.string(), title: z.string(), status: z.string(), priority: z.string(), due_on: z.string().nullable(), assignee_user_id: z.string().nullable() });
/** A document of a shipment as its page lists it: whether it is the latest version, and whether that was made from older data. */
export const shipmentDocumentSchema = documentSchema.extend({
  /** The newest version of its type (and variant). */
  latest: z.boolean(),
  /** The latest version, printed from data that has changed since: generating again makes a new version. */
  outdated: z.boolean(),
});
export type ShipmentDocument = z.infer<typeof shipmentDocumentSchema>;

export const shipmentSchema = shipmentSummarySchema.extend({
  booking_id: z.string().nullable(), booking_number: z.string().nullable(),
  client: z.object({ type: z.enum(QUOTE_CLIENT_TYPES), id: z.string() }).nullable(),
  origin_name: z.string().nullable(), destination_name: z.string().nullable(), incoterm: z.string().nullable(),
  place_of_receipt: z.string().nullable(), pol: z.string().nullable(), pod: z.string().nullable(), place_of_delivery: z.string().nullable(),
  /** The names of the UN/LOCODEs the shipment names (route, places, legs), for labels. */
  place_names: z.record(z.string(), z.string()),
  shipper: partyOut.nullable(), consignee: partyOut.nullable(), notify_party: partyOut.nullable(),
  carrier: z.string().nullable(), vessel: z.string().nullable(), voyage: z.string().nullable(), flight: z.string().nullable(),
  legs: z.array(legOut), cut_offs: z.array(cutOffOut), packages: cargoOut, goods_description: z.string().nullable(),
  free_days: z.number(), currency: z.string(),
  /**
   * The rate from `currency` to the organisation's base currency, frozen when the booking was confirmed
   * (or the shipment made without one): 1 unit = `rate` units of `base`, of `rate_date`, the
   * organisation's own rate (`manual`) or ECB's; null for older shipments made before rates were frozen.
   */
  frozen_rate: z.object({ base: z.string(), rate: z.string(), rate_date: z.string(), source: z.enum(['manual', 'ecb']) }).nullable(),
  charges: z.array(chargeOut),
  quoted: profitSchema, actual: profitSchema,
  containers: z.array(containerSchema),
  documents: z.array(shipmentDocumentSchema),
  tasks: z.array(taskSummarySchema),
  open_exceptions: z.number(),
  following: z.boolean(),
  tracking_link: z.object({ active: z.boolean(), shows: trackingShowsOut.nullable() }),
  updated_at: z.string(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

export const shipmentReportQuery = z.object({ date_ref: z.enum(DATE_REFERENCES).default('shipment_creation'), from: z.iso.date('date_invalid'), to: z.iso.date('date_invalid') });
export const shipmentReportSchema = z.object({
  date_ref: z.enum(DATE_REFERENCES), from: z.string(), to: z.string(),
  rows: z.array(z.object({ month: z.string(), mode: z.enum(QUOTE_MODES), shipments: z.number(), containers: z.number(), currency: z.string(), sell_minor: z.number(), buy_minor: z.number(), profit_minor: z.number() })),
  by_status: z.record(z.string(), z.number()),
});
export type ShipmentReport = z.infer<typeof shipmentReportSchema>;

export const trackingLinkBody = z.object({ shows: trackingShowsSchema.default({ events: true, containers: true, parties: false, references: true }) }).default({ shows: { events: true, containers: true, parties: false, references: true } });
export const publicTrackingSchema = z.object({
  organisation: z.string(),
  number: z.string(),
  house_ref: z.string().nullable(),
  master_ref: z.string().nullable(),
  mode: z.enum(QUOTE_MODES),
  status: z.enum(SHIPMENT_STATUSES),
  origin: z.string(), origin_name: z.string().nullable(), destination: z.string(), destination_name: z.string().nullable(),
  etd: z.string().nullable(), eta: z.string().nullable(), atd: z.string().nullable(), ata: z.string().nullable(),
  shipper: z.string().nullable(), consignee: z.string().nullable(),
  containers: z.array(z.object({ number: z.string(), iso_type: z.string() })).nullable(),
  events: z.array(z.object({ code: z.string(), classifier: z.enum(EVENT_CLASSIFIERS), location: z.string().nullable(), location_name: z.string().nullable(), occurred_at: z.string(), container_number: z.string().nullable() })).nullable(),
});
export type PublicTracking = z.infer<typeof publicTrackingSchema>;

export const exceptionSchema = z.object({
  id: z.string(), kind: z.enum(EXCEPTION_KINDS), status: z.enum(EXCEPTION_STATUSES), cause_key: z.string(), details: z.record(z.string(), z.unknown()),
  shipment: z.object({ id: z.string(), number: z.string(), mode: z.enum(QUOTE_MODES), client_name: z.string() }),
  assignee: z.object({ id: z.string(), name: z.string() }).nullable(),
  raised_at: z.string(), reopened_count: z.number(), resolved_at: z.string().nullable(), resolution_note: z.string().nullable(),
  comments: z.array(z.object({ id: z.string(), author: z.string().nullable(), body: z.string(), created_at: z.string() })),
});
export type ShipmentException = z.infer<typeof exceptionSchema>;
export const exceptionListQuery = z.object({ status: z.enum(EXCEPTION_STATUSES).optional(), mine: z.enum(['true', 'false']).optional(), shipment_id: z.uuid().optional() });
export const resolveBody = z.object({ note: text(1000).min(1, 'required') });
export const commentBody = z.object({ body: text(2000).min(1, 'required') });
export const assignBody = z.object({ user_id: z.uuid('reference_invalid').nullable() });

export const settingsSchema = z.object({ eta_margin_hours: z.number().int().min(1).max(720) });
export const settingsPatch = settingsSchema.partial();
/**
 * The inbound tracking webhook's secret: `secret` for the deprecated X-FYN-Signature (`header`), and the
 * same key as a Standard Webhooks secret (`whsec_…`) for webhook-id / webhook-timestamp / webhook-signature.
 */
export const webhookSecretSchema = z.object({ secret: z.string().nullable(), standard_secret: z.string().nullable(), url: z.string(), header: z.string() });

export const documentBody = z.object({
  type: z.enum(DOCUMENT_TYPES),
  without_origin: z.boolean().default(false),
  language: z.enum(DOCUMENT_LANGUAGES).nullish().transform((v) => v ?? null),
});
export const documentListQuery = z.object({
  type: z.enum(DOCUMENT_TYPES).optional(), shipment_id: z.uuid().optional(), cursor: z.string().max(500).optional(), limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const documentEmailBody = z.object({ to: z.email('email_invalid').max(254), message: optional(2000) });
const day = z.iso.date('date_invalid');
/** The caller's own day (their time zone): what is overdue and what is due this week count from it; today in UTC when not given. */
const today = day.refine((d) => d >= '2000-01-01' && d <= '2999-12-31', 'date_invalid').optional();
export const taskMetaQuery = z.object({ scope: z.enum(TASK_SCOPES).default('mine'), today });
export const taskMetaSchema = z.object({ by_status: z.record(z.string(), z.number()), overdue: z.number(), due_today: z.number(), due_this_week: z.number() });
/** A colleague to give the task to, or null to take it from whoever has it (nobody's then). */
export const taskAssignBody = z.object({ user_id: z.uuid('reference_invalid').nullable() });
/** A member a task may be given to (GET /api/tasks/assignees): the active members, with their department. */
export const taskAssigneeSchema = z.object({ user_id: z.string(), name: z.string(), department: z.object({ id: z.string(), name: z.string() }).nullable() });
export type TaskAssignee = z.infer<typeof taskAssigneeSchema>;

/** The task board (/task-assignment): whose, which, due this week, a search; one page at a time. */
export const taskBoardQuery = z.object({
  scope: z.enum(TASK_SCOPES).default('mine'),
  state: z.enum(TASK_STATES).default('open'),
  due_this_week: z.enum(['true', 'false']).optional(),
  q: z.string().trim().max(100).optional(),
  today,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
const ref = z.object({ id: z.string(), name: z.string() }).nullable();
export const boardTaskSchema = z.object({
  id: z.string(), title: z.string(), description: z.string().nullable(), status: z.enum(TASK_STATUSES), priority: z.enum(TASK_PRIORITIES),
  due_on: z.string().nullable(), overdue: z.boolean(),
  assignee: ref, shipment: ref, booking: ref, client: ref,
  created_at: z.string(), updated_at: z.string(),
});
export type BoardTask = z.infer<typeof boardTaskSchema>;
export const taskBoardSchema = z.object({
  data: z.array(boardTaskSchema),
  meta: z.object({
    total: z.number(), page: z.number(), per_page: z.number(),
    /**
     * Within the scope, the search and (when asked) this week: how many are open, overdue and done
     * (done or cancelled); and how many of the state shown are due this week.
     */
    counts: z.object({ open: z.number(), overdue: z.number(), done: z.number(), due_this_week: z.number() }),
    /** The scopes the caller may choose, and their department (the team), if any. */
    scopes: z.array(z.enum(TASK_SCOPES)),
    department: ref,
    week: z.object({ from: z.string(), to: z.string() }),
  }),
});
export type TaskBoard = z.infer<typeof taskBoardSchema>;

/** A party as the CRM knows it (a client, its contact, a connected organisation), ready to put on a shipment or booking. */
export const partySuggestionSchema = z.object({
  kind: z.enum(['native_organisation', 'native_contact', 'organisation']),
  id: z.string(),
  /** What the list shows: "Harrogate Home & Garden Ltd" or "Emily Carter · Harrogate Home & Garden Ltd". */
  label: z.string(),
  party: partyOut,
});
export type PartySuggestion = z.infer<typeof partySuggestionSchema>;
export const partySuggestionQuery = z.object({ q: z.string().trim().min(1, 'required').max(100, 'text_too_long') });

/**
 * One change in a shipment's history (GET /api/shipments/:id/activity), newest first: its audit
 * trail and that of the booking it came from. `fields` names what an edit changed, with the values
 * `before` and `after`; `tasks_moved` how many tasks moved with its dates; `from` and `to` a status.
 */
export const shipmentActivitySchema = z.object({
  at: z.string(),
  id: z.string(),
  entity: z.enum(['shipment', 'booking']),
  action: z.string(),
  actor: z.string().nullable(),
  fields: z.array(z.string()),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
  tasks_moved: z.number().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type ShipmentActivity = z.infer<typeof shipmentActivitySchema>;
