import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { notificationListQuery, notificationPage, notificationSchema, notificationSummary, type Notification, type NotificationSummary } from '#shared/api/notifications.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { liveEvents, notifications, users } from '../../db/schema/index.ts';
import { cursorInvalid, decodeCursor, encodeCursor, fitsColumn } from '../../lib/cursor.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../auth/session.ts';
import { digestMail } from './digest.ts';
import { publish } from './notify.ts';

type Row = typeof notifications.$inferSelect;

/** How many actors a notification names ("Ana, Ben and 3 others"). */
const ACTORS_NAMED = 3;

/** Rows with their first actors' names and pictures. */
export async function presentNotifications(db: Db, rows: Row[]): Promise<Notification[]> {
  const ids = [...new Set(rows.flatMap((r) => r.actor_ids.slice(0, ACTORS_NAMED)))];
  const people = ids.length ? await db.select({ id: users.id, name: users.name, avatar_url: users.image }).from(users).where(inArray(users.id, ids)) : [];
  const by = new Map(people.map((p) => [p.id, p]));
  return rows.map((r) => ({
    id: r.id,
    type: r.type as Notification['type'],
    actors: r.actor_ids.slice(0, ACTORS_NAMED).flatMap((id) => by.get(id) ?? []),
    actor_count: r.actor_count,
    subject: r.subject_type && r.subject_id ? { type: r.subject_type, id: r.subject_id } : null,
    data: r.data,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    seen: r.seen_at !== null,
    read: r.read_at !== null,
  }));
}

export async function summaryOf(db: Db, userId: string): Promise<NotificationSummary> {
  const [s] = await db
    .select({ unseen: count(sql`case when ${notifications.seen_at} is null then 1 end`), unread: count() })
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)));
  return { unseen: Number(s.unseen), unread: Number(s.unread) };
}

/** The daily e-mail of what stayed unread: at 07:00 UTC, one job per person, each mailed once a day. */
export const DIGEST_CRON = '0 7 * * *';
/** What is younger than this waits for the next day's mail (the person may still read it). */
const DIGEST_GRACE = '1 hour';
/** Live events are kept this long for catching up after a dropped stream. */
const LIVE_EVENTS_KEPT = '7 days';

/**
 * Notifications (docs/architecture.md#notifications): the list, the bell's summary, seen and read,
 * and the background jobs of the daily unread e-mail and of pruning live events.
 */
export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['notifications'];

  /** Tells the person's other tabs that the badge or the list changed. */
  const changed = async (userId: string) => publish(db, userId, 'notification', { changed: true });

  api.get('/api/notifications', {
    config: { access: 'user' },
    schema: { tags, summary: 'The caller’s notifications, latest activity first (keyset)', querystring: notificationListQuery, response: { 200: notificationPage } },
  }, async (req) => {
    const me = await requireUser(ctx, req);
    const { cursor, per_page, unread } = req.query;
    let after;
    if (cursor) {
      const [value, id] = decodeCursor(cursor);
      if (typeof value !== 'string' || !fitsColumn(value, 'time')) throw cursorInvalid();
      after = sql`(${notifications.updated_at}, ${notifications.id}) < (${value}::timestamptz, ${id}::uuid)`;
    }
    const rows = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, me.id), unread === 'true' ? isNull(notifications.read_at) : undefined, after))
      .orderBy(desc(notifications.updated_at), desc(notifications.id))
      .limit(per_page);
    const last = rows.at(-1);
    return { data: await presentNotifications(db, rows), meta: { next_cursor: last && rows.length === per_page ? encodeCursor(last.updated_at.toISOString(), last.id) : null } };
  });

  api.get('/api/notifications/summary', {
    config: { access: 'user' },
    schema: { tags, summary: 'Unseen (the bell’s badge) and unread counts', response: { 200: envelope(notificationSummary) } },
  }, async (req) => ({ data: await summaryOf(db, (await requireUser(ctx, req)).id) }));

  api.post('/api/notifications/seen', {
    config: { access: 'user' },
    schema: { tags, summary: 'The caller has seen every notification (the badge clears; each stays unread)', response: { 200: envelope(notificationSummary) } },
  }, async (req) => {
    const me = await requireUser(ctx, req);
    const touched = await db.update(notifications).set({ seen_at: new Date() }).where(and(eq(notifications.user_id, me.id), isNull(notifications.seen_at))).returning({ id: notifications.id });
    if (touched.length) await changed(me.id);
    return { data: await summaryOf(db, me.id) };
  });

  api.post('/api/notifications/read-all', {
    config: { access: 'user' },
    schema: { tags, summary: 'Marks every notification of the caller read (and seen)', response: { 200: envelope(notificationSummary) } },
  }, async (req) => {
    const me = await requireUser(ctx, req);
    const now = new Date();
    const touched = await db
      .update(notifications)
      .set({ read_at: now, seen_at: sql`coalesce(${notifications.seen_at}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(notifications.user_id, me.id), isNull(notifications.read_at)))
      .returning({ id: notifications.id });
    if (touched.length) await changed(me.id);
    return { data: await summaryOf(db, me.id) };
  });

  api.post('/api/notifications/:id/read', {
    config: { access: 'user' },
    schema: { tags, summary: 'Marks one notification read (and seen)', params: z.object({ id: z.uuid() }), response: { 200: envelope(notificationSchema) } },
  }, async (req) => {
    const me = await requireUser(ctx, req);
    const now = new Date();
    const [row] = await db
      .update(notifications)
      .set({ read_at: sql`coalesce(${notifications.read_at}, ${now.toISOString()}::timestamptz)`, seen_at: sql`coalesce(${notifications.seen_at}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(notifications.id, req.params.id), eq(notifications.user_id, me.id)))
      .returning();
    if (!row) throw notFound('The notification');
    await changed(me.id);
    return { data: (await presentNotifications(db, [row]))[0] };
  });

  ctx.jobs.define<Record<string, never>>({
    name: 'notifications.daily-digest',
    cron: DIGEST_CRON,
    retryLimit: 3,
    async handler() {
      const due = await ctx.database.query<{ user_id: string }>(
        `select distinct user_id from notifications where read_at is null and emailed_at is null and created_at < now() - interval '${DIGEST_GRACE}'`,
      );
      // One job per person: a failing mail is retried alone; a second run the same UTC day queues nothing.
      for (const { user_id } of due) await ctx.jobs.send('notifications.digest-mail', { user_id }, { singletonKey: user_id, slotSeconds: 86_400 });
    },
  });

  ctx.jobs.define<{ user_id: string }>({
    name: 'notifications.digest-mail',
    retryLimit: 5,
    retryDelaySeconds: 60,
    async handler({ user_id }) {
      const rows = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.user_id, user_id), isNull(notifications.read_at), isNull(notifications.emailed_at), lt(notifications.created_at, sql`now() - interval '${sql.raw(DIGEST_GRACE)}'`)))
        .orderBy(desc(notifications.updated_at));
      if (rows.length === 0) return;
      const [person] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, user_id));
      if (!person) return;
      // Sent, then marked: a failed send leaves them unmarked and the job is tried again (a crash in
      // between may mail them twice, never not at all). pg-boss runs one try of a job at a time.
      await ctx.mailer.send(digestMail(person.email, person.name, await presentNotifications(db, rows), `${ctx.config.appUrl}/notification`));
      await db.update(notifications).set({ emailed_at: new Date() }).where(inArray(notifications.id, rows.map((r) => r.id)));
    },
  });

  ctx.jobs.define<Record<string, never>>({
    name: 'live-events.prune',
    cron: '17 3 * * *',
    async handler() {
      await db.delete(liveEvents).where(lt(liveEvents.created_at, sql`now() - interval '${sql.raw(LIVE_EVENTS_KEPT)}'`));
    },
  });
}
