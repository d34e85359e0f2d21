import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STANDARD_REFERENCE_LISTS } from '#shared/resources/reference-lists.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

let t: TestApp;
const who = people(() => t);
type Owner = Awaited<ReturnType<typeof who.owner>>;
let owner: Owner;
let client: string;
let freight: string;

const quote = (extra: Record<string, unknown> = {}) => ({
  client: { type: 'native_organisation', id: client },
  mode: 'sea_fcl',
  incoterm: 'FOB',
  origin: 'CNSHA',
  destination: 'GBFXT',
  currency: 'USD',
  valid_until: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
  cargo: [],
  equipment: [{ iso_type: '45G1', count: 1 }],
  lines: [{ charge_code_id: freight, basis: 'per_container', buy: { amount_minor: 180_000, currency: 'USD' }, sell: { amount_minor: 210_000, currency: 'USD' } }],
  ...extra,
});
const idOf = async (list: string, code: string) => (await owner.get(`/api/${list}?filter[active]=true&q=${code}`)).data.data.find((r: { code: string }) => r.code === code).id as string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await who.owner();
  client = (await owner.post('/api/native-organisations', { name: 'Harrogate Home & Garden Ltd', type: 'shipper', country: 'GB', force: true })).data.data.id;
  freight = (await owner.post('/api/charge-codes', { code: 'TOFR', name: 'Ocean freight', category: 'freight', basis: 'per_container', default_currency: 'USD' })).data.data.id;
});
afterAll(() => t.close());

describe('reference lists', () => {
  it('gives a new organisation the standard lists: four directions, eleven Incoterms 2020, six modes, twelve ISO 6346 types', async () => {
    const codes = async (list: string) => (await owner.get(`/api/${list}?per_page=100&sort=code`)).data.data.map((r: { code: string }) => r.code);
    expect(await codes('directions')).toEqual(['CROSS_TRADE', 'DOMESTIC', 'EXPORT', 'IMPORT']);
    expect(await codes('incoterms')).toEqual(['CFR', 'CIF', 'CIP', 'CPT', 'DAP', 'DDP', 'DPU', 'EXW', 'FAS', 'FCA', 'FOB']);
    expect((await codes('transport-modes')).length).toBe(6);
    expect((await codes('equipment-types')).sort()).toEqual(STANDARD_REFERENCE_LISTS['equipment-types'].map((e) => e.code).sort());
    const fob = (await owner.get('/api/incoterms?q=FOB')).data.data.find((r: { code: string }) => r.code === 'FOB');
    expect(fob).toMatchObject({ name: 'Free on Board', sea_only: true, active: true });
    const hc = (await owner.get('/api/equipment-types?q=L5G1')).data.data[0];
    expect(hc).toMatchObject({ code: 'L5G1', teu: '2.25' });
  });

  it('refuses a quote or rate whose Incoterm, equipment or mode the organisation has switched off, and takes it back once active', async () => {
    expect((await owner.post('/api/quotes', quote())).statusCode).toBe(201);
    const fob = await idOf('incoterms', 'FOB');
    const hc = await idOf('equipment-types', '45G1');
    expect((await owner.request('PATCH', `/api/incoterms/${fob}`, { active: false })).statusCode).toBe(200);
    expect((await owner.request('PATCH', `/api/equipment-types/${hc}`, { active: false })).statusCode).toBe(200);
    const before = (await owner.get('/api/quotes')).data.meta.total;
    const refused = await owner.post('/api/quotes', quote());
    expect(refused.statusCode).toBe(422);
    expect(refused.data.error.code).toBe('reference_inactive');
    expect(Object.keys(refused.data.error.fields).sort()).toEqual(['equipment.0.iso_type', 'incoterm']);
    expect((await owner.get('/api/quotes')).data.meta.total).toBe(before);
    const rate = await owner.post('/api/rates', {
      carrier: 'MSC', mode: 'sea_fcl', origin: 'CNSHA', destination: 'GBFXT', equipment: '45G1', valid_from: '2026-11-01', valid_until: '2026-12-31',
      charges: [{ charge_code_id: freight, basis: 'per_container', amount_minor: 180_000, currency: 'USD' }],
    });
    expect(rate.statusCode, rate.body).toBe(422);
    expect(rate.data.error.fields).toHaveProperty('equipment');
    // A custom mode entry priced as air keeps air quotes possible after the standard one is switched off.
    const air = await idOf('transport-modes', 'AIR');
    expect((await owner.request('PATCH', `/api/transport-modes/${air}`, { active: false })).statusCode).toBe(200);
    expect((await owner.post('/api/quotes', quote({ mode: 'air', incoterm: 'FCA', equipment: [], cargo: [{ packages: 1, length_cm: 100, width_cm: 100, height_cm: 100, weight_kg: 100 }], lines: [] }))).data.error.fields).toHaveProperty('mode');
    expect((await owner.post('/api/transport-modes', { code: 'COURIER', name: 'Express courier', mode: 'air' })).statusCode).toBe(201);
    expect((await owner.post('/api/quotes', quote({ mode: 'air', incoterm: 'FCA', equipment: [], cargo: [{ packages: 1, length_cm: 100, width_cm: 100, height_cm: 100, weight_kg: 100 }], lines: [] }))).statusCode).toBe(201);
    await owner.request('PATCH', `/api/incoterms/${fob}`, { active: true });
    await owner.request('PATCH', `/api/equipment-types/${hc}`, { active: true });
    expect((await owner.post('/api/quotes', quote())).statusCode).toBe(201);
  });

  it('keeps clocks to real IANA time zones', async () => {
    expect((await owner.post('/api/clocks', { name: 'Shanghai', time_zone: 'Asia/Shanghai' })).statusCode).toBe(201);
    const bad = await owner.post('/api/clocks', { name: 'Moon base', time_zone: 'Moon/Tranquility' });
    expect(bad.statusCode).toBe(422);
    expect(bad.data.error.fields).toHaveProperty('time_zone');
  });
});
