import type { Database } from '../db/client.ts';
import { importEcbRates } from './exchange/import.ts';
import { importLocations } from './locations/import.ts';

/** Every reference data set shipped in data/, loaded once per database (first start). */
export async function importReferenceData(database: Database, onStart?: (name: string) => void): Promise<Record<string, number>> {
  return {
    locations: await importLocations(database, () => onStart?.('UN/LOCODE')),
    ecbRates: await importEcbRates(database, () => onStart?.('ECB exchange rates')),
  };
}
