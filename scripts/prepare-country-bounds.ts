/**
 * Developer tool: the bounding box of every country (ISO 3166-1 alpha-2) from Natural Earth's
 * 1:10m admin-0 countries (public domain), as the world-atlas npm package redistributes them
 * (TopoJSON, countries keyed by ISO 3166-1 numeric), written to data/unlocode/country-bounds.csv.
 * The numeric → alpha-2 table is ISO 3166-1's, as the i18n-iso-countries package ships it (codes.json).
 *   npm pack world-atlas@2.0.2 i18n-iso-countries@7.14.0 (unpack both), then
 *   npx tsx scripts/prepare-country-bounds.ts <world-atlas>/countries-10m.json <i18n-iso-countries>/codes.json
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { longitudeSpan } from './unlocode-official.ts';

type Topology = {
  transform: { scale: [number, number]; translate: [number, number] };
  arcs: [number, number][][];
  objects: { countries: { geometries: { id?: string; properties: { name: string }; arcs: unknown }[] } };
};

/**
 * Natural Earth areas without an ISO code of their own, counted with the country whose UN/LOCODE
 * entries lie there (northern Cyprus and the British bases are in UN/LOCODE's CY, and so on).
 */
const UNCODED: Record<string, string[]> = {
  'N. Cyprus': ['CY'], 'Cyprus U.N. Buffer Zone': ['CY'], Dhekelia: ['CY'], Akrotiri: ['CY'], Kosovo: ['XK'], Somaliland: ['SO'],
  Baikonur: ['KZ'], 'Siachen Glacier': ['IN'], 'USNB Guantanamo Bay': ['CU'], 'Indian Ocean Ter.': ['CC', 'CX'],
};
/** Territories with their own ISO code that Natural Earth draws as part of another country: its box serves. */
const PARENT: Record<string, string> = { GF: 'FR', GP: 'FR', MQ: 'FR', RE: 'FR', YT: 'FR', SJ: 'NO', BQ: 'NL', TK: 'NZ' };

const [topologyFile, codesFile] = process.argv.slice(2);
if (!topologyFile || !codesFile) throw new Error('usage: prepare-country-bounds.ts <countries-10m.json> <codes.json>');
const topology = JSON.parse(readFileSync(topologyFile, 'utf8')) as Topology;
const alpha2ByNumeric = new Map((JSON.parse(readFileSync(codesFile, 'utf8')) as string[][]).map(([a2, , num]) => [num, a2]));

// Arcs are delta-encoded in quantised units: undo both to get the points in degrees.
const { scale, translate } = topology.transform;
const arcs = topology.arcs.map((arc) => {
  let x = 0;
  let y = 0;
  return arc.map(([dx, dy]) => {
    x += dx;
    y += dy;
    return [x * scale[0] + translate[0], y * scale[1] + translate[1]] as const;
  });
});
const arcIndexes = (nested: unknown): number[] => (Array.isArray(nested) ? nested.flatMap(arcIndexes) : [nested as number]);

const points = new Map<string, (readonly [number, number])[]>();
for (const g of topology.objects.countries.geometries) {
  const own = g.id && alpha2ByNumeric.get(g.id);
  for (const code of own ? [own] : (UNCODED[g.properties.name] ?? [])) {
    const list = points.get(code) ?? [];
    for (const i of arcIndexes(g.arcs)) list.push(...arcs[i < 0 ? ~i : i]);
    points.set(code, list);
  }
}
for (const [code, parent] of Object.entries(PARENT)) if (!points.has(code) && points.has(parent)) points.set(code, points.get(parent)!);

const round = (v: number) => Math.round(v * 1000) / 1000;
const rows = [...points].sort(([a], [b]) => a.localeCompare(b)).map(([code, pts]) => {
  const { west, east } = longitudeSpan(pts.map(([lon]) => lon));
  const lats = pts.map(([, lat]) => lat);
  return [code, round(west), round(Math.min(...lats)), round(east), round(Math.max(...lats))].join(',');
});
const out = join(import.meta.dirname, '../data/unlocode/country-bounds.csv');
writeFileSync(out, ['country,west,south,east,north', ...rows].join('\n') + '\n');
console.log(`${rows.length} country bounding boxes written to ${out}`);
