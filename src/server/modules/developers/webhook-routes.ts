import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import {
  WEBHOOK_EVENT_TYPES, webhookAttemptSchema, webhookDeliveriesQuery, webhookEndpointCreateBody, webhookEndpointPatchBody, webhookEndpointSchema,
  webhookEndpointWithSecretSchema, webhookEventTypeSchema, webhookReplayBody, webhookReplaySchema, webhookResendSchema, webhookSecretSchema, type WebhookAttempt,
} from '#shared/api/developers.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/client.ts';
import { webhookEndpoints } from '../../db/schema/index.ts';
import { audit, changesOf } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newWebhookSecret } from '../../lib/standard-webhooks.ts';
import { requireMember } from '../organisations/membership.ts';
import { DISPATCH_JOB, dispatchDue, emitEvent, OUTBOX_CHANNEL, presentEndpoint, queueDeliveries, webhookIdOf } from './webhooks.ts';

const idParam = z.object({ id: z.uuid() });
/** For 24 hours after a rotation every delivery carries both signatures. */
const ROTATION_OVERLAP_MS = 24 * 3_600_000;
/** At most this many deliveries queued by one replay. */
const REPLAY_MAX = 10_000;
/** Events (and their deliveries and log) are kept this long: what replay can reach. */
const KEEP_EVENTS_DAYS = 30;

/** What each event type means, for the list and the page. */
const DESCRIPTIONS: Record<(typeof WEBHOOK_EVENT_TYPES)[number], string> = {
  'quote.sent': 'A quotation was sent to its client.',
  'quote.accepted': 'The client accepted a quotation.',
  'quote.declined': 'The client declined a quotation.',
  'booking.received': 'A booking arrived (from an accepted quotation).',
  'booking.confirmed': 'A booking was confirmed and its shipment made.',
  'booking.rejected': 'A booking was rejected.',
  'shipment.created': 'A shipment was made.',
  'shipment.updated': 'A shipment’s details were edited.',
  'shipment.status_changed': 'A shipment moved to another status.',
  'tracking.event_added': 'A tracking event was added to a shipment.',
  'exception.raised': 'An exception was raised on a shipment.',
  'exception.resolved': 'An exception was resolved.',
  'document.generated': 'A shipment document was generated.',
};

/**
 * Outgoing webhooks (docs/architecture.md#outgoing-webhooks, Standard Webhooks v1): endpoints,
 * their secrets, test pings, the delivery log, resend and replay; the dispatcher job and the
 * outbox listener that wakes it.
 */
export async function registerWebhookRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['developers'];

  ctx.jobs.define({ name: DISPATCH_JOB, cron: '* * * * *', retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 600, handler: async () => void (await dispatchDue(ctx)) });
  // Hourly: first answers older than 24 hours, past rate windows, and events, deliveries and their log after 30 days.
  ctx.jobs.define({
    name: 'developers.cleanup', cron: '23 * * * *', retryLimit: 2,
    async handler() {
      const { query } = ctx.database;
      await query(`delete from idempotency_records where created_at < now() - interval '24 hours'`);
      await query(`delete from api_rate_counters where window_start < $1`, [Date.now() - 120_000]);
      await query(`delete from webhook_deliveries d using webhook_events e where e.organisation_id = d.organisation_id and e.id = d.event_id
                    and e.created_at < now() - interval '${KEEP_EVENTS_DAYS} days' and d.status <> 'pending'`);
      await query(`delete from webhook_events e where e.created_at < now() - interval '${KEEP_EVENTS_DAYS} days'
                    and not exists (select 1 from webhook_deliveries d where d.organisation_id = e.organisation_id and d.event_id = e.id)`);
    },
  });
  // A commit that queued deliveries wakes a dispatcher at once (one per second at most; the next second's if this one's ran already).
  const listener = await ctx.database.listen(OUTBOX_CHANNEL, {
    notice: () => {
      const slot = Math.floor(Date.now() / 1000);
      ctx.jobs.send(DISPATCH_JOB, {}, { singletonKey: `now-${slot}`, slotSeconds: 1 })
        .then((id) => id ?? ctx.jobs.send(DISPATCH_JOB, {}, { singletonKey: `next-${slot}`, slotSeconds: 1, startAfterSeconds: 1 }))
        .catch(() => undefined);
    },
    reset: () => undefined,
  });
  app.addHook('onClose', () => listener.stop());

  const endpointOf = async (orgId: string, id: string) => {
    const [e] = await db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.organisation_id, orgId), eq(webhookEndpoints.id, id)));
    if (!e) throw notFound('The webhook endpoint');
    return e;
  };

  api.get('/api/webhook-event-types', {
    config: { access: 'developers.view' },
    schema: { tags, summary: 'The event types an endpoint may subscribe to', response: { 200: envelope(z.array(webhookEventTypeSchema)) } },
  }, async () => ({ data: WEBHOOK_EVENT_TYPES.map((type) => ({ type, description: DESCRIPTIONS[type] })) }));

  api.get('/api/webhook-endpoints', {
    config: { access: 'developers.view' },
    schema: { tags, summary: 'The organisation’s webhook endpoints (without their secrets)', response: { 200: envelope(z.array(webhookEndpointSchema)) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.organisation_id, m.organisation.id)).orderBy(desc(webhookEndpoints.created_at));
    return { data: rows.map(presentEndpoint) };
  });

  api.get('/api/webhook-endpoints/:id', {
    config: { access: 'developers.view' },
    schema: { tags, summary: 'One webhook endpoint', params: idParam, response: { 200: envelope(webhookEndpointSchema) } },
  }, async (req) => ({ data: presentEndpoint(await endpointOf((await requireMember(ctx, req)).organisation.id, req.params.id)) }));

  api.post('/api/webhook-endpoints', {
    config: { access: 'developers.create' },
    schema: { tags, summary: 'Add a webhook endpoint (the answer carries its signing secret)', body: webhookEndpointCreateBody, response: { 201: envelope(webhookEndpointWithSecretSchema) } },
  }, async (req, reply) => {
    const m = await requireMember(ctx, req);
    const id = uuidv7();
    const row = await db.transaction(async (tx) => {
      const [r] = await tx.insert(webhookEndpoints).values({
        organisation_id: m.organisation.id, id, url: req.body.url, description: req.body.description, event_types: [...new Set(req.body.event_types)], enabled: req.body.enabled, secret: newWebhookSecret(),
      }).returning();
      await audit(tx, m.organisation.id, m.user.id, 'webhook_endpoints', 'create', id, { url: r.url, event_types: r.event_types, enabled: r.enabled });
      return r;
    });
    return reply.status(201).send({ data: { ...presentEndpoint(row), secret: row.secret } });
  });

  api.patch('/api/webhook-endpoints/:id', {
    config: { access: 'developers.update' },
    schema: { tags, summary: 'Change an endpoint: address, description, event types, enabled (enabling clears why the system disabled it)', params: idParam, body: webhookEndpointPatchBody, response: { 200: envelope(webhookEndpointSchema) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    const row = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.organisation_id, m.organisation.id), eq(webhookEndpoints.id, req.params.id))).for('update');
      if (!before) throw notFound('The webhook endpoint');
      const next = { ...req.body, ...(req.body.event_types && { event_types: [...new Set(req.body.event_types)] }) };
      const [r] = await tx.update(webhookEndpoints).set({
        ...next, updated_at: new Date(),
        // Enabled again by a person: the system's reason and the failure run are over.
        ...(req.body.enabled === true && !before.enabled && { disabled_reason: null, failing_since: null }),
      }).where(and(eq(webhookEndpoints.organisation_id, m.organisation.id), eq(webhookEndpoints.id, req.params.id))).returning();
      const changes = changesOf(before, next, ['url', 'description', 'event_types', 'enabled']);
      if (changes.fields.length) await audit(tx, m.organisation.id, m.user.id, 'webhook_endpoints', 'update', r.id, changes);
      return r;
    });
    return { data: presentEndpoint(row) };
  });

  api.delete('/api/webhook-endpoints/:id', {
    config: { access: 'developers.delete' },
    schema: { tags, summary: 'Remove an endpoint, with its pending deliveries and its log', params: idParam, response: { 204: z.null() } },
  }, async (req, reply) => {
    const m = await requireMember(ctx, req);
    await db.transaction(async (tx) => {
      const [r] = await tx.delete(webhookEndpoints).where(and(eq(webhookEndpoints.organisation_id, m.organisation.id), eq(webhookEndpoints.id, req.params.id))).returning({ id: webhookEndpoints.id, url: webhookEndpoints.url });
      if (!r) throw notFound('The webhook endpoint');
      await audit(tx, m.organisation.id, m.user.id, 'webhook_endpoints', 'delete', r.id, { url: r.url });
    });
    return reply.status(204).send(null);
  });

  api.get('/api/webhook-endpoints/:id/secret', {
    config: { access: 'developers.update' },
    schema: { tags, summary: 'Reveal an endpoint’s signing secret', params: idParam, response: { 200: envelope(webhookSecretSchema) } },
  }, async (req) => {
    const e = await endpointOf((await requireMember(ctx, req)).organisation.id, req.params.id);
    return { data: { secret: e.secret, previous_secret_until: presentEndpoint(e).previous_secret_until } };
  });

  api.post('/api/webhook-endpoints/:id/rotate-secret', {
    config: { access: 'developers.update' },
    schema: { tags, summary: 'Replace the signing secret: for 24 hours every delivery carries both signatures', params: idParam, response: { 200: envelope(webhookSecretSchema) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    const row = await db.transaction(async (tx) => {
      const [r] = await tx.update(webhookEndpoints).set({
        previous_secret: sql`${webhookEndpoints.secret}`, previous_secret_until: new Date(Date.now() + ROTATION_OVERLAP_MS), secret: newWebhookSecret(), updated_at: new Date(),
      }).where(and(eq(webhookEndpoints.organisation_id, m.organisation.id), eq(webhookEndpoints.id, req.params.id))).returning();
      if (!r) throw notFound('The webhook endpoint');
      await audit(tx, m.organisation.id, m.user.id, 'webhook_endpoints', 'rotate_secret', r.id, {});
      return r;
    });
    return { data: { secret: row.secret, previous_secret_until: presentEndpoint(row).previous_secret_until } };
  });

  api.post('/api/webhook-endpoints/:id/test', {
    config: { access: 'developers.update' },
    schema: { tags, summary: 'Send the endpoint a ping event (type ping); see it in the delivery log', params: idParam, response: { 202: envelope(webhookResendSchema) } },
  }, async (req, reply) => {
    const m = await requireMember(ctx, req);
    const e = await endpointOf(m.organisation.id, req.params.id);
    if (!e.enabled) throw new AppError(409, 'endpoint_disabled', 'Enable the endpoint before sending it a test.');
    const deliveryId = await db.transaction(async (tx) => {
      const eventId = await emitEvent(tx, m.organisation.id, 'ping', { endpoint_id: e.id, message: 'A test from FYN: your endpoint receives and verifies webhooks.' }, e.id);
      const [d] = await rowsOf<{ id: string }>(tx, sql`select id from webhook_deliveries where organisation_id = ${m.organisation.id} and event_id = ${eventId}`);
      return d.id;
    });
    return reply.status(202).send({ data: { delivery_id: deliveryId } });
  });

  api.post('/api/webhook-endpoints/:id/replay', {
    config: { access: 'developers.update' },
    schema: { tags, summary: 'Deliver again the events of the endpoint’s types made between since and until (default now)', params: idParam, body: webhookReplayBody, response: { 202: envelope(webhookReplaySchema) } },
  }, async (req, reply) => {
    const m = await requireMember(ctx, req);
    const e = await endpointOf(m.organisation.id, req.params.id);
    const until = req.body.until ?? new Date().toISOString();
    if (new Date(until).getTime() < new Date(req.body.since).getTime()) {
      throw new AppError(422, 'validation_failed', 'The request has invalid fields.', { until: 'Must not be before since.' });
    }
    const queued = await db.transaction(async (tx) => {
      const events = await rowsOf<{ id: string }>(tx, sql`
        select id from webhook_events where organisation_id = ${m.organisation.id} and created_at >= ${req.body.since}::timestamptz and created_at <= ${until}::timestamptz
           and type = any(${`{${e.event_types.join(',')}}`}::text[]) order by created_at limit ${REPLAY_MAX}`);
      for (const ev of events) await queueDeliveries(tx, m.organisation.id, ev.id, [e.id]);
      await audit(tx, m.organisation.id, m.user.id, 'webhook_endpoints', 'replay', e.id, { since: req.body.since, until, events: events.length });
      return events.length;
    });
    return reply.status(202).send({ data: { queued } });
  });

  api.get('/api/webhook-deliveries', {
    config: { access: 'developers.view' },
    schema: { tags, summary: 'The delivery log, one row per attempt, newest first (before: the last id of the previous page)', querystring: webhookDeliveriesQuery, response: { 200: envelope(z.array(webhookAttemptSchema)) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    const q = req.query;
    const rows = await rowsOf<WebhookAttempt & { event_id: string }>(db, sql`
      select a.id, a.delivery_id, a.endpoint_id, a.event_id, a.event_type, a.status, a.response_status, a.duration_ms, a.response_body, a.error,
             to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as attempted_at, d.status as delivery_status,
             case when d.status = 'pending' then to_char(d.next_attempt_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end as next_attempt_at
        from webhook_attempts a join webhook_deliveries d on d.organisation_id = a.organisation_id and d.id = a.delivery_id
       where a.organisation_id = ${m.organisation.id}
         ${q.endpoint_id ? sql`and a.endpoint_id = ${q.endpoint_id}` : sql``}
         ${q.status ? sql`and a.status = ${q.status}` : sql``}
         ${q.event_type ? sql`and a.event_type = ${q.event_type}` : sql``}
         ${q.before ? sql`and a.id < ${q.before}` : sql``}
       order by a.id desc limit ${q.per_page}`);
    return { data: rows.map(({ event_id, ...r }) => ({ ...r, webhook_id: webhookIdOf(event_id), status: r.status as WebhookAttempt['status'] })) };
  });

  api.post('/api/webhook-deliveries/:id/resend', {
    config: { access: 'developers.update' },
    schema: { tags, summary: 'Deliver an attempt’s event to its endpoint again (same webhook-id)', params: idParam, response: { 202: envelope(webhookResendSchema) } },
  }, async (req, reply) => {
    const m = await requireMember(ctx, req);
    const deliveryId = await db.transaction(async (tx) => {
      const [a] = await rowsOf<{ endpoint_id: string; event_id: string; enabled: boolean }>(tx, sql`
        select a.endpoint_id, a.event_id, e.enabled from webhook_attempts a join webhook_endpoints e on e.organisation_id = a.organisation_id and e.id = a.endpoint_id
         where a.organisation_id = ${m.organisation.id} and a.id = ${req.params.id}`);
      if (!a) throw notFound('The delivery attempt');
      if (!a.enabled) throw new AppError(409, 'endpoint_disabled', 'Enable the endpoint before resending to it.');
      const [id] = await queueDeliveries(tx, m.organisation.id, a.event_id, [a.endpoint_id]);
      await audit(tx, m.organisation.id, m.user.id, 'webhook_endpoints', 'resend', a.endpoint_id, { attempt_id: req.params.id, delivery_id: id });
      return id;
    });
    return reply.status(202).send({ data: { delivery_id: deliveryId } });
  });
}
