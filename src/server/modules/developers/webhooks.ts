import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { WebhookEndpoint, WebhookEventType } from '#shared/api/developers.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/index.ts';
import { checkTarget } from '../../lib/safe-target.ts';
import { signedHeaders } from '../../lib/standard-webhooks.ts';
import { escapeHtml, mailLayout } from '../mail/templates.ts';
import { notify } from '../notifications/notify.ts';
import { postTo } from './http-post.ts';

/** Waits before the retries of a failed delivery (seconds): about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const RETRY_SCHEDULE_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;
/** An endpoint failing without a success for this long is disabled and its owners told. */
export const FAILING_DISABLES_AFTER_MS = 5 * 86_400_000;
export const DELIVERY_TIMEOUT_MS = 15_000;
/** A claimed delivery another node may take over after this (the claiming node stopped). */
const CLAIM_SECONDS = 60;
const BATCH = 25;
/** Notified on commit of a transaction that queued deliveries: wakes the dispatcher. */
export const OUTBOX_CHANNEL = 'webhook_outbox';
export const DISPATCH_JOB = 'webhooks.dispatch';

export type EventType = WebhookEventType | 'ping';
/** The webhook-id of an event: the same on every attempt and resend. */
export const webhookIdOf = (eventId: string) => `evt_${eventId.replace(/-/g, '')}`;

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type EventRow = typeof webhookEvents.$inferSelect;
const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());
export const presentEndpoint = (e: EndpointRow): WebhookEndpoint => ({
  id: e.id, url: e.url, description: e.description, event_types: e.event_types, enabled: e.enabled, disabled_reason: e.disabled_reason,
  failing_since: iso(e.failing_since),
  previous_secret_until: e.previous_secret_until && new Date(e.previous_secret_until).getTime() > Date.now() ? iso(e.previous_secret_until) : null,
  created_at: iso(e.created_at)!, updated_at: iso(e.updated_at)!,
});

/**
 * Writes an event to the outbox in the caller's transaction — the change that causes it commits
 * with it or not at all — with a delivery for each enabled endpoint of the organisation that
 * subscribed to its type (or for `onlyEndpointId`: a test ping). The dispatcher is woken when the
 * transaction commits. `data` is the object as its GET answers it.
 */
export async function emitEvent(tx: Tx, organisationId: string, type: EventType, data: unknown, onlyEndpointId?: string): Promise<string> {
  const id = uuidv7();
  const payload = JSON.stringify({ type, timestamp: new Date().toISOString(), data });
  await tx.insert(webhookEvents).values({ organisation_id: organisationId, id, type, payload });
  const endpoints = onlyEndpointId
    ? [{ id: onlyEndpointId }]
    : await rowsOf<{ id: string }>(tx, sql`select id from webhook_endpoints where organisation_id = ${organisationId} and enabled and ${type} = any(event_types)`);
  if (endpoints.length) await queueDeliveries(tx, organisationId, id, endpoints.map((e) => e.id));
  return id;
}

/** New deliveries of one event (resend, replay, fan-out), due now; the dispatcher hears of them on commit. */
export async function queueDeliveries(tx: Tx, organisationId: string, eventId: string, endpointIds: string[]): Promise<string[]> {
  const ids = endpointIds.map(() => uuidv7());
  await tx.insert(webhookDeliveries).values(endpointIds.map((endpoint_id, i) => ({ organisation_id: organisationId, id: ids[i], endpoint_id, event_id: eventId })));
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
  return ids;
}

/** Seconds a Retry-After header asks for (seconds or an HTTP date), at most a day; null without one. */
export function retryAfterSeconds(value: string | string[] | undefined, now = Date.now()): number | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return null;
  const seconds = /^\d+$/.test(v.trim()) ? Number(v.trim()) : Math.ceil((Date.parse(v) - now) / 1000);
  if (!Number.isFinite(seconds) || seconds < 0) return null;
  return Math.min(seconds, 86_400);
}

type Claimed = { organisation_id: string; id: string; endpoint_id: string; event_id: string; attempts: number };

/**
 * Delivers what is due, in batches, until nothing is (docs/architecture.md#outgoing-webhooks): each
 * delivery claimed by one node (SKIP LOCKED, for CLAIM_SECONDS), its attempt logged, then done,
 * retried on the schedule (or as Retry-After asks), or given up. Answers how many attempts were made.
 */
export async function dispatchDue(ctx: AppContext): Promise<number> {
  const db = ctx.database.db;
  let made = 0;
  for (;;) {
    const claimed = await rowsOf<Claimed>(db, sql`
      update webhook_deliveries d set locked_until = now() + make_interval(secs => ${CLAIM_SECONDS})
        from (select w.organisation_id, w.id from webhook_deliveries w
               join webhook_endpoints e on e.organisation_id = w.organisation_id and e.id = w.endpoint_id and e.enabled
              where w.status = 'pending' and w.next_attempt_at <= now() and (w.locked_until is null or w.locked_until < now())
              order by w.next_attempt_at limit ${BATCH} for update of w skip locked) due
       where d.organisation_id = due.organisation_id and d.id = due.id
      returning d.organisation_id, d.id, d.endpoint_id, d.event_id, d.attempts`);
    if (claimed.length === 0) break;
    // The batch's endpoints and events in two queries (not two per delivery).
    const pairs = (key: (r: Claimed) => string) =>
      sql`unnest(${`{${claimed.map((c) => c.organisation_id).join(',')}}`}::uuid[], ${`{${claimed.map(key).join(',')}}`}::uuid[]) as k(o, i)`;
    const endpoints = new Map((await rowsOf<EndpointRow>(db, sql`
      select distinct e.* from webhook_endpoints e join ${pairs((c) => c.endpoint_id)} on e.organisation_id = k.o and e.id = k.i`)).map((e) => [e.id, e]));
    const events = new Map((await rowsOf<EventRow>(db, sql`
      select distinct v.* from webhook_events v join ${pairs((c) => c.event_id)} on v.organisation_id = k.o and v.id = k.i`)).map((v) => [v.id, v]));
    await Promise.all(claimed.map((d) => attempt(ctx, d, endpoints.get(d.endpoint_id), events.get(d.event_id))));
    made += claimed.length;
  }
  // The next retry due wakes a dispatcher then (the minutely schedule is the backstop).
  const [next] = await rowsOf<{ at: string | null }>(db, sql`
    select min(w.next_attempt_at)::text as at from webhook_deliveries w
      join webhook_endpoints e on e.organisation_id = w.organisation_id and e.id = w.endpoint_id and e.enabled
     where w.status = 'pending'`);
  if (next?.at) {
    const wait = Math.ceil((new Date(next.at).getTime() - Date.now()) / 1000);
    if (wait > 0 && wait < 60) await ctx.jobs.send(DISPATCH_JOB, {}, { singletonKey: `at-${Math.floor(Date.now() / 1000) + wait}`, slotSeconds: 60, startAfterSeconds: wait });
  }
  return made;
}

/** One attempt of one delivery, logged; the delivery and its endpoint updated after it. */
async function attempt(ctx: AppContext, d: Claimed, endpoint: EndpointRow | undefined, event: EventRow | undefined): Promise<void> {
  const db = ctx.database.db;
  if (!endpoint || !event) return;
  const now = Date.now();
  const secrets = [endpoint.secret, ...(endpoint.previous_secret && endpoint.previous_secret_until && new Date(endpoint.previous_secret_until).getTime() > now ? [endpoint.previous_secret] : [])];
  const headers = {
    ...signedHeaders(secrets, webhookIdOf(event.id), Math.floor(now / 1000), event.payload),
    'content-type': 'application/json',
    'user-agent': 'FYN-Webhooks/1',
  };
  // The host is resolved at every attempt, and the connection goes to the address checked.
  const target = await checkTarget(endpoint.url, ctx.config.webhookAllowLoopback);
  const result = target.ok
    ? await postTo(endpoint.url, target.address, target.family, headers, event.payload, DELIVERY_TIMEOUT_MS)
    : ({ ok: false, error: `refused: ${target.reason}`, ms: 0 } as const);
  const status = result.ok ? result.status : null;
  const succeeded = status !== null && status >= 200 && status < 300;
  const attempts = d.attempts + 1;
  let disabled: 'gone' | 'failing' | null = null;
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      organisation_id: d.organisation_id, id: uuidv7(), delivery_id: d.id, endpoint_id: d.endpoint_id, event_id: d.event_id, event_type: event.type,
      status: succeeded ? 'succeeded' : 'failed', response_status: status, duration_ms: result.ms, response_body: result.ok ? result.body : null, error: result.ok ? null : result.error,
    });
    const delivery = and(eq(webhookDeliveries.organisation_id, d.organisation_id), eq(webhookDeliveries.id, d.id));
    const ofEndpoint = and(eq(webhookEndpoints.organisation_id, d.organisation_id), eq(webhookEndpoints.id, d.endpoint_id));
    if (succeeded) {
      await tx.update(webhookDeliveries).set({ status: 'succeeded', attempts, locked_until: null, updated_at: new Date() }).where(delivery);
      // Written only when a run of failures ends: concurrent deliveries to one endpoint do not queue on its row.
      if (endpoint.failing_since) await tx.update(webhookEndpoints).set({ failing_since: null }).where(ofEndpoint);
      return;
    }
    const failingSince = endpoint.failing_since ? new Date(endpoint.failing_since).getTime() : now;
    if (status === 410) disabled = 'gone';
    else if (now - failingSince >= FAILING_DISABLES_AFTER_MS) disabled = 'failing';
    const wait = Math.max(RETRY_SCHEDULE_SECONDS[attempts - 1] ?? 0, (result.ok && retryAfterSeconds(result.headers['retry-after'], now)) || 0);
    const givenUp = disabled !== null || attempts > RETRY_SCHEDULE_SECONDS.length;
    await tx.update(webhookDeliveries).set(givenUp
      ? { status: 'failed', attempts, locked_until: null, updated_at: new Date() }
      : { attempts, locked_until: null, next_attempt_at: new Date(now + wait * 1000), updated_at: new Date() }).where(delivery);
    await tx.update(webhookEndpoints).set(disabled
      ? { enabled: false, disabled_reason: disabled, failing_since: new Date(failingSince), updated_at: new Date() }
      : { failing_since: new Date(failingSince) }).where(ofEndpoint);
    if (disabled) await tellOwners(ctx, tx, endpoint, disabled);
  });
  if (disabled) await mailOwners(ctx, endpoint, disabled);
}

const ownersOf = (db: Db | Tx, organisationId: string) => rowsOf<{ id: string; email: string }>(db, sql`
  select u.id, u.email from organisation_members m join roles r on r.organisation_id = m.organisation_id and r.id = m.role_id join users u on u.id = m.user_id
   where m.organisation_id = ${organisationId} and m.status = 'active' and r.builtin = 'owner'`);

async function tellOwners(_ctx: AppContext, tx: Tx, endpoint: EndpointRow, reason: 'gone' | 'failing') {
  for (const owner of await ownersOf(tx, endpoint.organisation_id)) {
    await notify(tx, { userId: owner.id, organisationId: endpoint.organisation_id, type: 'webhook_endpoint_disabled', subject: { type: 'webhook_endpoint', id: endpoint.id }, data: { url: endpoint.url, reason } });
  }
}

async function mailOwners(ctx: AppContext, endpoint: EndpointRow, reason: 'gone' | 'failing') {
  const why = reason === 'gone' ? 'it answered 410 Gone' : 'every delivery to it failed for 5 days';
  for (const owner of await ownersOf(ctx.database.db, endpoint.organisation_id)) {
    await ctx.mailer.send({
      to: owner.email,
      subject: 'A webhook endpoint was disabled',
      text: `The webhook endpoint ${endpoint.url} was disabled because ${why}. Fix the receiver, then enable it again on ${ctx.config.appUrl}/organisation/dev.`,
      html: mailLayout(`<p>The webhook endpoint <strong>${escapeHtml(endpoint.url)}</strong> was disabled because ${why}.</p><p>Fix the receiver, then enable it again on <a href="${escapeHtml(ctx.config.appUrl)}/organisation/dev">the developer page</a>.</p>`, 'You receive this as an owner of the organisation.'),
      // The notification (written with the change) stands when a mail fails; it is not sent twice.
    }).catch(() => undefined);
  }
}
