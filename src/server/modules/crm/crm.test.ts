import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

let t: TestApp;
const who = people(() => t);
let owner: Awaited<ReturnType<typeof who.owner>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await who.owner();
  // The organisation is British: base GBP. 1 USD = 0.79 GBP; 1 GBP = 1.25 EUR, so 1 EUR = 0.8 GBP.
  await owner.post('/api/exchange-rates', { base: 'USD', quote: 'GBP', rate: '0.79', valid_from: '2026-01-01' });
  await owner.post('/api/exchange-rates', { base: 'GBP', quote: 'EUR', rate: '1.25', valid_from: '2026-01-01' });
});
afterAll(() => t.close());

const lead = (extra: Record<string, unknown> = {}) => owner.post('/api/leads', { company_name: 'Yorkshire Tea Exports Ltd', contact_name: 'Amelia Shaw', email: 'amelia@ytexports.example', country: 'GB', source: 'trade_show', score: 70, ...extra });

describe('leads', () => {
  it('move new → contacted → qualified, and only the convert call converts', async () => {
    const l = (await lead()).data.data;
    expect(l.status).toBe('new');
    const patch = (body: Record<string, unknown>) => owner.request('PATCH', `/api/leads/${l.id}`, body);
    expect((await patch({ status: 'contacted' })).data.data.status).toBe('contacted');
    expect((await patch({ status: 'qualified' })).data.data.status).toBe('qualified');
    expect((await patch({ status: 'converted' })).statusCode).toBe(409);
    expect((await patch({ status: 'lost' })).statusCode).toBe(422);
    const converted = await owner.post(`/api/leads/${l.id}/convert`, {});
    expect(converted.statusCode, converted.body).toBe(200);
    const { native_organisation_id, deal_id } = converted.data.data;
    expect((await owner.get(`/api/native-organisations/${native_organisation_id}`)).data.data).toMatchObject({ name: 'Yorkshire Tea Exports Ltd', country: 'GB', email: 'amelia@ytexports.example' });
    const contacts = (await owner.get(`/api/native-contacts?filter[native_organisation_id]=${native_organisation_id}`)).data.data;
    expect(contacts).toMatchObject([{ name: 'Amelia Shaw', is_primary: true }]);
    expect((await owner.get(`/api/leads/${l.id}`)).data.data.status).toBe('converted');
    const prospects = (await owner.get('/api/pipelines')).data.data.find((p: { kind: string }) => p.kind === 'connection');
    const board = (await owner.get(`/api/pipelines/${prospects.id}/board`)).data.data;
    expect(board.columns[0].deals.map((d: { id: string; title: string }) => [d.id, d.title])).toEqual([[deal_id, 'Yorkshire Tea Exports Ltd']]);
    expect((await owner.post(`/api/leads/${l.id}/convert`, {})).statusCode).toBe(409);
    expect((await patch({ status: 'new' })).statusCode).toBe(409);
    // A lost lead needs its reason, and may come back as new.
    const other = (await lead({ company_name: 'Humber Marine Supplies' })).data.data;
    expect((await owner.request('PATCH', `/api/leads/${other.id}`, { status: 'lost', lost_reason: 'Uses a forwarder in Hull' })).data.data.status).toBe('lost');
    expect((await owner.request('PATCH', `/api/leads/${other.id}`, { status: 'new' })).data.data.status).toBe('new');
  });
});

describe('pipelines', () => {
  it('totals each column and weights it by the stage’s probability, in the base currency, deal by deal', async () => {
    const p = (await owner.post('/api/pipelines', { name: 'Key accounts 2027', kind: 'connection' })).data.data;
    expect(p.stages.map((s: { name: string; probability_pct: string }) => `${s.name} ${s.probability_pct}`)).toEqual(['Identified 10', 'Contacted 25', 'Meeting held 50', 'Trial shipment 75', 'Won 100', 'Lost 0']);
    const [identified, contacted, meeting, , won, lost] = p.stages.map((s: { id: string }) => s.id);
    const deal = async (title: string, value_minor: number, currency: string, stage_id: string) =>
      (await owner.post('/api/deals', { pipeline_id: p.id, stage_id, title, value_minor, currency })).data.data;
    const a = await deal('Ocean contract', 1_000_000, 'USD', identified);
    const b = await deal('Rotterdam road', 500_000, 'EUR', identified);
    await deal('Customs retainer', 250_000, 'GBP', contacted);
    await deal('Pilot air shipment', 33_333, 'GBP', meeting);
    await deal('Bullion run', 100, 'XAU', meeting);
    const board = async () => (await owner.get(`/api/pipelines/${p.id}/board`)).data.data;
    const first = await board();
    expect(first.currency).toBe('GBP');
    // Identified: $10,000.00 × 0.79 = £7,900.00 (10 % = £790.00); €5,000.00 × 0.8 = £4,000.00 (10 % = £400.00).
    // Contacted: £2,500.00 (25 % = £625.00). Meeting held: £333.33 (50 % = £166.665 → £166.67). Gold has no rate: left out, said so.
    expect(first.columns.slice(0, 3).map((c: { total_minor: number; weighted_minor: number }) => [c.total_minor, c.weighted_minor])).toEqual([[1_190_000, 119_000], [250_000, 62_500], [33_333, 16_667]]);
    expect(first.totals).toEqual({ total_minor: 1_473_333, weighted_minor: 198_167, open_minor: 1_473_333, weighted_open_minor: 198_167 });
    expect(first.unconverted).toEqual(['XAU']);

    // Won counts in full; lost needs its reason and counts nothing.
    expect((await owner.request('PATCH', `/api/deals/${a.id}`, { stage_id: won })).data.data.stage_id).toBe(won);
    expect((await owner.request('PATCH', `/api/deals/${b.id}`, { stage_id: lost })).statusCode).toBe(422);
    expect((await owner.request('PATCH', `/api/deals/${b.id}`, { stage_id: lost, lost_reason: 'Went with the incumbent' })).data.data.lost_reason).toBe('Went with the incumbent');
    const after = await board();
    expect(after.totals).toEqual({ total_minor: 1_473_333, weighted_minor: 790_000 + 62_500 + 16_667, open_minor: 283_333, weighted_open_minor: 79_167 });
  });

  it('orders a column by drag and drop, and keeps other organisations out', async () => {
    const p = (await owner.post('/api/pipelines', { name: 'Quotes Q1', kind: 'quote' })).data.data;
    const stage = p.stages[0].id;
    const ids: string[] = [];
    for (const title of ['A', 'B', 'C']) ids.push((await owner.post('/api/deals', { pipeline_id: p.id, title, value_minor: 100, currency: 'GBP' })).data.data.id);
    await owner.request('PATCH', `/api/deals/${ids[2]}`, { position: 0 });
    const column = (await owner.get(`/api/pipelines/${p.id}/board`)).data.data.columns[0].deals.map((d: { title: string; position: number }) => `${d.title}${d.position}`);
    expect(column).toEqual(['C0', 'A1', 'B2']);
    const other = await who.owner();
    expect((await other.get(`/api/pipelines/${p.id}/board`)).statusCode).toBe(404);
    expect((await other.post('/api/deals', { pipeline_id: p.id, stage_id: stage, title: 'X', value_minor: 1, currency: 'GBP' })).statusCode).toBe(422);
    expect((await other.request('PATCH', `/api/deals/${ids[0]}`, { position: 3 })).statusCode).toBe(404);
    const bad = await owner.post('/api/pipelines', { name: 'Nothing to win', kind: 'quote', stages: [{ name: 'One', probability_pct: '10' }, { name: 'Two', probability_pct: '20' }] });
    expect(bad.statusCode).toBe(422);
  });
});
