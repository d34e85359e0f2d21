import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
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
  /** How often an idle worker looks for new jobs (seconds, at least 0.5). */
  pollSeconds?: number;
};

/** Installs or upgrades pg-boss's schema (under its own advisory lock): part of `database.migrate()`. */
export async function migrateJobs(database: Database): Promise<void> {
  const boss = new PgBoss({ db: adapter(database), schema: JOBS_SCHEMA, supervise: false, schedule: false });
  boss.on('error', () => {});
  await boss.start();
  await boss.stop({ graceful: false, wait: true, close: false });
}

const adapter = (database: Database): PgBoss.Db => ({ executeSql: (text, values) => database.executeSql(text, values) });

export function createJobs(database: Database, options: JobsOptions): Jobs {
  const { log, work } = options;
  const definitions = new Map<string, JobDefinition<object>>();
  const boss = new PgBoss({
    db: adapter(database),
    schema: JOBS_SCHEMA,
    migrate: false,
    // Maintenance (expiry, archiving) and the cron clock run on working nodes only.
    supervise: work,
    schedule: work,
    // Done jobs stay in the job table a week (to look at, and for daily once-only keys) before the archive.
    archiveCompletedAfterSeconds: 7 * 86_400,
  });
  boss.on('error', (err) => log.error({ err }, 'background jobs: pg-boss error'));
  let started = false;

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
      const job = await boss.getJobById(name, id, { includeArchive: true });
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
        const queue = { name: d.name, retryLimit: d.retryLimit ?? 5, retryDelay: d.retryDelaySeconds ?? 30, retryBackoff: true, expireInSeconds: d.expireInSeconds ?? 300 };
        // Nodes starting together on a new database create the same queues (tables) at once, and
        // PostgreSQL may pick one of them as a deadlock victim: that one tries again.
        for (let attempt = 1; ; attempt++) {
          try {
            await boss.createQueue(d.name, queue);
            break;
          } catch (err) {
            if (pgCode(err) !== '40P01' || attempt >= 5) throw err;
            await new Promise((r) => setTimeout(r, 50 * attempt + Math.random() * 100));
          }
        }
      }
      if (!work) return;
      for (const d of definitions.values()) {
        await boss.work<object>(d.name, { pollingIntervalSeconds: options.pollSeconds ?? 2, includeMetadata: true }, async ([job]) => {
          await runOne(d, { id: job.id, name: job.name, retryCount: job.retryCount }, job.data);
        });
        if (d.cron) await boss.schedule(d.name, d.cron, {}, { tz: 'UTC' });
      }
    },
    async stop() {
      if (!started) return;
      started = false;
      // Running jobs get a moment to finish; what does not is tried again by another node after expiry.
      await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
    },
  };
}
