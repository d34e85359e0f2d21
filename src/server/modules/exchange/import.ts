import { join } from 'node:path';
import type { Database } from '../../db/client.ts';
import { importOnce, insertBatches, readGzipCsv } from '../../lib/reference-import.ts';
import { referenceDataDir } from '../../paths.ts';

/** Loads the ECB euro reference rates (1999 onwards) once. */
export function importEcbRates(database: Database, onStart?: () => void, file = join(referenceDataDir, 'ecb/rates.csv.gz')): Promise<number> {
  return importOnce(
    database,
    'ecb',
    ['ecb_rates'],
    () =>
      insertBatches(
        database,
        readGzipCsv(file),
        `insert into ecb_rates (currency, date, rate)
         select currency, date, rate from jsonb_to_recordset($1::jsonb) as x(date date, currency text, rate numeric)`,
      ),
    onStart,
  );
}
