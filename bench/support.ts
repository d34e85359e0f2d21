/**
 * What the bench parts share: a throwaway PostgreSQL database, the built server as a child
 * process, logging in through the API, and the clean-up that runs even when a part fails or the
 * run is interrupted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { appRoot } from '../src/server/paths.ts';
import { freePort } from '../scripts/free-port.ts';
import type { AppContext } from '../src/server/context.ts';
import { createOrganisation } from '../src/server/modules/organisations/service.ts';

/** The PostgreSQL server (no database in the path): the bench creates and drops its own databases. */
export const PG_SERVER = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');

const cleanups = new Set<() => Promise<void> | void>();
/** Registers a clean-up; call the returned function to run it now (once). */
export function onCleanup(fn: () => Promise<void> | void): () => Promise<void> {
  let done = false;
  const once = async () => {
    if (done) return;
    done = true;
    cleanups.delete(once);
    await fn();
  };
  cleanups.add(once);
  return once;
}
export async function cleanupAll() {
  for (const fn of [...cleanups].reverse()) await Promise.resolve(fn()).catch(() => {});
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the bench's servers and dropping its databases …`);
    void cleanupAll().finally(() => process.exit(130));
  });
}

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Whether PostgreSQL answers at PG_SERVER. */
export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: `${PG_SERVER}/postgres`, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Creates fyn_bench_<random> (never touches any other database) and drops it at clean-up. */
export async function createBenchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `fyn_bench_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const drop = onCleanup(() => admin(`drop database if exists ${name} with (force)`));
  return { url: `${PG_SERVER}/${name}`, drop };
}

export type ServerProcess = { base: string; port: number; child: ChildProcess; logFile: string; stop: () => Promise<void> };


/**
 * Spawns `node dist/server/main.js` with `env` on top of ours (DATABASE_URL cleared unless given)
 * and resolves once GET /api/health answers 200, with the milliseconds that took.
 */
export async function startServer(env: Record<string, string>, opts: { timeoutMs?: number; /** Only `env` on top of ours: the product's defaults, not the bench's quieter ones. */ plain?: boolean } = {}): Promise<ServerProcess & { startMs: number }> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const logDir = tempDir('fyn-bench-log-');
  const logFile = join(logDir, `server-${port}.log`);
  const log = createWriteStream(logFile);
  const t0 = performance.now();
  const child = spawn(process.execPath, [join(appRoot, 'dist/server/main.js')], {
    env: { ...process.env, DATABASE_URL: '', ...(opts.plain ? {} : { LOG_LEVEL: 'warn', WEATHER_URL: 'none' }), ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = onCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    log.end();
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = t0 + (opts.timeoutMs ?? 180_000);
  for (;;) {
    try {
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      if (res.ok) return { base, port, child, logFile, stop, startMs: performance.now() - t0 };
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null || performance.now() > deadline) {
      await stop();
      const tail = readFileSync(logFile, 'utf8').trim().split('\n').slice(-5).join('\n    ');
      throw new Error(`server on port ${port} ${child.exitCode !== null ? `exited (${child.exitCode})` : 'did not answer in time'}:\n    ${tail}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Error lines (pino level ≥ 50) a server wrote to its log, with how often each message came. */
export function serverErrors(logFile: string): Map<string, number> {
  const out = new Map<string, number>();
  let text = '';
  try {
    text = readFileSync(logFile, 'utf8');
  } catch {
    return out;
  }
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string }; method?: string; url?: string; status?: number };
      if ((entry.level ?? 0) < 50) continue;
      const key = [entry.method, entry.url?.split('?')[0], entry.status, entry.err?.message ?? entry.msg].filter(Boolean).join(' ');
      out.set(key, (out.get(key) ?? 0) + 1);
    } catch {
      // Not the server's log: Node's own warnings (deprecations) are not errors.
      if (/^\(node:\d+\)|^\(Use `node/.test(line)) continue;
      out.set(line.slice(0, 200), (out.get(line.slice(0, 200)) ?? 0) + 1);
    }
  }
  return out;
}

/** Logs in through the API as the browser does (CSRF cookie, then the form); returns the Cookie header. */
export async function loginCookie(base: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${base}/api/csrf-cookie`);
  const token = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')![1];
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token },
    body: JSON.stringify({ email, password, remember: true }),
  });
  if (login.status !== 200) throw new Error(`login of ${email} failed: ${login.status} ${await login.text()}`);
  return [`XSRF-TOKEN=${token}`, ...login.headers.getSetCookie().map((c) => c.split(';')[0])].join('; ');
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); null elsewhere. */
export function cpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** A figure beside its target: "met" or "NOT MET". */
export const mark = (ok: boolean) => (ok ? 'met' : 'NOT MET');

/** The p-th percentile of the measurements (nearest rank). */
export const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

/** One measured line: p50 and p99 in ms, and against the target when there is one. */
export const latencyLine = (label: string, xs: number[], target?: number, width = 44) =>
  console.log(`  ${label.padEnd(width)} p50 ${pct(xs, 50).toFixed(1).padStart(8)} ms   p99 ${pct(xs, 99).toFixed(1).padStart(8)} ms${target ? `   target p99 ≤ ${target} ms: ${mark(pct(xs, 99) <= target)}` : ''}`);

/** An organisation in Hull owned by `userId`, for figures at size. */
export const benchOrganisation = (ctx: AppContext, userId: string, name: string) =>
  createOrganisation(ctx, userId, { name, types: ['forwarder'], country: 'GB', address_line1: '1 Dock', address_line2: null, city: 'Hull', postcode: null, location_code: null, registration_number: null, vat_number: null, website: null });

/**
 * A part on PostgreSQL: its own database, the built server on it with the demo seeded (one node, no jobs),
 * a client to fill it, and the demo owner and organisation; stops and disconnects afterwards. Says the part
 * is skipped when there is no PostgreSQL at BENCH_PG_URL.
 */
export async function withDemoOnPostgres(
  title: string,
  run: (bench: { server: ServerProcess; db: pg.Client; ownerId: string; orgId: string }) => Promise<void>,
): Promise<void> {
  if (!(await postgresAvailable())) {
    console.log(`\n${title}: skipped (no PostgreSQL at BENCH_PG_URL)`);
    return;
  }
  const { url } = await createBenchDatabase();
  const server = await startServer({ DATABASE_URL: url, DEV_MODE: 'true', DEMO_SEED: 'true', NODE_ENV: 'development', RATE_LIMIT_PER_MINUTE: '0', JOBS: 'false' });
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const [{ id: ownerId, organisation_id: orgId }] = (await db.query<{ id: string; organisation_id: string }>(`select id, organisation_id from users where email = 'owner@demo.fyn.local'`)).rows;
    await run({ server, db, ownerId, orgId });
  } finally {
    await db.end();
    await server.stop();
  }
}
