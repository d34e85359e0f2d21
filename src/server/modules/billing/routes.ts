import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, envelope } from '#shared/api/errors.ts';
import { addPaymentMethodBody, billingOverviewSchema, cardSchema, invoicePreviewSchema, invoiceSchema, priceBody, subscribeBody } from '#shared/api/billing.ts';
import type { ProviderProduct } from '#shared/billing/plans.ts';
import { providerProductSchema } from '#shared/billing/product-schema.ts';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { can, reloadMember, requireMember, requirePermission, type Membership } from '../organisations/membership.ts';
import { statusHistory } from '../organisations/service.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import type { LocalProvider } from './local-provider.ts';
import { PaymentError } from './provider.ts';
import { applyAll, applyBillingEvent, customerOf, ensureCustomer, firstCardFailed, userStatusChange, withBillingLease } from './service.ts';
import { isPremium } from './status.ts';

const PRODUCTS_TTL_MS = 10 * 60_000;

/** 402 for refusals the user can act on, with the provider's words. */
function paymentFailure(err: unknown): never {
  if (err instanceof PaymentError) {
    if (err.code === 'payments_unavailable') throw new AppError(503, err.code, err.message);
    const status = err.code === 'invalid_request' ? 422 : 402;
    throw new AppError(status, err.code, err.message, err.code === 'invalid_request' ? undefined : { card: err.message });
  }
  throw err;
}

/** A card id that is not one of the organisation's own: 404, as for any record of another tenant. */
function cardNotFound(err: unknown): never {
  if (err instanceof PaymentError && err.code === 'invalid_request') throw notFound('The card');
  return paymentFailure(err);
}

export function registerBillingRoutes(app: FastifyInstance, ctx: AppContext) {
  const provider = ctx.payments;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['billing'];
  let products: { at: number; list: ProviderProduct[] } | null = null;

  async function listProducts() {
    if (!products || Date.now() - products.at > PRODUCTS_TTL_MS) products = { at: Date.now(), list: await provider.listProducts() };
    return products.list;
  }
  /** A price the provider offers now (from the cached product list), else 422 before anything is written. */
  async function knownPrice(priceId: string) {
    if (!(await listProducts()).some((p) => p.prices.some((price) => price.id === priceId))) {
      throw new AppError(422, 'invalid_request', 'No such price.', { price_id: 'Choose one of the plans on offer.' });
    }
  }
  const customer = (m: Membership) => customerOf(ctx, provider, m.organisation, m.user.email);

  /** The calling member, allowed to change billing. */
  async function manager(req: Parameters<typeof requireMember>[1]) {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'billing.update');
    return m;
  }

  async function overview(m: Membership) {
    const org = m.organisation;
    const sub = org.subscriptionId ? await provider.getSubscription(org.subscriptionId).catch(() => null) : null;
    const product = sub ? (await listProducts()).find((p) => p.id === sub.product_id) : undefined;
    const price = product?.prices.find((p) => p.id === sub?.price_id);
    return {
      provider: provider.kind,
      publishable_key: ctx.config.stripe?.publishableKey ?? null,
      status: org.status,
      premium: isPremium(org.status, ctx.config.forcePremium),
      can_manage: can(m, 'billing.update'),
      subscription:
        sub && sub.status !== 'canceled'
          ? {
              id: sub.id, status: sub.status, price_id: sub.price_id, product_id: sub.product_id, plan_name: product?.name ?? sub.product_id,
              interval: price?.recurring?.interval ?? 'month', unit_amount: price?.unit_amount ?? 0,
              current_period_start: sub.current_period_start, current_period_end: sub.current_period_end, cancel_at_period_end: sub.cancel_at_period_end,
            }
          : null,
      history: await statusHistory(ctx, org.id),
    };
  }
  const fresh = async (req: Parameters<typeof requireMember>[1]) => overview(await reloadMember(ctx, req));
  const overviewResponse = { 200: envelope(billingOverviewSchema) };

  api.get('/api/billing/products', {
    config: { access: 'public' },
    schema: { tags, summary: 'The provider’s products and prices (public)', response: { 200: envelope(z.array(providerProductSchema)) } },
  }, async () => ({ data: await listProducts() }));

  api.get('/api/billing/config', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Which payment provider runs, its publishable key, and the enterprise product (public)',
      response: { 200: envelope(z.object({ provider: z.enum(['local', 'stripe']), publishable_key: z.string().nullable(), enterprise_product_id: z.string().nullable() })) },
    },
  }, async () => ({ data: { provider: provider.kind, publishable_key: ctx.config.stripe?.publishableKey ?? null, enterprise_product_id: ctx.config.enterpriseProductId } }));

  api.get('/api/billing/subscription', {
    config: { access: 'billing.view' },
    schema: { tags, summary: 'Status, current subscription and status history of the caller’s organisation', response: overviewResponse },
  }, async (req) => ({ data: await overview(await requireMember(ctx, req)) }));

  api.get('/api/billing/upcoming-invoice', {
    config: { access: 'billing.view' },
    schema: { tags, summary: 'The next invoice, or null (also when the provider fails)', response: { 200: envelope(invoicePreviewSchema.nullable()) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    if (!m.organisation.subscriptionId || !m.organisation.providerCustomerId) return { data: null };
    const next = await provider.upcomingInvoice(m.organisation.providerCustomerId, m.organisation.subscriptionId).catch((err) => {
      req.log.warn({ err }, 'upcoming invoice unavailable');
      return null;
    });
    return { data: next };
  });

  api.get('/api/billing/invoices', {
    config: { access: 'billing.view' },
    schema: { tags, summary: 'Invoices of the caller’s organisation, newest first', response: { 200: envelope(z.array(invoiceSchema)) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    return { data: m.organisation.providerCustomerId ? await provider.listInvoices(m.organisation.providerCustomerId) : [] };
  });

  api.get('/api/billing/invoices/:id/pdf', {
    config: { access: 'billing.view' },
    schema: { tags, summary: 'An invoice as PDF', params: z.object({ id: z.string().max(255) }) },
  }, async (req, reply) => {
    const m = await requireMember(ctx, req);
    const invoice = m.organisation.providerCustomerId ? await provider.getInvoice(m.organisation.providerCustomerId, req.params.id) : null;
    if (!invoice) throw notFound('The invoice');
    const o = m.organisation;
    const pdf = await renderInvoicePdf(invoice, { name: o.name, address: [o.addressLine1, o.addressLine2, [o.postcode, o.city].filter(Boolean).join(' '), o.country, o.vatNumber ? `VAT ${o.vatNumber}` : null].filter((l): l is string => Boolean(l)) });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${invoice.number.replace(/[^\w.-]/g, '_')}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  api.get('/api/billing/payment-methods', {
    config: { access: 'billing.view', personOnly: true },
    schema: { tags, summary: 'Saved cards', response: { 200: envelope(z.array(cardSchema)) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    return { data: m.organisation.providerCustomerId ? await provider.listPaymentMethods(m.organisation.providerCustomerId) : [] };
  });

  api.post('/api/billing/setup-intent', {
    config: { access: 'billing.update', personOnly: true },
    schema: { tags, summary: 'Stripe: a SetupIntent client secret for its card element; local: null', response: { 200: envelope(z.object({ client_secret: z.string().nullable() })) } },
  }, async (req) => {
    const m = await manager(req);
    return { data: { client_secret: await provider.createSetupIntent(await customer(m)) } };
  });

  api.post('/api/billing/payment-methods', {
    config: { access: 'billing.update', personOnly: true },
    schema: {
      tags,
      summary: 'Save a card: {number,exp_month,exp_year,cvc} (local) or {payment_method_id} (Stripe)',
      body: addPaymentMethodBody,
      response: { 201: envelope(cardSchema), 402: apiErrorSchema },
    },
  }, async (req, reply) => {
    const m = await manager(req);
    // The organisation's first card makes its customer: a card refused before that makes none, and
    // one the provider refuses on attaching (Stripe) takes the customer made for it away again.
    if (!m.organisation.providerCustomerId) await provider.checkPaymentMethod(req.body).catch(paymentFailure);
    const { id: cus, created } = await ensureCustomer(ctx, provider, m.organisation, m.user.email);
    const card = await provider.addPaymentMethod(cus, req.body).catch(async (err: unknown) => {
      if (created) await firstCardFailed(ctx, provider, m.organisation, cus);
      return paymentFailure(err);
    });
    // A new card settles what a failed renewal left open (outstanding_payment → active).
    if (m.organisation.status === 'outstanding_payment') {
      await provider.setDefaultPaymentMethod(cus, card.id);
      await applyAll(ctx, await provider.retryOpenInvoices(cus));
    }
    return reply.status(201).send({ data: card });
  });

  api.post('/api/billing/payment-methods/:id/default', {
    config: { access: 'billing.update', personOnly: true },
    schema: { tags, summary: 'Make a saved card the default', params: z.object({ id: z.string().max(255) }), response: { 204: z.null() } },
  }, async (req, reply) => {
    const m = await manager(req);
    // No customer yet means no saved card: nothing is created for a card that is not there.
    const cus = m.organisation.providerCustomerId;
    if (!cus) throw notFound('The card');
    await provider.setDefaultPaymentMethod(cus, req.params.id).catch(cardNotFound);
    if (m.organisation.status === 'outstanding_payment') await applyAll(ctx, await provider.retryOpenInvoices(cus));
    return reply.status(204).send(null);
  });

  api.delete('/api/billing/payment-methods/:id', {
    config: { access: 'billing.update', personOnly: true },
    schema: { tags, summary: 'Delete a saved card', params: z.object({ id: z.string().max(255) }), response: { 204: z.null() } },
  }, async (req, reply) => {
    const m = await manager(req);
    const cus = m.organisation.providerCustomerId;
    if (!cus) throw notFound('The card');
    await provider.deletePaymentMethod(cus, req.params.id).catch(cardNotFound);
    return reply.status(204).send(null);
  });

  /** 409 while the organisation holds a live (not cancelled) subscription. */
  async function notSubscribed(subscriptionId: string | null) {
    const current = subscriptionId ? await provider.getSubscription(subscriptionId).catch(() => null) : null;
    if (current && current.status !== 'canceled') throw new AppError(409, 'already_subscribed', 'The organisation already has a subscription: change its plan instead.');
  }

  api.post('/api/billing/subscribe', {
    config: { access: 'billing.update', personOnly: true },
    schema: { tags, summary: 'Subscribe to a price with a saved card', body: subscribeBody, response: { 200: envelope(billingOverviewSchema), 402: apiErrorSchema } },
  }, async (req) => {
    const m = await manager(req);
    await notSubscribed(m.organisation.subscriptionId);
    // The card must be one of the organisation's own saved cards (so it has a customer already):
    // anything else is refused before the checkout begins or anything is written.
    const cus = m.organisation.providerCustomerId;
    const cards = cus ? await provider.listPaymentMethods(cus) : [];
    if (!cus || !cards.some((c) => c.id === req.body.payment_method_id)) {
      throw new AppError(422, 'invalid_request', 'No such payment method.', { payment_method_id: 'Choose one of the organisation’s saved cards.' });
    }
    await knownPrice(req.body.price_id);
    await withBillingLease(ctx, m.organisation.id, 'subscribe', async (org, key) => {
      // Again under the lease: a subscribe that finished a moment ago counts.
      await notSubscribed(org.subscriptionId);
      await userStatusChange(ctx, org, 'checkout_started', m.user.id);
      try {
        const { subscription, events } = await provider.subscribe(cus, req.body.price_id, req.body.payment_method_id, key);
        await ctx.database.query('update organisations set subscription_id = $2, price_id = $3 where id = $1', [org.id, subscription.id, subscription.price_id]);
        await applyAll(ctx, events);
      } catch (err) {
        await userStatusChange(ctx, org, 'checkout_failed', m.user.id);
        paymentFailure(err);
      }
    });
    return { data: await fresh(req) };
  });

  api.post('/api/billing/preview-change', {
    config: { access: 'billing.update' },
    schema: { tags, summary: 'What a change of plan costs now (proration), before confirming', body: priceBody, response: { 200: envelope(invoicePreviewSchema) } },
  }, async (req) => {
    const m = await manager(req);
    if (!m.organisation.subscriptionId) throw new AppError(409, 'no_subscription', 'The organisation has no subscription yet.');
    return { data: await provider.previewPlanChange(m.organisation.subscriptionId, req.body.price_id).catch(paymentFailure) };
  });

  api.post('/api/billing/change-plan', {
    config: { access: 'billing.update' },
    schema: { tags, summary: 'Move the subscription to another price, prorated', body: priceBody, response: { 200: envelope(billingOverviewSchema), 402: apiErrorSchema } },
  }, async (req) => {
    const m = await manager(req);
    if (!m.organisation.subscriptionId) throw new AppError(409, 'no_subscription', 'The organisation has no subscription yet.');
    await knownPrice(req.body.price_id);
    await withBillingLease(ctx, m.organisation.id, 'change-plan', async (org, key) => {
      if (!org.subscriptionId) throw new AppError(409, 'no_subscription', 'The organisation has no subscription yet.');
      const { subscription, events } = await provider.changePlan(org.subscriptionId, req.body.price_id, key).catch(paymentFailure);
      await ctx.database.query('update organisations set price_id = $2 where id = $1', [org.id, subscription.price_id]);
      await applyAll(ctx, events);
    });
    return { data: await fresh(req) };
  });

  for (const [path, cancel] of [['/api/billing/cancel', true], ['/api/billing/resume', false]] as const) {
    api.post(path, {
    config: { access: 'billing.update' },
      schema: { tags, summary: cancel ? 'Cancel at the end of the paid period' : 'Undo a cancellation before the period ends', response: overviewResponse },
    }, async (req) => {
      const m = await manager(req);
      if (!m.organisation.subscriptionId) throw new AppError(409, 'no_subscription', 'The organisation has no subscription yet.');
      await provider.setCancelAtPeriodEnd(m.organisation.subscriptionId, cancel).catch(paymentFailure);
      return { data: await fresh(req) };
    });
  }

  // Stripe webhooks: signature-checked, applied once per event id. Needs the raw body.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.post('/api/billing/webhook', { config: { access: 'public' }, schema: { tags, summary: 'Payment provider webhooks (Stripe signature required)' } }, async (req, reply) => {
      if (!provider.parseWebhook) throw notFound('POST /api/billing/webhook');
      let event;
      try {
        event = provider.parseWebhook(req.body as Buffer, req.headers['stripe-signature'] as string | undefined);
      } catch {
        throw new AppError(400, 'invalid_signature', 'The webhook signature is not valid.');
      }
      const outcome = event ? await applyBillingEvent(ctx, event) : 'ignored';
      return reply.send({ data: { received: true, outcome } });
    });
  });

  if (ctx.config.devMode && provider.kind === 'local') {
    const local = provider as LocalProvider;
    api.post('/api/dev/billing/advance-clock', {
    config: { access: 'public' },
      schema: {
        tags: ['dev'],
        summary: 'Local provider: move its clock forward and run renewals that fell due (not in production)',
        body: z.object({ days: z.number().min(0).max(800) }),
        response: { 200: envelope(z.object({ now: z.number(), events: z.array(z.object({ type: z.string(), subscription: z.string().nullable() })) })) },
      },
    }, async (req) => {
      const events = await local.advanceClock(req.body.days * 86_400);
      await applyAll(ctx, events);
      return { data: { now: await local.now(), events: events.map((e) => ({ type: e.type, subscription: e.subscription })) } };
    });
  }
}
