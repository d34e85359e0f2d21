import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { quoteEmissions, withAlternatives, type Emissions, type FactorTable } from '#shared/emissions/emissions.ts';
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

/** A quote's emissions from its places' coordinates, with the other modes the places serve; null when a place has none or nothing has a mass. */
export async function emissionsOf(tx: Tx, mode: QuoteMode, origin: string, destination: string, m: Measures, equipment: readonly EquipmentLine[]): Promise<Emissions | null> {
  const places = await rowsOf<{ code: string; lat: number | null; lon: number | null; functions: string[] }>(tx, sql`select code, lat, lon, functions from locations where code in (${origin}, ${destination})`);
  const from = places.find((p) => p.code === origin);
  const to = places.find((p) => p.code === destination);
  if (from?.lat == null || from.lon == null || to?.lat == null || to.lon == null) return null;
  const a = { code: origin, lat: from.lat, lon: from.lon, functions: from.functions };
  const b = { code: destination, lat: to.lat, lon: to.lon, functions: to.functions };
  return withAlternatives(quoteEmissions(mode, a, b, m, equipment, factorTable()), mode, a, b, m, equipment, factorTable());
}
