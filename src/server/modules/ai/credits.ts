import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { AI_ALERT_THRESHOLDS, AI_CREDITS_METADATA_KEY, FREE_AI_CREDITS, type AiFeature } from '#shared/ai/prices.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import { aiCalls, aiCreditAlerts, aiCreditEntries } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { LOCALES, type Locale } from '#shared/api/user.ts';
import type { Mail } from '../mail/mailer.ts';
import { AI_ALERT_MAIL_TEXTS } from './alert-mail-texts.ts';
import { escapeHtml, mailLayout } from '../mail/templates.ts';
import { membersWith, notify } from '../notifications/notify.ts';
import { productsOf } from '../posts/service.ts';

/**
 * The AI credits ledger (docs/architecture.md#ai). Every change is a row of ai_credit_entries and
 * the balance is their sum. An account is an organisation, or a person while they have none.
 * Everything that reads a balance to decide runs under the account's row lock (the organisation's
 * or the person's row), so two calls racing for the last credit are served one after the other:
 * the first spends it, the second finds none.
 */
export type Account = {
  id: string;
  organisationId: string | null;
  /** Credits granted each period (the plan's metadata; the free plan 20). */
  allowance: number;
  /** Where the periods are counted from: the subscription's period start, or the 1st of a month. */
  anchor: Date;
};

export type Period = { start: Date; end: Date };

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** `anchor` moved by whole months, keeping its day (the 31st becomes the month's last day) and time. */
export function addMonths(anchor: Date, months: number): Date {
  const y = anchor.getUTCFullYear();
  const m = anchor.getUTCMonth() + months;
  const year = y + Math.floor(m / 12);
  const month = ((m % 12) + 12) % 12;
  return new Date(Date.UTC(year, month, Math.min(anchor.getUTCDate(), daysIn(year, month)), anchor.getUTCHours(), anchor.getUTCMinutes(), anchor.getUTCSeconds()));
}

/** The monthly credit period, counted from `anchor`, that holds `now`. */
export function periodOf(anchor: Date, now: Date): Period {
  let k = (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth());
  while (addMonths(anchor, k) > now) k--;
  while (addMonths(anchor, k + 1) <= now) k++;
  return { start: addMonths(anchor, k), end: addMonths(anchor, k + 1) };
}

export const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** Monthly credits of a product (metadata `n_ai_credits_per_month`); the free plan's without one. */
export function allowanceOfMetadata(metadata: Record<string, string> | undefined): number {
  const n = Number.parseInt(metadata?.[AI_CREDITS_METADATA_KEY] ?? '', 10);
  return Number.isFinite(n) && n >= 0 ? n : FREE_AI_CREDITS;
}

/** The account of an organisation: its paid plan's allowance counted from its subscription's period, else the free plan's from the 1st of the month. */
export async function organisationAccount(ctx: AppContext, org: { id: string; status: string; priceId: string | null; subscriptionId: string | null }, now = new Date()): Promise<Account> {
  const paid = Boolean(org.priceId && org.subscriptionId && ['active', 'outstanding_payment'].includes(org.status));
  if (paid) {
    const [products, sub] = await Promise.all([productsOf(ctx.payments).catch(() => []), ctx.payments.getSubscription(org.subscriptionId!).catch(() => null)]);
    const product = products.find((p) => p.prices.some((price) => price.id === org.priceId));
    if (sub && sub.status !== 'canceled') {
      return { id: org.id, organisationId: org.id, allowance: allowanceOfMetadata(product?.metadata), anchor: new Date(sub.current_period_start * 1000) };
    }
  }
  return { id: org.id, organisationId: org.id, allowance: FREE_AI_CREDITS, anchor: monthStart(now) };
}

export const personAccount = (userId: string, now = new Date()): Account => ({ id: userId, organisationId: null, allowance: FREE_AI_CREDITS, anchor: monthStart(now) });

/** Takes the account's row lock for the rest of the transaction. */
export async function lockAccount(tx: Tx, account: Account): Promise<void> {
  if (account.organisationId) await tx.execute(sql`select id from organisations where id = ${account.organisationId} for update`);
  else await tx.execute(sql`select id from users where id = ${account.id} for update`);
}

type Entry = typeof aiCreditEntries.$inferInsert;
const entry = (account: Account, e: Omit<Entry, 'id' | 'account_id' | 'organisation_id'>): Entry => ({ id: uuidv7(), account_id: account.id, organisation_id: account.organisationId, ...e });

export type Balances = { balance: number; allowance: number; purchased: number };

export async function balancesOf(db: Db | Tx, accountId: string): Promise<Balances> {
  const [r] = await rowsOf<{ allowance: number | null; purchased: number | null }>(db, sql`
    select sum(credits) filter (where pool = 'allowance')::int as allowance, sum(credits) filter (where pool = 'purchased')::int as purchased
      from ai_credit_entries where account_id = ${accountId}`);
  const allowance = Number(r?.allowance ?? 0);
  const purchased = Number(r?.purchased ?? 0);
  return { balance: allowance + purchased, allowance, purchased };
}

/**
 * Brings the account to the period of `now` (under its lock): for each period begun since the
 * last grant, the allowance left over rolls over up to one allowance and the rest expires (an
 * `expire` entry says how much), then the period's allowance is granted. The first visit grants
 * the current period only. Runs again harmlessly: a period is granted once (unique index).
 */
export async function settle(tx: Tx, account: Account, now: Date): Promise<Period> {
  const current = periodOf(account.anchor, now);
  const [last] = await rowsOf<{ start: Date | string | null }>(tx, sql`select max(period_start) as start from ai_credit_entries where account_id = ${account.id} and kind = 'grant'`);
  const lastStart = last?.start ? new Date(last.start) : null;
  let starts: Date[];
  if (!lastStart) starts = [current.start];
  else {
    starts = [];
    // Periods begun after the last grant, oldest first (at most three years of them).
    for (let p = current.start; p > lastStart && starts.length < 36; p = periodOf(account.anchor, new Date(p.getTime() - 1)).start) starts.unshift(p);
  }
  for (const start of starts) {
    if (lastStart) {
      const { allowance: left } = await balancesOf(tx, account.id);
      const expired = Math.max(0, left - account.allowance);
      if (expired > 0) {
        await tx.insert(aiCreditEntries).values(entry(account, {
          kind: 'expire', pool: 'allowance', credits: -expired, period_start: start, created_at: start,
          note: `${left} allowance credits left at the end of the period; ${left - expired} roll over (at most one allowance, ${account.allowance}), ${expired} expire`,
        }));
      }
    }
    await tx.insert(aiCreditEntries).values(entry(account, { kind: 'grant', pool: 'allowance', credits: account.allowance, period_start: start, created_at: start, note: `Monthly allowance of the plan (${account.allowance})` }))
      .onConflictDoNothing();
  }
  return current;
}

/** Credits spent in the period (consumed less refunded), in all and by one member. */
export async function usedIn(db: Db | Tx, accountId: string, period: Period, userId?: string): Promise<number> {
  const [r] = await rowsOf<{ used: number | null }>(db, sql`
    select -sum(credits)::int as used from ai_credit_entries
     where account_id = ${accountId} and kind in ('consume', 'refund') and period_start = ${period.start.toISOString()}::timestamptz
       ${userId ? sql`and actor_user_id = ${userId}` : sql``}`);
  return Number(r?.used ?? 0);
}

export type Charge = { callId: string; credits: number; period: Period; replay: typeof aiCalls.$inferSelect | null; alerts: string[] };

/**
 * Charges a feature's price before it runs, under the account's lock: the same request id again
 * answers the first call (nothing charged); a balance short of the price is 402
 * `ai_credits_exhausted` with the price, a member past their monthly cap 402
 * `ai_member_cap_reached`; nothing is written then. The allowance is spent before purchased
 * credits. The call is logged as running; `finishCall` or `refundCall` ends it.
 */
export async function charge(ctx: AppContext, input: {
  account: Account; userId: string; feature: AiFeature; cost: number; requestId: string; engine: string; model: string | null; memberCap?: number | null;
  subject?: { type: string; id: string } | null; now?: Date;
}): Promise<Charge> {
  const { account, cost } = input;
  const now = input.now ?? new Date();
  return ctx.database.db.transaction(async (tx) => {
    await lockAccount(tx, account);
    const period = await settle(tx, account, now);
    const [previous] = await tx.select().from(aiCalls).where(sql`${aiCalls.account_id} = ${account.id} and ${aiCalls.request_id} = ${input.requestId}`);
    if (previous) {
      if (previous.feature !== input.feature) throw new AppError(409, 'request_id_reused', 'This request id was used for another feature.');
      return { callId: previous.id, credits: 0, period, replay: previous, alerts: [] };
    }
    const b = await balancesOf(tx, account.id);
    if (b.balance < cost) {
      throw new AppError(402, 'ai_credits_exhausted', `This costs ${cost} credits and ${Math.max(0, b.balance)} are left. Buy a pack of credits or wait for the next period.`, undefined, undefined, { cost, balance: Math.max(0, b.balance) });
    }
    if (input.memberCap !== undefined && input.memberCap !== null) {
      const mine = await usedIn(tx, account.id, period, input.userId);
      if (mine + cost > input.memberCap) {
        throw new AppError(402, 'ai_member_cap_reached', `This costs ${cost} credits and your monthly cap of ${input.memberCap} leaves ${Math.max(0, input.memberCap - mine)}. An owner can raise it.`, undefined, undefined, { cost, balance: b.balance });
      }
    }
    const fromAllowance = Math.min(Math.max(b.allowance, 0), cost);
    const parts: [('allowance' | 'purchased'), number][] = [['allowance', fromAllowance], ['purchased', cost - fromAllowance]];
    for (const [pool, credits] of parts) {
      if (credits > 0) {
        await tx.insert(aiCreditEntries).values(entry(account, {
          kind: 'consume', pool, credits: -credits, feature: input.feature, request_id: input.requestId, actor_user_id: input.userId, period_start: period.start, created_at: now,
          note: `${input.feature} (${input.engine}${input.model ? `, ${input.model}` : ''})`,
        }));
      }
    }
    const callId = uuidv7();
    await tx.insert(aiCalls).values({
      id: callId, account_id: account.id, organisation_id: account.organisationId, user_id: input.userId, feature: input.feature, request_id: input.requestId,
      engine: input.engine, model: input.model, status: 'running', credits: cost, subject_type: input.subject?.type ?? null, subject_id: input.subject?.id ?? null, created_at: now,
    });
    const alerts = await alertsCrossed(tx, account, period, b.balance - cost);
    return { callId, credits: cost, period, replay: null, alerts };
  }).then(async (done) => {
    for (const alert_id of done.alerts) await ctx.jobs.send('ai.credits-alert-mail', { alert_id }, { startAfterSeconds: alertMailDelay(ctx) });
    return done;
  });
}

/** New 80 % / 100 % alerts of the period (each once while it stands; a refund may withdraw it: alertsWithdrawn), given the balance after a charge. */
async function alertsCrossed(tx: Tx, account: Account, period: Period, balanceAfter: number): Promise<string[]> {
  const used = await usedIn(tx, account.id, period);
  const total = used + Math.max(0, balanceAfter);
  const ids: string[] = [];
  for (const threshold of AI_ALERT_THRESHOLDS) {
    if (total === 0 || used * 100 < threshold * total) continue;
    const [row] = await tx.insert(aiCreditAlerts).values({ id: uuidv7(), account_id: account.id, period_start: period.start, threshold }).onConflictDoNothing().returning({ id: aiCreditAlerts.id });
    if (!row) continue;
    ids.push(row.id);
    for (const userId of await ownersOf(tx, account)) {
      await notify(tx, { userId, organisationId: account.organisationId, type: 'ai_credits', groupKey: `ai_credits:${row.id}`, data: { threshold, used, total } });
    }
  }
  return ids;
}

/** Who is told about the account's credits: the organisation's owners (billing.update), or the person. */
export const ownersOf = (db: Db | Tx, account: Account) => (account.organisationId ? membersWith(db, account.organisationId, 'billing.update') : Promise.resolve([account.id]));

/**
 * Mails the owners once per alert, each in their own language (the alert's `mailed_at`, set after
 * the mails left; a job run twice after a crash finds it set).
 */
export function defineAiJobs(ctx: AppContext) {
  const db = ctx.database.db;
  ctx.jobs.define<{ alert_id: string }>({
    name: 'ai.credits-alert-mail',
    retryLimit: 5,
    async handler({ alert_id }) {
      const [alert] = await db.select().from(aiCreditAlerts).where(sql`${aiCreditAlerts.id} = ${alert_id} and ${aiCreditAlerts.mailed_at} is null`);
      if (!alert) return;
      const [org] = await rowsOf<{ name: string }>(db, sql`select name from organisations where id = ${alert.account_id}`);
      const account = { id: alert.account_id, organisationId: org ? alert.account_id : null } as Account;
      const ids = await ownersOf(db, account);
      const people = ids.length ? await rowsOf<{ email: string; name: string; locale: string | null }>(db, sql`select email, name, locale from users where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`) : [];
      // Each owner in their own language, as they chose it for the product.
      for (const p of people) await ctx.mailer.send(aiCreditsMail(p.email, p.name, org?.name ?? null, alert.threshold, `${ctx.config.appUrl}/ai`, localeOf(p.locale)));
      await db.update(aiCreditAlerts).set({ mailed_at: new Date() }).where(sql`${aiCreditAlerts.id} = ${alert_id}`);
    },
  });
}

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

/** The language of a mail to a person: their own (users.locale) when the product has it, else English. */
export const localeOf = (v: string | null | undefined): Locale => ((LOCALES as readonly string[]).includes(v ?? '') ? (v as Locale) : 'en');

/** The 80 % / 100 % alert mail, in the owner's language (alert-mail-texts.ts). */
export function aiCreditsMail(to: string, name: string, organisation: string | null, threshold: number, link: string, locale: Locale = 'en'): Mail {
  const t = AI_ALERT_MAIL_TEXTS[locale];
  const values = { name, organisation: organisation ?? '', threshold: String(threshold) };
  const all = threshold >= 100;
  const what = fill(organisation ? (all ? t.org_all : t.org_part) : all ? t.me_all : t.me_part, values);
  const hello = fill(t.hello, values);
  return {
    to,
    subject: fill(all ? t.subject_all : t.subject_part, values),
    text: `${hello}\n\n${what}\n\n${t.link}: ${link}\n`,
    html: mailLayout(`<p>${escapeHtml(hello)}</p><p>${escapeHtml(what)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t.link)}</a></p>`, t.footer),
  };
}

export async function finishCall(ctx: AppContext, callId: string, result: { output: Record<string, unknown>; tokensIn?: number; tokensOut?: number; durationMs: number; model?: string | null }) {
  await ctx.database.db.update(aiCalls).set({
    status: 'ok', output: result.output, tokens_in: result.tokensIn ?? 0, tokens_out: result.tokensOut ?? 0, duration_ms: result.durationMs,
    ...(result.model !== undefined && { model: result.model }),
  }).where(sql`${aiCalls.id} = ${callId}`);
}

/**
 * Gives back what a call was charged (an invalid or failed provider answer): one `refund` entry
 * per pool it was charged from, once (unique per request id, kind and pool), and the call marked failed.
 */
export async function refundCall(ctx: AppContext, account: Account, callId: string, error: string, durationMs: number, tokens?: { in: number; out: number }) {
  await ctx.database.db.transaction(async (tx) => {
    await lockAccount(tx, account);
    const [call] = await tx.select().from(aiCalls).where(sql`${aiCalls.id} = ${callId}`);
    if (!call) return;
    const consumed = await tx.select().from(aiCreditEntries).where(sql`${aiCreditEntries.account_id} = ${account.id} and ${aiCreditEntries.request_id} = ${call.request_id} and ${aiCreditEntries.kind} = 'consume'`);
    for (const c of consumed) {
      await tx.insert(aiCreditEntries).values(entry(account, {
        kind: 'refund', pool: c.pool, credits: -c.credits, feature: c.feature, request_id: c.request_id, actor_user_id: c.actor_user_id, period_start: c.period_start,
        note: `Refunded: ${error}`.slice(0, 500),
      })).onConflictDoNothing();
    }
    await tx.update(aiCalls).set({ status: 'failed', error: error.slice(0, 500), duration_ms: durationMs, tokens_in: tokens?.in ?? 0, tokens_out: tokens?.out ?? 0 }).where(sql`${aiCalls.id} = ${callId}`);
    if (consumed[0]?.period_start) await alertsWithdrawn(tx, account, consumed[0].period_start);
  });
}

/**
 * The alert rule when a refund gives credits back (docs/architecture.md#ai): an alert tells of
 * credits really spent, so a refund that brings the period's use back under a level withdraws that
 * level's alert — its row goes (the level is armed again, and the next charge that crosses it tells
 * the owners again, in the same period), its notifications go where still unread, and its mail,
 * when not sent yet, is not sent (the mail job finds no alert). A mail already sent is not recalled.
 * The mail waits for the provider's timeout (alertMailDelay), so a call that fails and is refunded
 * mails nobody, and a failing provider cannot mail the owners at each retry.
 */
async function alertsWithdrawn(tx: Tx, account: Account, periodStart: Date) {
  const used = await usedIn(tx, account.id, { start: periodStart, end: periodStart });
  const { balance } = await balancesOf(tx, account.id);
  const total = used + Math.max(0, balance);
  for (const threshold of AI_ALERT_THRESHOLDS) {
    if (total > 0 && used * 100 >= threshold * total) continue;
    const gone = await tx.delete(aiCreditAlerts)
      .where(sql`${aiCreditAlerts.account_id} = ${account.id} and ${aiCreditAlerts.period_start} = ${periodStart.toISOString()}::timestamptz and ${aiCreditAlerts.threshold} = ${threshold}`)
      .returning({ id: aiCreditAlerts.id });
    for (const { id } of gone) await tx.execute(sql`delete from notifications where type = 'ai_credits' and group_key = ${`ai_credits:${id}`} and read_at is null`);
  }
}

/** Seconds an alert's mail waits: past the provider's timeout and a margin, the time a charged call may still be refunded in. */
export const alertMailDelay = (ctx: AppContext) => (ctx.config.ai ? Math.ceil(ctx.config.ai.timeoutMs / 1000) + 30 : 30);

/** Adds a bought pack to the account (once per request id). */
export async function creditPurchase(tx: Tx, account: Account, input: { credits: number; userId: string; requestId: string; note: string; now: Date }) {
  const period = await settle(tx, account, input.now);
  await tx.insert(aiCreditEntries).values(entry(account, {
    kind: 'purchase', pool: 'purchased', credits: input.credits, actor_user_id: input.userId, request_id: input.requestId, period_start: period.start, note: input.note,
  })).onConflictDoNothing();
}

/**
 * The subscription ended: the bought credits, which last while it does, expire — one `expire`
 * entry of the purchased pool that says so, once per subscription. The caller holds the
 * organisation's row lock (billing's event transaction), the account's lock.
 */
export async function expirePurchased(tx: Tx, organisationId: string, input: { subscriptionId: string | null; at: Date }): Promise<number> {
  const account = { id: organisationId, organisationId } as Account;
  const { purchased } = await balancesOf(tx, account.id);
  if (purchased <= 0) return 0;
  const [last] = await rowsOf<{ start: Date | string | null }>(tx, sql`select max(period_start) as start from ai_credit_entries where account_id = ${account.id}`);
  await tx.insert(aiCreditEntries).values(entry(account, {
    kind: 'expire', pool: 'purchased', credits: -purchased, request_id: `subscription-end:${input.subscriptionId ?? 'none'}`,
    period_start: last?.start ? new Date(last.start) : input.at, created_at: input.at,
    note: `The subscription ended: ${purchased} bought credits expire (bought credits last while the subscription does)`,
  })).onConflictDoNothing();
  return purchased;
}
