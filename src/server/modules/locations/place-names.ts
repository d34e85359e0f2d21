import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type Tx } from '../../db/client.ts';

/**
 * Names of UN/LOCODE places by code, as documents print them for the mode: the name carriers use
 * for a trade code ("Shanghai" for CNSHA, data/unlocode/trade-usage.csv), except by air, where an
 * airport keeps UNECE's own name ("Shanghai Hongqiao International Apt").
 */
export async function placeNames(db: Tx | Database['db'], codes: string[], mode?: string): Promise<Record<string, string>> {
  const air = mode === 'air';
  const rows = await rowsOf<{ code: string; name: string }>(db, sql`
    select code, case when ${air} and 'airport' = any(functions) then name else coalesce(trade_name, name) end as name
      from locations where code = any(${`{${codes.join(',')}}`}::text[])`);
  return Object.fromEntries(rows.map((r) => [r.code, r.name]));
}
