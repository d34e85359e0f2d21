import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { eventBody, publicTrackingSchema, settingsPatch, settingsSchema, standardWebhookBody, webhookBody, webhookSecretSchema, type PublicTracking } from '#shared/api/operations.ts';
import { verify as verifyStandard } from '../../lib/standard-webhooks.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import { operationSettings, trackingDeliveries } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { fieldErrors, readTable } from '../../lib/table-import.ts';
import { importAnswer, importQuery, sendTemplate, summarise, templateQuery, type Verdict } from '../crm/imports.ts';
import { tableResponse } from '../../lib/spreadsheet.ts';
import { readUpload } from '../files/images.ts';
import { requireMember, requirePermission } from '../organisations/membership.ts';
import { hashToken } from '../quotes/service.ts';
import { placeNames } from '../locations/place-names.ts';
import { requireContainer } from './shipments.ts';
import { applyEvent, isoOf, normaliseEvent } from './service.ts';
import type { EventRow, ShipmentRow } from './answers.ts';
import { audit } from '../../lib/audit.ts';

export const SIGNATURE_HEADER = 'x-fyn-signature';
/** `sha256=<hex HMAC-SHA256 of the raw body>` with the organisation's secret. */
export const signatureOf = (secret: string, body: Buffer | string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** The tracking webhook's secret as a Standard Webhooks secret: the same 32 bytes, `whsec_` + base64. */
export const standardSecretOf = (secret: string) => `whsec_${Buffer.from(secret, 'base64url').toString('base64')}`;

/** The organisation's operations settings, made on first use (a new webhook secret). */
export async function settingsOf(db: Db | Tx, organisationId: string) {
  await db.insert(operationSettings).values({ organisation_id: organisationId, webhook_secret: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await rowsOf<typeof operationSettings.$inferSelect>(db, sql`select * from operation_settings where organisation_id = ${organisationId}`);
  return row;
}

const EVENT_COLUMNS = ['shipment_reference', 'event_type', 'code', 'classifier', 'location', 'occurred_at', 'container_number', 'vessel', 'voyage', 'recorded_at'];
const EVENT_EXAMPLES = [
  ['S-2026-00001', 'EQUIPMENT', 'LOAD', 'ACT', 'CNSHA', '2026-11-20T08:30:00Z', 'MSCU1234566', 'MSC Aurora', 'FE547W', ''],
  ['S-2026-00001', 'TRANSPORT', 'ARRI', 'EST', 'GBFXT', '2026-12-22T06:00:00Z', '', 'MSC Aurora', 'FE547W', '2026-11-21T10:00:00Z'],
];

/** A shipment of the organisation by its number, house or master reference. */
async function byReference(db: Db | Tx, organisationId: string, reference: string, lock = false): Promise<ShipmentRow | null> {
  const [row] = await rowsOf<ShipmentRow>(db, sql`
    select * from shipments where organisation_id = ${organisationId} and (number = ${reference} or house_ref = ${reference} or master_ref = ${reference})
     order by (number = ${reference}) desc, created_at desc limit 1 ${lock ? sql`for update` : sql``}`);
  return row ?? null;
}

/**
 * Tracking (issue 12, item 3): events from a carrier's or platform's webhook (HMAC-signed with a
 * per-organisation secret; a delivery taken once), from a CSV or XLSX file, and the client's
 * public page behind a hashed token.
 */
export function registerTrackingRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['tracking'];

  api.get('/api/tracking/webhook-secret', {
    config: { access: 'operations.update' },
    schema: { tags, summary: 'The organisation’s webhook secret (null until made with …/rotate) and address (owners only)', response: { 200: envelope(webhookSecretSchema) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'operations.update');
    if (m.role.builtin !== 'owner') throw new AppError(403, 'forbidden', 'Only the organisation’s owners see the webhook secret.');
    const [row] = await rowsOf<{ webhook_secret: string }>(db, sql`select webhook_secret from operation_settings where organisation_id = ${m.organisation.id}`);
    const secret = row?.webhook_secret ?? null;
    return { data: { secret, standard_secret: secret && standardSecretOf(secret), url: `${ctx.config.appUrl}/api/tracking/webhook/${m.organisation.id}`, header: 'X-FYN-Signature' } };
  });

  api.post('/api/tracking/webhook-secret/rotate', {
    config: { access: 'operations.update' },
    schema: { tags, summary: 'Make or replace the webhook secret (owners only): deliveries signed with an old one are refused from now on', response: { 200: envelope(webhookSecretSchema) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'operations.update');
    if (m.role.builtin !== 'owner') throw new AppError(403, 'forbidden', 'Only the organisation’s owners change the webhook secret.');
    await db.transaction(async (tx) => {
      await settingsOf(tx, m.organisation.id);
      await tx.update(operationSettings).set({ webhook_secret: randomBytes(32).toString('base64url'), updated_at: new Date() }).where(sql`organisation_id = ${m.organisation.id}`);
      await audit(tx, m.organisation.id, m.user.id, 'operation_settings', 'rotate_secret', m.organisation.id, {});
    });
    const s = await settingsOf(db, m.organisation.id);
    return { data: { secret: s.webhook_secret, standard_secret: standardSecretOf(s.webhook_secret), url: `${ctx.config.appUrl}/api/tracking/webhook/${m.organisation.id}`, header: 'X-FYN-Signature' } };
  });

  api.get('/api/operations/settings', {
    config: { access: 'operations.view' },
    schema: { tags, summary: 'Operations settings: by how many hours an estimated arrival may slip before it is an exception', response: { 200: envelope(settingsSchema) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'operations.view');
    const [row] = await rowsOf<{ eta_margin_hours: number }>(db, sql`select eta_margin_hours from operation_settings where organisation_id = ${m.organisation.id}`);
    return { data: { eta_margin_hours: row?.eta_margin_hours ?? 24 } };
  });

  api.patch('/api/operations/settings', {
    config: { access: 'operations.update' },
    schema: { tags, summary: 'Change the operations settings', body: settingsPatch, response: { 200: envelope(settingsSchema) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'operations.update');
    await db.transaction(async (tx) => {
      await settingsOf(tx, m.organisation.id);
      if (req.body.eta_margin_hours !== undefined) await tx.update(operationSettings).set({ eta_margin_hours: req.body.eta_margin_hours, updated_at: new Date() }).where(sql`organisation_id = ${m.organisation.id}`);
      await audit(tx, m.organisation.id, m.user.id, 'operation_settings', 'update', m.organisation.id, req.body);
    });
    return { data: { eta_margin_hours: (await settingsOf(db, m.organisation.id)).eta_margin_hours } };
  });

  // The webhook needs the raw body for its signature.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post('/api/tracking/webhook/:organisationId', {
      config: { access: 'public', rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags, summary: 'Tracking events pushed by a carrier or platform: body {shipment_reference, delivery_id, events}, signed the Standard Webhooks way (webhook-id, webhook-timestamp within 5 minutes, '
          + 'webhook-signature with the whsec_ secret; delivery_id defaults to webhook-id) or, deprecated, X-FYN-Signature: sha256=<hex HMAC-SHA256 of the raw body>; a replayed delivery changes nothing',
        params: z.object({ organisationId: z.uuid() }),
        response: { 200: envelope(z.object({ shipment_id: z.string(), applied: z.number(), replay: z.boolean() })) },
      },
    }, async (req) => {
      const raw = req.body as unknown;
      const refused = () => new AppError(401, 'invalid_signature', 'The signature is missing or not valid.');
      const [settings] = await rowsOf<{ webhook_secret: string }>(db, sql`select webhook_secret from operation_settings where organisation_id = ${req.params.organisationId}`);
      if (!settings || !Buffer.isBuffer(raw)) throw refused();
      // Standard Webhooks when its headers are there (an old timestamp is refused: a captured delivery cannot be sent again later).
      const standard = req.headers['webhook-signature'] !== undefined;
      if (standard) {
        const failure = verifyStandard([standardSecretOf(settings.webhook_secret)], req.headers, raw);
        if (failure === 'timestamp_out_of_range') throw new AppError(401, 'invalid_signature', 'The webhook-timestamp is more than 5 minutes away from now.');
        if (failure) throw refused();
      } else {
        // Deprecated: X-FYN-Signature (docs/architecture.md#tracking-webhook).
        const given = req.headers[SIGNATURE_HEADER];
        if (typeof given !== 'string') throw refused();
        const expected = Buffer.from(signatureOf(settings.webhook_secret, raw));
        const actual = Buffer.from(given.trim().toLowerCase());
        if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw refused();
      }
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError(400, 'invalid_json', 'The body is not JSON.');
      }
      const parsed = (standard ? standardWebhookBody : webhookBody).safeParse(json);
      if (!parsed.success) throw new AppError(422, 'validation_failed', 'The delivery is not valid.', fieldErrors(parsed.error.issues));
      const body = { ...parsed.data, delivery_id: parsed.data.delivery_id ?? String(req.headers['webhook-id']).slice(0, 100) };
      const organisationId = req.params.organisationId;
      return { data: await db.transaction(async (tx) => {
        const taken = await tx.insert(trackingDeliveries).values({ organisation_id: organisationId, delivery_id: body.delivery_id, result: {} }).onConflictDoNothing().returning({ id: trackingDeliveries.delivery_id });
        if (!taken.length) {
          const [done] = await rowsOf<{ result: { shipment_id: string; applied: number } }>(tx, sql`select result from tracking_deliveries where organisation_id = ${organisationId} and delivery_id = ${body.delivery_id}`);
          return { ...done.result, replay: true };
        }
        const s = await byReference(tx, organisationId, body.shipment_reference, true);
        if (!s) throw new AppError(422, 'validation_failed', `No shipment has the reference ${body.shipment_reference}.`, { shipment_reference: 'Unknown reference.' });
        if (s.status === 'closed' || s.status === 'cancelled') throw new AppError(409, 'shipment_closed', `Shipment ${s.number} is ${s.status}.`);
        // Oldest first, so that an earlier event of the same delivery cannot overtake a later one.
        const events = [...body.events].sort((a, b) => Date.parse(a.occurred_at) - Date.parse(b.occurred_at));
        for (const e of events) await requireContainer(tx, s, e.container_number ?? null);
        let applied = 0;
        for (const e of events) if ((await applyEvent(tx, s, normaliseEvent(e), 'webhook', null, body.delivery_id)).applied) applied++;
        const result = { shipment_id: s.id, applied };
        await tx.update(trackingDeliveries).set({ result }).where(sql`organisation_id = ${organisationId} and delivery_id = ${body.delivery_id}`);
        return { ...result, replay: false };
      }) };
    });
  });

  api.get('/api/tracking/events/import/template', {
    config: { access: 'operations.update' },
    schema: { tags, summary: 'The layout of a tracking events import, with example rows', querystring: templateQuery, ...tableResponse(['csv', 'xlsx']) },
  }, async (req, reply) => {
    requirePermission(await requireMember(ctx, req), 'operations.update');
    return sendTemplate(reply, 'tracking-events', req.query.format, EVENT_COLUMNS, EVENT_EXAMPLES);
  });

  api.post('/api/tracking/events/import', {
    config: { access: 'operations.update' },
    schema: {
      tags, summary: 'Import tracking events from a CSV or XLSX file (field "file", one event per row with its shipment reference): ?dry_run=true previews row by row and writes nothing',
      querystring: importQuery, consumes: ['multipart/form-data'], response: { 200: envelope(importAnswer), 201: envelope(importAnswer) },
    },
  }, async (req, reply) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'operations.update');
    const { data } = await readUpload(req, 2 * 1024 * 1024 + 1, 'file_too_large');
    const rows = await readTable(data);
    const refs = new Map<string, ShipmentRow | null>();
    const checked: { verdict: Verdict; reference: string; event: ReturnType<typeof normaliseEvent> | null }[] = [];
    for (const r of rows) {
      const cell = (k: string) => (r.cells[k] ?? '').trim() || undefined;
      const reference = cell('shipment_reference') ?? '';
      if (!refs.has(reference)) refs.set(reference, reference ? await byReference(db, m.organisation.id, reference) : null);
      const s = refs.get(reference);
      const parsed = eventBody.safeParse({
        event_type: cell('event_type')?.toUpperCase(), code: cell('code'), classifier: cell('classifier')?.toUpperCase(), location: cell('location'),
        occurred_at: cell('occurred_at'), recorded_at: cell('recorded_at'), container_number: cell('container_number'), vessel: cell('vessel'), voyage: cell('voyage'),
      });
      const errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
      if (!s) errors.shipment_reference = reference ? 'Unknown reference.' : 'Required.';
      else if (s.status === 'closed' || s.status === 'cancelled') errors.shipment_reference = `Shipment ${s.number} is ${s.status}.`;
      if (s && parsed.success && parsed.data.container_number) {
        const [c] = await rowsOf<{ id: string }>(db, sql`select id from shipment_containers where organisation_id = ${m.organisation.id} and shipment_id = ${s.id} and number = ${parsed.data.container_number}`);
        if (!c) errors.container_number = 'Not on this shipment.';
      }
      const ok = Object.keys(errors).length === 0;
      checked.push({
        verdict: { row: r.row, ok, errors, label: [reference, cell('code'), cell('classifier'), cell('occurred_at')].filter(Boolean).join(' · ') },
        reference, event: ok && parsed.success ? normaliseEvent(parsed.data) : null,
      });
    }
    const verdicts = checked.map((c) => c.verdict);
    if (req.query.dry_run) return { data: summarise(true, verdicts, 0) };
    if (!verdicts.length || verdicts.some((v) => !v.ok)) {
      throw new AppError(422, 'import_invalid', `${verdicts.filter((v) => !v.ok).length} of ${verdicts.length} rows are not right: nothing was imported.`, undefined, undefined, summarise(false, verdicts, 0));
    }
    await db.transaction(async (tx) => {
      const byShipment = new Map<string, typeof checked>();
      for (const c of checked) byShipment.set(c.reference, [...(byShipment.get(c.reference) ?? []), c]);
      for (const [reference, items] of byShipment) {
        const s = (await byReference(tx, m.organisation.id, reference, true))!;
        items.sort((a, b) => Date.parse(a.event!.occurred_at) - Date.parse(b.event!.occurred_at));
        for (const c of items) await applyEvent(tx, s, c.event!, 'import', m.user.id);
        await audit(tx, m.organisation.id, m.user.id, 'shipments', 'import_events', s.id, { events: items.length });
      }
    });
    return reply.status(201).send({ data: summarise(false, verdicts, checked.length) });
  });

  api.get('/api/public/tracking/:token', {
    config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
    schema: { tags: ['public'], summary: 'A shipment as its client follows it through the tracking link (no login, no money; only what the organisation chose)', params: z.object({ token: z.string().min(20).max(100) }), response: { 200: envelope(publicTrackingSchema) } },
  }, async (req) => {
    const [s] = await rowsOf<ShipmentRow & { organisation_name: string }>(db, sql`
      select s.*, o.name as organisation_name from shipments s join organisations o on o.id = s.organisation_id where s.tracking_hash = ${hashToken(req.params.token)}`);
    if (!s) throw new AppError(404, 'tracking_link_invalid', 'This tracking link is not valid (any more). Ask the sender for a new one.');
    const shows = s.tracking_shows ?? { events: true, containers: true, parties: false, references: true };
    const events = shows.events ? await rowsOf<EventRow>(db, sql`select * from shipment_events where organisation_id = ${s.organisation_id} and shipment_id = ${s.id} and applied order by occurred_at, id`) : [];
    const containers = shows.containers ? await rowsOf<{ number: string; iso_type: string }>(db, sql`select number, iso_type from shipment_containers where organisation_id = ${s.organisation_id} and shipment_id = ${s.id} order by created_at, number`) : null;
    const places = await placeNames(db, [...new Set([s.origin, s.destination, ...events.map((e) => e.location).filter((v): v is string => Boolean(v))])], s.mode);
    const data: PublicTracking = {
      organisation: s.organisation_name, number: s.number, house_ref: shows.references ? s.house_ref : null, master_ref: shows.references ? s.master_ref : null,
      mode: s.mode, status: s.status, origin: s.origin, origin_name: places[s.origin] ?? null, destination: s.destination, destination_name: places[s.destination] ?? null,
      etd: isoOf(s.etd), eta: isoOf(s.eta), atd: isoOf(s.atd), ata: isoOf(s.ata),
      shipper: shows.parties ? s.shipper?.name ?? null : null, consignee: shows.parties ? s.consignee?.name ?? null : null,
      containers,
      events: shows.events ? events.map((e) => ({ code: e.code, classifier: e.classifier, location: e.location, location_name: e.location ? places[e.location] ?? null : null, occurred_at: isoOf(e.occurred_at)!, container_number: e.container_number })) : null,
    };
    return { data };
  });
}

