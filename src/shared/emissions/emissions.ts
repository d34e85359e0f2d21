import { Decimal, HALF_AWAY_FROM_ZERO } from '../money/decimal.ts';
import type { Measures, EquipmentLine } from '../quotes/calc.ts';
import type { QuoteMode } from '../quotes/model.ts';
import type { LocationFunction } from '../api/locations.ts';

/**
 * Transport emissions after ISO 14083: per leg, tonnes × km × intensity (kg CO2e per tonne-km,
 * well-to-wheel). Intensities come from the factor table shipped in data/emissions (DESNZ 2025,
 * Open Government Licence v3.0); distances from the UN/LOCODE coordinates (great circle, with the
 * mode's adjustment standing in for the shortest feasible route).
 */
export type FactorKey = 'sea_container' | 'road_hgv_average' | 'road_hgv_articulated' | 'road_van' | 'rail_freight' | 'air_short_haul' | 'air_long_haul';
export type FactorTable = { source: string; edition: string; licence: string; factors: Record<FactorKey, { value: string; label: string; row: string | null }> };
export type Point = { lat: number; lon: number };
export type Leg = { mode: QuoteMode; from: string; to: string; distance_km: string; tonnes: string; tonne_km: string; factor: string; factor_key: FactorKey; kg_co2e: string; source: string };
/** The same cargo by another mode the two places serve: for the client to choose the greener one. */
export type Alternative = { mode: QuoteMode; distance_km: string; kg_co2e: string };
/** A place whose own coordinates are missing or were dropped, measured from its city's instead. */
export type PointVia = { place: string; city: string };
export type Emissions = { kg_co2e: string; legs: Leg[]; method: string; tonnes_assumed: boolean; alternatives?: Alternative[]; via?: PointVia[] };
/** Why a quote has no estimate: a place with no checked coordinates (none given, or dropped as wrong), an unknown code, no mass. */
export const EMISSIONS_UNAVAILABLE = ['no_coordinates', 'coordinates_dropped', 'unknown_place', 'no_mass'] as const;
export type EmissionsUnavailable = { reason: (typeof EMISSIONS_UNAVAILABLE)[number]; place: string | null };
/**
 * A place as the location list holds it: its own coordinates (null when UNECE gives none or they
 * were dropped as wrong: `flag` says why) and those of its city (the UN/LOCODE entry of the same
 * city, or a trade code's), if any.
 */
export type PlaceCoordinates = {
  code: string; lat: number | null; lon: number | null; flag: string | null; functions: readonly string[];
  city: { code: string; lat: number; lon: number } | null;
};

/** Mean Earth radius (km), as great-circle distances in ISO 14083 practice use it. */
const EARTH_RADIUS_KM = 6371;
/** Air below this great-circle distance is short-haul (DESNZ's split). */
export const SHORT_HAUL_KM = 3700;
/** A container's cargo when the quote gives no weight: 10 t per TEU, a common average load. */
export const ASSUMED_TONNES_PER_TEU = '10';

export function greatCircleKm(a: Point, b: Point): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The distance a mode travels between two places, whole km: air + 95 km, sea × 1.15, road × 1.05, rail as it is. */
export function modeDistanceKm(mode: QuoteMode, a: Point, b: Point): number {
  const gc = greatCircleKm(a, b);
  const d = mode === 'air' ? gc + 95 : mode === 'sea_fcl' || mode === 'sea_lcl' ? gc * 1.15 : mode === 'road_ftl' || mode === 'road_ltl' ? gc * 1.05 : gc;
  return Math.round(d);
}

export function factorFor(mode: QuoteMode, distanceKm: number): FactorKey {
  switch (mode) {
    case 'sea_fcl':
    case 'sea_lcl':
      return 'sea_container';
    case 'road_ftl':
      return 'road_hgv_articulated';
    case 'road_ltl':
      return 'road_hgv_average';
    case 'rail':
      return 'rail_freight';
    case 'air':
      return distanceKm < SHORT_HAUL_KM ? 'air_short_haul' : 'air_long_haul';
  }
}

/** TEU of an ISO 6346 size-type code: a 20′ box (size 2…) is one, 40′ and 45′ two. */
export const teuOf = (e: EquipmentLine) => (e.iso_type.startsWith('2') ? 1 : 2) * e.count;

/**
 * The emissions of moving the cargo from one place to the other in one leg. The mass is the gross
 * weight; containers quoted without one count the assumed load per TEU (said in the answer).
 */
export function quoteEmissions(mode: QuoteMode, from: { code: string } & Point, to: { code: string } & Point, m: Measures, equipment: readonly EquipmentLine[], table: FactorTable): Emissions | null {
  let tonnes = new Decimal(m.weight_kg).div('1000');
  let assumed = false;
  if (tonnes.eq('0') && equipment.length) {
    tonnes = new Decimal(ASSUMED_TONNES_PER_TEU).times(String(equipment.reduce((n, e) => n + teuOf(e), 0)));
    assumed = true;
  }
  if (tonnes.eq('0')) return null;
  const km = modeDistanceKm(mode, from, to);
  const key = factorFor(mode, mode === 'air' ? Math.round(greatCircleKm(from, to)) : km);
  const factor = table.factors[key].value;
  const tonneKm = tonnes.times(String(km));
  const kg = tonneKm.times(factor).round(1, HALF_AWAY_FROM_ZERO);
  const leg: Leg = {
    mode, from: from.code, to: to.code, distance_km: String(km), tonnes: tonnes.round(3, HALF_AWAY_FROM_ZERO).toFixed(), tonne_km: tonneKm.round(1, HALF_AWAY_FROM_ZERO).toFixed(),
    factor, factor_key: key, kg_co2e: kg.toFixed(1), source: `${table.source}, ${table.factors[key].label} (${table.licence})`,
  };
  return { kg_co2e: kg.toFixed(1), legs: [leg], method: 'ISO 14083 (tonnes × km × intensity, well-to-wheel, without radiative forcing)', tonnes_assumed: assumed };
}

/** The UN/LOCODE function a place needs for a mode family (src/shared/api/locations.ts). */
const SERVES: Record<'sea' | 'rail' | 'road' | 'air', LocationFunction> = { sea: 'port', rail: 'rail', road: 'road', air: 'airport' };
/** Road is no real choice beyond this great-circle distance. */
export const ROAD_ALTERNATIVE_MAX_KM = 4000;

/**
 * The other modes the cargo could take between two places (both ends serve the mode, by their
 * UN/LOCODE functions; road only up to 4 000 km), one per family: sea as FCL when the quote has
 * containers, else LCL; road as a full truck.
 */
export function alternativeModes(mode: QuoteMode, from: readonly string[], to: readonly string[], greatCircle: number, containers: boolean): QuoteMode[] {
  const family = (m: QuoteMode) => (m.startsWith('sea') ? 'sea' : m.startsWith('road') ? 'road' : m) as keyof typeof SERVES;
  const candidates: QuoteMode[] = [containers ? 'sea_fcl' : 'sea_lcl', 'rail', 'road_ftl', 'air'];
  return candidates.filter((m) => {
    const f = family(m);
    if (f === family(mode)) return false;
    if (f === 'road' && greatCircle > ROAD_ALTERNATIVE_MAX_KM) return false;
    return from.includes(SERVES[f]) && to.includes(SERVES[f]);
  });
}

/**
 * Where to measure a place from: its own coordinates, else its city's (said in the answer), else no
 * estimate at all, with the reason: never a distance from a position known to be wrong.
 */
export function pointOf(place: PlaceCoordinates): { point: Point; via: PointVia | null } | EmissionsUnavailable {
  if (place.lat != null && place.lon != null) return { point: { lat: place.lat, lon: place.lon }, via: null };
  if (place.city) return { point: { lat: place.city.lat, lon: place.city.lon }, via: { place: place.code, city: place.city.code } };
  return { reason: place.flag ? 'coordinates_dropped' : 'no_coordinates', place: place.code };
}

/** A quote's estimate, or why there is none (the first place that has no usable position, or no mass). */
export function estimateEmissions(
  mode: QuoteMode, from: PlaceCoordinates | undefined, to: PlaceCoordinates | undefined, codes: { origin: string; destination: string },
  m: Measures, equipment: readonly EquipmentLine[], table: FactorTable,
): { emissions: Emissions | null; unavailable: EmissionsUnavailable | null } {
  if (!from) return { emissions: null, unavailable: { reason: 'unknown_place', place: codes.origin } };
  if (!to) return { emissions: null, unavailable: { reason: 'unknown_place', place: codes.destination } };
  const a = pointOf(from);
  if ('reason' in a) return { emissions: null, unavailable: a };
  const b = pointOf(to);
  if ('reason' in b) return { emissions: null, unavailable: b };
  const origin = { code: from.code, functions: from.functions, ...a.point };
  const destination = { code: to.code, functions: to.functions, ...b.point };
  const e = withAlternatives(quoteEmissions(mode, origin, destination, m, equipment, table), mode, origin, destination, m, equipment, table);
  if (!e) return { emissions: null, unavailable: { reason: 'no_mass', place: null } };
  const via = [a.via, b.via].filter((v): v is PointVia => v !== null);
  return { emissions: via.length ? { ...e, via } : e, unavailable: null };
}

/** A quote's emissions with those of the same cargo by the other modes the places serve, lowest first. */
export function withAlternatives(
  e: Emissions | null, mode: QuoteMode, from: { code: string; functions: readonly string[] } & Point, to: { code: string; functions: readonly string[] } & Point,
  m: Measures, equipment: readonly EquipmentLine[], table: FactorTable,
): Emissions | null {
  if (!e) return null;
  const alternatives = alternativeModes(mode, from.functions, to.functions, greatCircleKm(from, to), equipment.length > 0)
    .map((alt) => quoteEmissions(alt, from, to, m, equipment, table))
    .filter((x): x is Emissions => x !== null)
    .map((x) => ({ mode: x.legs[0].mode, distance_km: x.legs[0].distance_km, kg_co2e: x.kg_co2e }))
    .sort((a, b) => new Decimal(a.kg_co2e).cmp(b.kg_co2e));
  return { ...e, alternatives };
}
