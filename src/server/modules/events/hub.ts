import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Database, Listener } from '../../db/client.ts';
import { liveEvents } from '../../db/schema/index.ts';

/** The channel migration 0013's trigger notifies with `<event id>:<user id>` when a live event commits. */
export const LIVE_CHANNEL = 'fyn_live';
/** At most this many missed events are replayed on a reconnect; older ones the client refetches by itself. */
export const CATCH_UP_LIMIT = 500;
/** Ids remembered per stream so that an event reaching it twice (catch-up and notice) is written once. */
const REMEMBERED = 256;

export type LiveRow = { id: number; type: string; data: Record<string, unknown> };

/** One open stream: where to write, and what it was given. */
export type Stream = {
  userId: string;
  write(event: LiveRow): void;
  /** The highest id written (the catch-up point after a lost listener). */
  last: number;
  seen: Set<number>;
};

export type LiveHub = {
  /** Opens a stream for a person from `lastEventId` (replaying what they missed), or from now. */
  open(userId: string, lastEventId: number | null, write: (event: LiveRow) => void): Promise<Stream>;
  close(stream: Stream): void;
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

/**
 * Live delivery on this node (docs/architecture.md#live-events): events are stored first (a row of
 * `live_events`), then their id is published by the database on commit; every node listens and hands
 * each event to the streams it holds for that person. On the embedded database the notice comes
 * in-process; on PostgreSQL through LISTEN, so two nodes behind one database both deliver.
 */
export async function createLiveHub(database: Database): Promise<LiveHub> {
  const db = database.db;
  const streams = new Map<string, Set<Stream>>();
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
    async open(userId, lastEventId, write) {
      const stream: Stream = { userId, write, last: 0, seen: new Set() };
      // Held before the catch-up reads, so that nothing committed in between is missed (duplicates are dropped).
      let set = streams.get(userId);
      if (!set) streams.set(userId, (set = new Set()));
      set.add(stream);
      if (lastEventId !== null) await catchUp(stream, lastEventId);
      else stream.last = await hub.latest(userId);
      return stream;
    },
    close(stream) {
      const set = streams.get(stream.userId);
      set?.delete(stream);
      if (set && set.size === 0) streams.delete(stream.userId);
    },
    size: () => [...streams.values()].reduce((n, s) => n + s.size, 0),
    async latest(userId) {
      const [row] = await database.query<{ id: string | null }>('select max(id) as id from live_events where user_id = $1', [userId]);
      return Number(row?.id ?? 0);
    },
    async stop() {
      streams.clear();
      await listener.stop();
    },
  };
  return hub;
}
