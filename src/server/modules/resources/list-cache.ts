import { LRUCache } from 'lru-cache';

/**
 * List pages answered from memory: a page already read is served again without reaching the
 * database until its table changes.
 *
 * Correct invalidation comes from the database itself: a statement-level trigger on each record
 * table (migrations 0008 and 0010) sends the table's name on `fyn_table_changed` when any write
 * commits, whoever makes it (the resource layer, another module, another app node, a cascade, a
 * script in psql). Before a page is taken from memory, `ready()` waits until every notice of a
 * write committed before the request has arrived (`Listener.sync` in db/client.ts): on PGlite they
 * come with the statement's answer, in this process; on PostgreSQL it is one `select 1` on the
 * listening connection, shared by all the requests that arrive meanwhile. So a write acknowledged
 * to anyone, on any node, is in every list read after it. A read keeps the generation it started
 * with: a write landing while it runs makes its page stale at once. While the listening connection
 * is down every list is read from the database, and every page held is dropped when it is back.
 */
export type ListCache = {
  readonly enabled: boolean;
  /** True when pages may be answered from memory now: every write committed before the call has been noticed. */
  ready(): Promise<boolean>;
  /** The table's generation now: take it before reading, give it back to `set`. */
  generation(table: string): number;
  get(table: string, key: string): unknown;
  set(table: string, key: string, generation: number, value: unknown): void;
  /** A write to the table: every page of it read before is stale. */
  changed(table: string): void;
  /** Notices may have been missed: every page held is stale. */
  reset(): void;
};

/** At most this many records held in all cached pages together (a page counts its records, at least 1). */
const MAX_RECORDS = 50_000;

/** `sync` resolves once every write committed before the call has been noticed (`Listener.sync`). */
export function createListCache(enabled: boolean, { sync = () => Promise.resolve(), maxRecords = MAX_RECORDS }: { sync?: () => Promise<void>; maxRecords?: number } = {}): ListCache {
  const generations = new Map<string, number>();
  const pages = new LRUCache<string, { generation: number; value: unknown }>({
    maxSize: maxRecords,
    sizeCalculation: ({ value }) => Math.max(1, (value as { data?: unknown[] }).data?.length ?? 1),
  });
  // A reset moves every table on: generations only grow, so no page stored before it matches again.
  let base = 0;
  const generation = (table: string) => base + (generations.get(table) ?? 0);
  return {
    enabled,
    async ready() {
      if (!enabled) return false;
      try {
        await sync();
        return true;
      } catch {
        return false;
      }
    },
    generation,
    get(table, key) {
      if (!enabled) return undefined;
      const hit = pages.get(`${table}\u0000${key}`);
      return hit && hit.generation === generation(table) ? hit.value : undefined;
    },
    set(table, key, at, value) {
      if (enabled && at === generation(table)) pages.set(`${table}\u0000${key}`, { generation: at, value });
    },
    changed(table) {
      generations.set(table, (generations.get(table) ?? 0) + 1);
    },
    reset() {
      base += 1;
      pages.clear();
    },
  };
}

/** The channel of migration 0008's notices. */
export const TABLE_CHANGED_CHANNEL = 'fyn_table_changed';
