import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, latestCode, type TestApp } from '../../test/harness.ts';
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
  return res.data.data as { code: string; name: string; country: string; subdivision: string | null; functions: string[]; lat: number | null; lon: number | null }[];
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
