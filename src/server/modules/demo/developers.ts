import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/client.ts';
import { apiKeys, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { newWebhookSecret } from '../../lib/standard-webhooks.ts';
import { newApiKey } from '../developers/api-keys.ts';

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/**
 * Northwind's developer page: an API key its ERP uses, and a webhook endpoint with a delivery log
 * for events the demo's own changes produced. The endpoint is disabled and its address is under
 * .example (a name that never resolves): the demo delivers nowhere. Its log rows are what the
 * dispatcher would have written. The key itself is not kept anywhere (a demo key is never shown).
 */
export async function seedDemoDevelopers(ctx: AppContext, organisationId: string, ids: Record<string, string>): Promise<void> {
  const db = ctx.database.db;
  const owner = ids['owner@demo.fyn.local'];
  const made = newApiKey(true);
  await db.insert(apiKeys).values({
    organisation_id: organisationId, id: uuidv7(), name: 'ERP sync (Dynamics)', prefix: made.prefix, key_hash: made.hash,
    scopes: ['operations.view', 'quotes.view', 'documents.view'], created_by: owner, created_at: ago(60 * 24 * 20), last_used_at: ago(42), last_used_ip: '10.20.0.14',
  });
  const endpointId = uuidv7();
  await db.insert(webhookEndpoints).values({
    organisation_id: organisationId, id: endpointId, url: 'https://erp.northwind-forwarding.example/fyn/webhooks', description: 'ERP: bookings and shipment milestones',
    event_types: ['booking.confirmed', 'shipment.created', 'shipment.status_changed', 'tracking.event_added'], enabled: false, secret: newWebhookSecret(), created_at: ago(60 * 24 * 20),
  });
  const events = await rowsOf<{ id: string; type: string }>(db, sql`
    select id, type from webhook_events where organisation_id = ${organisationId}
       and type in ('booking.confirmed', 'shipment.created', 'shipment.status_changed', 'tracking.event_added') order by created_at desc limit 6`);
  let minutes = 30;
  for (const [i, e] of events.entries()) {
    const deliveryId = uuidv7();
    await db.insert(webhookDeliveries).values({ organisation_id: organisationId, id: deliveryId, endpoint_id: endpointId, event_id: e.id, status: 'succeeded', attempts: i === 1 ? 2 : 1, next_attempt_at: ago(minutes) });
    const attempt = (status: 'succeeded' | 'failed', responseStatus: number, at: Date, body: string, ms: number) => ({
      organisation_id: organisationId, id: uuidv7(), delivery_id: deliveryId, endpoint_id: endpointId, event_id: e.id, event_type: e.type, status,
      response_status: responseStatus, duration_ms: ms, response_body: body, error: null, created_at: at, updated_at: at,
    });
    // The second event found the ERP busy once, then got through on the retry 5 seconds later.
    if (i === 1) await db.insert(webhookAttempts).values(attempt('failed', 503, ago(minutes + 0.1), 'Service Unavailable', 1204));
    await db.insert(webhookAttempts).values(attempt('succeeded', 200, ago(minutes), '{"received":true}', 84 + i * 7));
    minutes += 47;
  }
}
