import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, type TestApp } from '../../test/harness.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { people } from '../../test/people.ts';

let t: TestApp;
const who = people(() => t);
type Owner = Awaited<ReturnType<typeof who.owner>>;
let northwind: Owner;
let acme: string;
let codes: Record<string, string>;

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const money = (amount_minor: number, currency: string) => ({ amount_minor, currency });

/** The air quote whose figures are worked out by hand below. */
const airQuote = (client: string, extra: Record<string, unknown> = {}) => ({
  client: { type: 'native_organisation', id: client },
  mode: 'air',
  incoterm: 'FCA',
  origin: 'HKHKG',
  destination: 'GBLHR',
  currency: 'GBP',
  valid_until: inDays(30),
  cargo: [{ packages: 2, length_cm: 120, width_cm: 80, height_cm: 100, weight_kg: 150 }],
  lines: [
    { charge_code_id: codes.AFR, basis: 'per_kg', buy: money(180, 'USD'), sell: money(235, 'USD') },
    { charge_code_id: codes.DOC, basis: 'per_shipment', buy: money(4500, 'EUR'), sell: money(6500, 'EUR') },
    { charge_code_id: codes.HAND, basis: 'per_cbm', buy: money(1250, 'GBP'), sell: money(1830, 'GBP') },
  ],
  ...extra,
});

async function native(o: Owner, name: string, extra: Record<string, unknown> = {}) {
  const res = await o.post('/api/native-organisations', { name, type: 'shipper', country: 'GB', force: true, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.data.data.id as string;
}

beforeAll(async () => {
  t = await createTestApp();
  northwind = await who.owner();
  codes = {};
  for (const [code, basis] of [['AFR', 'per_kg'], ['DOC', 'per_shipment'], ['HAND', 'per_cbm']]) {
    const made = await northwind.post('/api/charge-codes', { code: `T${code}`, name: code, category: 'freight', basis, default_currency: 'GBP' });
    expect(made.statusCode, made.body).toBe(201);
    codes[code] = made.data.data.id;
  }
  // 1 USD = 0.79 GBP; 1 GBP = 1.25 EUR, so 1 EUR = 0.8 GBP (the inverse of the organisation's own rate).
  await northwind.post('/api/exchange-rates', { base: 'USD', quote: 'GBP', rate: '0.79', valid_from: '2026-01-01' });
  await northwind.post('/api/exchange-rates', { base: 'GBP', quote: 'EUR', rate: '1.25', valid_from: '2026-01-01' });
  acme = await native(northwind, 'Acme Components Ltd', { email: 'buying@acme-components.example' });
});
afterAll(() => t.close());

describe('quotes', () => {
  it('works out measures, line quantities and totals in three currencies at the rates frozen on the quote', async () => {
    const res = await northwind.post('/api/quotes', airQuote(acme));
    expect(res.statusCode, res.body).toBe(201);
    const q = res.data.data;
    expect(q).toMatchObject({ status: 'draft', revision: 1, client: { type: 'native_organisation', id: acme, name: 'Acme Components Ltd' }, booking_id: null, warnings: [] });
    expect(q.number).toMatch(/^Q-\d{4}-00001$/);
    // 2 × 120 × 80 × 100 cm = 1.92 m³; / 6000 cm³ per kg = 320 kg > 300 kg actual.
    expect([q.volume_cbm, q.chargeable_weight_kg, q.weight_kg]).toEqual(['1.92', '320', '300']);
    expect(q.lines.map((l: Record<string, unknown>) => [l.quantity, l.buy_total_minor, l.sell_total_minor, l.rate_to_quote, l.buy_in_quote_minor, l.sell_in_quote_minor])).toEqual([
      // 320 × 180 = 57 600 US cents × 0.79 = 45 504 pence; 320 × 235 = 75 200 × 0.79 = 59 408.
      ['320', 57600, 75200, '0.79', 45504, 59408],
      // 4500 euro cents × 0.8 = 3600; 6500 × 0.8 = 5200.
      ['1', 4500, 6500, '0.8', 3600, 5200],
      // 1.92 × 1250 = 2400; 1.92 × 1830 = 3513.6 → 3514.
      ['1.92', 2400, 3514, '1', 2400, 3514],
    ]);
    // sell 59 408 + 5200 + 3514 = 68 122; buy 45 504 + 3600 + 2400 = 51 504; margin 16 618 = 24.3944…%.
    expect(q.totals).toEqual({
      currency: 'GBP', sell_minor: 68122, buy_minor: 51504, margin_minor: 16618, margin_pct: '24.39',
      by_currency: [{ currency: 'EUR', sell_minor: 6500, buy_minor: 4500 }, { currency: 'GBP', sell_minor: 3514, buy_minor: 2400 }, { currency: 'USD', sell_minor: 75200, buy_minor: 57600 }],
    });
    expect(q.rates).toEqual([
      { from: 'EUR', rate: '0.8', source: 'manual', rate_date: '2026-01-01' },
      { from: 'USD', rate: '0.79', source: 'manual', rate_date: '2026-01-01' },
    ]);
    // Hong Kong to Heathrow is about 9,600 km by great circle (+ 95 km): long-haul air, 0.3 t.
    expect(q.emissions.legs[0]).toMatchObject({ mode: 'air', from: 'HKHKG', to: 'GBLHR', tonnes: '0.3', factor: '0.66646', factor_key: 'air_long_haul' });
    expect(Number(q.emissions.legs[0].distance_km)).toBeGreaterThan(9500);
    expect(Number(q.emissions.legs[0].distance_km)).toBeLessThan(9900);
    expect(q.emissions.tonnes_assumed).toBe(false);
    expect((await northwind.get(`/api/quotes/${q.id}`)).data.data).toEqual({ ...q, warnings: [] });
    const next = await northwind.post('/api/quotes', airQuote(acme));
    expect(next.data.data.number).toBe(q.number.replace(/00001$/, '00002'));
  });

  it('keeps the frozen rates when the organisation’s rate changes, and takes ECB’s for a currency it has no rate for', async () => {
    const q = (await northwind.post('/api/quotes', airQuote(acme))).data.data;
    await northwind.post('/api/exchange-rates', { base: 'USD', quote: 'GBP', rate: '0.5', valid_from: '2026-02-01' });
    const patched = await northwind.request('PATCH', `/api/quotes/${q.id}`, { lines: [...airQuote(acme).lines, { basis: 'per_shipment', buy: money(10000, 'CHF'), sell: money(12000, 'CHF') }] });
    expect(patched.statusCode, patched.body).toBe(200);
    const rates = patched.data.data.rates as { from: string; source: string; rate: string }[];
    expect(rates.find((r) => r.from === 'USD')).toMatchObject({ rate: '0.79', source: 'manual' });
    expect(rates.find((r) => r.from === 'CHF')).toMatchObject({ source: 'ecb' });
    expect(patched.data.data.lines[0].sell_in_quote_minor).toBe(59408);
    // A new quote takes the new rate: 75 200 × 0.5 = 37 600.
    expect((await northwind.post('/api/quotes', airQuote(acme))).data.data.lines[0].sell_in_quote_minor).toBe(37600);
    await northwind.post('/api/exchange-rates', { base: 'USD', quote: 'GBP', rate: '0.79', valid_from: '2026-03-01' });
  });

  it('counts containers on FCL and needs a quantity where the basis counts nothing', async () => {
    const fcl = await northwind.post('/api/quotes', {
      ...airQuote(acme), mode: 'sea_fcl', incoterm: 'FOB', origin: 'CNSHA', destination: 'GBFXT', cargo: [], equipment: [{ iso_type: '45g1', count: 2 }],
      lines: [{ basis: 'per_container', buy: money(145000, 'USD'), sell: money(172500, 'USD') }],
    });
    expect(fcl.statusCode, fcl.body).toBe(201);
    // 2 × 1450.00 USD = 2900.00 × 0.79 = 2291.00 GBP; 2 × 1725.00 = 3450.00 × 0.79 = 2725.50 GBP.
    expect(fcl.data.data.lines[0]).toMatchObject({ quantity: '2', buy_in_quote_minor: 229100, sell_in_quote_minor: 272550 });
    expect(fcl.data.data.equipment).toEqual([{ iso_type: '45G1', count: 2 }]);
    const pct = await northwind.post('/api/quotes', { ...airQuote(acme), lines: [{ basis: 'percentage', buy: money(1, 'GBP'), sell: money(1, 'GBP') }] });
    expect(pct.statusCode).toBe(422);
    expect(pct.data.error).toMatchObject({ code: 'quantity_needed', fields: { 'lines.0.quantity': expect.any(String) } });
  });

  it('refuses a currency without any rate, a client on credit stop, and warns on hold', async () => {
    const noRate = await northwind.post('/api/quotes', { ...airQuote(acme), lines: [{ basis: 'per_shipment', buy: money(100, 'XAU'), sell: money(100, 'XAU') }] });
    expect([noRate.statusCode, noRate.data.error?.code]).toEqual([422, 'exchange_rate_missing']);
    const stopped = await native(northwind, 'Stopped Imports Ltd', { credit_status: 'stop' });
    const refused = await northwind.post('/api/quotes', airQuote(stopped));
    expect([refused.statusCode, refused.data.error.code, refused.data.error.message]).toEqual([409, 'credit_stop', 'Stopped Imports Ltd is on credit stop: no new quotes until their credit status changes.']);
    const held = await native(northwind, 'Held Trading Ltd', { credit_status: 'hold' });
    const warned = await northwind.post('/api/quotes', airQuote(held));
    expect([warned.statusCode, warned.data.data.warnings]).toEqual([201, ['credit_hold']]);
    const count = await t.database.query<{ n: number }>("select count(*)::int as n from quotes where client_name = 'Stopped Imports Ltd'");
    expect(count[0].n).toBe(0);
  });

  it('moves through its statuses: a sent quote changes only as a revision', async () => {
    const q = (await northwind.post('/api/quotes', airQuote(acme))).data.data;
    expect((await northwind.post(`/api/quotes/${q.id}/accept`, {})).statusCode).toBe(409);
    const sent = await northwind.post(`/api/quotes/${q.id}/send`, {});
    expect([sent.statusCode, sent.data.data.status, typeof sent.data.data.sent_at]).toEqual([200, 'sent', 'string']);
    const edit = await northwind.request('PATCH', `/api/quotes/${q.id}`, { notes: 'late change' });
    expect([edit.statusCode, edit.data.error.code]).toEqual([409, 'invalid_transition']);
    const revised = await northwind.post(`/api/quotes/${q.id}/revise`, {});
    expect(revised.statusCode, revised.body).toBe(201);
    expect(revised.data.data).toMatchObject({ number: q.number, revision: 2, revises_id: q.id, status: 'draft', totals: { sell_minor: q.totals.sell_minor } });
    expect((await northwind.get(`/api/quotes/${q.id}`)).data.data.status).toBe('cancelled');
    const r2 = revised.data.data.id;
    expect((await northwind.request('PATCH', `/api/quotes/${r2}`, { notes: 'Rates valid for the December sailings.' })).data.data.notes).toBe('Rates valid for the December sailings.');
    await northwind.post(`/api/quotes/${r2}/send`, {});
    expect((await northwind.post(`/api/quotes/${r2}/decline`, {})).statusCode).toBe(422);
    const declined = await northwind.post(`/api/quotes/${r2}/decline`, { reason: 'Went with a cheaper offer' });
    expect(declined.data.data).toMatchObject({ status: 'declined', decline_reason: 'Went with a cheaper offer' });
    expect((await northwind.post(`/api/quotes/${r2}/accept`, {})).statusCode).toBe(409);
    const copy = await northwind.post(`/api/quotes/${r2}/duplicate`, {});
    expect(copy.data.data).toMatchObject({ status: 'draft', revision: 1, revises_id: null });
    expect(copy.data.data.number).not.toBe(q.number);
    await northwind.post(`/api/quotes/${copy.data.data.id}/send`, {});
    expect((await northwind.post(`/api/quotes/${copy.data.data.id}/accept`, {})).data.data.status).toBe('accepted');
    const audit = await t.database.query<{ action: string }>('select action from audit_events where entity = $1 and entity_id = $2 order by created_at, id', ['quotes', r2]);
    expect(audit.map((a) => a.action)).toEqual(['revise', 'update', 'send', 'decline']);
  });

  it('puts a sent quote on the quote pipeline, carries the deal over to a revision, and closes it won or lost with the quote', async () => {
    const dealOf = async (quoteId: string) =>
      (await t.database.query<{ stage: string; outcome: string; value_minor: string; currency: string; lost_reason: string | null; quote_id: string }>(
        `select s.name as stage, s.outcome, d.value_minor::text as value_minor, d.currency, d.lost_reason, d.quote_id from deals d join pipeline_stages s on s.organisation_id = d.organisation_id and s.id = d.stage_id
          join pipelines p on p.organisation_id = d.organisation_id and p.id = d.pipeline_id where p.kind = 'quote' and d.quote_id = $1`, [quoteId]))[0];
    const q = (await northwind.post('/api/quotes', airQuote(acme))).data.data;
    expect(await dealOf(q.id)).toBeUndefined();
    await northwind.post(`/api/quotes/${q.id}/send`, {});
    expect(await dealOf(q.id)).toMatchObject({ stage: 'Enquiry', outcome: 'open', value_minor: '68122', currency: 'GBP' });
    const r2 = (await northwind.post(`/api/quotes/${q.id}/revise`, {})).data.data.id;
    await northwind.post(`/api/quotes/${r2}/send`, {});
    expect(await dealOf(q.id)).toBeUndefined();
    expect(await dealOf(r2)).toMatchObject({ stage: 'Enquiry', outcome: 'open' });
    await northwind.post(`/api/quotes/${r2}/decline`, { reason: 'Went with a cheaper offer' });
    expect(await dealOf(r2)).toMatchObject({ stage: 'Lost', outcome: 'lost', lost_reason: 'Went with a cheaper offer' });
    const won = (await northwind.post('/api/quotes', airQuote(acme))).data.data;
    await northwind.post(`/api/quotes/${won.id}/send`, {});
    await northwind.post(`/api/quotes/${won.id}/accept`, {});
    expect(await dealOf(won.id)).toMatchObject({ stage: 'Won', outcome: 'won', lost_reason: null });
    const board = (await northwind.get(`/api/pipelines`)).data.data.find((p: { kind: string }) => p.kind === 'quote');
    const deals = (await northwind.get(`/api/pipelines/${board.id}/board`)).data.data.columns.flatMap((c: { deals: { quote_id: string }[] }) => c.deals);
    expect(deals.map((d: { quote_id: string }) => d.quote_id)).toEqual(expect.arrayContaining([r2, won.id]));
  });

  it('shows the same cargo by the other modes Rotterdam and Hamburg both serve, lowest emissions first', async () => {
    const q = (await northwind.post('/api/quotes', airQuote(acme, { mode: 'road_ftl', incoterm: 'DAP', origin: 'NLRTM', destination: 'DEHAM', currency: 'EUR' }))).data.data;
    expect(q.emissions.legs[0].mode).toBe('road_ftl');
    // Both places are ports, rail and road terminals and airports (UN/LOCODE functions 12345): sea, rail and air remain.
    expect(q.emissions.alternatives.map((a: { mode: string }) => a.mode)).toEqual(['sea_lcl', 'rail', 'air']);
    const kg = q.emissions.alternatives.map((a: { kg_co2e: string }) => Number(a.kg_co2e));
    expect([...kg].sort((a, b) => a - b)).toEqual(kg);
  });

  it('prints the port carriers mean by a trade code on a sea quote, and UNECE’s airport on an air quote', async () => {
    const sea = (await northwind.post('/api/quotes', airQuote(acme, { mode: 'sea_fcl', incoterm: 'FOB', origin: 'CNSHA', destination: 'GBFXT', cargo: [], equipment: [{ iso_type: '45G1', count: 1 }] }))).data.data;
    expect([sea.origin_name, sea.destination_name]).toEqual(['Shanghai', 'Felixstowe']);
    // Shanghai (UNECE's city entry, 3114N 12129E = 31.2333, 121.4833) to Felixstowe (World Port Index 51.95, 1.3167):
    // 9 090.2 km great circle × 1.15 = 10 453.7 → 10 454 km.
    expect(sea.emissions.legs[0].distance_km).toBe('10454');
    const text = (await pdfText((await northwind.get(`/api/quotes/${sea.id}/pdf?lang=en`)).rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Shanghai (CNSHA)');
    expect(text).not.toContain('Hongqiao');
    const air = (await northwind.post('/api/quotes', airQuote(acme, { origin: 'CNSHA' }))).data.data;
    expect(air.origin_name).toBe('Shanghai Hongqiao International Apt');
  });

  it('measures from the city when a place has no coordinates of its own, and refuses with the reason when it has no usable ones', async () => {
    // Qingdao Pt (CNQDG): UNECE gives no position; its city, Qingdao (CNQIN), has one.
    const city = (await northwind.post('/api/quotes', airQuote(acme, { mode: 'sea_fcl', incoterm: 'FOB', origin: 'CNQDG', destination: 'GBFXT', cargo: [], equipment: [{ iso_type: '45G1', count: 1 }] }))).data.data;
    expect(city.emissions.via).toEqual([{ place: 'CNQDG', city: 'CNQIN' }]);
    expect(city.emissions_unavailable).toBeNull();
    // Arnedillo (ESAED): UNECE's position lies in the Atlantic, dropped; no city entry to fall back on.
    const refused = (await northwind.post('/api/quotes', airQuote(acme, { mode: 'road_ftl', incoterm: 'DAP', origin: 'ESAED', destination: 'ESMAD', currency: 'EUR' }))).data.data;
    expect(refused.emissions).toBeNull();
    expect(refused.emissions_unavailable).toEqual({ reason: 'coordinates_dropped', place: 'ESAED' });
    expect((await northwind.get(`/api/quotes/${refused.id}`)).data.data.emissions_unavailable).toEqual({ reason: 'coordinates_dropped', place: 'ESAED' });
  });

  it('lists newest first with a keyset cursor, by status and by search', async () => {
    const first = await northwind.get('/api/quotes?limit=2');
    expect(first.data.data).toHaveLength(2);
    const second = await northwind.get(`/api/quotes?limit=2&cursor=${first.data.meta.next_cursor}`);
    expect(second.data.data[0].created_at <= first.data.data[1].created_at).toBe(true);
    expect(second.data.data.map((q: { id: string }) => q.id)).not.toContain(first.data.data[1].id);
    const accepted = (await northwind.get('/api/quotes?status=accepted')).data.data;
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.every((q: { status: string }) => q.status === 'accepted')).toBe(true);
    expect((await northwind.get('/api/quotes?q=held trading')).data.data.every((q: { client: { name: string } }) => q.client.name === 'Held Trading Ltd')).toBe(true);
  });

  it('keeps organisations apart: another one’s quotes, clients and charge codes are out of reach', async () => {
    const other = await who.owner();
    const mine = (await northwind.post('/api/quotes', airQuote(acme))).data.data;
    expect((await other.get(`/api/quotes/${mine.id}`)).statusCode).toBe(404);
    expect((await other.post(`/api/quotes/${mine.id}/send`, {})).statusCode).toBe(404);
    expect((await other.get('/api/quotes')).data.data).toEqual([]);
    const theirs = await other.post('/api/quotes', { ...airQuote(acme), lines: [] });
    expect([theirs.statusCode, theirs.data.error.code]).toEqual([422, 'client_invalid']);
    const ownClient = await native(other, 'Other Client GmbH', { country: 'DE' });
    const foreignCode = await other.post('/api/quotes', { ...airQuote(ownClient), lines: [{ charge_code_id: codes.AFR, basis: 'per_kg', buy: money(1, 'GBP'), sell: money(2, 'GBP') }] });
    expect([foreignCode.statusCode, foreignCode.data.error.code]).toEqual([422, 'validation_failed']);
  });

  it('a staff member without quotes.create cannot write one', async () => {
    const desk = (await northwind.post('/api/roles', { name: 'Readers', permissions: ['quotes.view'] })).data.data.id;
    const reader = await northwind.join(desk);
    expect((await reader.post('/api/quotes', airQuote(acme))).statusCode).toBe(403);
    expect((await reader.get('/api/quotes')).statusCode).toBe(200);
  });
});

/** The link of the newest quote mail to `to`, and its token. */
async function linkMailedTo(to: string) {
  const [mail] = await t.database.query<{ text: string; subject: string }>('select text, subject from mail_outbox where "to" = $1 order by created_at desc, id desc limit 1', [to]);
  const link = /https?:\/\/\S+\/quote\/(\S+)/.exec(mail.text)!;
  return { subject: mail.subject, token: link[1] };
}
const notificationsOf = async (type: string) =>
  (await northwind.get('/api/notifications?per_page=50')).data.data.filter((n: { type: string }) => n.type === type) as { data: Record<string, string>; subject: { id: string } }[];

describe('the quote PDF', () => {
  it('prints the offer in every language of the product, names in any script included, never buy rates or margins', async () => {
    const client = await native(northwind, 'Шанхай Логистика 上海物流株式会社', { country: 'CN' });
    const q = (await northwind.post('/api/quotes', airQuote(client, { notes: 'Livrare în Țara Românească; доставка до двери; 送货上门；戸口配達。' }))).data.data;
    const wanted: Record<string, string[]> = {
      en: ['Quotation', 'Valid until', 'Total'], de: ['Angebot', 'Gültig bis', 'Gesamt'], es: ['Cotización', 'Válida hasta'], fr: ['Devis', "Valable jusqu'au"],
      ja: ['見積書', '有効期限', '合計'], ro: ['Ofertă', 'Observații'], ru: ['Коммерческое предложение', 'Итого'], zh: ['报价单', '有效期至', '合计'],
    };
    for (const [lang, words] of Object.entries(wanted)) {
      const res = await northwind.get(`/api/quotes/${q.id}/pdf?lang=${lang}`);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const text = (await pdfText(res.rawPayload)).replace(/\s+/g, '');
      for (const word of [...words, q.number, 'Шанхай Логистика 上海物流株式会社', 'ȚaraRomânească', 'доставкадодвери', '送货上门', '戸口配達']) {
        expect(text, `${lang}: ${word}`).toContain(word.replace(/\s+/g, ''));
      }
      // 681.22 GBP, as the language writes it (681,22 in German).
      expect(text, lang).toMatch(/681[.,]22/);
      // The buy side never reaches the client: 515.04 is the buy total, 166.18 the margin.
      expect(text).not.toMatch(/515[.,]04|166[.,]18/);
    }
    expect((await northwind.get(`/api/quotes/${q.id}/pdf?lang=xx`)).statusCode).toBe(422);
  });
});

describe('the client’s link', () => {
  it('e-mails a link that shows the offer without buy rates or margins, and accepting it once makes one booking', async () => {
    const q = (await northwind.post('/api/quotes', airQuote(acme))).data.data;
    expect((await northwind.post(`/api/quotes/${q.id}/send`, {})).data.data.status).toBe('sent');
    const { subject, token } = await linkMailedTo('buying@acme-components.example');
    expect(subject).toContain(q.number);
    const client = createClient(t.app);
    const seen = await client.get(`/api/public/quotes/${token}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.data.data).toMatchObject({ number: q.number, status: 'sent', open: true, client_name: 'Acme Components Ltd', total: { currency: 'GBP', sell_minor: 68122 }, origin: { code: 'HKHKG' } });
    expect(seen.data.data.lines.map((l: { sell_in_quote_minor: number }) => l.sell_in_quote_minor)).toEqual([59408, 5200, 3514]);
    expect(seen.body).not.toMatch(/buy|margin|51504|45504/);
    const accepted = await client.post(`/api/public/quotes/${token}/accept`, {});
    expect([accepted.statusCode, accepted.data.data.status, accepted.data.data.open]).toEqual([200, 'accepted', false]);
    // A second click changes nothing; a decline after it is refused.
    expect((await client.post(`/api/public/quotes/${token}/accept`, {})).data.data.status).toBe('accepted');
    expect((await client.post(`/api/public/quotes/${token}/decline`, { reason: 'Changed my mind' })).statusCode).toBe(409);
    const mine = (await northwind.get(`/api/quotes/${q.id}`)).data.data;
    expect(mine.status).toBe('accepted');
    const booking = await northwind.get(`/api/bookings/${mine.booking_id}`);
    expect(booking.data.data).toMatchObject({ status: 'received', quote_id: q.id, quote_number: q.number, origin: 'HKHKG', destination: 'GBLHR', sell_minor: 68122, client: { name: 'Acme Components Ltd' } });
    expect(booking.data.data.number).toMatch(/^B-\d{4}-\d{5}$/);
    expect(booking.data.data.charges).toHaveLength(3);
    const count = await t.database.query<{ n: number }>('select count(*)::int as n from bookings where quote_id = $1', [q.id]);
    expect(count[0].n).toBe(1);
    expect((await notificationsOf('quote_accepted')).some((n) => n.subject.id === q.id && n.data.number === q.number)).toBe(true);
    expect((await createClient(t.app).get('/api/public/quotes/not-a-token-of-any-quote-at-all')).statusCode).toBe(404);
  });

  it('takes a decline with its reason, and refuses both once the quote is past its validity', async () => {
    const q = (await northwind.post('/api/quotes', airQuote(acme))).data.data;
    await northwind.post(`/api/quotes/${q.id}/send`, { email: 'other.buyer@acme-components.example' });
    const { token } = await linkMailedTo('other.buyer@acme-components.example');
    const client = createClient(t.app);
    expect((await client.post(`/api/public/quotes/${token}/decline`, {})).statusCode).toBe(422);
    const declined = await client.post(`/api/public/quotes/${token}/decline`, { reason: 'Too expensive for this lane' });
    expect(declined.data.data).toMatchObject({ status: 'declined', decline_reason: 'Too expensive for this lane' });
    expect((await northwind.get(`/api/quotes/${q.id}`)).data.data.booking_id).toBeNull();

    const late = (await northwind.post('/api/quotes', airQuote(acme, { valid_until: inDays(0) }))).data.data;
    await northwind.post(`/api/quotes/${late.id}/send`, {});
    const lateLink = await linkMailedTo('buying@acme-components.example');
    await t.database.query("update quotes set valid_until = current_date - 1 where id = $1", [late.id]);
    const refused = await client.post(`/api/public/quotes/${lateLink.token}/accept`, {});
    expect([refused.statusCode, refused.data.error.code]).toEqual([409, 'quote_expired']);
    expect((await client.get(`/api/public/quotes/${lateLink.token}`)).data.data.open).toBe(false);
  });

  it('needs an address to send to', async () => {
    const silent = await native(northwind, 'No Mail Trading Ltd');
    const q = (await northwind.post('/api/quotes', airQuote(silent))).data.data;
    const res = await northwind.post(`/api/quotes/${q.id}/send`, {});
    expect([res.statusCode, res.data.error.code]).toEqual([422, 'recipient_missing']);
    expect((await northwind.get(`/api/quotes/${q.id}`)).data.data.status).toBe('draft');
  });
});

describe('reminders and expiry (background jobs, with a moved clock)', () => {
  it('tells the owner once before the last valid day, then expires the quote after it', async () => {
    const q = (await northwind.post('/api/quotes', airQuote(acme, { valid_until: inDays(10) }))).data.data;
    await northwind.post(`/api/quotes/${q.id}/send`, {});
    const jobs = t.app.ctx.jobs;
    await jobs.runNow('quotes.remind', { day: inDays(5) });
    expect((await notificationsOf('quote_expiring')).filter((n) => n.subject.id === q.id)).toHaveLength(0);
    await jobs.runNow('quotes.remind', { day: inDays(8) });
    await jobs.runNow('quotes.remind', { day: inDays(9) });
    const told = (await notificationsOf('quote_expiring')).filter((n) => n.subject.id === q.id);
    expect(told).toHaveLength(1);
    expect(told[0].data).toEqual({ number: q.number, client: 'Acme Components Ltd', valid_until: inDays(10) });
    await jobs.runNow('quotes.expire', { day: inDays(10) });
    expect((await northwind.get(`/api/quotes/${q.id}`)).data.data.status).toBe('sent');
    await jobs.runNow('quotes.expire', { day: inDays(11) });
    expect((await northwind.get(`/api/quotes/${q.id}`)).data.data.status).toBe('expired');
    expect((await notificationsOf('quote_expired')).some((n) => n.subject.id === q.id)).toBe(true);
    // An expired quote can be revised into a new draft with a new validity.
    const revised = await northwind.post(`/api/quotes/${q.id}/revise`, {});
    expect(revised.data.data).toMatchObject({ status: 'draft', revision: 2 });
  });
});

describe('native organisations', () => {
  it('answers possible_duplicate for a similar name in the same country or the same VAT number, unless forced', async () => {
    await native(northwind, 'Brightwater Logistics Ltd', { vat_number: 'GB123456789' });
    const similar = await northwind.post('/api/native-organisations', { name: 'Brightwater Logistic Limited', type: 'shipper', country: 'GB' });
    expect([similar.statusCode, similar.data.error.code]).toEqual([409, 'possible_duplicate']);
    expect(similar.data.error.candidates.map((c: { name: string }) => c.name)).toEqual(['Brightwater Logistics Ltd']);
    const vat = await northwind.post('/api/native-organisations', { name: 'Totally Different plc', type: 'shipper', country: 'IE', vat_number: 'GB 123 456 789' });
    expect([vat.statusCode, vat.data.error.code]).toEqual([409, 'possible_duplicate']);
    // Another country is another company; force creates it anyway.
    expect((await northwind.post('/api/native-organisations', { name: 'Brightwater Logistics Ltd', type: 'shipper', country: 'NL' })).statusCode).toBe(201);
    expect((await northwind.post('/api/native-organisations', { name: 'Brightwater Logistic Limited', type: 'shipper', country: 'GB', force: true })).statusCode).toBe(201);
  });

  it('merges a duplicate into the one that stays: contacts, quotes and bookings move, the audit trail keeps both', async () => {
    const keep = await native(northwind, 'Merge Target Ltd', { email: 'ops@merge-target.example' });
    const dupe = await native(northwind, 'Merge Target Limited', { email: 'ops@merge-target.example' });
    await northwind.post('/api/native-contacts', { native_organisation_id: dupe, name: 'Rhys Evans', email: 'rhys@merge-target.example', is_primary: true });
    const q = (await northwind.post('/api/quotes', airQuote(dupe))).data.data;
    // Its own records go too: an address, a logged call, a bank account the other holds already (kept once) and one it does not.
    await northwind.post('/api/native-addresses', { native_organisation_id: dupe, label: 'Warehouse', location_type: 'warehouse', line1: '1 Quay St', town: 'Cardiff', country: 'GB', is_primary: true });
    await northwind.post('/api/crm-activities', { native_organisation_id: dupe, kind: 'call', subject: 'Asked for LCL rates', occurred_on: '2026-11-20' });
    await northwind.post('/api/native-bank-details', { native_organisation_id: keep, account_name: 'Keep', bank_name: 'NatWest', iban: 'GB29NWBK60161331926819', currency: 'GBP' });
    await northwind.post('/api/native-bank-details', { native_organisation_id: dupe, account_name: 'Dupe', bank_name: 'NatWest', iban: 'GB29NWBK60161331926819', currency: 'GBP' });
    await northwind.post('/api/native-bank-details', { native_organisation_id: dupe, account_name: 'Dupe EUR', bank_name: 'ING', iban: 'NL91ABNA0417164300', currency: 'EUR' });
    const merged = await northwind.post(`/api/native-organisations/${dupe}/merge`, { into_id: keep });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.data.data).toEqual({ id: keep, merged_id: dupe, moved: { contacts: 1, quotes: 1, bookings: 0, records: 3 } });
    expect((await northwind.get(`/api/native-bank-details?filter[native_organisation_id]=${keep}`)).data.data.map((b: { iban: string }) => b.iban).sort()).toEqual(['GB29NWBK60161331926819', 'NL91ABNA0417164300']);
    expect((await northwind.get(`/api/crm-activities?filter[native_organisation_id]=${keep}`)).data.data.map((a: { subject: string }) => a.subject)).toEqual(['Asked for LCL rates']);
    expect((await northwind.get(`/api/native-organisations/${dupe}`)).statusCode).toBe(404);
    expect((await northwind.get(`/api/quotes/${q.id}`)).data.data.client).toEqual({ type: 'native_organisation', id: keep, name: 'Merge Target Ltd' });
    const contacts = (await northwind.get(`/api/native-contacts?filter[native_organisation_id]=${keep}`)).data.data;
    expect(contacts.map((c: { name: string }) => c.name)).toEqual(['Rhys Evans']);
    const trail = await t.database.query<{ entity_id: string; changes: Record<string, unknown> }>("select entity_id, changes from audit_events where action = 'merge' order by entity_id");
    expect(trail.map((a) => a.entity_id).sort()).toEqual([dupe, keep].sort());
    expect((await northwind.post(`/api/native-organisations/${keep}/merge`, { into_id: keep })).statusCode).toBe(422);
    expect((await northwind.post(`/api/native-organisations/${dupe}/merge`, { into_id: keep })).statusCode).toBe(404);
  });
});
