/**
 * API throughput and latency beside a bare hello route of the same process, on PGlite and on
 * PostgreSQL, at 10 and 50 connections. autocannon runs in its own process so that the load
 * generator does not share the server's event loop; the hello route is measured just before each
 * route, so that each ratio compares two measurements taken under the same machine load.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { v7 as uuidv7 } from 'uuid';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { importReferenceData } from '../src/server/modules/reference-data.ts';
import { seedDemo, DEMO_PASSWORD, DEMO_USERS } from '../src/server/modules/demo/seed.ts';
import { appRoot } from '../src/server/paths.ts';
import { createListCache } from '../src/server/modules/resources/list-cache.ts';
import { fill } from './resources.ts';
import { benchOrganisation, createBenchDatabase, loginCookie, mark, postgresAvailable, PG_SERVER, tempDir } from './support.ts';

const run = promisify(execFile);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
const BIG_ROWS = 100_000;
const BIG_EMAIL = 'bigorg-owner@bench.fyn.local';

/** autocannon's latencies are whole milliseconds. */
const ms = (x: number) => (x < 1 ? '<1' : String(Math.round(x)));

export type Result = { rps: number; p50: number; p99: number; bad: number; requests: number };
type Db = 'pglite' | 'postgres';

/** autocannon in its own process: its JSON summary. */
export async function cannon(url: string, connections: number, headers: Record<string, string> = {}, seconds = DURATION): Promise<Result> {
  const args = [join(appRoot, 'node_modules/autocannon/autocannon.js'), '-j', '-c', String(connections), '-d', String(seconds)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  const { stdout } = await run(process.execPath, [...args, url], { maxBuffer: 1 << 24 });
  const r = JSON.parse(stdout);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts, requests: r.requests.total };
}

type Case = {
  name: string;
  path: string;
  who: 'nobody' | 'owner' | 'big';
  /** Targets of this route: each returns [label, met] for one measurement. */
  targets: (r: Result, ratio: number, db: Db, connections: number) => [string, boolean][];
};

const readsUnder300OnPglite50 = (r: Result, db: Db, c: number): [string, boolean][] => (db === 'pglite' && c >= 50 ? [['p99 < 300 ms', r.p99 < 300]] : []);

const CASES: Case[] = [
  {
    name: 'GET /api/health', path: '/api/health', who: 'nobody',
    targets: (r, x, db, c) => [['×hello ≥ 0.8', x >= 0.8], ...readsUnder300OnPglite50(r, db, c)],
  },
  {
    name: 'GET /api/user (owner)', path: '/api/user', who: 'owner',
    targets: (r, x, db, c) => [
      db === 'postgres' ? ['×hello ≥ 0.25', x >= 0.25] : ['×hello ≥ 0.1', x >= 0.1],
      ...(db === 'postgres' && c >= 50 ? [['p99 < 25 ms', r.p99 < 25] as [string, boolean]] : []),
      ...readsUnder300OnPglite50(r, db, c),
    ],
  },
  {
    name: 'GET /api/locations/search?q=rotterdam', path: '/api/locations/search?q=rotterdam&limit=10', who: 'owner',
    targets: (r, x, db, c) => [['×hello ≥ 0.2', x >= 0.2], ...(db === 'postgres' ? [['p99 < 20 ms', r.p99 < 20] as [string, boolean]] : []), ...readsUnder300OnPglite50(r, db, c)],
  },
  {
    name: 'GET /api/charge-codes?per_page=25', path: '/api/charge-codes?per_page=25', who: 'owner',
    targets: (r, x, db, c) => [['×hello ≥ 0.15', x >= 0.15], ...readsUnder300OnPglite50(r, db, c)],
  },
  {
    name: '  same, organisation of 100,000 rows', path: '/api/charge-codes?per_page=25', who: 'big',
    targets: (r, x, db, c) => [['×hello ≥ 0.15', x >= 0.15], ...readsUnder300OnPglite50(r, db, c)],
  },
  {
    name: '  q=haulage: 12,500 of 100,000 rows', path: '/api/charge-codes?per_page=25&q=haulage', who: 'big',
    targets: (r, _x, db, c) => [['p99 < 50 ms', r.p99 < 50], ...readsUnder300OnPglite50(r, db, c)],
  },
];

async function benchOn(db: Db) {
  const dir = tempDir('fyn-bench-api-');
  const pgDb = db === 'postgres' ? await createBenchDatabase() : null;
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0', NODE_ENV: 'development', WEATHER_URL: 'none', ...(pgDb && { DATABASE_URL: pgDb.url }) }, null);
  const database = await openDatabase(pgDb ? { url: pgDb.url } : { dataDir: join(dir, 'db') });
  const app = await (async () => {
    const t0 = performance.now();
    await database.migrate();
    await importReferenceData(database);
    const app = await buildApp(config, { database });
    app.get('/bench/hello', { config: { access: 'public' } }, async () => ({ data: 'hello' }));
    await seedDemo(app.ctx);
    // A second organisation holding exactly 100 000 charge codes, one in eight of them "Haulage …".
    const { password } = await app.ctx.auth.$context;
    const userId = uuidv7();
    await database.query(`insert into users (id, name, email, email_verified) values ($1, 'Big Org Owner', $2, true)`, [userId, BIG_EMAIL]);
    await database.query(`insert into accounts (id, user_id, account_id, provider_id, password) values ($1, $2, $3, 'credential', $4)`, [uuidv7(), userId, userId, await password.hash(DEMO_PASSWORD)]);
    const org = await benchOrganisation(app.ctx, userId, 'Bench Big Ltd');
    await database.query('delete from charge_codes where organisation_id = $1', [org.id]);
    await fill(database, org.id, 1, BIG_ROWS);
    await database.query('analyze');
    const [{ n, m }] = await database.query<{ n: number; m: number }>(
      `select count(*)::int as n, count(*) filter (where code ilike '%haulage%' or name ilike '%haulage%' or description ilike '%haulage%')::int as m from charge_codes where organisation_id = $1`,
      [org.id],
    );
    console.log(`  (set up in ${((performance.now() - t0) / 1000).toFixed(0)} s: reference data, demo data, ${n.toLocaleString('en')} charge codes of which ${m.toLocaleString('en')} match "haulage")`);
    return app;
  })();
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const cookies = {
      nobody: {},
      owner: { cookie: await loginCookie(address, DEMO_USERS[0].email, DEMO_PASSWORD) },
      big: { cookie: await loginCookie(address, BIG_EMAIL, DEMO_PASSWORD) },
    };
    // Warm-up (JIT, caches, the database's buffers): each route a moment before anything is measured.
    for (const c of [{ path: '/bench/hello', who: 'nobody' as const }, ...CASES]) await cannon(`${address}${c.path}`, 10, cookies[c.who], 1);
    // Lists are served from memory until their table changes (list-cache.ts); the list routes are
    // measured again with that cache off, so that what a page costs the database shows too.
    const rounds: { cache: boolean; cases: Case[] }[] = [{ cache: true, cases: CASES }, { cache: false, cases: CASES.filter((c) => c.path.startsWith('/api/charge-codes')) }];
    const cached = app.ctx.lists;
    for (const [round, connections] of rounds.flatMap((r) => CONNECTIONS.map((c) => [r, c] as const))) {
      app.ctx.lists = round.cache ? cached : createListCache(false);
      const label = `${db === 'postgres' ? `PostgreSQL (${PG_SERVER.replace(/\/\/[^@]*@/, '//')}, pool of 10)` : 'PGlite (embedded)'}${round.cache ? '' : ', list cache off: every page read from the database'}`;
      console.log(`\n${label}, ${connections} connections, ${DURATION} s per measurement`);
      const head = ['route'.padEnd(40), 'req/s'.padStart(8), '×hello'.padStart(7), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7), 'hello req/s'.padStart(12), '  targets'];
      console.log(head.join(' '));
      const rows: string[] = [];
      const hellos: Result[] = [];
      for (const c of round.cases) {
        const hello = await cannon(`${address}/bench/hello`, connections);
        hellos.push(hello);
        const r = await cannon(`${address}${c.path}`, connections, cookies[c.who]);
        const ratio = r.rps / hello.rps;
        // Without the cache the figures show the database's cost; the targets are those of the app as it runs.
        const targets = round.cache ? c.targets(r, ratio, db, connections).map(([t, ok]) => `${t} ${mark(ok)}`).join(', ') : '(the cost of a page read from the database)';
        const bad = r.bad > 0 ? `  (${r.bad} of ${r.requests} answers not 2xx or failed)` : '';
        rows.push([c.name.padEnd(40), r.rps.toFixed(0).padStart(8), ratio.toFixed(2).padStart(7), ms(r.p50).padStart(7), ms(r.p99).padStart(7), hello.rps.toFixed(0).padStart(12), '  ' + targets + bad].join(' '));
        console.log(rows.at(-1));
      }
      const avg = (f: (r: Result) => number) => hellos.reduce((a, h) => a + f(h), 0) / hellos.length;
      const min = Math.min(...hellos.map((h) => h.rps));
      const max = Math.max(...hellos.map((h) => h.rps));
      console.log(
        ['hello (bare route, yardstick)'.padEnd(40), avg((h) => h.rps).toFixed(0).padStart(8), '1.00'.padStart(7), avg((h) => h.p50).toFixed(1).padStart(7), avg((h) => h.p99).toFixed(1).padStart(7), `${min.toFixed(0)}–${max.toFixed(0)}`.padStart(12), '  mean of the runs before each route (range in the last column)'].join(' '),
      );
    }
  } finally {
    await app.close();
    await database.close();
    await pgDb?.drop();
  }
}

export async function apiBench() {
  console.log(`\n== API throughput: req/s and latency of each route beside a bare hello route of the same process (${DURATION} s per measurement, BENCH_SECONDS) ==`);
  console.log('   The routes run in this process (buildApp), autocannon in its own; ×hello = req/s ÷ the hello run just before it.');
  console.log('\nPGlite: setting up …');
  await benchOn('pglite');
  if (await postgresAvailable()) {
    console.log('\nPostgreSQL: setting up …');
    await benchOn('postgres');
  } else {
    console.log(`\nPostgreSQL: not reachable at ${PG_SERVER} (BENCH_PG_URL): skipped`);
  }
}
