import { parse } from 'csv-parse';
import { createReadStream, existsSync } from 'node:fs';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { Database } from '../db/client.ts';

const BATCH = 5000;

/** Rows of a gzipped CSV file with a header line, streamed; a missing or broken file is an error, not a crash. */
export async function* readGzipCsv(file: string): AsyncGenerator<Record<string, string>> {
  if (!existsSync(file)) throw new Error(`Reference data file missing: ${file} (it ships with FYN: restore it from the repository)`);
  const parser = parse({ columns: true });
  // pipeline() forwards an error of any stage to the parser, so the loop below sees it.
  pipeline(createReadStream(file), createGunzip(), parser, () => {});
  yield* parser;
}

/** Inserts rows in batches of one JSON parameter each; identical on PGlite and PostgreSQL. */
export async function insertBatches(database: Database, rows: AsyncIterable<Record<string, unknown>>, insertSql: string): Promise<number> {
  let batch: Record<string, unknown>[] = [];
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await database.query(insertSql, [JSON.stringify(batch)]);
    count += batch.length;
    batch = [];
  };
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return count;
}

/**
 * Loads a reference data set once. It counts as loaded only when its `reference_imports` row
 * exists, written last: an import cut short (a crash, a kill) starts again from empty.
 */
export async function importOnce(database: Database, name: string, tables: string[], load: () => Promise<number>, onStart?: () => void): Promise<number> {
  const done = await database.query('select 1 from reference_imports where name = $1', [name]);
  if (done.length > 0) return 0;
  onStart?.();
  for (const table of tables) await database.query(`delete from ${table}`);
  const rows = await load();
  await database.query('insert into reference_imports (name, rows) values ($1, $2)', [name, rows]);
  return rows;
}
