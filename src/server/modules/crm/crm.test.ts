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

describe('the CRM summary', () => {
  it('counts leads by status, totals each pipeline in the base currency, lists quotes expiring this week and the win rate of 90 days', async () => {
    const o = await who.owner();
    await o.post('/api/exchange-rates', { base: 'USD', quote: 'GBP', rate: '0.79', valid_from: '2026-01-01' });
    for (const status of ['new', 'new', 'contacted']) {
      const l = (await o.post('/api/leads', { company_name: `Lead ${Math.random()}`, country: 'GB', source: 'website' })).data.data;
      if (status !== 'new') await o.request('PATCH', `/api/leads/${l.id}`, { status });
    }
    const prospects = (await o.get('/api/pipelines')).data.data.find((p: { kind: string }) => p.kind === 'connection');
    const stage = (name: string) => prospects.stages.find((s: { name: string }) => s.name === name).id;
    await o.post('/api/deals', { pipeline_id: prospects.id, stage_id: stage('Identified'), title: 'Leeds importer', value_minor: 100_000, currency: 'GBP' });
    await o.post('/api/deals', { pipeline_id: prospects.id, stage_id: stage('Meeting held'), title: 'Boston buyer', value_minor: 50_000, currency: 'USD' });
    await o.post('/api/deals', { pipeline_id: prospects.id, stage_id: stage('Won'), title: 'Won already', value_minor: 70_000, currency: 'GBP' });

    const client = (await o.post('/api/native-organisations', { name: 'Pennine Outdoor Clothing Ltd', type: 'shipper', country: 'GB', email: 'shipping@pennine.example', force: true })).data.data.id;
    const code = (await o.post('/api/charge-codes', { code: 'TRH', name: 'Road haulage', category: 'freight', basis: 'per_shipment', default_currency: 'GBP' })).data.data.id;
    const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const quote = async (validDays: number, sell: number) => {
      const q = (await o.post('/api/quotes', {
        client: { type: 'native_organisation', id: client }, mode: 'road_ftl', origin: 'GBMNC', destination: 'GBFXT', currency: 'GBP', valid_until: inDays(validDays),
        cargo: [{ packages: 1, length_cm: 120, width_cm: 100, height_cm: 100, weight_kg: 500 }],
        lines: [{ charge_code_id: code, basis: 'per_shipment', buy: { amount_minor: 40_000, currency: 'GBP' }, sell: { amount_minor: sell, currency: 'GBP' } }],
      })).data.data;
      expect((await o.post(`/api/quotes/${q.id}/send`, {})).statusCode).toBe(200);
      return q;
    };
    const soon = await quote(3, 55_000);
    await quote(10, 56_000);
    await o.post(`/api/quotes/${(await quote(20, 57_000)).id}/accept`, {});
    await o.post(`/api/quotes/${(await quote(20, 58_000)).id}/decline`, { reason: 'Cheaper elsewhere' });
    // Expired by the background job, its clock moved past the last valid day (tomorrow).
    const gone = await quote(1, 59_000);
    await t.app.ctx.jobs.runNow('quotes.expire', { day: inDays(2) });
    expect((await o.get(`/api/quotes/${gone.id}`)).data.data.status).toBe('expired');

    const res = await o.get('/api/crm/summary');
    expect(res.statusCode, res.body).toBe(200);
    const s = res.data.data;
    expect(s.currency).toBe('GBP');
    expect(s.leads).toEqual({ new: 2, contacted: 1, qualified: 0, converted: 0, lost: 0 });
    // Open: £1,000 + $500 × 0.79 = £395 → £1,395.00; weighted: 10 % of £1,000 + 50 % of £395 = £100 + £197.50 = £297.50. Won stays out.
    expect(s.pipelines.find((p: { kind: string }) => p.kind === 'connection')).toMatchObject({ open_deals: 2, open_minor: 139_500, weighted_open_minor: 29_750, unconverted: [] });
    // The quote pipeline: the two still sent (the 3-day and the 10-day one) sit at Enquiry (20 %): £550 + £560 = £1,110, weighted £222.
    expect(s.pipelines.find((p: { kind: string }) => p.kind === 'quote')).toMatchObject({ open_deals: 2, open_minor: 111_000, weighted_open_minor: 22_200 });
    expect(s.expiring).toEqual([{ id: soon.id, number: soon.number, revision: 1, client_name: 'Pennine Outdoor Clothing Ltd', valid_until: inDays(3), sell_minor: 55_000, currency: 'GBP' }]);
    // 1 accepted of 3 decided: 33.33 %.
    expect(s.win_rate).toEqual({ days: 90, accepted: 1, declined: 1, expired: 1, pct: '33.33' });
  });

  it('needs crm.view', async () => {
    const o = await who.owner();
    const role = (await o.post('/api/roles', { name: 'Control centre only', permissions: ['control_centre.view'] })).data.data.id;
    const outsider = await o.join(role);
    const res = await outsider.get('/api/crm/summary');
    expect([res.statusCode, res.data.error.code]).toEqual([403, 'forbidden']);
    expect((await (await o.join(o.role('staff'))).get('/api/crm/summary')).statusCode).toBe(200);
  });
});

describe('a native organisation’s timeline', () => {
  it('merges logged activities, quote events, bookings and merges, newest first, paged by cursor, and only its own', async () => {
    const o = await who.owner();
    const client = (await o.post('/api/native-organisations', { name: 'Harrogate Home & Garden Ltd', type: 'shipper', country: 'GB', email: 'imports@harrogate.example', force: true })).data.data.id;
    const contact = (await o.post('/api/native-contacts', { native_organisation_id: client, name: 'Emily Carter' })).data.data.id;
    await o.post('/api/crm-activities', { native_organisation_id: client, kind: 'meeting', subject: 'Annual review', occurred_on: '2026-01-10', native_contact_id: contact });
    await o.post('/api/crm-activities', { native_organisation_id: client, kind: 'call', subject: 'Spring range from Ningbo', occurred_on: '2026-02-03' });
    const code = (await o.post('/api/charge-codes', { code: 'TRH', name: 'Road haulage', category: 'freight', basis: 'per_shipment', default_currency: 'GBP' })).data.data.id;
    const q = (await o.post('/api/quotes', {
      client: { type: 'native_organisation', id: client }, mode: 'road_ftl', origin: 'GBMNC', destination: 'GBFXT', currency: 'GBP',
      valid_until: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      cargo: [{ packages: 1, length_cm: 120, width_cm: 100, height_cm: 100, weight_kg: 500 }],
      lines: [{ charge_code_id: code, basis: 'per_shipment', buy: { amount_minor: 40_000, currency: 'GBP' }, sell: { amount_minor: 52_000, currency: 'GBP' } }],
    })).data.data;
    await o.post(`/api/quotes/${q.id}/send`, {});
    const booking = (await o.post(`/api/quotes/${q.id}/accept`, {})).data.data.booking_id;
    const dupe = (await o.post('/api/native-organisations', { name: 'Harrogate Home and Garden', type: 'shipper', country: 'GB', force: true })).data.data.id;
    await o.post(`/api/native-organisations/${dupe}/merge`, { into_id: client });

    const all = (await o.get(`/api/native-organisations/${client}/timeline?limit=100`)).data;
    const types = all.data.map((e: { type: string }) => e.type);
    // Accepting and making the booking happen at the same moment: either may come first.
    expect([types[0], [...types.slice(1, 3)].sort(), ...types.slice(3)]).toEqual(['merged', ['booking_created', 'quote_accepted'], 'quote_sent', 'quote_created', 'activity_call', 'activity_meeting']);
    const of = (type: string) => all.data.find((e: { type: string }) => e.type === type);
    expect(of('booking_created')).toMatchObject({ ref_id: booking, detail: 'GBMNC → GBFXT', status: 'received' });
    expect(of('quote_accepted')).toMatchObject({ ref_id: q.id, title: q.number, status: 'accepted' });
    expect(all.data[6]).toMatchObject({ title: 'Annual review', actor: 'Emily Carter', at: '2026-01-10T12:00:00.000Z' });
    expect(all.data[0]).toMatchObject({ title: 'Harrogate Home and Garden' });
    expect(all.meta.next_cursor).toBeNull();

    // Three at a time: the pages follow on exactly.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: { id: string }[]; meta: { next_cursor: string | null } } = (await o.get(`/api/native-organisations/${client}/timeline?limit=3${cursor ? `&cursor=${cursor}` : ''}`)).data;
      seen.push(...page.data.map((e) => e.id));
      cursor = page.meta.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.data.map((e: { id: string }) => e.id));
    expect((await o.get(`/api/native-organisations/${client}/timeline?cursor=nonsense`)).statusCode).toBe(422);
    // A cursor whose time is not one (found by the fuzz: PostgreSQL was asked to read "\"6" as a time).
    const bad = Buffer.from(JSON.stringify(['"6', '1dce19ef-000e-1000-bfff-fffd5955b949'])).toString('base64url');
    expect((await o.get(`/api/native-organisations/${client}/timeline?cursor=${bad}`)).statusCode).toBe(422);

    // Another organisation sees nothing of it; a role without crm.view is refused.
    const other = await who.owner();
    expect((await other.get(`/api/native-organisations/${client}/timeline`)).statusCode).toBe(404);
    const role = (await o.post('/api/roles', { name: 'No CRM', permissions: ['control_centre.view'] })).data.data.id;
    expect((await (await o.join(role)).get(`/api/native-organisations/${client}/timeline`)).statusCode).toBe(403);
  });
});
