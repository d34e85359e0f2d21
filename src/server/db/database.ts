import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

// What an open database is, apart from how it is opened (client.ts): the jobs (modules/jobs) need
// the shape and client.ts needs the jobs' migration, so the shape lives here, a leaf of both.

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction of `Db` (or `Db` itself, for code that runs in either). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  /**
   * The read replica (DATABASE_READ_URL), or null: only for reads outside any transaction, chosen
   * per request by `lib/read-replica.ts` (a member who just wrote reads the primary).
   */
  reader: Db | null;
  driver: 'pglite' | 'postgres';
  /** Plain parameterised SQL, for the few statements drizzle does not express well. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** The rows of one statement with parameters, or of every statement of a script without (pg-boss's adapter, modules/jobs). */
  executeSql(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Our migrations, then pg-boss's schema (modules/jobs). */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Notices on a channel (LISTEN): `notice` gets each payload; `reset` is called when some may have
   * been missed (the listening connection was lost, and again once it is back).
   */
  listen(channel: string, handlers: { notice(payload: string): void; reset(): void }): Promise<Listener>;
  /** The embedded instance, when there is one (tests dump and load it). */
  pglite?: PGlite;
};

export type Listener = {
  /**
   * Resolves once every notice of a transaction committed before the call has been handed to
   * `notice`; rejects while the listening connection is down.
   */
  sync(): Promise<void>;
  stop(): Promise<void>;
};

