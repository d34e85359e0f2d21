import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';
import { VALIDATION_MESSAGES } from '#shared/api/messages.ts';

/** Editing what was booked (issue 22, item 1): shipments and received bookings, their tasks, audit and documents. */
let t: TestApp;
const who = people(() => t);
type Owner = Awaited<ReturnType<typeof who.owner>>;
let northwind: Owner;
let client: string;
let codes: Record<string, string>;

const DAY = 86_400_000;
/** A moment some days from now, at 08:00 UTC (so that its UTC day is known). */
const on = (days: number, hour = 8) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};
const dayOf = (isoTime: string, plus = 0) => new Date(Date.parse(isoTime) + plus * DAY).toISOString().slice(0, 10);
const patch = (c: Owner | Awaited<ReturnType<Owner['join']>>, url: string, body: unknown) => c.request('PATCH', url, body);
const money = (amount_minor: number, currency: string) => ({ amount_minor, currency });

async function acceptedBooking(): Promise<string> {
  const q = await northwind.post('/api/quotes', {
    client: { type: 'native_organisation', id: client }, mode: 'sea_fcl', incoterm: 'FOB', origin: 'CNSHA', destination: 'GBFXT', currency: 'GBP', valid_until: dayOf(on(20)),
    equipment: [{ iso_type: '45G1', count: 1 }],
    lines: [{ charge_code_id: codes.OFR, basis: 'per_container', buy: money(150000, 'GBP'), sell: money(185000, 'GBP') }],
  });
  expect(q.statusCode, q.body).toBe(201);
  expect((await northwind.post(`/api/quotes/${q.data.data.id}/send`, {})).statusCode).toBe(200);
  return (await northwind.post(`/api/quotes/${q.data.data.id}/accept`, {})).data.data.booking_id;
}

async function shipment(): Promise<{ booking: string; id: string; etd: string; eta: string }> {
  const booking = await acceptedBooking();
  const etd = on(10);
  const eta = on(40, 6);
  const res = await patch(northwind, `/api/bookings/${booking}`, {
    shipper: { name: 'Shanghai Dongfang Furniture' }, consignee: { name: 'Harrogate Homewares Ltd' }, pol: 'CNSHA', pod: 'GBFXT', place_of_delivery: 'GBMNC',
    legs: [{ mode: 'sea', from: 'CNSHA', to: 'GBFXT', carrier: 'COSCO', vessel: 'COSCO Aries', voyage: '056W', etd, eta }],
  });
  expect(res.statusCode, res.body).toBe(200);
  const confirmed = await northwind.post(`/api/bookings/${booking}/confirm`, { carrier_booking_reference: 'COSU-1' });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { booking, id: confirmed.data.data.shipment_id, etd, eta };
}

type Task = { title: string; due_on: string | null; status: string; id: string };
const taskOf = async (shipmentId: string, title: string): Promise<Task> =>
  ((await northwind.get(`/api/shipments/${shipmentId}`)).data.data.tasks as Task[]).find((x) => x.title === title)!;
const audits = (id: string) => t.database.query<{ action: string; changes: Record<string, unknown> }>('select action, changes from audit_events where entity_id = $1 order by created_at, id', [id]);

beforeAll(async () => {
  t = await createTestApp();
  northwind = await who.owner();
  codes = Object.fromEntries(((await northwind.get('/api/charge-codes?per_page=100')).data.data as { id: string; code: string }[]).map((c) => [c.code, c.id]));
  const made = await northwind.post('/api/native-organisations', { name: 'Harrogate Homewares Ltd', type: 'shipper', country: 'GB', email: 'buying@harrogate.example', force: true });
  client = made.data.data.id;
  // Anchored on the departure and the arrival, on creation, and one for the booking that counts from its departure.
  for (const body of [
    { title: 'Collect the VGM', mode: 'sea_fcl', attach_to: 'shipment', anchor: 'etd', offset_days: -3 },
    { title: 'Send the arrival notice', mode: 'sea_fcl', attach_to: 'shipment', anchor: 'eta', offset_days: -2 },
    { title: 'Open the job file', mode: 'sea_fcl', attach_to: 'shipment', anchor: 'created', offset_days: 0 },
    { title: 'Chase the carrier for space', attach_to: 'booking', anchor: 'etd', offset_days: -7 },
  ]) expect((await northwind.post('/api/task-templates', body)).statusCode).toBe(201);
});
afterAll(() => t.close());

describe('editing a shipment', () => {
  it('changes parties, route, carriage, dates, cut-offs, cargo and free time; audits only what changed; moves every task counted from the dates', async () => {
    const s = await shipment();
    const before = (await northwind.get(`/api/shipments/${s.id}`)).data.data;
    expect(before).toMatchObject({ pol: 'CNSHA', pod: 'GBFXT', place_of_delivery: 'GBMNC', master_ref: 'COSU-1' });
    expect((await taskOf(s.id, 'Collect the VGM')).due_on).toBe(dayOf(s.etd, -3));
    // The booking's own task had no departure when the booking was made: the plan gave it one.
    const bookingTasks = (await northwind.get(`/api/tasks?per_page=100&filter[booking_id]=${s.booking}`)).data.data as Task[];
    expect(bookingTasks.find((x) => x.title === 'Chase the carrier for space')!.due_on).toBe(dayOf(s.etd, -7));
    // Done tasks keep their day; hand-written ones are no template's.
    const done = await taskOf(s.id, 'Open the job file');
    const handWritten = (await northwind.post('/api/tasks', { title: 'Call the consignee', due_on: dayOf(on(2)), shipment_id: s.id })).data.data;

    const etd = on(12, 14);
    const eta = on(47, 6);
    const res = await patch(northwind, `/api/shipments/${s.id}`, {
      shipper: { name: 'Shanghai Dongfang Furniture Manufacturing Co.', address: '1200 Jiangchang Road, Shanghai', contact: 'Li Na', email: 'li.na@dongfang.example' },
      notify_party: { name: 'Harrogate Homewares Ltd', phone: '+44 1423 555 202' },
      destination: 'GBSOU', pod: 'GBSOU', place_of_receipt: 'CNNGB', incoterm: 'FCA',
      master_ref: 'COSU6425187730', carrier: 'CMA CGM', vessel: 'CMA CGM Jacques Saade', voyage: '0FLE3W1MA',
      etd, eta, cut_offs: [{ kind: 'vgm', at: on(10, 12) }],
      packages: [{ packages: 48, length_cm: '60', width_cm: '40', height_cm: '45', weight_kg: '18.5' }], goods_description: '48 cartons of LED lights', free_days: 10,
      // Sent as it was: not a change.
      consignee: { name: 'Harrogate Homewares Ltd' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.data.data;
    expect(after).toMatchObject({
      destination: 'GBSOU', pod: 'GBSOU', place_of_receipt: 'CNNGB', incoterm: 'FCA', master_ref: 'COSU6425187730', carrier: 'CMA CGM', vessel: 'CMA CGM Jacques Saade',
      etd, eta, eta_planned: s.eta, free_days: 10, goods_description: '48 cartons of LED lights',
      shipper: { name: 'Shanghai Dongfang Furniture Manufacturing Co.', contact: 'Li Na', email: 'li.na@dongfang.example', phone: null },
      cut_offs: [{ kind: 'vgm', at: on(10, 12) }],
    });
    expect(after.place_names).toMatchObject({ GBSOU: expect.any(String), CNNGB: expect.any(String) });
    // The arrival is 7 days later than planned: 168 hours.
    expect(after.delay_hours).toBe(168);
    expect((await taskOf(s.id, 'Collect the VGM')).due_on).toBe(dayOf(etd, -3));
    expect((await taskOf(s.id, 'Send the arrival notice')).due_on).toBe(dayOf(eta, -2));
    expect((await taskOf(s.id, 'Open the job file')).due_on).toBe(done.due_on);
    expect((await taskOf(s.id, 'Call the consignee')).due_on).toBe(handWritten.due_on);
    const chase = ((await northwind.get(`/api/tasks?per_page=100&filter[booking_id]=${s.booking}`)).data.data as Task[]).find((x) => x.title === 'Chase the carrier for space')!;
    expect(chase.due_on).toBe(dayOf(etd, -7));

    const [edit] = (await audits(s.id)).filter((a) => a.action === 'update');
    // The transport plan begins and ends with the new dates too.
    expect(after.legs).toEqual([expect.objectContaining({ from: 'CNSHA', to: 'GBFXT', etd, eta })]);
    expect(edit.changes.fields).toEqual(['shipper', 'notify_party', 'destination', 'place_of_receipt', 'pod', 'incoterm', 'master_ref', 'carrier', 'vessel', 'voyage', 'legs', 'etd', 'eta', 'cut_offs', 'packages', 'goods_description', 'free_days']);
    // Moved: the two sea tasks above, the booking's, and the five of the standard checklist counted from ETD or ETA.
    expect(edit.changes).toMatchObject({ before: { master_ref: 'COSU-1', free_days: 7, eta: s.eta }, after: { master_ref: 'COSU6425187730', free_days: 10, eta }, tasks_moved: 8 });

    // The same again changes nothing and writes nothing.
    expect((await patch(northwind, `/api/shipments/${s.id}`, { free_days: 10, master_ref: 'COSU6425187730' })).statusCode).toBe(200);
    expect((await audits(s.id)).filter((a) => a.action === 'update')).toHaveLength(1);

    // Taking the arrival away takes the due day of what counted from it.
    await patch(northwind, `/api/shipments/${s.id}`, { eta: null });
    expect((await taskOf(s.id, 'Send the arrival notice')).due_on).toBeNull();
  });

  it('carries a changed plan to the shipment: the first leg’s departure, the last leg’s arrival and the main leg’s carriage it was the same as, moving the tasks', async () => {
    const s = await shipment();
    const leg = { mode: 'sea', from: 'CNSHA', to: 'GBFXT', carrier: 'COSCO', vessel: 'COSCO Aries', voyage: '056W', etd: s.etd, eta: s.eta };
    // The arrival notice counts 2 days back from the arrival: day 40 − 2 = day 38; the VGM 3 back from the departure: day 10 − 3 = day 7.
    expect((await taskOf(s.id, 'Send the arrival notice')).due_on).toBe(dayOf(on(38)));
    // The route form sends the shipment's own carriage as it was, with the plan: leg 1 arrives 3 days later (day 43) on voyage 057W.
    const later = on(43, 6);
    const res = await patch(northwind, `/api/shipments/${s.id}`, { carrier: 'COSCO', vessel: 'COSCO Aries', voyage: '056W', legs: [{ ...leg, voyage: '057W', eta: later }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data.data).toMatchObject({ etd: s.etd, eta: later, eta_planned: s.eta, voyage: '057W', vessel: 'COSCO Aries', delay_hours: 72 });
    // Day 43 − 2 = day 41; the VGM stays on day 7.
    expect((await taskOf(s.id, 'Send the arrival notice')).due_on).toBe(dayOf(on(41)));
    expect((await taskOf(s.id, 'Collect the VGM')).due_on).toBe(dayOf(on(7)));
    const edits = (await audits(s.id)).filter((a) => a.action === 'update');
    expect(edits).toHaveLength(1);
    const etaTasks = await t.database.query<{ n: number }>(`select count(*)::int as n from tasks x join task_templates tt on tt.id = x.template_id where x.shipment_id = $1 and tt.anchor = 'eta'`, [s.id]);
    expect(edits[0].changes).toMatchObject({ fields: ['voyage', 'legs', 'eta'], before: { eta: s.eta, voyage: '056W' }, after: { eta: later, voyage: '057W' }, tasks_moved: etaTasks[0].n });

    // A date typed on the shipment itself, apart from its plan, stays when the plan moves again.
    expect((await patch(northwind, `/api/shipments/${s.id}`, { eta: on(44, 6), legs: [{ ...leg, voyage: '057W', eta: later }] })).data.data.eta).toBe(on(44, 6));
    expect((await patch(northwind, `/api/shipments/${s.id}`, { legs: [{ ...leg, voyage: '057W', eta: on(45, 6) }] })).data.data.eta).toBe(on(44, 6));

    // Typed to match the plan again (day 45).
    expect((await patch(northwind, `/api/shipments/${s.id}`, { eta: on(45, 6) })).data.data.eta).toBe(on(45, 6));
    // Departed: the first leg's departure is history, not carried (no 409); a second leg's arrival still is.
    await northwind.post(`/api/shipments/${s.id}/events`, { event_type: 'TRANSPORT', code: 'DEPA', classifier: 'ACT', location: 'CNSHA', occurred_at: on(-1) });
    const departed = (await northwind.get(`/api/shipments/${s.id}`)).data.data;
    const plan = [{ ...leg, etd: departed.etd, eta: on(44, 6) }, { mode: 'road', from: 'GBFXT', to: 'GBMNC', carrier: null, vessel: null, voyage: null, etd: on(45), eta: on(46, 6) }];
    const onward = await patch(northwind, `/api/shipments/${s.id}`, { legs: plan });
    expect(onward.statusCode, onward.body).toBe(200);
    // The shipment's arrival (day 45) was the plan's last arrival (day 45): it becomes the road leg's, day 46.
    expect(onward.data.data).toMatchObject({ etd: departed.etd, eta: on(46, 6) });
  });

  it('refuses bad input with the field, and what the status no longer allows', async () => {
    const s = await shipment();
    const bad = async (body: unknown, field: string, message?: string) => {
      const res = await patch(northwind, `/api/shipments/${s.id}`, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.data.error.fields)).toContain(field);
      if (message) expect(res.data.error.fields[field]).toBe(message);
    };
    await bad({ etd: on(20), eta: on(15) }, 'eta', VALIDATION_MESSAGES.arrival_before_departure);
    // Against the arrival kept.
    await bad({ etd: on(60) }, 'etd', VALIDATION_MESSAGES.arrival_before_departure);
    await bad({ legs: [{ mode: 'sea', from: 'CNSHA', to: 'GBFXT', etd: on(20), eta: on(19) }] }, 'legs.0.eta');
    await bad({ pod: 'Felixstowe' }, 'pod');
    await bad({ cut_offs: [{ kind: 'vgm', at: on(8) }, { kind: 'vgm', at: on(9) }] }, 'cut_offs.1.kind', VALIDATION_MESSAGES.cut_off_duplicate);
    // Kept earliest first, whatever order they came in.
    expect((await patch(northwind, `/api/shipments/${s.id}`, { cut_offs: [{ kind: 'vgm', at: on(8) }, { kind: 'documentation', at: on(7) }] })).data.data.cut_offs.map((c: { kind: string }) => c.kind)).toEqual(['documentation', 'vgm']);
    await bad({ free_days: -1 }, 'free_days');
    await bad({ shipper: { name: '' } }, 'shipper.name');
    await bad({ shipper: { name: 'X', email: 'not an address' } }, 'shipper.email');
    // The mode and the currency are not changed here: sent alone, there is nothing to change.
    expect((await patch(northwind, `/api/shipments/${s.id}`, { mode: 'air', currency: 'USD' })).statusCode).toBe(422);
    expect((await northwind.get(`/api/shipments/${s.id}`)).data.data).toMatchObject({ mode: 'sea_fcl', currency: 'GBP', free_days: 7 });

    // Departed: the ETD is the actual departure now; the ETA still moves.
    expect((await northwind.post(`/api/shipments/${s.id}/events`, { event_type: 'TRANSPORT', code: 'DEPA', classifier: 'ACT', location: 'CNSHA', occurred_at: on(-1) })).statusCode).toBe(201);
    const departed = await patch(northwind, `/api/shipments/${s.id}`, { etd: on(1) });
    expect(departed.statusCode).toBe(409);
    expect(departed.data.error).toMatchObject({ code: 'not_editable', fields: { etd: expect.any(String) } });
    expect((await patch(northwind, `/api/shipments/${s.id}`, { eta: on(45), vessel: 'COSCO Aries II' })).statusCode).toBe(200);
    // A carrier estimate made before the desk's edit does not undo it (the newer estimate wins).
    const older = await northwind.post(`/api/shipments/${s.id}/events`, { event_type: 'TRANSPORT', code: 'ARRI', classifier: 'EST', location: 'GBFXT', occurred_at: on(50), recorded_at: on(-1) });
    expect(older.data.data.applied).toBe(false);
    expect((await northwind.get(`/api/shipments/${s.id}`)).data.data.eta).toBe(on(45));
    // Arrived: the ETA has happened too. Closed: nothing changes.
    await northwind.post(`/api/shipments/${s.id}/events`, { event_type: 'TRANSPORT', code: 'ARRI', classifier: 'ACT', location: 'GBFXT', occurred_at: on(0) });
    expect((await patch(northwind, `/api/shipments/${s.id}`, { eta: on(2) })).data.error.code).toBe('not_editable');
    expect((await patch(northwind, `/api/shipments/${s.id}`, { free_days: 9 })).statusCode).toBe(200);
    await northwind.post(`/api/shipments/${s.id}/status`, { status: 'delivered' });
    await northwind.post(`/api/shipments/${s.id}/status`, { status: 'closed' });
    const closed = await patch(northwind, `/api/shipments/${s.id}`, { free_days: 8 });
    expect(closed.statusCode).toBe(409);
    expect(closed.data.error.code).toBe('shipment_closed');
  });

  it('refuses places that are not UN/LOCODE locations, on each field, changing nothing', async () => {
    const s = await shipment();
    const before = (await northwind.get(`/api/shipments/${s.id}`)).data.data;
    const res = await patch(northwind, `/api/shipments/${s.id}`, {
      origin: 'XXXXX', pol: 'CNSHA', pod: 'ZZZZZ', free_days: 9,
      legs: [{ mode: 'sea', from: 'CNSHA', to: 'GBFXT' }, { mode: 'road', from: 'GBFXT', to: 'QQQQQ' }],
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.data.error).toMatchObject({ code: 'validation_failed', fields: { origin: VALIDATION_MESSAGES.location_unknown, pod: VALIDATION_MESSAGES.location_unknown, 'legs.1.to': VALIDATION_MESSAGES.location_unknown } });
    expect(Object.keys(res.data.error.fields).sort()).toEqual(['legs.1.to', 'origin', 'pod']);
    expect((await northwind.get(`/api/shipments/${s.id}`)).data.data).toEqual(before);
    expect((await audits(s.id)).filter((a) => a.action === 'update')).toHaveLength(0);
    // A booking's places likewise.
    const booking = await acceptedBooking();
    const bad = await patch(northwind, `/api/bookings/${booking}`, { place_of_receipt: 'CNXXX', carrier_booking_reference: 'MSC-9' });
    expect(bad.statusCode).toBe(422);
    expect(bad.data.error.fields).toEqual({ place_of_receipt: VALIDATION_MESSAGES.location_unknown });
    expect((await northwind.get(`/api/bookings/${booking}`)).data.data.carrier_booking_reference).toBeNull();
    // Real places pass.
    expect((await patch(northwind, `/api/shipments/${s.id}`, { origin: 'CNNGB', pod: 'GBSOU' })).statusCode).toBe(200);
  });

  it('is for members whose role may change operations, of the shipment’s organisation only', async () => {
    const s = await shipment();
    const viewer = await northwind.join((await northwind.post('/api/roles', { name: `Viewer ${Math.random()}`, permissions: ['operations.view'] })).data.data.id);
    expect((await patch(viewer, `/api/shipments/${s.id}`, { free_days: 3 })).statusCode).toBe(403);
    const other = await who.owner();
    expect((await patch(other, `/api/shipments/${s.id}`, { free_days: 3 })).statusCode).toBe(404);
    expect((await northwind.get(`/api/shipments/${s.id}`)).data.data.free_days).toBe(7);
  });

  it('keeps the charges exact in minor units and audits the lines as they were and are', async () => {
    const s = await shipment();
    const lines = [
      { charge_code_id: codes.OFR, quoted_sell_minor: 185000, quoted_buy_minor: 150000, actual_sell_minor: 185000, actual_buy_minor: 154550, payment: 'prepaid' },
      { charge_code_id: null, description: 'Port congestion surcharge', quoted_sell_minor: 0, quoted_buy_minor: 0, actual_sell_minor: 12575, actual_buy_minor: 9999, payment: 'collect' },
    ];
    const res = await northwind.put(`/api/shipments/${s.id}/charges`, { charges: lines });
    expect(res.statusCode, res.body).toBe(200);
    // Quoted 1 850.00 − 1 500.00 = 350.00; actual 1 975.75 − 1 645.49 = 330.26 (16.72 %).
    expect(res.data.data.quoted).toEqual({ sell_minor: 185000, buy_minor: 150000, profit_minor: 35000, margin_pct: '18.92' });
    expect(res.data.data.actual).toEqual({ sell_minor: 197575, buy_minor: 164549, profit_minor: 33026, margin_pct: '16.72' });
    const [charges] = (await audits(s.id)).filter((a) => a.action === 'charges');
    expect(charges.changes).toMatchObject({ fields: ['charges'], lines: 2, before: { charges: [{ quoted_sell_minor: 185000, actual_buy_minor: null }] }, after: { charges: [{ actual_buy_minor: 154550 }, { actual_sell_minor: 12575 }] } });
    expect((await northwind.put(`/api/shipments/${s.id}/charges`, { charges: [{ ...lines[0], actual_buy_minor: 1545.5 }] })).statusCode).toBe(422);
    const foreign = await (await who.owner()).get('/api/charge-codes?per_page=1');
    expect((await northwind.put(`/api/shipments/${s.id}/charges`, { charges: [{ ...lines[0], charge_code_id: foreign.data.data[0].id }] })).statusCode).toBe(422);
  });
});

describe('a shipment’s history', () => {
  it('lists its audited changes and its booking’s, newest first, page by page, to its organisation’s members who may view operations', async () => {
    const s = await shipment();
    expect((await patch(northwind, `/api/shipments/${s.id}`, { free_days: 10, eta: on(42, 6) })).statusCode).toBe(200);
    expect((await northwind.post(`/api/shipments/${s.id}/status`, { status: 'in_transit' })).statusCode).toBe(200);
    const first = await northwind.get(`/api/shipments/${s.id}/activity?limit=2`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.data.data).toMatchObject([
      { entity: 'shipment', action: 'status', from: 'booked', to: 'in_transit', fields: [], actor: expect.any(String) },
      { entity: 'shipment', action: 'update', fields: ['legs', 'eta', 'free_days'], before: { free_days: 7, eta: s.eta }, after: { free_days: 10, eta: on(42, 6) }, tasks_moved: expect.any(Number) },
    ]);
    const rest = await northwind.get(`/api/shipments/${s.id}/activity?limit=100&cursor=${first.data.meta.next_cursor}`);
    expect(rest.data.meta.next_cursor).toBeNull();
    // Then the booking's confirmation, written after the shipment it opened (the same transaction), its edit and its making, oldest last.
    expect(rest.data.data.map((a: { entity: string; action: string }) => `${a.entity} ${a.action}`)).toEqual(['booking confirm', 'shipment create', 'booking update', 'booking create']);
    const viewer = await northwind.join((await northwind.post('/api/roles', { name: `Viewer ${Math.random()}`, permissions: ['operations.view'] })).data.data.id);
    expect((await viewer.get(`/api/shipments/${s.id}/activity`)).statusCode).toBe(200);
    const nobody = await northwind.join((await northwind.post('/api/roles', { name: `Nobody ${Math.random()}`, permissions: [] })).data.data.id);
    expect((await nobody.get(`/api/shipments/${s.id}/activity`)).statusCode).toBe(403);
    expect((await (await who.owner()).get(`/api/shipments/${s.id}/activity`)).statusCode).toBe(404);
    expect((await northwind.get(`/api/shipments/${s.id}/activity?cursor=nonsense`)).statusCode).toBe(422);
  });
});

describe('documents made from older data', () => {
  it('marks the latest version outdated once what it prints changed, and a new generation makes the next version', async () => {
    const s = await shipment();
    const notice = await northwind.post(`/api/shipments/${s.id}/documents`, { type: 'arrival_notice', language: 'en' });
    expect(notice.statusCode).toBe(201);
    await northwind.post(`/api/shipments/${s.id}/documents`, { type: 'booking_confirmation', language: 'de' });
    await northwind.post(`/api/shipments/${s.id}/documents`, { type: 'quotation', language: 'en' });
    const states = async () => Object.fromEntries(((await northwind.get(`/api/shipments/${s.id}`)).data.data.documents as { type: string; version: number; latest: boolean; outdated: boolean }[])
      .map((d) => [`${d.type} v${d.version}`, [d.latest, d.outdated]]));
    expect(await states()).toEqual({ 'arrival_notice v1': [true, false], 'booking_confirmation v1': [true, false], 'quotation v1': [true, false] });

    // A later arrival: both freight documents print it; the quotation does not.
    expect((await patch(northwind, `/api/shipments/${s.id}`, { eta: on(44, 6) })).data.data.documents.filter((d: { outdated: boolean }) => d.outdated)).toHaveLength(2);
    expect(await states()).toEqual({ 'arrival_notice v1': [true, true], 'booking_confirmation v1': [true, true], 'quotation v1': [true, false] });

    const again = await northwind.post(`/api/shipments/${s.id}/documents`, { type: 'arrival_notice', language: 'en' });
    expect(again.statusCode).toBe(201);
    expect(again.data.data).toMatchObject({ number: notice.data.data.number, version: 2 });
    expect(await states()).toEqual({ 'arrival_notice v2': [true, false], 'arrival_notice v1': [false, false], 'booking_confirmation v1': [true, true], 'quotation v1': [true, false] });
    // Nothing changed since: the same version again.
    expect((await northwind.post(`/api/shipments/${s.id}/documents`, { type: 'arrival_notice', language: 'en' })).statusCode).toBe(200);
    // A container and the charges are printed too.
    await northwind.post(`/api/shipments/${s.id}/containers`, { number: 'MSCU1234566', iso_type: '45G1' });
    expect((await states())['arrival_notice v2']).toEqual([true, true]);
  });
});

describe('editing a booking', () => {
  it('while received only: once confirmed its shipment is what changes', async () => {
    const booking = await acceptedBooking();
    const res = await patch(northwind, `/api/bookings/${booking}`, { carrier_booking_reference: 'MSC-1', pol: 'CNSHA', legs: [{ mode: 'sea', from: 'CNSHA', to: 'GBFXT', etd: on(15), eta: on(45) }] });
    expect(res.statusCode).toBe(200);
    expect(res.data.data.place_names).toMatchObject({ CNSHA: expect.any(String), GBFXT: 'Felixstowe' });
    const [edit] = (await audits(booking)).filter((a) => a.action === 'update');
    expect(edit.changes).toMatchObject({ fields: ['pol', 'legs', 'carrier_booking_reference'], before: { pol: null, carrier_booking_reference: null }, tasks_moved: 1 });
    const chase = ((await northwind.get(`/api/tasks?per_page=100&filter[booking_id]=${booking}`)).data.data as Task[]).find((x) => x.title === 'Chase the carrier for space')!;
    expect(chase.due_on).toBe(dayOf(on(15), -7));
    expect((await patch(northwind, `/api/bookings/${booking}`, { legs: [{ mode: 'sea', from: 'CNSHA', to: 'GBFXT', etd: on(15), eta: on(14) }] })).data.error.fields).toHaveProperty(['legs.0.eta']);
    await northwind.post(`/api/bookings/${booking}/confirm`, {});
    const late = await patch(northwind, `/api/bookings/${booking}`, { carrier_booking_reference: 'MSC-2' });
    expect(late.statusCode).toBe(409);
    expect(late.data.error.code).toBe('invalid_transition');
  });
});

describe('a received booking’s details', () => {
  it('corrects the route, Incoterm, equipment and cargo while received, audited, and the shipment opens with them; a viewer may not', async () => {
    const booking = await acceptedBooking();
    const cargo = [{ packages: 12, length_cm: '120', width_cm: '80', height_cm: '110.5', weight_kg: '412.25' }];
    const res = await patch(northwind, `/api/bookings/${booking}`, { origin: 'CNNGB', incoterm: 'FCA', equipment: [{ iso_type: '22g1', count: 2 }], cargo });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data.data).toMatchObject({ origin: 'CNNGB', destination: 'GBFXT', incoterm: 'FCA', equipment: [{ iso_type: '22G1', count: 2 }], cargo });
    const [edit] = (await audits(booking)).filter((a) => a.action === 'update');
    expect(edit.changes).toMatchObject({ fields: ['origin', 'incoterm', 'equipment', 'cargo'], before: { origin: 'CNSHA', incoterm: 'FOB', equipment: [{ iso_type: '45G1', count: 1 }] } });
    expect((await patch(northwind, `/api/bookings/${booking}`, { incoterm: 'XYZ' })).data.error.fields).toHaveProperty('incoterm');
    expect((await patch(northwind, `/api/bookings/${booking}`, { cargo: [{ ...cargo[0], width_cm: '0' }] })).data.error.fields).toHaveProperty(['cargo.0.width_cm']);
    const viewer = await northwind.join((await northwind.post('/api/roles', { name: `Viewer ${Math.random()}`, permissions: ['operations.view'] })).data.data.id);
    expect((await patch(viewer, `/api/bookings/${booking}`, { incoterm: 'EXW' })).statusCode).toBe(403);
    const confirmed = await northwind.post(`/api/bookings/${booking}/confirm`, {});
    expect((await northwind.get(`/api/shipments/${confirmed.data.data.shipment_id}`)).data.data).toMatchObject({ origin: 'CNNGB', incoterm: 'FCA', packages: cargo });
  });
});

describe('a booking’s charges, prepaid or collect', () => {
  it('keeps a term of a charge only when one is given: null follows the booking’s own term, also on the shipment it opens', async () => {
    const booking = await acceptedBooking();
    const own = await patch(northwind, `/api/bookings/${booking}`, { charge_terms: ['collect'] });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.data.data.charges[0].payment).toBe('collect');
    const back = await patch(northwind, `/api/bookings/${booking}`, { charge_terms: [null], payment_term: 'collect' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.data.data.charges[0]).not.toHaveProperty('payment');
    const [, edit] = (await audits(booking)).filter((a) => a.action === 'update');
    expect(edit.changes).toMatchObject({ fields: ['payment_term', 'charges'], before: { payment_term: 'prepaid', charges: [{ payment: 'collect' }] } });
    // Without a term of its own, the charge is the booking's: collect.
    const confirmed = await northwind.post(`/api/bookings/${booking}/confirm`, {});
    expect((await northwind.get(`/api/shipments/${confirmed.data.data.shipment_id}`)).data.data.charges[0].payment).toBe('collect');
    expect((await patch(northwind, `/api/bookings/${await acceptedBooking()}`, { charge_terms: [null, 'collect'] })).data.error.fields).toHaveProperty('charge_terms');
  });
});

describe('parties from the CRM', () => {
  it('finds clients with their primary address and contact, their contacts, and connected organisations; only the caller’s', async () => {
    const n = (await northwind.post('/api/native-organisations', { name: 'Pennine Outdoor Clothing Ltd', type: 'consignee', country: 'GB', phone: '+44 161 555 0101', force: true })).data.data.id;
    expect((await northwind.post('/api/native-addresses', { native_organisation_id: n, label: 'Warehouse', location_type: 'warehouse', line1: '14 Ancoats Street', town: 'Manchester', postcode: 'M4 6DE', country: 'GB', is_primary: true })).statusCode).toBe(201);
    expect((await northwind.post('/api/native-contacts', { native_organisation_id: n, name: 'Daniel Hughes', email: 'daniel@pennine.example', is_primary: true })).statusCode).toBe(201);
    const found = (await northwind.get('/api/clients/parties?q=pennine')).data.data;
    expect(found).toContainEqual({
      kind: 'native_organisation', id: n, label: 'Pennine Outdoor Clothing Ltd',
      party: { name: 'Pennine Outdoor Clothing Ltd', address: '14 Ancoats Street, M4 6DE Manchester, United Kingdom', contact: 'Daniel Hughes', email: 'daniel@pennine.example', phone: '+44 161 555 0101' },
    });
    const contact = (await northwind.get('/api/clients/parties?q=hughes')).data.data;
    expect(contact).toEqual([expect.objectContaining({ kind: 'native_contact', label: 'Daniel Hughes · Pennine Outdoor Clothing Ltd', party: expect.objectContaining({ name: 'Pennine Outdoor Clothing Ltd', contact: 'Daniel Hughes' }) })]);
    expect((await (await who.owner()).get('/api/clients/parties?q=pennine')).data.data).toEqual([]);
    expect((await northwind.get('/api/clients/parties?q=')).statusCode).toBe(422);
  });
});
