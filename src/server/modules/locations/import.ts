import { join } from 'node:path';
import type { LocationFunction } from '#shared/api/locations.ts';
import { normaliseSearch } from '#shared/text.ts';
import type { Database } from '../../db/client.ts';
import { referenceDataDir } from '../../paths.ts';
import { importOnce, insertBatches, readGzipCsv } from '../../lib/reference-import.ts';

/** UN/LOCODE function positions 1–8 and B (spec of the code list). */
const FUNCTION_BY_DIGIT: Record<string, LocationFunction> = {
  '1': 'port', '2': 'rail', '3': 'road', '4': 'airport', '5': 'postal', '6': 'multimodal', '7': 'fixed', '8': 'inland_water', B: 'border',
};
export const decodeFunctions = (code: string): LocationFunction[] =>
  [...code].flatMap((c) => (FUNCTION_BY_DIGIT[c] ? [FUNCTION_BY_DIGIT[c]] : []));

/**
 * Loads UN/LOCODE once. The set counts as loaded only when its `reference_imports` row exists,
 * written last: an import cut short (a crash, a kill) is started again from empty at next start.
 */
export function importLocations(database: Database, onStart?: () => void, dir = join(referenceDataDir, 'unlocode')): Promise<number> {
  return importOnce(database, 'unlocode', ['subdivisions', 'locations'], () => load(database, dir), onStart);
}

async function load(database: Database, dir: string): Promise<number> {
  await insertBatches(
    database,
    (async function* () {
      for await (const r of readGzipCsv(join(dir, 'subdivisions.csv.gz'))) yield { country: r.country, code: r.code, name: r.name, type: r.type || null };
    })(),
    `insert into subdivisions (country, code, name, type)
     select country, code, name, type from jsonb_to_recordset($1::jsonb) as x(country text, code text, name text, type text)
     on conflict do nothing`,
  );
  return insertBatches(
    database,
    (async function* () {
      for await (const r of readGzipCsv(join(dir, 'locations.csv.gz'))) {
        yield {
          code: r.code, country: r.code.slice(0, 2), name: r.name,
          search_name: normaliseSearch(`${r.name} ${r.name_ascii === r.name ? '' : r.name_ascii}`.trim()),
          subdivision: r.subdivision || null, status: r.status || null, functions: decodeFunctions(r.function),
          iata: r.iata || null, lat: r.lat === '' ? null : Number(r.lat), lon: r.lon === '' ? null : Number(r.lon),
        };
      }
    })(),
    `insert into locations (code, country, name, search_name, subdivision, status, functions, iata, lat, lon)
     select code, country, name, search_name, subdivision, status, array(select jsonb_array_elements_text(functions)), iata, lat, lon
     from jsonb_to_recordset($1::jsonb) as x(code text, country text, name text, search_name text, subdivision text,
       status text, functions jsonb, iata text, lat double precision, lon double precision)`,
  );
}
