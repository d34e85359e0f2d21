import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';
import { addressAllowed, checkTarget } from '../../lib/safe-target.ts';
import { dispatchDue, emitEvent, retryAfterSeconds } from './webhooks.ts';

let t: TestApp;
const who = people(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Hit = { headers: IncomingHttpHeaders; body: string };
/** A receiver on 127.0.0.1 answering from `answers` in turn (the last one repeats). */
async function receiver(answers: { status: number; headers?: Record<string, string> }[]) {
  const hits: Hit[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      hits.push({ headers: req.headers, body });
      const a = answers[Math.min(hits.length - 1, answers.length - 1)];
      res.writeHead(a.status, { 'content-type': 'text/plain', ...a.headers });
      res.end(`answer ${hits.length}`);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, hits, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const dueNow = (endpointId: string) => t.database.query(`update webhook_deliveries set next_attempt_at = now() where endpoint_id = $1 and status = 'pending'`, [endpointId]);
const ping = async (o: { post: (u: string, b?: unknown) => Promise<{ statusCode: number }> }, id: string) => expect((await o.post(`/api/webhook-endpoints/${id}/test`)).statusCode).toBe(202);

describe('outgoing webhooks', () => {
  it('manages endpoints: a whsec_ secret shown on creation and on request, event types checked, lists without secrets', async () => {
    const o = await who.owner();
    const types = await o.get('/api/webhook-event-types');
    expect(types.data.data.map((x: { type: string }) => x.type)).toEqual(expect.arrayContaining(['quote.sent', 'booking.confirmed', 'tracking.event_added', 'document.generated']));
    const made = await o.post('/api/webhook-endpoints', { url: 'https://erp.example.com/fyn', description: 'ERP', event_types: ['booking.confirmed', 'shipment.created'] });
    expect(made.statusCode).toBe(201);
    expect(made.data.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(made.data.data.secret.slice(6), 'base64')).toHaveLength(32);
    const list = await o.get('/api/webhook-endpoints');
    expect(list.body).not.toContain(made.data.data.secret);
    expect((await o.get(`/api/webhook-endpoints/${made.data.data.id}/secret`)).data.data.secret).toBe(made.data.data.secret);
    expect((await o.post('/api/webhook-endpoints', { url: 'ftp://x.example.com', event_types: ['quote.sent'] })).statusCode).toBe(422);
    expect((await o.post('/api/webhook-endpoints', { url: 'https://x.example.com', event_types: ['quote.eaten'] })).statusCode).toBe(422);
    const patched = await o.request('PATCH', `/api/webhook-endpoints/${made.data.data.id}`, { enabled: false, event_types: ['quote.sent'] });
    expect(patched.data.data).toMatchObject({ enabled: false, event_types: ['quote.sent'] });
    const other = await who.owner();
    expect((await other.get(`/api/webhook-endpoints/${made.data.data.id}`)).statusCode).toBe(404);
    expect((await other.delete(`/api/webhook-endpoints/${made.data.data.id}`)).statusCode).toBe(404);
    expect((await o.delete(`/api/webhook-endpoints/${made.data.data.id}`)).statusCode).toBe(204);
  });

  it('delivers one event three times with one webhook-id to a receiver that fails twice, each signed as the specification verifies', async () => {
    const r = await receiver([{ status: 500 }, { status: 503 }, { status: 200 }]);
    try {
      const o = await who.owner();
      const e = (await o.post('/api/webhook-endpoints', { url: r.url, event_types: ['booking.confirmed'] })).data.data;
      await ping(o, e.id);
      expect(await dispatchDue(t.app.ctx)).toBe(1);
      const [pending] = await t.database.query<{ status: string; next_attempt_at: Date; attempts: number }>('select status, next_attempt_at, attempts from webhook_deliveries where endpoint_id = $1', [e.id]);
      expect(pending.status).toBe('pending');
      expect(pending.attempts).toBe(1);
      // The first retry after about 5 seconds.
      const wait = new Date(pending.next_attempt_at).getTime() - Date.now();
      expect(wait).toBeGreaterThan(2_000);
      expect(wait).toBeLessThanOrEqual(5_000);
      expect(await dispatchDue(t.app.ctx)).toBe(0);
      await dueNow(e.id);
      await dispatchDue(t.app.ctx);
      const [second] = await t.database.query<{ next_attempt_at: Date }>('select next_attempt_at from webhook_deliveries where endpoint_id = $1', [e.id]);
      // The second retry after about 5 minutes.
      expect(new Date(second.next_attempt_at).getTime() - Date.now()).toBeGreaterThan(290_000);
      await dueNow(e.id);
      await dispatchDue(t.app.ctx);

      expect(r.hits).toHaveLength(3);
      const ids = new Set(r.hits.map((h) => h.headers['webhook-id']));
      expect(ids.size).toBe(1);
      const wh = new Webhook(e.secret);
      for (const h of r.hits) {
        expect(h.headers['content-type']).toBe('application/json');
        const payload = wh.verify(h.body, { 'webhook-id': String(h.headers['webhook-id']), 'webhook-timestamp': String(h.headers['webhook-timestamp']), 'webhook-signature': String(h.headers['webhook-signature']) }) as { type: string; data: { endpoint_id: string } };
        expect(payload.type).toBe('ping');
        expect(payload.data.endpoint_id).toBe(e.id);
      }
      // Another secret does not verify.
      expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(r.hits[0].body, r.hits[0].headers as Record<string, string>)).toThrow();

      const log = await o.get(`/api/webhook-deliveries?endpoint_id=${e.id}`);
      expect(log.data.data.map((a: { status: string; response_status: number }) => [a.status, a.response_status])).toEqual([['succeeded', 200], ['failed', 503], ['failed', 500]]);
      expect(log.data.data[0]).toMatchObject({ webhook_id: r.hits[0].headers['webhook-id'], event_type: 'ping', delivery_status: 'succeeded', response_body: 'answer 3' });
      expect((await o.get(`/api/webhook-deliveries?endpoint_id=${e.id}&status=failed`)).data.data).toHaveLength(2);

      // Resend: the same event again, same webhook-id.
      const resent = await o.post(`/api/webhook-deliveries/${log.data.data[0].id}/resend`);
      expect(resent.statusCode).toBe(202);
      await dispatchDue(t.app.ctx);
      expect(r.hits).toHaveLength(4);
      expect(r.hits[3].headers['webhook-id']).toBe(r.hits[0].headers['webhook-id']);
      // Another organisation cannot resend it.
      expect((await (await who.owner()).post(`/api/webhook-deliveries/${log.data.data[0].id}/resend`)).statusCode).toBe(404);
    } finally {
      await r.close();
    }
  });

  it('honours Retry-After, and a 410 disables the endpoint and tells the owners', async () => {
    const r = await receiver([{ status: 429, headers: { 'retry-after': '1200' } }, { status: 410 }]);
    try {
      const o = await who.owner();
      const e = (await o.post('/api/webhook-endpoints', { url: r.url, event_types: ['quote.sent'] })).data.data;
      await ping(o, e.id);
      await dispatchDue(t.app.ctx);
      const [d] = await t.database.query<{ next_attempt_at: Date }>('select next_attempt_at from webhook_deliveries where endpoint_id = $1', [e.id]);
      const wait = new Date(d.next_attempt_at).getTime() - Date.now();
      expect(wait).toBeGreaterThan(1_190_000);
      expect(wait).toBeLessThanOrEqual(1_200_000);
      await dueNow(e.id);
      await dispatchDue(t.app.ctx);
      const after = (await o.get(`/api/webhook-endpoints/${e.id}`)).data.data;
      expect(after).toMatchObject({ enabled: false, disabled_reason: 'gone' });
      const [delivery] = await t.database.query<{ status: string }>('select status from webhook_deliveries where endpoint_id = $1', [e.id]);
      expect(delivery.status).toBe('failed');
      const notes = (await o.get('/api/notifications')).data.data as { type: string; data: { url: string } }[];
      expect(notes.some((n) => n.type === 'webhook_endpoint_disabled' && n.data.url === r.url)).toBe(true);
      const mails = await t.database.query<{ subject: string }>('select subject from mail_outbox where "to" = $1', [o.email]);
      expect(mails.some((m) => m.subject === 'A webhook endpoint was disabled')).toBe(true);
      // A disabled endpoint gets nothing more, and no test.
      expect((await o.post(`/api/webhook-endpoints/${e.id}/test`)).statusCode).toBe(409);
      expect(r.hits).toHaveLength(2);
    } finally {
      await r.close();
    }
  });

  it('disables an endpoint failing for 5 days', async () => {
    const r = await receiver([{ status: 500 }]);
    try {
      const o = await who.owner();
      const e = (await o.post('/api/webhook-endpoints', { url: r.url, event_types: ['quote.sent'] })).data.data;
      await t.database.query(`update webhook_endpoints set failing_since = now() - interval '5 days 1 minute' where id = $1`, [e.id]);
      await ping(o, e.id);
      await dispatchDue(t.app.ctx);
      expect((await o.get(`/api/webhook-endpoints/${e.id}`)).data.data).toMatchObject({ enabled: false, disabled_reason: 'failing' });
      // Enabled again by a person: the run of failures is over.
      const again = await o.request('PATCH', `/api/webhook-endpoints/${e.id}`, { enabled: true });
      expect(again.data.data).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
    } finally {
      await r.close();
    }
  });

  it('signs with both secrets for a day after a rotation', async () => {
    const r = await receiver([{ status: 200 }]);
    try {
      const o = await who.owner();
      const e = (await o.post('/api/webhook-endpoints', { url: r.url, event_types: ['quote.sent'] })).data.data;
      const rotated = await o.post(`/api/webhook-endpoints/${e.id}/rotate-secret`);
      expect(rotated.data.data.secret).not.toBe(e.secret);
      expect(new Date(rotated.data.data.previous_secret_until).getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
      await ping(o, e.id);
      await dispatchDue(t.app.ctx);
      const h = r.hits[0];
      const headers = { 'webhook-id': String(h.headers['webhook-id']), 'webhook-timestamp': String(h.headers['webhook-timestamp']), 'webhook-signature': String(h.headers['webhook-signature']) };
      expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
      expect(() => new Webhook(e.secret).verify(h.body, headers)).not.toThrow();
      expect(() => new Webhook(rotated.data.data.secret).verify(h.body, headers)).not.toThrow();
    } finally {
      await r.close();
    }
  });

  it('writes events with their transaction: a rolled-back change leaves none; replay delivers a period again', async () => {
    const r = await receiver([{ status: 200 }]);
    try {
      const o = await who.owner();
      const e = (await o.post('/api/webhook-endpoints', { url: r.url, event_types: ['quote.sent'] })).data.data;
      await t.database.db.transaction(async (tx) => {
        await emitEvent(tx, o.orgId, 'quote.sent', { id: 'kept' });
      });
      await t.database.db.transaction(async (tx) => {
        await emitEvent(tx, o.orgId, 'quote.sent', { id: 'rolled back' });
        throw new Error('change refused');
      }).catch(() => undefined);
      const events = await t.database.query<{ payload: string }>('select payload from webhook_events where organisation_id = $1', [o.orgId]);
      expect(events.map((x) => JSON.parse(x.payload).data.id)).toEqual(['kept']);
      await dispatchDue(t.app.ctx);
      expect(r.hits.map((h) => JSON.parse(h.body).data.id)).toEqual(['kept']);
      const since = new Date(Date.now() - 60_000).toISOString();
      const replayed = await o.post(`/api/webhook-endpoints/${e.id}/replay`, { since });
      expect(replayed.data.data.queued).toBe(1);
      await dispatchDue(t.app.ctx);
      expect(r.hits).toHaveLength(2);
      expect(r.hits[1].headers['webhook-id']).toBe(r.hits[0].headers['webhook-id']);
    } finally {
      await r.close();
    }
  });
});

describe('no server-side request forgery', () => {
  it('refuses private, loopback, link-local, shared, multicast and metadata addresses, and other schemes', async () => {
    for (const a of ['10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '224.0.0.1', '0.0.0.0', '127.0.0.1', '::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'fd00::1', 'fe80::1', 'ff02::1']) {
      expect(addressAllowed(a, false), a).toBe(false);
    }
    // The setting lets loopback through, and nothing else.
    expect(addressAllowed('127.0.0.1', true)).toBe(true);
    expect(addressAllowed('::1', true)).toBe(true);
    for (const a of ['10.1.2.3', '169.254.169.254', '100.64.0.1', '192.168.0.10']) expect(addressAllowed(a, true), a).toBe(false);
    // Public addresses are allowed (classified only: nothing is sent to them).
    expect(addressAllowed('93.184.216.34', false)).toBe(true);
    expect(addressAllowed('2606:2800:220:1:248:1893:25c8:1946', false)).toBe(true);
    expect(await checkTarget('ftp://127.0.0.1/x', true)).toMatchObject({ ok: false });
    expect(await checkTarget('http://user:pw@127.0.0.1/x', true)).toMatchObject({ ok: false });
    expect(await checkTarget('http://[::ffff:a9fe:a9fe]/latest', true)).toMatchObject({ ok: false });
    expect(await checkTarget('http://localhost:1/x', false)).toMatchObject({ ok: false });
    expect(retryAfterSeconds('120')).toBe(120);
    expect(retryAfterSeconds(new Date(Date.now() + 60_000).toUTCString())).toBeGreaterThan(55);
  });

  it('in production a loopback receiver gets no connection: the attempt is logged as refused', async () => {
    const prod = await createTestApp({ env: 'production', devMode: false, devModeReason: 'NODE_ENV=production', localPayments: false, webhookAllowLoopback: false });
    const r = await receiver([{ status: 200 }]);
    let connections = 0;
    const server = (r as unknown as { hits: Hit[] }).hits;
    try {
      const o = await people(() => prod).owner();
      const e = (await o.post('/api/webhook-endpoints', { url: r.url, event_types: ['quote.sent'] })).data.data;
      await o.post(`/api/webhook-endpoints/${e.id}/test`);
      await dispatchDue(prod.app.ctx);
      connections = server.length;
      expect(connections).toBe(0);
      const log = (await o.get(`/api/webhook-deliveries?endpoint_id=${e.id}`)).data.data;
      expect(log[0]).toMatchObject({ status: 'failed', response_status: null });
      expect(log[0].error).toMatch(/^refused: address 127\.0\.0\.1 is not allowed/);
    } finally {
      await r.close();
      await prod.close();
    }
  });
});
