import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Mail } from '../mail/mailer.ts';
import { createClient, createTestApp, type TestApp } from '../../test/harness.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { people } from '../../test/people.ts';

let t: TestApp;
const who = people(() => t);
type Owner = Awaited<ReturnType<typeof who.owner>>;
let northwind: Owner;
let other: Owner;
let client: string;
let ids: Record<string, string>;

const sql = (text: string, params: unknown[] = []) => t.database.query(text, params);
const charge = (sell: number, buy: number, actualSell: number | null = null) => ({ quoted_sell_minor: sell, quoted_buy_minor: buy, actual_sell_minor: actualSell, actual_buy_minor: null });
const THIS_MONTH = 'from=2026-11-01&to=2026-11-30';

async function shipment(o: Owner, currency: string, charges: ReturnType<typeof charge>[], extra: Record<string, unknown> = {}): Promise<string> {
  const res = await o.post('/api/shipments', { client: { type: 'native_organisation', id: client }, mode: 'sea_fcl', origin: 'CNSHA', destination: 'GBFXT', currency, charges, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.data.data.id;
}

/** A shipment as if made on `day` (the booking day the figures count it on). */
const madeOn = (id: string, day: string) => sql(`update shipments set created_at = $2::date + interval '9 hours' where id = $1`, [id, day]);

beforeAll(async () => {
  t = await createTestApp();
  northwind = await who.owner();
  other = await who.owner();
  const made = await northwind.post('/api/native-organisations', { name: 'Harrogate Homewares Ltd', type: 'shipper', country: 'GB', force: true });
  expect(made.statusCode, made.body).toBe(201);
  client = made.data.data.id;
  // Northwind's own rates (base GBP): 1 USD = 0.8 GBP, 1 EUR = 0.85 GBP since 1 November.
  for (const [base, rate] of [['USD', '0.8'], ['EUR', '0.85']]) {
    const r = await northwind.post('/api/exchange-rates', { base, quote: 'GBP', rate, valid_from: '2026-11-01' });
    expect(r.statusCode, r.body).toBe(201);
  }
  ids = {
    // GBP: actual sell 1,000.00 (quoted 950.00), buy 700.00: on MSC, arrived 10 h after its first planned ETA (on time: margin 24 h).
    gbp: await shipment(northwind, 'GBP', [charge(95000, 70000, 100000)], { carrier: 'MSC' }),
    // USD at 0.8: sell 123.45 → 98.76; buy 100.01 → 80.008 → 80.01. Arrived 30 h late with Maersk.
    usd: await shipment(northwind, 'USD', [charge(12345, 10001)], { carrier: 'Maersk' }),
    // EUR at 0.85, rounded once per shipment: 5.05 + 5.05 = 10.10 → 8.585 → 8.59 (per line it would be 4.29 + 4.29 = 8.58); buy 4.00 → 3.40.
    eur: await shipment(northwind, 'EUR', [charge(505, 200), charge(505, 200)], { carrier: 'Maersk' }),
    // October (the previous period): 500.00 sell, 400.00 buy.
    october: await shipment(northwind, 'GBP', [charge(50000, 40000)]),
  };
  await madeOn(ids.october, '2026-10-15');
  for (const id of [ids.gbp, ids.usd, ids.eur]) await madeOn(id, '2026-11-20');
  await sql(`update shipments set eta_planned = '2026-11-21T06:00:00Z', ata = '2026-11-21T16:00:00Z' where id = $1`, [ids.gbp]);
  await sql(`update shipments set eta_planned = '2026-11-21T06:00:00Z', ata = '2026-11-22T12:00:00Z' where id = $1`, [ids.usd]);
}, 120_000);
afterAll(async () => t?.close());

describe('analytics summary', () => {
  it('sums converted minor units per shipment at the frozen rates, beside the previous period', async () => {
    const res = await northwind.get(`/api/analytics/summary?${THIS_MONTH}`);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.data.data;
    expect(s.currency).toBe('GBP');
    expect(s.period).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(s.previous_period).toEqual({ from: '2026-10-02', to: '2026-10-31' });
    // 1,000.00 + 98.76 + 8.59 and 700.00 + 80.01 + 3.40.
    expect(s.kpis).toMatchObject({ revenue_minor: 110735, cost_minor: 78341, gross_profit_minor: 32394, margin_pct: '29.25', shipments: 3, unrated_shipments: 0 });
    expect(s.previous).toMatchObject({ revenue_minor: 50000, cost_minor: 40000, gross_profit_minor: 10000, shipments: 1 });
    // (110735 − 50000) ÷ 50000 and (32394 − 10000) ÷ 10000.
    expect(s.change.revenue_minor).toBe('121.47');
    expect(s.change.gross_profit_minor).toBe('223.94');
    // Only the USD and EUR shipments are quoted: 10735 of 110735.
    expect(s.quoted_share_pct).toBe('9.69');
    // 32394 ÷ 3 = 10798.
    expect(s.kpis.gross_profit_per_shipment_minor).toBe(10798);
    expect(s.kpis).toMatchObject({ arrived: 2, on_time: 1, on_time_pct: '50.00' });
    const carriers = Object.fromEntries(s.breakdowns.carrier.map((r: { key: string; on_time_pct: string | null; revenue_minor: number }) => [r.key, r]));
    expect(carriers.MSC).toMatchObject({ on_time_pct: '100.00', revenue_minor: 100000 });
    expect(carriers.Maersk).toMatchObject({ on_time_pct: '0.00', revenue_minor: 9876 + 859 });
    expect(s.breakdowns.lane[0]).toMatchObject({ key: 'CNSHA-GBFXT', label: 'CNSHA → GBFXT', shipments: 3 });
    expect(s.breakdowns.client[0]).toMatchObject({ key: `native_organisation:${client}`, label: 'Harrogate Homewares Ltd' });
    // Weekly: 20 November is in the week of Monday 16 November.
    const weekly = (await northwind.get(`/api/analytics/summary?${THIS_MONTH}&group=week`)).data.data.series;
    expect(weekly.find((p: { bucket: string }) => p.bucket === '2026-11-16')).toMatchObject({ revenue_minor: 110735, shipments: 3 });
  });

  it('keeps the frozen rates when the organisation’s rates change later, and says which rate each row used', async () => {
    const r = await northwind.post('/api/exchange-rates', { base: 'USD', quote: 'GBP', rate: '0.5', valid_from: '2026-11-02' });
    expect(r.statusCode, r.body).toBe(201);
    await sql(`update shipments set charges = charges where id = $1`, [ids.usd]);
    const rows = (await northwind.get(`/api/analytics/rows?${THIS_MONTH}&metric=revenue`)).data;
    const usd = rows.data.find((x: { id: string }) => x.id === ids.usd);
    expect(usd).toMatchObject({ currency: 'USD', sell_minor: 12345, buy_minor: 10001, rate: '0.8', rate_date: '2026-11-01', rate_source: 'frozen_manual', revenue_minor: 9876, cost_minor: 8001, gross_profit_minor: 1875 });
    expect(rows.data.find((x: { id: string }) => x.id === ids.eur)).toMatchObject({ rate: '0.85', revenue_minor: 859 });
  });

  it('converts a shipment older than the freezing at ECB’s rate of its booking day, and says so', async () => {
    const old = await shipment(northwind, 'USD', [charge(10000, 5000)]);
    await sql(`update shipments set fx_base = null, fx_times = null, fx_per = null, fx_rate = null, fx_rate_date = null, fx_source = null, created_at = '2026-03-02T10:00:00Z' where id = $1`, [old]);
    const [ecb] = await sql(`select (select rate from ecb_rates where currency = 'USD' and date <= '2026-03-02' order by date desc limit 1)::text as usd,
      (select rate from ecb_rates where currency = 'GBP' and date <= '2026-03-02' order by date desc limit 1)::text as gbp`) as { usd: string; gbp: string }[];
    const rows = (await northwind.get('/api/analytics/rows?from=2026-03-01&to=2026-03-31&metric=revenue')).data;
    expect(rows.data).toHaveLength(1);
    expect(rows.data[0]).toMatchObject({ id: old, rate_source: 'ecb_booking_day' });
    const { convertMinor } = await import('#shared/money/amounts.ts');
    expect(rows.data[0].revenue_minor).toBe(convertMinor(10000, 'USD', 'GBP', { times: ecb.gbp, per: ecb.usd }));
    await sql(`update shipments set status = 'cancelled' where id = $1`, [old]);
  });

  it('counts quotes sent, the win rate (accepted ÷ decided) and the median hours to send', async () => {
    const quote = async () => {
      const q = await northwind.post('/api/quotes', {
        client: { type: 'native_organisation', id: client }, mode: 'air', origin: 'CNSHA', destination: 'GBLHR', currency: 'GBP', valid_until: '2026-12-31',
        cargo: [{ packages: 1, length_cm: '100', width_cm: '100', height_cm: '100', weight_kg: '100' }],
        lines: [{ basis: 'per_shipment', buy: { amount_minor: 1000, currency: 'GBP' }, sell: { amount_minor: 2000, currency: 'GBP' } }],
      });
      expect(q.statusCode, q.body).toBe(201);
      expect((await northwind.post(`/api/quotes/${q.data.data.id}/send`, { email: 'buying@harrogate.example' })).statusCode).toBe(200);
      return q.data.data.id as string;
    };
    const [a, b, c] = [await quote(), await quote(), await quote()];
    expect((await northwind.post(`/api/quotes/${a}/accept`, {})).statusCode).toBe(200);
    expect((await northwind.post(`/api/quotes/${b}/decline`, { reason: 'Too dear' })).statusCode).toBe(200);
    // Sent 2, 4 and 6 hours after being written: the median is 4.
    for (const [id, hours] of [[a, 2], [b, 4], [c, 6]] as const) await sql(`update quotes set created_at = sent_at - make_interval(hours => $2) where id = $1`, [id, hours]);
    const s = (await northwind.get(`/api/analytics/summary?${THIS_MONTH}`)).data.data;
    expect(s.kpis).toMatchObject({ quotes_sent: 3, quotes_accepted: 1, quotes_declined: 1, win_rate_pct: '50.00', median_hours_to_send: '4.0' });
    const sent = (await northwind.get(`/api/analytics/rows?${THIS_MONTH}&metric=quotes_sent`)).data;
    expect(sent.meta.total).toBe(3);
    expect(sent.data.every((r: { kind: string }) => r.kind === 'quote')).toBe(true);
  });

  it('opens the rows behind a figure with the same filters: their converted sum equals the tile, across pages', async () => {
    const s = (await northwind.get(`/api/analytics/summary?${THIS_MONTH}&carrier=Maersk`)).data.data;
    expect(s.kpis.revenue_minor).toBe(9876 + 859);
    const page1 = (await northwind.get(`/api/analytics/rows?${THIS_MONTH}&carrier=Maersk&metric=revenue&per_page=1`)).data;
    const page2 = (await northwind.get(`/api/analytics/rows?${THIS_MONTH}&carrier=Maersk&metric=revenue&per_page=1&page=2`)).data;
    expect(page1.meta.total).toBe(2);
    expect(page1.meta.sums.revenue_minor).toBe(s.kpis.revenue_minor);
    expect(page1.data[0].revenue_minor + page2.data[0].revenue_minor).toBe(s.kpis.revenue_minor);
    const all = (await northwind.get(`/api/analytics/rows?${THIS_MONTH}&metric=gross_profit`)).data;
    const tiles = (await northwind.get(`/api/analytics/summary?${THIS_MONTH}`)).data.data.kpis;
    expect(all.meta.sums.gross_profit_minor).toBe(tiles.gross_profit_minor);
    expect(all.data.reduce((n: number, r: { gross_profit_minor: number }) => n + r.gross_profit_minor, 0)).toBe(tiles.gross_profit_minor);
    // One bucket of the weekly series.
    const week = (await northwind.get(`/api/analytics/rows?${THIS_MONTH}&group=week&bucket=2026-11-16&metric=shipments`)).data;
    expect(week.meta.total).toBe(3);
  });

  it('pages the rows by keyset (next_cursor), the same rows in the same order as by page number; a bad cursor is 422', async () => {
    const byPage = (await northwind.get(`/api/analytics/rows?${THIS_MONTH}&metric=revenue`)).data.data.map((r: { id: string }) => r.id);
    expect(byPage).toHaveLength(3);
    const walked: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 5; i++) {
      const res = await northwind.get(`/api/analytics/rows?${THIS_MONTH}&metric=revenue&per_page=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      walked.push(...res.data.data.map((r: { id: string }) => r.id));
      cursor = res.data.meta.next_cursor;
      if (!cursor) break;
    }
    expect(walked).toEqual(byPage);
    // Quotes page by their instant.
    const quotes = (await northwind.get(`/api/analytics/rows?${THIS_MONTH}&metric=quotes_sent&per_page=1`)).data;
    if (quotes.meta.next_cursor) {
      const next = await northwind.get(`/api/analytics/rows?${THIS_MONTH}&metric=quotes_sent&per_page=1&cursor=${quotes.meta.next_cursor}`);
      expect(next.statusCode, next.body).toBe(200);
      expect(next.data.data[0].id).not.toBe(quotes.data[0].id);
    }
    for (const bad of ['nope', Buffer.from(JSON.stringify(['2026-13-45', '0190b6d6-0000-7000-8000-000000000000'])).toString('base64url')]) {
      const res = await northwind.get(`/api/analytics/rows?${THIS_MONTH}&metric=revenue&cursor=${bad}`);
      expect(res.statusCode).toBe(422);
      expect(res.data.error.fields.cursor).toBeTruthy();
    }
  });

  it('exports every row as CSV and XLSX', async () => {
    const csv = await northwind.get(`/api/analytics/rows?${THIS_MONTH}&metric=revenue&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toContain('revenue_minor');
    expect(lines).toHaveLength(1 + 3);
    const xlsx = await northwind.get(`/api/analytics/rows?${THIS_MONTH}&metric=revenue&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('the frozen rate on the shipment', () => {
  it('shows the rate to the base currency frozen when the shipment was made, its date and source, unmoved by later rates', async () => {
    const usd = (await northwind.get(`/api/shipments/${ids.usd}`)).data.data;
    expect(usd.frozen_rate).toEqual({ base: 'GBP', rate: '0.8', rate_date: '2026-11-01', source: 'manual' });
    // The organisation's later rates (the test above) do not move it.
    // Older data: none frozen.
    await sql(`update shipments set fx_base = null, fx_times = null, fx_per = null, fx_rate = null, fx_rate_date = null, fx_source = null where id = $1`, [ids.october]);
    expect((await northwind.get(`/api/shipments/${ids.october}`)).data.data.frozen_rate).toBeNull();
  });
});

describe('who sees what', () => {
  it('gives a Staff member only their own scope: 403 on the organisation’s, their own shipments on me', async () => {
    const staff = await northwind.join(northwind.role('staff'));
    const refused = await staff.get(`/api/analytics/summary?${THIS_MONTH}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.data.error.code).toBe('forbidden');
    expect((await staff.get(`/api/analytics/summary?${THIS_MONTH}&scope=department`)).statusCode).toBe(403);
    expect((await staff.get(`/api/analytics/rows?${THIS_MONTH}`)).statusCode).toBe(403);
    const own = await shipment(staff as unknown as Owner, 'GBP', [charge(3000, 1000)]);
    await madeOn(own, '2026-11-20');
    const mine = (await staff.get(`/api/analytics/summary?${THIS_MONTH}&scope=me`)).data.data;
    expect(mine.kpis).toMatchObject({ revenue_minor: 3000, cost_minor: 1000, shipments: 1 });
    const rows = (await staff.get(`/api/analytics/rows?${THIS_MONTH}&scope=me`)).data;
    expect(rows.data.map((r: { id: string }) => r.id)).toEqual([own]);
    expect((await staff.get(`/api/analytics/rows?${THIS_MONTH}&scope=me&format=csv`)).statusCode).toBe(200);
    // The built-in Staff role of a new organisation holds no analytics permission.
    const [role] = await sql(`select permissions from roles where organisation_id = $1 and builtin = 'staff'`, [northwind.orgId]) as { permissions: string[] }[];
    expect(role.permissions.filter((p) => p.startsWith('analytics.'))).toEqual([]);
  });

  it('answers 404 for another organisation’s department, salesperson or client', async () => {
    const dept = await other.post('/api/departments', { name: 'Ocean' });
    expect(dept.statusCode, dept.body).toBe(201);
    const theirClient = await other.post('/api/native-organisations', { name: 'Elsewhere Ltd', type: 'shipper', country: 'GB', force: true });
    for (const q of [`department=${dept.data.data.id}`, `salesperson=${other.userId}`, `client=native_organisation:${theirClient.data.data.id}`]) {
      const res = await northwind.get(`/api/analytics/summary?${THIS_MONTH}&${q}`);
      expect(res.statusCode, q).toBe(404);
      expect((await northwind.get(`/api/analytics/rows?${THIS_MONTH}&${q}`)).statusCode, q).toBe(404);
    }
    // Their figures are theirs: Northwind's shipments are not in them.
    expect((await other.get(`/api/analytics/summary?${THIS_MONTH}`)).data.data.kpis.shipments).toBe(0);
  });

  it('refuses a period that ends before it starts', async () => {
    const res = await northwind.get('/api/analytics/summary?from=2026-11-30&to=2026-11-01');
    expect(res.statusCode).toBe(422);
    expect(res.data.error.fields.to).toBeTruthy();
  });
});

describe('graphs', () => {
  it('answers revenue by month, arrivals for 14 days and the pipeline by stage', async () => {
    const revenue = (await northwind.get('/api/graphs/revenue')).data.data;
    expect(revenue.months).toHaveLength(12);
    expect(revenue.currency).toBe('GBP');
    const arrivals = await northwind.get('/api/graphs/arrivals');
    expect(arrivals.statusCode).toBe(200);
    expect(arrivals.data.data.days).toHaveLength(14);
    const pipeline = await northwind.get('/api/graphs/pipeline');
    expect(pipeline.statusCode, pipeline.body).toBe(200);
    expect(pipeline.data.data.currency).toBe('GBP');
  });
});

describe('saved views and reports by mail', () => {
  it('saves a view, mails its subscribers once per period with the rows attached, and unsubscribes in one click', async () => {
    const saved = await northwind.post('/api/analytics/views', { name: 'Maersk lane', filters: { carrier: 'Maersk', scope: 'organisation', group: 'week' } });
    expect(saved.statusCode, saved.body).toBe(201);
    const view = saved.data.data.id as string;
    expect((await northwind.post('/api/analytics/views', { name: 'Maersk lane', filters: {} })).statusCode).toBe(409);
    expect((await northwind.post('/api/analytics/views', { name: 'Bad', filters: { basis: 'yesterday' } })).statusCode).toBe(422);
    // Filters naming another organisation's salesperson, department or client are refused, and no view is saved (issue 21 item 7).
    const theirDesk = (await other.post('/api/departments', { name: `Their desk ${Math.random().toString(36).slice(2, 8)}` })).data.data.id as string;
    const theirClient = (await other.post('/api/native-organisations', { name: 'Their Client Ltd', type: 'shipper', country: 'gb', city: 'Leeds', force: true })).data.data.id as string;
    for (const filters of [{ salesperson: other.userId }, { department: theirDesk }, { client: `native_organisation:${theirClient}` }]) {
      const refused = await northwind.post('/api/analytics/views', { name: `Foreign ${Object.keys(filters)[0]}`, filters });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.data.error.fields).toEqual({ filters: 'reference_invalid' });
    }
    expect(((await northwind.get('/api/analytics/views')).data.data as { name: string }[]).map((v) => v.name)).toEqual(['Maersk lane']);
    const staff = await northwind.join(northwind.role('staff'));
    const admin = await northwind.join(northwind.role('admin'));
    expect((await northwind.post(`/api/analytics/views/${view}/subscriptions`, { user_id: northwind.userId, frequency: 'monthly' })).statusCode).toBe(201);
    const both = await northwind.post(`/api/analytics/views/${view}/subscriptions`, { user_id: staff.userId, frequency: 'monthly' });
    expect(both.data.data.subscriptions).toHaveLength(2);
    expect((await northwind.post(`/api/analytics/views/${view}/subscriptions`, { user_id: admin.userId, frequency: 'weekly' })).statusCode).toBe(201);
    // Someone of another organisation is no subscriber; another organisation's view is not there.
    expect((await northwind.post(`/api/analytics/views/${view}/subscriptions`, { user_id: other.userId, frequency: 'weekly' })).statusCode).toBe(422);
    expect((await other.post(`/api/analytics/views/${view}/subscriptions`, { user_id: other.userId, frequency: 'weekly' })).statusCode).toBe(404);
    expect((await other.request('DELETE', `/api/analytics/views/${view}`)).statusCode).toBe(404);
    expect((await other.get('/api/analytics/views')).data.data).toEqual([]);

    const mails = async (to: string) => sql(`select subject, text, headers, attachments from mail_outbox where "to" = $1 and subject like 'FYN%' order by created_at`, [to]) as Promise<{ subject: string; text: string; headers: Record<string, string>; attachments: { filename: string; contentType: string; bytes: number }[] }[]>;
    // The outbox keeps no attachment contents: the mails as sent are read off the mailer.
    const sent: Mail[] = [];
    const original = t.app.ctx.mailer.send.bind(t.app.ctx.mailer);
    vi.spyOn(t.app.ctx.mailer, 'send').mockImplementation(async (mail: Mail) => {
      sent.push(mail);
      await original(mail);
    });
    const pdfOf = async (to: string, subject: string) => {
      const mail = sent.find((x) => x.to === to && x.subject === subject)!;
      const pdf = mail.attachments!.find((a) => a.contentType === 'application/pdf')!;
      return (await pdfText(pdf.content)).replace(/\s+/g, ' ');
    };
    // The Staff member reads Japanese: their PDF is set in it (Noto Sans SC for the CJK characters).
    await sql(`update users set locale = 'ja' where id = $1`, [staff.userId]);
    // The admin reads German: every word of their mail is German (issue 23: the body was English).
    await sql(`update users set locale = 'de' where id = $1`, [admin.userId]);
    // The first report at once (the last complete month before 20 November: October), then the schedule's.
    const subscribed = (await northwind.get('/api/analytics/views')).data.data[0].subscriptions as { id: string; user_id: string }[];
    await t.app.ctx.jobs.runNow('analytics.first-report', { organisation_id: northwind.orgId, id: subscribed.find((x) => x.user_id === northwind.userId)!.id, today: '2026-11-20' });
    // Ranges of days as each language writes them (the spaces around the dash differ between ICU versions: left out here).
    const plain = (x: string) => x.replace(/[\u2009\u202f\u00a0]/g, ' ').replace(/ ?– ?/g, '–');
    expect((await mails(northwind.email)).map((x) => plain(x.subject))).toEqual(['FYN analytics — Maersk lane: 1–31 Oct 2026']);
    await t.app.ctx.jobs.runNow('analytics.reports', { today: '2026-12-01' });
    await t.app.ctx.jobs.runNow('analytics.reports', { today: '2026-12-01' });
    const [, mine, ...more] = await mails(northwind.email);
    expect(more).toEqual([]);
    expect(plain(mine.subject)).toBe('FYN analytics — Maersk lane: 1–30 Nov 2026');
    // Northwind's Maersk shipments of November: 98.76 + 8.59.
    expect(mine.text).toContain('Revenue: £107.35');
    expect(mine.text).toContain('Your monthly report · the organisation’s figures · All amounts in GBP');
    expect(mine.text).toContain('Unsubscribe in one click: http://localhost:3000/analytics/unsubscribe/');
    expect(mine.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['analytics-2026-11-01.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['analytics-2026-11-01.pdf', 'application/pdf'],
    ]);
    expect(mine.attachments[0].bytes).toBeGreaterThan(1000);
    expect(mine.attachments[1].bytes).toBeGreaterThan(1000);
    // The PDF of the page's tables: the KPIs beside October's (nothing: no change), the breakdowns with the carrier's row.
    const printed = await pdfOf(northwind.email, mine.subject);
    expect(printed).toContain('Analytics report: Maersk lane');
    expect(printed).toContain('All amounts in GBP');
    expect(printed).toContain('Revenue £107.35 £0.00 —');
    expect(printed).toContain('Gross profit £23.94 £0.00 —');
    expect(printed).toContain('Shipments 2 0 —');
    // 2394 ÷ 10735 = 22.3 %.
    expect(printed).toContain('CarriersName Revenue Cost Gross profit Margin ShipmentsMaersk £107.35 £83.41 £23.94 22.3% 2');
    expect(printed).toContain('Sea FCL £107.35');
    // RFC 8058: the mail client's own unsubscribe button posts to the API address in the header.
    expect(mine.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mine.headers['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/analytics\/unsubscribe\/[^>]+>$/);
    // The Staff member has no analytics.view: their mail holds their own figures, none of Maersk's, the PDF in Japanese.
    const theirs = await mails(staff.email);
    expect(theirs).toHaveLength(1);
    expect(theirs[0].subject).toBe('FYN 分析 — Maersk lane: 2026/11/01～2026/11/30');
    expect(theirs[0].text).toContain('月次レポート · あなた自身の数値 · 金額はすべて GBP');
    expect(theirs[0].text).toContain('売上: £0.00');
    expect(theirs[0].text).toContain('ワンクリックで配信停止: http://localhost:3000/analytics/unsubscribe/');
    const japanese = await pdfOf(staff.email, theirs[0].subject);
    expect(japanese).toContain('分析レポート: Maersk lane');
    expect(japanese).toContain('売上 £0.00 £0.00 —');
    expect(japanese).toContain('自分の数値');

    // The German admin's weekly report: subject, headings, KPI names, period and unsubscribe line in German, the PDF too.
    await t.app.ctx.jobs.runNow('analytics.first-report', { organisation_id: northwind.orgId, id: subscribed.find((x) => x.user_id === admin.userId)!.id, today: '2026-12-02' });
    const [german] = await mails(admin.email);
    expect(plain(german.subject)).toBe('FYN-Analysen — Maersk lane: 23.–29. Nov. 2026');
    expect(german.text).toContain('Ihr wöchentlicher Bericht · Zahlen der Organisation · Alle Beträge in GBP');
    // German money: a decimal comma, the pound sign after the figure (behind a no-break space).
    expect(german.text).toMatch(/\nUmsatz: -?[\d.]+,\d\d\s£\nKosten: -?[\d.]+,\d\d\s£\nRohertrag: -?[\d.]+,\d\d\s£\nMarge: /);
    for (const line of ['\nSendungen: ', '\nErfolgsquote: ', '\nPünktliche Ankünfte: ', '\nCO2e-Ausstoß (kg): ', 'Die Zeilen (XLSX) und die Tabellen der Seite (PDF) sind angehängt. Seite öffnen: http://localhost:3000/organisation/analytics?', 'Mit einem Klick abbestellen: http://localhost:3000/analytics/unsubscribe/']) {
      expect(german.text).toContain(line);
    }
    // No English word of the template is left in it.
    for (const english of ['Revenue', 'report', 'figures', 'attached', 'Open the page', 'Unsubscribe', ' to ']) expect(german.text).not.toContain(english);
    const germanMail = sent.find((x) => x.to === admin.email)!;
    expect(germanMail.html).toContain('Abbestellen</a>');
    expect(germanMail.html).toContain('gespeicherte Analyseansicht');
    const germanPdf = await pdfOf(admin.email, german.subject);
    expect(germanPdf).toContain('Analysebericht: Maersk lane');
    expect(germanPdf).toContain('Alle Beträge in GBP');
    expect(germanPdf).toContain('Top-Relationen');

    const anonymous = createClient(t.app);
    // A forged or altered token unsubscribes nobody, with the same answer.
    const header = /<[^>]*\/api(\/analytics\/unsubscribe\/[^>]+)>/.exec(theirs[0].headers['List-Unsubscribe'])![1];
    const token = header.split('/').at(-1)!;
    expect(/analytics\/unsubscribe\/(\S+)/.exec(theirs[0].text)![1]).toBe(token);
    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const refused = await anonymous.request('POST', `/api/analytics/unsubscribe/${forged}`, undefined, { 'x-xsrf-token': '' });
    expect(refused.statusCode).toBe(200);
    expect(refused.data.data.view).toBeNull();
    expect((await northwind.get('/api/analytics/views')).data.data[0].subscriptions).toHaveLength(3);
    // As a mail client does it: a form body, no cookie, no CSRF token.
    const gone = await t.app.inject({ method: 'POST', url: `/api${header}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().data.view).toBe('Maersk lane');
    expect((await anonymous.request('POST', `/api/analytics/unsubscribe/${token}`)).data.data.view).toBeNull();
    expect((await northwind.get('/api/analytics/views')).data.data[0].subscriptions.map((x: { user_id: string }) => x.user_id).sort()).toEqual([northwind.userId, admin.userId].sort());
    expect((await northwind.request('DELETE', `/api/analytics/views/${view}`)).statusCode).toBe(204);
    vi.restoreAllMocks();
    // Four mails, each with an XLSX and a PDF (the first Japanese one loads the 10 MB CJK font).
  }, 120_000);
});
