import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { QuoteClientType, QuoteMode, QuoteStatus } from '#shared/quotes/model.ts';
import type { CargoLine, EquipmentLine, Totals } from '#shared/quotes/calc.ts';
import type { Emissions, EmissionsUnavailable } from '#shared/emissions/emissions.ts';
import { users } from './auth.ts';
import { organisations } from './organisations.ts';
import { chargeCodesTable, clientTiersTable, member, partnersTable, tenantTable } from './tenant.ts';
import type { RateCharge } from '#shared/quotes/rates.ts';
import type { CutOff, Party, TransportLeg } from '#shared/api/operations.ts';

/** A company that is not on FYN, as the CRM keeps it (resource `native-organisations`). */
export const nativeOrganisationsTable = tenantTable('native_organisations', {
  name: text('name').notNull(),
  type: text('type').notNull(),
  country: text('country').notNull(),
  city: text('city'),
  vat_number: text('vat_number'),
  registration_number: text('registration_number'),
  website: text('website'),
  email: text('email'),
  phone: text('phone'),
  client_tier_id: uuid('client_tier_id'),
  payment_terms_days: integer('payment_terms_days'),
  credit_limit_minor: bigint('credit_limit_minor', { mode: 'number' }),
  currency: text('currency'),
  credit_status: text('credit_status').notNull().default('ok'),
  assigned_user_id: uuid('assigned_user_id'),
  notes: text('notes'),
  /** The language the client is written to in (client updates): one of the product's 8; null, the assistant's other rules decide. */
  language: text('language'),
}, {
  search: ['name', 'city', 'vat_number', 'email'],
  indexes: [['name'], ['country'], ['vat_number'], ['credit_status'], ['assigned_user_id']],
  references: [{ column: 'client_tier_id', table: () => clientTiersTable }, { column: 'assigned_user_id', table: member }],
});

export const nativeContactsTable = tenantTable('native_contacts', {
  native_organisation_id: uuid('native_organisation_id').notNull(),
  name: text('name').notNull(),
  job_title: text('job_title'),
  email: text('email'),
  phone: text('phone'),
  is_primary: boolean('is_primary').notNull().default(false),
}, {
  search: ['name', 'email', 'job_title'],
  indexes: [['native_organisation_id'], ['name']],
  references: [{ column: 'native_organisation_id', table: () => nativeOrganisationsTable }],
});

/**
 * Numbers that never repeat or skip under concurrency (quotes, later bookings and documents): the
 * next value is taken with one `update … returning` in the transaction that uses it.
 */
export const numberSequences = pgTable('number_sequences', {
  organisation_id: uuid().notNull().references(() => organisations.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  next_value: bigint({ mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.organisation_id, t.name] })]);

/** A rate frozen on a quote: 1 unit of `from` = times ÷ per units of the quote currency. */
export type FrozenRate = { from: string; times: string; per: string; rate: string; source: 'manual' | 'ecb'; rate_date: string };

/** A quotation (one row per revision; `number` is shared by the revisions of one quote). */
export const quotes = pgTable('quotes', {
  organisation_id: uuid().notNull().references(() => organisations.id, { onDelete: 'restrict' }),
  id: uuid().notNull(),
  number: text().notNull(),
  revision: integer().notNull().default(1),
  /** The revision this one replaced. */
  revises_id: uuid(),
  status: text().$type<QuoteStatus>().notNull().default('draft'),
  client_type: text().$type<QuoteClientType>().notNull(),
  client_id: uuid().notNull(),
  /** The client's name when the quote was written (the list shows it without a join per kind). */
  client_name: text().notNull(),
  contact_id: uuid(),
  mode: text().$type<QuoteMode>().notNull(),
  incoterm: text(),
  origin: text().notNull(),
  destination: text().notNull(),
  currency: text().notNull(),
  quote_date: date({ mode: 'string' }).notNull(),
  valid_until: date({ mode: 'string' }).notNull(),
  cargo: jsonb().$type<CargoLine[]>().notNull().default([]),
  equipment: jsonb().$type<EquipmentLine[]>().notNull().default([]),
  notes: text(),
  weight_kg: text().notNull(),
  volume_cbm: text().notNull(),
  chargeable_weight_kg: text().notNull(),
  revenue_tonnes: text().notNull(),
  rates: jsonb().$type<FrozenRate[]>().notNull().default([]),
  sell_minor: bigint({ mode: 'number' }).notNull().default(0),
  buy_minor: bigint({ mode: 'number' }).notNull().default(0),
  margin_minor: bigint({ mode: 'number' }).notNull().default(0),
  margin_pct: text(),
  by_currency: jsonb().$type<Totals['by_currency']>().notNull().default([]),
  /** ISO 14083 estimate at the time of writing (src/shared/emissions), null without coordinates or mass. */
  emissions: jsonb().$type<Emissions | null>(),
  /** Why there is no estimate (a place without checked coordinates, no mass), null when there is one. */
  emissions_unavailable: jsonb().$type<EmissionsUnavailable | null>(),
  decline_reason: text(),
  booking_id: uuid(),
  /** SHA-256 of the client's link token (`APP_URL/quote/<token>`), set when the quote is sent. */
  link_hash: text(),
  /** When the owner was told the quote is about to expire (once per quote). */
  reminded_at: timestamp({ withTimezone: true }),
  owner_user_id: uuid(),
  created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  sent_at: timestamp({ withTimezone: true }),
  decided_at: timestamp({ withTimezone: true }),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  search_text: text().generatedAlwaysAs(sql.raw(`lower("number" || E'\\n' || "client_name" || E'\\n' || "origin" || E'\\n' || "destination")`)),
}, (t) => [
  primaryKey({ columns: [t.organisation_id, t.id] }),
  uniqueIndex('quotes_number_revision_key').on(t.organisation_id, t.number, t.revision),
  index('quotes_created_idx').on(t.organisation_id, t.created_at, t.id),
  index('quotes_status_idx').on(t.organisation_id, t.status, t.valid_until, t.id),
  index('quotes_client_idx').on(t.organisation_id, t.client_type, t.client_id, t.id),
  uniqueIndex('quotes_link_hash_key').on(t.link_hash),
  index('quotes_search_trgm_idx').using('gin', t.organisation_id, sql`${t.search_text} gin_trgm_ops`),
  foreignKey({ name: 'quotes_owner_fk', columns: [t.organisation_id, t.owner_user_id], foreignColumns: [member().organisation_id, member().id] }).onDelete('restrict'),
  check('quotes_status_check', sql`${t.status} in ('draft', 'sent', 'accepted', 'declined', 'expired', 'cancelled')`),
  check('quotes_client_type_check', sql`${t.client_type} in ('native_organisation', 'organisation')`),
]);

/** A charge line of a quote, with the figures the server worked out (src/shared/quotes/calc.ts). */
export const quoteLines = pgTable('quote_lines', {
  organisation_id: uuid().notNull(),
  quote_id: uuid().notNull(),
  position: integer().notNull(),
  charge_code_id: uuid(),
  description: text(),
  basis: text().notNull(),
  /** As given, or null when it came from the basis. */
  quantity_given: text(),
  quantity: text().notNull(),
  buy_amount_minor: bigint({ mode: 'number' }).notNull(),
  buy_currency: text().notNull(),
  sell_amount_minor: bigint({ mode: 'number' }).notNull(),
  sell_currency: text().notNull(),
  buy_total_minor: bigint({ mode: 'number' }).notNull(),
  sell_total_minor: bigint({ mode: 'number' }).notNull(),
  rate_to_quote: text().notNull(),
  buy_rate_to_quote: text().notNull(),
  sell_in_quote_minor: bigint({ mode: 'number' }).notNull(),
  buy_in_quote_minor: bigint({ mode: 'number' }).notNull(),
}, (t) => [
  primaryKey({ columns: [t.organisation_id, t.quote_id, t.position] }),
  foreignKey({ name: 'quote_lines_quote_fk', columns: [t.organisation_id, t.quote_id], foreignColumns: [quotes.organisation_id, quotes.id] }).onDelete('cascade'),
  foreignKey({ name: 'quote_lines_charge_code_fk', columns: [t.organisation_id, t.charge_code_id], foreignColumns: [chargeCodesTable.organisation_id, chargeCodesTable.id] }).onDelete('restrict'),
]);

export type BookingCharge = { charge_code_id: string | null; description: string | null; basis: string; quantity: string; sell: { amount_minor: number; currency: string }; sell_in_quote_minor: number; payment?: 'prepaid' | 'collect' };

/**
 * A booking (DCSA Booking 2.0 fields): made when a client accepts a
 * quote, carrying its parties, route, cargo and charges as they were accepted.
 */
export const bookings = pgTable('bookings', {
  organisation_id: uuid().notNull().references(() => organisations.id, { onDelete: 'restrict' }),
  id: uuid().notNull(),
  number: text().notNull(),
  status: text().notNull().default('received'),
  quote_id: uuid().notNull(),
  client_type: text().$type<QuoteClientType>().notNull(),
  client_id: uuid().notNull(),
  client_name: text().notNull(),
  contact_id: uuid(),
  mode: text().$type<QuoteMode>().notNull(),
  incoterm: text(),
  origin: text().notNull(),
  destination: text().notNull(),
  cargo: jsonb().$type<CargoLine[]>().notNull().default([]),
  equipment: jsonb().$type<EquipmentLine[]>().notNull().default([]),
  currency: text().notNull(),
  charges: jsonb().$type<BookingCharge[]>().notNull().default([]),
  sell_minor: bigint({ mode: 'number' }).notNull(),
  // DCSA Booking 2.0: parties, places, confirmed equipment, transport plan, cut-offs, payment term.
  shipper: jsonb().$type<Party | null>(),
  consignee: jsonb().$type<Party | null>(),
  notify_party: jsonb().$type<Party | null>(),
  booking_party: jsonb().$type<Party | null>(),
  pol: text(),
  pod: text(),
  place_of_receipt: text(),
  place_of_delivery: text(),
  confirmed_equipment: jsonb().$type<EquipmentLine[]>().notNull().default([]),
  legs: jsonb().$type<TransportLeg[]>().notNull().default([]),
  cut_offs: jsonb().$type<CutOff[]>().notNull().default([]),
  payment_term: text().notNull().default('prepaid'),
  carrier_booking_reference: text(),
  /** Why it was rejected or cancelled. */
  reason: text(),
  confirmed_at: timestamp({ withTimezone: true }),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.organisation_id, t.id] }),
  uniqueIndex('bookings_number_key').on(t.organisation_id, t.number),
  // One booking per quote, however many times its link is clicked.
  uniqueIndex('bookings_quote_key').on(t.organisation_id, t.quote_id),
  index('bookings_created_idx').on(t.organisation_id, t.created_at, t.id),
  foreignKey({ name: 'bookings_quote_fk', columns: [t.organisation_id, t.quote_id], foreignColumns: [quotes.organisation_id, quotes.id] }).onDelete('restrict'),
  check('bookings_status_check', sql`${t.status} in ('received', 'confirmed', 'rejected', 'cancelled', 'completed')`),
  check('bookings_payment_term_check', sql`${t.payment_term} in ('prepaid', 'collect')`),
]);

/** Sell rules of the rate management system (resource `sell-rules`). */
export const sellRulesTable = tenantTable('sell_rules', {
  name: text('name').notNull(),
  client_tier_id: uuid('client_tier_id'),
  mode: text('mode'),
  origin: text('origin'),
  destination: text('destination'),
  charge_category: text('charge_category'),
  markup_type: text('markup_type').notNull(),
  markup_pct: numeric('markup_pct'),
  markup_minor: bigint('markup_minor', { mode: 'number' }),
  currency: text('currency'),
  priority: integer('priority').notNull().default(10),
}, { search: ['name', 'origin', 'destination'], indexes: [['priority'], ['name']], references: [{ column: 'client_tier_id', table: () => clientTiersTable }] });

/**
 * A buy rate: what a carrier or partner charges on a lane in a mode (per equipment type for FCL),
 * valid between two days, as charge lines with minimums and, for air, weight breaks.
 */
export const buyRates = pgTable('buy_rates', {
  organisation_id: uuid().notNull().references(() => organisations.id, { onDelete: 'restrict' }),
  id: uuid().notNull(),
  carrier: text().notNull(),
  partner_id: uuid(),
  mode: text().$type<QuoteMode>().notNull(),
  origin: text().notNull(),
  destination: text().notNull(),
  /** ISO 6346 size-type of an FCL rate (null for other modes). */
  equipment: text(),
  valid_from: date({ mode: 'string' }).notNull(),
  valid_until: date({ mode: 'string' }).notNull(),
  transit_days: integer(),
  reference: text(),
  notes: text(),
  charges: jsonb().$type<RateCharge[]>().notNull(),
  created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.organisation_id, t.id] }),
  // The search's path: lane and mode, then validity.
  index('buy_rates_lane_idx').on(t.organisation_id, t.origin, t.destination, t.mode, t.valid_until, t.valid_from),
  index('buy_rates_created_idx').on(t.organisation_id, t.created_at, t.id),
  foreignKey({ name: 'buy_rates_partner_fk', columns: [t.organisation_id, t.partner_id], foreignColumns: [partnersTable.organisation_id, partnersTable.id] }).onDelete('restrict'),
  check('buy_rates_validity_check', sql`${t.valid_until} >= ${t.valid_from}`),
]);

/** Leads (resource `leads`); the convert call fills the native organisation and the deal. */
export const leadsTable = tenantTable('leads', {
  company_name: text('company_name').notNull(),
  contact_name: text('contact_name'),
  email: text('email'),
  phone: text('phone'),
  country: text('country').notNull(),
  source: text('source').notNull(),
  status: text('status').notNull().default('new'),
  lost_reason: text('lost_reason'),
  score: integer('score').notNull().default(0),
  owner_user_id: uuid('owner_user_id'),
  notes: text('notes'),
  native_organisation_id: uuid('native_organisation_id'),
  deal_id: uuid('deal_id'),
}, {
  search: ['company_name', 'contact_name', 'email'],
  indexes: [['status'], ['company_name'], ['score'], ['owner_user_id']],
  references: [{ column: 'owner_user_id', table: member }],
});

/** A pipeline of deals: prospects to win (`connection`) or quotations to close (`quote`). */
export const pipelines = pgTable('pipelines', {
  organisation_id: uuid().notNull().references(() => organisations.id, { onDelete: 'restrict' }),
  id: uuid().notNull(),
  name: text().notNull(),
  kind: text().notNull(),
  position: integer().notNull().default(0),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.organisation_id, t.id] }), check('pipelines_kind_check', sql`${t.kind} in ('connection', 'quote')`)]);

export const pipelineStages = pgTable('pipeline_stages', {
  organisation_id: uuid().notNull(),
  id: uuid().notNull(),
  pipeline_id: uuid().notNull(),
  name: text().notNull(),
  position: integer().notNull(),
  probability_pct: numeric().notNull(),
  outcome: text().notNull().default('open'),
}, (t) => [
  primaryKey({ columns: [t.organisation_id, t.id] }),
  index('pipeline_stages_pipeline_idx').on(t.organisation_id, t.pipeline_id, t.position),
  foreignKey({ name: 'pipeline_stages_pipeline_fk', columns: [t.organisation_id, t.pipeline_id], foreignColumns: [pipelines.organisation_id, pipelines.id] }).onDelete('cascade'),
  check('pipeline_stages_outcome_check', sql`${t.outcome} in ('open', 'won', 'lost')`),
]);

/** A deal on a pipeline's board, in any currency. */
export const deals = pgTable('deals', {
  organisation_id: uuid().notNull(),
  id: uuid().notNull(),
  pipeline_id: uuid().notNull(),
  stage_id: uuid().notNull(),
  title: text().notNull(),
  client_type: text().$type<QuoteClientType>(),
  client_id: uuid(),
  client_name: text(),
  value_minor: bigint({ mode: 'number' }).notNull().default(0),
  currency: text().notNull(),
  owner_user_id: uuid(),
  expected_close: date({ mode: 'string' }),
  /** Order within its column (the board's drag and drop). */
  position: integer().notNull().default(0),
  lost_reason: text(),
  lead_id: uuid(),
  quote_id: uuid(),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.organisation_id, t.id] }),
  index('deals_board_idx').on(t.organisation_id, t.pipeline_id, t.stage_id, t.position),
  foreignKey({ name: 'deals_stage_fk', columns: [t.organisation_id, t.stage_id], foreignColumns: [pipelineStages.organisation_id, pipelineStages.id] }).onDelete('restrict'),
  foreignKey({ name: 'deals_pipeline_fk', columns: [t.organisation_id, t.pipeline_id], foreignColumns: [pipelines.organisation_id, pipelines.id] }).onDelete('cascade'),
]);
