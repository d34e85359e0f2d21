import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { organisations } from './organisations.ts';

const created_at = timestamp({ withTimezone: true }).notNull().defaultNow();

/** One entry of a profile's experience or education. */
export type ProfileEntry = { title: string; place: string; from: string | null; to: string | null; description: string | null };
/** Who may read a contact detail of a profile. */
export type DetailVisibility = 'public' | 'connections' | 'organisation' | 'private';
export type EmergencyDetails = { name: string; relationship: string; phone: string; notes: string | null };

/**
 * What a person tells the network about themself (GET /api/profiles/:userId). The name and avatar
 * stay on `users`; emergency details are read only by the person and their organisation's HR.
 */
export const profiles = pgTable('profiles', {
  user_id: uuid().primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  headline: text(),
  bio: text(),
  /** Stored file key of the cover picture (files store), removable. */
  cover_key: text(),
  /** UN/LOCODE of where the person works. */
  location: text(),
  job_title: text(),
  phone: text(),
  experience: jsonb().$type<ProfileEntry[]>().notNull().default([]),
  education: jsonb().$type<ProfileEntry[]>().notNull().default([]),
  hobbies: jsonb().$type<string[]>().notNull().default([]),
  /** Codes of the interests list (src/shared/api/profiles.ts). */
  interests: jsonb().$type<string[]>().notNull().default([]),
  /** ISO 639-1 codes of the languages spoken. */
  languages: jsonb().$type<string[]>().notNull().default([]),
  emergency: jsonb().$type<EmergencyDetails | null>(),
  /** Who sees the e-mail address and the phone number. */
  email_visibility: text().$type<DetailVisibility>().notNull().default('connections'),
  phone_visibility: text().$type<DetailVisibility>().notNull().default('connections'),
  /** Whether the person appears on their organisation's public profile. */
  listed: boolean().notNull().default(false),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type PostImage = { key: string; width: number; height: number; type: string };

/**
 * A post of the feed: by a person, or by their organisation (`organisation_id`, posted by staff with
 * `network.create`). `visibility` decides who reads it; ads (`trade_ad`, `service_ad`) count against
 * the plan's free ads per year.
 */
export const posts = pgTable(
  'posts',
  {
    id: uuid().primaryKey(),
    author_id: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** Set when posted as the organisation. */
    organisation_id: uuid().references(() => organisations.id, { onDelete: 'cascade' }),
    /** The author's organisation when posted (who "organisation" visibility means), as the person may move on. */
    audience_organisation_id: uuid().references(() => organisations.id, { onDelete: 'set null' }),
    kind: text().$type<'post' | 'trade_ad' | 'service_ad'>().notNull(),
    visibility: text().$type<'public' | 'connections' | 'organisation'>().notNull(),
    body: text().notNull(),
    images: jsonb().$type<PostImage[]>().notNull().default([]),
    like_count: integer().notNull().default(0),
    comment_count: integer().notNull().default(0),
    created_at,
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    edited_at: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('posts_feed_idx').on(t.created_at.desc(), t.id.desc()),
    index('posts_author_idx').on(t.author_id, t.created_at.desc(), t.id.desc()),
    index('posts_organisation_idx').on(t.organisation_id, t.created_at.desc(), t.id.desc()),
    /** The organisation's audience: its "organisation" posts in the feed, and its ads of the year (allowance). */
    index('posts_audience_idx').on(t.audience_organisation_id, t.created_at.desc(), t.id.desc()),
    check('posts_kind_check', sql`${t.kind} in ('post', 'trade_ad', 'service_ad')`),
    check('posts_visibility_check', sql`${t.visibility} in ('public', 'connections', 'organisation')`),
  ],
);

export const postComments = pgTable(
  'post_comments',
  {
    id: uuid().primaryKey(),
    post_id: uuid().notNull().references(() => posts.id, { onDelete: 'cascade' }),
    author_id: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    created_at,
    edited_at: timestamp({ withTimezone: true }),
  },
  (t) => [index('post_comments_post_idx').on(t.post_id, t.created_at, t.id)],
);

export const postLikes = pgTable(
  'post_likes',
  {
    post_id: uuid().notNull().references(() => posts.id, { onDelete: 'cascade' }),
    user_id: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
    created_at,
  },
  (t) => [primaryKey({ columns: [t.post_id, t.user_id] }), index('post_likes_user_idx').on(t.user_id)],
);

/**
 * A notification for one person. Alike ones while unread are one row (`group_key`): the newest
 * actors first in `actor_ids`, how many in `actor_count`. *Seen* (the bell's badge) is separate
 * from *read* (per item).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey(),
    user_id: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    group_key: text().notNull(),
    actor_ids: jsonb().$type<string[]>().notNull().default([]),
    actor_count: integer().notNull().default(0),
    subject_type: text(),
    subject_id: uuid(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    created_at,
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    seen_at: timestamp({ withTimezone: true }),
    read_at: timestamp({ withTimezone: true }),
    /** When the daily e-mail told of it (once). */
    emailed_at: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.user_id, t.updated_at.desc(), t.id.desc()),
    uniqueIndex('notifications_open_group_key').on(t.user_id, t.group_key).where(sql`${t.read_at} is null`),
    index('notifications_unread_idx').on(t.user_id).where(sql`${t.read_at} is null`),
  ],
);

/**
 * What the live stream (GET /api/events) delivers to a person, stored before it is published: a
 * client that reconnects catches up from its last event id. Pruned after a week.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    user_id: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    created_at,
  },
  (t) => [index('live_events_user_idx').on(t.user_id, t.id), index('live_events_created_idx').on(t.created_at)],
);

/** A conversation: `direct` between two people (one per pair, `direct_key`), or a titled `group`. */
export const chats = pgTable(
  'chats',
  {
    id: uuid().primaryKey(),
    kind: text().$type<'direct' | 'group'>().notNull(),
    title: text(),
    /** For direct chats: the two member ids in order, so that a pair has one conversation. */
    direct_key: text(),
    created_by: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
    created_at,
    last_message_at: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('chats_direct_key').on(t.direct_key), check('chats_kind_check', sql`${t.kind} in ('direct', 'group')`)],
);

export const chatMembers = pgTable(
  'chat_members',
  {
    chat_id: uuid().notNull().references(() => chats.id, { onDelete: 'cascade' }),
    user_id: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
    joined_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The newest message this member has read (message ids are time-ordered). */
    last_read_id: uuid(),
  },
  (t) => [primaryKey({ columns: [t.chat_id, t.user_id] }), index('chat_members_user_idx').on(t.user_id)],
);

export type ChatAttachment = { key: string; name: string; type: string; size: number };

/** A message; `client_id` makes a resend store nothing twice. Ids are UUIDv7, so they sort by time. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid().primaryKey(),
    chat_id: uuid().notNull().references(() => chats.id, { onDelete: 'cascade' }),
    sender_id: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
    client_id: text().notNull(),
    body: text().notNull(),
    attachments: jsonb().$type<ChatAttachment[]>().notNull().default([]),
    created_at,
  },
  (t) => [uniqueIndex('chat_messages_client_key').on(t.chat_id, t.sender_id, t.client_id), index('chat_messages_chat_idx').on(t.chat_id, t.id.desc())],
);
