import { sql } from 'drizzle-orm';
import { bigint, boolean, char, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { locations } from './locations.ts';

export const ORGANISATION_STATUSES = ['inactive', 'awaiting_payment', 'active', 'outstanding_payment'] as const;
export type OrganisationStatus = (typeof ORGANISATION_STATUSES)[number];

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** The tenant. Everything an organisation owns carries its id as the first key column. */
export const organisations = pgTable(
  'organisations',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    types: text('types').array().notNull(),
    country: char('country', { length: 2 }).notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    city: text('city').notNull(),
    postcode: text('postcode'),
    locationCode: text('location_code').references(() => locations.code, { onDelete: 'restrict' }),
    registrationNumber: text('registration_number'),
    vatNumber: text('vat_number'),
    website: text('website'),
    logo: text('logo'),
    status: text('status').$type<OrganisationStatus>().notNull().default('inactive'),
    /** The payment provider's customer, subscription and price, mirrored for quick reads. */
    providerCustomerId: text('provider_customer_id'),
    subscriptionId: text('subscription_id'),
    priceId: text('price_id'),
    /** When an unpaid renewal ends the subscription (outstanding_payment only). */
    graceUntil: timestamp('grace_until', { withTimezone: true }),
    /** Provider time of the newest event applied: an older event arriving late changes nothing. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    /**
     * Subscribe and change-plan hold this lease (taken under the row lock) while they talk to the
     * provider, so that two such calls for one organisation run one after the other.
     */
    billingLockUntil: timestamp('billing_lock_until', { withTimezone: true }),
    /** Counts completed subscribe and change-plan calls: part of the provider's idempotency key. */
    billingVersion: integer('billing_version').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
    /** Name and city folded for search (migration 0012's fyn_fold), trigram-indexed. */
    searchText: text('search_text').generatedAlwaysAs(sql`fyn_fold(name || ' ' || city)`),
  },
  (t) => [
    check('organisations_status_check', sql`${t.status} in ('inactive','awaiting_payment','active','outstanding_payment')`),
    index('organisations_search_text_idx').using('gist', sql`${t.searchText} gist_trgm_ops`),
  ],
);

/** Every status change: who (a user) or what (a provider event) made it, from, to, when. */
export const organisationStatusEvents = pgTable(
  'organisation_status_events',
  {
    organisationId: uuid('organisation_id').notNull().references(() => organisations.id, { onDelete: 'restrict' }),
    id: uuid('id').notNull(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    providerEventId: text('provider_event_id'),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.id] }), index('organisation_status_events_time_idx').on(t.organisationId, t.createdAt)],
);

/** Provider events already applied (webhooks are processed once per event id). */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  organisationId: uuid('organisation_id'),
  /** Provider time of the event: older events never undo newer ones. */
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The local payment provider's own books (the embedded stand-in for Stripe). */
export const localBilling = pgTable(
  'local_billing_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    customerId: text('customer_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    deleted: boolean('deleted').notNull().default(false),
  },
  (t) => [index('local_billing_objects_kind_customer_idx').on(t.kind, t.customerId)],
);
