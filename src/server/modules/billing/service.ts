import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { billingEvents, organisations, type OrganisationStatus } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { expirePurchased } from '../ai/credits.ts';
import { changeStatus } from '../organisations/service.ts';
import type { OrganisationRow } from '../organisations/membership.ts';
import type { BillingEvent, PaymentProvider } from './provider.ts';
import { GRACE_DAYS } from './local-provider.ts';
import { nextStatus, type StatusTrigger } from './status.ts';

export type EventOutcome = 'applied' | 'duplicate' | 'stale' | 'unknown_customer' | 'no_change';

/**
 * Applies one provider event to the organisation of its customer, once per event id (a replay
 * changes nothing) and never behind a newer event (a late, older event records but changes no
 * status). The same path serves Stripe webhooks and the local provider's events.
 */
export async function applyBillingEvent(ctx: AppContext, event: BillingEvent): Promise<EventOutcome> {
  const outcome = await ctx.database.db.transaction(async (tx): Promise<EventOutcome> => {
    const [org] = await tx.select().from(organisations).where(eq(organisations.providerCustomerId, event.customer)).for('update');
    const inserted = await tx
      .insert(billingEvents)
      .values({ id: event.id, type: event.type, organisationId: org?.id ?? null, occurredAt: new Date(event.created * 1000) })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (inserted.length === 0) return 'duplicate';
    if (!org) return 'unknown_customer';
    const at = new Date(event.created * 1000);
    if (org.lastEventAt && at < org.lastEventAt) return 'stale';
    const extra: Partial<typeof organisations.$inferInsert> = { lastEventAt: at };
    if (event.subscription && event.type !== 'customer.subscription.deleted') extra.subscriptionId = event.subscription;
    if (event.type === 'invoice.payment_failed') extra.graceUntil = new Date((event.created + GRACE_DAYS * 86_400) * 1000);
    if (event.type === 'invoice.paid') extra.graceUntil = null;
    // The organisation's own subscription ended (not an old one it replaced): its bought AI credits expire with it.
    if (event.type === 'customer.subscription.deleted' && (!event.subscription || !org.subscriptionId || event.subscription === org.subscriptionId)) {
      await expirePurchased(tx, org.id, { subscriptionId: event.subscription ?? org.subscriptionId, at });
    }
    const to = nextStatus(org.status, event.type);
    if (!to) {
      await tx.update(organisations).set(extra).where(eq(organisations.id, org.id));
      return 'no_change';
    }
    await changeStatus(tx, org, to, { providerEventId: event.id, reason: event.type }, extra);
    return 'applied';
  });
  // The organisation's status (premium or not) changed: this node's reads see it at once, whether
  // the event came with a request or from a job. Cleared after the commit, so nothing older is reused.
  if (outcome === 'applied') ctx.identities.clear();
  return outcome;
}

/** A status change the user caused (checkout begun or failed), recorded with the user. */
export async function userStatusChange(ctx: AppContext, org: { id: string }, trigger: StatusTrigger, userId: string): Promise<OrganisationStatus> {
  return ctx.database.db.transaction(async (tx) => {
    const [current] = await tx.select().from(organisations).where(eq(organisations.id, org.id)).for('update');
    const to = nextStatus(current.status, trigger);
    if (!to) return current.status;
    await changeStatus(tx, current, to, { actorUserId: userId, reason: trigger });
    return to;
  });
}

/** The organisation's customer at the provider, created on first use. */
export async function customerOf(ctx: AppContext, provider: PaymentProvider, org: OrganisationRow, email: string): Promise<string> {
  return (await ensureCustomer(ctx, provider, org, email)).id;
}

/**
 * The organisation's customer, and whether this call made it. Two first uses at once make two
 * customers at the provider: the one stored first is the organisation's, the other is deleted again.
 */
export async function ensureCustomer(ctx: AppContext, provider: PaymentProvider, org: OrganisationRow, email: string): Promise<{ id: string; created: boolean }> {
  if (org.providerCustomerId) return { id: org.providerCustomerId, created: false };
  const id = await provider.createCustomer({ name: org.name, email, organisationId: org.id });
  const [row] = await ctx.database.db
    .update(organisations)
    .set({ providerCustomerId: sql`coalesce(${organisations.providerCustomerId}, ${id})` })
    .where(eq(organisations.id, org.id))
    .returning({ id: organisations.providerCustomerId });
  org.providerCustomerId = row.id;
  if (row.id !== id) await provider.deleteCustomer(id);
  return { id: row.id!, created: row.id === id };
}

/**
 * A first card the provider refused: the customer made for it goes again (at the provider, then
 * here), so a refused first card leaves nothing behind. Should the provider not delete it, it stays
 * the organisation's and the next try uses it (never a second one).
 */
export async function firstCardFailed(ctx: AppContext, provider: PaymentProvider, org: OrganisationRow, customerId: string): Promise<void> {
  try {
    await provider.deleteCustomer(customerId);
  } catch {
    return;
  }
  await ctx.database.db
    .update(organisations)
    .set({ providerCustomerId: null })
    .where(and(eq(organisations.id, org.id), eq(organisations.providerCustomerId, customerId)));
  org.providerCustomerId = null;
}

export async function applyAll(ctx: AppContext, events: BillingEvent[]) {
  for (const e of events) await applyBillingEvent(ctx, e);
}

const LEASE_SECONDS = 120;
const LEASE_WAIT_MS = 15_000;
const LEASE_POLL_MS = 100;

/**
 * Runs a subscribe or change-plan for one organisation at a time. The lease is taken with one
 * UPDATE (under the row lock) and held while the provider is called, without a transaction open
 * across that call; a second caller waits for it, then sees the first one's result. `key` is the
 * provider's idempotency key for this attempt: a retry after a crash (same billing_version) gets
 * the first call's answer instead of a second subscription; every finished attempt moves it on.
 */
export async function withBillingLease<T>(ctx: AppContext, organisationId: string, action: string, run: (org: typeof organisations.$inferSelect, key: string) => Promise<T>): Promise<T> {
  const started = Date.now();
  for (;;) {
    const [org] = await ctx.database.db
      .update(organisations)
      .set({ billingLockUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
      .where(sql`${organisations.id} = ${organisationId} and (${organisations.billingLockUntil} is null or ${organisations.billingLockUntil} < now())`)
      .returning();
    if (org) {
      try {
        return await run(org, `fyn-${organisationId}-${action}-${org.billingVersion}`);
      } finally {
        await ctx.database.db
          .update(organisations)
          .set({ billingLockUntil: null, billingVersion: sql`${organisations.billingVersion} + 1` })
          .where(eq(organisations.id, organisationId));
      }
    }
    if (Date.now() - started > LEASE_WAIT_MS) throw new AppError(409, 'billing_busy', 'Another change to this subscription is in progress. Try again in a moment.');
    await new Promise((resolve) => setTimeout(resolve, LEASE_POLL_MS));
  }
}
