import { join } from 'node:path';
import type { Database } from '../../db/client.ts';
import { bulkLoad, importOnce, readGzipCsv } from '../../lib/reference-import.ts';
import { referenceDataDir } from '../../paths.ts';

/** Loads the ECB euro reference rates (1999 onwards) once. */
export function importEcbRates(database: Database, onStart?: () => void, file = join(referenceDataDir, 'ecb/rates.csv.gz')): Promise<number> {
  return importOnce(
    database,
    'ecb',
    ['ecb_rates'],
    () =>
      bulkLoad(
        database,
        'ecb_rates',
        [{ name: 'currency', type: 'text' }, { name: 'date', type: 'date' }, { name: 'rate', type: 'numeric' }],
        (async function* () {
          for await (const r of readGzipCsv(file)) yield [r.currency, r.date, r.rate];
        })(),
      ),
    onStart,
  );
}
