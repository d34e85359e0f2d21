import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { organisations } from './organisations.ts';
import { member } from './tenant.ts';

/**
 * What one shipment adds to the analytics (docs/architecture.md#analytics): its dimensions and its
 * figures converted to the organisation's base currency, worked out by `fyn_analytics_compute`
 * (migration 0027) and written by triggers in the transaction of every change of the shipment, its
 * containers, the base currency or the delay margin. Cancelled shipments have none.
 */
export const analyticsShipmentFacts = pgTable('analytics_shipment_facts', {
  organisation_id: uuid().notNull(),
  shipment_id: uuid().notNull(),
  base_currency: text().notNull(),
  booked_on: date({ mode: 'string' }).notNull(),
  etd_on: date({ mode: 'string' }),
  eta_on: date({ mode: 'string' }),
  mode: text().notNull(),
  origin: text().notNull(),
  destination: text().notNull(),
  /** `native_organisation:<id>`, `organisation:<id>` or `name:<lower-case name>` for a client typed by hand. */
  client_key: text().notNull(),
  client_name: text().notNull(),
  salesperson_id: uuid(),
  carrier: text().notNull(),
  currency: text().notNull(),
  sell_minor: bigint({ mode: 'number' }).notNull(),
  buy_minor: bigint({ mode: 'number' }).notNull(),
  /** The part of `sell_minor` from charge lines without an actual figure yet. */
  quoted_sell_minor: bigint({ mode: 'number' }).notNull(),
  rate_times: numeric(),
  rate_per: numeric(),
  rate: text(),
  rate_date: date({ mode: 'string' }),
  /** frozen_manual, frozen_ecb (frozen on the shipment), ecb_booking_day (older data), or null: no rate known. */
  rate_source: text(),
  revenue_minor: bigint({ mode: 'number' }),
  cost_minor: bigint({ mode: 'number' }),
  quoted_revenue_minor: bigint({ mode: 'number' }),
  teu: numeric().notNull(),
  chargeable_kg: numeric().notNull(),
  arrived: boolean().notNull(),
  on_time: boolean().notNull(),
  co2e_kg: numeric(),
  tonne_km: numeric(),
}, (t) => [
  primaryKey({ columns: [t.organisation_id, t.shipment_id] }),
  // The drill-down's keyset indexes (organisation, day of each basis, shipment) INCLUDE the summed
  // columns, which drizzle cannot declare: migration 0031 makes them.
  // A breakdown's client names.
  index('analytics_shipment_facts_client_idx').on(t.organisation_id, t.client_key),
]);

/**
 * The pre-aggregate: per organisation × date basis × day × mode × lane × client × salesperson ×
 * carrier, the sums of the shipments' facts. Moved by the facts' trigger in the same transaction
 * (old figures out, new in); `analytics.test.ts` proves it equals a recomputation from the rows.
 * No salesperson is the nil UUID, no carrier the empty string (keys are never null).
 */
export const analyticsDaily = pgTable('analytics_daily', {
  organisation_id: uuid().notNull(),
  basis: text().notNull(),
  day: date({ mode: 'string' }).notNull(),
  mode: text().notNull(),
  origin: text().notNull(),
  destination: text().notNull(),
  client_key: text().notNull(),
  salesperson_id: uuid().notNull(),
  carrier: text().notNull(),
  base_currency: text().notNull(),
  shipments: integer().notNull(),
  unrated: integer().notNull(),
  revenue_minor: bigint({ mode: 'number' }).notNull(),
  cost_minor: bigint({ mode: 'number' }).notNull(),
  quoted_revenue_minor: bigint({ mode: 'number' }).notNull(),
  teu: numeric().notNull(),
  chargeable_kg: numeric().notNull(),
  arrived: integer().notNull(),
  on_time: integer().notNull(),
  co2e_kg: numeric().notNull(),
  tonne_km: numeric().notNull(),
  co2e_shipments: integer().notNull(),
}, (t) => [
  primaryKey({ name: 'analytics_daily_pk', columns: [t.organisation_id, t.basis, t.day, t.mode, t.origin, t.destination, t.client_key, t.salesperson_id, t.carrier] }),
  check('analytics_daily_basis_check', sql`${t.basis} in ('booked', 'etd', 'eta')`),
  // A filtered page (one client, lane, salesperson, carrier or mode; a department or "me" are salespeople) reads
  // only that key's days instead of every row of the period (issue 23 at size: the primary key leads with the day).
  index('analytics_daily_client_idx').on(t.organisation_id, t.basis, t.client_key, t.day),
  index('analytics_daily_salesperson_idx').on(t.organisation_id, t.basis, t.salesperson_id, t.day),
  index('analytics_daily_lane_idx').on(t.organisation_id, t.basis, t.origin, t.destination, t.day),
  index('analytics_daily_carrier_idx').on(t.organisation_id, t.basis, t.carrier, t.day),
  index('analytics_daily_mode_idx').on(t.organisation_id, t.basis, t.mode, t.day),
]);

/**
 * The pre-aggregate rolled up for the organisation's whole page without filters (issue 23 at size: a
 * year of `analytics_daily` is about as many rows as shipments): per organisation × basis, `dim` 'day'
 * holds each day's totals (`key` ''), and 'lane', 'client', 'salesperson', 'carrier' and 'mode' each
 * month's sums per key (`day` the first of the month). Moved by `fyn_analytics_apply` with the daily rows,
 * in the same transaction; `aggregates.test.ts` proves it equals a roll-up of them (`fyn_analytics_rollup_of`).
 */
export const analyticsRollup = pgTable('analytics_rollup', {
  organisation_id: uuid().notNull(),
  basis: text().notNull(),
  dim: text().notNull(),
  day: date({ mode: 'string' }).notNull(),
  key: text().notNull(),
  shipments: integer().notNull(),
  unrated: integer().notNull(),
  revenue_minor: bigint({ mode: 'number' }).notNull(),
  cost_minor: bigint({ mode: 'number' }).notNull(),
  quoted_revenue_minor: bigint({ mode: 'number' }).notNull(),
  teu: numeric().notNull(),
  chargeable_kg: numeric().notNull(),
  arrived: integer().notNull(),
  on_time: integer().notNull(),
  co2e_kg: numeric().notNull(),
  tonne_km: numeric().notNull(),
  co2e_shipments: integer().notNull(),
}, (t) => [
  primaryKey({ name: 'analytics_rollup_pk', columns: [t.organisation_id, t.basis, t.dim, t.day, t.key] }),
  check('analytics_rollup_dim_check', sql`${t.dim} in ('day', 'lane', 'client', 'salesperson', 'carrier', 'mode')`),
]);

/** A saved set of the analytics page's filters, with a name (one person's). */
export const analyticsViews = pgTable('analytics_views', {
  organisation_id: uuid().notNull().references(() => organisations.id, { onDelete: 'cascade' }),
  id: uuid().notNull(),
  user_id: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  filters: jsonb().$type<Record<string, string>>().notNull(),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.organisation_id, t.id] }),
  uniqueIndex('analytics_views_name_key').on(t.organisation_id, t.user_id, t.name),
]);

/** A member who gets a saved view's KPI summary by mail, weekly or monthly, until they unsubscribe. */
export const analyticsSubscriptions = pgTable('analytics_subscriptions', {
  organisation_id: uuid().notNull(),
  id: uuid().notNull(),
  view_id: uuid().notNull(),
  user_id: uuid().notNull(),
  frequency: text().$type<'weekly' | 'monthly'>().notNull(),
  /** The last period mailed (its first day): a retried job sends it once. */
  last_period: date({ mode: 'string' }),
  created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.organisation_id, t.id] }),
  uniqueIndex('analytics_subscriptions_member_key').on(t.organisation_id, t.view_id, t.user_id),
  index('analytics_subscriptions_frequency_idx').on(t.frequency),
  foreignKey({ name: 'analytics_subscriptions_view_fk', columns: [t.organisation_id, t.view_id], foreignColumns: [analyticsViews.organisation_id, analyticsViews.id] }).onDelete('cascade'),
  foreignKey({ name: 'analytics_subscriptions_member_fk', columns: [t.organisation_id, t.user_id], foreignColumns: [member().organisation_id, member().id] }).onDelete('cascade'),
  check('analytics_subscriptions_frequency_check', sql`${t.frequency} in ('weekly', 'monthly')`),
]);
