/**
 * npm run bench — prints figures, asserts nothing (DESIGN.md §6).
 * 1. Throughput and p99 latency of API routes beside a bare hello route of the same process.
 * 2. Cold start of the built server on an empty DATA_DIR (migrations + UN/LOCODE import + demo).
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { importReferenceData } from '../src/server/modules/reference-data.ts';
import { seedDemo, DEMO_PASSWORD, DEMO_USERS } from '../src/server/modules/demo/seed.ts';
import { appRoot } from '../src/server/paths.ts';
import { measureBundles } from './bundle-size.ts';
import { resourceBench } from './resources.ts';

const run = promisify(execFile);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

type Result = { rps: number; p50: number; p99: number; non2xx: number };

/** autocannon in its own process, so that the load generator does not share our event loop. */
async function load(url: string, headers: Record<string, string> = {}): Promise<Result> {
  const args = [join(appRoot, 'node_modules/autocannon/autocannon.js'), '-j', '-c', String(CONNECTIONS), '-d', String(DURATION)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  const { stdout } = await run(process.execPath, [...args, url], { maxBuffer: 1 << 24 });
  const r = JSON.parse(stdout);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx + r.errors };
}

async function apiBench() {
  const dataDir = mkdtempSync(join(tmpdir(), 'fyn-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0', NODE_ENV: 'development' }, null);
  const database = await openDatabase({ dataDir: join(dataDir, 'db') });
  await database.migrate();
  await importReferenceData(database);
  const app = await buildApp(config, { database });
  app.get('/bench/hello', async () => ({ data: 'hello' }));
  await seedDemo(app.ctx);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  // Log in once through the API, as the browser does.
  const csrf = await fetch(`${address}/api/csrf-cookie`);
  const token = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')![1];
  const login = await fetch(`${address}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token },
    body: JSON.stringify({ email: DEMO_USERS[0].email, password: DEMO_PASSWORD, remember: true }),
  });
  const session = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

  const cases: [string, string, Record<string, string>][] = [
    ['GET /api/health', '/api/health', {}],
    ['GET /api/user (authenticated)', '/api/user', { cookie: session }],
    ['GET /api/locations/search?q=rotterdam', '/api/locations/search?q=rotterdam&limit=10', { cookie: session }],
    ['GET /api/locations/search?q=san&function=port', '/api/locations/search?q=san&function=port&limit=10', { cookie: session }],
  ];
  console.log(`\nAPI throughput (${CONNECTIONS} connections, ${DURATION} s each, embedded PGlite, one process)`);
  console.log('route'.padEnd(48), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), ' vs hello (req/s, p99)');
  for (const [name, path, headers] of cases) {
    const hello = await load(`${address}/bench/hello`);
    const r = await load(`${address}${path}`, headers);
    if (r.non2xx > 0) console.log(`  (${r.non2xx} non-2xx answers for ${name})`);
    console.log(
      name.padEnd(48), r.rps.toFixed(0).padStart(9), String(r.p50).padStart(8), String(r.p99).padStart(8),
      `  ${(r.rps / hello.rps).toFixed(2)}× of ${hello.rps.toFixed(0)} req/s, p99 ${(r.p99 / Math.max(hello.p99, 1)).toFixed(1)}× of ${hello.p99 < 1 ? '<1' : hello.p99} ms`,
    );
  }
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

/** Time from spawning `node dist/server/main.js` to a healthy answer. */
async function startTime(dataDir: string): Promise<number> {
  const port = 3900 + Math.floor(Math.random() * 90);
  const t0 = performance.now();
  const child = spawn(process.execPath, [join(appRoot, 'dist/server/main.js')], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return performance.now() - t0;
      } catch {
        /* not listening yet */
      }
      if (child.exitCode !== null) throw new Error('server exited during start');
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

async function startBench() {
  const dataDir = mkdtempSync(join(tmpdir(), 'fyn-cold-'));
  const cold = await startTime(dataDir);
  const warm = await startTime(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
  console.log('\nStart of `node dist/server/main.js` until /api/health answers');
  console.log(`  cold, empty DATA_DIR (migrations, UN/LOCODE and ECB imports, demo data): ${(cold / 1000).toFixed(2)} s`);
  console.log(`  warm, same DATA_DIR again:                                           ${(warm / 1000).toFixed(2)} s`);
}

const only = process.env.BENCH_ONLY?.split(',');
const wanted = (name: string) => !only || only.includes(name);
if (wanted('api')) await apiBench();
if (wanted('start')) await startBench();
if (wanted('bundles')) await bundleBench();
if (wanted('resources')) {
  const dir = mkdtempSync(join(tmpdir(), 'fyn-bench-res-'));
  await resourceBench(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0', NODE_ENV: 'development' }, null), join(dir, 'db'));
  rmSync(dir, { recursive: true, force: true });
}

/** Serves the built SPA from a fresh data directory and measures what its first pages load. */
async function bundleBench() {
  const dataDir = mkdtempSync(join(tmpdir(), 'fyn-bundle-'));
  const port = 3800 + Math.floor(Math.random() * 90);
  const child = spawn(process.execPath, [join(appRoot, 'dist/server/main.js')], { env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', DATABASE_URL: '' }, stdio: 'ignore' });
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
      } catch {
        /* starting */
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    await measureBundles(`http://127.0.0.1:${port}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
