import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { organisations } from './organisations.ts';

/**
 * The AI credits ledger (docs/architecture.md#ai): append-only, one account per organisation, or
 * per person while they have none (`account_id` is then the person's id). The balance is the sum
 * of `credits`; nothing keeps a counter that could drift. `pool` says which credits an entry
 * moves: the period's allowance (which rolls over up to one allowance, the rest expires) or
 * purchased packs (which do not expire).
 */
export const aiCreditEntries = pgTable('ai_credit_entries', {
  id: uuid().primaryKey(),
  account_id: uuid().notNull(),
  organisation_id: uuid().references(() => organisations.id, { onDelete: 'cascade' }),
  /** Who caused it (the member who ran a feature, the owner who bought a pack); null for the system. No foreign key: the ledger keeps the id of someone since deleted (entries are never updated). */
  actor_user_id: uuid(),
  kind: text().notNull().$type<'grant' | 'purchase' | 'consume' | 'refund' | 'expire' | 'adjust'>(),
  pool: text().notNull().$type<'allowance' | 'purchased'>(),
  credits: integer().notNull(),
  feature: text(),
  request_id: text(),
  /** The credit period the entry belongs to (grants and expiries name the period they open or close). */
  period_start: timestamp({ withTimezone: true }).notNull(),
  note: text().notNull().default(''),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('ai_credit_entries_account_idx').on(t.account_id, t.created_at),
  // A period is granted once, a request consumes (and is refunded) once per pool.
  uniqueIndex('ai_credit_entries_grant_idx').on(t.account_id, t.period_start).where(sql`kind = 'grant'`),
  uniqueIndex('ai_credit_entries_request_idx').on(t.account_id, t.request_id, t.kind, t.pool).where(sql`request_id is not null`),
  check('ai_credit_entries_kind', sql`kind in ('grant', 'purchase', 'consume', 'refund', 'expire', 'adjust')`),
  check('ai_credit_entries_pool', sql`pool in ('allowance', 'purchased')`),
]);

/**
 * Every call of an AI feature: who, which engine and model, tokens, credits and how long it took;
 * its answer (a quote draft, a document's proposals, an update's text) is kept so that the same
 * request id answers it again and the person can come back to it.
 */
export const aiCalls = pgTable('ai_calls', {
  id: uuid().primaryKey(),
  account_id: uuid().notNull(),
  organisation_id: uuid().references(() => organisations.id, { onDelete: 'cascade' }),
  user_id: uuid().references(() => users.id, { onDelete: 'set null' }),
  feature: text().notNull(),
  request_id: text().notNull(),
  engine: text().notNull(),
  model: text(),
  status: text().notNull().$type<'running' | 'ok' | 'failed'>(),
  tokens_in: integer().notNull().default(0),
  tokens_out: integer().notNull().default(0),
  credits: integer().notNull(),
  duration_ms: integer().notNull().default(0),
  /** What the feature answered (null while running or when it failed). */
  output: jsonb().$type<Record<string, unknown>>(),
  error: text(),
  /** What the call was about (a shipment's id for documents and updates), or what it made (a quote). */
  subject_type: text(),
  subject_id: uuid(),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('ai_calls_request_idx').on(t.account_id, t.request_id),
  index('ai_calls_account_idx').on(t.account_id, t.created_at),
]);

/** A member's monthly cap in credits, set by an owner; no row means no cap. */
export const aiMemberCaps = pgTable('ai_member_caps', {
  organisation_id: uuid().notNull().references(() => organisations.id, { onDelete: 'cascade' }),
  user_id: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
  monthly_cap: integer().notNull(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.organisation_id, t.user_id] })]);

/** The 80 % and 100 % alerts of a period, each sent once (`mailed_at` once its mails left). */
export const aiCreditAlerts = pgTable('ai_credit_alerts', {
  id: uuid().primaryKey(),
  account_id: uuid().notNull(),
  period_start: timestamp({ withTimezone: true }).notNull(),
  threshold: integer().notNull(),
  mailed_at: timestamp({ withTimezone: true }),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('ai_credit_alerts_once_idx').on(t.account_id, t.period_start, t.threshold)]);
