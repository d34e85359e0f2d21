import { parse } from 'csv-parse';
import { createReadStream, existsSync } from 'node:fs';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { Database } from '../db/client.ts';

/** Rows of a gzipped CSV file with a header line, streamed; a missing or broken file is an error, not a crash. */
export async function* readGzipCsv(file: string): AsyncGenerator<Record<string, string>> {
  if (!existsSync(file)) throw new Error(`Reference data file missing: ${file} (it ships with FYN: restore it from the repository)`);
  const parser = parse({ columns: true });
  // pipeline() forwards an error of any stage to the parser, so the loop below sees it.
  pipeline(createReadStream(file), createGunzip(), parser, () => {});
  yield* parser;
}

/** A column of a bulk load: its name and SQL type. */
export interface LoadColumn {
  name: string;
  type: string;
}

/** A row of a bulk load: one text value (or null) per column, in column order. */
export type LoadRow = readonly (string | null)[];

const COPY_ROWS = 20_000;
const INSERT_ROWS = 5_000;

/**
 * Appends rows to a table. The embedded database takes them by COPY from an in-memory CSV (about
 * twice as fast as INSERT there); PostgreSQL takes batches of one JSON parameter each. Both cast
 * the text values to the column types, so a row means the same on either. With `upsertOn` (the
 * primary key), a row whose key exists replaces that row's columns instead (INSERT on both).
 */
export async function bulkLoad(database: Database, table: string, columns: readonly LoadColumn[], rows: AsyncIterable<LoadRow>, upsertOn?: string): Promise<number> {
  const names = columns.map((c) => c.name).join(', ');
  const pglite = upsertOn ? undefined : database.pglite;
  const conflict = upsertOn ? ` on conflict (${upsertOn}) do update set ${columns.filter((c) => c.name !== upsertOn).map((c) => `${c.name} = excluded.${c.name}`).join(', ')}` : '';
  const size = pglite ? COPY_ROWS : INSERT_ROWS;
  const flush = pglite
    ? (batch: LoadRow[]) =>
        pglite.query(`copy ${table} (${names}) from '/dev/blob' with (format csv)`, [], { blob: new Blob([batch.map(csvLine).join('')]) })
    : (batch: LoadRow[]) =>
        database.query(
          `insert into ${table} (${names}) select ${columns.map((c, i) => `(r->>${i})::${c.type}`).join(', ')} from jsonb_array_elements($1::jsonb) r${conflict}`,
          [JSON.stringify(batch)],
        );
  let batch: LoadRow[] = [];
  let count = 0;
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= size) {
      await flush(batch);
      count += batch.length;
      batch = [];
    }
  }
  if (batch.length > 0) await flush(batch);
  return count + batch.length;
}

/** A CSV line for COPY: every value quoted, null as an empty unquoted field. */
const csvLine = (row: LoadRow): string =>
  row.map((v) => (v === null ? '' : `"${v.replaceAll('"', '""')}"`)).join(',') + '\n';

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
