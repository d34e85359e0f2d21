import { parse } from 'csv-parse';
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import type { Database } from '../db/client.ts';

const BATCH = 5000;

/** Rows of a gzipped CSV file with a header line, streamed. */
export async function* readGzipCsv(file: string): AsyncGenerator<Record<string, string>> {
  yield* createReadStream(file).pipe(createGunzip()).pipe(parse({ columns: true }));
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
