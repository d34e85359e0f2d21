import { join } from 'node:path';
import type { LocationFunction } from '#shared/api/locations.ts';
import { normaliseSearch } from '#shared/text.ts';
import type { Database } from '../../db/client.ts';
import { referenceDataDir } from '../../paths.ts';
import { bulkLoad, importOnce, readGzipCsv } from '../../lib/reference-import.ts';

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
  await bulkLoad(
    database,
    'subdivisions',
    [{ name: 'country', type: 'text' }, { name: 'code', type: 'text' }, { name: 'name', type: 'text' }, { name: 'type', type: 'text' }],
    (async function* () {
      // The code list repeats a few (country, code) pairs: the first one counts.
      const seen = new Set<string>();
      for await (const r of readGzipCsv(join(dir, 'subdivisions.csv.gz'))) {
        const key = `${r.country}-${r.code}`;
        if (seen.has(key)) continue;
        seen.add(key);
        yield [r.country, r.code, r.name, r.type || null];
      }
    })(),
  );
  return bulkLoad(
    database,
    'locations',
    [
      { name: 'code', type: 'text' }, { name: 'country', type: 'text' }, { name: 'name', type: 'text' }, { name: 'search_name', type: 'text' },
      { name: 'subdivision', type: 'text' }, { name: 'status', type: 'text' }, { name: 'functions', type: 'text[]' }, { name: 'iata', type: 'text' },
      { name: 'lat', type: 'double precision' }, { name: 'lon', type: 'double precision' },
    ],
    (async function* () {
      for await (const r of readGzipCsv(join(dir, 'locations.csv.gz'))) {
        yield [
          r.code, r.code.slice(0, 2), r.name, normaliseSearch(`${r.name} ${r.name_ascii === r.name ? '' : r.name_ascii}`.trim()),
          r.subdivision || null, r.status || null, `{${decodeFunctions(r.function).join(',')}}`, r.iata || null, r.lat || null, r.lon || null,
        ];
      }
    })(),
  );
}
