/**
 * The load run: simulated users (bench/load-users.ts, its own process) against two app nodes on
 * one PostgreSQL database behind a round-robin proxy (bench/proxy.ts, its own process), then
 * against the embedded default (one node on PGlite, no proxy). Every server is the built
 * `node dist/server/main.js`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/server/modules/demo/seed.ts';
import { appRoot } from '../src/server/paths.ts';
import { startS3Server } from '../src/server/test/s3-server.ts';
import type { LoadConfig } from './load-users.ts';
import { createBenchDatabase, onCleanup, postgresAvailable, serverErrors, startServer, tempDir, type ServerProcess } from './support.ts';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const USERS = Number(process.env.BENCH_LOAD_USERS ?? 200);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 0);
/** Users with a live-event stream open (their chat partners send them messages). */
const LISTENERS = Number(process.env.BENCH_LOAD_LISTENERS ?? 20);
/** A node's drain after SIGTERM in the run: the proxy checks readiness every 250 ms, so a few seconds are plenty. */
const DRAIN_S = Number(process.env.BENCH_DRAIN_S ?? 3);
/** How long the run waits, after the load, for the killed node's jobs to be run by the other (default: their expiry and a supervision pass). */
const JOBS_WAIT_S = process.env.BENCH_JOBS_WAIT_S === undefined ? null : Number(process.env.BENCH_JOBS_WAIT_S);
/** Whether the run on one embedded node follows (BENCH_LOAD_EMBEDDED=false skips it). */
const EMBEDDED = process.env.BENCH_LOAD_EMBEDDED !== 'false';

const NODE_ENV = { NODE_ENV: 'development', RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn', HOST: '127.0.0.1' };

type Summary = { requests: number; elapsed: number; errors: number; p50: number; p95: number; p99: number; loginSeconds: number; loginP99: number };
/** What the load generator hands back beside the figures: every request, every acknowledged write, every message to a live stream. */
type Record_ = Summary & {
  timeline: [number, number, number][];
  writes: { at: number; resource: 'tasks' | 'partners' | 'chat_messages'; id: string }[];
  updates: { at: number; resource: 'tasks' | 'partners'; id: string; body: Record<string, string>; acked: boolean }[];
  events: [number, number][];
  files: number;
  filesBad: number;
};

/**
 * Runs the load generator against `target`; its report goes straight to our stdout. With `scenario`,
 * the generator works until told to stop: `scenario` runs once it is at work (and may ask it to
 * queue report jobs), and the generator stops when `scenario` resolves.
 */
async function generate(target: string, mailBase: string, scenario?: (jobs: (count: number) => Promise<number>) => Promise<void>): Promise<Record_> {
  const summaryFile = join(tempDir('fyn-bench-load-'), 'summary.json');
  const config: LoadConfig = { target, mailBase, users: USERS, seconds: SECONDS, thinkMs: THINK_MS, ownerEmail: DEMO_USERS[0].email, ownerPassword: DEMO_PASSWORD, summaryFile, controlled: Boolean(scenario), listeners: LISTENERS };
  const child = spawn(process.execPath, ['--import', 'tsx', join(appRoot, 'bench/load-users.ts')], {
    cwd: appRoot,
    env: { ...process.env, BENCH_LOAD_CONFIG: JSON.stringify(config) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const kill = onCleanup(() => void child.kill('SIGTERM'));
  const exited = new Promise<number | null>((r) => child.once('exit', r));
  if (scenario) {
    const working = new Promise<void>((resolve, reject) => {
      child.on('message', (m: { type: string }) => m.type === 'working' && resolve());
      void exited.then((c) => reject(new Error(`load generator exited with ${c} before its timed phase`)));
    });
    await working;
    const jobs = (count: number) => new Promise<number>((resolve) => {
      const on = (m: { type: string; queued?: number; error?: string }) => {
        if (m.type !== 'jobs-sent') return;
        child.off('message', on);
        if (m.error) console.log(`  report jobs: ${m.error}`);
        resolve(m.queued ?? 0);
      };
      child.on('message', on);
      child.send({ type: 'jobs', count });
    });
    try {
      await scenario(jobs);
    } finally {
      if (child.connected) child.send({ type: 'stop' });
    }
  }
  const code = await exited;
  await kill();
  if (code !== 0) throw new Error(`load generator exited with ${code}`);
  return JSON.parse(readFileSync(summaryFile, 'utf8')) as Record_;
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
  console.log('   (POST /api/tasks, /api/partners), 13% PATCH of an own record, 4% chat messages to the user\'s partner, 1% a chat file');
  console.log('   up and down again. Load generator, proxy and nodes are separate processes.');
  let pgSummary: Summary | null = null;
  if (await postgresAvailable()) {
    pgSummary = await scaleOutRun();
  } else {
    console.log('\nPostgreSQL not reachable (BENCH_PG_URL): the two-node run is skipped');
  }

  if (!EMBEDDED) return;
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** PgBouncer in transaction mode in front of the local PostgreSQL (.ci/pgbouncer.sh), stopped at clean-up. */
function startPgBouncer(): { port: number } {
  const out = spawnSync('bash', [join(appRoot, '.ci/pgbouncer.sh')], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`PgBouncer did not start: ${out.stderr.trim()}`);
  const [port, dir] = out.stdout.trim().split(' ');
  onCleanup(() => {
    try {
      process.kill(Number(readFileSync(join(dir, 'pgbouncer.pid'), 'utf8').trim()), 'SIGTERM');
    } catch {
      /* gone already */
    }
  });
  return { port: Number(port) };
}

/** Until GET /api/ready answers 200 (migrations done, database reachable). */
async function ready(base: string) {
  for (let i = 0; i < 1200; i++) {
    const ok = await fetch(`${base}/api/ready`).then((r) => (void r.arrayBuffer(), r.ok), () => false);
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`${base} never became ready`);
}

type Phase = { name: string; from: number; to: number; jobs?: string; note?: string };

/**
 * Two nodes behind the readiness-checking proxy, through PgBouncer, files in an S3 bucket (s3rver
 * on 127.0.0.1), under the load; in the middle a rolling restart of each node in turn, then a
 * `kill -9` of one. Afterwards every acknowledged write is looked up in the database, the jobs the
 * killed node held are followed until the other node has run them, and the figures are printed per phase.
 */
async function scaleOutRun(): Promise<Summary> {
  console.log('\nTwo app nodes behind a proxy that checks GET /api/ready every 250 ms, PostgreSQL through PgBouncer (transaction mode),');
  console.log(`files in an S3 bucket (s3rver on 127.0.0.1); a rolling restart (SIGTERM, SHUTDOWN_DRAIN_S=${DRAIN_S}) of each node, then kill -9 of node B:`);
  const db = await createBenchDatabase();
  const bouncer = startPgBouncer();
  const pooled = db.url.replace(/:\d+\//, `:${bouncer.port}/`);
  const s3 = await startS3Server('fyn-bench');
  onCleanup(() => s3.close());
  const secret = randomBytes(36).toString('base64url');
  const shared = { ...NODE_ENV, DATABASE_URL: pooled, DATABASE_LISTEN_URL: db.url, SESSION_SECRET: secret, ...s3.env, SHUTDOWN_DRAIN_S: String(DRAIN_S), SHUTDOWN_TIMEOUT_S: '10' };
  const envA = { ...shared, DATA_DIR: tempDir('fyn-bench-node-a-'), DEV_MODE: 'true', DEMO_SEED: 'true' };
  const envB = { ...shared, DATA_DIR: tempDir('fyn-bench-node-b-'), DEV_MODE: 'false', DEMO_SEED: 'false' };
  // A first start migrates, imports the reference data and seeds the demo: minutes on a busy machine.
  const nodes = { a: await startServer(envA, { timeoutMs: 900_000 }), b: await startServer(envB, { timeoutMs: 900_000 }) } as Record<'a' | 'b', ServerProcess>;
  const envs = { a: { ...envA, PORT: String(nodes.a.port) }, b: { ...envB, PORT: String(nodes.b.port) } };
  const logs: ServerProcess[] = [nodes.a, nodes.b];
  const proxy = await startProxy([nodes.a.base, nodes.b.base]);
  const direct = new pg.Client({ connectionString: db.url });
  await direct.connect();
  onCleanup(() => direct.end());
  const phases: Phase[] = [];
  const mark = (name: string) => {
    const now = Date.now();
    if (phases.length) phases.at(-1)!.to = now;
    phases.push({ name, from: now, to: Infinity });
    return phases.at(-1)!;
  };
  let held: { id: string; name: string }[] = [];
  let killedAt = 0;

  const scenario = async (queueJobs: (count: number) => Promise<number>) => {
    const start = Date.now();
    mark('steady load');
    await sleep(Math.max(5, SECONDS * 0.2) * 1000);
    const rolling = mark('rolling restart');
    const exits: string[] = [];
    for (const name of ['a', 'b'] as const) {
      const node = nodes[name];
      const t0 = Date.now();
      const code = new Promise<number | null>((r) => node.child.once('exit', (c) => r(c)));
      node.child.kill('SIGTERM');
      const exit = await code;
      await node.stop();
      const stopped = Date.now();
      nodes[name] = await startServer(envs[name], { timeoutMs: 300_000 });
      logs.push(nodes[name]);
      await ready(nodes[name].base);
      // The proxy's next check puts it back in rotation.
      await sleep(600);
      exits.push(`node ${name.toUpperCase()} exit ${exit} after ${((stopped - t0) / 1000).toFixed(1)} s, ready again ${((Date.now() - stopped) / 1000).toFixed(1)} s later`);
    }
    rolling.note = exits.join('; ');
    mark('both nodes back');
    await sleep(3000);
    const kill = mark('kill -9 of node B, and after');
    // Report jobs queued just before: some are being run by node B when it dies.
    const queued = await queueJobs(Math.min(40, USERS));
    await sleep(300);
    const active = await direct.query<{ id: string; name: string }>(`select id, name from pgboss.job where state = 'active'`);
    killedAt = Date.now();
    nodes.b.child.kill('SIGKILL');
    await new Promise<void>((r) => (nodes.b.child.exitCode !== null || nodes.b.child.signalCode !== null ? r() : nodes.b.child.once('exit', () => r())));
    await nodes.b.stop();
    kill.note = `${queued} report jobs queued just before; ${active.rows.length} jobs running at the kill`;
    await sleep(Math.max(10_000, start + SECONDS * 1000 - Date.now()));
    // Those of them node A was running are done by now; what is still active was node B's.
    const still = active.rows.length ? await direct.query<{ id: string; name: string }>(`select id, name from pgboss.job where id = any($1::uuid[]) and state = 'active'`, [active.rows.map((r) => r.id)]) : { rows: [] };
    held = still.rows;
  };

  try {
    const run = await generate(proxy.base, nodes.a.base, scenario);
    if (phases.length) phases.at(-1)!.to = Infinity;
    const stats = JSON.parse((await proxy.stop()) || '{}') as { requests?: number; upstreamErrors?: number; retried?: number; perUpstream?: number[]; errors?: Record<string, number>; retriedWhy?: Record<string, number>; failures?: string[] };
    console.log(`  proxy: ${stats.requests ?? '?'} requests (${(stats.perUpstream ?? []).join(' / ')} per node), ${stats.retried ?? 0} sent again after a refused connection, ${stats.upstreamErrors ?? '?'} upstream errors ${JSON.stringify(stats.errors ?? {})}`);
    if (stats.retriedWhy && Object.keys(stats.retriedWhy).length) console.log(`  sent again, by cause: ${JSON.stringify(stats.retriedWhy)}`);
    for (const f of stats.failures ?? []) console.log(`    ${f}`);

    // Every acknowledged write, looked up in the database (directly, not through PgBouncer).
    const missing = new Set<string>();
    for (const resource of ['tasks', 'partners', 'chat_messages'] as const) {
      const ids = run.writes.filter((w) => w.resource === resource).map((w) => w.id);
      const found = ids.length ? await direct.query<{ id: string }>(`select id from ${resource} where id = any($1::uuid[])`, [ids]) : { rows: [] };
      const there = new Set(found.rows.map((r) => r.id));
      for (const id of ids) if (!there.has(id)) missing.add(id);
    }
    // An update's record holds the last acknowledged change, or one tried after it whose answer was lost.
    const byRecord = new Map<string, typeof run.updates>();
    for (const u of run.updates) byRecord.set(`${u.resource}:${u.id}`, [...(byRecord.get(`${u.resource}:${u.id}`) ?? []), u]);
    const wrongUpdates = new Set<string>();
    for (const [key, list] of byRecord) {
      const lastAcked = list.map((u) => u.acked).lastIndexOf(true);
      if (lastAcked < 0) continue;
      const [resource, id] = key.split(':');
      const fields = Object.keys(list[lastAcked].body);
      const { rows } = await direct.query<Record<string, string>>(`select ${fields.join(', ')} from ${resource} where id = $1`, [id]);
      const matches = (u: (typeof list)[number]) => rows[0] && fields.every((f) => String(rows[0][f]) === u.body[f]);
      if (!list.slice(lastAcked).some(matches)) wrongUpdates.add(key);
    }

    // The killed node's jobs: followed until the other node has run them (their expiry, a supervision pass, the retry's wait).
    let jobs = 'none running on node B at the kill';
    if (held.length) {
      const expiry = (await direct.query<{ s: number }>(`select max(expire_seconds) as s from pgboss.job where id = any($1::uuid[])`, [held.map((h) => h.id)])).rows[0].s;
      const deadline = killedAt + (JOBS_WAIT_S ?? expiry + 60 + 120) * 1000;
      console.log(`  waiting for the ${held.length} job(s) node B held (${held.map((h) => h.name).join(', ')}; expiry ${expiry} s) to be run by node A …`);
      let done: { id: string; completed_on: Date; retry_count: number }[] = [];
      while (Date.now() < deadline) {
        done = (await direct.query<{ id: string; completed_on: Date; retry_count: number }>(`select id, completed_on, retry_count from pgboss.job where id = any($1::uuid[]) and state = 'completed'`, [held.map((h) => h.id)])).rows;
        if (done.length === held.length) break;
        await sleep(2000);
      }
      const after = done.map((d) => (d.completed_on.getTime() - killedAt) / 1000);
      jobs = `${done.length} of ${held.length} run by node A${after.length ? `, ${Math.min(...after).toFixed(0)}–${Math.max(...after).toFixed(0)} s after the kill (expiry ${expiry} s)` : ` within ${((deadline - killedAt) / 1000).toFixed(0)} s`}`;
    }

    // Per phase: by when each request started.
    const phaseOf = (at: number) => phases.findIndex((p) => at >= p.from && at < p.to);
    console.log(`\n  Per phase (${USERS} users; a request counts in the phase it started in):`);
    console.log(`  ${'phase'.padEnd(30)} ${'requests'.padStart(9)} ${'failures'.padStart(9)} ${'p99 ms'.padStart(7)} ${'writes checked'.padStart(15)} ${'missing'.padStart(8)} ${'events'.padStart(7)} ${'missed'.padStart(7)}`);
    phases.forEach((p, i) => {
      const reqs = run.timeline.filter(([at]) => phaseOf(at) === i);
      const lat = reqs.map(([, took]) => took).sort((x, y) => x - y);
      const w = [...run.writes.filter((x) => phaseOf(x.at) === i).map((x) => x.id), ...run.updates.filter((u) => u.acked && phaseOf(u.at) === i).map((u) => `${u.resource}:${u.id}`)];
      const lost = w.filter((k) => missing.has(k) || wrongUpdates.has(k)).length;
      const ev = run.events.filter(([at]) => phaseOf(at) === i);
      console.log(`  ${p.name.padEnd(30)} ${String(reqs.length).padStart(9)} ${String(reqs.filter(([, , ok]) => !ok).length).padStart(9)} ${(lat.length ? lat[Math.min(lat.length - 1, Math.floor(0.99 * lat.length))].toFixed(0) : '-').padStart(7)} ${String(w.length).padStart(15)} ${String(lost).padStart(8)} ${String(ev.length).padStart(7)} ${String(ev.filter(([, m]) => m).length).padStart(7)}`);
      if (p.note) console.log(`      ${p.note}`);
    });
    console.log(`  jobs node B held at the kill: ${jobs}`);
    console.log(`  chat files read back through the proxy after the run: ${run.files}, wrong or missing ${run.filesBad}`);
    console.log(`  acknowledged writes missing afterwards: ${missing.size + wrongUpdates.size} of ${run.writes.length + run.updates.filter((u) => u.acked).length} (target 0: ${missing.size + wrongUpdates.size === 0 ? 'met' : 'NOT MET'})`);
    const rollingFailures = run.timeline.filter(([at, , ok]) => !ok && phases.findIndex((p) => p.name === 'rolling restart') === phaseOf(at)).length;
    console.log(`  failed requests during the rolling restart: ${rollingFailures} (target 0: ${rollingFailures === 0 ? 'met' : 'NOT MET'})`);
    reportServerErrors(logs);
    return run;
  } finally {
    await proxy.stop();
    for (const node of Object.values(nodes)) await node.stop();
    await direct.end().catch(() => undefined);
    await s3.close().catch(() => undefined);
    await db.drop();
  }
}
