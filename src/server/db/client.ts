import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';
import { migrationsDir } from '../paths.ts';
import { migrateJobs } from '../modules/jobs/jobs.ts';
import type { Database, Db, Listener, Tx } from './database.ts';

export type { Database, Db, Listener, Tx } from './database.ts';

/** The rows of a raw `sql` query, in `db` or a transaction (both drivers answer `{ rows }`). */
export async function rowsOf<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export type DatabaseOptions =
  | {
      url: string;
      poolSize?: number;
      /** LISTEN's and the migrations' own connection (not through a transaction pooler); default `url`. */
      listenUrl?: string;
      /** A streaming replica for reads (`Database.reader`). */
      readUrl?: string;
    }
  | PgliteOptions;

/** The embedded database: on disk at `dataDir`, else in memory. */
type PgliteOptions = {
  dataDir?: string;
  /** Server settings for this start (`-c name=value` beside PGlite's own), e.g. the WAL's size. */
  settings?: Record<string, string>;
};

/** Stable key for the advisory lock that serialises migrations across app nodes. */
const MIGRATION_LOCK = 727_274_001;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) return openPostgres(options.url, options.poolSize ?? 10, options.listenUrl ?? options.url, options.readUrl);
  return openPglite(options);
}

async function openPglite(options: PgliteOptions): Promise<Database> {
  // One process per folder (data-dir-lock.ts); in memory, nothing to share.
  const release = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const settings = Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  const client = await PGlite.create({
    dataDir: options.dataDir,
    ...(settings.length ? { startParams: [...PGlite.defaultStartParams, ...settings] } : {}),
    extensions: { pg_trgm, btree_gin, unaccent, btree_gist },
  }).catch((err: unknown) => {
    release();
    throw err;
  });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  const database: Database = {
    db,
    reader: null,
    driver: 'pglite',
    pglite: client,
    async query<T>(text: string, params: unknown[] = []) {
      return (await client.query<T>(text, params)).rows;
    },
    async executeSql(text, params) {
      if (params?.length) return client.query(text, params);
      // A script of several statements (pg-boss's migrations and maintenance batches): the rows of
      // every statement, in order, as pg-boss reads them (its maintenance finds its row among them).
      const results = await client.exec(text);
      return { rows: results.flatMap((r) => r.rows) };
    },
    async listen(channel, handlers) {
      // PGlite hands a statement's notices over with its answer, in this process: nothing to wait for.
      const stop = await client.listen(channel, handlers.notice);
      return { sync: () => Promise.resolve(), stop: () => stop().catch(() => {}) };
    },
    async migrate() {
      await migratePglite(db as never, { migrationsFolder: migrationsDir });
      await migrateJobs(database);
    },
    async ping() {
      if (client.closed) throw new Error('database closed');
      await client.query('select 1');
    },
    async close() {
      if (!client.closed) await client.close();
      release();
    },
  };
  return database;
}

async function openPostgres(url: string, poolSize: number, listenUrl: string, readUrl: string | undefined): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  const readPool = readUrl ? new pg.Pool({ connectionString: readUrl, max: poolSize, connectionTimeoutMillis: 5_000 }) : null;
  readPool?.on('error', () => {});
  let closed = false;
  const database: Database = {
    db,
    reader: readPool ? (drizzlePg(readPool, { schema, casing: 'snake_case' }) as unknown as Db) : null,
    driver: 'postgres',
    async query<T>(text: string, params: unknown[] = []) {
      return (await pool.query(text, params)).rows as T[];
    },
    async executeSql(text, params) {
      const result = (await pool.query(text, params)) as pg.QueryResult | pg.QueryResult[];
      return Array.isArray(result) ? { rows: result.flatMap((r) => r.rows) } : result;
    },
    listen: (channel, handlers) => listenPostgres(listenUrl, channel, handlers),
    async migrate() {
      // On a connection of its own to the direct address (DATABASE_LISTEN_URL when DATABASE_URL is a
      // pooler in transaction mode): the lock is held by the session, which a pooler would not keep.
      const conn = new pg.Client({ connectionString: listenUrl, connectionTimeoutMillis: 5_000 });
      conn.on('error', () => {});
      await conn.connect();
      // One statement at a time: pg-boss's install sends some at once, which one client only queues
      // (deprecated in pg 8, refused from pg 9).
      let last: Promise<unknown> = Promise.resolve();
      const serial = (text: string, params: unknown[]) => {
        const run = () => conn.query(text, params) as Promise<pg.QueryResult | pg.QueryResult[]>;
        const next = last.then(run, run);
        last = next.catch(() => {});
        return next;
      };
      const direct: Database = {
        ...database,
        query: async <T>(text: string, params: unknown[] = []) => ((await serial(text, params)) as pg.QueryResult).rows as T[],
        async executeSql(text, params) {
          const result = await serial(text, params ?? []);
          return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
        },
      };
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(conn, { schema }), { migrationsFolder: migrationsDir });
        // Still under the lock: a pg-boss schema upgrade (jobs.ts) runs once however many nodes start.
        await migrateJobs(direct);
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        await conn.end().catch(() => {});
      }
    },
    async ping() {
      if (closed) throw new Error('database closed');
      await pool.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([pool.end(), readPool?.end()]);
    },
  };
  return database;
}

/** How long a lost listening connection waits before it tries again. */
const RELISTEN_MS = 1_000;

/**
 * LISTEN on a connection of its own. PostgreSQL signals a listening backend when a notifying
 * transaction commits, before that commit is answered; the backend sends the notices it holds
 * before its answer to the next statement on the same connection. So a `select 1` sent after a
 * write was acknowledged comes back after that write's notices: `sync` is that round trip, shared
 * by every caller that arrives while the previous one is in flight.
 */
async function listenPostgres(url: string, channel: string, handlers: { notice(payload: string): void; reset(): void }): Promise<Listener> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    c.on('notification', (m) => {
      if (m.channel === channel) handlers.notice(m.payload ?? '');
    });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    await c.connect();
    try {
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    client = c;
  };
  const again = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().then(handlers.reset, again);
    }, RELISTEN_MS);
    retry.unref();
  };
  function lost(c: pg.Client) {
    if (client !== c) return;
    client = null;
    handlers.reset();
    c.end().catch(() => {});
    again();
  }
  await connect();

  let inFlight: Promise<void> = Promise.resolve();
  let queued: Promise<void> | null = null;
  return {
    sync() {
      // The round trip must start after the call: join the one waiting behind the one in flight, or be it.
      queued ??= inFlight
        .catch(() => {})
        .then(() => {
          queued = null;
          const c = client;
          inFlight = c ? c.query('select 1').then(() => {}) : Promise.reject(new Error('not listening'));
          return inFlight;
        });
      return queued;
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
