import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { PgBoss } from 'pg-boss';
import { Writable } from 'node:stream';
import type { Database } from '../../db/client.ts';
import { openTestDatabase } from '../../test/harness.ts';
import { createJobs, JOBS_SCHEMA, migrateJobs, type Jobs } from './jobs.ts';

let database: Database;
const lines: { msg: string; job?: string; try?: number }[] = [];
const log = Fastify({ logger: { level: 'info', stream: new Writable({ write(chunk, _e, done) { lines.push(JSON.parse(String(chunk))); done(); } }) } }).log;
const started: Jobs[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const j of started) await j.stop();
  await database.close();
});

const until = async (check: () => Promise<boolean> | boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('background jobs', () => {
  it('retries a failing job with back-off until it succeeds, and logs each try', async () => {
    const jobs = createJobs(database, { work: true, log, pollSeconds: 0.5 });
    started.push(jobs);
    const tries: number[] = [];
    jobs.define<{ n: number }>({
      name: 'test.flaky',
      retryLimit: 3,
      retryDelaySeconds: 1,
      async handler(data, job) {
        tries.push(job.retryCount);
        if (tries.length < 2) throw new Error(`flaky ${data.n}`);
      },
    });
    await jobs.start();
    const id = (await jobs.send('test.flaky', { n: 7 }))!;
    await until(async () => (await jobs.stateOf('test.flaky', id))?.state === 'completed');
    expect(tries).toEqual([0, 1]);
    expect(await jobs.stateOf('test.flaky', id)).toEqual({ state: 'completed', retryCount: 1 });
    const mine = lines.filter((l) => l.job === 'test.flaky').map((l) => [l.msg, l.try ?? null]);
    expect(mine).toEqual([['job started', 1], ['job failed, will retry', 1], ['job started', 2], ['job done', null]]);
  });

  it('runs each job once when two nodes work on the same queue', async () => {
    const seen: number[] = [];
    const nodes = [createJobs(database, { work: true, log, pollSeconds: 0.5 }), createJobs(database, { work: true, log, pollSeconds: 0.5 })];
    for (const [i, node] of nodes.entries()) {
      node.define<{ n: number }>({
        name: 'test.once',
        async handler({ n }) {
          seen.push(n);
          await new Promise((r) => setTimeout(r, 5 + i));
        },
      });
      await node.start();
      started.push(node);
    }
    for (let n = 0; n < 20; n++) await nodes[n % 2].send('test.once', { n });
    await until(() => seen.length >= 20);
    await new Promise((r) => setTimeout(r, 1_000));
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('keeps a queued job through a restart: a node that only queues leaves it for the next worker', async () => {
    const queuer = createJobs(database, { work: false, log });
    queuer.define({ name: 'test.durable', async handler() {} });
    await queuer.start();
    const id = (await queuer.send('test.durable', {}))!;
    await queuer.stop();
    expect((await database.query<{ state: string }>('select state from pgboss.job where id = $1', [id]))[0].state).toBe('created');
    const done: string[] = [];
    const worker = createJobs(database, { work: true, log, pollSeconds: 0.5 });
    worker.define({ name: 'test.durable', async handler(_d, job) { done.push(job.id); } });
    await worker.start();
    started.push(worker);
    await until(() => done.length > 0);
    expect(done).toEqual([id]);
  });
});

// Nodes share a database only on PostgreSQL; the embedded PGlite has one process.
const shared = Boolean(process.env.DATABASE_URL);

describe('looking for a dead node\'s jobs', () => {
  it(shared ? 'brings lost jobs forward every half supervision pass on PostgreSQL' : 'never looks for them on the embedded PGlite, which has no other node', async () => {
    let looks = 0;
    const counted: Database = Object.create(database, {
      query: { value: (text: string, values?: unknown[]) => {
        if (text.includes('job heartbeat timeout')) looks++;
        return database.query(text, values);
      } },
    });
    const jobs = createJobs(counted, { work: true, log, pollSeconds: 0.5, superviseSeconds: 2 });
    jobs.define({ name: 'test.looked', async handler() {} });
    await jobs.start();
    started.push(jobs);
    await new Promise((r) => setTimeout(r, 2_600));
    if (shared) expect(looks).toBeGreaterThanOrEqual(2);
    else expect(looks).toBe(0);
  });
});

describe.runIf(shared)('a node that dies', () => {
  it('has the jobs it held run by another node well within a minute, and a live node’s slow job is not run twice', async () => {
    const runs: string[] = [];
    const define = (jobs: Jobs) => jobs.define<{ n: number }>({
      name: 'test.held',
      retryDelaySeconds: 60, // A handler's failure would wait a minute; a dead node's job does not.
      async handler({ n }, job) {
        runs.push(job.id);
        // The live node's own job runs longer than the heartbeat: its beats keep it its own. (The
        // dead node's job, run again, ends at once: the test waits for nothing more.)
        if (n === 2) await new Promise((r) => setTimeout(r, 14_000));
      },
    });
    const options = { log, pollSeconds: 0.5, heartbeatSeconds: 10, superviseSeconds: 2 };
    // The queue, made with its heartbeat by a node that only queues.
    const queuer = createJobs(database, { ...options, work: false });
    define(queuer);
    await queuer.start();
    started.push(queuer);
    // The dead node: a pg-boss that claimed a job (as a worker does) and never beat for it again,
    // as a node killed with -9 does.
    const dead = new PgBoss({ db: { executeSql: (text, values) => database.executeSql(text, values) }, schema: JOBS_SCHEMA, backend: database.driver === 'pglite' ? 'pglite' : 'postgres', supervise: false, schedule: false, migrate: false });
    dead.on('error', () => {});
    await dead.start();
    const held = (await queuer.send('test.held', { n: 1 }))!;
    const claimed = await dead.fetch('test.held', { batchSize: 1 });
    expect(claimed.map((j) => j.id)).toEqual([held]);
    await dead.stop({ graceful: false, close: false });
    // The node that lives on.
    const node = createJobs(database, { ...options, work: true });
    define(node);
    await node.start();
    started.push(node);
    const at = Date.now();
    // And a job the live node takes itself, running longer than the heartbeat.
    const live = (await node.send('test.held', { n: 2 }))!;
    await until(() => runs.includes(held), 45_000);
    const after = (Date.now() - at) / 1000;
    expect(after).toBeLessThan(30);
    await until(async () => (await node.stateOf('test.held', held))?.state === 'completed', 30_000);
    await until(async () => (await node.stateOf('test.held', live))?.state === 'completed', 30_000);
    expect(runs.filter((id) => id === live)).toHaveLength(1);
    expect(runs.filter((id) => id === held)).toHaveLength(1);
    expect(await node.stateOf('test.held', held)).toEqual({ state: 'completed', retryCount: 1 });
  }, 90_000);
});

describe('maintenance', () => {
  it('completes a pass over a queue with finished jobs (pg-boss finds its batch row among a script\'s answers)', async () => {
    const jobs = createJobs(database, { work: true, log, pollSeconds: 0.5 });
    started.push(jobs);
    jobs.define<{ n: number }>({ name: 'test.maintained', async handler() {} });
    await jobs.start();
    const id = (await jobs.send('test.maintained', { n: 1 }))!;
    await until(async () => (await jobs.stateOf('test.maintained', id))?.state === 'completed');
    // The pass the supervisor runs every few minutes, asked for now: before the adapter handed over
    // every statement's rows, it failed with "maintenance batch returned no result row".
    const boss = new PgBoss({ db: { executeSql: (text, values) => database.executeSql(text, values) }, schema: JOBS_SCHEMA, backend: database.driver === 'pglite' ? 'pglite' : 'postgres', supervise: false, schedule: false });
    const errors: unknown[] = [];
    boss.on('error', (err) => errors.push(err));
    await boss.start();
    try {
      await boss.supervise();
    } finally {
      await boss.stop({ graceful: false, close: false });
    }
    expect(errors).toEqual([]);
  });
});

describe('waking workers', () => {
  it('runs a job queued on another node long before the next poll: queuing notifies the sleeping workers', async () => {
    const done: number[] = [];
    // Polling only every minute: a job done within 15 s was woken by the notice.
    const worker = createJobs(database, { work: true, log, pollSeconds: 60 });
    worker.define<{ n: number }>({ name: 'test.woken', async handler({ n }) { done.push(n); } });
    await worker.start();
    started.push(worker);
    const queuer = createJobs(database, { work: false, log });
    queuer.define({ name: 'test.woken', async handler() {} });
    await queuer.start();
    started.push(queuer);
    // Let the worker's first fetch find nothing, so that it sleeps until its next poll.
    await new Promise((r) => setTimeout(r, 1_500));
    await queuer.send('test.woken', { n: 1 });
    await until(() => done.length > 0, 15_000);
    expect(done).toEqual([1]);
  });
});

describe('upgrading from pg-boss 10', () => {
  it('sets a version-24 schema aside, installs pg-boss 12, and runs the jobs it had queued', async () => {
    const old = await openTestDatabase();
    try {
      await old.executeSql(`drop schema ${JOBS_SCHEMA} cascade`);
      // The release before this one: pg-boss 10.4 over the same adapter, with a job still queued.
      const { default: PgBoss10 } = await import('pg-boss-10');
      const boss10 = new PgBoss10({ db: { executeSql: (text: string, values?: unknown[]) => old.executeSql(text, values) }, schema: JOBS_SCHEMA, supervise: false, schedule: false });
      boss10.on('error', () => {});
      await boss10.start();
      await boss10.createQueue('test.carried');
      const id = await boss10.send('test.carried', { n: 42 });
      await boss10.stop({ graceful: false, wait: true, close: false });
      expect((await old.query<{ version: number }>(`select version from ${JOBS_SCHEMA}.version`))[0].version).toBe(24);

      await migrateJobs(old);
      expect((await old.query<{ version: number }>(`select version from ${JOBS_SCHEMA}.version`))[0].version).toBeGreaterThanOrEqual(25);
      expect(await old.query(`select 1 from information_schema.schemata where schema_name = 'pgboss_v10'`)).toEqual([]);
      // A second start (another node, or a restart) finds nothing more to do.
      await migrateJobs(old);

      const done: { id: string; n: number }[] = [];
      const worker = createJobs(old, { work: true, log, pollSeconds: 0.5 });
      worker.define<{ n: number }>({ name: 'test.carried', async handler({ n }, job) { done.push({ id: job.id, n }); } });
      await worker.start();
      try {
        await until(() => done.length > 0);
      } finally {
        await worker.stop();
      }
      expect(done).toEqual([{ id, n: 42 }]);
    } finally {
      await old.close();
    }
  });
});
