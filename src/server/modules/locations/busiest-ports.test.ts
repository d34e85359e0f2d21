import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Location } from '#shared/api/locations.ts';
import { greatCircleKm } from '#shared/emissions/emissions.ts';
import { createClient, createTestApp, latestCode, type TestApp } from '../../test/harness.ts';

/**
 * The world's busiest container ports (Lloyd's List One Hundred Ports / UNCTAD, top 30 by TEU, with
 * Algeciras), each by the code a forwarder books it under. Reference positions: NGA World Port
 * Index (Pub. 150, public domain), the record number given; Singapore's is WPI 50000 "Keppel (East
 * Singapore)", Shenzhen's WPI 57857 Yantian, its largest terminal, Tanjung Priok's WPI 50970 Jakarta.
 */
const PORTS: [code: string, name: RegExp, wpi: number, lat: number, lon: number][] = [
  ['CNSHA', /^Shanghai$/, 59970, 31.216667, 121.5],
  ['SGSIN', /^Singapore$/, 50000, 1.283333, 103.85],
  ['CNNGB', /^Ningbo$/, 59940, 29.883333, 121.55],
  ['CNSZX', /^Shenzhen$/, 57857, 22.583333, 114.266667],
  ['CNTAO', /^Qingdao$/, 60140, 36.033333, 120.266667],
  ['CNCAN', /^Guangzhou$/, 57830, 23.116667, 113.233333],
  ['KRPUS', /^Busan$/, 60390, 35.1, 129.033333],
  ['CNTXG', /Tianjin/, 60190, 38.966667, 117.833333],
  ['AEJEA', /^Jebel Ali$/, 48276, 25.016667, 55.05],
  ['HKHKG', /^Hong Kong$/, 57840, 22.266667, 114.2],
  ['NLRTM', /^Rotterdam$/, 31140, 51.9, 4.483333],
  ['MYPKG', /Port Klang/, 49930, 3, 101.4],
  ['CNXMN', /^Xiamen$/, 57870, 24.45, 118.066667],
  ['BEANR', /^Antwerp/, 31250, 51.216667, 4.4],
  ['MYTPP', /^Tanjung Pelepas$/, 51587, 1.35, 103.55],
  ['TWKHH', /^Kaohsiung$/, 57920, 22.616667, 120.25],
  ['USLAX', /^Los Angeles$/, 16080, 33.75, -118.25],
  ['DEHAM', /^Hamburg$/, 30780, 53.55, 9.933333],
  ['THLCH', /^Laem Chabang$/, 57462, 13.083333, 100.883333],
  ['USLGB', /^Long Beach$/, 16070, 33.766667, -118.183333],
  ['IDJKT', /Jakarta/, 50970, -6.1, 106.883333],
  ['LKCMB', /^Colombo$/, 49240, 6.95, 79.85],
  ['VNSGN', /^Ho Chi Minh/, 57580, 10.766667, 106.716667],
  ['USNYC', /^New York$/, 7640, 40.7, -74.016667],
  ['CNDLC', /^Dalian$/, 60250, 38.916667, 121.666667],
  ['CNLYG', /^Lianyungang$/, 60130, 34.733333, 119.45],
  ['CNRZH', /^Rizhao$/, 60133, 35.383333, 119.566667],
  ['CNYIK', /^Yingkou$/, 60220, 40.683333, 122.233333],
  ['GRPIR', /^Piraeus$/, 42230, 37.933333, 23.65],
  ['ESVLC', /^Valencia$/, 38480, 39.45, -0.316667],
  ['ESALG', /^Algeciras$/, 38310, 36.133333, -5.433333],
];

let t: TestApp;
let client: ReturnType<typeof createClient>;
beforeAll(async () => {
  t = await createTestApp();
  client = createClient(t.app);
  const email = 'ports@example.com';
  await client.post('/api/auth/register', { name: 'Ports', email, password: 'Harbour-2026' });
  await client.post('/api/auth/verify-otp', { email, otp: await latestCode(t.database, email) });
});
afterAll(() => t.close());

describe('the 30 busiest container ports', () => {
  it.each(PORTS)('%s: a port a sea search finds, named as forwarders know it, within 25 km of the World Port Index', async (code, name, _wpi, lat, lon) => {
    const res = await client.get(`/api/locations/search?q=${code}&function=port`);
    expect(res.statusCode).toBe(200);
    const [first] = res.data.data as Location[];
    expect(first.code).toBe(code);
    expect(first.functions).toContain('port');
    expect(first.name).toMatch(name);
    expect(first.lat).not.toBeNull();
    expect(greatCircleKm({ lat: first.lat!, lon: first.lon! }, { lat, lon })).toBeLessThan(25);
  });
});
