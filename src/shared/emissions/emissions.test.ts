import { describe, expect, it } from 'vitest';
import { measure } from '../quotes/calc.ts';
import { alternativeModes, estimateEmissions, greatCircleKm, pointOf, quoteEmissions, withAlternatives, type FactorTable, type PlaceCoordinates } from './emissions.ts';

// Places on the equator: 10° of longitude apart is 2π × 6371 km × 10/360 = 1111.95 km, by hand.
const at = (code: string, lon: number) => ({ code, lat: 0, lon });
const table: FactorTable = {
  source: 'DESNZ 2025', edition: '2025', licence: 'OGL v3.0',
  factors: {
    sea_container: { value: '0.01977', label: 'container ship', row: null },
    road_hgv_average: { value: '0.12522', label: 'HGV average', row: null },
    road_hgv_articulated: { value: '0.09502', label: 'HGV articulated', row: null },
    road_van: { value: '0.78225', label: 'van', row: null },
    rail_freight: { value: '0.03470', label: 'rail', row: null },
    air_short_haul: { value: '0.96054', label: 'air short', row: null },
    air_long_haul: { value: '0.66646', label: 'air long', row: null },
  },
};
const box = (kg: string) => [{ packages: 1, length_cm: '100', width_cm: '100', height_cm: '100', weight_kg: kg }];

describe('emissions (ISO 14083: tonnes × km × intensity)', () => {
  it('measures the great circle', () => {
    expect(greatCircleKm(at('A', 0), at('B', 10))).toBeCloseTo(1111.95, 1);
  });
  it('road FTL: × 1.05 and the articulated HGV', () => {
    // 1111.95 × 1.05 = 1167.5 → 1168 km; 10 t → 11 680 t·km × 0.09502 = 1109.8336 → 1109.8 kg.
    const e = quoteEmissions('road_ftl', at('AAAAA', 0), at('BBBBB', 10), measure('road_ftl', box('10000'), []), [], table)!;
    expect(e.kg_co2e).toBe('1109.8');
    expect(e.legs[0]).toMatchObject({ distance_km: '1168', tonnes: '10', tonne_km: '11680', factor: '0.09502', factor_key: 'road_hgv_articulated' });
  });
  it('air: great circle + 95 km, short-haul below 3,700 km, long-haul above', () => {
    // 30°: 3335.85 + 95 = 3430.85 → 3431 km × 0.5 t = 1715.5 t·km × 0.96054 = 1647.806… → 1647.8.
    const short = quoteEmissions('air', at('A', 0), at('B', 30), measure('air', box('500'), []), [], table)!;
    expect([short.legs[0].distance_km, short.legs[0].factor_key, short.kg_co2e]).toEqual(['3431', 'air_short_haul', '1647.8']);
    // 40°: 4447.80 + 95 = 4542.80 → 4543 km, long-haul: 0.5 × 4543 × 0.66646 = 1513.86… → 1513.9.
    const long = quoteEmissions('air', at('A', 0), at('B', 40), measure('air', box('500'), []), [], table)!;
    expect([long.legs[0].distance_km, long.legs[0].factor_key, long.kg_co2e]).toEqual(['4543', 'air_long_haul', '1513.9']);
  });
  it('sea FCL without weights: × 1.15 and 10 t per TEU, said so', () => {
    // 2 × 45G1 = 4 TEU = 40 t (assumed); 1111.95 × 1.15 = 1278.74 → 1279 km; 51 160 t·km × 0.01977 = 1011.433… → 1011.4.
    const e = quoteEmissions('sea_fcl', at('A', 0), at('B', 10), measure('sea_fcl', [], [{ iso_type: '45G1', count: 2 }]), [{ iso_type: '45G1', count: 2 }], table)!;
    expect([e.kg_co2e, e.tonnes_assumed, e.legs[0].tonnes]).toEqual(['1011.4', true, '40']);
  });
  it('has nothing to say without any mass', () => {
    expect(quoteEmissions('air', at('A', 0), at('B', 10), measure('air', [], []), [], table)).toBeNull();
  });

  it('offers the same cargo by the other modes both places serve, lowest first, so that the client can choose the greener one', () => {
    const from = { ...at('AAAAA', 0), functions: ['port', 'rail', 'road', 'airport'] as const };
    const to = { ...at('BBBBB', 10), functions: ['port', 'rail', 'road'] as const };
    const m = measure('road_ftl', box('10000'), []);
    const e = withAlternatives(quoteEmissions('road_ftl', from, to, m, [], table), 'road_ftl', from, to, m, [], table)!;
    expect(e.kg_co2e).toBe('1109.8');
    // Sea (groupage, no containers): 1111.95 × 1.15 = 1278.74 → 1279 km; 12 790 t·km × 0.01977 = 252.8583 → 252.9.
    // Rail as is: 1112 km; 11 120 t·km × 0.03470 = 385.864 → 385.9. No air: B is no airport.
    expect(e.alternatives).toEqual([
      { mode: 'sea_lcl', distance_km: '1279', kg_co2e: '252.9' },
      { mode: 'rail', distance_km: '1112', kg_co2e: '385.9' },
    ]);
  });
  it('leaves road out beyond 4,000 km and the quote’s own mode family out always', () => {
    const all = ['port', 'rail', 'road', 'airport'] as const;
    expect(alternativeModes('sea_fcl', all, all, 9000, true)).toEqual(['rail', 'air']);
    expect(alternativeModes('air', all, all, 3000, false)).toEqual(['sea_lcl', 'rail', 'road_ftl']);
    expect(alternativeModes('rail', ['rail'], ['rail', 'port'], 500, false)).toEqual([]);
  });

  describe('places without checked coordinates', () => {
    const place = (code: string, lon: number | null, extra: Partial<PlaceCoordinates> = {}): PlaceCoordinates =>
      ({ code, lat: lon === null ? null : 0, lon, flag: null, functions: ['port', 'road'], city: null, ...extra });
    const m = measure('road_ftl', box('10000'), []);
    const codes = { origin: 'AAAAA', destination: 'BBBBB' };

    it('measures a place without its own from its city’s coordinates, and says so', () => {
      const from = place('AAAAA', null, { flag: 'outside_country', city: { code: 'AACTY', lat: 0, lon: 0 } });
      expect(pointOf(from)).toEqual({ point: { lat: 0, lon: 0 }, via: { place: 'AAAAA', city: 'AACTY' } });
      const { emissions, unavailable } = estimateEmissions('road_ftl', from, place('BBBBB', 10), codes, m, [], table);
      expect(unavailable).toBeNull();
      // The same 1168 km and 1109.8 kg as from AAAAA's own position at 0,0 (road FTL above).
      expect([emissions!.kg_co2e, emissions!.legs[0].distance_km, emissions!.via]).toEqual(['1109.8', '1168', [{ place: 'AAAAA', city: 'AACTY' }]]);
    });

    it('refuses rather than measure from a dropped position or none, naming the place', () => {
      expect(estimateEmissions('road_ftl', place('AAAAA', 0), place('BBBBB', null, { flag: 'outside_country' }), codes, m, [], table))
        .toEqual({ emissions: null, unavailable: { reason: 'coordinates_dropped', place: 'BBBBB' } });
      expect(estimateEmissions('road_ftl', place('AAAAA', null), place('BBBBB', 10), codes, m, [], table))
        .toEqual({ emissions: null, unavailable: { reason: 'no_coordinates', place: 'AAAAA' } });
      expect(estimateEmissions('road_ftl', undefined, place('BBBBB', 10), codes, m, [], table))
        .toEqual({ emissions: null, unavailable: { reason: 'unknown_place', place: 'AAAAA' } });
      expect(estimateEmissions('air', place('AAAAA', 0), place('BBBBB', 10), codes, measure('air', [], []), [], table))
        .toEqual({ emissions: null, unavailable: { reason: 'no_mass', place: null } });
    });
  });
});
