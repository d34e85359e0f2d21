import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_EVENT_TYPES } from '#shared/api/developers.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';
import { dispatchDue } from './webhooks.ts';

let t: TestApp;
const who = people(() => t);
const received: { type: string; data: Record<string, unknown>; id: string }[] = [];
let secret = '';
let owner: Awaited<ReturnType<typeof who.owner>>;
let shipmentId = '';
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const payload = new Webhook(secret).verify(body, req.headers as Record<string, string>) as { type: string; data: Record<string, unknown> };
    received.push({ ...payload, id: String(req.headers['webhook-id']) });
    res.writeHead(204).end();
  });
});
beforeAll(async () => {
  t = await createTestApp();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await t.close();
});

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const at = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

describe('events of the business, delivered', () => {
  it('quote, booking, shipment and tracking changes each send their event with the object as its GET answers it', async () => {
    const o = await who.owner();
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`;
    const e = await o.post('/api/webhook-endpoints', { url, event_types: [...WEBHOOK_EVENT_TYPES] });
    secret = e.data.data.secret;
    const codes = Object.fromEntries(((await o.get('/api/charge-codes?per_page=100')).data.data as { id: string; code: string }[]).map((c) => [c.code, c.id]));
    const client = (await o.post('/api/native-organisations', { name: 'Harrogate Homewares Ltd', type: 'shipper', country: 'GB', email: 'buying@harrogate.example', force: true })).data.data.id;
    const q = await o.post('/api/quotes', {
      client: { type: 'native_organisation', id: client }, mode: 'sea_fcl', incoterm: 'FOB', origin: 'CNSHA', destination: 'GBFXT', currency: 'GBP', valid_until: inDays(20),
      equipment: [{ iso_type: '45G1', count: 2 }],
      lines: [{ charge_code_id: codes.OFR, basis: 'per_container', buy: { amount_minor: 150000, currency: 'GBP' }, sell: { amount_minor: 185000, currency: 'GBP' } }],
    });
    expect(q.statusCode, q.body).toBe(201);
    expect((await o.post(`/api/quotes/${q.data.data.id}/send`, {})).statusCode).toBe(200);
    const booking = (await o.post(`/api/quotes/${q.data.data.id}/accept`, {})).data.data.booking_id as string;
    const party = { name: 'Vostok Trading', address: '88 Century Avenue, Shanghai' };
    expect((await o.request('PATCH', `/api/bookings/${booking}`, {
      shipper: party, consignee: party, notify: party, pol: 'CNSHA', pod: 'GBFXT',
      legs: [{ mode: 'sea', from: 'CNSHA', to: 'GBFXT', carrier: 'MSC', vessel: 'MSC Aurora', voyage: 'FE547W', etd: at(48), eta: at(48 + 720) }],
    })).statusCode).toBe(200);
    const confirmed = await o.post(`/api/bookings/${booking}/confirm`, { carrier_booking_reference: 'MSCU-1' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const shipment = confirmed.data.data.shipment_id as string;
    owner = o;
    shipmentId = shipment;
    expect((await o.post(`/api/shipments/${shipment}/events`, { event_type: 'TRANSPORT', code: 'DEPA', classifier: 'ACT', location: 'CNSHA', occurred_at: at(-1) })).statusCode).toBe(201);

    await dispatchDue(t.app.ctx);
    const types = received.map((r) => r.type);
    for (const type of ['quote.sent', 'quote.accepted', 'booking.received', 'booking.confirmed', 'shipment.created', 'tracking.event_added', 'shipment.status_changed']) {
      expect(types, type).toContain(type);
    }
    // Each event has its own webhook-id.
    expect(new Set(received.map((r) => r.id)).size).toBe(received.length);
    // The booking as GET answers it, at the time of the change.
    const now = (await o.get(`/api/bookings/${booking}`)).data.data;
    expect(received.find((r) => r.type === 'booking.confirmed')!.data).toEqual(now);
    expect(received.find((r) => r.type === 'quote.sent')!.data).toMatchObject({ id: q.data.data.id, status: 'sent' });
    expect(received.find((r) => r.type === 'shipment.status_changed')!.data).toMatchObject({ id: shipment, status: 'in_transit' });
    expect(received.find((r) => r.type === 'tracking.event_added')!.data).toMatchObject({ shipment_id: shipment, code: 'DEPA', classifier: 'ACT' });

    // A change refused (409) writes no event.
    const before = received.length;
    expect((await o.post(`/api/bookings/${booking}/confirm`, {})).statusCode).toBe(409);
    await dispatchDue(t.app.ctx);
    expect(received.length).toBe(before);
  });

  it('every event type delivers its object exactly as its GET answers it when the change commits', async () => {
    const o = await who.owner();
    // A colleague who follows no shipment reads them as a webhook does (`following` is the reader's).
    const viewer = await o.join(o.role('admin'));
    const e = await o.post('/api/webhook-endpoints', { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`, event_types: [...WEBHOOK_EVENT_TYPES] });
    secret = e.data.data.secret;
    /** Runs a change, delivers what it caused, and answers the data of each event of `types` it sent (exactly one each). */
    const change = async (run: () => Promise<{ statusCode: number; body: string }>, ...types: string[]) => {
      const from = received.length;
      const res = await run();
      expect(res.statusCode, res.body).toBeLessThan(300);
      await dispatchDue(t.app.ctx);
      const sent = received.slice(from);
      return types.map((type) => {
        const of = sent.filter((r) => r.type === type);
        expect(of, type).toHaveLength(1);
        return of[0].data;
      });
    };
    const got = async (url: string, by: { get: typeof o.get } = o) => {
      const res = await by.get(url);
      expect(res.statusCode, res.body).toBe(200);
      return res.data.data;
    };
    const seen = new Set<string>();
    const same = (type: string, delivered: unknown, answered: unknown) => {
      expect(delivered, type).toEqual(answered);
      seen.add(type);
    };

    const codes = Object.fromEntries(((await o.get('/api/charge-codes?per_page=100')).data.data as { id: string; code: string }[]).map((c) => [c.code, c.id]));
    const client = (await o.post('/api/native-organisations', { name: 'Whitby Kitchenware Ltd', type: 'shipper', country: 'GB', email: 'buying@whitby.example', force: true })).data.data.id;
    const quote = async () => {
      const q = await o.post('/api/quotes', {
        client: { type: 'native_organisation', id: client }, mode: 'sea_fcl', incoterm: 'FOB', origin: 'CNSHA', destination: 'GBFXT', currency: 'GBP', valid_until: inDays(20),
        equipment: [{ iso_type: '22G1', count: 1 }],
        lines: [{ charge_code_id: codes.OFR, basis: 'per_container', buy: { amount_minor: 90000, currency: 'GBP' }, sell: { amount_minor: 118000, currency: 'GBP' } }],
      });
      expect(q.statusCode, q.body).toBe(201);
      const id = q.data.data.id as string;
      const [sent] = await change(() => o.post(`/api/quotes/${id}/send`, {}), 'quote.sent');
      same('quote.sent', sent, await got(`/api/quotes/${id}`));
      return id;
    };

    // Quotes and bookings: sent, accepted (the booking received), declined; a booking rejected.
    const q1 = await quote();
    const [accepted, receivedBooking] = await change(() => o.post(`/api/quotes/${q1}/accept`, {}), 'quote.accepted', 'booking.received');
    same('quote.accepted', accepted, await got(`/api/quotes/${q1}`));
    const booking = (receivedBooking as { id: string }).id;
    same('booking.received', receivedBooking, await got(`/api/bookings/${booking}`));
    const q2 = await quote();
    const [declined] = await change(() => o.post(`/api/quotes/${q2}/decline`, { reason: 'Too dear' }), 'quote.declined');
    same('quote.declined', declined, await got(`/api/quotes/${q2}`));
    const q3 = await quote();
    const [, other] = await change(() => o.post(`/api/quotes/${q3}/accept`, {}), 'quote.accepted', 'booking.received');
    const [rejected] = await change(() => o.post(`/api/bookings/${(other as { id: string }).id}/reject`, { reason: 'No space on the vessel' }), 'booking.rejected');
    same('booking.rejected', rejected, await got(`/api/bookings/${(other as { id: string }).id}`));

    // Confirming the booking makes the shipment: both events carry the whole object, as GET answers it.
    const party = { name: 'Vostok Trading', address: '88 Century Avenue, Shanghai' };
    expect((await o.request('PATCH', `/api/bookings/${booking}`, {
      shipper: party, consignee: party, notify: party, pol: 'CNSHA', pod: 'GBFXT',
      legs: [{ mode: 'sea', from: 'CNSHA', to: 'GBFXT', carrier: 'MSC', vessel: 'MSC Aurora', voyage: 'FE547W', etd: at(48), eta: at(48 + 720) }],
    })).statusCode).toBe(200);
    const [confirmed, created] = await change(() => o.post(`/api/bookings/${booking}/confirm`, { carrier_booking_reference: 'MSCU-2' }), 'booking.confirmed', 'shipment.created');
    same('booking.confirmed', confirmed, await got(`/api/bookings/${booking}`));
    const shipment = (created as { id: string }).id;
    same('shipment.created', created, await got(`/api/shipments/${shipment}`, viewer));
    expect(created).toMatchObject({ booking_number: expect.any(String), containers: [], tasks: expect.any(Array), following: false });
    const [updated] = await change(() => o.request('PATCH', `/api/shipments/${shipment}`, { goods_description: 'Stoneware mugs' }), 'shipment.updated');
    same('shipment.updated', updated, await got(`/api/shipments/${shipment}`, viewer));
    const [withContainer] = await change(() => o.post(`/api/shipments/${shipment}/containers`, { number: 'MSCU1234566', iso_type: '22G1' }), 'shipment.updated');
    expect(withContainer).toEqual(await got(`/api/shipments/${shipment}`, viewer));

    // A tracking event: the event as the timeline answers it, and the shipment it moved.
    const [event, moved] = await change(
      () => o.post(`/api/shipments/${shipment}/events`, { event_type: 'TRANSPORT', code: 'DEPA', classifier: 'ACT', location: 'CNSHA', occurred_at: at(-1) }),
      'tracking.event_added', 'shipment.status_changed',
    );
    same('tracking.event_added', event, ((await got(`/api/shipments/${shipment}/events`)) as { id: string }[]).find((x) => x.id === (event as { id: string }).id));
    expect(event).toMatchObject({ shipment_id: shipment, location_name: expect.any(String) });
    same('shipment.status_changed', moved, await got(`/api/shipments/${shipment}`, viewer));

    // A document generated: as the document list answers it.
    const [doc] = await change(() => o.post(`/api/shipments/${shipment}/documents`, { type: 'hbl' }), 'document.generated');
    same('document.generated', doc, ((await got(`/api/documents?shipment_id=${shipment}`)) as { id: string }[]).find((d) => d.id === (doc as { id: string }).id));

    // An exception raised by the scan (an arrival that is overdue), then resolved by staff.
    const late = await o.post('/api/shipments', { client_name: 'Leeds Lighting Co', mode: 'air', origin: 'HKHKG', destination: 'GBLHR', etd: at(-72), eta: at(-48), currency: 'GBP' });
    expect(late.statusCode, late.body).toBe(201);
    const from = received.length;
    await dispatchDue(t.app.ctx);
    same('shipment.created (directly)', received.slice(from).find((r) => r.type === 'shipment.created')?.data, await got(`/api/shipments/${late.data.data.id}`, viewer));
    const [raised] = await change(() => o.post('/api/exceptions/scan', {}), 'exception.raised');
    const exception = (raised as { id: string; shipment: { id: string } });
    expect(exception.shipment.id).toBe(late.data.data.id);
    same('exception.raised', raised, await got(`/api/exceptions/${exception.id}`));
    expect((await o.post(`/api/exceptions/${exception.id}/comments`, { body: 'Chasing the airline.' })).statusCode).toBe(201);
    const [resolved] = await change(() => o.post(`/api/exceptions/${exception.id}/resolve`, { note: 'Landed, paperwork late.' }), 'exception.resolved');
    same('exception.resolved', resolved, await got(`/api/exceptions/${exception.id}`));
    expect(resolved).toMatchObject({ status: 'resolved', comments: [{ body: 'Chasing the airline.' }] });

    expect([...seen].filter((x) => !x.includes(' ')).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
  });

  it('the inbound tracking webhook accepts Standard Webhooks signing (5 minutes tolerance, replays change nothing) beside X-FYN-Signature', async () => {
    const o = owner;
    const made = await o.post('/api/tracking/webhook-secret/rotate', {});
    const { standard_secret: standardSecret, secret: legacy } = made.data.data as { standard_secret: string; secret: string };
    expect(standardSecret).toMatch(/^whsec_/);
    expect(Buffer.from(standardSecret.slice(6), 'base64').equals(Buffer.from(legacy, 'base64url'))).toBe(true);
    const number = (await o.get(`/api/shipments/${shipmentId}`)).data.data.number as string;
    const url = `/api/tracking/webhook/${o.orgId}`;
    const body = JSON.stringify({ shipment_reference: number, events: [{ event_type: 'TRANSPORT', code: 'ARRI', classifier: 'EST', location: 'GBFXT', occurred_at: at(800) }] });
    const wh = new Webhook(standardSecret);
    const send = (id: string, when: Date, payload = body, secretUsed = wh) =>
      t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(when.getTime() / 1000)), 'webhook-signature': secretUsed.sign(id, when, payload) } });
    const first = await send('msg_inbound_1', new Date());
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ shipment_id: shipmentId, applied: 1, replay: false });
    // The same delivery again (a sender's retry): nothing changes.
    const again = await send('msg_inbound_1', new Date());
    expect(again.json().data).toMatchObject({ applied: 1, replay: true });
    // Older than 5 minutes: refused, even correctly signed.
    const old = await send('msg_inbound_2', new Date(Date.now() - 6 * 60_000));
    expect([old.statusCode, old.json().error.code]).toEqual([401, 'invalid_signature']);
    // Another secret, or a changed body: refused.
    expect((await send('msg_inbound_3', new Date(), body, new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`))).statusCode).toBe(401);
    const tampered = await t.app.inject({ method: 'POST', url, payload: body.replace('GBFXT', 'GBSOU'), headers: { 'content-type': 'application/json', 'webhook-id': 'msg_x', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': wh.sign('msg_x', new Date(), body) } });
    expect(tampered.statusCode).toBe(401);
    const events = (await o.get(`/api/shipments/${shipmentId}/events`)).data.data as { code: string; classifier: string }[];
    expect(events.filter((e) => e.code === 'ARRI' && e.classifier === 'EST')).toHaveLength(1);
  });
});
