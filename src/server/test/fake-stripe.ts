/**
 * A local stand-in for the Stripe API (test helper): answers exactly the calls the Stripe
 * adapter makes, with Stripe's object shapes (API version 2026-10-28), form-encoded requests
 * and JSON responses. State lives in memory and is open to the test (`fake.state`).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { majorOf, prorate } from '#shared/money/amounts.ts';

type Json = Record<string, unknown>;
type Interval = 'day' | 'week' | 'month' | 'year';

export type FakeProduct = {
  id: string;
  name: string;
  description: string | null;
  active: boolean;
  metadata: Record<string, string>;
  marketing_features: { name: string }[];
};
export type FakePrice = { id: string; product: string; active: boolean; currency: string; unit_amount: number; interval: Interval | null };
export type FakeCustomer = { id: string; name: string | null; email: string | null; metadata: Record<string, string>; default_payment_method: string | null };
/** `behaviour` decides what a charge on this card does (`decline_on_attach`: Stripe refuses to attach it at all). */
export type FakePaymentMethod = {
  id: string;
  customer: string | null;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  behaviour: 'succeed' | 'decline' | 'decline_on_attach';
};
export type FakeSubscription = {
  id: string;
  customer: string;
  status: 'active' | 'past_due' | 'canceled' | 'incomplete';
  item_id: string;
  price: string;
  current_period_start: number;
  current_period_end: number;
  cancel_at_period_end: boolean;
  default_payment_method: string | null;
  latest_invoice: string | null;
  created: number;
};
export type FakeInvoiceLine = { id: string; description: string; amount: number; period_start: number; period_end: number; proration: boolean; price: string; subscription_item: string | null };
export type FakeInvoice = {
  id: string;
  customer: string;
  subscription: string | null;
  number: string | null;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  amount_due: number;
  amount_paid: number;
  currency: string;
  created: number;
  period_start: number;
  period_end: number;
  attempt_count: number;
  lines: FakeInvoiceLine[];
};
export type FakeRequest = { method: string; path: string; params: Json; idempotencyKey?: string | null };
/** An injected failure: the next `times` requests matching method and path answer with it. */
export type FakeFailure = { method: string; path: string | RegExp; status: number; error: Json; times: number };

export type FakeStripeState = {
  products: Map<string, FakeProduct>;
  prices: Map<string, FakePrice>;
  customers: Map<string, FakeCustomer>;
  paymentMethods: Map<string, FakePaymentMethod>;
  subscriptions: Map<string, FakeSubscription>;
  invoices: Map<string, FakeInvoice>;
  setupIntents: Map<string, { id: string; customer: string; client_secret: string; usage: string }>;
};

/** Stripe's test payment methods: attaching one makes a new card of that kind (as Stripe does). */
const TEST_PAYMENT_METHODS: Record<string, Omit<FakePaymentMethod, 'id' | 'customer'>> = {
  pm_card_visa: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, behaviour: 'succeed' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', exp_month: 11, exp_year: 2033, behaviour: 'succeed' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', exp_month: 10, exp_year: 2032, behaviour: 'decline' },
  // Stripe declines this one when it is attached to a customer, before any charge.
  pm_card_visa_chargeDeclined: { brand: 'visa', last4: '0002', exp_month: 10, exp_year: 2032, behaviour: 'decline_on_attach' },
};

export const FAKE_PRODUCTS = {
  professional: 'prod_fake_professional',
  starter: 'prod_fake_starter',
  legacy: 'prod_fake_legacy',
} as const;
export const FAKE_PRICES = {
  professionalMonthly: 'price_fake_pro_monthly',
  professionalAnnual: 'price_fake_pro_annual',
  professionalOldMonthly: 'price_fake_pro_monthly_old',
  professionalSetup: 'price_fake_pro_setup',
  starterMonthly: 'price_fake_starter_monthly',
  starterAnnual: 'price_fake_starter_annual',
  legacyMonthly: 'price_fake_legacy_monthly',
} as const;

const INTERVAL_SECONDS: Record<Interval, number> = { day: 86_400, week: 7 * 86_400, month: 30 * 86_400, year: 365 * 86_400 };

function seed(state: FakeStripeState) {
  const products: FakeProduct[] = [
    {
      id: FAKE_PRODUCTS.professional,
      name: 'Professional',
      description: 'For growing forwarders',
      active: true,
      metadata: { a_min_sign_up_months: '3', b_network_access: 'Full', i_cost_per_staff: '5' },
      marketing_features: [{ name: 'Unlimited partner connections' }, { name: 'Rates and quotes' }],
    },
    { id: FAKE_PRODUCTS.starter, name: 'Starter', description: null, active: true, metadata: {}, marketing_features: [] },
    { id: FAKE_PRODUCTS.legacy, name: 'Legacy', description: 'No longer sold', active: false, metadata: {}, marketing_features: [{ name: 'Old' }] },
  ];
  const prices: FakePrice[] = [
    { id: FAKE_PRICES.professionalMonthly, product: FAKE_PRODUCTS.professional, active: true, currency: 'gbp', unit_amount: 4900, interval: 'month' },
    { id: FAKE_PRICES.professionalAnnual, product: FAKE_PRODUCTS.professional, active: true, currency: 'gbp', unit_amount: 49_000, interval: 'year' },
    { id: FAKE_PRICES.professionalOldMonthly, product: FAKE_PRODUCTS.professional, active: false, currency: 'gbp', unit_amount: 3900, interval: 'month' },
    { id: FAKE_PRICES.professionalSetup, product: FAKE_PRODUCTS.professional, active: true, currency: 'gbp', unit_amount: 10_000, interval: null },
    { id: FAKE_PRICES.starterMonthly, product: FAKE_PRODUCTS.starter, active: true, currency: 'gbp', unit_amount: 1900, interval: 'month' },
    { id: FAKE_PRICES.starterAnnual, product: FAKE_PRODUCTS.starter, active: true, currency: 'gbp', unit_amount: 19_000, interval: 'year' },
    { id: FAKE_PRICES.legacyMonthly, product: FAKE_PRODUCTS.legacy, active: true, currency: 'gbp', unit_amount: 900, interval: 'month' },
  ];
  for (const p of products) state.products.set(p.id, p);
  for (const p of prices) state.prices.set(p.id, p);
}

/** Parses a form body or query string with Stripe's nested keys (`a[b][0][c]=…`, `expand[]=…`). */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!m) continue;
    const path = [m[1], ...Array.from(m[2].matchAll(/\[([^[\]]*)\]/g), (x) => x[1])];
    let node: Record<string, unknown> | unknown[] = root;
    for (let i = 0; i < path.length; i++) {
      const key = path[i];
      const last = i === path.length - 1;
      const nextKey = path[i + 1];
      const container = (): Record<string, unknown> | unknown[] => (nextKey === '' || /^\d+$/.test(nextKey ?? '') ? [] : {});
      if (Array.isArray(node)) {
        const index = key === '' ? node.length : Number(key);
        if (last) node[index] = value;
        else node = (node[index] ??= container()) as Record<string, unknown> | unknown[];
      } else if (last) {
        node[key] = value;
      } else {
        node = (node[key] ??= container()) as Record<string, unknown> | unknown[];
      }
    }
  }
  return root;
}

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String((body as { message?: unknown }).message ?? 'error'));
  }
}
const invalidRequest = (message: string, param?: string, code?: string) =>
  new StripeHttpError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) });
const missing = (kind: string, id: string, param = 'id') =>
  new StripeHttpError(404, { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${kind}: '${id}'` });
const declined = (extra: Json = {}) =>
  new StripeHttpError(402, { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', ...extra });

const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const bool = (v: unknown) => v === 'true';
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v && typeof v === 'object' ? Object.values(v) : v === undefined ? [] : [v]);
const asRecord = (v: unknown): Record<string, string> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, string>) : {});

export type FakeStripe = {
  /** SDK options pointing at this server. */
  host: string;
  port: number;
  protocol: 'http';
  url: string;
  secretKey: string;
  state: FakeStripeState;
  /** Every request received, in order (params parsed). */
  requests: FakeRequest[];
  /** Shifts the fake's clock (seconds), e.g. to preview a change halfway through a period. */
  advanceClock(seconds: number): void;
  now(): number;
  /** Answers the next `times` (default: all) requests matching method and path with `status` and `error`. */
  fail(failure: Omit<FakeFailure, 'times'> & { times?: number }): void;
  clearFailures(): void;
  /** A card on the customer (like a saved card), without going through attach. */
  addCard(customer: string, kind?: keyof typeof TEST_PAYMENT_METHODS): FakePaymentMethod;
  /** An invoice for the customer, e.g. an open one to retry or a draft without a number. */
  addInvoice(input: Partial<FakeInvoice> & { customer: string }): FakeInvoice;
  /** The Stripe JSON of a stored object, e.g. as a webhook's `data.object`. */
  subscriptionJson(id: string): Json;
  invoiceJson(id: string): Json;
  close(): Promise<void>;
};

/** Starts the fake on 127.0.0.1 at a free port. */
export async function startFakeStripe(options: { secretKey?: string } = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? 'sk_test_fake';
  const state: FakeStripeState = {
    products: new Map(),
    prices: new Map(),
    customers: new Map(),
    paymentMethods: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    setupIntents: new Map(),
  };
  seed(state);
  const requests: FakeRequest[] = [];
  const failures: FakeFailure[] = [];
  let clockOffset = 0;
  let counter = 0;
  let invoiceNumber = 0;
  const now = () => Math.floor(Date.now() / 1000) + clockOffset;
  const newId = (prefix: string) => `${prefix}_fake${(++counter).toString(36).padStart(6, '0')}`;

  // ── JSON shapes ──────────────────────────────────────────────────────────
  const productJson = (p: FakeProduct) => ({
    id: p.id,
    object: 'product',
    active: p.active,
    created: 1_700_000_000,
    default_price: null,
    description: p.description,
    images: [],
    livemode: false,
    marketing_features: p.marketing_features,
    metadata: p.metadata,
    name: p.name,
    package_dimensions: null,
    shippable: null,
    tax_code: null,
    type: 'service',
    updated: 1_700_000_000,
    url: null,
  });
  const priceJson = (p: FakePrice) => ({
    id: p.id,
    object: 'price',
    active: p.active,
    billing_scheme: 'per_unit',
    created: 1_700_000_000,
    currency: p.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: p.product,
    recurring: p.interval ? { interval: p.interval, interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' } : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: p.interval ? 'recurring' : 'one_time',
    unit_amount: p.unit_amount,
    unit_amount_decimal: String(p.unit_amount),
  });
  const customerJson = (c: FakeCustomer) => ({
    id: c.id,
    object: 'customer',
    balance: 0,
    created: 1_700_000_000,
    currency: 'gbp',
    default_source: null,
    delinquent: false,
    description: null,
    email: c.email,
    invoice_prefix: 'FAKE',
    invoice_settings: { custom_fields: null, default_payment_method: c.default_payment_method, footer: null, rendering_options: null },
    livemode: false,
    metadata: c.metadata,
    name: c.name,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  });
  const paymentMethodJson = (pm: FakePaymentMethod) => ({
    id: pm.id,
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    card: {
      brand: pm.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'GB',
      display_brand: pm.brand,
      exp_month: pm.exp_month,
      exp_year: pm.exp_year,
      fingerprint: `fp_${pm.last4}`,
      funding: 'credit',
      generated_from: null,
      last4: pm.last4,
      networks: { available: [pm.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: 1_700_000_000,
    customer: pm.customer,
    livemode: false,
    metadata: {},
    type: 'card',
  });
  const lineJson = (invoiceId: string | null, inv: { customer: string; subscription: string | null; currency: string }, l: FakeInvoiceLine) => ({
    id: l.id,
    object: 'line_item',
    amount: l.amount,
    currency: inv.currency,
    description: l.description,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: invoiceId,
    livemode: false,
    metadata: {},
    parent: l.subscription_item
      ? {
          type: 'subscription_item_details',
          invoice_item_details: null,
          subscription_item_details: { invoice_item: null, proration: l.proration, proration_details: { credited_items: null }, subscription: inv.subscription, subscription_item: l.subscription_item },
        }
      : {
          type: 'invoice_item_details',
          subscription_item_details: null,
          invoice_item_details: { invoice_item: `ii_${l.id}`, proration: l.proration, proration_details: { credited_items: null }, subscription: inv.subscription },
        },
    period: { start: l.period_start, end: l.period_end },
    pretax_credit_amounts: [],
    pricing: { type: 'price_details', price_details: { price: l.price, product: state.prices.get(l.price)?.product ?? '' }, unit_amount_decimal: String(l.amount) },
    quantity: 1,
    quantity_decimal: '1',
    subtotal: l.amount,
    taxes: [],
  });
  const invoiceJsonOf = (inv: Omit<FakeInvoice, 'id'> & { id: string | null }, preview = false) => {
    const total = inv.lines.reduce((s, l) => s + l.amount, 0);
    return {
      // Preview invoices have no real id (Stripe gives `upcoming_…`).
      id: preview ? `upcoming_${inv.customer}` : inv.id,
      object: 'invoice',
      account_country: 'GB',
      account_name: 'FYN test',
      amount_due: inv.amount_due,
      amount_overpaid: 0,
      amount_paid: inv.amount_paid,
      amount_remaining: inv.amount_due - inv.amount_paid,
      amount_shipping: 0,
      attempt_count: inv.attempt_count,
      attempted: inv.attempt_count > 0,
      auto_advance: inv.status === 'open' || inv.status === 'draft',
      billing_reason: inv.subscription ? 'subscription_create' : 'manual',
      collection_method: 'charge_automatically',
      created: inv.created,
      currency: inv.currency,
      customer: inv.customer,
      customer_email: state.customers.get(inv.customer)?.email ?? null,
      customer_name: state.customers.get(inv.customer)?.name ?? null,
      default_payment_method: null,
      description: null,
      discounts: [],
      due_date: null,
      ending_balance: preview ? null : 0,
      hosted_invoice_url: preview ? null : `https://invoice.stripe.test/${inv.id}`,
      invoice_pdf: preview ? null : `https://pay.stripe.test/${inv.id}/pdf`,
      lines: { object: 'list', data: inv.lines.map((l) => lineJson(preview ? null : inv.id, inv, l)), has_more: false, url: `/v1/invoices/${inv.id ?? 'upcoming'}/lines` },
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: inv.number,
      parent: inv.subscription
        ? { type: 'subscription_details', quote_details: null, subscription_details: { metadata: {}, subscription: inv.subscription } }
        : null,
      period_end: inv.period_end,
      period_start: inv.period_start,
      starting_balance: 0,
      status: inv.status,
      status_transitions: { finalized_at: inv.status === 'draft' ? null : inv.created, marked_uncollectible_at: null, paid_at: inv.status === 'paid' ? inv.created : null, voided_at: null },
      subtotal: total,
      subtotal_excluding_tax: total,
      test_clock: null,
      total,
      total_excluding_tax: total,
      webhooks_delivered_at: null,
    };
  };
  const subscriptionJsonOf = (s: FakeSubscription, expand: string[]) => {
    const price = state.prices.get(s.price)!;
    const latest = s.latest_invoice && expand.includes('latest_invoice') ? invoiceJsonOf(state.invoices.get(s.latest_invoice)!) : s.latest_invoice;
    return {
      id: s.id,
      object: 'subscription',
      application: null,
      billing_cycle_anchor: s.current_period_start,
      billing_mode: { type: 'flexible' },
      cancel_at: s.cancel_at_period_end ? s.current_period_end : null,
      cancel_at_period_end: s.cancel_at_period_end,
      canceled_at: s.status === 'canceled' ? s.current_period_end : null,
      collection_method: 'charge_automatically',
      created: s.created,
      currency: price.currency,
      customer: s.customer,
      default_payment_method: s.default_payment_method,
      discounts: [],
      ended_at: null,
      items: {
        object: 'list',
        data: [
          {
            id: s.item_id,
            object: 'subscription_item',
            created: s.created,
            // API 2025-03-31+: the period lives on the item, not on the subscription.
            current_period_end: s.current_period_end,
            current_period_start: s.current_period_start,
            discounts: [],
            metadata: {},
            price: priceJson(price),
            quantity: 1,
            subscription: s.id,
            tax_rates: [],
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${s.id}`,
      },
      latest_invoice: latest,
      livemode: false,
      metadata: {},
      start_date: s.created,
      status: s.status,
      test_clock: null,
      trial_end: null,
      trial_start: null,
    };
  };

  // ── Behaviour ────────────────────────────────────────────────────────────
  const customerOf = (id: unknown, param = 'customer') => {
    const c = typeof id === 'string' ? state.customers.get(id) : undefined;
    if (!c) throw missing('customer', String(id), param);
    return c;
  };
  const subscriptionOf = (id: unknown, param = 'id') => {
    const s = typeof id === 'string' ? state.subscriptions.get(id) : undefined;
    if (!s) throw missing('subscription', String(id), param);
    return s;
  };
  const priceOf = (id: unknown, param: string) => {
    const p = typeof id === 'string' ? state.prices.get(id) : undefined;
    if (!p) throw missing('price', String(id), param);
    if (!p.active) throw invalidRequest(`The price specified is inactive. This field only accepts active prices.`, param);
    if (!p.interval) throw invalidRequest(`The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`, param);
    return p;
  };
  /** The card a charge would use: the given one, the subscription's, or the customer's default. */
  const chargeCard = (customer: FakeCustomer, ...candidates: (string | null | undefined)[]) => {
    const id = candidates.find(Boolean) ?? customer.default_payment_method;
    if (!id) throw invalidRequest('This customer has no attached payment source or default payment method.', 'payment_method', 'resource_missing');
    const pm = state.paymentMethods.get(id);
    if (!pm || pm.customer !== customer.id) throw invalidRequest(`The payment method ${id} does not belong to this customer.`, 'payment_method');
    return pm;
  };
  /** The lines and period of a plan change (always_invoice): credit for unused time, charge for the rest. */
  const planChange = (s: FakeSubscription, newPrice: FakePrice) => {
    const t = now();
    const oldPrice = state.prices.get(s.price)!;
    const whole = s.current_period_end - s.current_period_start;
    const left = Math.max(0, Math.min(whole, s.current_period_end - t));
    const sameInterval = oldPrice.interval === newPrice.interval;
    const start = sameInterval ? s.current_period_start : t;
    const end = sameInterval ? s.current_period_end : t + INTERVAL_SECONDS[newPrice.interval!];
    const credit = -prorate(oldPrice.unit_amount, left, whole);
    const lines: FakeInvoiceLine[] = [
      { id: newId('il'), description: `Unused time on ${productName(oldPrice)} after ${dateText(t)}`, amount: credit, period_start: t, period_end: s.current_period_end, proration: true, price: oldPrice.id, subscription_item: s.item_id },
      sameInterval
        ? { id: newId('il'), description: `Remaining time on ${productName(newPrice)} after ${dateText(t)}`, amount: prorate(newPrice.unit_amount, left, whole), period_start: t, period_end: end, proration: true, price: newPrice.id, subscription_item: s.item_id }
        : { id: newId('il'), description: `1 × ${productName(newPrice)} (at £${majorOf(newPrice.unit_amount, 'GBP')} / ${newPrice.interval})`, amount: newPrice.unit_amount, period_start: t, period_end: end, proration: false, price: newPrice.id, subscription_item: s.item_id },
    ];
    const total = lines.reduce((sum, l) => sum + l.amount, 0);
    return { lines, start, end, amountDue: Math.max(0, total) };
  };
  const productName = (p: FakePrice) => state.products.get(p.product)?.name ?? p.product;
  const dateText = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);
  const storeInvoice = (inv: Omit<FakeInvoice, 'id' | 'number'>): FakeInvoice => {
    const id = newId('in');
    const stored: FakeInvoice = { ...inv, id, number: inv.status === 'draft' ? null : `FAKE-${String(++invoiceNumber).padStart(4, '0')}` };
    state.invoices.set(id, stored);
    return stored;
  };

  type Route = { method: string; pattern: RegExp; handle: (params: Json, match: RegExpExecArray) => unknown };
  const routes: Route[] = [
    {
      method: 'GET',
      pattern: /^\/v1\/products$/,
      handle: (q) => list([...state.products.values()].filter((p) => q.active === undefined || p.active === bool(q.active)).map(productJson), '/v1/products'),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/prices$/,
      handle: (q) =>
        list(
          [...state.prices.values()]
            .filter((p) => q.active === undefined || p.active === bool(q.active))
            .filter((p) => q.type === undefined || (q.type === 'recurring') === (p.interval !== null))
            .filter((p) => q.product === undefined || p.product === q.product)
            .map(priceJson),
          '/v1/prices',
        ),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/customers$/,
      handle: (b) => {
        const c: FakeCustomer = { id: newId('cus'), name: str(b.name) ?? null, email: str(b.email) ?? null, metadata: asRecord(b.metadata), default_payment_method: null };
        state.customers.set(c.id, c);
        return customerJson(c);
      },
    },
    { method: 'GET', pattern: /^\/v1\/customers\/([^/]+)$/, handle: (_q, m) => customerJson(customerOf(m[1], 'id')) },
    {
      method: 'DELETE',
      pattern: /^\/v1\/customers\/([^/]+)$/,
      handle: (_q, m) => {
        const c = customerOf(m[1], 'id');
        state.customers.delete(c.id);
        for (const pm of state.paymentMethods.values()) if (pm.customer === c.id) pm.customer = null;
        return { id: c.id, object: 'customer', deleted: true };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/customers\/([^/]+)$/,
      handle: (b, m) => {
        const c = customerOf(m[1], 'id');
        const settings = asRecord(b.invoice_settings);
        if ('default_payment_method' in settings) {
          const pmId = settings.default_payment_method || null;
          if (pmId && state.paymentMethods.get(pmId)?.customer !== c.id) throw invalidRequest(`No such PaymentMethod: '${pmId}'`, 'invoice_settings[default_payment_method]', 'resource_missing');
          c.default_payment_method = pmId;
        }
        if (b.metadata) c.metadata = { ...c.metadata, ...asRecord(b.metadata) };
        return customerJson(c);
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/setup_intents$/,
      handle: (b) => {
        const c = customerOf(b.customer);
        const id = newId('seti');
        const si = { id, customer: c.id, client_secret: `${id}_secret_${Math.random().toString(36).slice(2, 10)}`, usage: str(b.usage) ?? 'off_session' };
        state.setupIntents.set(id, si);
        return { id, object: 'setup_intent', client_secret: si.client_secret, customer: c.id, usage: si.usage, status: 'requires_payment_method', payment_method: null, allowed_payment_method_types: asArray(b.allowed_payment_method_types ?? b.payment_method_types), payment_method_types: asArray(b.allowed_payment_method_types ?? b.payment_method_types), livemode: false, created: now() };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_methods$/,
      handle: (q) => {
        customerOf(q.customer);
        return list(
          [...state.paymentMethods.values()].filter((pm) => pm.customer === q.customer).reverse().map(paymentMethodJson),
          '/v1/payment_methods',
        );
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_methods\/([^/]+)$/,
      handle: (_q, m) => {
        const pm = state.paymentMethods.get(m[1]);
        if (!pm) throw missing('PaymentMethod', m[1]);
        return paymentMethodJson(pm);
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_methods\/([^/]+)\/attach$/,
      handle: (b, m) => {
        const c = customerOf(b.customer);
        const template = TEST_PAYMENT_METHODS[m[1]];
        if (template?.behaviour === 'decline_on_attach') throw declined({ param: '' });
        if (template) {
          // Stripe's test tokens make a fresh PaymentMethod on use.
          const pm: FakePaymentMethod = { id: newId('pm'), customer: c.id, ...template };
          state.paymentMethods.set(pm.id, pm);
          return paymentMethodJson(pm);
        }
        const pm = state.paymentMethods.get(m[1]);
        if (!pm) throw missing('PaymentMethod', m[1], 'payment_method');
        if (pm.customer && pm.customer !== c.id) throw invalidRequest('The payment method you provided has already been attached to a customer.', 'payment_method');
        pm.customer = c.id;
        return paymentMethodJson(pm);
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_methods\/([^/]+)\/detach$/,
      handle: (_b, m) => {
        const pm = state.paymentMethods.get(m[1]);
        if (!pm) throw missing('PaymentMethod', m[1]);
        if (!pm.customer) throw invalidRequest('The payment method you provided is not attached to a customer so detachment is impossible.', 'payment_method');
        const c = state.customers.get(pm.customer);
        // Stripe clears the default and any subscription defaults that pointed at it.
        if (c?.default_payment_method === pm.id) c.default_payment_method = null;
        for (const s of state.subscriptions.values()) if (s.default_payment_method === pm.id) s.default_payment_method = null;
        pm.customer = null;
        return paymentMethodJson(pm);
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/subscriptions$/,
      handle: (q) => {
        const status = str(q.status);
        const subs = [...state.subscriptions.values()]
          .filter((s) => q.customer === undefined || s.customer === q.customer)
          .filter((s) => (status === 'all' ? true : status ? s.status === status : s.status !== 'canceled'));
        return list(subs.map((s) => subscriptionJsonOf(s, [])), '/v1/subscriptions');
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/subscriptions$/,
      handle: (b) => {
        const c = customerOf(b.customer);
        const items = asArray(b.items) as Json[];
        if (items.length !== 1) throw invalidRequest('The fake supports exactly one item.', 'items');
        const price = priceOf(items[0].price, 'items[0][price]');
        const pm = chargeCard(c, str(b.default_payment_method));
        const behaviour = str(b.payment_behavior) ?? 'allow_incomplete';
        const t = now();
        const end = t + INTERVAL_SECONDS[price.interval!];
        const ok = pm.behaviour === 'succeed';
        if (!ok && behaviour === 'error_if_incomplete') throw declined({ param: '', payment_method: paymentMethodJson(pm) });
        const s: FakeSubscription = {
          id: newId('sub'),
          customer: c.id,
          status: ok ? 'active' : 'incomplete',
          item_id: newId('si'),
          price: price.id,
          current_period_start: t,
          current_period_end: end,
          cancel_at_period_end: false,
          default_payment_method: str(b.default_payment_method) ?? null,
          latest_invoice: null,
          created: t,
        };
        // Like Stripe, the first invoice's own period_start/end are both the creation time; the line carries the service period.
        const inv = storeInvoice({
          customer: c.id,
          subscription: s.id,
          status: ok ? 'paid' : 'open',
          amount_due: price.unit_amount,
          amount_paid: ok ? price.unit_amount : 0,
          currency: price.currency,
          created: t,
          period_start: t,
          period_end: t,
          attempt_count: 1,
          lines: [{ id: newId('il'), description: `1 × ${productName(price)} (at £${majorOf(price.unit_amount, 'GBP')} / ${price.interval})`, amount: price.unit_amount, period_start: t, period_end: end, proration: false, price: price.id, subscription_item: s.item_id }],
        });
        s.latest_invoice = inv.id;
        state.subscriptions.set(s.id, s);
        return subscriptionJsonOf(s, asArray(b.expand) as string[]);
      },
    },
    { method: 'GET', pattern: /^\/v1\/subscriptions\/([^/]+)$/, handle: (q, m) => subscriptionJsonOf(subscriptionOf(m[1]), asArray(q.expand) as string[]) },
    {
      method: 'POST',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: (b, m) => {
        const s = subscriptionOf(m[1]);
        if (s.status === 'canceled') throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.');
        if (b.cancel_at_period_end !== undefined) s.cancel_at_period_end = bool(b.cancel_at_period_end);
        if (b.default_payment_method !== undefined) {
          const id = str(b.default_payment_method) || null;
          if (id && state.paymentMethods.get(id)?.customer !== s.customer) throw invalidRequest(`No such PaymentMethod: '${id}'`, 'default_payment_method', 'resource_missing');
          s.default_payment_method = id;
        }
        const items = asArray(b.items) as Json[];
        if (items.length > 0) {
          if (items.length !== 1 || items[0].id !== s.item_id) throw invalidRequest('The fake supports updating the one existing item.', 'items');
          const price = priceOf(items[0].price, 'items[0][price]');
          if (price.id !== s.price) {
            if (b.proration_behavior !== 'always_invoice') throw invalidRequest('The fake supports proration_behavior=always_invoice only.', 'proration_behavior');
            const change = planChange(s, price);
            const c = customerOf(s.customer);
            const pm = change.amountDue > 0 ? chargeCard(c, s.default_payment_method) : null;
            const ok = !pm || pm.behaviour === 'succeed';
            if (!ok && b.payment_behavior === 'error_if_incomplete') throw declined();
            const inv = storeInvoice({
              customer: s.customer,
              subscription: s.id,
              status: ok ? 'paid' : 'open',
              amount_due: change.amountDue,
              amount_paid: ok ? change.amountDue : 0,
              currency: price.currency,
              created: now(),
              period_start: s.current_period_start,
              period_end: now(),
              attempt_count: pm ? 1 : 0,
              lines: change.lines,
            });
            s.price = price.id;
            s.current_period_start = change.start;
            s.current_period_end = change.end;
            s.latest_invoice = inv.id;
            if (!ok) s.status = 'past_due';
          }
        }
        return subscriptionJsonOf(s, asArray(b.expand) as string[]);
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/invoices\/create_preview$/,
      handle: (b) => {
        const c = customerOf(b.customer);
        const s = subscriptionOf(b.subscription, 'subscription');
        if (s.customer !== c.id) throw invalidRequest('The subscription does not belong to this customer.', 'subscription');
        const details = (b.subscription_details ?? {}) as Json;
        const items = asArray(details.items) as Json[];
        const base = { customer: c.id, subscription: s.id, status: 'draft' as const, amount_paid: 0, created: now(), attempt_count: 0, id: null, number: null };
        if (items.length > 0) {
          if (items[0].id !== s.item_id) throw invalidRequest('No such subscription item.', 'subscription_details[items][0][id]', 'resource_missing');
          const price = priceOf(items[0].price, 'subscription_details[items][0][price]');
          const change = planChange(s, price);
          return invoiceJsonOf({ ...base, amount_due: change.amountDue, currency: price.currency, period_start: s.current_period_start, period_end: now(), lines: change.lines }, true);
        }
        if (s.status === 'canceled' || s.cancel_at_period_end) throw invalidRequest('No upcoming invoices for customer', undefined, 'invoice_upcoming_none');
        const price = state.prices.get(s.price)!;
        const end = s.current_period_end + INTERVAL_SECONDS[price.interval!];
        return invoiceJsonOf(
          {
            ...base,
            created: s.current_period_end,
            amount_due: price.unit_amount,
            currency: price.currency,
            period_start: s.current_period_start,
            period_end: s.current_period_end,
            lines: [{ id: newId('il'), description: `1 × ${productName(price)}`, amount: price.unit_amount, period_start: s.current_period_end, period_end: end, proration: false, price: price.id, subscription_item: s.item_id }],
          },
          true,
        );
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/invoices$/,
      handle: (q) => {
        const invoices = [...state.invoices.values()]
          .filter((i) => q.customer === undefined || i.customer === q.customer)
          .filter((i) => q.status === undefined || i.status === q.status)
          .filter((i) => q.subscription === undefined || i.subscription === q.subscription)
          .reverse();
        const limit = Number(q.limit ?? 10);
        return { ...list(invoices.slice(0, limit).map((i) => invoiceJsonOf(i)), '/v1/invoices'), has_more: invoices.length > limit };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/invoices\/([^/]+)$/,
      handle: (_q, m) => {
        const inv = state.invoices.get(m[1]);
        if (!inv) throw missing('invoice', m[1]);
        return invoiceJsonOf(inv);
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/invoices\/([^/]+)\/pay$/,
      handle: (b, m) => {
        const inv = state.invoices.get(m[1]);
        if (!inv) throw missing('invoice', m[1]);
        if (inv.status !== 'open') throw invalidRequest(`Invoice is already ${inv.status}.`, undefined, 'invoice_not_open');
        const c = customerOf(inv.customer);
        const s = inv.subscription ? state.subscriptions.get(inv.subscription) : undefined;
        const pm = chargeCard(c, str(b.payment_method), s?.default_payment_method);
        inv.attempt_count += 1;
        if (pm.behaviour !== 'succeed') throw declined();
        inv.status = 'paid';
        inv.amount_paid = inv.amount_due;
        if (s && s.status === 'past_due') s.status = 'active';
        return invoiceJsonOf(inv);
      },
    },
  ];

  /** Stripe keeps a POST's answer under its Idempotency-Key and answers a repeat with it. */
  const idempotent = new Map<string, { status: number; body: unknown }>();
  let replayKey: string | null = null;
  const answer = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    if (replayKey) idempotent.set(replayKey, { status, body });
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${(++counter).toString(36)}`, ...headers });
    res.end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const params = parseStripeForm(method === 'GET' || method === 'DELETE' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'));
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    requests.push({ method, path: url.pathname, params, idempotencyKey: key });
    replayKey = null;
    const kept = method === 'POST' && key ? idempotent.get(key) : undefined;
    if (kept) return answer(res, kept.status, kept.body, { 'idempotent-replayed': 'true' });
    if (method === 'POST' && key) replayKey = key;

    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return answer(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    }
    const failure = failures.find((f) => f.method === method && (typeof f.path === 'string' ? f.path === url.pathname : f.path.test(url.pathname)));
    if (failure) {
      if (--failure.times <= 0) failures.splice(failures.indexOf(failure), 1);
      return answer(res, failure.status, { error: failure.error });
    }
    const route = routes.map((r) => ({ r, m: r.method === method ? r.pattern.exec(url.pathname) : null })).find((x) => x.m);
    if (!route) return answer(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname}).` } });
    try {
      answer(res, 200, route.r.handle(params, route.m!));
    } catch (e) {
      if (e instanceof StripeHttpError) return answer(res, e.status, { error: e.body }, { 'stripe-should-retry': 'false' });
      answer(res, 500, { error: { type: 'api_error', message: e instanceof Error ? e.message : String(e) } });
    }
  };

  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    url: `http://127.0.0.1:${port}`,
    secretKey,
    state,
    requests,
    now,
    advanceClock: (seconds) => {
      clockOffset += seconds;
    },
    fail: (f) => {
      failures.push({ ...f, times: f.times ?? Number.POSITIVE_INFINITY });
    },
    clearFailures: () => {
      failures.length = 0;
    },
    addCard: (customer, kind = 'pm_card_visa') => {
      const pm: FakePaymentMethod = { id: newId('pm'), customer, ...TEST_PAYMENT_METHODS[kind] };
      state.paymentMethods.set(pm.id, pm);
      return pm;
    },
    addInvoice: (input) => {
      const t = now();
      const amount = input.amount_due ?? 4900;
      const inv: FakeInvoice = {
        id: input.id ?? newId('in'),
        number: input.number ?? null,
        subscription: null,
        status: 'open',
        amount_due: amount,
        amount_paid: 0,
        currency: 'gbp',
        created: t,
        period_start: t,
        period_end: t,
        attempt_count: 0,
        lines: [{ id: newId('il'), description: 'Manual charge', amount, period_start: t, period_end: t, proration: false, price: FAKE_PRICES.professionalMonthly, subscription_item: null }],
        ...input,
      };
      state.invoices.set(inv.id, inv);
      return inv;
    },
    subscriptionJson: (id) => subscriptionJsonOf(subscriptionOf(id), []) as Json,
    invoiceJson: (id) => {
      const inv = state.invoices.get(id);
      if (!inv) throw new Error(`no invoice ${id}`);
      return invoiceJsonOf(inv) as Json;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}

/** A Stripe event envelope (as delivered to a webhook endpoint). */
export function fakeStripeEvent(type: string, object: Json, options: { id?: string; created?: number } = {}) {
  return {
    id: options.id ?? `evt_fake${Math.random().toString(36).slice(2, 12)}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: options.created ?? Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** Signs a webhook payload as Stripe does (`Stripe-Signature` header value). */
export function signStripeWebhook(payload: string | object, secret: string, timestamp?: number): { body: Buffer; signature: string } {
  const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return { body: Buffer.from(text, 'utf8'), signature: Stripe.webhooks.generateTestHeaderString({ payload: text, secret, timestamp }) };
}
