/**
 * Reads UNECE's UN/LOCODE release as UN/CEFACT publishes it (one CSV per country, no header, 12
 * fields: Change, Country, Location, Name, NameWoDiacritics, Subdivision, Function, Status, Date,
 * IATA, Coordinates, Remarks) and checks its coordinates: a position outside the country's
 * bounding box, at 0,0 or unreadable is dropped and flagged; a port UNECE leaves without one takes
 * the NGA World Port Index's, when that index files the port under the same code and name.
 */
import { greatCircleKm } from '#shared/emissions/emissions.ts';

export type OfficialRecord = {
  code: string; country: string; name: string; nameAscii: string; subdivision: string; function: string;
  status: string; iata: string; coordinates: string; remarks: string;
};
/** A point in degrees, north and east positive. */
export type Point = { lat: number; lon: number };
export type Box = { west: number; south: number; east: number; north: number };
/** Why a location's own coordinates were dropped. */
export type CoordinateFlag = 'outside_country' | 'zero' | 'malformed' | 'corrected';
/** A checked position for a code, from a source other than UNECE (data/unlocode/port-coordinates.csv). */
export type PortCoordinate = Point & { code: string; source: string; replaces: boolean };

const FACILITY_WORDS = /^(pt|apt|airport|port|harbour|harbor|terminal|station|railway|rly|international|intl|container|ct)$/i;

/**
 * The records of a release, first of each code kept (a few codes repeat, e.g. names in two
 * languages: the later names become aliases), and the "=" references ("Antwerp = Antwerpen")
 * as aliases of the location they name.
 */
export function officialRecords(rows: string[][]): { records: OfficialRecord[]; aliases: Map<string, string[]> } {
  const records: OfficialRecord[] = [];
  const byCode = new Map<string, OfficialRecord>();
  const aliases = new Map<string, string[]>();
  const addAlias = (code: string, alias: string) => {
    const list = aliases.get(code) ?? [];
    if (!list.includes(alias)) list.push(alias);
    aliases.set(code, list);
  };
  const references: [string, string, string][] = [];
  for (const f of rows) {
    const [change, country, location, name, nameAscii, subdivision, fn, status, , iata, coordinates, remarks] = f.map((v) => (v ?? '').trim());
    if (!/^[A-Z]{2}$/.test(country ?? '')) continue;
    if (change === '=') {
      const [alias, target] = (name ?? '').split(' = ').map((s) => s.trim());
      if (alias && target) references.push([country, alias, target]);
      continue;
    }
    if (!/^[A-Z0-9]{3}$/.test(location ?? '')) continue;
    const code = country + location;
    const known = byCode.get(code);
    if (known) {
      if (name && name !== known.name) addAlias(code, name);
      continue;
    }
    const record = {
      code, country, name: name || nameAscii, nameAscii: nameAscii || name, subdivision: subdivision ?? '', function: /^[0-9AB-]{8}$/.test(fn ?? '') ? fn : '--------',
      status: status ?? '', iata: iata ?? '', coordinates: coordinates ?? '', remarks: remarks ?? '',
    };
    records.push(record);
    byCode.set(code, record);
  }
  const byName = new Map(records.map((r) => [`${r.country}|${r.name}`, r.code]));
  for (const [country, alias, target] of references) {
    const code = byName.get(`${country}|${target}`);
    if (code) addAlias(code, alias);
  }
  return { records, aliases };
}

/** UNECE's "DDMMN DDDMME" (degrees and minutes) as decimal degrees; null when unreadable. */
export function parseCoordinates(text: string): Point | null {
  const m = /^(\d{2})(\d{2})([NS]) (\d{3})(\d{2})([EW])$/.exec(text.trim());
  if (!m || Number(m[2]) >= 60 || Number(m[5]) >= 60) return null;
  const lat = (Number(m[1]) + Number(m[2]) / 60) * (m[3] === 'S' ? -1 : 1);
  const lon = (Number(m[4]) + Number(m[5]) / 60) * (m[6] === 'W' ? -1 : 1);
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { lat: round4(lat), lon: round4(lon) };
}

const round4 = (v: number) => Math.round(v * 10_000) / 10_000;

/**
 * The shortest range of longitudes holding all of them, on the circle: west > east means the range
 * crosses the antimeridian (Fiji, Russia, the United States with the Aleutians).
 */
export function longitudeSpan(longitudes: number[]): { west: number; east: number } {
  const sorted = [...new Set(longitudes)].sort((a, b) => a - b);
  if (sorted.length === 0) return { west: -180, east: 180 };
  // The widest gap between neighbours (the one across ±180 included) is what the range leaves out.
  let gap = sorted[0] + 360 - sorted[sorted.length - 1];
  let west = sorted[0];
  let east = sorted[sorted.length - 1];
  for (let i = 1; i < sorted.length; i++) {
    const g = sorted[i] - sorted[i - 1];
    if (g > gap) {
      gap = g;
      west = sorted[i];
      east = sorted[i - 1];
    }
  }
  return gap < 1 ? { west: -180, east: 180 } : { west, east };
}

/** Country bounding boxes from data/unlocode/country-bounds.csv (country, west, south, east, north). */
export function readCountryBounds(rows: Record<string, string>[]): Map<string, Box> {
  return new Map(rows.map((r) => [r.country, { west: Number(r.west), south: Number(r.south), east: Number(r.east), north: Number(r.north) }]));
}

/** Degrees a position may lie beyond its country's box: minute rounding and offshore berths. */
export const BOX_MARGIN = 0.2;

/** Whether the point lies in the country's box (with the margin); undefined when there is no box. */
export function insideCountry(bounds: Map<string, Box>, country: string, p: Point): boolean | undefined {
  const box = bounds.get(country);
  if (!box) return undefined;
  if (p.lat < box.south - BOX_MARGIN || p.lat > box.north + BOX_MARGIN) return false;
  const lon = (v: number) => ((v % 360) + 540) % 360 - 180;
  const w = box.west - BOX_MARGIN;
  const e = box.east + BOX_MARGIN;
  if (w <= -180 && e >= 180) return true;
  // Measured eastwards from the west edge, the point must come before the east edge.
  const span = (((e - w) % 360) + 360) % 360;
  const along = (((lon(p.lon) - w) % 360) + 360) % 360;
  return along <= span;
}

export type CheckedCoordinates = { lat: number | null; lon: number | null; source: 'unece' | 'wpi' | 'smdg' | null; flag: CoordinateFlag | null };

/**
 * A record's coordinates after the checks: UNECE's when readable, not 0,0 and inside the country;
 * else (or when a checked source replaces them) the World Port Index's or the SMDG terminals'; the flag says why UNECE's
 * were dropped.
 */
export function checkCoordinates(record: OfficialRecord, bounds: Map<string, Box>, port: PortCoordinate | undefined): CheckedCoordinates {
  let flag: CoordinateFlag | null = null;
  if (record.coordinates) {
    const p = parseCoordinates(record.coordinates);
    if (!p) flag = 'malformed';
    else if (p.lat === 0 && p.lon === 0) flag = 'zero';
    else if (insideCountry(bounds, record.country, p) === false) flag = 'outside_country';
    else if (port?.replaces) flag = 'corrected';
    else return { lat: p.lat, lon: p.lon, source: 'unece', flag: null };
  }
  if (port) return { lat: port.lat, lon: port.lon, source: port.source.startsWith('SMDG') ? 'smdg' : 'wpi', flag };
  return { lat: null, lon: null, source: null, flag };
}

/**
 * The location of the same place whose coordinates a facility without its own can borrow: "Qingdao
 * Pt" → "Qingdao", "Shanghai Hongqiao International Apt" → "Shanghai" (same country, same
 * subdivision where both give one; the trailing facility words and at most one name before them,
 * the airport's, are left out).
 */
export function cityOf(record: OfficialRecord, byName: Map<string, OfficialRecord[]>, hasPoint: (code: string) => boolean): string | null {
  const words = record.nameAscii.split(/\s+/);
  let end = words.length;
  while (end > 1 && FACILITY_WORDS.test(words[end - 1])) end--;
  if (end === words.length) return null;
  for (const n of [end, end - 1].filter((n) => n >= 1)) {
    const candidates = byName.get(`${record.country}|${words.slice(0, n).join(' ').toLowerCase()}`) ?? [];
    const city = candidates.find((c) => c.code !== record.code && hasPoint(c.code) && (!record.subdivision || !c.subdivision || c.subdivision === record.subdivision));
    if (city) return city.code;
  }
  return null;
}

const plain = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
const words = (text: string) => plain(text).split(/[^a-z]+/).filter((w) => w.length >= 4);
const compact = (text: string) => plain(text).replace(/[^a-z]/g, '');

/** Whether two names of a place share a word ("Qingdao Gang", "Qingdao") or are one spelt apart ("Kao-Hsiung", "Kaohsiung"). */
export function sameName(a: string, others: string[]): boolean {
  const known = new Set(others.flatMap(words));
  if (words(a).some((w) => known.has(w))) return true;
  const ca = compact(a);
  return ca.length >= 5 && others.some((o) => {
    const co = compact(o);
    return co.length >= 5 && (co.includes(ca) || ca.includes(co));
  });
}

export type WpiPort = { number: string; name: string; alternates: string[]; code: string; lat: number; lon: number };
export type Terminal = { code: string; alternates: string[]; lat: number; lon: number };

/** Distance beyond which UNECE's and the World Port Index's positions of one port disagree. */
export const DISAGREE_KM = 100;
/** Distance within which a container terminal (SMDG) confirms a position. */
export const CONFIRM_KM = 25;
/** Terminals of one code further than this from their centre do not make one port position. */
export const TERMINALS_SPREAD_KM = 50;

/**
 * The World Port Index positions FYN takes, for ports (function 1) that UNECE lists under the same
 * code and a name sharing a word with the index's: where UNECE gives none (or an unusable one), and
 * where UNECE's lies more than 100 km away while a container terminal of the SMDG list for that
 * code confirms the index (two checked sources against one). A port left without either takes the
 * centre of its container terminals in the SMDG list, when they lie within 50 km of it. The
 * position must lie in the country.
 */
export function portCoordinates(records: OfficialRecord[], wpi: WpiPort[], terminals: Terminal[], bounds: Map<string, Box>): PortCoordinate[] {
  const byCode = new Map(records.map((r) => [r.code, r]));
  const terminalsOf = (code: string) => terminals.filter((t) => t.code === code || t.alternates.includes(code));
  const out: PortCoordinate[] = [];
  const seen = new Set<string>();
  for (const w of wpi) {
    const record = byCode.get(w.code);
    if (!record || seen.has(w.code) || record.function[0] !== '1') continue;
    if (!sameName(record.nameAscii, [w.name, ...w.alternates])) continue;
    const point = { lat: round4(w.lat), lon: round4(w.lon) };
    if (insideCountry(bounds, record.country, point) === false) continue;
    const source = `WPI ${w.number} ${w.name}`;
    const official = checkCoordinates(record, bounds, undefined);
    if (official.source !== 'unece') {
      out.push({ code: w.code, ...point, source, replaces: false });
      seen.add(w.code);
      continue;
    }
    if (greatCircleKm(official as Point, point) <= DISAGREE_KM) continue;
    const confirmed = terminalsOf(w.code).some((t) => greatCircleKm(t, point) <= CONFIRM_KM && greatCircleKm(t, official as Point) > DISAGREE_KM);
    if (confirmed) {
      out.push({ code: w.code, ...point, source: `${source}, confirmed by SMDG terminals`, replaces: true });
      seen.add(w.code);
    }
  }
  const byTerminalCode = new Map<string, Terminal[]>();
  for (const t of terminals) byTerminalCode.set(t.code, [...(byTerminalCode.get(t.code) ?? []), t]);
  for (const [code, list] of byTerminalCode) {
    const record = byCode.get(code);
    if (!record || seen.has(code) || record.function[0] !== '1' || checkCoordinates(record, bounds, undefined).source === 'unece') continue;
    const centre = { lat: round4(list.reduce((s, t) => s + t.lat, 0) / list.length), lon: round4(list.reduce((s, t) => s + t.lon, 0) / list.length) };
    if (list.some((t) => greatCircleKm(t, centre) > TERMINALS_SPREAD_KM) || insideCountry(bounds, record.country, centre) === false) continue;
    out.push({ code, ...centre, source: `SMDG terminals (${list.length})`, replaces: false });
    seen.add(code);
  }
  return out.sort((a, b) => a.code.localeCompare(b.code));
}
