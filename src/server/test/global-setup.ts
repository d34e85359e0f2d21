import type { TestProject } from 'vitest/node';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client.ts';
import { importReferenceData } from '../modules/reference-data.ts';
import { appRoot } from '../paths.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of the migrated template data directory (gzipped tar). */
    pgliteTemplate: string;
    /** PostgreSQL: name of the migrated template database. */
    pgTemplate: string;
  }
}

export const PG_TEMPLATE = 'fyn_test_template';

/** Migrates one template database (with the UN/LOCODE data) that every test file copies. */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
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
    return;
  }
  const database = await openDatabase({});
  await database.migrate();
  await importReferenceData(database);
  const dump = await database.pglite!.dumpDataDir('gzip');
  await database.close();
  const dir = join(appRoot, '.tmp');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `test-template-${process.pid}.tar.gz`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = '/' + name;
  return u.toString();
}
