import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { apiErrorSchema, envelope } from '#shared/api/errors.ts';
import {
  aiCreditsSchema, aiLedgerPageSchema, aiMemberCapBody, aiPricesSchema, aiPurchaseBody, aiPurchaseSchema, aiUsageExportQuery, aiUsagePageSchema, aiUsageQuery,
  type AiCredits, type AiEngine,
} from '#shared/api/ai.ts';
import { AI_FEATURES, AI_PACK_CURRENCY, AI_PACKS, AI_PRICES, type AiFeature } from '#shared/ai/prices.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/client.ts';
import { aiMemberCaps } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { sendTable, tableResponse } from '../../lib/spreadsheet.ts';
import { identify, requireUser } from '../auth/session.ts';
import { customerOf } from '../billing/service.ts';
import { PaymentError } from '../billing/provider.ts';
import { can, requireActiveMember, requireMember, requirePermission, type Membership } from '../organisations/membership.ts';
import { balancesOf, creditPurchase, lockAccount, organisationAccount, personAccount, settle, usedIn, type Account } from './credits.ts';
import { engineOfConfig } from './provider.ts';

/**
 * The engine in use as the API tells it: the configured provider (AI_BASE_URL, AI_MODEL) with its
 * model and host, else the built-in rules on this server, and then no text leaves it.
 */
export const engineOf = (ctx: AppContext): AiEngine => engineOfConfig(ctx.config.ai);

export type Caller = { userId: string; member: Membership | null; account: Account };

/** The caller and their credit account: their organisation's while they are an active member, else their own. */
export async function callerOf(ctx: AppContext, req: FastifyRequest, now = new Date()): Promise<Caller> {
  const user = await requireUser(ctx, req);
  const identity = await identify(ctx, req);
  if (identity?.member?.status === 'active') {
    const m = await requireMember(ctx, req);
    return { userId: user.id, member: m, account: await organisationAccount(ctx, m.organisation, now) };
  }
  return { userId: user.id, member: null, account: personAccount(user.id, now) };
}

/** Whether the caller decides about the account's credits: owners (billing.update), or the person for their own. */
const manages = (c: Caller) => (c.member ? can(c.member, 'billing.update') : true);

export async function creditsOverview(ctx: AppContext, c: Caller, now = new Date()): Promise<AiCredits> {
  const { account } = c;
  const { period, balances } = await ctx.database.db.transaction(async (tx) => {
    await lockAccount(tx, account);
    const p = await settle(tx, account, now);
    return { period: p, balances: await balancesOf(tx, account.id) };
  });
  const db = ctx.database.db;
  const start = period.start.toISOString();
  const byFeature = await rowsOf<{ feature: AiFeature; credits: number; calls: number }>(db, sql`
    select e.feature, -sum(e.credits)::int as credits, count(distinct e.request_id) filter (where e.kind = 'consume')::int as calls
      from ai_credit_entries e where e.account_id = ${account.id} and e.kind in ('consume', 'refund') and e.period_start = ${start}::timestamptz
     group by e.feature order by e.feature`);
  const byMember = await rowsOf<{ user_id: string; name: string; credits: number; calls: number; monthly_cap: number | null }>(db, sql`
    with used as (
      select e.actor_user_id as user_id, -sum(e.credits)::int as credits, count(distinct e.request_id) filter (where e.kind = 'consume')::int as calls
        from ai_credit_entries e where e.account_id = ${account.id} and e.kind in ('consume', 'refund') and e.period_start = ${start}::timestamptz and e.actor_user_id is not null
       group by e.actor_user_id)
    select u.id as user_id, u.name, coalesce(used.credits, 0)::int as credits, coalesce(used.calls, 0)::int as calls, c.monthly_cap
      from users u left join used on used.user_id = u.id left join ai_member_caps c on c.organisation_id = ${account.organisationId} and c.user_id = u.id
     where used.user_id is not null or c.user_id is not null
     order by credits desc, u.name`);
  // Staff without billing.view see their own use only.
  const seesAll = !c.member || can(c.member, 'billing.view');
  return {
    balance: balances.balance,
    allowance: account.allowance,
    purchased: balances.purchased,
    period_start: start,
    period_end: period.end.toISOString(),
    used_this_period: await usedIn(db, account.id, period),
    by_feature: byFeature.map((r) => ({ feature: r.feature, credits: Number(r.credits), calls: Number(r.calls) })),
    by_member: byMember.filter((r) => seesAll || r.user_id === c.userId).map((r) => ({ ...r, credits: Number(r.credits), calls: Number(r.calls), monthly_cap: r.monthly_cap === null ? null : Number(r.monthly_cap) })),
    engine: engineOf(ctx),
    can_manage: manages(c),
  };
}

type UsageRow = { id: string; created_at: Date | string; feature: AiFeature; user_id: string | null; member: string | null; engine: 'builtin' | 'provider'; model: string | null; status: 'running' | 'ok' | 'failed'; tokens_in: number; tokens_out: number; credits: number; duration_ms: number };

export function registerAiCreditRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ai'];
  const db = ctx.database.db;

  api.get('/api/ai/credits', {
    config: { access: 'user' },
    schema: { tags, summary: 'AI credits: balance, allowance, the period, what was used by feature and by member, and the engine in use', response: { 200: envelope(aiCreditsSchema) } },
  }, async (req) => ({ data: await creditsOverview(ctx, await callerOf(ctx, req)) }));

  api.get('/api/ai/prices', {
    config: { access: 'user' },
    schema: { tags, summary: 'What each AI feature costs in credits by engine, and the packs of credits on sale', response: { 200: envelope(aiPricesSchema) } },
  }, async (req) => {
    await requireUser(ctx, req);
    return {
      data: {
        features: AI_FEATURES.map((feature) => ({ feature, ...AI_PRICES[feature] })),
        packs: AI_PACKS.map((p) => ({ credits: p.credits, amount_minor: p.amount_minor, currency: AI_PACK_CURRENCY })),
        engine: engineOf(ctx),
      },
    };
  });

  /** The calls the caller may list: all of the account's with billing.view (or one's own account), else their own. */
  const usageFilter = (c: Caller, feature: AiFeature | undefined) => sql`a.account_id = ${c.account.id}
      ${c.member && !can(c.member, 'billing.view') ? sql`and a.user_id = ${c.userId}` : sql``}
      ${feature ? sql`and a.feature = ${feature}` : sql``}`;
  const usageSelect = sql`select a.id, a.created_at, a.feature, a.user_id, u.name as member, a.engine, a.model, a.status, a.tokens_in, a.tokens_out, a.credits, a.duration_ms
      from ai_calls a left join users u on u.id = a.user_id`;
  const presentUsage = (r: UsageRow) => ({
    ...r, created_at: new Date(r.created_at).toISOString(), tokens_in: Number(r.tokens_in), tokens_out: Number(r.tokens_out), credits: Number(r.credits), duration_ms: Number(r.duration_ms),
  });

  api.get('/api/ai/usage', {
    config: { access: 'user' },
    schema: { tags, summary: 'Every AI call of the account, newest first: feature, member, engine and model, tokens, credits, duration', querystring: aiUsageQuery, response: { 200: aiUsagePageSchema } },
  }, async (req) => {
    const c = await callerOf(ctx, req);
    const { page, per_page, feature } = req.query;
    const where = usageFilter(c, feature);
    const rows = await rowsOf<UsageRow>(db, sql`${usageSelect} where ${where} order by a.created_at desc, a.id desc limit ${per_page} offset ${(page - 1) * per_page}`);
    const [{ n }] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ai_calls a where ${where}`);
    return { data: rows.map(presentUsage), meta: { total: Number(n), page, per_page } };
  });

  api.get('/api/ai/usage/export', {
    config: { access: 'user' },
    schema: { tags, summary: 'The AI calls of the account as CSV or XLSX', querystring: aiUsageExportQuery, ...tableResponse(['csv', 'xlsx']) },
  }, async (req, reply) => {
    const c = await callerOf(ctx, req);
    const where = usageFilter(c, req.query.feature);
    const columns = ['created_at', 'feature', 'member', 'engine', 'model', 'status', 'tokens_in', 'tokens_out', 'credits', 'duration_ms'] as const;
    async function* batches() {
      for (let offset = 0; ; offset += 2000) {
        const rows = await rowsOf<UsageRow>(db, sql`${usageSelect} where ${where} order by a.created_at desc, a.id desc limit 2000 offset ${offset}`);
        if (rows.length === 0) return;
        yield rows.map(presentUsage).map((r) => columns.map((k) => r[k] ?? ''));
        if (rows.length < 2000) return;
      }
    }
    return sendTable(reply, { format: req.query.format, name: `ai-usage-${new Date().toISOString().slice(0, 10)}`, sheet: 'ai-usage', header: [...columns], rows: batches() });
  });

  api.get('/api/ai/ledger', {
    config: { access: 'user' },
    schema: { tags, summary: 'The credits ledger of the account, newest first (grants, purchases, use, refunds, expiries)', querystring: aiUsageQuery.omit({ feature: true }), response: { 200: aiLedgerPageSchema } },
  }, async (req) => {
    const c = await callerOf(ctx, req);
    if (c.member) requirePermission(c.member, 'billing.view');
    const { page, per_page } = req.query;
    const rows = await rowsOf<{ id: string; created_at: Date | string; kind: 'grant'; pool: 'allowance'; credits: number; feature: AiFeature | null; request_id: string | null; who: string | null; note: string }>(db, sql`
      select e.id, e.created_at, e.kind, e.pool, e.credits, e.feature, e.request_id, u.name as who, e.note
        from ai_credit_entries e left join users u on u.id = e.actor_user_id
       where e.account_id = ${c.account.id} order by e.created_at desc, e.id desc limit ${per_page} offset ${(page - 1) * per_page}`);
    const [{ n }] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ai_credit_entries where account_id = ${c.account.id}`);
    return { data: rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString(), credits: Number(r.credits) })), meta: { total: Number(n), page, per_page } };
  });

  api.post('/api/ai/credits/purchase', {
    config: { access: 'billing.update' },
    schema: {
      tags,
      summary: 'Buy a pack of credits (100, 500 or 2,000) with a saved card: a one-off payment whose invoice is listed under Billing',
      body: aiPurchaseBody,
      response: { 201: envelope(aiPurchaseSchema), 402: apiErrorSchema },
    },
  }, async (req, reply) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'billing.update');
    const pack = AI_PACKS.find((p) => p.credits === req.body.pack)!;
    // A saved card first: nothing (not even the provider's customer) is made for a purchase that cannot be paid.
    const cus = m.organisation.providerCustomerId;
    const cards = cus ? await ctx.payments.listPaymentMethods(cus) : [];
    const card = req.body.payment_method_id ? cards.find((x) => x.id === req.body.payment_method_id) : (cards.find((x) => x.is_default) ?? cards[0]);
    if (!cus || !card) throw new AppError(422, 'invalid_request', 'No such payment method.', { payment_method_id: 'Save a card under Billing first, or choose one of the organisation’s saved cards.' });
    const requestId = req.body.request_id ?? uuidv7();
    const key = `fyn-${m.organisation.id}-ai-pack-${requestId}`;
    const description = `AI credits: pack of ${pack.credits.toLocaleString('en-GB')}`;
    let invoice;
    try {
      invoice = await ctx.payments.payOnce(await customerOf(ctx, ctx.payments, m.organisation, m.user.email), { description, amount: pack.amount_minor, currency: AI_PACK_CURRENCY }, card.id, key);
    } catch (err) {
      if (err instanceof PaymentError) {
        if (err.code === 'payments_unavailable') throw new AppError(503, err.code, err.message);
        throw new AppError(err.code === 'invalid_request' ? 422 : 402, err.code, err.message, { card: err.message });
      }
      throw err;
    }
    const account = await organisationAccount(ctx, m.organisation);
    const balance = await db.transaction(async (tx) => {
      await lockAccount(tx, account);
      await creditPurchase(tx, account, { credits: pack.credits, userId: m.user.id, requestId: `pack:${invoice.id}`, note: `${description}, invoice ${invoice.number}`, now: new Date() });
      return (await balancesOf(tx, account.id)).balance;
    });
    return reply.status(201).send({ data: { credits: pack.credits, balance, invoice_id: invoice.id, invoice_number: invoice.number, amount_minor: invoice.amount_paid, currency: AI_PACK_CURRENCY } });
  });

  api.put('/api/ai/member-caps/:userId', {
    config: { access: 'billing.update' },
    schema: { tags, summary: 'Set (or remove, with null) a member’s monthly cap of AI credits', params: z.object({ userId: z.uuid() }), body: aiMemberCapBody, response: { 204: z.null() } },
  }, async (req, reply) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'billing.update');
    await requireActiveMember(db, m.organisation.id, req.params.userId, 'user_id').catch(() => {
      throw notFound('The member');
    });
    const cap = req.body.monthly_cap;
    if (cap === null) await db.delete(aiMemberCaps).where(sql`${aiMemberCaps.organisation_id} = ${m.organisation.id} and ${aiMemberCaps.user_id} = ${req.params.userId}`);
    else {
      await db.insert(aiMemberCaps).values({ organisation_id: m.organisation.id, user_id: req.params.userId, monthly_cap: cap })
        .onConflictDoUpdate({ target: [aiMemberCaps.organisation_id, aiMemberCaps.user_id], set: { monthly_cap: cap, updated_at: new Date() } });
    }
    return reply.status(204).send(null);
  });
}

/** A member's monthly cap, or null. */
export async function capOf(ctx: AppContext, c: Caller): Promise<number | null> {
  if (!c.member) return null;
  const [row] = await ctx.database.db.select({ cap: aiMemberCaps.monthly_cap }).from(aiMemberCaps)
    .where(sql`${aiMemberCaps.organisation_id} = ${c.member.organisation.id} and ${aiMemberCaps.user_id} = ${c.userId}`);
  return row ? row.cap : null;
}
