import type { Database } from '../db/client.ts';

export type ThrottleRule = { limit: number; windowSeconds: number; lockSeconds: number };

/**
 * Sliding-window counters in the database, so that every app node sees the same counts.
 * `hit` records one event; once more than `limit` events fall in the window the key is locked.
 */
export function createThrottle(database: Database) {
  return {
    /** Seconds until the key is free again, or 0. */
    async retryAfter(key: string): Promise<number> {
      const [row] = await database.query<{ locked_until: Date | string | null }>(
        'select locked_until from throttles where key = $1',
        [key],
      );
      if (!row?.locked_until) return 0;
      return Math.max(0, Math.ceil((new Date(row.locked_until).getTime() - Date.now()) / 1000));
    },
    /** Records an event; answers the seconds to wait when this event crossed the limit, else 0. */
    async hit(key: string, rule: ThrottleRule): Promise<number> {
      const now = Date.now();
      const since = now - rule.windowSeconds * 1000;
      const [row] = await database.query<{ n: number }>(
        `insert into throttles (key, hits) values ($1, array[$2::bigint])
         on conflict (key) do update set hits = array_append(
           array(select h from unnest(throttles.hits) h where h > $3::bigint order by h), $2::bigint)
         returning cardinality(hits) as n`,
        [key, now, since],
      );
      if (Number(row.n) < rule.limit) return 0;
      await database.query(`update throttles set locked_until = $2 where key = $1`, [key, new Date(now + rule.lockSeconds * 1000)]);
      return rule.lockSeconds;
    },
    async reset(key: string): Promise<void> {
      await database.query('delete from throttles where key = $1', [key]);
    },
  };
}
export type Throttle = ReturnType<typeof createThrottle>;
