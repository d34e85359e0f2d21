import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, latestCode, type TestApp } from '../../test/harness.ts';
import type { Location } from '#shared/api/locations.ts';
import { decodeFunctions } from './import.ts';

let t: TestApp;
let client: ReturnType<typeof createClient>;
beforeAll(async () => {
  t = await createTestApp();
  client = createClient(t.app);
  const email = 'locations@example.com';
  await client.post('/api/auth/register', { name: 'Loc', email, password: 'Harbour-2026' });
  await client.post('/api/auth/verify-otp', { email, otp: await latestCode(t.database, email) });
});
afterAll(() => t.close());

const search = async (query: string) => {
  const res = await client.get(`/api/locations/search?${query}`);
  expect(res.statusCode).toBe(200);
  return res.data.data as Location[];
};

describe('UN/LOCODE import', () => {
  it('holds the whole code list with coordinates and subdivisions', async () => {
    const [{ n }] = await t.database.query<{ n: number }>('select count(*)::int as n from locations');
    expect(n).toBeGreaterThan(115_000);
    const [{ s }] = await t.database.query<{ s: number }>('select count(*)::int as s from subdivisions');
    expect(s).toBeGreaterThan(4600);
  });

  it('decodes the function positions', () => {
    expect(decodeFunctions('12345---')).toEqual(['port', 'rail', 'road', 'airport', 'postal']);
    expect(decodeFunctions('-------B')).toEqual(['border']);
  });
});

describe('GET /api/locations/search', () => {
  it('puts the exact code first', async () => {
    const [first] = await search('q=nlrtm');
    expect(first).toMatchObject({ code: 'NLRTM', name: 'Rotterdam', country: 'NL', subdivision: 'ZH' });
    expect(first.functions).toEqual(expect.arrayContaining(['port', 'rail', 'road']));
    expect(first.lat).toBeCloseTo(51.92, 1);
    expect(first.lon).toBeCloseTo(4.5, 1);
  });

  it('ranks name prefixes before names that merely contain the text', async () => {
    const rows = await search('q=hamburg&limit=20');
    const firstContains = rows.findIndex((r) => !r.name.toLowerCase().startsWith('hamburg'));
    const lastPrefix = rows.map((r) => r.name.toLowerCase().startsWith('hamburg')).lastIndexOf(true);
    expect(rows[0].name).toBe('Hamburg');
    expect(rows[0].code).toBe('DEHAM');
    if (firstContains !== -1) expect(lastPrefix).toBeLessThan(firstContains);
  });

  it('ignores accents both ways', async () => {
    const plain = await search('q=sao paulo&country=BR');
    expect(plain.map((r) => r.code)).toContain('BRSAO');
    const accented = await search('q=Curaçao');
    const unaccented = await search('q=curacao');
    expect(accented.map((r) => r.code)).toEqual(unaccented.map((r) => r.code));
    expect(accented.length).toBeGreaterThan(0);
  });

  it('filters by function and country', async () => {
    const airports = await search('q=london&function=airport&country=GB&limit=50');
    expect(airports.length).toBeGreaterThan(0);
    for (const r of airports) {
      expect(r.functions).toContain('airport');
      expect(r.country).toBe('GB');
    }
    expect(airports.map((r) => r.code)).toContain('GBLHR');
    const ports = await search('q=shanghai&function=port');
    expect(ports.every((r) => r.functions.includes('port'))).toBe(true);
  });

  it('finds the ports of a sea search, the trade code carriers use first, with UNECE’s own record beside it', async () => {
    const ports = await search('q=shanghai&function=port&limit=20');
    expect(ports[0]).toMatchObject({
      code: 'CNSHA', name: 'Shanghai', functions: ['port', 'airport'], coordinates: 'city',
      unece: { name: 'Shanghai Hongqiao International Apt', functions: ['airport'], port: 'CNSHG' },
    });
    // UNECE's own port entry is offered too; no airport-only or road-only place is.
    expect(ports.map((r) => r.code)).toContain('CNSHG');
    expect(ports.every((r) => r.functions.includes('port'))).toBe(true);
    expect(ports.map((r) => r.code)).not.toContain('CNPVG');
    // By code, as carriers type it.
    const [byCode] = await search('q=cntao&function=port');
    expect(byCode).toMatchObject({ code: 'CNTAO', name: 'Qingdao', unece: { name: 'Qingdao Jiaodong International Apt', port: 'CNQDG' } });
  });

  it('finds airports by their UNECE name for an air search', async () => {
    const airports = await search('q=shanghai&function=airport&limit=20');
    expect(airports.every((r) => r.functions.includes('airport'))).toBe(true);
    expect(airports.find((r) => r.code === 'CNSHA')?.name).toBe('Shanghai Hongqiao International Apt');
    expect(airports.map((r) => r.code)).toContain('CNPVG');
    expect(airports.map((r) => r.code)).not.toContain('CNSHG');
  });

  it('filters road and rail searches by UNECE’s road (3) and rail (2) functions', async () => {
    for (const fn of ['road', 'rail'] as const) {
      const rows = await search(`q=rotterdam&function=${fn}&limit=30`);
      expect(rows.map((r) => r.code)).toContain('NLRTM');
      expect(rows.every((r) => r.functions.includes(fn))).toBe(true);
    }
    expect((await search('q=shanghai%20hongqiao&function=rail')).map((r) => r.code)).not.toContain('CNSHA');
  });

  it('finds a place by the name UNECE refers to it by (Antwerp = Antwerpen)', async () => {
    const [first] = await search('q=antwerp&function=port');
    expect(first).toMatchObject({ code: 'BEANR', name: 'Antwerpen' });
  });

  it('gives checked coordinates only: the geocoded guess for CNTAO is gone, a position outside its country is dropped and flagged', async () => {
    const [qingdao] = await search('q=CNTAO');
    // Qingdao (UNECE CNQIN 3603N 12019E), not 31.28, 104.19 in Sichuan.
    expect([qingdao.lat, qingdao.lon, qingdao.coordinates]).toEqual([36.05, 120.3167, 'city']);
    // Arnedillo, La Rioja: UNECE's 4213N 02140W lies in the Atlantic.
    const [arnedillo] = await search('q=ESAED');
    expect(arnedillo).toMatchObject({ lat: null, lon: null, coordinates: null, coordinates_flag: 'outside_country' });
    // Yantian: UNECE puts it in Fujian, 740 km away; the World Port Index and the terminals agree on Shenzhen.
    const [yantian] = await search('q=CNYTN');
    expect(yantian).toMatchObject({ lat: 22.5833, lon: 114.2667, coordinates: 'wpi', coordinates_flag: 'corrected' });
    const [felixstowe] = await search('q=GBFXT');
    expect(felixstowe).toMatchObject({ lat: 51.95, lon: 1.3167, coordinates: 'wpi' });
  });

  it('treats LIKE wildcards as text and validates its parameters', async () => {
    expect(await search('q=%25%25%25')).toEqual([]);
    expect((await client.get('/api/locations/search?q=rot&function=spaceport')).statusCode).toBe(422);
    expect((await client.get('/api/locations/search?q=rot&limit=500')).statusCode).toBe(422);
    expect((await client.get('/api/locations/search?q=')).statusCode).toBe(422);
  });

  it('requires a login', async () => {
    expect((await createClient(t.app).get('/api/locations/search?q=rot')).statusCode).toBe(401);
  });
});

describe('address builder lists', () => {
  it('lists countries, the subdivisions of one, and its towns by prefix', async () => {
    const countries = (await client.get('/api/address-builder/countries')).data.data;
    expect(countries.length).toBeGreaterThan(240);
    expect(countries.find((c: { code: string }) => c.code === 'GB').places).toBeGreaterThan(1000);
    const subs = (await client.get('/api/address-builder/subdivisions?country=gb')).data.data;
    expect(subs.map((s: { code: string }) => s.code)).toContain('SFK');
    expect(subs.find((s: { code: string }) => s.code === 'SFK').name).toBe('Suffolk');
    const towns = (await client.get('/api/address-builder/towns?country=GB&subdivision=SFK&q=fel')).data.data;
    expect(towns[0]).toMatchObject({ name: 'Felixstowe', code: 'GBFXT', subdivision: 'SFK' });
    expect((await client.get('/api/address-builder/towns?country=GBR')).statusCode).toBe(422);
    expect((await createClient(t.app).get('/api/address-builder/countries')).statusCode).toBe(401);
  });
});
