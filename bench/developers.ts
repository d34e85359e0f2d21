/**
 * The developer platform (docs/architecture.md#developer-platform), in process, on PGlite and (when
 * BENCH_PG_URL answers) PostgreSQL:
 * - a list (GET /api/shipments) asked with an API key beside the same asked with a session cookie:
 *   the key is read afresh on every request and counted in the database (its rate window);
 * - BENCH_WEBHOOK_EVENTS (default 10 000; BENCH_DEV_DATABASES=pglite or postgres for one database) events fanned out to 5 endpoints, each a receiver on
 *   127.0.0.1, emitted in transactions of 100 while the dispatcher (the `webhooks.dispatch` job's
 *   handler, here called directly by two loops) delivers: deliveries a second, and p99 from commit to receipt.
 */
import { createServer, type Server } from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { apiKeys, webhookEndpoints } from '../src/server/db/schema/index.ts';
import { newWebhookSecret } from '../src/server/lib/standard-webhooks.ts';
import { importReferenceData } from '../src/server/modules/reference-data.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../src/server/modules/demo/seed.ts';
import { newApiKey } from '../src/server/modules/developers/api-keys.ts';
import { dispatchDue, emitEvent } from '../src/server/modules/developers/webhooks.ts';
import { createBenchDatabase, latencyLine, loginCookie, onCleanup, pct, postgresAvailable, tempDir } from './support.ts';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000);
const RECEIVERS = 5;
const REQUESTS = Number(process.env.BENCH_KEY_REQUESTS ?? 300);
/** Which databases to run on (BENCH_DEV_DATABASES=postgres runs the 10 000-event fan-out on PostgreSQL alone). */
const DATABASES = new Set((process.env.BENCH_DEV_DATABASES ?? 'pglite,postgres').split(',').map((s) => s.trim()));

/**
 * Statements sent to the database, on either driver (drizzle and raw queries both go through
 * PGlite's `query` or a pg pool's `query`): the bench divides them by the requests it makes.
 */
let statements = 0;
for (const proto of [Object.getPrototypeOf(PGlite.prototype) as { query: (...a: unknown[]) => unknown }, pg.Pool.prototype as unknown as { query: (...a: unknown[]) => unknown }]) {
  const query = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    statements++;
    return query.apply(this, args);
  };
}

async function receiver(received: Map<string, number[]>): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['webhook-id']);
      received.set(id, [...(received.get(id) ?? []), performance.now()]);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`, close: () => new Promise((r) => server.close(() => r())) };
}

async function one(label: string, database: Database, dataDir: string) {
  console.log(`\n== Developer platform on ${label} ==`);
  await database.migrate();
  await importReferenceData(database);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0', NODE_ENV: 'development', WEATHER_URL: 'none', JOBS: 'false', API_KEY_REQUESTS_PER_MINUTE: '1000000', WEBHOOK_ALLOW_LOOPBACK: 'true' }, null);
  const app = await buildApp(config, { database });
  const close = onCleanup(() => app.close());
  try {
    await seedDemo(app.ctx);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const [owner] = await database.query<{ id: string; organisation_id: string }>('select id, organisation_id from users where email = $1', [DEMO_USERS[0].email]);
    const orgId = owner.organisation_id;

    // A key's request cost beside a session's, on a list.
    const made = newApiKey(true);
    await database.db.insert(apiKeys).values({ organisation_id: orgId, id: uuidv7(), name: 'bench', prefix: made.prefix, key_hash: made.hash, scopes: ['operations.view'], created_by: owner.id });
    const cookie = await loginCookie(base, DEMO_USERS[0].email, DEMO_PASSWORD);
    let perRequest = 0;
    const time = async (headers: Record<string, string>) => {
      const xs: number[] = [];
      const before = statements;
      for (let i = 0; i < REQUESTS; i++) {
        const s = performance.now();
        const res = await fetch(`${base}/api/shipments?per_page=25`, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`list answered ${res.status}`);
        xs.push(performance.now() - s);
      }
      perRequest = (statements - before) / REQUESTS;
      return xs;
    };
    await time({ cookie });
    const session = await time({ cookie });
    const sessionQueries = perRequest;
    const key = await time({ authorization: `Bearer ${made.key}` });
    const keyQueries = perRequest;
    latencyLine(`GET /api/shipments, session (${REQUESTS} requests)`, session);
    latencyLine(`GET /api/shipments, API key (${REQUESTS} requests)`, key);
    console.log(`  key / session at p50: ${(pct(key, 50) / pct(session, 50)).toFixed(2)}×`);
    console.log(`  database statements per request: session ${sessionQueries.toFixed(2)}, API key ${keyQueries.toFixed(2)} (+${(keyQueries - sessionQueries).toFixed(2)})`);

    // Fan-out: EVENTS events to 5 loopback receivers.
    const received = new Map<string, number[]>();
    const receivers = await Promise.all(Array.from({ length: RECEIVERS }, () => receiver(received)));
    try {
      for (const r of receivers) {
        await database.db.insert(webhookEndpoints).values({ organisation_id: orgId, id: uuidv7(), url: r.url, event_types: ['quote.sent'], secret: newWebhookSecret() });
      }
      const committed = new Map<string, number>();
      let emitting = true;
      const started = performance.now();
      const dispatcher = async () => {
        const delivered = () => [...received.values()].reduce((n, x) => n + x.length, 0);
        while (emitting || delivered() < committed.size * RECEIVERS) {
          if ((await dispatchDue(app.ctx)) === 0) await new Promise((r) => setTimeout(r, 20));
          if (performance.now() - started > 30 * 60_000) throw new Error('fan-out took longer than 30 minutes');
        }
      };
      const loops = [dispatcher(), dispatcher()];
      for (let i = 0; i < EVENTS; i += 100) {
        const ids: string[] = [];
        await database.db.transaction(async (tx) => {
          for (let j = i; j < Math.min(EVENTS, i + 100); j++) ids.push(await emitEvent(tx, orgId, 'quote.sent', { id: `bench-${j}`, number: `Q-BENCH-${j}` }));
        });
        const at = performance.now();
        for (const id of ids) committed.set(`evt_${id.replace(/-/g, '')}`, at);
      }
      emitting = false;
      await Promise.all(loops);
      const seconds = (performance.now() - started) / 1000;
      const lags = [...committed].flatMap(([id, at]) => (received.get(id) ?? []).map((r) => r - at));
      console.log(`  ${EVENTS} events × ${RECEIVERS} endpoints: ${lags.length} deliveries in ${seconds.toFixed(1)} s = ${(lags.length / seconds).toFixed(0)} deliveries/s`);
      latencyLine('commit → receipt', lags);
    } finally {
      await Promise.all(receivers.map((r) => r.close()));
    }
  } finally {
    await close();
  }
}

export async function developersBench() {
  if (DATABASES.has('pglite')) {
    const dir = tempDir('fyn-bench-dev-');
    const pglite = await openDatabase({ dataDir: join(dir, 'db') });
    try {
      await one('PGlite', pglite, dir);
    } finally {
      await pglite.close();
    }
  }
  if (!DATABASES.has('postgres')) return;
  if (!(await postgresAvailable())) {
    console.log('\nDeveloper platform on PostgreSQL: skipped (no PostgreSQL at BENCH_PG_URL)');
    return;
  }
  const { url } = await createBenchDatabase();
  const pgDatabase = await openDatabase({ url, listenUrl: url });
  try {
    await one('PostgreSQL', pgDatabase, tempDir('fyn-bench-dev-pg-'));
  } finally {
    await pgDatabase.close();
  }
}
