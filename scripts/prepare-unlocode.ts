/**
 * Developer tool: turns the UN/LOCODE files of a shared data folder into the compact, gzipped
 * files shipped in data/unlocode/. The application and its tests read only data/unlocode/.
 *   npx tsx scripts/prepare-unlocode.ts ../shared/data/unlocode
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { toRecords } from './unlocode-records.ts';

const source = process.argv[2];
if (!source) throw new Error('usage: prepare-unlocode.ts <folder with locations.csv and subdivision-codes.csv>');
const out = join(import.meta.dirname, '../data/unlocode');
mkdirSync(out, { recursive: true });

type Row = Record<string, string>;
const read = (file: string): Row[] => parse(readFileSync(join(source, file)), { columns: true, skip_empty_lines: true, bom: true });

const raw: string[][] = parse(readFileSync(join(source, 'locations.csv')), { relax_column_count: true, skip_empty_lines: true, bom: true, from_line: 2 });
const locations = toRecords(raw).map((r) => [r.country + r.location, r.name, r.nameAscii, r.subdivision, r.status, r.function, r.iata, r.lat, r.lon]);
writeFileSync(
  join(out, 'locations.csv.gz'),
  gzipSync(stringify([['code', 'name', 'name_ascii', 'subdivision', 'status', 'function', 'iata', 'lat', 'lon'], ...locations]), { level: 9 }),
);
const subdivisions = read('subdivision-codes.csv').map((r) => [r.SUCountry, r.SUCode, r.SUName, r.SUType]);
writeFileSync(join(out, 'subdivisions.csv.gz'), gzipSync(stringify([['country', 'code', 'name', 'type'], ...subdivisions]), { level: 9 }));
console.log(`${locations.length} locations, ${subdivisions.length} subdivisions written to ${out}`);
