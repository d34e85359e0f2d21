import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { WebhookEndpoint, WebhookEventType } from '#shared/api/developers.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import { webhookAttempts, webhookEndpoints } from '../../db/schema/index.ts';
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
/** Deliveries claimed at once, and of them at most this many for one endpoint. */
const BATCH = 200;
const PER_ENDPOINT_CLAIM = 40;
/** Attempts under way to one endpoint at a time (and its kept-alive connections). */
export const PER_ENDPOINT = 10;
/**
 * A claimed delivery another node may take over after this (the claiming node stopped): longer
 * than an endpoint's share of a batch takes when every attempt times out.
 */
const CLAIM_SECONDS = Math.ceil(PER_ENDPOINT_CLAIM / PER_ENDPOINT) * (DELIVERY_TIMEOUT_MS / 1000) + 30;
/** Notified on commit of a transaction that queued deliveries: wakes the dispatcher. */
export const OUTBOX_CHANNEL = 'webhook_outbox';
export const DISPATCH_JOB = 'webhooks.dispatch';

export type EventType = WebhookEventType | 'ping';
/** The webhook-id of an event: the same on every attempt and resend. */
export const webhookIdOf = (eventId: string) => `evt_${eventId.replace(/-/g, '')}`;

type EndpointRow = typeof webhookEndpoints.$inferSelect;
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
  // Two statements an event (the event with the endpoints it goes to, then its deliveries with the
  // wake-up), not four: on the embedded database every statement holds the one connection.
  const endpoints = await rowsOf<{ id: string }>(tx, sql`
    with event as (insert into webhook_events (organisation_id, id, type, payload) values (${organisationId}, ${id}, ${type}, ${payload}) returning id)
    ${onlyEndpointId
      ? sql`select ${onlyEndpointId}::uuid::text as id from event`
      : sql`select e.id::text as id from webhook_endpoints e, event where e.organisation_id = ${organisationId} and e.enabled and ${type} = any(e.event_types)`}`);
  if (endpoints.length) await queueDeliveries(tx, organisationId, id, endpoints.map((e) => e.id));
  return id;
}

/** New deliveries of one event (resend, replay, fan-out), due now; the dispatcher hears of them on commit (one statement). */
export async function queueDeliveries(tx: Tx, organisationId: string, eventId: string, endpointIds: string[]): Promise<string[]> {
  const ids = endpointIds.map(() => uuidv7());
  await tx.execute(sql`
    with queued as (
      insert into webhook_deliveries (organisation_id, id, endpoint_id, event_id)
      select ${organisationId}::uuid, q.id, q.endpoint_id, ${eventId}::uuid from unnest(${`{${ids.join(',')}}`}::uuid[], ${`{${endpointIds.join(',')}}`}::uuid[]) as q(id, endpoint_id)
      returning 1)
    select pg_notify(${OUTBOX_CHANNEL}, '') from (select 1 from queued limit 1) q`);
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

/** A claimed delivery with what its attempt needs: the event's payload and the endpoint's address and secrets. */
type Claimed = {
  organisation_id: string; id: string; endpoint_id: string; event_id: string; attempts: number; event_type: string; payload: string;
  url: string; secret: string; previous_secret: string | null; previous_secret_until: string | Date | null; failing_since: string | Date | null;
};
type Outcome = { d: Claimed; at: number; status: number | null; succeeded: boolean; ms: number; body: string | null; error: string | null; retryAfter: number | null };

/**
 * Claims what is due, at most PER_ENDPOINT_CLAIM deliveries of each endpoint and BATCH in all, in
 * the order they fell due: one statement that takes each (SKIP LOCKED, for CLAIM_SECONDS) and
 * answers it with its event and endpoint.
 */
const claim = (db: Db) => rowsOf<Claimed>(db, sql`
  with due as (
    select w.organisation_id, w.id from webhook_deliveries w
     where (w.organisation_id, w.id) in (
       select organisation_id, id from (
         select c.organisation_id, c.id, row_number() over (partition by c.organisation_id, c.endpoint_id order by c.next_attempt_at, c.id) as n from (
           select w.organisation_id, w.id, w.endpoint_id, w.next_attempt_at from webhook_deliveries w
             join webhook_endpoints e on e.organisation_id = w.organisation_id and e.id = w.endpoint_id and e.enabled
            where w.status = 'pending' and w.next_attempt_at <= now() and (w.locked_until is null or w.locked_until < now())
            order by w.next_attempt_at limit ${BATCH * 4}) c) ranked
        where n <= ${PER_ENDPOINT_CLAIM})
       and w.status = 'pending' and (w.locked_until is null or w.locked_until < now())
     order by w.next_attempt_at, w.id limit ${BATCH} for update of w skip locked),
  claimed as (
    update webhook_deliveries d set locked_until = now() + make_interval(secs => ${CLAIM_SECONDS})
      from due where d.organisation_id = due.organisation_id and d.id = due.id
    returning d.organisation_id, d.id, d.endpoint_id, d.event_id, d.attempts, d.next_attempt_at)
  select c.organisation_id, c.id, c.endpoint_id, c.event_id, c.attempts, v.type as event_type, v.payload,
         e.url, e.secret, e.previous_secret, e.previous_secret_until, e.failing_since
    from claimed c
    join webhook_events v on v.organisation_id = c.organisation_id and v.id = c.event_id
    join webhook_endpoints e on e.organisation_id = c.organisation_id and e.id = c.endpoint_id
   order by c.next_attempt_at, c.id`);

/**
 * Delivers what is due, in batches, until nothing is (docs/architecture.md#outgoing-webhooks): each
 * delivery claimed by one node, sent concurrently — up to PER_ENDPOINT at a time to each endpoint,
 * in the order they fell due, over a kept-alive connection — then the batch's attempts logged and
 * its deliveries done, retried on the schedule (or as Retry-After asks) or given up, in one
 * transaction. An endpoint that answers 410 gets nothing more from the batch. Answers how many
 * attempts were made.
 */
export async function dispatchDue(ctx: AppContext): Promise<number> {
  const db = ctx.database.db;
  let made = 0;
  for (;;) {
    const claimed = await claim(db);
    if (claimed.length === 0) break;
    const byEndpoint = new Map<string, Claimed[]>();
    for (const d of claimed) byEndpoint.set(d.endpoint_id, [...(byEndpoint.get(d.endpoint_id) ?? []), d]);
    const outcomes: Outcome[] = [];
    await Promise.all([...byEndpoint.values()].map(async (queue) => {
      let gone = false;
      await Promise.all(Array.from({ length: Math.min(PER_ENDPOINT, queue.length) }, async () => {
        for (let d = queue.shift(); d && !gone; d = queue.shift()) {
          const outcome = await attempt(ctx, d);
          outcomes.push(outcome);
          if (outcome.status === 410) gone = true;
        }
      }));
    }));
    made += outcomes.length;
    const disabled = await record(db, claimed, outcomes);
    for (const [endpoint, reason] of disabled) await mailOwners(ctx, endpoint, reason);
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

/** One attempt of one delivery: signed, to the address its host resolves to now, on the endpoint's kept-alive connections. */
async function attempt(ctx: AppContext, d: Claimed): Promise<Outcome> {
  const now = Date.now();
  const secrets = [d.secret, ...(d.previous_secret && d.previous_secret_until && new Date(d.previous_secret_until).getTime() > now ? [d.previous_secret] : [])];
  const headers = {
    ...signedHeaders(secrets, webhookIdOf(d.event_id), Math.floor(now / 1000), d.payload),
    'content-type': 'application/json',
    'user-agent': 'FYN-Webhooks/1',
  };
  // The host is resolved at every attempt, and the connection goes to the address checked.
  const target = await checkTarget(d.url, ctx.config.webhookAllowLoopback);
  const result = target.ok
    ? await postTo(d.url, target.address, target.family, headers, d.payload, DELIVERY_TIMEOUT_MS, PER_ENDPOINT)
    : ({ ok: false, error: `refused: ${target.reason}`, ms: 0 } as const);
  const status = result.ok ? result.status : null;
  return {
    d, at: now, status, succeeded: status !== null && status >= 200 && status < 300, ms: result.ms,
    body: result.ok ? result.body : null, error: result.ok ? null : result.error, retryAfter: result.ok ? retryAfterSeconds(result.headers['retry-after'], now) : null,
  };
}

/**
 * Writes a batch's outcomes in one transaction: its attempts (one insert), its deliveries (one
 * update: done, due again, given up, or — not attempted after a 410 — released), and for each
 * endpoint, taking its outcomes in order, the end of a run of failures, its start, or its
 * disabling (410, or failing for FAILING_DISABLES_AFTER_MS), the owners told. Answers the endpoints disabled.
 */
async function record(db: Db, claimed: Claimed[], outcomes: Outcome[]): Promise<[EndpointRef, 'gone' | 'failing'][]> {
  outcomes.sort((a, b) => a.at - b.at);
  const deliveries = new Map<string, { organisation_id: string; id: string; status: string; attempts: number; next_attempt_at: string | null }>();
  for (const d of claimed) deliveries.set(d.id, { organisation_id: d.organisation_id, id: d.id, status: 'pending', attempts: d.attempts, next_attempt_at: null });
  const endpoints = new Map<string, { ref: EndpointRef; was: number | null; failingSince: number | null; disabled: 'gone' | 'failing' | null }>();
  for (const o of outcomes) {
    const { d } = o;
    const failing = d.failing_since ? new Date(d.failing_since).getTime() : null;
    const e = endpoints.get(d.endpoint_id) ?? { ref: { organisation_id: d.organisation_id, id: d.endpoint_id, url: d.url }, was: failing, failingSince: failing, disabled: null };
    endpoints.set(d.endpoint_id, e);
    const attempts = d.attempts + 1;
    if (o.succeeded) {
      e.failingSince = null;
      deliveries.set(d.id, { ...deliveries.get(d.id)!, status: 'succeeded', attempts });
      continue;
    }
    e.failingSince ??= o.at;
    if (o.status === 410) e.disabled = 'gone';
    else if (!e.disabled && o.at - e.failingSince >= FAILING_DISABLES_AFTER_MS) e.disabled = 'failing';
    const wait = Math.max(RETRY_SCHEDULE_SECONDS[attempts - 1] ?? 0, o.retryAfter ?? 0);
    const givenUp = e.disabled !== null || attempts > RETRY_SCHEDULE_SECONDS.length;
    deliveries.set(d.id, { ...deliveries.get(d.id)!, status: givenUp ? 'failed' : 'pending', attempts, next_attempt_at: givenUp ? null : new Date(o.at + wait * 1000).toISOString() });
  }
  const disabled: [EndpointRef, 'gone' | 'failing'][] = [];
  await db.transaction(async (tx) => {
    if (outcomes.length) {
      await tx.insert(webhookAttempts).values(outcomes.map((o) => ({
        organisation_id: o.d.organisation_id, id: uuidv7(), delivery_id: o.d.id, endpoint_id: o.d.endpoint_id, event_id: o.d.event_id, event_type: o.d.event_type,
        status: o.succeeded ? 'succeeded' : 'failed', response_status: o.status, duration_ms: o.ms, response_body: o.body, error: o.error,
      })));
    }
    await tx.execute(sql`
      update webhook_deliveries d set status = v.status, attempts = v.attempts, locked_until = null,
             next_attempt_at = coalesce(v.next_attempt_at, d.next_attempt_at), updated_at = now()
        from jsonb_to_recordset(${JSON.stringify([...deliveries.values()])}::jsonb) as v(organisation_id uuid, id uuid, status text, attempts int, next_attempt_at timestamptz)
       where d.organisation_id = v.organisation_id and d.id = v.id`);
    for (const e of endpoints.values()) {
      const ofEndpoint = and(eq(webhookEndpoints.organisation_id, e.ref.organisation_id), eq(webhookEndpoints.id, e.ref.id));
      if (e.disabled) {
        await tx.update(webhookEndpoints).set({ enabled: false, disabled_reason: e.disabled, failing_since: new Date(e.failingSince ?? Date.now()), updated_at: new Date() }).where(ofEndpoint);
        await tellOwners(tx, e.ref, e.disabled);
        disabled.push([e.ref, e.disabled]);
        // Written only when a run of failures starts or ends: concurrent batches to one endpoint do not queue on its row.
      } else if (e.failingSince !== e.was) {
        await tx.update(webhookEndpoints).set({ failing_since: e.failingSince === null ? null : new Date(e.failingSince) }).where(ofEndpoint);
      }
    }
  });
  return disabled;
}

type EndpointRef = { organisation_id: string; id: string; url: string };

const ownersOf = (db: Db | Tx, organisationId: string) => rowsOf<{ id: string; email: string }>(db, sql`
  select u.id, u.email from organisation_members m join roles r on r.organisation_id = m.organisation_id and r.id = m.role_id join users u on u.id = m.user_id
   where m.organisation_id = ${organisationId} and m.status = 'active' and r.builtin = 'owner'`);

async function tellOwners(tx: Tx, endpoint: EndpointRef, reason: 'gone' | 'failing') {
  for (const owner of await ownersOf(tx, endpoint.organisation_id)) {
    await notify(tx, { userId: owner.id, organisationId: endpoint.organisation_id, type: 'webhook_endpoint_disabled', subject: { type: 'webhook_endpoint', id: endpoint.id }, data: { url: endpoint.url, reason } });
  }
}

async function mailOwners(ctx: AppContext, endpoint: EndpointRef, reason: 'gone' | 'failing') {
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
