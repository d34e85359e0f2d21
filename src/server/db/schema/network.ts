import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ActorType, ConnectionSource, ConnectionStatus } from '#shared/api/connections.ts';
import { users } from './auth.ts';
import { organisations } from './organisations.ts';

/**
 * A connection between two actors (a user or an organisation), one row per pair whichever side
 * asked: `pair_low`/`pair_high` are the two `type:id` keys in order, unique together. A request
 * after a decline, withdrawal or disconnection reuses the row with the new direction.
 */
export const connections = pgTable(
  'connections',
  {
    id: uuid().primaryKey(),
    requester_type: text().$type<ActorType>().notNull(),
    requester_id: uuid().notNull(),
    target_type: text().$type<ActorType>().notNull(),
    target_id: uuid().notNull(),
    pair_low: text().notNull(),
    pair_high: text().notNull(),
    status: text().$type<ConnectionStatus>().notNull(),
    message: text(),
    source: text().$type<ConnectionSource>(),
    /** The person who sent the request (the requester itself, or staff for an organisation). */
    requested_by: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** Key point of contact of each side, when that side is an organisation (one of its members). */
    requester_key_contact: uuid().references(() => users.id, { onDelete: 'set null' }),
    target_key_contact: uuid().references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    connected_at: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('connections_pair_key').on(t.pair_low, t.pair_high),
    index('connections_requester_idx').on(t.requester_type, t.requester_id, t.status, t.updated_at),
    index('connections_target_idx').on(t.target_type, t.target_id, t.status, t.updated_at),
    check('connections_types_check', sql`${t.requester_type} in ('user', 'organisation') and ${t.target_type} in ('user', 'organisation')`),
    check('connections_status_check', sql`${t.status} in ('pending', 'connected', 'declined', 'withdrawn', 'disconnected')`),
    check('connections_not_self_check', sql`${t.pair_low} < ${t.pair_high}`),
  ],
);

/** A person's connection shared with their organisation: the CRM lists it as the organisation's contact. */
export const connectionShares = pgTable(
  'connection_shares',
  {
    connection_id: uuid().notNull().references(() => connections.id, { onDelete: 'cascade' }),
    organisation_id: uuid().notNull().references(() => organisations.id, { onDelete: 'cascade' }),
    /** The person whose connection it is. */
    user_id: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.connection_id, t.organisation_id] })],
);

/** A block: no requests, messages or search results between the two people, either way. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blocker_id: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
    blocked_id: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blocker_id, t.blocked_id] }), index('user_blocks_blocked_idx').on(t.blocked_id), check('user_blocks_not_self_check', sql`${t.blocker_id} <> ${t.blocked_id}`)],
);
