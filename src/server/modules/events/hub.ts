import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Database, Listener } from '../../db/client.ts';
import { liveEvents } from '../../db/schema/index.ts';

/**
 * The channel migration 0013's trigger notifies with `<event id>:<user id>` when a live event commits;
 * migration 0024's with `session:<id>` when a session ends (logout, password reset or change,
 * revocation, its user deleted) and `user:<id>` when a membership stops being active.
 */
export const LIVE_CHANNEL = 'fyn_live';
/** At most this many missed events are replayed on a reconnect; older ones the client refetches by itself. */
export const CATCH_UP_LIMIT = 500;
/** Ids remembered per stream so that an event reaching it twice (catch-up and notice) is written once. */
const REMEMBERED = 256;

export type LiveRow = { id: number; type: string; data: Record<string, unknown> };

/** One open stream: whose, by which session, where to write, and what it was given. */
export type Stream = {
  userId: string;
  sessionId: string;
  write(event: LiveRow): void;
  /** Ends the response: the session ended, or the person's access changed (they reconnect as who they are now). */
  end(): void;
  /** The highest id written (the catch-up point after a lost listener). */
  last: number;
  seen: Set<number>;
};

export type LiveHub = {
  /** Opens a stream for a person's session from `lastEventId` (replaying what they missed), or from now. */
  open(who: { userId: string; sessionId: string }, lastEventId: number | null, write: (event: LiveRow) => void, end: () => void): Promise<Stream>;
  close(stream: Stream): void;
  /** Ends every stream whose session has ended or expired (also done every `checkMs`). */
  check(): Promise<void>;
  /** How many streams this node holds. */
  size(): number;
  /** The newest event id of a person (where a fresh stream starts). */
  latest(userId: string): Promise<number>;
  stop(): Promise<void>;
};

function deliver(stream: Stream, row: LiveRow) {
  if (stream.seen.has(row.id)) return;
  stream.seen.add(row.id);
  if (stream.seen.size > REMEMBERED) stream.seen.delete(stream.seen.values().next().value!);
  if (row.id > stream.last) stream.last = row.id;
  stream.write(row);
}

export type LiveHubOptions = {
  /** How often the sessions of open streams are read again (an expired or deleted session ends its streams). */
  checkMs: number;
  /** Called on every notice that a session ended or a membership stopped being active, from any node. */
  onAccessEnded?: () => void;
};

/**
 * Live delivery on this node (docs/architecture.md#live-events): events are stored first (a row of
 * `live_events`), then their id is published by the database on commit; every node listens and hands
 * each event to the streams it holds for that person. On the embedded database the notice comes
 * in-process; on PostgreSQL through LISTEN, so two nodes behind one database both deliver. A stream
 * lives no longer than its session: the notice of a session's end (or of a membership that stopped
 * being active) ends the streams it concerns on every node, and the sessions of open streams are
 * read again every `checkMs`, so that one that expired or ended unnoticed ends its streams too.
 */
export async function createLiveHub(database: Database, options: LiveHubOptions): Promise<LiveHub> {
  const db = database.db;
  const streams = new Map<string, Set<Stream>>();
  const all = () => [...streams.values()].flatMap((set) => [...set]);
  const endWhere = (match: (s: Stream) => boolean) => {
    for (const s of all()) if (match(s)) s.end();
  };
  let pending = new Map<number, string>();
  let flushing: Promise<void> | null = null;

  // Notices of one burst are fetched with one query.
  async function flush() {
    while (pending.size) {
      const batch = pending;
      pending = new Map();
      const ids = [...batch.keys()];
      const rows = await db.select().from(liveEvents).where(inArray(liveEvents.id, ids)).orderBy(asc(liveEvents.id)).catch(() => []);
      for (const row of rows) for (const s of streams.get(row.user_id) ?? []) deliver(s, row);
    }
  }
  const schedule = () => {
    flushing ??= flush().finally(() => (flushing = null));
  };

  async function catchUp(stream: Stream, from: number) {
    const rows = await db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.user_id, stream.userId), gt(liveEvents.id, from)))
      .orderBy(asc(liveEvents.id))
      .limit(CATCH_UP_LIMIT);
    for (const row of rows) deliver(stream, row);
  }

  const listener: Listener = await database.listen(LIVE_CHANNEL, {
    notice(payload) {
      const [id, userId] = payload.split(':');
      if (id === 'session' || id === 'user') {
        options.onAccessEnded?.();
        endWhere(id === 'session' ? (s) => s.sessionId === userId : (s) => s.userId === userId);
        return;
      }
      if (!streams.has(userId)) return;
      pending.set(Number(id), userId);
      schedule();
    },
    // Notices may have been lost with the listening connection: every stream catches up from its last id.
    reset() {
      for (const set of streams.values()) for (const s of set) catchUp(s, s.last).catch(() => {});
    },
  });

  const hub: LiveHub = {
    async open({ userId, sessionId }, lastEventId, write, end) {
      const stream: Stream = { userId, sessionId, write, end, last: 0, seen: new Set() };
      // Held before the catch-up reads, so that nothing committed in between is missed (duplicates are dropped).
      let set = streams.get(userId);
      if (!set) streams.set(userId, (set = new Set()));
      set.add(stream);
      if (lastEventId !== null) await catchUp(stream, lastEventId);
      else stream.last = await hub.latest(userId);
      // A session that ended between the caller's identification and now (its notice came before the stream was held).
      const [alive] = await database.query<{ id: string }>('select id from sessions where id = $1 and expires_at > now()', [sessionId]);
      if (!alive) end();
      return stream;
    },
    close(stream) {
      const set = streams.get(stream.userId);
      set?.delete(stream);
      if (set && set.size === 0) streams.delete(stream.userId);
    },
    size: () => [...streams.values()].reduce((n, s) => n + s.size, 0),
    async check() {
      const held = [...new Set(all().map((s) => s.sessionId))];
      if (held.length === 0) return;
      const rows = await database.query<{ id: string }>('select id from sessions where id = any($1::uuid[]) and expires_at > now()', [held]).catch(() => null);
      // The database did not answer: the streams stay until it does.
      if (!rows) return;
      const live = new Set(rows.map((r) => r.id));
      endWhere((s) => !live.has(s.sessionId));
    },
    async latest(userId) {
      const [row] = await database.query<{ id: string | null }>('select max(id) as id from live_events where user_id = $1', [userId]);
      return Number(row?.id ?? 0);
    },
    async stop() {
      clearInterval(checking);
      streams.clear();
      await listener.stop();
    },
  };
  const checking = setInterval(() => void hub.check(), options.checkMs);
  checking.unref();
  return hub;
}
