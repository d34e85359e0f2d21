import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { WidgetSequence } from '#shared/dashboard/widgets.ts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Accounts. The first seven columns belong to better-auth; the rest are FYN's own. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    ...timestamps,
    /** The login before the current one (null until a second login). */
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    currentLoginAt: timestamp('current_login_at', { withTimezone: true }),
    widgetSequence: jsonb('widget_sequence').$type<WidgetSequence>(),
    locale: text('locale').notNull().default('en'),
    /** The one organisation the user belongs to (FK added in the organisations migration). */
    organisationId: uuid('organisation_id'),
    /** The name folded for search (lower case, no accents: migration 0012's fyn_fold), trigram-indexed. */
    searchName: text('search_name').generatedAlwaysAs(sql`fyn_fold(name)`),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_search_name_idx').using('gist', sql`${t.searchName} gist_trgm_ops`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    token: text('token').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (t) => [uniqueIndex('sessions_token_key').on(t.token), index('sessions_user_id_idx').on(t.userId)],
);

/** Credentials (better-auth keeps the password hash here, provider "credential"). */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

/** One-time values: e-mail codes and password-reset tokens. */
export const verifications = pgTable(
  'verifications',
  {
    id: uuid('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * Sliding-window counters shared by every app node: failed logins per e-mail and per address,
 * code and reset mails per address. `hits` holds epoch milliseconds of recent events.
 */
export const throttles = pgTable('throttles', {
  key: text('key').primaryKey(),
  hits: bigint('hits', { mode: 'number' }).array().notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
