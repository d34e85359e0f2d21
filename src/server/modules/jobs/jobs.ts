import { PgBoss, type Db as PgBossDb } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { pgCode } from '../../lib/sql-text.ts';

/** pg-boss's tables live in their own schema, next to ours (docs/decisions/004-background-jobs.md). */
export const JOBS_SCHEMA = 'pgboss';

export type JobInfo = { id: string; name: string; retryCount: number };

export type JobDefinition<T extends object> = {
  name: string;
  handler: (data: T, job: JobInfo) => Promise<void>;
  /** Tries after the first (default 5), waiting `retryDelaySeconds` doubled each time (back-off). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How long one try may run before it counts as failed (default 5 minutes). */
  expireInSeconds?: number;
  /**
   * How long a running try may go without its node's heartbeat before it counts as lost (at least
   * 10; default `JobsOptions.heartbeatSeconds`): a node killed mid-job stops beating, and its jobs
   * go to another node within this and a supervision pass, not after `expireInSeconds`.
   */
  heartbeatSeconds?: number;
  /** Queued on this cron schedule (UTC) by whichever node's clock comes first, once. */
  cron?: string;
};

export type SendOptions = {
  /**
   * With `slotSeconds`: one job per key in each slot of that many seconds (counted from the epoch,
   * so 86400 is a UTC day); a second send in the same slot queues nothing and answers null.
   */
  singletonKey?: string;
  slotSeconds?: number;
  startAfterSeconds?: number;
};

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/**
 * Durable background jobs, the same on both databases: pg-boss over the app's own connections
 * (the pool on PostgreSQL, the embedded instance on PGlite). Every node may queue; nodes with
 * `JOBS` on work on them, each job by one node at a time (SKIP LOCKED), retried with back-off,
 * each try written to the log.
 */
export type Jobs = {
  /** Declares a job type and its handler; before `start`. */
  define<T extends object>(definition: JobDefinition<T>): void;
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** A job's state, for tests and diagnostics. */
  stateOf(name: string, id: string): Promise<{ state: JobState; retryCount: number } | null>;
  /** Runs a job type's handler now in this process (tests, and operators from a shell). */
  runNow<T extends object>(name: string, data: T): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
};

export type JobsOptions = {
  /** Whether this node works on jobs (config.jobs); otherwise it only queues. */
  work: boolean;
  log: FastifyBaseLogger;
  /** How often an idle worker looks for new jobs (seconds, at least 0.5); by default pg-boss's (2 s, or 30 s while queue notices arrive). */
  pollSeconds?: number;
  /** On stop, how long running jobs get to finish; what is still running then is failed, so another node tries it again (default 10 s). */
  stopTimeoutMs?: number;
  /**
   * A working node beats for each job it runs every `heartbeatSeconds / 4`; a job whose beat is
   * older than this counts as lost (its node died) and runs again on another node (default 20 s:
   * a live node would have to stall 15 s for one of its jobs to be taken from it).
   */
  heartbeatSeconds?: number;
  /** How often working nodes look for lost and expired jobs (seconds; default 10 on PostgreSQL, 60 on the embedded PGlite). */
  superviseSeconds?: number;
};

/** Defaults of JobsOptions: a dead node's jobs run elsewhere within about 20 + 10 + 5 s. */
const HEARTBEAT_SECONDS = 20;
const SUPERVISE_SECONDS = 10;
/**
 * The embedded PGlite has one process and no other node to hand a job to: pg-boss's own pass
 * (every minute) is enough there, so an idle embedded instance is not woken every few seconds.
 * A job of a process that was killed is still found by its stale heartbeat once it starts again.
 */
const EMBEDDED_SUPERVISE_SECONDS = 60;

/**
 * A job failed because its node stopped beating (pg-boss's "job heartbeat timeout") is queued for
 * its next try after the queue's retry back-off, as if its handler had failed. Its node died, not
 * the job: it is due at once, and its queue's workers are woken (pg-boss's notice channel, as
 * pg-boss derives it from the schema's name). Answers how many jobs were brought forward. Run on
 * PostgreSQL only, where nodes share the database. It writes pg-boss's own table and matches its
 * failure text: check it on every pg-boss upgrade (jobs.test.ts "a node that dies" does).
 */
const RESUME_LOST_JOBS = `with resumed as (
    update ${JOBS_SCHEMA}.job set start_after = now()
    where state = 'retry' and start_after > now() and output #>> '{value,message}' = 'job heartbeat timeout'
    returning name
  ), woken as (
    select pg_notify('pgboss_' || left(encode(sha224('${JOBS_SCHEMA}'::bytea), 'hex'), 24), name) from (select distinct name from resumed) q
  )
  select (select count(*) from resumed)::int as resumed, (select count(*) from woken)::int as woken`;

/** Installs or upgrades pg-boss's schema (under its own advisory lock): part of `database.migrate()`. */
export async function migrateJobs(database: Database): Promise<void> {
  const carried = await setAsideVersion10(database);
  const boss = new PgBoss({ db: adapter(database), schema: JOBS_SCHEMA, backend: backendOf(database), supervise: false, schedule: false });
  boss.on('error', () => {});
  await boss.start();
  if (carried) await carryOverVersion10(database, boss);
  await boss.stop({ graceful: false, close: false });
}

/** Where a pg-boss 10 schema waits while pg-boss 12 installs beside it. */
const VERSION_10_SCHEMA = 'pgboss_v10';

/**
 * pg-boss 12 migrates schemas from version 25 (pg-boss 11) on; pg-boss 10 left version 24. Such a
 * schema is renamed aside (once, whichever node gets there first), so that a fresh one installs,
 * and its queued jobs are carried over (carryOverVersion10). Answers whether there is one aside.
 */
async function setAsideVersion10(database: Database): Promise<boolean> {
  await database.executeSql(`do $$ declare v int; begin
    if to_regclass('${JOBS_SCHEMA}.version') is not null and to_regnamespace('${VERSION_10_SCHEMA}') is null then
      execute 'select version from ${JOBS_SCHEMA}.version limit 1' into v;
      if v < 25 then alter schema ${JOBS_SCHEMA} rename to ${VERSION_10_SCHEMA}; end if;
    end if;
  end $$`);
  const rows = await database.query(`select 1 from information_schema.schemata where schema_name = $1`, [VERSION_10_SCHEMA]);
  return rows.length > 0;
}

/**
 * The jobs a pg-boss 10 schema still had to run (queued or waiting for a retry) go into the new
 * one with their ids (so a second try after a crash inserts nothing twice), then the old schema goes.
 * Schedules need no carrying: every working node declares its cron jobs again when it starts.
 */
async function carryOverVersion10(database: Database, boss: PgBoss): Promise<void> {
  type Pending = { id: string; name: string; data: object | null; start_after: Date; singleton_key: string | null };
  const pending = await database.query<Pending>(`select id, name, data, start_after, singleton_key from ${VERSION_10_SCHEMA}.job where state in ('created', 'retry') and name not like '\\_\\_pgboss%'`);
  const byQueue = new Map<string, Pending[]>();
  for (const job of pending) byQueue.set(job.name, [...(byQueue.get(job.name) ?? []), job]);
  for (const [name, jobs] of byQueue) {
    await boss.createQueue(name);
    await boss.insert(name, jobs.map((job) => ({ id: job.id, data: job.data ?? {}, startAfter: job.start_after, singletonKey: job.singleton_key ?? undefined })));
  }
  await database.executeSql(`drop schema ${VERSION_10_SCHEMA} cascade`);
}

const backendOf = (database: Database) => (database.driver === 'pglite' ? 'pglite' : 'postgres');

/**
 * pg-boss over the app's own connections: statements through `executeSql`, and its wake-up notices
 * (a job queued on any node wakes the workers at once instead of at their next poll) through
 * `Database.listen` — PGlite's in-process notices, or the listening connection on PostgreSQL
 * (`DATABASE_LISTEN_URL`, never through a transaction pooler).
 */
const adapter = (database: Database): PgBossDb => ({
  executeSql: (text, values) => database.executeSql(text, values),
  async listen(channel, onNotification, onReconnect) {
    const listener = await database.listen(channel, { notice: onNotification, reset: onReconnect });
    return { close: () => listener.stop() };
  },
});

export function createJobs(database: Database, options: JobsOptions): Jobs {
  const { log, work } = options;
  // Several nodes share a database only on PostgreSQL: there, a dead node's jobs are looked for often.
  const shared = database.driver !== 'pglite';
  const superviseSeconds = options.superviseSeconds ?? (shared ? SUPERVISE_SECONDS : EMBEDDED_SUPERVISE_SECONDS);
  const definitions = new Map<string, JobDefinition<object>>();
  const boss = new PgBoss({
    db: adapter(database),
    schema: JOBS_SCHEMA,
    backend: backendOf(database),
    migrate: false,
    // Maintenance (expiry, deletion) and the cron clock run on working nodes only.
    supervise: work,
    schedule: work,
    // Workers sleep until a job is queued (NOTIFY) instead of polling every queue every 2 s.
    useListenNotify: work,
    // Lost (no heartbeat) and expired jobs are looked for this often, by one working node at a time.
    superviseIntervalSeconds: superviseSeconds,
    monitorIntervalSeconds: superviseSeconds,
  });
  boss.on('error', (err) => log.error({ err }, 'background jobs: pg-boss error'));
  let started = false;
  let resuming: ReturnType<typeof setInterval> | null = null;

  async function runOne(definition: JobDefinition<object>, job: JobInfo, data: object) {
    const at = Date.now();
    log.info({ job: job.name, id: job.id, try: job.retryCount + 1 }, 'job started');
    try {
      await definition.handler(data, job);
      log.info({ job: job.name, id: job.id, ms: Date.now() - at }, 'job done');
    } catch (err) {
      const last = job.retryCount >= (definition.retryLimit ?? 5);
      log[last ? 'error' : 'warn']({ job: job.name, id: job.id, try: job.retryCount + 1, err }, last ? 'job failed for good' : 'job failed, will retry');
      throw err;
    }
  }

  return {
    define(definition) {
      if (started) throw new Error(`job ${definition.name} defined after start`);
      definitions.set(definition.name, definition as JobDefinition<object>);
    },
    async send(name, data, options = {}) {
      if (!definitions.has(name)) throw new Error(`unknown job ${name}`);
      return boss.send(name, data, { singletonKey: options.singletonKey, singletonSeconds: options.slotSeconds, startAfter: options.startAfterSeconds });
    },
    async stateOf(name, id) {
      const job = await boss.getJobById(name, id);
      return job ? { state: job.state, retryCount: job.retryCount } : null;
    },
    async runNow(name, data) {
      const definition = definitions.get(name);
      if (!definition) throw new Error(`unknown job ${name}`);
      await definition.handler(data, { id: 'now', name, retryCount: 0 });
    },
    async start() {
      if (started) return;
      started = true;
      await boss.start();
      for (const d of definitions.values()) {
        const queue = {
          retryLimit: d.retryLimit ?? 5,
          retryDelay: d.retryDelaySeconds ?? 30,
          retryBackoff: true,
          expireInSeconds: d.expireInSeconds ?? 300,
          heartbeatSeconds: d.heartbeatSeconds ?? options.heartbeatSeconds ?? HEARTBEAT_SECONDS,
          // Done jobs stay a week (to look at, and for the daily once-only keys).
          deleteAfterSeconds: 7 * 86_400,
          // Queuing wakes the workers (with useListenNotify); polling remains the backstop.
          notify: true,
        };
        // Nodes starting together on a new database create the same queues (tables) at once, and
        // PostgreSQL may pick one of them as a deadlock victim: that one tries again.
        for (let attempt = 1; ; attempt++) {
          try {
            await boss.createQueue(d.name, queue);
            // A queue made before (by an earlier release, or carried over) takes today's settings.
            await boss.updateQueue(d.name, queue);
            break;
          } catch (err) {
            if (pgCode(err) !== '40P01' || attempt >= 5) throw err;
            await new Promise((r) => setTimeout(r, 50 * attempt + Math.random() * 100));
          }
        }
      }
      if (!work) return;
      for (const d of definitions.values()) {
        const polling = options.pollSeconds ? { pollingIntervalSeconds: options.pollSeconds, notifyPollingIntervalSeconds: options.pollSeconds } : {};
        // Beats four times per heartbeatSeconds: a live node loses a job only after missing three.
        const heartbeatRefreshSeconds = (d.heartbeatSeconds ?? options.heartbeatSeconds ?? HEARTBEAT_SECONDS) / 4;
        await boss.work<object>(d.name, { ...polling, heartbeatRefreshSeconds, includeMetadata: true }, async ([job]) => {
          await runOne(d, { id: job.id, name: job.name, retryCount: job.retryCount }, job.data);
        });
        if (d.cron) await boss.schedule(d.name, d.cron, {}, { tz: 'UTC' });
      }
      if (!shared) return;
      // Half the supervision period: a job the pass found lost waits at most this long to be resumed.
      const resumeMs = (superviseSeconds * 1000) / 2;
      resuming = setInterval(() => {
        database.query<{ resumed: number }>(RESUME_LOST_JOBS).then(([r]) => {
          if (r?.resumed) log.warn({ jobs: r.resumed }, 'background jobs: jobs of a node that stopped beating run again now');
        }, (err) => log.error({ err }, 'background jobs: resuming lost jobs failed'));
      }, resumeMs);
      resuming.unref();
    },
    async stop() {
      if (!started) return;
      started = false;
      if (resuming) clearInterval(resuming);
      resuming = null;
      // Running jobs get until the deadline to finish; pg-boss then fails what is still running on
      // this node (failWip), so another node takes it up at its next retry instead of after expiry.
      await boss.stop({ graceful: true, timeout: options.stopTimeoutMs ?? 10_000, close: false });
    },
  };
}
