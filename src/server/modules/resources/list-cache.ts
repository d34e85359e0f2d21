import { LRUCache } from 'lru-cache';

/**
 * List pages answered from memory on the embedded database (PGlite), where every statement runs
 * one at a time in this process: a page already read is served again without reaching it.
 *
 * Correct invalidation comes from the database itself: a statement-level trigger on each record
 * table (migration 0008) sends the table's name on `fyn_table_changed` after any write, whoever
 * makes it (the resource layer, another module, a cascade, a test's SQL). PGlite delivers it with
 * the statement's (or COMMIT's) own answer, so a write's caller is answered only after the cache
 * has moved on. A read keeps the generation it started with: a write landing while it runs makes
 * its page stale at once. Not used on PostgreSQL, where other app nodes write too and notices
 * arrive late: there every list is read from the database.
 */
export type ListCache = {
  readonly enabled: boolean;
  /** The table's generation now: take it before reading, give it back to `set`. */
  generation(table: string): number;
  get(table: string, key: string): unknown;
  set(table: string, key: string, generation: number, value: unknown): void;
  /** A write to the table: every page of it read before is stale. */
  changed(table: string): void;
};

/** At most this many records held in all cached pages together (a page counts its records, at least 1). */
const MAX_RECORDS = 50_000;

export function createListCache(enabled: boolean, maxRecords = MAX_RECORDS): ListCache {
  const generations = new Map<string, number>();
  const pages = new LRUCache<string, { generation: number; value: unknown }>({
    maxSize: maxRecords,
    sizeCalculation: ({ value }) => Math.max(1, (value as { data?: unknown[] }).data?.length ?? 1),
  });
  const generation = (table: string) => generations.get(table) ?? 0;
  return {
    enabled,
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
      generations.set(table, generation(table) + 1);
    },
  };
}

/** The channel of migration 0008's notices. */
export const TABLE_CHANGED_CHANNEL = 'fyn_table_changed';
