/**
 * Developer tool: builds data/unlocode/locations.csv.gz from UNECE's official UN/LOCODE release
 * (2023-2, one CSV per country as UN/CEFACT publishes it). The application and its tests read only
 * data/unlocode/; this script reads the shared data folder only when a developer regenerates.
 *   npx tsx scripts/prepare-unlocode.ts ../shared/data/unlocode-official
 * With a World Port Index CSV (NGA Pub. 150, "UpdatedPub150.csv") and the SMDG Terminal Code List
 * it first rewrites data/unlocode/port-coordinates.csv, the checked positions used where UNECE's
 * are missing or wrong:
 *   npx tsx scripts/prepare-unlocode.ts ../shared/data/unlocode-official --wpi UpdatedPub150.csv --smdg "SMDG Terminal Code List.csv"
 * See data/unlocode/SOURCE.md.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import {
  checkCoordinates, cityOf, officialRecords, portCoordinates, readCountryBounds, type OfficialRecord, type PortCoordinate, type Terminal, type WpiPort,
} from './unlocode-official.ts';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { wpi: { type: 'string' }, smdg: { type: 'string' } } });
const source = positionals[0];
if (!source) throw new Error('usage: prepare-unlocode.ts <official release folder> [--wpi UpdatedPub150.csv --smdg "SMDG Terminal Code List.csv"]');
const out = join(import.meta.dirname, '../data/unlocode');
type Row = Record<string, string>;
const readCsv = (file: string): Row[] => parse(readFileSync(file), { columns: true, skip_empty_lines: true, bom: true, relax_quotes: true, relax_column_count: true });

const folder = join(source, 'locodes');
const rows: string[][] = readdirSync(folder).filter((f) => f.endsWith('.csv')).sort()
  .flatMap((f) => parse(readFileSync(join(folder, f)), { relax_column_count: true, skip_empty_lines: true, bom: true }) as string[][]);
const { records, aliases } = officialRecords(rows);
const bounds = readCountryBounds(readCsv(join(out, 'country-bounds.csv')));

const portsFile = join(out, 'port-coordinates.csv');
if (values.wpi) {
  if (!values.smdg) throw new Error('--wpi needs --smdg (the terminal list that confirms a correction)');
  const wpi: WpiPort[] = readCsv(values.wpi).map((r) => ({
    number: r['World Port Index Number'], name: r['Main Port Name'], alternates: (r['Alternate Port Name'] ?? '').split(';').map((s) => s.trim()).filter(Boolean),
    code: (r['UN/LOCODE'] ?? '').replace(/\s+/g, ''), lat: Number(r.Latitude), lon: Number(r.Longitude),
  })).filter((w) => w.code.length === 5 && Number.isFinite(w.lat) && Number.isFinite(w.lon) && (w.lat !== 0 || w.lon !== 0));
  const terminals: Terminal[] = readCsv(values.smdg).map((r) => ({
    code: r.UNLOCODE, alternates: (r['Alternative UNLOCODE'] ?? '').split(/[\s,;]+/).filter(Boolean), lat: Number(r.Latitude), lon: Number(r.Longitude),
  })).filter((t) => Number.isFinite(t.lat) && Number.isFinite(t.lon));
  const ports = portCoordinates(records, wpi, terminals, bounds);
  writeFileSync(portsFile, stringify([['code', 'lat', 'lon', 'replaces_unece', 'source'], ...ports.map((p) => [p.code, p.lat, p.lon, p.replaces ? 'yes' : '', p.source])]));
  console.log(`${ports.length} port positions (${ports.filter((p) => p.replaces).length} replacing UNECE's) written to ${portsFile}`);
}
const ports = new Map<string, PortCoordinate>(readCsv(portsFile).map((r) => [r.code, { code: r.code, lat: Number(r.lat), lon: Number(r.lon), source: r.source, replaces: r.replaces_unece === 'yes' }]));

const checked = new Map(records.map((r) => [r.code, checkCoordinates(r, bounds, ports.get(r.code))]));
const byName = new Map<string, OfficialRecord[]>();
for (const r of records) {
  const key = `${r.country}|${r.nameAscii.toLowerCase()}`;
  byName.set(key, [...(byName.get(key) ?? []), r]);
}
const hasPoint = (code: string) => checked.get(code)?.lat != null;

const header = ['code', 'name', 'name_ascii', 'aliases', 'subdivision', 'status', 'function', 'iata', 'lat', 'lon', 'coordinates', 'flag', 'city'];
const lines = records.map((r) => {
  const c = checked.get(r.code)!;
  const city = c.lat == null ? cityOf(r, byName, hasPoint) : null;
  return [r.code, r.name, r.nameAscii === r.name ? '' : r.nameAscii, (aliases.get(r.code) ?? []).join('|'), r.subdivision, r.status, r.function, r.iata, c.lat ?? '', c.lon ?? '', c.source ?? '', c.flag ?? '', city ?? ''];
});
writeFileSync(join(out, 'locations.csv.gz'), gzipSync(stringify([header, ...lines]), { level: 9 }));

const count = (f: (c: (typeof lines)[number]) => boolean) => lines.filter(f).length;
console.log(`${lines.length} locations written to ${out}: ${count((l) => l[10] === 'unece')} with UNECE's coordinates, ${count((l) => l[10] === 'wpi')} with the World Port Index's, ${count((l) => l[10] === 'smdg')} with the SMDG terminals'; `
  + `dropped: ${count((l) => l[11] === 'outside_country')} outside their country, ${count((l) => l[11] === 'zero')} at 0,0, ${count((l) => l[11] === 'malformed')} unreadable, `
  + `${count((l) => l[11] === 'corrected')} corrected; ${count((l) => l[12] !== '')} without coordinates borrow their city's`);
