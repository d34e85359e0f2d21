/**
 * npm run bench — prints figures beside their targets, asserts nothing (docs/architecture.md#benchmarks).
 *   api        req/s and latency of API routes beside a bare hello route, PGlite and PostgreSQL, 10 and 50 connections
 *   shipped    the product as `npm start` runs it (default settings, jobs on, demo data) beside a bare Fastify hello process
 *   start      start time of the built server, cold and warm
 *   bundles    first-load JS + CSS of the login, dashboard and a control-centre list page; the dashboard's requests
 *   load       simulated users on two nodes over PostgreSQL behind a proxy, then on one node over PGlite
 *   resources  the resource layer at size: lists of 100 000 of 1 000 000 rows, CSV export of 1 000 000 rows
 *   network    feed pages among 1 000 000 posts, search over 100 000 people and 50 000 organisations, 1 000 event streams
 *   crm        rate search among 1 000 000 buy rates, the quote list with 100 000 quotes, a pipeline board of 5 000 deals
 *   operations shipment lists among 1 000 000 shipments with 10 000 000 events, the exception scan over 100 000 under way
 *   developers an API key's request cost (time and database statements) beside a session's on a list; 10 000 events fanned out to 5 loopback receivers (deliveries/s, p99 commit → receipt), PGlite and PostgreSQL (BENCH_WEBHOOK_EVENTS, BENCH_KEY_REQUESTS, BENCH_DEV_DATABASES=postgres for one database)
 *   analytics  summary and drill-down (keyset pages) over 50 000 shipments on PostgreSQL and 10 000 on PGlite; BENCH_ANALYTICS_AT_SIZE=1 for the targets' 1 000 000 and 100 000 (BENCH_ANALYTICS_SHIPMENTS, BENCH_ANALYTICS_EMBEDDED)
 *   ai         the AI's built-in engine on the test enquiries: field precision and recall, time an e-mail
 *   hr         payroll run of 2 000 employees (GB, NL, CN) and its recalculation, payslips, bank file, HR summary, leave calendar and balances
 * BENCH_ONLY=api,load … runs some parts; BENCH_SECONDS (per measurement, default 5), BENCH_CONNECTIONS (default
 * 10,50), BENCH_LOAD_SECONDS (default 60), BENCH_LOAD_USERS (default 200), BENCH_THINK_MS (pause between a load
 * user's requests, default 0), BENCH_HR_EMPLOYEES (employees of the hr part, default 2000), BENCH_PG_URL (PostgreSQL
 * server, default postgres://postgres@127.0.0.1:5432; the bench creates and drops its own fyn_bench_<random> databases there).
 */
import { cpus } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { appRoot } from '../src/server/paths.ts';
import { apiBench } from './api.ts';
import { shippedBench } from './shipped.ts';
import { measureBundles } from './bundle-size.ts';
import { loadBench } from './load.ts';
import { resourceBench } from './resources.ts';
import { networkBench } from './network.ts';
import { crmBench } from './crm.ts';
import { operationsBench } from './operations.ts';
import { hrBench } from './hr.ts';
import { developersBench } from './developers.ts';
import { analyticsBenchEmbedded, analyticsBenchPostgres } from './analytics.ts';
import { aiBench } from './ai.ts';
import { startBench } from './start.ts';
import { cleanupAll, startServer, tempDir } from './support.ts';

const PARTS = ['api', 'shipped', 'start', 'bundles', 'load', 'resources', 'network', 'crm', 'operations', 'hr', 'developers', 'analytics', 'ai'] as const;
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim()).filter(Boolean);
const unknown = only?.filter((p) => !(PARTS as readonly string[]).includes(p)) ?? [];
if (unknown.length) {
  console.error(`BENCH_ONLY: unknown part ${unknown.join(', ')} (parts: ${PARTS.join(', ')})`);
  process.exit(2);
}
const wanted = (name: (typeof PARTS)[number]) => !only || only.includes(name);

async function bundleBench() {
  console.log('\n== Bundle sizes: what the browser downloads for the first pages (built SPA, fresh data directory) ==');
  const server = await startServer({ DATA_DIR: tempDir('fyn-bench-bundle-') });
  try {
    await measureBundles(server.base);
  } finally {
    await server.stop();
  }
}

async function analytics() {
  console.log('\n== Analytics at size: the summary of a year and a drill-down page, PostgreSQL and PGlite ==');
  await analyticsBenchPostgres();
  const dir = tempDir('fyn-bench-analytics-');
  await analyticsBenchEmbedded(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0', NODE_ENV: 'development', WEATHER_URL: 'none' }, null), dir);
}

async function resources() {
  console.log('\n== Resource layer at size: list queries on one organisation of many, and a streamed CSV export ==');
  const dir = tempDir('fyn-bench-res-');
  await resourceBench(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0', NODE_ENV: 'development', WEATHER_URL: 'none' }, null), join(dir, 'db'));
}

const cpu = cpus();
console.log(
  `FYN bench — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}. ` +
    'Absolute figures are noisy (the cores are shared with other test runs): read each route against the hello route measured beside it.',
);
console.log(`Parts: ${PARTS.filter(wanted).join(', ')} (BENCH_ONLY to choose). Server bundle: ${join(appRoot, 'dist/server/main.js')}`);
// A part that fails says why and the others still run; the exit code tells that one failed.
const failed: string[] = [];
const shipped = async () => void (await shippedBench((process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number), Number(process.env.BENCH_SECONDS ?? 5)));
const steps: [(typeof PARTS)[number], () => Promise<void>][] = [['api', apiBench], ['shipped', shipped], ['start', startBench], ['bundles', bundleBench], ['load', loadBench], ['resources', resources], ['network', networkBench], ['crm', crmBench], ['operations', operationsBench], ['hr', hrBench], ['developers', developersBench], ['analytics', analytics], ['ai', aiBench]];
try {
  for (const [name, step] of steps) {
    if (!wanted(name)) continue;
    try {
      await step();
    } catch (err) {
      failed.push(name);
      console.log(`\n!! part "${name}" failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    }
  }
} finally {
  await cleanupAll();
}
if (failed.length) {
  console.log(`\nFailed parts: ${failed.join(', ')}`);
  process.exitCode = 1;
}
