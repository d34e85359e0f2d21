import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

let t: TestApp;
const who = people(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the emissions report', () => {
  it('sums the accepted quotes of the period by month, mode and client, less the offsets retired in it', async () => {
    const o = await who.owner();
    const native = async (name: string) => (await o.post('/api/native-organisations', { name, type: 'shipper', country: 'GB', email: `${name.length}@client.example`, force: true })).data.data.id as string;
    const a = await native('Harrogate Home & Garden Ltd');
    const b = await native('Thames Valley Electronics plc');
    const code = (await o.post('/api/charge-codes', { code: 'TRH', name: 'Haulage', category: 'freight', basis: 'per_shipment', default_currency: 'GBP' })).data.data.id;
    /** A quote for `client`, sent and then accepted or declined, whose acceptance day, mode and estimate are set as given. */
    const quote = async (client: string, status: 'accepted' | 'declined', day: string, mode: string, estimate: { kg: string; tkm: string } | null) => {
      const q = (await o.post('/api/quotes', {
        client: { type: 'native_organisation', id: client }, mode: 'road_ftl', origin: 'GBMNC', destination: 'GBFXT', currency: 'GBP', valid_until: '2030-01-01',
        cargo: [{ packages: 1, length_cm: 100, width_cm: 100, height_cm: 100, weight_kg: 1000 }],
        lines: [{ charge_code_id: code, basis: 'per_shipment', buy: { amount_minor: 40_000, currency: 'GBP' }, sell: { amount_minor: 50_000, currency: 'GBP' } }],
      })).data.data;
      await o.post(`/api/quotes/${q.id}/send`, {});
      await o.post(`/api/quotes/${q.id}/${status === 'accepted' ? 'accept' : 'decline'}`, { reason: 'Too dear' });
      const emissions = estimate && { kg_co2e: estimate.kg, method: 'ISO 14083', tonnes_assumed: false, legs: [{ mode, tonne_km: estimate.tkm, kg_co2e: estimate.kg, source: 'DESNZ 2025' }] };
      await t.database.query('update quotes set decided_at = $2::timestamptz, mode = $3, emissions = $4::jsonb where id = $1', [q.id, `${day}T10:00:00Z`, mode, emissions === null ? null : JSON.stringify(emissions)]);
      return q;
    };
    const sea = await quote(a, 'accepted', '2026-10-14', 'sea_fcl', { kg: '1011.4', tkm: '51160' });
    await quote(a, 'accepted', '2026-11-02', 'road_ftl', { kg: '1109.8', tkm: '11680' });
    await quote(b, 'accepted', '2026-11-20', 'air', { kg: '1647.8', tkm: '1715.5' });
    await quote(b, 'accepted', '2026-11-21', 'rail', null);
    await quote(b, 'declined', '2026-11-05', 'air', { kg: '999', tkm: '999' });
    await quote(a, 'accepted', '2026-09-30', 'sea_fcl', { kg: '5000', tkm: '5000' });
    await o.post('/api/carbon-offsets', { provider: 'ClimatePartner', tonnes_co2e: '2.5', retired_on: '2026-11-10' });
    await o.post('/api/carbon-offsets', { provider: 'South Pole', tonnes_co2e: '1', retired_on: '2026-09-01' });
    // Another organisation's accepted quotes and offsets never count.
    const other = await who.owner();
    await other.post('/api/carbon-offsets', { provider: 'Gold Standard', tonnes_co2e: '100', retired_on: '2026-11-10' });

    const res = await o.get('/api/emissions/report?from=2026-10-01&to=2026-11-30');
    expect(res.statusCode, res.body).toBe(200);
    const r = res.data.data;
    // 1011.4 + 1109.8 + 1647.8 = 3769.0 kg; 51 160 + 11 680 + 1 715.5 = 64 555.5 t·km; 3769 − 2.5 t × 1000 = 1269 kg net.
    expect(r).toMatchObject({ from: '2026-10-01', to: '2026-11-30', emitted_kg: '3769', tonne_km: '64555.5', quotes: 3, without_estimate: 1, offset_tonnes: '2.5', offsets: 1, net_kg: '1269' });
    expect(r.by_month).toEqual([{ month: '2026-10', kg: '1011.4', quotes: 1 }, { month: '2026-11', kg: '2757.6', quotes: 2 }]);
    expect(r.by_mode.map((x: { mode: string; kg: string }) => [x.mode, x.kg])).toEqual([['air', '1647.8'], ['road_ftl', '1109.8'], ['sea_fcl', '1011.4']]);
    expect(r.by_client).toEqual([
      { client_type: 'native_organisation', client_id: a, client_name: 'Harrogate Home & Garden Ltd', kg: '2121.2', quotes: 2 },
      { client_type: 'native_organisation', client_id: b, client_name: 'Thames Valley Electronics plc', kg: '1647.8', quotes: 1 },
    ]);
    expect(r.source).toMatch(/DESNZ/);

    const csv = await o.get('/api/emissions/report/export?from=2026-10-01&to=2026-11-30');
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe('quote,revision,client,mode,origin,destination,accepted_on,tonne_km,kg_co2e,source');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toBe(`${sea.number},1,Harrogate Home & Garden Ltd,sea_fcl,GBMNC,GBFXT,2026-10-14,51160,1011.4,DESNZ 2025`);
    expect(lines[4]).toMatch(/,rail,GBMNC,GBFXT,2026-11-21,,,$/);

    expect((await o.get('/api/emissions/report?from=2026-12-01&to=2026-11-30')).statusCode).toBe(422);
    expect((await other.get('/api/emissions/report?from=2026-10-01&to=2026-11-30')).data.data).toMatchObject({ emitted_kg: '0', offset_tonnes: '100', net_kg: '-100000' });
    const role = (await o.post('/api/roles', { name: 'Viewer', permissions: ['crm.view'] })).data.data.id;
    const viewer = await o.join(role);
    expect((await viewer.get('/api/emissions/report?from=2026-10-01&to=2026-11-30')).statusCode).toBe(200);
    expect((await viewer.get('/api/emissions/report/export?from=2026-10-01&to=2026-11-30')).statusCode).toBe(403);
  });
});
