import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { NotificationType } from '#shared/api/notifications.ts';
import type { Db, Tx } from '../../db/client.ts';
import { liveEvents, notifications, organisationMembers, roles } from '../../db/schema/index.ts';

/** `task`: a task of the person's changed hands or state (data: id, title, action), so that their board reads itself again. */
export type LiveEventType = 'notification' | 'message' | 'chat_read' | 'connection' | 'post' | 'task';

/**
 * Stores an event for a person's live stream (GET /api/events). The row's trigger publishes its id
 * when the transaction commits, so that a stream never hears of what may still roll back.
 */
export async function publish(db: Db | Tx, userIds: string | string[], type: LiveEventType, data: Record<string, unknown>): Promise<void> {
  const ids = [...new Set(Array.isArray(userIds) ? userIds : [userIds])];
  if (ids.length === 0) return;
  await db.insert(liveEvents).values(ids.map((user_id) => ({ user_id, type, data })));
}

export type NotificationInput = {
  /** Who is told. */
  userId: string;
  /**
   * The organisation whose affairs it is (a task, a shipment, a leave request …): the person is told
   * only while they are an active member of it, so nobody deactivated or gone hears of them. Null
   * for a person's own affairs (connections, posts, chats). Required, so that no caller forgets.
   */
  organisationId: string | null;
  type: NotificationType;
  /** Who did it (a person), if anyone: left out when it is the person told. */
  actorId?: string | null;
  /** What it is about, for the link: `post`, `connection`, `chat`, later `quote`, `shipment`, … */
  subject?: { type: string; id: string } | null;
  /**
   * Alike notifications while unread become one ("Ana and 3 others liked your post"): those with the
   * same key. Without one, each notification stands alone.
   */
  groupKey?: string | null;
  data?: Record<string, unknown>;
};

/**
 * The one function every module calls to tell a person something: stores (or folds into the
 * unread group) in the caller's transaction, and publishes it to their live stream on commit.
 */
export async function notify(db: Db | Tx, input: NotificationInput): Promise<void> {
  const actorId = input.actorId && input.actorId !== input.userId ? input.actorId : null;
  if (input.actorId && !actorId) return; // nobody is told of what they did themself
  if (input.organisationId && !(await isActiveMember(db, input.organisationId, input.userId))) return;
  const now = new Date();
  const groupKey = input.groupKey ?? `${input.type}:${uuidv7()}`;
  const actors = actorId ? [actorId] : [];
  // One row per unread group: each actor once, the newest first; the group becomes unseen again
  // and moves to the top.
  const [row] = await db
    .insert(notifications)
    .values({
      id: uuidv7(), user_id: input.userId, type: input.type, group_key: groupKey, actor_ids: actors, actor_count: actors.length,
      subject_type: input.subject?.type ?? null, subject_id: input.subject?.id ?? null, data: input.data ?? {}, created_at: now, updated_at: now,
    })
    .onConflictDoUpdate({
      target: [notifications.user_id, notifications.group_key],
      targetWhere: sql`${notifications.read_at} is null`,
      set: {
        actor_ids: actorId
          ? sql`jsonb_build_array(${actorId}::text) || (${notifications.actor_ids} - ${actorId}::text)`
          : notifications.actor_ids,
        actor_count: actorId ? sql`jsonb_array_length(${notifications.actor_ids} - ${actorId}::text) + 1` : notifications.actor_count,
        data: input.data ?? {},
        updated_at: now,
        seen_at: null,
      },
    })
    .returning({ id: notifications.id });
  await publish(db, input.userId, 'notification', { id: row.id, type: input.type });
}

async function isActiveMember(db: Db | Tx, organisationId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: organisationMembers.user_id })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.organisation_id, organisationId), eq(organisationMembers.user_id, userId), eq(organisationMembers.status, 'active')));
  return rows.length > 0;
}

/** The active members of an organisation whose role holds `permission` (whom to tell of the organisation's affairs). */
export async function membersWith(db: Db | Tx, organisationId: string, permission: string): Promise<string[]> {
  const rows = await db
    .select({ id: organisationMembers.user_id })
    .from(organisationMembers)
    .innerJoin(roles, and(eq(roles.organisation_id, organisationMembers.organisation_id), eq(roles.id, organisationMembers.role_id)))
    .where(and(eq(organisationMembers.organisation_id, organisationId), eq(organisationMembers.status, 'active'), sql`${permission} = any(${roles.permissions})`));
  return rows.map((r) => r.id);
}
