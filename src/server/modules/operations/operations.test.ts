import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, type TestApp } from '../../test/harness.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { people } from '../../test/people.ts';
import { signatureOf } from './tracking.ts';
import { VALIDATION_MESSAGES } from '#shared/api/messages.ts';

let t: TestApp;
const who = people(() => t);
type Owner = Awaited<ReturnType<typeof who.owner>>;
let northwind: Owner;
let codes: Record<string, string>;
let client: string;

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const at = (hoursFromNow: number) => new Date(Date.now() + hoursFromNow * 3_600_000).toISOString();
const money = (amount_minor: number, currency: string) => ({ amount_minor, currency });
const patch = (c: Owner, url: string, body: unknown) => c.request('PATCH', url, body);

/** A sea quote of two 40′ high cubes whose figures are worked out by hand in the tests. */
async function acceptedBooking(o: Owner = northwind): Promise<string> {
  const q = await o.post('/api/quotes', {
    client: { type: 'native_organisation', id: client }, mode: 'sea_fcl', incoterm: 'FOB', origin: 'CNSHA', destination: 'GBFXT', currency: 'GBP', valid_until: inDays(20),
    equipment: [{ iso_type: '45G1', count: 2 }],
    lines: [
      { charge_code_id: codes.OFR, basis: 'per_container', buy: money(150000, 'GBP'), sell: money(185000, 'GBP') },
      { charge_code_id: codes.DOC, basis: 'per_shipment', buy: money(4000, 'GBP'), sell: money(6500, 'GBP') },
    ],
  });
  expect(q.statusCode, q.body).toBe(201);
  expect((await o.post(`/api/quotes/${q.data.data.id}/send`, {})).statusCode).toBe(200);
  const accepted = await o.post(`/api/quotes/${q.data.data.id}/accept`, {});
  expect(accepted.statusCode, accepted.body).toBe(200);
  return accepted.data.data.booking_id;
}

const SHIPPER = { name: 'Шанхайская торговая компания «Восток»', address: '88 Century Avenue, Pudong, Shanghai', contact: 'Ольга Петрова', email: 'olga@vostok.example' };
const CONSIGNEE = { name: '北风进口有限公司', address: 'Unit 4, Dock Road, Felixstowe IP11 3QW', contact: 'Li Wei', phone: '+44 1394 555 010' };

async function confirmedShipment(extra: Record<string, unknown> = {}): Promise<{ booking: string; shipment: string }> {
  const booking = await acceptedBooking();
  const patched = await patch(northwind, `/api/bookings/${booking}`, {
    shipper: SHIPPER, consignee: CONSIGNEE, notify: CONSIGNEE, pol: 'CNSHA', pod: 'GBFXT',
    legs: [{ mode: 'sea', from: 'CNSHA', to: 'GBFXT', carrier: 'MSC', vessel: 'MSC Aurora', voyage: 'FE547W', etd: at(48), eta: at(48 + 24 * 30) }],
    cut_offs: [{ kind: 'documentation', at: at(30) }],
    charge_terms: ['prepaid', 'collect'],
    ...extra,
  });
  expect(patched.statusCode, patched.body).toBe(200);
  const confirmed = await northwind.post(`/api/bookings/${booking}/confirm`, { carrier_booking_reference: 'MSCU-BK-778812' });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { booking, shipment: confirmed.data.data.shipment_id };
}

beforeAll(async () => {
  t = await createTestApp();
  northwind = await who.owner();
  const list = (await northwind.get('/api/charge-codes?per_page=100')).data.data as { id: string; code: string }[];
  codes = Object.fromEntries(list.map((c) => [c.code, c.id]));
  const made = await northwind.post('/api/native-organisations', { name: 'Harrogate Homewares Ltd', type: 'shipper', country: 'GB', email: 'buying@harrogate.example', force: true });
  expect(made.statusCode, made.body).toBe(201);
  client = made.data.data.id;
  // The checklists: one for every sea shipment, one for any booking.
  for (const body of [
    { title: 'Send the booking to the carrier', attach_to: 'booking', anchor: 'created', offset_days: 1 },
    { title: 'Collect the VGM', mode: 'sea_fcl', attach_to: 'shipment', anchor: 'etd', offset_days: -3 },
    { title: 'Send the arrival notice', mode: 'sea_fcl', attach_to: 'shipment', anchor: 'eta', offset_days: -2 },
    { title: 'Book the air freight', mode: 'air', attach_to: 'shipment', anchor: 'created', offset_days: 0 },
  ]) expect((await northwind.post('/api/task-templates', body)).statusCode).toBe(201);
});
afterAll(() => t.close());

describe('bookings', () => {
  it('confirming makes the shipment with the booked parties, plan and the quoted charges (buy and sell); the state machine refuses the rest', async () => {
    const booking = await acceptedBooking();
    const received = (await northwind.get(`/api/bookings/${booking}`)).data.data;
    expect(received).toMatchObject({ status: 'received', shipment_id: null, payment_term: 'prepaid', equipment: [{ iso_type: '45G1', count: 2 }] });
    // The booking checklist is there from the start.
    const tasks = (await northwind.get('/api/tasks?per_page=100')).data.data as { title: string; due_on: string | null }[];
    expect(tasks.filter((x) => x.title === 'Send the booking to the carrier').map((x) => x.due_on)).toContain(inDays(1));

    expect((await northwind.post(`/api/bookings/${booking}/complete`, {})).statusCode).toBe(409);
    expect((await patch(northwind, `/api/bookings/${booking}`, { charge_terms: ['collect'] })).data.error.code).toBe('validation_failed');
    const etd = at(72);
    await patch(northwind, `/api/bookings/${booking}`, {
      shipper: SHIPPER, consignee: CONSIGNEE, legs: [{ mode: 'sea', from: 'CNSHA', to: 'GBFXT', carrier: 'MSC', vessel: 'MSC Aurora', voyage: 'FE547W', etd, eta: at(72 + 720) }],
      charge_terms: ['prepaid', 'collect'],
    });
    const confirmed = await northwind.post(`/api/bookings/${booking}/confirm`, { carrier_booking_reference: 'MSCU-BK-1' });
    expect(confirmed.data.data).toMatchObject({ id: booking, status: 'confirmed', carrier_booking_reference: 'MSCU-BK-1', confirmed_equipment: [{ iso_type: '45G1', count: 2 }] });
    const shipmentId = confirmed.data.data.shipment_id;
    expect(shipmentId).toBeTruthy();
    expect((await northwind.post(`/api/bookings/${booking}/confirm`, {})).statusCode).toBe(409);
    expect((await northwind.post(`/api/bookings/${booking}/reject`, { reason: 'No space' })).statusCode).toBe(409);

    const s = (await northwind.get(`/api/shipments/${shipmentId}`)).data.data;
    const year = new Date().getUTCFullYear();
    expect(s).toMatchObject({
      status: 'booked', signoff_status: 'open', mode: 'sea_fcl', client_name: 'Harrogate Homewares Ltd', master_ref: 'MSCU-BK-1', carrier: 'MSC', vessel: 'MSC Aurora', voyage: 'FE547W',
      shipper: { name: SHIPPER.name }, consignee: { name: CONSIGNEE.name }, currency: 'GBP', booking_number: received.number, following: true,
    });
    expect(s.number).toMatch(new RegExp(`^S-${year}-\\d{5}$`));
    expect(s.house_ref).toMatch(new RegExp(`^HBL-${year}-\\d{5}$`));
    expect(s.etd).toBe(new Date(etd).toISOString());
    // 2 containers × £1 850.00 = £3 700.00 and £65.00 sold; 2 × £1 500.00 = £3 000.00 and £40.00 bought.
    expect(s.charges.map((c: Record<string, unknown>) => [c.quoted_sell_minor, c.quoted_buy_minor, c.payment])).toEqual([[370000, 300000, 'prepaid'], [6500, 4000, 'collect']]);
    // Sell 376 500, buy 304 000: profit 72 500 = 19.256…%.
    expect(s.quoted).toEqual({ sell_minor: 376500, buy_minor: 304000, profit_minor: 72500, margin_pct: '19.26' });
    // The sea checklist: the VGM 3 days before ETD; the arrival notice waits for an ETA … which it has.
    expect(s.tasks.map((x: { title: string }) => x.title)).toEqual(expect.arrayContaining(['Collect the VGM', 'Send the arrival notice', 'Collect the VGM and send it to the carrier']));
    expect(s.tasks.map((x: { title: string }) => x.title)).not.toContain('Book the air freight');
    expect(s.tasks.find((x: { title: string }) => x.title === 'Collect the VGM').due_on).toBe(new Date(Date.parse(etd) - 3 * 86_400_000).toISOString().slice(0, 10));
  });

  it('cancels a confirmed booking with its shipment while it has not left, and refuses once it is under way', async () => {
    const { booking, shipment } = await confirmedShipment();
    const cancelled = await northwind.post(`/api/bookings/${booking}/cancel`, { reason: 'The client moved the order to January' });
    expect(cancelled.data.data).toMatchObject({ status: 'cancelled', reason: 'The client moved the order to January' });
    expect((await northwind.get(`/api/shipments/${shipment}`)).data.data.status).toBe('cancelled');

    const other = await confirmedShipment();
    await northwind.post(`/api/shipments/${other.shipment}/events`, { event_type: 'TRANSPORT', code: 'DEPA', classifier: 'ACT', location: 'CNSHA', occurred_at: at(-1) });
    expect((await northwind.post(`/api/bookings/${other.booking}/cancel`, { reason: 'Too late' })).data.error.code).toBe('shipment_under_way');
  });
});

describe('shipments', () => {
  it('checks container numbers by their ISO 6346 check digit', async () => {
    const { shipment } = await confirmedShipment();
    const good = await northwind.post(`/api/shipments/${shipment}/containers`, { number: 'mscu 123456-6', iso_type: '45g1', seal: 'ML-4471920' });
    expect(good.statusCode, good.body).toBe(201);
    expect(good.data.data).toMatchObject({ number: 'MSCU1234566', iso_type: '45G1', seal: 'ML-4471920', gated_out: false });
    const wrong = await northwind.post(`/api/shipments/${shipment}/containers`, { number: 'MSCU1234565', iso_type: '45G1' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.data.error.fields.number).toBe(VALIDATION_MESSAGES.container_check_digit);
    expect((await northwind.post(`/api/shipments/${shipment}/containers`, { number: 'MSCU1234566', iso_type: '45G1' })).statusCode).toBe(409);
    expect((await northwind.post(`/api/shipments/${shipment}/containers`, { number: 'TEMU0000080', iso_type: '42G1' })).statusCode).toBe(201);
  });

  it('moves on with actual events, keeps the newest estimate and a timeline oldest first', async () => {
    const { shipment } = await confirmedShipment();
    await northwind.post(`/api/shipments/${shipment}/containers`, { number: 'MSCU1234566', iso_type: '45G1' });
    const post = (e: Record<string, unknown>) => northwind.post(`/api/shipments/${shipment}/events`, e);
    expect((await post({ event_type: 'EQUIPMENT', code: 'LOAD', classifier: 'ACT', location: 'CNSHA', occurred_at: at(-30), container_number: 'TGHU9876542' })).data.error.fields.container_number).toBeTruthy();
    expect((await post({ event_type: 'TRANSPORT', code: 'LOAD', classifier: 'ACT', location: 'CNSHA', occurred_at: at(-30) })).data.error.fields.code).toBe(VALIDATION_MESSAGES.event_code);
    expect((await post({ event_type: 'EQUIPMENT', code: 'LOAD', classifier: 'ACT', location: 'CNSHA', occurred_at: at(-30), container_number: 'MSCU1234566' })).statusCode).toBe(201);
    const depa = await post({ event_type: 'TRANSPORT', code: 'DEPA', classifier: 'ACT', location: 'CNSHA', occurred_at: at(-24) });
    expect(depa.statusCode, depa.body).toBe(201);
    let s = (await northwind.get(`/api/shipments/${shipment}`)).data.data;
    expect(s).toMatchObject({ status: 'in_transit', atd: at(-24).slice(0, 13) + s.atd.slice(13) });
    // A newer estimate (made later) moves the ETA; an older one arriving afterwards does not.
    const newer = at(24 * 33);
    const older = at(24 * 31);
    await post({ event_type: 'TRANSPORT', code: 'ARRI', classifier: 'EST', location: 'GBFXT', occurred_at: newer, recorded_at: at(-1) });
    const late = await post({ event_type: 'TRANSPORT', code: 'ARRI', classifier: 'EST', location: 'GBFXT', occurred_at: older, recorded_at: at(-5) });
    expect(late.data.data.applied).toBe(false);
    s = (await northwind.get(`/api/shipments/${shipment}`)).data.data;
    expect(s.eta).toBe(newer);
    expect(s.delay_hours).toBeGreaterThan(0);
    const timeline = (await northwind.get(`/api/shipments/${shipment}/events`)).data.data as { code: string; occurred_at: string }[];
    expect(timeline.map((e) => e.code)).toEqual(['LOAD', 'DEPA', 'ARRI', 'ARRI']);
    expect(timeline.map((e) => e.occurred_at)).toEqual([...timeline.map((e) => e.occurred_at)].sort());
    await post({ event_type: 'TRANSPORT', code: 'ARRI', classifier: 'ACT', location: 'GBFXT', occurred_at: at(-0.5) });
    s = (await northwind.get(`/api/shipments/${shipment}`)).data.data;
    expect(s).toMatchObject({ status: 'arrived', last_event: { code: 'ARRI', classifier: 'ACT', location: 'GBFXT' } });
    expect((await northwind.post(`/api/shipments/${shipment}/status`, { status: 'in_transit' })).data.error.code).toBe('invalid_transition');
  });

  it('signs a job off in order and locks its charges; profit is actual where known, quoted otherwise', async () => {
    const { shipment } = await confirmedShipment();
    const s = (await northwind.get(`/api/shipments/${shipment}`)).data.data;
    expect((await northwind.post(`/api/shipments/${shipment}/sign-off`, {})).statusCode).toBe(409);
    const charges = s.charges.map((c: Record<string, unknown>, i: number) => (i === 0 ? { ...c, actual_buy_minor: 312550 } : c));
    const put = await northwind.put(`/api/shipments/${shipment}/charges`, { charges });
    // Sell 376 500 as quoted; buy 312 550 + 4 000 = 316 550; profit 59 950 = 15.923…%.
    expect(put.data.data.actual).toEqual({ sell_minor: 376500, buy_minor: 316550, profit_minor: 59950, margin_pct: '15.92' });
    for (const status of ['in_transit', 'arrived', 'delivered']) expect((await northwind.post(`/api/shipments/${shipment}/status`, { status })).statusCode).toBe(200);
    expect((await northwind.post(`/api/shipments/${shipment}/sign-off`, {})).data.data.signoff_status).toBe('operations_signed');
    expect((await northwind.post(`/api/shipments/${shipment}/sign-off`, {})).data.data.signoff_status).toBe('accounts_signed');
    expect((await northwind.put(`/api/shipments/${shipment}/charges`, { charges })).data.error.code).toBe('job_locked');
  });

  it('opens a shipment directly, lists by each date reference and reports per month and mode', async () => {
    const etd = `${inDays(5)}T10:00:00.000Z`;
    const made = await northwind.post('/api/shipments', {
      client_name: 'Leeds Lighting Co', mode: 'air', origin: 'HKHKG', destination: 'GBLHR', etd, eta: `${inDays(6)}T06:00:00.000Z`, flight: 'CX255', currency: 'GBP',
      packages: [{ packages: 4, length_cm: 100, width_cm: 80, height_cm: 60, weight_kg: 55 }],
      charges: [{ description: 'Air freight', quoted_sell_minor: 150000, quoted_buy_minor: 120000 }],
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.data.data.house_ref).toMatch(/^HAWB-\d{4}-\d{5}$/);
    expect(made.data.data.tasks.map((x: { title: string }) => x.title)).toEqual(expect.arrayContaining(['Book the air freight', 'Confirm the flight and issue the house air waybill']));
    expect(made.data.data.tasks.map((x: { title: string }) => x.title)).not.toContain('Collect the VGM');
    const byEtd = (await northwind.get(`/api/shipments?date_ref=etd&from=${inDays(5)}&to=${inDays(5)}`)).data.data as { id: string }[];
    expect(byEtd.map((x) => x.id)).toEqual([made.data.data.id]);
    expect((await northwind.get(`/api/shipments?date_ref=eda&from=${inDays(6)}&to=${inDays(6)}&mode=air`)).data.data.map((x: { id: string }) => x.id)).toContain(made.data.data.id);
    const report = (await northwind.get(`/api/shipments/report?date_ref=etd&from=${inDays(5)}&to=${inDays(5)}`)).data.data;
    expect(report.rows).toEqual([{ month: inDays(5).slice(0, 7), mode: 'air', shipments: 1, containers: 0, currency: 'GBP', sell_minor: 150000, buy_minor: 120000, profit_minor: 30000 }]);
    expect((await northwind.post('/api/shipments', { mode: 'air', origin: 'HKHKG', destination: 'GBLHR', currency: 'GBP' })).data.error.fields.client_name).toBeTruthy();
  });

  it('refuses a charge line naming another organisation’s charge code, and opens nothing (issue 21 item 7)', async () => {
    const foreign = (await (await who.owner()).get('/api/charge-codes?per_page=1')).data.data[0].id as string;
    const count = async () => Number((await t.database.query<{ n: string }>('select count(*) as n from shipments')).at(0)!.n);
    const before = await count();
    const res = await northwind.post('/api/shipments', {
      client_name: 'Leeds Lighting Co', mode: 'air', origin: 'HKHKG', destination: 'GBLHR', currency: 'GBP',
      charges: [{ charge_code_id: foreign, description: 'Air freight', quoted_sell_minor: 150000, quoted_buy_minor: 120000 }],
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.data.error.fields).toEqual({ charges: 'Unknown charge code.' });
    expect(await count()).toBe(before);
  });
});

describe('tracking', () => {
  it('takes signed webhook deliveries once, refuses unsigned or wrong ones, and shows the owner only the secret', async () => {
    const { shipment } = await confirmedShipment();
    const s = (await northwind.get(`/api/shipments/${shipment}`)).data.data;
    const admin = await northwind.join(northwind.role('admin'));
    expect((await admin.get('/api/tracking/webhook-secret')).statusCode).toBe(403);
    expect((await northwind.get('/api/tracking/webhook-secret')).data.data.secret).toBeNull();
    expect((await admin.post('/api/tracking/webhook-secret/rotate', {})).statusCode).toBe(403);
    const { secret, url } = (await northwind.post('/api/tracking/webhook-secret/rotate', {})).data.data;
    expect((await northwind.get('/api/tracking/webhook-secret')).data.data.secret).toBe(secret);
    expect(url).toContain(`/api/tracking/webhook/${northwind.orgId}`);
    const outsider = createClient(t.app);
    const send = (body: string, signature?: string) =>
      outsider.request('POST', `/api/tracking/webhook/${northwind.orgId}`, body, { 'content-type': 'application/json', ...(signature && { 'x-fyn-signature': signature }) });
    const body = JSON.stringify({
      shipment_reference: s.house_ref, delivery_id: 'dlv-0001',
      events: [
        { event_type: 'TRANSPORT', code: 'DEPA', classifier: 'ACT', location: 'CNSHA', occurred_at: at(-10) },
        { event_type: 'TRANSPORT', code: 'ARRI', classifier: 'EST', location: 'GBFXT', occurred_at: at(700), recorded_at: at(-9) },
      ],
    });
    expect((await send(body)).statusCode).toBe(401);
    expect((await send(body, signatureOf('not-the-secret', body))).statusCode).toBe(401);
    expect((await send(body.replace('dlv-0001', 'dlv-0002'), signatureOf(secret, body))).statusCode).toBe(401);
    const first = await send(body, signatureOf(secret, body));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.data.data).toEqual({ shipment_id: shipment, applied: 2, replay: false });
    const again = await send(body, signatureOf(secret, body));
    expect(again.data.data).toEqual({ shipment_id: shipment, applied: 2, replay: true });
    expect((await northwind.get(`/api/shipments/${shipment}/events`)).data.data).toHaveLength(2);
    // An older estimate delivered later changes nothing.
    const stale = JSON.stringify({ shipment_reference: s.number, delivery_id: 'dlv-0003', events: [{ event_type: 'TRANSPORT', code: 'ARRI', classifier: 'EST', location: 'GBFXT', occurred_at: at(500), recorded_at: at(-20) }] });
    expect((await send(stale, signatureOf(secret, stale))).data.data.applied).toBe(0);
    expect((await northwind.get(`/api/shipments/${shipment}`)).data.data).toMatchObject({ status: 'in_transit', eta: at(700).slice(0, 16) + (await northwind.get(`/api/shipments/${shipment}`)).data.data.eta.slice(16) });
  });

  it('imports events from a file: the preview names the bad row, and a file with one writes nothing', async () => {
    const { shipment } = await confirmedShipment();
    const s = (await northwind.get(`/api/shipments/${shipment}`)).data.data;
    const csv = [
      'shipment_reference,event_type,code,classifier,location,occurred_at,container_number',
      `${s.number},TRANSPORT,DEPA,ACT,CNSHA,${at(-5)},`,
      `${s.number},TRANSPORT,ARRI,XYZ,GBFXT,${at(600)},`,
      `S-1999-99999,TRANSPORT,ARRI,EST,GBFXT,${at(600)},`,
    ].join('\n');
    const upload = (text: string, dry: boolean) => {
      const boundary = '----fyn';
      const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="events.csv"\r\nContent-Type: text/csv\r\n\r\n${text}\r\n--${boundary}--\r\n`;
      return northwind.request('POST', `/api/tracking/events/import${dry ? '?dry_run=true' : ''}`, payload, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    };
    const preview = await upload(csv, true);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.data.data).toMatchObject({ dry_run: true, total: 3, valid: 1, invalid: 2 });
    expect(preview.data.data.rows[1].errors.classifier).toBeTruthy();
    expect(preview.data.data.rows[2].errors.shipment_reference).toBe('Unknown reference.');
    expect((await upload(csv, false)).data.error.code).toBe('import_invalid');
    expect((await northwind.get(`/api/shipments/${shipment}/events`)).data.data).toHaveLength(0);
    const good = await upload(csv.split('\n').slice(0, 2).join('\n'), false);
    expect(good.statusCode, good.body).toBe(201);
    expect((await northwind.get(`/api/shipments/${shipment}`)).data.data.status).toBe('in_transit');
  });

  it('gives the client a public link without login that shows no money and only what was chosen', async () => {
    const { shipment } = await confirmedShipment();
    await northwind.post(`/api/shipments/${shipment}/containers`, { number: 'MSCU1234566', iso_type: '45G1' });
    await northwind.post(`/api/shipments/${shipment}/events`, { event_type: 'TRANSPORT', code: 'DEPA', classifier: 'ACT', location: 'CNSHA', occurred_at: at(-3) });
    const link = await northwind.post(`/api/shipments/${shipment}/tracking-link`, { shows: { events: true, containers: false, parties: true, references: true } });
    expect(link.data.data.url).toMatch(/\/track\/[A-Za-z0-9_-]{40,}$/);
    const token = link.data.data.url.split('/track/')[1];
    const anyone = createClient(t.app);
    const seen = await anyone.get(`/api/public/tracking/${token}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.data.data).toMatchObject({ status: 'in_transit', containers: null, shipper: SHIPPER.name, events: [{ code: 'DEPA', classifier: 'ACT', location: 'CNSHA' }] });
    expect(seen.body).not.toMatch(/minor|charges|sell|buy|margin/);
    await northwind.delete(`/api/shipments/${shipment}/tracking-link`);
    expect((await anyone.get(`/api/public/tracking/${token}`)).statusCode).toBe(404);
  });
});

describe('exceptions', () => {
  const scan = (now: Date) => t.app.ctx.jobs.runNow('operations.scan', { now: now.toISOString() });
  const open = async (shipment: string) => (await northwind.get(`/api/exceptions?shipment_id=${shipment}`)).data.data as { id: string; kind: string; status: string; cause_key: string; reopened_count: number }[];

  it('raises an ETA passed once, resolves it, and clears it when the arrival comes', async () => {
    const { shipment } = await confirmedShipment();
    const eta = Date.parse((await northwind.get(`/api/shipments/${shipment}`)).data.data.eta);
    await scan(new Date(eta + 3_600_000));
    await scan(new Date(eta + 7_200_000));
    let found = (await open(shipment)).filter((x) => x.kind === 'eta_passed');
    expect(found).toHaveLength(1);
    expect(found[0].status).toBe('open');
    expect((await northwind.post(`/api/exceptions/${found[0].id}/resolve`, { note: 'Vessel delayed at Rotterdam; client told' })).data.data.status).toBe('resolved');
    await scan(new Date(eta + 10_800_000));
    found = (await open(shipment)).filter((x) => x.kind === 'eta_passed');
    expect(found.map((x) => [x.status, x.reopened_count])).toEqual([['resolved', 0]]);
    expect((await northwind.post(`/api/exceptions/${found[0].id}/resolve`, { note: 'again' })).statusCode).toBe(409);
  });

  it('reopens an ETA slip when the cause returns after it went away', async () => {
    const { shipment } = await confirmedShipment();
    const planned = Date.parse((await northwind.get(`/api/shipments/${shipment}`)).data.data.eta_planned);
    const estimate = (hoursLate: number, recordedHoursAgo: number) => northwind.post(`/api/shipments/${shipment}/events`, {
      event_type: 'TRANSPORT', code: 'ARRI', classifier: 'EST', location: 'GBFXT', occurred_at: new Date(planned + hoursLate * 3_600_000).toISOString(), recorded_at: at(-recordedHoursAgo),
    });
    await estimate(48, 3);
    await scan(new Date());
    expect((await open(shipment)).filter((x) => x.kind === 'eta_slip').map((x) => x.status)).toEqual(['open']);
    await estimate(2, 2);
    await scan(new Date());
    expect((await open(shipment)).filter((x) => x.kind === 'eta_slip').map((x) => x.status)).toEqual(['resolved']);
    await estimate(72, 1);
    await scan(new Date());
    expect((await open(shipment)).filter((x) => x.kind === 'eta_slip').map((x) => [x.status, x.reopened_count])).toEqual([['open', 1]]);
  });

  it('warns of a cut-off with the bill of lading missing, and of a container near the end of its free time', async () => {
    const { shipment } = await confirmedShipment({ cut_offs: [{ kind: 'documentation', at: at(20) }] });
    await scan(new Date());
    expect((await open(shipment)).filter((x) => x.kind === 'cutoff_documents').map((x) => [x.status, x.cause_key])).toEqual([['open', 'documentation']]);
    expect((await northwind.post(`/api/shipments/${shipment}/documents`, { type: 'hbl' })).statusCode).toBe(201);
    await scan(new Date());
    expect((await open(shipment)).filter((x) => x.kind === 'cutoff_documents').map((x) => x.status)).toEqual(['resolved']);

    await northwind.post(`/api/shipments/${shipment}/containers`, { number: 'MSCU1234566', iso_type: '45G1' });
    await northwind.post(`/api/shipments/${shipment}/events`, { event_type: 'TRANSPORT', code: 'ARRI', classifier: 'ACT', location: 'GBFXT', occurred_at: at(-24 * 7) });
    await northwind.post(`/api/shipments/${shipment}/events`, { event_type: 'EQUIPMENT', code: 'DISC', classifier: 'ACT', location: 'GBFXT', occurred_at: at(-24 * 6.5), container_number: 'MSCU1234566' });
    await scan(new Date());
    const risk = (await open(shipment)).filter((x) => x.kind === 'demurrage_risk');
    expect(risk.map((x) => [x.status, x.cause_key])).toEqual([['open', 'MSCU1234566']]);
    const assigned = await northwind.post(`/api/exceptions/${risk[0].id}/assign`, { user_id: northwind.userId });
    expect(assigned.data.data.assignee.id).toBe(northwind.userId);
    expect((await northwind.post(`/api/exceptions/${risk[0].id}/comments`, { body: 'Haulier booked for tomorrow 08:00' })).data.data.comments).toHaveLength(1);
    await northwind.post(`/api/shipments/${shipment}/events`, { event_type: 'EQUIPMENT', code: 'GTOT', classifier: 'ACT', location: 'GBFXT', occurred_at: at(-1), container_number: 'MSCU1234566' });
    await scan(new Date());
    expect((await open(shipment)).filter((x) => x.kind === 'demurrage_risk').map((x) => x.status)).toEqual(['resolved']);
  });
});

describe('documents', () => {
  it('prints the parties, references and containers in every script, versions on change and keeps old versions', async () => {
    const { shipment } = await confirmedShipment();
    await northwind.post(`/api/shipments/${shipment}/containers`, { number: 'MSCU1234566', iso_type: '45G1', seal: 'ML-4471920' });
    const s = (await northwind.get(`/api/shipments/${shipment}`)).data.data;
    const first = await northwind.post(`/api/shipments/${shipment}/documents`, { type: 'hbl' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.data.data).toMatchObject({ type: 'hbl', version: 1, reference: s.number });
    const text = await pdfText((await northwind.get(`/api/documents/${first.data.data.id}/pdf`)).rawPayload);
    for (const expected of ['House bill of lading', first.data.data.number, s.house_ref, 'MSCU-BK-778812', SHIPPER.name, CONSIGNEE.name, 'MSCU1234566', 'ML-4471920', 'MSC Aurora']) {
      expect(text.replace(/\s+/g, ' ')).toContain(expected);
    }
    // Nothing changed: the same document; a container more: version 2 under the same number.
    const same = await northwind.post(`/api/shipments/${shipment}/documents`, { type: 'hbl' });
    expect([same.statusCode, same.data.data.id]).toEqual([200, first.data.data.id]);
    await northwind.post(`/api/shipments/${shipment}/containers`, { number: 'TEMU0000080', iso_type: '45G1' });
    const second = await northwind.post(`/api/shipments/${shipment}/documents`, { type: 'hbl' });
    expect(second.data.data).toMatchObject({ number: first.data.data.number, version: 2 });
    expect((await northwind.get(`/api/documents/${first.data.data.id}/pdf`)).statusCode).toBe(200);

    const russian = await northwind.post(`/api/shipments/${shipment}/documents`, { type: 'arrival_notice', language: 'ru' });
    const ruText = (await pdfText((await northwind.get(`/api/documents/${russian.data.data.id}/pdf`)).rawPayload)).replace(/\s+/g, ' ');
    expect(ruText).toContain('Уведомление о прибытии');
    expect(ruText).toContain('Свободное время');
    const blind = await northwind.post(`/api/shipments/${shipment}/documents`, { type: 'arrival_notice', without_origin: true, language: 'zh' });
    const blindText = (await pdfText((await northwind.get(`/api/documents/${blind.data.data.id}/pdf`)).rawPayload)).replace(/\s+/g, ' ');
    expect(blindText).toContain('到货通知');
    expect(blindText).toContain(CONSIGNEE.name);
    expect(blindText).not.toContain(SHIPPER.name);
    expect(blind.data.data.number).not.toBe(russian.data.data.number);
    expect((await northwind.post(`/api/shipments/${shipment}/documents`, { type: 'hawb' })).data.error.code).toBe('document_mode');

    const quotation = await northwind.post(`/api/shipments/${shipment}/documents`, { type: 'quotation' });
    expect(quotation.statusCode, quotation.body).toBe(201);
    expect(await pdfText((await northwind.get(`/api/documents/${quotation.data.data.id}/pdf`)).rawPayload)).toContain('Harrogate Homewares Ltd');

    const mailed = await northwind.post(`/api/documents/${second.data.data.id}/email`, { to: 'imports@northwind-consignee.example' });
    expect(mailed.data.data.emailed.map((e: { to: string }) => e.to)).toEqual(['imports@northwind-consignee.example']);
    const [mail] = await t.database.query<{ attachments: { filename: string; bytes: number }[] }>('select attachments from mail_outbox where "to" = $1', ['imports@northwind-consignee.example']);
    expect(mail.attachments[0].filename).toBe(`${first.data.data.number}-v2.pdf`);
  });

  it('prints each document type with its references, the Cyrillic shipper and the Chinese consignee (or without the shipper)', async () => {
    const { shipment } = await confirmedShipment();
    await northwind.post(`/api/shipments/${shipment}/containers`, { number: 'CSQU3054383', iso_type: '22G1' });
    const s = (await northwind.get(`/api/shipments/${shipment}`)).data.data;
    const flat = (t: string) => t.replace(/\s+/g, ' ');
    for (const [type, title] of [['booking_confirmation', 'Booking confirmation'], ['arrival_notice', 'Arrival notice'], ['collection_origin', 'Collection note (origin)'], ['collection_destination', 'Delivery note (destination)'], ['hbl', 'House bill of lading']] as const) {
      for (const withoutOrigin of [false, true]) {
        const made = await northwind.post(`/api/shipments/${shipment}/documents`, { type, without_origin: withoutOrigin });
        if (type === 'collection_origin' && withoutOrigin) {
          expect(made.data.error.fields.without_origin).toBeTruthy();
          continue;
        }
        expect(made.statusCode, made.body).toBe(201);
        const text = flat(await pdfText((await northwind.get(`/api/documents/${made.data.data.id}/pdf`)).rawPayload));
        for (const expected of [title, made.data.data.number, s.number, s.house_ref, CONSIGNEE.name]) expect(text, `${type} ${expected}`).toContain(expected);
        if (type !== 'booking_confirmation') expect(text, type).toContain('CSQU3054383');
        if (withoutOrigin) expect(text, type).not.toContain(SHIPPER.name);
        else expect(text, type).toContain(SHIPPER.name);
      }
    }
    // An air job: its house air waybill, with the chargeable weight.
    const air = await northwind.post('/api/shipments', {
      client_name: 'Thames Valley Electronics plc', mode: 'air', origin: 'HKHKG', destination: 'GBLHR', flight: 'CX255', currency: 'GBP', shipper: SHIPPER, consignee: CONSIGNEE,
      packages: [{ packages: 2, length_cm: 120, width_cm: 80, height_cm: 100, weight_kg: 150 }],
    });
    const hawb = await northwind.post(`/api/shipments/${air.data.data.id}/documents`, { type: 'hawb', language: 'ja' });
    const text = flat(await pdfText((await northwind.get(`/api/documents/${hawb.data.data.id}/pdf`)).rawPayload));
    // 2 × 120 × 80 × 100 cm = 1.92 m³ → 320 kg chargeable against 300 kg actual.
    for (const expected of ['ハウスエアウェイビル', 'CX255', air.data.data.house_ref, SHIPPER.name, CONSIGNEE.name, '320 kg', '300 kg']) expect(text).toContain(expected);
  });

  it('moves the open tasks that count from ETD or ETA when the dates move', async () => {
    const { shipment } = await confirmedShipment();
    const before = (await northwind.get(`/api/shipments/${shipment}`)).data.data;
    const vgm = before.tasks.find((x: { title: string }) => x.title === 'Collect the VGM');
    const etd = new Date(Date.parse(before.etd) + 4 * 86_400_000).toISOString();
    await patch(northwind, `/api/shipments/${shipment}`, { etd });
    const after = (await northwind.get(`/api/shipments/${shipment}`)).data.data;
    expect(after.tasks.find((x: { id: string }) => x.id === vgm.id).due_on).toBe(new Date(Date.parse(etd) - 3 * 86_400_000).toISOString().slice(0, 10));
  });

  it('numbers documents without gaps or repeats when many are made at once', async () => {
    const shipments = await Promise.all([1, 2, 3].map(() => confirmedShipment().then((x) => x.shipment)));
    const made = await Promise.all(shipments.flatMap((id) => ['booking_confirmation', 'collection_origin'].map((type) => northwind.post(`/api/shipments/${id}/documents`, { type }))));
    for (const r of made) expect(r.statusCode, r.body).toBe(201);
    const numbers = made.map((r) => Number(r.data.data.number.split('-')[2])).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(6);
    expect(numbers.at(-1)! - numbers[0]).toBe(5);
  });
});

describe('tasks', () => {
  it('counts by status for me and the whole organisation, and tells a colleague given a task', async () => {
    const colleague = await northwind.join(northwind.role('staff'));
    const before = (await northwind.get('/api/tasks/meta?scope=mine')).data.data;
    const tasks = (await northwind.get('/api/tasks?per_page=1')).data.data as { id: string }[];
    expect((await northwind.post(`/api/tasks/${tasks[0].id}/assign`, { user_id: colleague.userId })).statusCode).toBe(200);
    const theirs = (await colleague.get('/api/tasks/meta?scope=mine')).data.data;
    expect(theirs.by_status.todo).toBe(1);
    expect((await northwind.get('/api/tasks/meta?scope=all')).data.data.by_status.todo).toBeGreaterThan(before.by_status.todo);
    const told = (await colleague.get('/api/notifications')).data.data as { type: string }[];
    expect(told.map((n) => n.type)).toContain('task_assigned');
    const stranger = await who.owner();
    expect((await northwind.post(`/api/tasks/${tasks[0].id}/assign`, { user_id: stranger.userId })).statusCode).toBe(422);
  });
});
