import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { estimateEmissions, type Emissions, type EmissionsUnavailable, type FactorTable, type PlaceCoordinates } from '#shared/emissions/emissions.ts';
import type { EquipmentLine, Measures } from '#shared/quotes/calc.ts';
import type { QuoteMode } from '#shared/quotes/model.ts';
import { rowsOf, type Tx } from '../../db/client.ts';
import { referenceDataDir } from '../../paths.ts';

let table: FactorTable | null = null;
/** The factor table shipped in data/emissions (DESNZ 2025, OGL v3.0), read once. */
export function factorTable(): FactorTable {
  table ??= JSON.parse(readFileSync(join(referenceDataDir, 'emissions/desnz-2025.json'), 'utf8')) as FactorTable;
  return table;
}

/** The places' checked coordinates (their city's where they have none), their functions with the trade usage's. */
export async function placeCoordinates(tx: Tx, codes: string[]): Promise<Map<string, PlaceCoordinates>> {
  const rows = await rowsOf<{ code: string; lat: number | null; lon: number | null; flag: string | null; functions: string[]; city: string | null; city_lat: number | null; city_lon: number | null }>(tx, sql`
    select l.code, l.lat, l.lon, l.coordinates_flag as flag, l.functions || coalesce(l.trade_functions, '{}') as functions, c.code as city, c.lat as city_lat, c.lon as city_lon
      from locations l left join locations c on c.code = l.city_code
     where l.code = any(${`{${codes.join(',')}}`}::text[])`);
  return new Map(rows.map((r) => [r.code, {
    code: r.code, lat: r.lat, lon: r.lon, flag: r.flag, functions: r.functions,
    city: r.city && r.city_lat != null && r.city_lon != null ? { code: r.city, lat: r.city_lat, lon: r.city_lon } : null,
  }]));
}

/**
 * A quote's emissions from its places' coordinates (a place without its own measured from its
 * city's, said so), with the other modes the places serve; else the reason there is none.
 */
export async function emissionsOf(tx: Tx, mode: QuoteMode, origin: string, destination: string, m: Measures, equipment: readonly EquipmentLine[]): Promise<{ emissions: Emissions | null; unavailable: EmissionsUnavailable | null }> {
  const places = await placeCoordinates(tx, [origin, destination]);
  return estimateEmissions(mode, places.get(origin), places.get(destination), { origin, destination }, m, equipment, factorTable());
}
