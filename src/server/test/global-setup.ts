import type { TestProject } from 'vitest/node';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client.ts';
import { importReferenceData } from '../modules/reference-data.ts';
import { appRoot } from '../paths.ts';
import { figuresBlock } from './attack/figures.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of the migrated template data directory (gzipped tar). */
    pgliteTemplate: string;
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
  const url = process.env.DATABASE_URL;
  if (url) {
    const PG_TEMPLATE = pgTemplateName(url);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${PG_TEMPLATE} with (force)`);
    await admin.query(`create database ${PG_TEMPLATE}`);
    await admin.end();
    const database = await openDatabase({ url: withDatabase(url, PG_TEMPLATE), poolSize: 2 });
    await database.migrate();
    await importReferenceData(database);
    await database.close();
    project.provide('pgTemplate', PG_TEMPLATE);
    project.provide('pgliteTemplate', '');
    return attack;
  }
  const database = await openDatabase({});
  await database.migrate();
  await importReferenceData(database);
  // A checkpoint first: each test file's copy then starts without replaying the import's WAL
  // (about 0.4 s less per file).
  await database.query('checkpoint');
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const dir = join(appRoot, '.tmp');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `test-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
  // The dump is ~200 MB uncompressed: gone when the run ends.
  return () => {
    rmSync(file, { force: true });
    attack();
  };
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

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = '/' + name;
  return u.toString();
}
