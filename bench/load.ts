/**
 * The load run: simulated users (bench/load-users.ts, its own process) against two app nodes on
 * one PostgreSQL database behind a round-robin proxy (bench/proxy.ts, its own process), then
 * against the embedded default (one node on PGlite, no proxy). Every server is the built
 * `node dist/server/main.js`.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/server/modules/demo/seed.ts';
import { appRoot } from '../src/server/paths.ts';
import type { LoadConfig } from './load-users.ts';
import { createBenchDatabase, onCleanup, postgresAvailable, serverErrors, startServer, tempDir, type ServerProcess } from './support.ts';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const USERS = Number(process.env.BENCH_LOAD_USERS ?? 200);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 0);

const NODE_ENV = { NODE_ENV: 'development', RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn', HOST: '127.0.0.1' };

type Summary = { requests: number; elapsed: number; errors: number; p50: number; p95: number; p99: number; loginSeconds: number; loginP99: number };

/** Runs the load generator against `target`; its report goes straight to our stdout. */
async function generate(target: string, mailBase: string): Promise<Summary> {
  const summaryFile = join(tempDir('fyn-bench-load-'), 'summary.json');
  const config: LoadConfig = { target, mailBase, users: USERS, seconds: SECONDS, thinkMs: THINK_MS, ownerEmail: DEMO_USERS[0].email, ownerPassword: DEMO_PASSWORD, summaryFile };
  const child = spawn(process.execPath, ['--import', 'tsx', join(appRoot, 'bench/load-users.ts')], {
    cwd: appRoot,
    env: { ...process.env, BENCH_LOAD_CONFIG: JSON.stringify(config) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const kill = onCleanup(() => void child.kill('SIGTERM'));
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  await kill();
  if (code !== 0) throw new Error(`load generator exited with ${code}`);
  return JSON.parse(readFileSync(summaryFile, 'utf8')) as Summary;
}

async function startProxy(upstreams: string[]): Promise<{ base: string; stop: () => Promise<string> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(appRoot, 'bench/proxy.ts'), ...upstreams], { cwd: appRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  let stats = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (c) => reject(new Error(`proxy exited (${c})`)));
    lines.on('line', (line) => {
      if (line.startsWith('listening ')) resolve(Number(line.split(' ')[1]));
      if (line.startsWith('stats ')) stats = line.slice(6);
    });
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = onCleanup(async () => {
    child.kill('SIGTERM');
    await exited;
  });
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      await stop();
      return stats;
    },
  };
}

function reportServerErrors(nodes: ServerProcess[]) {
  for (const node of nodes) {
    const errors = serverErrors(node.logFile);
    const total = [...errors.values()].reduce((a, b) => a + b, 0);
    console.log(`  node :${node.port} logged ${total} error line${total === 1 ? '' : 's'}${total ? ':' : ''}`);
    for (const [msg, n] of [...errors].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`    ×${n} ${msg.slice(0, 240)}`);
  }
}

export async function loadBench() {
  console.log(`\n== Load run: ${USERS} simulated users at once for ${SECONDS} s (BENCH_LOAD_SECONDS), each logged in as its own staff account ==`);
  console.log('   Phase 1: every user fetches the CSRF cookie, logs in and reads GET /api/user, all at the same moment.');
  console.log(`   Phase 2, timed: each loops (think time ${THINK_MS} ms, BENCH_THINK_MS) over 15% GET /api/user, 24% list pages`);
  console.log('   (charge codes, partners, tasks), 15% the same with q=, 16% location searches, 5% GET of an own record, 12% creates');
  console.log('   (POST /api/tasks, /api/partners), 13% PATCH of an own record. Load generator, proxy and nodes are separate processes.');
  let pgSummary: Summary | null = null;
  if (await postgresAvailable()) {
    console.log('\nTwo app nodes on one PostgreSQL database behind a round-robin proxy:');
    const db = await createBenchDatabase();
    const secret = randomBytes(36).toString('base64url');
    const shared = { ...NODE_ENV, DATABASE_URL: db.url, SESSION_SECRET: secret };
    const a = await startServer({ ...shared, DATA_DIR: tempDir('fyn-bench-node-a-'), DEV_MODE: 'true', DEMO_SEED: 'true' });
    const b = await startServer({ ...shared, DATA_DIR: tempDir('fyn-bench-node-b-'), DEV_MODE: 'false', DEMO_SEED: 'false' });
    const proxy = await startProxy([a.base, b.base]);
    try {
      pgSummary = await generate(proxy.base, a.base);
      const stats = JSON.parse((await proxy.stop()) || '{}') as { requests?: number; upstreamErrors?: number; perUpstream?: number[]; errors?: Record<string, number> };
      console.log(`  proxy: ${stats.requests ?? '?'} requests (${(stats.perUpstream ?? []).join(' / ')} per node), ${stats.upstreamErrors ?? '?'} upstream errors ${JSON.stringify(stats.errors ?? {})}`);
      reportServerErrors([a, b]);
    } finally {
      await proxy.stop();
      await a.stop();
      await b.stop();
      await db.drop();
    }
  } else {
    console.log('\nPostgreSQL not reachable (BENCH_PG_URL): the two-node run is skipped');
  }

  console.log('\nThe embedded default: one node on PGlite, no proxy:');
  const node = await startServer({ ...NODE_ENV, DATA_DIR: tempDir('fyn-bench-node-pglite-') });
  try {
    const pglite = await generate(node.base, node.base);
    reportServerErrors([node]);
    if (pgSummary) {
      const line = (name: string, s: Summary) =>
        `  ${name.padEnd(32)} ${(s.requests / s.elapsed).toFixed(0).padStart(6)} req/s   p50 ${s.p50.toFixed(0)} ms   p95 ${s.p95.toFixed(0)} ms   p99 ${s.p99.toFixed(0)} ms   errors ${s.errors}   (the ${USERS} logins took ${s.loginSeconds.toFixed(1)} s)`;
      console.log(`\nLoad run, ${USERS} users, phase 2:`);
      console.log(line('two nodes over PostgreSQL', pgSummary));
      console.log(line('one node over PGlite (embedded)', pglite));
    }
  } finally {
    await node.stop();
  }
}
