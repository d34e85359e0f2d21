import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { openDatabase } from './client.ts';
import { importReferenceData } from '../modules/reference-data.ts';
import { appRoot } from '../paths.ts';

/**
 * The embedded database as a first start leaves it before the demo data: initialised, migrated,
 * with the UN/LOCODE and ECB reference data. The build makes it once (`npm run build`, which
 * `npm install` runs), and a first start on an empty DATA_DIR copies it instead of doing that work
 * again (about 20 s of CPU here); the tests' template starts from it too. A start still migrates
 * and imports what a stale copy lacks, so a copy is never wrong, only slower.
 */
export const dbTemplateDir = join(appRoot, 'dist/db-template');
const KEY_FILE = 'fyn-template-key';

/**
 * What a template holds follows from the migrations, the reference data and the code that loads
 * them (and pg-boss's and PGlite's versions): a template made from the same inputs is reused.
 */
export function templateKey(): string {
  const hash = createHash('sha256');
  const files = (dir: string): string[] => readdirSync(join(appRoot, dir), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => relative(appRoot, join(e.parentPath, e.name)));
  const inputs = [
    ...files('src/server/db/migrations'),
    ...files('data'),
    'src/server/db/client.ts',
    'src/server/db/template.ts',
    'src/server/modules/jobs/jobs.ts',
    'src/server/modules/reference-data.ts',
    'src/server/lib/reference-import.ts',
    'src/server/modules/locations/import.ts',
    'src/server/modules/exchange/import.ts',
    'node_modules/pg-boss/package.json',
    'node_modules/@electric-sql/pglite/package.json',
  ].sort();
  for (const f of inputs) hash.update(f).update('\0').update(existsSync(join(appRoot, f)) ? readFileSync(join(appRoot, f)) : '').update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** The template's key when one is complete at `dir`, else null. */
export function templateKeyAt(dir = dbTemplateDir): string | null {
  const file = join(dir, KEY_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}

/** Makes the template at `dir` unless one of the same key is there; answers whether it made one. */
export async function makeTemplate(dir = dbTemplateDir): Promise<boolean> {
  const key = templateKey();
  if (templateKeyAt(dir) === key) return false;
  // Made beside, then renamed: a build cut short leaves no half template for a start to copy.
  const partial = `${dir}.${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  // The WAL kept at its smallest (two 16 MB segments, where the default keeps up to five): every
  // copy of the template (each first start, each test file) is that much smaller.
  const database = await openDatabase({ dataDir: partial, settings: { min_wal_size: '32MB', max_wal_size: '32MB' } });
  await database.migrate();
  await importReferenceData(database);
  // A checkpoint after a switch to a new segment: the import's segments are no longer needed, and go.
  await database.query('select pg_switch_wal()');
  await database.query('checkpoint');
  await database.close();
  writeFileSync(join(partial, KEY_FILE), key + '\n');
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
  return true;
}

/**
 * Lays the template into `dbDir` when that holds no database yet (a first start); answers whether
 * it did. Copied beside and renamed, so a start cut short never leaves half a database.
 */
export function copyTemplate(dbDir: string, from = dbTemplateDir): boolean {
  if (existsSync(join(dbDir, 'PG_VERSION')) || templateKeyAt(from) === null) return false;
  const partial = `${dbDir}.${process.pid}`;
  cpSync(from, partial, { recursive: true, filter: (src) => !src.endsWith(KEY_FILE) });
  rmSync(dbDir, { recursive: true, force: true });
  renameSync(partial, dbDir);
  return true;
}
