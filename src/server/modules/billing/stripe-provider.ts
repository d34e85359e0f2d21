/**
 * The Stripe payment adapter (docs/architecture.md#payments): the PaymentProvider port over the official SDK.
 * Status changes reach us through webhooks (invoice.paid, invoice.payment_failed,
 * customer.subscription.updated/deleted), so calls return `events: []`.
 *
 * API version 2026-10-28 notes: the billing period lives on subscription items
 * (`items.data[0].current_period_*`); an invoice's subscription is under
 * `parent.subscription_details.subscription` and a line's proration flag under
 * `parent.subscription_item_details.proration`; previews use `invoices.createPreview`.
 */
import Stripe from 'stripe';
import type { ProviderProduct } from '#shared/billing/plans.ts';
import {
  PaymentError,
  type BillingEvent,
  type Card,
  type Invoice,
  type InvoiceLine,
  type InvoicePreview,
  type NewPaymentMethod,
  type PaymentProvider,
  type Subscription,
  type SubscriptionStatus,
} from './provider.ts';

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Tests point these at a local fake (src/server/test/fake-stripe.ts). */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
};

const INTERVALS = ['day', 'week', 'month', 'year'] as const;
type Interval = (typeof INTERVALS)[number];
const WEBHOOK_TYPES: readonly BillingEvent['type'][] = ['invoice.paid', 'invoice.payment_failed', 'customer.subscription.updated', 'customer.subscription.deleted'];
/** Subscriptions whose renewals would still charge a card. */
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete']);

const idOf = (x: string | { id: string } | null | undefined): string | null => (x == null ? null : typeof x === 'string' ? x : x.id);

/** Stripe's card-error codes → ours (anything else a card refuses is a generic payment failure). */
function paymentErrorCode(code: string | undefined): PaymentError['code'] {
  switch (code) {
    case 'card_declined':
    case 'expired_card':
    case 'incorrect_number':
    case 'incorrect_cvc':
      return code;
    case 'invalid_number':
      return 'incorrect_number';
    case 'invalid_cvc':
      return 'incorrect_cvc';
    case 'invalid_expiry_month':
    case 'invalid_expiry_year':
      return 'expired_card';
    default:
      return 'payment_failed';
  }
}

/**
 * Card refusals become PaymentError (402 to the user); with `invalidRequest`, so do Stripe's
 * 400s about what the user sent (an unknown or foreign payment method). Anything else is rethrown.
 */
function toPaymentError(e: unknown, options: { invalidRequest?: boolean } = {}): unknown {
  if (e instanceof Stripe.errors.StripeCardError) return new PaymentError(paymentErrorCode(e.code), e.message);
  if (options.invalidRequest && e instanceof Stripe.errors.StripeInvalidRequestError) return new PaymentError('invalid_request', e.message);
  return e;
}

const isMissing = (e: unknown) => e instanceof Stripe.errors.StripeInvalidRequestError && (e.code === 'resource_missing' || e.statusCode === 404);

function mapStatus(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      return 'incomplete';
  }
}

/** Older API versions kept the period on the subscription itself. */
type LegacySubscriptionFields = { current_period_start?: number; current_period_end?: number };

export function mapStripeSubscription(sub: Stripe.Subscription): Subscription {
  const item = sub.items.data[0];
  const legacy = sub as unknown as LegacySubscriptionFields;
  return {
    id: sub.id,
    customer: idOf(sub.customer) ?? '',
    status: mapStatus(sub.status),
    price_id: item?.price.id ?? '',
    product_id: idOf(item?.price.product) ?? '',
    current_period_start: item?.current_period_start ?? legacy.current_period_start ?? sub.start_date,
    current_period_end: item?.current_period_end ?? legacy.current_period_end ?? sub.start_date,
    cancel_at_period_end: sub.cancel_at_period_end,
  };
}

/** Older payloads carried `proration` on the line itself. */
type LegacyLineFields = { proration?: boolean };

function mapLine(line: Stripe.InvoiceLineItem): InvoiceLine {
  const proration =
    line.parent?.subscription_item_details?.proration ?? line.parent?.invoice_item_details?.proration ?? (line as unknown as LegacyLineFields).proration ?? false;
  return { description: line.description ?? '', amount: line.amount, period_start: line.period.start, period_end: line.period.end, proration };
}

/**
 * An invoice's own period_start/end describe when its items accrued (for a subscription's first
 * invoice both are the creation time); the service period is on the lines, so take it from there.
 */
function periodOf(invoice: Stripe.Invoice, lines: InvoiceLine[]) {
  if (lines.length === 0) return { period_start: invoice.period_start, period_end: invoice.period_end };
  return { period_start: Math.min(...lines.map((l) => l.period_start)), period_end: Math.max(...lines.map((l) => l.period_end)) };
}

function mapPreview(invoice: Stripe.Invoice): InvoicePreview {
  const lines = invoice.lines.data.map(mapLine);
  return { amount_due: invoice.amount_due, currency: invoice.currency, ...periodOf(invoice, lines), lines };
}

const INVOICE_STATUSES = new Set<Invoice['status']>(['draft', 'open', 'paid', 'uncollectible', 'void']);

export function mapStripeInvoice(invoice: Stripe.Invoice): Invoice {
  const lines = invoice.lines.data.map(mapLine);
  const status = invoice.status && INVOICE_STATUSES.has(invoice.status as Invoice['status']) ? (invoice.status as Invoice['status']) : 'draft';
  return {
    id: invoice.id,
    // Drafts have no number yet.
    number: invoice.number ?? invoice.id,
    status,
    amount_due: invoice.amount_due,
    amount_paid: invoice.amount_paid,
    currency: invoice.currency,
    created: invoice.created,
    ...periodOf(invoice, lines),
    lines,
  };
}

function mapCard(pm: Stripe.PaymentMethod, defaultId: string | null): Card {
  if (!pm.card) throw new PaymentError('invalid_request', 'Only cards are accepted.');
  return { id: pm.id, brand: pm.card.brand, last4: pm.card.last4, exp_month: pm.card.exp_month, exp_year: pm.card.exp_year, is_default: pm.id === defaultId };
}

/** Older payloads (before `parent`) carried the subscription on the invoice itself. */
type LegacyInvoiceFields = { subscription?: string | { id: string } | null };

export function mapStripeEvent(event: Stripe.Event): BillingEvent | null {
  const base = { id: event.id, created: event.created };
  switch (event.type) {
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscription = idOf(invoice.parent?.subscription_details?.subscription) ?? idOf((invoice as unknown as LegacyInvoiceFields).subscription);
      const customer = idOf(invoice.customer);
      if (!customer) return null;
      return { ...base, type: event.type, customer, subscription };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      return { ...base, type: event.type, customer: idOf(sub.customer) ?? '', subscription: sub.id };
    }
    default:
      return null;
  }
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    host: options.host,
    port: options.port,
    protocol: options.protocol,
    maxNetworkRetries: 1,
    timeout: 10_000,
    // Server-side only; no telemetry headers to Stripe.
    telemetry: false,
  });

  async function customerOf(customerId: string): Promise<Stripe.Customer> {
    const customer = await stripe.customers.retrieve(customerId);
    if (customer.deleted) throw new PaymentError('invalid_request', 'This billing account no longer exists.');
    return customer;
  }
  const defaultCardOf = (customer: Stripe.Customer) => idOf(customer.invoice_settings?.default_payment_method);

  /** The customer's own payment method, or PaymentError (unknown, or another customer's). */
  async function ownPaymentMethod(customerId: string, paymentMethodId: string): Promise<Stripe.PaymentMethod> {
    let pm: Stripe.PaymentMethod;
    try {
      pm = await stripe.paymentMethods.retrieve(paymentMethodId);
    } catch (e) {
      if (isMissing(e)) throw new PaymentError('invalid_request', 'Unknown payment method.');
      throw e;
    }
    if (idOf(pm.customer) !== customerId) throw new PaymentError('invalid_request', 'Unknown payment method.');
    return pm;
  }

  /**
   * Makes the card the customer's default, and the default of its live subscriptions: a
   * subscription's own default_payment_method (set at subscribe) wins over the customer's.
   */
  async function makeDefault(customerId: string, paymentMethodId: string) {
    await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } });
    const subs = await stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 });
    for (const sub of subs.data) {
      if (LIVE_STATUSES.has(sub.status) && idOf(sub.default_payment_method) !== paymentMethodId) {
        await stripe.subscriptions.update(sub.id, { default_payment_method: paymentMethodId });
      }
    }
  }

  /** The subscription and its one item; PaymentError when unknown or canceled (as the local provider). */
  async function subscriptionItem(subscriptionId: string) {
    let sub: Stripe.Subscription;
    try {
      sub = await stripe.subscriptions.retrieve(subscriptionId);
    } catch (e) {
      if (isMissing(e)) throw new PaymentError('invalid_request', 'No such subscription.');
      throw e;
    }
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired') throw new PaymentError('invalid_request', 'No such subscription.');
    const item = sub.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no items`);
    return { sub, item };
  }

  return {
    kind: 'stripe',

    async listProducts() {
      const [products, prices] = await Promise.all([
        stripe.products.list({ active: true, limit: 100 }).autoPagingToArray({ limit: 1000 }),
        stripe.prices.list({ active: true, type: 'recurring', limit: 100 }).autoPagingToArray({ limit: 1000 }),
      ]);
      return products.map(
        (p): ProviderProduct => ({
          id: p.id,
          name: p.name,
          description: p.description,
          metadata: { ...p.metadata },
          marketing_features: (p.marketing_features ?? []).filter((f) => typeof f.name === 'string' && f.name.trim() !== '').map((f) => ({ name: f.name! })),
          prices: prices
            .filter((x) => idOf(x.product) === p.id && x.recurring && (INTERVALS as readonly string[]).includes(x.recurring.interval))
            .map((x) => ({ id: x.id, unit_amount: x.unit_amount, currency: x.currency, recurring: { interval: x.recurring!.interval as Interval } })),
        }),
      );
    },

    async createCustomer({ name, email, organisationId }) {
      const customer = await stripe.customers.create({ name, email, metadata: { organisation_id: organisationId } });
      return customer.id;
    },

    async deleteCustomer(customerId) {
      await stripe.customers.del(customerId);
    },

    async createSetupIntent(customerId) {
      const intent = await stripe.setupIntents.create({ customer: customerId, usage: 'off_session', allowed_payment_method_types: ['card'] });
      return intent.client_secret;
    },

    async checkPaymentMethod(input: NewPaymentMethod) {
      // Only the shape: Stripe judges the card itself when it is attached to the customer (the
      // customer made for a first card it declines is deleted again: billing/service.ts, firstCardFailed).
      if (!('payment_method_id' in input) || typeof input.payment_method_id !== 'string' || input.payment_method_id === '') {
        throw new PaymentError('invalid_request', 'Card details must be entered in the Stripe card form (payment_method_id expected).');
      }
    },

    async addPaymentMethod(customerId, input: NewPaymentMethod) {
      if (!('payment_method_id' in input) || typeof input.payment_method_id !== 'string' || input.payment_method_id === '') {
        throw new PaymentError('invalid_request', 'Card details must be entered in the Stripe card form (payment_method_id expected).');
      }
      let pm: Stripe.PaymentMethod;
      try {
        pm = await stripe.paymentMethods.attach(input.payment_method_id, { customer: customerId });
      } catch (e) {
        throw toPaymentError(e, { invalidRequest: true });
      }
      if (!pm.card) {
        await stripe.paymentMethods.detach(pm.id);
        throw new PaymentError('invalid_request', 'Only cards are accepted.');
      }
      const customer = await customerOf(customerId);
      let defaultId = defaultCardOf(customer);
      if (!defaultId) {
        await makeDefault(customerId, pm.id);
        defaultId = pm.id;
      }
      return mapCard(pm, defaultId);
    },

    async listPaymentMethods(customerId) {
      const [customer, pms] = await Promise.all([customerOf(customerId), stripe.paymentMethods.list({ customer: customerId, type: 'card', limit: 100 })]);
      const defaultId = defaultCardOf(customer);
      return pms.data.filter((pm) => pm.card).map((pm) => mapCard(pm, defaultId));
    },

    async setDefaultPaymentMethod(customerId, paymentMethodId) {
      await ownPaymentMethod(customerId, paymentMethodId);
      await makeDefault(customerId, paymentMethodId);
    },

    async deletePaymentMethod(customerId, paymentMethodId) {
      await ownPaymentMethod(customerId, paymentMethodId);
      const wasDefault = defaultCardOf(await customerOf(customerId)) === paymentMethodId;
      await stripe.paymentMethods.detach(paymentMethodId);
      if (wasDefault) {
        // Stripe clears the default on detach; the newest remaining card takes over.
        const rest = await stripe.paymentMethods.list({ customer: customerId, type: 'card', limit: 1 });
        if (rest.data[0]) await makeDefault(customerId, rest.data[0].id);
      }
    },

    async subscribe(customerId, priceId, paymentMethodId, idempotencyKey) {
      await ownPaymentMethod(customerId, paymentMethodId);
      let sub: Stripe.Subscription;
      try {
        sub = await stripe.subscriptions.create({
          customer: customerId,
          items: [{ price: priceId }],
          default_payment_method: paymentMethodId,
          // A refused card fails the call and leaves no incomplete subscription behind.
          payment_behavior: 'error_if_incomplete',
          expand: ['latest_invoice'],
        }, { idempotencyKey });
      } catch (e) {
        throw toPaymentError(e, { invalidRequest: true });
      }
      // As with the local provider, the card paid with becomes the customer's default. Best effort:
      // the subscription exists and renews with its own default card even if this fails.
      await makeDefault(customerId, paymentMethodId).catch(() => undefined);
      return { subscription: mapStripeSubscription(sub), events: [] };
    },

    async previewPlanChange(subscriptionId, priceId) {
      const { sub, item } = await subscriptionItem(subscriptionId);
      try {
        const preview = await stripe.invoices.createPreview({
          customer: idOf(sub.customer) ?? undefined,
          subscription: sub.id,
          subscription_details: { items: [{ id: item.id, price: priceId }], proration_behavior: 'always_invoice' },
        });
        return mapPreview(preview);
      } catch (e) {
        throw toPaymentError(e, { invalidRequest: true });
      }
    },

    async changePlan(subscriptionId, priceId, idempotencyKey) {
      const { item } = await subscriptionItem(subscriptionId);
      if (item.price.id === priceId) throw new PaymentError('invalid_request', 'The subscription is already on this price.');
      try {
        const sub = await stripe.subscriptions.update(subscriptionId, {
          items: [{ id: item.id, price: priceId }],
          proration_behavior: 'always_invoice',
          payment_behavior: 'error_if_incomplete',
          expand: ['latest_invoice'],
        }, { idempotencyKey });
        return { subscription: mapStripeSubscription(sub), events: [] };
      } catch (e) {
        throw toPaymentError(e, { invalidRequest: true });
      }
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      await subscriptionItem(subscriptionId);
      return mapStripeSubscription(await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }));
    },

    async getSubscription(subscriptionId) {
      try {
        return mapStripeSubscription(await stripe.subscriptions.retrieve(subscriptionId));
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },

    async upcomingInvoice(customerId, subscriptionId) {
      try {
        return mapPreview(await stripe.invoices.createPreview({ customer: customerId, subscription: subscriptionId }));
      } catch {
        // None due (cancelling, canceled) or Stripe unavailable: the page shows no upcoming invoice.
        return null;
      }
    },

    async listInvoices(customerId) {
      const invoices = await stripe.invoices.list({ customer: customerId, limit: 100 });
      return invoices.data.map(mapStripeInvoice);
    },

    async getInvoice(customerId, invoiceId) {
      try {
        const invoice = await stripe.invoices.retrieve(invoiceId);
        return idOf(invoice.customer) === customerId ? mapStripeInvoice(invoice) : null;
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },

    async retryOpenInvoices(customerId) {
      const customer = await customerOf(customerId);
      const paymentMethod = defaultCardOf(customer) ?? undefined;
      const open = await stripe.invoices.list({ customer: customerId, status: 'open', limit: 100 });
      for (const invoice of open.data) {
        try {
          await stripe.invoices.pay(invoice.id, { payment_method: paymentMethod });
        } catch (e) {
          // A refusal is reported by the invoice.payment_failed webhook; keep trying the others.
          if (!(e instanceof Stripe.errors.StripeCardError) && !(e instanceof Stripe.errors.StripeInvalidRequestError)) throw e;
        }
      }
      return [];
    },

    async payOnce(customerId, line, paymentMethodId, idempotencyKey) {
      const paymentMethod = paymentMethodId ?? defaultCardOf(await customerOf(customerId));
      if (!paymentMethod) throw new PaymentError('invalid_request', 'No such payment method.');
      await ownPaymentMethod(customerId, paymentMethod);
      // An invoice of its own (so it is listed under Billing), its one item attached to it directly.
      const draft = await stripe.invoices.create({
        customer: customerId, collection_method: 'charge_automatically', auto_advance: false, pending_invoice_items_behavior: 'exclude', currency: line.currency.toLowerCase(),
        description: line.description,
      }, { idempotencyKey: `${idempotencyKey}-invoice` });
      await stripe.invoiceItems.create({ customer: customerId, invoice: draft.id, amount: line.amount, currency: line.currency.toLowerCase(), description: line.description }, { idempotencyKey: `${idempotencyKey}-item` });
      try {
        const paid = await stripe.invoices.pay(draft.id!, { payment_method: paymentMethod }, { idempotencyKey: `${idempotencyKey}-pay` });
        return mapStripeInvoice(paid);
      } catch (e) {
        // Nothing stays owed for a refused pack: the invoice is voided (finalised by the attempt) or deleted (still a draft).
        await stripe.invoices.voidInvoice(draft.id!).catch(() => stripe.invoices.del(draft.id!).catch(() => undefined));
        throw toPaymentError(e, { invalidRequest: true });
      }
    },

    parseWebhook(rawBody, signature) {
      // Throws StripeSignatureVerificationError on a missing or bad signature (answered 400).
      const event = stripe.webhooks.constructEvent(rawBody, signature ?? '', options.webhookSecret);
      if (!(WEBHOOK_TYPES as readonly string[]).includes(event.type)) return null;
      return mapStripeEvent(event);
    },
  };
}
