/**
 * Developer tool: turns the ECB reference-rate history (eurofxref-hist.csv, units per 1 EUR, wide
 * format, N/A where nothing was published) into data/ecb/rates.csv.gz, one row per published rate.
 *   unzip -p ../shared/data/ecb/eurofxref-hist.zip > /tmp/ecb.csv && npx tsx scripts/prepare-ecb.ts /tmp/ecb.csv
 */
import { parse } from 'csv-parse/sync';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const source = process.argv[2];
if (!source) throw new Error('usage: prepare-ecb.ts <eurofxref-hist.csv>');
const rows: Record<string, string>[] = parse(readFileSync(source), { columns: true, skip_empty_lines: true, relax_column_count: true });
const out = ['date,currency,rate'];
for (const row of rows) {
  for (const [currency, rate] of Object.entries(row)) {
    if (currency === 'Date' || !/^[A-Z]{3}$/.test(currency) || !rate || rate === 'N/A') continue;
    out.push(`${row.Date},${currency},${rate}`);
  }
}
const dir = join(import.meta.dirname, '../data/ecb');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'rates.csv.gz'), gzipSync(out.join('\n') + '\n', { level: 9 }));
console.log(`${out.length - 1} rates from ${rows.at(-1)?.Date} to ${rows[0]?.Date} written to ${dir}`);
