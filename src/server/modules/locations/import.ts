import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { LocationFunction } from '#shared/api/locations.ts';
import { normaliseSearch } from '#shared/text.ts';
import type { Database } from '../../db/client.ts';
import { referenceDataDir } from '../../paths.ts';
import { bulkLoad, importOnce, readGzipCsv, type LoadColumn } from '../../lib/reference-import.ts';

/** UN/LOCODE function positions 1–8 and B (spec of the code list). */
const FUNCTION_BY_DIGIT: Record<string, LocationFunction> = {
  '1': 'port', '2': 'rail', '3': 'road', '4': 'airport', '5': 'postal', '6': 'multimodal', '7': 'fixed', '8': 'inland_water', B: 'border',
};
export const decodeFunctions = (code: string): LocationFunction[] =>
  [...code].flatMap((c) => (FUNCTION_BY_DIGIT[c] ? [FUNCTION_BY_DIGIT[c]] : []));

/** The files of the set: a change to any of them loads it again (into a database that has an older one). */
const FILES = ['locations.csv.gz', 'subdivisions.csv.gz', 'trade-usage.csv'];

/** One code carriers use for a place that UNECE files under another code or name (data/unlocode/trade-usage.csv). */
export type TradeUsage = { code: string; function: LocationFunction; name: string; port: string; city: string; basis: string };

export function readTradeUsage(dir: string): TradeUsage[] {
  return (parse(readFileSync(join(dir, 'trade-usage.csv')), { columns: true, skip_empty_lines: true, trim: true }) as Record<string, string>[]).map((r) => ({
    code: r.code, function: r.function as LocationFunction, name: r.name, port: r.port, city: r.city, basis: r.basis,
  }));
}

/**
 * Loads UN/LOCODE (data/unlocode, see its SOURCE.md) once per version of its files. The set counts
 * as loaded only when its `reference_imports` row exists, written last: an import cut short is
 * started again at the next start. An empty table is filled by the bulk path; a table holding an
 * earlier version is updated in place (insert or update by code), so that the places addresses
 * and organisations refer to stay; codes the new list no longer has are kept as they were.
 */
export function importLocations(database: Database, onStart?: () => void, dir = join(referenceDataDir, 'unlocode')): Promise<number> {
  const version = createHash('sha256');
  for (const file of FILES) version.update(readFileSync(join(dir, file)));
  const name = `unlocode ${version.digest('hex').slice(0, 16)}`;
  return importOnce(database, name, ['subdivisions'], () => load(database, dir, name), onStart);
}

const LOCATION_COLUMNS: LoadColumn[] = [
  { name: 'code', type: 'text' }, { name: 'country', type: 'text' }, { name: 'name', type: 'text' }, { name: 'search_name', type: 'text' },
  { name: 'subdivision', type: 'text' }, { name: 'status', type: 'text' }, { name: 'functions', type: 'text[]' }, { name: 'iata', type: 'text' },
  { name: 'lat', type: 'double precision' }, { name: 'lon', type: 'double precision' }, { name: 'coordinates', type: 'text' },
  { name: 'coordinates_flag', type: 'text' }, { name: 'city_code', type: 'text' }, { name: 'trade_name', type: 'text' },
  { name: 'trade_functions', type: 'text[]' }, { name: 'port_code', type: 'text' },
];

/** The search indexes of `locations` as the schema declares them (src/server/db/schema/locations.ts). */
const SEARCH_INDEXES: Record<string, string> = {
  locations_search_name_trgm_idx: 'using gin (search_name gin_trgm_ops)',
  locations_search_name_prefix_idx: '(search_name text_pattern_ops)',
  locations_country_idx: '(country)',
};

/** What search matches on: every name of the place, accents and case dropped, each once. */
const searchName = (...names: string[]) => [...new Set(names.filter(Boolean).map(normaliseSearch))].join(' ');

async function load(database: Database, dir: string, name: string): Promise<number> {
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
  const trade = new Map(readTradeUsage(dir).map((t) => [t.code, t]));
  const [{ empty }] = await database.query<{ empty: boolean }>('select not exists (select 1 from locations) as empty');
  // An empty table loads faster without its search indexes, built once afterwards (about a third of the time).
  if (empty) for (const index of Object.keys(SEARCH_INDEXES)) await database.query(`drop index if exists ${index}`);
  const count = await bulkLoad(
    database,
    'locations',
    LOCATION_COLUMNS,
    (async function* () {
      for await (const r of readGzipCsv(join(dir, 'locations.csv.gz'))) {
        const t = trade.get(r.code);
        yield [
          r.code, r.code.slice(0, 2), r.name, searchName(t?.name ?? '', r.name, r.name_ascii, ...(r.aliases ? r.aliases.split('|') : [])),
          r.subdivision || null, r.status || null, `{${decodeFunctions(r.function).join(',')}}`, r.iata || null, r.lat || null, r.lon || null,
          r.coordinates || null, r.flag || null, t?.city || r.city || null, t?.name ?? null, t ? `{${t.function}}` : null, t?.port ?? null,
        ];
      }
    })(),
    empty ? undefined : 'code',
  );
  for (const [index, definition] of Object.entries(SEARCH_INDEXES)) await database.query(`create index if not exists ${index} on locations ${definition}`);
  await placeTradeCodes(database, [...trade.values()]);
  await database.query("delete from reference_imports where name like 'unlocode%' and name <> $1", [name]);
  return count;
}

/**
 * A trade code without coordinates of its own (UNECE gives none for CNSHA, the airport) takes its
 * port entry's, else its city's; the `coordinates` column says which.
 */
async function placeTradeCodes(database: Database, usages: TradeUsage[]): Promise<void> {
  for (const t of usages) {
    await database.query(
      `update locations l set lat = s.lat, lon = s.lon, coordinates = s.kind
         from (select lat, lon, case when code = $2 then 'port' else 'city' end as kind from locations
                where code in ($2, $3) and lat is not null order by code = $2 desc limit 1) s
        where l.code = $1 and (l.lat is null or l.coordinates in ('port', 'city'))`,
      [t.code, t.port, t.city],
    );
  }
}
