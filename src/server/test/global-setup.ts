import type { TestProject } from 'vitest/node';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client.ts';
import { processRuns } from '../db/data-dir-lock.ts';
import { importReferenceData } from '../modules/reference-data.ts';
import { appRoot } from '../paths.ts';
import { dbTemplateDir, makeTemplate, templateKey, templateKeyAt } from '../db/template.ts';
import { figuresBlock } from './attack/figures.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the migrated template's data directory (with the reference data), copied by each test file. */
    pgliteTemplate: string;
    /** PGlite: this run's folder for the test files' copies of the template (removed when it ends). */
    pgliteScratch: string;
    /** PostgreSQL: name of the migrated template database. */
    pgTemplate: string;
    /** The attack suite's seed for this run (FUZZ_SEED to replay one) and the file its figures go to. */
    fuzzSeed: number;
    attackFigures: string;
  }
}

/** One template per database named in DATABASE_URL, so that runs against different databases of one server do not collide. */
export function pgTemplateName(url: string): string {
  const db = new URL(url).pathname.slice(1).replace(/[^a-z0-9_]/gi, '_').toLowerCase() || 'postgres';
  return `fyn_tpl_${db}`.slice(0, 63);
}

/** Migrates one template database (with the UN/LOCODE data) that every test file copies. */
export default async function setup(project: TestProject) {
  const attack = attackRun(project);
  const key = templateKey();
  const url = process.env.DATABASE_URL;
  if (url) {
    const PG_TEMPLATE = pgTemplateName(url);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const made = await admin.query<{ key: string | null }>(`select shobj_description(oid, 'pg_database') as key from pg_database where datname = $1`, [PG_TEMPLATE]);
    if (made.rows[0]?.key !== key) {
      await admin.query(`drop database if exists ${PG_TEMPLATE} with (force)`);
      await admin.query(`create database ${PG_TEMPLATE}`);
      // Direct, not through a pooler: a pooler's idle server connections to the template would stop
      // CREATE DATABASE … TEMPLATE from copying it.
      const direct = withDatabase(process.env.DATABASE_LISTEN_URL ?? url, PG_TEMPLATE);
      const database = await openDatabase({ url: direct, listenUrl: direct, poolSize: 2 });
      await database.migrate();
      await importReferenceData(database);
      await database.close();
      // Marked complete only now: a run cut short leaves a template the next run makes again.
      await admin.query(`comment on database ${PG_TEMPLATE} is '${key}'`);
    }
    await admin.end();
    project.provide('pgTemplate', PG_TEMPLATE);
    project.provide('pgliteTemplate', '');
    project.provide('pgliteScratch', '');
    return attack;
  }
  // The build's template (db/template.ts) when it was made from the same inputs, else one made
  // the same way under .tmp (about 20 s of CPU, once per change of its inputs).
  let template = dbTemplateDir;
  if (templateKeyAt() !== key) {
    const dir = join(appRoot, '.tmp');
    template = join(dir, `test-template-${key}`);
    await makeTemplate(template);
    for (const old of readdirSync(dir)) if (/^test-template-/.test(old) && join(dir, old) !== template) rmSync(join(dir, old), { recursive: true, force: true });
  }
  project.provide('pgliteTemplate', template);
  project.provide('pgTemplate', '');
  const scratch = scratchDir();
  project.provide('pgliteScratch', scratch);
  return () => {
    attack();
    rmSync(scratch, { recursive: true, force: true });
  };
}

/**
 * This run's folder for the test databases: in memory (/dev/shm) where the system has it, where a
 * copy of the template costs no disk writes. Folders of runs that no longer live (killed before
 * their teardown) go first: each copy is ~107 MB of memory.
 */
function scratchDir(): string {
  const root = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  for (const name of readdirSync(root)) {
    const pid = /^fyn-test-run-(\d+)$/.exec(name)?.[1];
    if (pid && !processRuns(Number(pid))) rmSync(join(root, name), { recursive: true, force: true });
  }
  const dir = join(root, `fyn-test-run-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** One fuzz seed per run, and one block of the attack suite's figures when the run ends. */
function attackRun(project: TestProject): () => void {
  const given = process.env.FUZZ_SEED;
  const seed = given ? Number(given) : Math.floor(Math.random() * 2 ** 31);
  if (!Number.isSafeInteger(seed)) throw new Error('FUZZ_SEED must be a whole number');
  const dir = join(appRoot, '.tmp');
  mkdirSync(dir, { recursive: true });
  const figures = join(dir, `attack-figures-${process.pid}.jsonl`);
  rmSync(figures, { force: true });
  project.provide('fuzzSeed', seed);
  project.provide('attackFigures', figures);
  return () => {
    const block = figuresBlock(figures);
    if (block) console.log('\n' + block + '\n');
  };
}

/**
 * The addresses of database `name` on the tests' server: `url` as the app's queries reach it
 * (DATABASE_URL: through PgBouncer in CI's pooled run) and `listenUrl` direct (DATABASE_LISTEN_URL
 * when set), for LISTEN and for migrations' lock.
 */
export function testDatabaseUrls(name: string): { url: string; listenUrl: string } {
  const url = process.env.DATABASE_URL!;
  return { url: withDatabase(url, name), listenUrl: withDatabase(process.env.DATABASE_LISTEN_URL ?? url, name) };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = '/' + name;
  return u.toString();
}
