import { randomBytes } from 'node:crypto';
import type { ProviderProduct } from '#shared/billing/plans.ts';
import { cardBrand, cardProblems, digitsOnly } from '#shared/billing/cards.ts';
import { prorate as share, sumMinor } from '#shared/money/amounts.ts';
import { LOCAL_ENTERPRISE_PRODUCT_ID } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import {
  PaymentError,
  type BillingEvent,
  type Card,
  type Invoice,
  type InvoiceLine,
  type PaymentProvider,
  type Subscription,
} from './provider.ts';

/**
 * The local payment provider: Stripe's objects and rules in miniature, kept in the database so
 * that it survives restarts. Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is
 * declined; 4000 0000 0000 0341 attaches but every later charge fails (renewals). Time runs on
 * a clock that tests advance (`advanceClock`) to bring renewals due.
 */

const DAY = 86_400;
/** Unpaid renewals end the subscription after this long (docs/product.md#renewals: "unpaid after the grace period"). */
export const GRACE_DAYS = 7;

type Price = { id: string; product: string; unit_amount: number; currency: string; interval: 'month' | 'year' };
type StoredCard = Card & { behaviour: 'ok' | 'fail_charges' };
type StoredSubscription = Subscription & { past_due_since: number | null };

const LOCAL_PRODUCTS: (Omit<ProviderProduct, 'prices'> & { prices: Price[] })[] = [
  {
    id: 'prod_fyn_starter', name: 'Starter', description: 'For small forwarders starting to quote and book online.',
    metadata: { a_min_sign_up_months: '1', b_network_access: 'Regional', c_saas_suite: 'CRM and quotations', d_business_access: 'Yes', e_customs_access: 'No', f_freight_access: 'Yes', g_rates_access: 'Basic', h_warehouse_access: 'No', i_cost_per_staff: '6.00', j_cost_per_partner_connection: '3.00', k_avg_transactional_discount_pct: '2', l_free_news_feed_ads_per_year: '4', m_free_trade_service_ads_per_year: '2', api_requests_per_minute: '600', n_ai_credits_per_month: '200' },
    marketing_features: [{ name: 'Up to 5 staff' }, { name: 'CRM with lead pipeline' }, { name: 'Quotations and bookings' }, { name: 'Regional partner network' }],
    prices: [
      { id: 'price_starter_month', product: 'prod_fyn_starter', unit_amount: 2900, currency: 'gbp', interval: 'month' },
      { id: 'price_starter_year', product: 'prod_fyn_starter', unit_amount: 29000, currency: 'gbp', interval: 'year' },
    ],
  },
  {
    id: 'prod_fyn_growth', name: 'Growth', description: 'For forwarders with several desks, partners abroad and their own rates.',
    metadata: { a_min_sign_up_months: '3', b_network_access: 'Global', c_saas_suite: 'Full suite', d_business_access: 'Yes', e_customs_access: 'Yes', f_freight_access: 'Yes', g_rates_access: 'Full', h_warehouse_access: 'Yes', i_cost_per_staff: '4.50', j_cost_per_partner_connection: '2.00', k_avg_transactional_discount_pct: '5', l_free_news_feed_ads_per_year: '12', m_free_trade_service_ads_per_year: '6', api_requests_per_minute: '1200', n_ai_credits_per_month: '1000' },
    marketing_features: [{ name: 'Up to 25 staff' }, { name: 'Rate management and charge codes' }, { name: 'Shipments and documents' }, { name: 'Global partner network' }, { name: 'HR and payroll' }],
    prices: [
      { id: 'price_growth_month', product: 'prod_fyn_growth', unit_amount: 7900, currency: 'gbp', interval: 'month' },
      { id: 'price_growth_year', product: 'prod_fyn_growth', unit_amount: 79000, currency: 'gbp', interval: 'year' },
    ],
  },
  {
    id: LOCAL_ENTERPRISE_PRODUCT_ID, name: 'Enterprise', description: 'For networks of offices, with analytics across them.',
    metadata: { a_min_sign_up_months: '12', b_network_access: 'Global, priority listing', c_saas_suite: 'Full suite with API', d_business_access: 'Yes', e_customs_access: 'Yes', f_freight_access: 'Yes', g_rates_access: 'Full, multi-office', h_warehouse_access: 'Yes', i_cost_per_staff: '3.00', j_cost_per_partner_connection: '1.00', k_avg_transactional_discount_pct: '8', l_free_news_feed_ads_per_year: '52', m_free_trade_service_ads_per_year: '24', api_requests_per_minute: '3000', n_ai_credits_per_month: '5000' },
    marketing_features: [{ name: 'Unlimited staff' }, { name: 'Analytics across offices' }, { name: 'Carbon offsetting reports' }, { name: 'Priority support' }, { name: 'Everything in Growth' }],
    prices: [
      { id: 'price_enterprise_month', product: LOCAL_ENTERPRISE_PRODUCT_ID, unit_amount: 19900, currency: 'gbp', interval: 'month' },
      { id: 'price_enterprise_year', product: LOCAL_ENTERPRISE_PRODUCT_ID, unit_amount: 199000, currency: 'gbp', interval: 'year' },
    ],
  },
  {
    // A provider product without marketing features: the plan list leaves it out (docs/product.md#plans).
    id: 'prod_fyn_onboarding', name: 'Onboarding workshop', description: 'One-off data migration and training day.',
    metadata: {}, marketing_features: [], prices: [],
  },
];

const PRICES = new Map(LOCAL_PRODUCTS.flatMap((p) => p.prices).map((p) => [p.id, p]));
const productName = (id: string) => LOCAL_PRODUCTS.find((p) => p.id === id)?.name ?? id;
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

/** The same day of the next month or year (clamped), as Stripe bills. */
export function addInterval(at: number, interval: 'month' | 'year'): number {
  const d = new Date(at * 1000);
  const day = d.getUTCDate();
  const next = new Date(Date.UTC(d.getUTCFullYear() + (interval === 'year' ? 1 : 0), d.getUTCMonth() + (interval === 'month' ? 1 : 0), 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()));
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return Math.floor(next.getTime() / 1000);
}

export type LocalProvider = PaymentProvider & {
  /** Seconds since the epoch on the provider's clock. */
  now(): Promise<number>;
  /** Moves the clock and runs what became due (renewals, ends of grace); answers the events. */
  advanceClock(seconds: number): Promise<BillingEvent[]>;
};

/**
 * `takesCards: false` (production without LOCAL_PAYMENTS=true): the provider refuses to save cards
 * or charge, rather than "accept" cards that nobody charges.
 */
export function createLocalProvider(database: Database, { takesCards = true }: { takesCards?: boolean } = {}): LocalProvider {
  const q = database.query.bind(database);
  const refuseWithoutPayments = () => {
    if (!takesCards) throw new PaymentError('payments_unavailable', 'Card payments are not set up on this server. The operator must configure Stripe.');
  };
  type Outcome = { subscription: Subscription; events: BillingEvent[] };
  /** The first call's outcome under an idempotency key, as Stripe keeps it. */
  async function once(key: string, run: () => Promise<Outcome>): Promise<Outcome> {
    const done = await get<Outcome>('idempotency', key);
    if (done) return done;
    const outcome = await run();
    await put('idempotency', key, null, outcome, outcome.subscription.current_period_start);
    return outcome;
  }

  async function get<T>(kind: string, id: string): Promise<T | null> {
    const [row] = await q<{ data: T }>('select data from local_billing_objects where id = $1 and kind = $2 and not deleted', [id, kind]);
    return row?.data ?? null;
  }
  async function put(kind: string, id: string, customer: string | null, data: object, createdAt: number) {
    await q(
      `insert into local_billing_objects (id, kind, customer_id, data, created_at) values ($1, $2, $3, $4, $5)
       on conflict (id) do update set data = excluded.data`,
      [id, kind, customer, JSON.stringify(data), createdAt],
    );
  }
  async function list<T>(kind: string, customer: string): Promise<T[]> {
    const rows = await q<{ data: T }>(
      'select data from local_billing_objects where kind = $1 and customer_id = $2 and not deleted order by created_at, id',
      [kind, customer],
    );
    return rows.map((r) => r.data);
  }
  async function now(): Promise<number> {
    const clock = await get<{ offset: number }>('clock', 'clock');
    return Math.floor(Date.now() / 1000) + (clock?.offset ?? 0);
  }
  const event = (type: BillingEvent['type'], at: number, customer: string, subscription: string | null): BillingEvent => ({
    id: newId('evt'), type, created: at, customer, subscription,
  });

  async function customerOrFail(id: string) {
    const c = await get<{ id: string; default_payment_method: string | null; invoice_seq: number }>('customer', id);
    if (!c) throw new PaymentError('invalid_request', 'No such customer.');
    return c;
  }
  async function cards(customer: string): Promise<StoredCard[]> {
    const c = await customerOrFail(customer);
    return (await list<StoredCard>('payment_method', customer)).map((p) => ({ ...p, is_default: p.id === c.default_payment_method }));
  }
  const publicCard = ({ behaviour: _b, ...card }: StoredCard): Card => card;

  async function newInvoice(customer: string, lines: InvoiceLine[], at: number, period: [number, number], subscription: string | null) {
    const c = await customerOrFail(customer);
    const seq = (c.invoice_seq ?? 0) + 1;
    await put('customer', customer, customer, { ...c, invoice_seq: seq }, at);
    const amount = Math.max(0, sumMinor(lines.map((l) => l.amount)));
    const invoice: Invoice & { subscription: string | null } = {
      id: newId('in'), number: `FYN-${customer.slice(4, 10).toUpperCase()}-${String(seq).padStart(4, '0')}`, status: 'open',
      amount_due: amount, amount_paid: 0, currency: 'gbp', created: at, period_start: period[0], period_end: period[1], lines, subscription,
    };
    return invoice;
  }

  /** Charges a card: only the default card, and only when its behaviour allows. */
  async function charge(customer: string, paymentMethod: string | null): Promise<boolean> {
    if (!paymentMethod) return false;
    const card = (await cards(customer)).find((c) => c.id === paymentMethod);
    return Boolean(card) && card!.behaviour === 'ok';
  }

  function periodLine(price: Price, start: number, end: number): InvoiceLine {
    return { description: `${productName(price.product)} (${price.interval === 'month' ? 'monthly' : 'annual'})`, amount: price.unit_amount, period_start: start, period_end: end, proration: false };
  }

  async function prorate(sub: StoredSubscription, priceId: string, at: number): Promise<{ lines: InvoiceLine[]; start: number; end: number }> {
    const oldPrice = PRICES.get(sub.price_id)!;
    const newPrice = PRICES.get(priceId);
    if (!newPrice) throw new PaymentError('invalid_request', 'No such price.');
    const total = sub.current_period_end - sub.current_period_start;
    const left = Math.max(0, sub.current_period_end - at);
    const credit = -share(oldPrice.unit_amount, left, total);
    const lines: InvoiceLine[] = [{ description: `Unused time on ${productName(oldPrice.product)}`, amount: credit, period_start: at, period_end: sub.current_period_end, proration: true }];
    if (newPrice.interval === oldPrice.interval) {
      lines.push({ description: `Remaining time on ${productName(newPrice.product)}`, amount: share(newPrice.unit_amount, left, total), period_start: at, period_end: sub.current_period_end, proration: true });
      return { lines, start: sub.current_period_start, end: sub.current_period_end };
    }
    // A change of billing interval starts a new period now, as Stripe does.
    const end = addInterval(at, newPrice.interval);
    lines.push({ ...periodLine(newPrice, at, end), proration: false });
    return { lines, start: at, end };
  }

  const publicSub = ({ past_due_since: _p, ...s }: StoredSubscription): Subscription => s;

  async function renew(sub: StoredSubscription, at: number): Promise<BillingEvent[]> {
    const events: BillingEvent[] = [];
    const customer = await customerOrFail(sub.customer);
    if (sub.status === 'past_due' && sub.past_due_since !== null && at >= sub.past_due_since + GRACE_DAYS * DAY) {
      // Unpaid after the grace period: the subscription ends and its open invoices are written off.
      for (const inv of await list<Invoice & { subscription: string | null }>('invoice', sub.customer)) {
        if (inv.status === 'open' && inv.subscription === sub.id) await put('invoice', inv.id, sub.customer, { ...inv, status: 'uncollectible' }, inv.created);
      }
      await put('subscription', sub.id, sub.customer, { ...sub, status: 'canceled' }, at);
      events.push(event('customer.subscription.deleted', at, sub.customer, sub.id));
      return events;
    }
    while (sub.status !== 'canceled' && sub.current_period_end <= at) {
      if (sub.cancel_at_period_end) {
        sub = { ...sub, status: 'canceled' };
        events.push(event('customer.subscription.deleted', sub.current_period_end, sub.customer, sub.id));
        break;
      }
      const price = PRICES.get(sub.price_id)!;
      const start = sub.current_period_end;
      const end = addInterval(start, price.interval);
      const invoice = await newInvoice(sub.customer, [periodLine(price, start, end)], start, [start, end], sub.id);
      sub = { ...sub, current_period_start: start, current_period_end: end };
      if (await charge(sub.customer, customer.default_payment_method)) {
        await put('invoice', invoice.id, sub.customer, { ...invoice, status: 'paid', amount_paid: invoice.amount_due }, start);
        sub = { ...sub, status: 'active', past_due_since: null };
        events.push(event('invoice.paid', start, sub.customer, sub.id));
      } else {
        await put('invoice', invoice.id, sub.customer, invoice, start);
        sub = { ...sub, status: 'past_due', past_due_since: sub.past_due_since ?? start };
        events.push(event('invoice.payment_failed', start, sub.customer, sub.id));
        break;
      }
    }
    await put('subscription', sub.id, sub.customer, sub, sub.current_period_start);
    return events;
  }

  const provider: LocalProvider = {
    kind: 'local',
    now,

    async listProducts() {
      return LOCAL_PRODUCTS.map((p) => ({
        ...p,
        prices: p.prices.map((x) => ({ id: x.id, unit_amount: x.unit_amount, currency: x.currency, recurring: { interval: x.interval } })),
      }));
    },

    async createCustomer({ organisationId }) {
      const id = newId('cus');
      await put('customer', id, id, { id, organisation_id: organisationId, default_payment_method: null, invoice_seq: 0 }, await now());
      return id;
    },

    async deleteCustomer(customerId) {
      await q('update local_billing_objects set deleted = true where id = $1 and kind = $2', [customerId, 'customer']);
    },

    async createSetupIntent() {
      return null;
    },

    async checkPaymentMethod(input) {
      refuseWithoutPayments();
      if ('payment_method_id' in input) throw new PaymentError('invalid_request', 'Send the card number, expiry and CVC.');
      const number = digitsOnly(input.number);
      const problems = cardProblems({ ...input, number });
      if (problems.number) throw new PaymentError('incorrect_number', 'The card number is not valid.');
      if (problems.exp_month) throw new PaymentError('expired_card', 'The card has expired.');
      if (problems.cvc) throw new PaymentError('incorrect_cvc', 'The security code is not valid.');
      if (number === '4000000000000002') throw new PaymentError('card_declined', 'Your card was declined.');
    },

    async addPaymentMethod(customer, input) {
      await provider.checkPaymentMethod(input);
      await customerOrFail(customer);
      if ('payment_method_id' in input) throw new PaymentError('invalid_request', 'Send the card number, expiry and CVC.');
      const number = digitsOnly(input.number);
      const existing = await cards(customer);
      const card: StoredCard = {
        id: newId('pm'), brand: cardBrand(number), last4: number.slice(-4), exp_month: input.exp_month, exp_year: input.exp_year,
        is_default: false, behaviour: number === '4000000000000341' ? 'fail_charges' : 'ok',
      };
      await put('payment_method', card.id, customer, card, await now());
      if (!existing.some((c) => c.is_default)) await provider.setDefaultPaymentMethod(customer, card.id);
      return publicCard({ ...card, is_default: !existing.some((c) => c.is_default) });
    },

    async listPaymentMethods(customer) {
      return (await cards(customer)).map(publicCard);
    },

    async setDefaultPaymentMethod(customer, pm) {
      const c = await customerOrFail(customer);
      if (!(await cards(customer)).some((x) => x.id === pm)) throw new PaymentError('invalid_request', 'No such payment method.');
      await put('customer', customer, customer, { ...c, default_payment_method: pm }, await now());
    },

    async deletePaymentMethod(customer, pm) {
      const c = await customerOrFail(customer);
      if (!(await cards(customer)).some((x) => x.id === pm)) throw new PaymentError('invalid_request', 'No such payment method.');
      await q('update local_billing_objects set deleted = true where id = $1', [pm]);
      if (c.default_payment_method === pm) {
        const next = (await cards(customer))[0]?.id ?? null;
        await put('customer', customer, customer, { ...c, default_payment_method: next }, await now());
      }
    },

    subscribe(customer, priceId, pm, idempotencyKey) {
      return once(idempotencyKey, async () => {
      refuseWithoutPayments();
      const price = PRICES.get(priceId);
      if (!price) throw new PaymentError('invalid_request', 'No such price.');
      const card = (await cards(customer)).find((c) => c.id === pm);
      if (!card) throw new PaymentError('invalid_request', 'No such payment method.');
      const at = await now();
      const end = addInterval(at, price.interval);
      const invoice = await newInvoice(customer, [periodLine(price, at, end)], at, [at, end], null);
      const sub: StoredSubscription = {
        id: newId('sub'), customer, status: 'active', price_id: price.id, product_id: price.product,
        current_period_start: at, current_period_end: end, cancel_at_period_end: false, past_due_since: null,
      };
      await provider.setDefaultPaymentMethod(customer, pm);
      await put('subscription', sub.id, customer, sub, at);
      await put('invoice', invoice.id, customer, { ...invoice, subscription: sub.id, status: 'paid', amount_paid: invoice.amount_due }, at);
      return { subscription: publicSub(sub), events: [event('invoice.paid', at, customer, sub.id)] };
    });
    },

    async previewPlanChange(subscriptionId, priceId) {
      const sub = await get<StoredSubscription>('subscription', subscriptionId);
      if (!sub || sub.status === 'canceled') throw new PaymentError('invalid_request', 'No such subscription.');
      const { lines, start, end } = await prorate(sub, priceId, await now());
      return { amount_due: Math.max(0, sumMinor(lines.map((l) => l.amount))), currency: 'gbp', period_start: start, period_end: end, lines };
    },

    changePlan(subscriptionId, priceId, idempotencyKey) {
      return once(idempotencyKey, async () => {
      refuseWithoutPayments();
      const sub = await get<StoredSubscription>('subscription', subscriptionId);
      if (!sub || sub.status === 'canceled') throw new PaymentError('invalid_request', 'No such subscription.');
      if (sub.price_id === priceId) throw new PaymentError('invalid_request', 'The subscription is already on this price.');
      const at = await now();
      const { lines, start, end } = await prorate(sub, priceId, at);
      const invoice = await newInvoice(sub.customer, lines, at, [start, end], sub.id);
      const customer = await customerOrFail(sub.customer);
      const events: BillingEvent[] = [];
      if (invoice.amount_due > 0) {
        if (!(await charge(sub.customer, customer.default_payment_method))) throw new PaymentError('card_declined', 'Your card was declined.');
        events.push(event('invoice.paid', at, sub.customer, sub.id));
      }
      await put('invoice', invoice.id, sub.customer, { ...invoice, status: 'paid', amount_paid: invoice.amount_due }, at);
      const price = PRICES.get(priceId)!;
      const next: StoredSubscription = { ...sub, price_id: price.id, product_id: price.product, current_period_start: start, current_period_end: end };
      await put('subscription', sub.id, sub.customer, next, at);
      events.push(event('customer.subscription.updated', at, sub.customer, sub.id));
      return { subscription: publicSub(next), events };
    });
    },

    async payOnce(customer, line, paymentMethodId, idempotencyKey) {
      const done = await get<Invoice>('idempotency', idempotencyKey);
      if (done) return done;
      refuseWithoutPayments();
      const c = await customerOrFail(customer);
      const pm = paymentMethodId ?? c.default_payment_method;
      const card = (await cards(customer)).find((x) => x.id === pm);
      if (!card) throw new PaymentError('invalid_request', 'No such payment method.');
      // The card is tried before anything is written: a refusal leaves no invoice behind.
      if (!(await charge(customer, card.id))) throw new PaymentError('card_declined', 'Your card was declined.');
      const at = await now();
      const invoice = await newInvoice(customer, [{ description: line.description, amount: line.amount, period_start: at, period_end: at, proration: false }], at, [at, at], null);
      const paid = { ...invoice, currency: line.currency.toLowerCase(), status: 'paid' as const, amount_paid: invoice.amount_due };
      await put('invoice', paid.id, customer, paid, at);
      const { subscription: _s, ...answer } = paid;
      await put('idempotency', idempotencyKey, null, answer, at);
      return answer;
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const sub = await get<StoredSubscription>('subscription', subscriptionId);
      if (!sub || sub.status === 'canceled') throw new PaymentError('invalid_request', 'No such subscription.');
      const next = { ...sub, cancel_at_period_end: cancel };
      await put('subscription', sub.id, sub.customer, next, sub.current_period_start);
      return publicSub(next);
    },

    async getSubscription(subscriptionId) {
      const sub = await get<StoredSubscription>('subscription', subscriptionId);
      return sub ? publicSub(sub) : null;
    },

    async upcomingInvoice(customer, subscriptionId) {
      const sub = await get<StoredSubscription>('subscription', subscriptionId);
      if (!sub || sub.customer !== customer || sub.status === 'canceled' || sub.cancel_at_period_end) return null;
      const price = PRICES.get(sub.price_id)!;
      const end = addInterval(sub.current_period_end, price.interval);
      return { amount_due: price.unit_amount, currency: 'gbp', period_start: sub.current_period_end, period_end: end, lines: [periodLine(price, sub.current_period_end, end)] };
    },

    async listInvoices(customer) {
      const all = await list<Invoice & { subscription?: string | null }>('invoice', customer);
      return all.map(({ subscription: _s, ...i }) => i).sort((a, b) => b.created - a.created);
    },

    async getInvoice(customer, invoiceId) {
      const inv = await get<Invoice & { subscription?: string | null }>('invoice', invoiceId);
      if (!inv) return null;
      const [row] = await q<{ customer_id: string }>('select customer_id from local_billing_objects where id = $1', [invoiceId]);
      if (row?.customer_id !== customer) return null;
      const { subscription: _s, ...invoice } = inv;
      return invoice;
    },

    async retryOpenInvoices(customer) {
      const c = await customerOrFail(customer);
      const events: BillingEvent[] = [];
      const at = await now();
      for (const inv of await list<Invoice & { subscription: string | null }>('invoice', customer)) {
        if (inv.status !== 'open' || !(await charge(customer, c.default_payment_method))) continue;
        await put('invoice', inv.id, customer, { ...inv, status: 'paid', amount_paid: inv.amount_due }, inv.created);
        if (inv.subscription) {
          const sub = await get<StoredSubscription>('subscription', inv.subscription);
          if (sub && sub.status === 'past_due') await put('subscription', sub.id, customer, { ...sub, status: 'active', past_due_since: null }, sub.current_period_start);
        }
        events.push(event('invoice.paid', at, customer, inv.subscription));
      }
      return events;
    },

    async advanceClock(seconds) {
      const clock = await get<{ offset: number }>('clock', 'clock');
      await put('clock', 'clock', null, { offset: (clock?.offset ?? 0) + Math.round(seconds) }, 0);
      const at = await now();
      const subs = await q<{ data: StoredSubscription }>(`select data from local_billing_objects where kind = 'subscription' and not deleted and data->>'status' <> 'canceled'`);
      const events: BillingEvent[] = [];
      for (const { data } of subs) events.push(...(await renew(data, at)));
      return events;
    },
  };
  return provider;
}
