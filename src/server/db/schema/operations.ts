import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CargoLine } from '#shared/quotes/calc.ts';
import type { QuoteClientType, QuoteMode } from '#shared/quotes/model.ts';
import type { DocumentType, EventClassifier, EventType, ExceptionKind, ShipmentStatus, SignoffStatus } from '#shared/operations/model.ts';
import type { CutOff, Party, ShipmentCharge, TransportLeg, TrackingShows } from '#shared/api/operations.ts';
import { organisations } from './organisations.ts';
import { users } from './auth.ts';
import { bookings } from './sales.ts';
import { member, partnersTable, tenantTable } from './tenant.ts';

/**
 * A shipment (house job): made when a booking is confirmed, or directly. References come from the
 * organisation's numbering sequences; `eta_planned` is the first ETA known, `eta` the latest
 * estimate (or the actual arrival), moved only by a newer estimate (`eta_recorded_at`).
 */
export const shipments = pgTable('shipments', {
  organisation_id: uuid().notNull().references(() => organisations.id, { onDelete: 'restrict' }),
  id: uuid().notNull(),
  number: text().notNull(),
  booking_id: uuid(),
  mode: text().$type<QuoteMode>().notNull(),
  status: text().$type<ShipmentStatus>().notNull().default('booked'),
  signoff_status: text().$type<SignoffStatus>().notNull().default('open'),
  client_type: text().$type<QuoteClientType>(),
  client_id: uuid(),
  client_name: text().notNull(),
  shipper: jsonb().$type<Party | null>(),
  consignee: jsonb().$type<Party | null>(),
  notify_party: jsonb().$type<Party | null>(),
  origin: text().notNull(),
  destination: text().notNull(),
  /** Where the carrier takes over and hands over (a confirmed booking's, then the shipment's own): printed on its documents. */
  place_of_receipt: text(),
  pol: text(),
  pod: text(),
  place_of_delivery: text(),
  incoterm: text(),
  /** HBL or HAWB number (our own), and the carrier's MBL or MAWB. */
  house_ref: text().notNull(),
  master_ref: text(),
  carrier: text(),
  vessel: text(),
  voyage: text(),
  flight: text(),
  legs: jsonb().$type<TransportLeg[]>().notNull().default([]),
  cut_offs: jsonb().$type<CutOff[]>().notNull().default([]),
  packages: jsonb().$type<CargoLine[]>().notNull().default([]),
  goods_description: text(),
  etd: timestamp({ withTimezone: true }),
  etd_recorded_at: timestamp({ withTimezone: true }),
  eta_planned: timestamp({ withTimezone: true }),
  eta: timestamp({ withTimezone: true }),
  eta_recorded_at: timestamp({ withTimezone: true }),
  atd: timestamp({ withTimezone: true }),
  ata: timestamp({ withTimezone: true }),
  /** Days a container may stay at the destination terminal before demurrage. */
  free_days: integer().notNull().default(7),
  currency: text().notNull(),
  charges: jsonb().$type<ShipmentCharge[]>().notNull().default([]),
  /**
   * The rate from `currency` to the organisation's base currency `fx_base`, frozen when the booking
   * was confirmed (or the shipment made without one): 1 unit = `fx_times` ÷ `fx_per` units of the
   * base, the organisation's own rate of that day if it has one, else ECB's (`fx_source`). Later rate
   * changes never move it. Null on shipments older than the freezing (analytics then use ECB's rate
   * of the booking day and say so).
   */
  fx_base: text(),
  fx_times: numeric(),
  fx_per: numeric(),
  fx_rate: text(),
  fx_rate_date: date({ mode: 'string' }),
  fx_source: text().$type<'manual' | 'ecb'>(),
  /** The last tracking event, for lists without a join. */
  last_event: jsonb().$type<{ code: string; classifier: EventClassifier; location: string | null; occurred_at: string } | null>(),
  followers: uuid().array().notNull().default(sql`'{}'::uuid[]`),
  tracking_hash: text(),
  tracking_shows: jsonb().$type<TrackingShows>(),
  owner_user_id: uuid(),
  created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  search_text: text().generatedAlwaysAs(sql.raw(`lower("number" || E'\\n' || "house_ref" || E'\\n' || coalesce("master_ref", '') || E'\\n' || "client_name" || E'\\n' || "origin" || E'\\n' || "destination")`)),
}, (t) => [
  primaryKey({ columns: [t.organisation_id, t.id] }),
  uniqueIndex('shipments_number_key').on(t.organisation_id, t.number),
  uniqueIndex('shipments_house_ref_key').on(t.organisation_id, t.house_ref),
  uniqueIndex('shipments_booking_key').on(t.organisation_id, t.booking_id),
  uniqueIndex('shipments_tracking_hash_key').on(t.tracking_hash),
  index('shipments_created_idx').on(t.organisation_id, t.created_at, t.id),
  index('shipments_etd_idx').on(t.organisation_id, t.etd, t.id),
  index('shipments_eta_idx').on(t.organisation_id, t.eta, t.id),
  index('shipments_status_idx').on(t.organisation_id, t.status, t.eta),
  // The shipments under way by ETA (tracking view, `status=active&date_ref=eda`): without it the ETA
  // order walks every delivered shipment before the first active one.
  index('shipments_active_eta_idx').on(t.organisation_id, t.eta, t.id).where(sql`status in ('booked', 'in_transit', 'arrived')`),
  index('shipments_search_trgm_idx').using('gin', t.organisation_id, sql`${t.search_text} gin_trgm_ops`),
  foreignKey({ name: 'shipments_booking_fk', columns: [t.organisation_id, t.booking_id], foreignColumns: [bookings.organisation_id, bookings.id] }).onDelete('restrict'),
  foreignKey({ name: 'shipments_owner_fk', columns: [t.organisation_id, t.owner_user_id], foreignColumns: [member().organisation_id, member().id] }).onDelete('restrict'),
  check('shipments_status_check', sql`${t.status} in ('booked', 'in_transit', 'arrived', 'delivered', 'closed', 'cancelled')`),
  check('shipments_signoff_check', sql`${t.signoff_status} in ('open', 'operations_signed', 'accounts_signed')`),
]);

/** A container of a shipment: ISO 6346 number (check digit verified) and size-type code. */
export const shipmentContainers = pgTable('shipment_containers', {
  organisation_id: uuid().notNull(),
  id: uuid().notNull(),
  shipment_id: uuid().notNull(),
  number: text().notNull(),
  iso_type: text().notNull(),
  seal: text(),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.organisation_id, t.id] }),
  uniqueIndex('shipment_containers_number_key').on(t.organisation_id, t.shipment_id, t.number),
  foreignKey({ name: 'shipment_containers_shipment_fk', columns: [t.organisation_id, t.shipment_id], foreignColumns: [shipments.organisation_id, shipments.id] }).onDelete('cascade'),
]);

/** A DCSA Track & Trace event of a shipment: planned, estimated or actual. */
export const shipmentEvents = pgTable('shipment_events', {
  organisation_id: uuid().notNull(),
  id: uuid().notNull(),
  shipment_id: uuid().notNull(),
  event_type: text().$type<EventType>().notNull(),
  code: text().notNull(),
  classifier: text().$type<EventClassifier>().notNull(),
  location: text(),
  occurred_at: timestamp({ withTimezone: true }).notNull(),
  /** When the source made the event (DCSA eventCreatedDateTime): a newer estimate wins. */
  recorded_at: timestamp({ withTimezone: true }).notNull(),
  container_number: text(),
  vessel: text(),
  voyage: text(),
  source: text().notNull(),
  /** False when a newer estimate of the same event was already in: kept in the timeline, not applied. */
  applied: boolean().notNull().default(true),
  delivery_id: text(),
  created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.organisation_id, t.id] }),
  index('shipment_events_timeline_idx').on(t.organisation_id, t.shipment_id, t.occurred_at, t.id),
  foreignKey({ name: 'shipment_events_shipment_fk', columns: [t.organisation_id, t.shipment_id], foreignColumns: [shipments.organisation_id, shipments.id] }).onDelete('cascade'),
  check('shipment_events_type_check', sql`${t.event_type} in ('SHIPMENT', 'TRANSPORT', 'EQUIPMENT')`),
  check('shipment_events_classifier_check', sql`${t.classifier} in ('PLN', 'EST', 'ACT')`),
]);

/** A webhook delivery already taken: a replay answers what the first did and changes nothing. */
export const trackingDeliveries = pgTable('tracking_deliveries', {
  organisation_id: uuid().notNull().references(() => organisations.id, { onDelete: 'cascade' }),
  delivery_id: text().notNull(),
  result: jsonb().$type<Record<string, unknown>>().notNull(),
  received_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.organisation_id, t.delivery_id] })]);

/** Per-organisation settings of operations: the webhook secret and the exception margins. */
export const operationSettings = pgTable('operation_settings', {
  organisation_id: uuid().primaryKey().references(() => organisations.id, { onDelete: 'cascade' }),
  webhook_secret: text().notNull(),
  /** An estimate later than the plan by more than this raises an exception. */
  eta_margin_hours: integer().notNull().default(24),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * An exception the scans raised: once per cause (shipment, kind, cause key); `cause_active` is
 * false once the cause went away, so that its return reopens a resolved exception.
 */
export const shipmentExceptions = pgTable('shipment_exceptions', {
  organisation_id: uuid().notNull(),
  id: uuid().notNull(),
  shipment_id: uuid().notNull(),
  kind: text().$type<ExceptionKind>().notNull(),
  cause_key: text().notNull().default(''),
  status: text().$type<'open' | 'resolved'>().notNull().default('open'),
  cause_active: boolean().notNull().default(true),
  details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  assignee_user_id: uuid(),
  raised_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  reopened_count: integer().notNull().default(0),
  resolved_at: timestamp({ withTimezone: true }),
  resolved_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  resolution_note: text(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.organisation_id, t.id] }),
  uniqueIndex('shipment_exceptions_cause_key').on(t.organisation_id, t.shipment_id, t.kind, t.cause_key),
  index('shipment_exceptions_status_idx').on(t.organisation_id, t.status, t.raised_at),
  foreignKey({ name: 'shipment_exceptions_shipment_fk', columns: [t.organisation_id, t.shipment_id], foreignColumns: [shipments.organisation_id, shipments.id] }).onDelete('cascade'),
  foreignKey({ name: 'shipment_exceptions_assignee_fk', columns: [t.organisation_id, t.assignee_user_id], foreignColumns: [member().organisation_id, member().id] }).onDelete('restrict'),
  check('shipment_exceptions_status_check', sql`${t.status} in ('open', 'resolved')`),
]);

export const exceptionComments = pgTable('exception_comments', {
  organisation_id: uuid().notNull(),
  id: uuid().notNull(),
  exception_id: uuid().notNull(),
  user_id: uuid().references(() => users.id, { onDelete: 'set null' }),
  body: text().notNull(),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.organisation_id, t.id] }),
  index('exception_comments_exception_idx').on(t.organisation_id, t.exception_id, t.created_at),
  foreignKey({ name: 'exception_comments_exception_fk', columns: [t.organisation_id, t.exception_id], foreignColumns: [shipmentExceptions.organisation_id, shipmentExceptions.id] }).onDelete('cascade'),
]);

/**
 * A generated document: one number per document (from the organisation's sequence), a new version
 * each time its data changed; the PDF is kept in file storage, old versions stay.
 */
export const documents = pgTable('documents', {
  organisation_id: uuid().notNull().references(() => organisations.id, { onDelete: 'restrict' }),
  id: uuid().notNull(),
  type: text().$type<DocumentType>().notNull(),
  without_origin: boolean().notNull().default(false),
  number: text().notNull(),
  version: integer().notNull(),
  shipment_id: uuid(),
  booking_id: uuid(),
  quote_id: uuid(),
  language: text().notNull(),
  file_key: text().notNull(),
  bytes: integer().notNull(),
  /** SHA-256 of the data printed: the same data makes no new version. */
  data_hash: text().notNull(),
  emailed: jsonb().$type<{ to: string; at: string }[]>().notNull().default([]),
  created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.organisation_id, t.id] }),
  uniqueIndex('documents_number_version_key').on(t.organisation_id, t.number, t.version),
  index('documents_shipment_idx').on(t.organisation_id, t.shipment_id, t.type, t.without_origin, t.version),
  index('documents_booking_idx').on(t.organisation_id, t.booking_id, t.type, t.version),
  index('documents_created_idx').on(t.organisation_id, t.created_at, t.id),
  foreignKey({ name: 'documents_shipment_fk', columns: [t.organisation_id, t.shipment_id], foreignColumns: [shipments.organisation_id, shipments.id] }).onDelete('restrict'),
  foreignKey({ name: 'documents_booking_fk', columns: [t.organisation_id, t.booking_id], foreignColumns: [bookings.organisation_id, bookings.id] }).onDelete('restrict'),
  check('documents_type_check', sql`${t.type} in ('quotation', 'booking_confirmation', 'arrival_notice', 'collection_origin', 'collection_destination', 'hbl', 'hawb')`),
]);

/** The control centre's task templates: per mode, attached to new bookings or shipments. */
export const taskTemplatesTable = tenantTable('task_templates', {
  title: text('title').notNull(),
  description: text('description'),
  mode: text('mode'),
  attach_to: text('attach_to').notNull(),
  anchor: text('anchor').notNull().default('created'),
  offset_days: integer('offset_days').notNull().default(0),
  priority: text('priority').notNull().default('normal'),
  assignee_user_id: uuid('assignee_user_id'),
  active: boolean('active').notNull().default(true),
}, {
  search: ['title', 'description'],
  indexes: [['attach_to'], ['mode'], ['title']],
  references: [{ column: 'assignee_user_id', table: member }],
});

/** Document templates (/documents/template): per type, the look and the fields a document shows. */
export const documentTemplatesTable = tenantTable('document_templates', {
  type: text('type').notNull(),
  language: text('language').notNull().default('en'),
  accent_colour: text('accent_colour'),
  terms: text('terms'),
  show_logo: boolean('show_logo').notNull().default(true),
  show_charges: boolean('show_charges').notNull().default(true),
  show_parties: boolean('show_parties').notNull().default(true),
  show_containers: boolean('show_containers').notNull().default(true),
  show_notes: boolean('show_notes').notNull().default(true),
}, {
  search: ['type', 'terms'],
  unique: [['type']],
  indexes: [['language']],
});

/**
 * Tasks (/task-assignment; resource `tasks`): made by hand or from the templates when a booking or
 * shipment is created, then assigned, reassigned and worked through.
 */
export const tasksTable = tenantTable('tasks', {
  title: text('title').notNull(),
  description: text('description'),
  status: text('status').notNull().default('todo'),
  priority: text('priority').notNull().default('normal'),
  due_on: date('due_on'),
  assignee_user_id: uuid('assignee_user_id'),
  partner_id: uuid('partner_id'),
  booking_id: uuid('booking_id'),
  shipment_id: uuid('shipment_id'),
  template_id: uuid('template_id'),
}, {
  search: ['title', 'description'],
  indexes: [['status'], ['priority'], ['assignee_user_id'], ['partner_id'], ['title'], ['shipment_id'], ['booking_id'], ['due_on']],
  references: [
    { column: 'assignee_user_id', table: member },
    { column: 'partner_id', table: () => partnersTable },
    { column: 'booking_id', table: () => bookings },
    { column: 'shipment_id', table: () => shipments },
    { column: 'template_id', table: () => taskTemplatesTable },
  ],
});
