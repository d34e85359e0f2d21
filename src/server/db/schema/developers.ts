import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { tenantTable } from './tenant.ts';

/**
 * API keys (docs/architecture.md#api-keys): the secret is kept only as its SHA-256; a roll keeps
 * the previous secret's hash until `previous_valid_until`. A revoked key keeps its row (the audit
 * trail names it) and works nowhere. The hashes are looked up without the organisation (the key
 * is all a caller sends), as sessions' tokens are.
 */
export const apiKeys = tenantTable('api_keys', {
  name: text().notNull(),
  /** The first characters of the current secret (`fyn_live_AbCd`), shown in lists. */
  prefix: text().notNull(),
  key_hash: text().notNull(),
  previous_key_hash: text(),
  previous_valid_until: timestamp({ withTimezone: true }),
  scopes: text().array().notNull(),
  expires_at: timestamp({ withTimezone: true }),
  created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  last_used_at: timestamp({ withTimezone: true }),
  last_used_ip: text(),
  revoked_at: timestamp({ withTimezone: true }),
});
// Unique indexes on key_hash and previous_key_hash (without the organisation) are made in the migration (0027).

/** First answers of writes sent with an Idempotency-Key, per caller (`key:<id>` or `user:<org>:<id>`), kept 24 hours. */
export const idempotencyRecords = pgTable('idempotency_records', {
  scope: text().notNull(),
  key: text().notNull(),
  request_hash: text().notNull(),
  /** running until the first answer is stored, then done. */
  state: text().notNull(),
  response_status: integer(),
  response_type: text(),
  response_body: text(),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_records_created_idx').on(t.created_at)]);

/** Requests per API key per minute window, counted in the database so that every node counts the same. */
export const apiRateCounters = pgTable('api_rate_counters', {
  key: text().notNull(),
  window_start: bigint({ mode: 'number' }).notNull(),
  count: integer().notNull(),
}, (t) => [primaryKey({ columns: [t.key, t.window_start] })]);

/** Where an organisation's events are delivered (Standard Webhooks v1). */
export const webhookEndpoints = tenantTable('webhook_endpoints', {
  url: text().notNull(),
  description: text().notNull().default(''),
  event_types: text().array().notNull(),
  enabled: boolean().notNull().default(true),
  /** `whsec_` + base64 of 32 random bytes. */
  secret: text().notNull(),
  /** After a rotation the old secret signs too, until then. */
  previous_secret: text(),
  previous_secret_until: timestamp({ withTimezone: true }),
  /** The first failure of the current run of failures; null after a success. */
  failing_since: timestamp({ withTimezone: true }),
  /** Why the system disabled it (gone: a 410; failing: 5 days of failures); null when a person did. */
  disabled_reason: text(),
});

/** The outbox: one row per event, written in the transaction of the change that caused it. */
export const webhookEvents = tenantTable('webhook_events', {
  type: text().notNull(),
  /** The body sent, exactly: {"type", "timestamp", "data"} as JSON text (signed as it is). */
  payload: text().notNull(),
});

/** One event for one endpoint: pending until delivered or given up. */
export const webhookDeliveries = tenantTable('webhook_deliveries', {
  endpoint_id: uuid().notNull(),
  event_id: uuid().notNull(),
  status: text().notNull().default('pending'),
  attempts: integer().notNull().default(0),
  next_attempt_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** A dispatcher holds it until then (another node takes it over after a crash). */
  locked_until: timestamp({ withTimezone: true }),
}, {
  references: [{ column: 'endpoint_id', table: () => webhookEndpoints, onDelete: 'cascade' }, { column: 'event_id', table: () => webhookEvents }],
  indexes: [['endpoint_id'], ['event_id']],
});
// The dispatcher's scan over every organisation's due deliveries uses a partial index on
// next_attempt_at (where status = 'pending') made in the migration.

/** The delivery log: one row per attempt. */
export const webhookAttempts = tenantTable('webhook_attempts', {
  delivery_id: uuid().notNull(),
  endpoint_id: uuid().notNull(),
  event_id: uuid().notNull(),
  event_type: text().notNull(),
  status: text().notNull(),
  response_status: integer(),
  duration_ms: integer().notNull(),
  /** The first 2 KB of the answer. */
  response_body: text(),
  error: text(),
}, {
  references: [{ column: 'delivery_id', table: () => webhookDeliveries, onDelete: 'cascade' }],
  indexes: [['endpoint_id', 'created_at'], ['delivery_id']],
});
