import type { ProviderProduct } from '#shared/billing/plans.ts';

/** A saved card. */
export type Card = { id: string; brand: string; last4: string; exp_month: number; exp_year: number; is_default: boolean };

export type SubscriptionStatus = 'incomplete' | 'active' | 'past_due' | 'canceled';
export type Subscription = {
  id: string;
  customer: string;
  status: SubscriptionStatus;
  price_id: string;
  product_id: string;
  /** Epoch seconds. */
  current_period_start: number;
  current_period_end: number;
  cancel_at_period_end: boolean;
};

export type InvoiceLine = { description: string; amount: number; period_start: number; period_end: number; proration: boolean };
export type Invoice = {
  id: string;
  number: string;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  /** Minor units (pence). */
  amount_due: number;
  amount_paid: number;
  currency: string;
  /** Epoch seconds. */
  created: number;
  period_start: number;
  period_end: number;
  lines: InvoiceLine[];
};
/** What the next invoice will be (no id yet), or what a plan change costs now (proration). */
export type InvoicePreview = { amount_due: number; currency: string; period_start: number; period_end: number; lines: InvoiceLine[] };

/**
 * Provider events that move an organisation's status (docs/product.md#organisation-statuses). `created` is the provider's
 * time (epoch seconds): events can arrive late, out of order, or twice.
 */
export type BillingEvent = {
  id: string;
  type: 'invoice.paid' | 'invoice.payment_failed' | 'customer.subscription.updated' | 'customer.subscription.deleted';
  created: number;
  customer: string;
  subscription: string | null;
};

/** Card details for the local provider; a payment-method id made by Stripe's own element. */
export type NewPaymentMethod = { number: string; exp_month: number; exp_year: number; cvc: string } | { payment_method_id: string };

/** A refusal the user can act on (declined card, expired card …): answered as 402. */
export class PaymentError extends Error {
  constructor(
    readonly code: 'card_declined' | 'expired_card' | 'incorrect_number' | 'incorrect_cvc' | 'invalid_request' | 'payment_failed' | 'payments_unavailable',
    message: string,
  ) {
    super(message);
  }
}

/** One interface, two implementations: the local provider (default) and Stripe (STRIPE_SECRET_KEY). */
export interface PaymentProvider {
  readonly kind: 'local' | 'stripe';
  listProducts(): Promise<ProviderProduct[]>;
  createCustomer(input: { name: string; email: string; organisationId: string }): Promise<string>;
  /** Removes a customer made for nothing (its first card refused, or made twice at once): none is left behind. */
  deleteCustomer(customerId: string): Promise<void>;
  /** Stripe: a SetupIntent client secret for its card element; local: null (our own form). */
  createSetupIntent(customerId: string): Promise<string | null>;
  /**
   * What can be known of a card without a customer, checked before the organisation's customer is
   * made on its first card: a card refused here leaves nothing behind (no customer, no write).
   */
  checkPaymentMethod(input: NewPaymentMethod): Promise<void>;
  addPaymentMethod(customerId: string, input: NewPaymentMethod): Promise<Card>;
  listPaymentMethods(customerId: string): Promise<Card[]>;
  setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void>;
  deletePaymentMethod(customerId: string, paymentMethodId: string): Promise<void>;
  /**
   * Starts a subscription and charges its first invoice; throws PaymentError when refused. The same
   * idempotency key answers the first call's result again instead of subscribing twice.
   */
  subscribe(customerId: string, priceId: string, paymentMethodId: string, idempotencyKey: string): Promise<{ subscription: Subscription; events: BillingEvent[] }>;
  previewPlanChange(subscriptionId: string, priceId: string): Promise<InvoicePreview>;
  changePlan(subscriptionId: string, priceId: string, idempotencyKey: string): Promise<{ subscription: Subscription; events: BillingEvent[] }>;
  /** Cancel at period end (true) or undo that (false). */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<Subscription>;
  getSubscription(subscriptionId: string): Promise<Subscription | null>;
  upcomingInvoice(customerId: string, subscriptionId: string): Promise<InvoicePreview | null>;
  listInvoices(customerId: string): Promise<Invoice[]>;
  /** One invoice of the customer, or null (not found, or another customer's). */
  getInvoice(customerId: string, invoiceId: string): Promise<Invoice | null>;
  /** Retries open invoices of the customer with its default card (after a card update). */
  retryOpenInvoices(customerId: string): Promise<BillingEvent[]>;
  /**
   * A one-off payment (AI credit packs): an invoice of one line, paid at once with the given card
   * (or the default one), answered paid; throws PaymentError when refused, leaving nothing owed.
   * The same idempotency key answers the first call's invoice again instead of charging twice.
   */
  payOnce(customerId: string, line: { description: string; amount: number; currency: string }, paymentMethodId: string | null, idempotencyKey: string): Promise<Invoice>;
  /** Verifies and parses a webhook delivery (Stripe); null when the provider has no webhooks. */
  parseWebhook?(rawBody: Buffer, signature: string | undefined): BillingEvent | null;
}
