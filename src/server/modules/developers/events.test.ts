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
