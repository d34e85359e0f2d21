import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';
import { addMonths, balancesOf, charge, creditPurchase, lockAccount, periodOf, refundCall, settle, type Account } from './credits.ts';

let t: TestApp;
const p = people(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const at = (iso: string) => new Date(iso);
const ctx = () => t.app.ctx;
let seq = 0;
const rid = () => `req-${Date.now()}-${++seq}`;
/** An organisation's account with a chosen allowance and period anchor (the plan and subscription decide these in the app). */
async function account(allowance = 20, anchor = at('2026-01-01T00:00:00Z')): Promise<Account & { owner: Awaited<ReturnType<typeof p.owner>> }> {
  const owner = await p.owner();
  return { id: owner.orgId, organisationId: owner.orgId, allowance, anchor, owner };
}
const use = (a: Awaited<ReturnType<typeof account>>, cost: number, now: string, over: { requestId?: string; userId?: string; cap?: number | null } = {}) =>
  charge(ctx(), { account: a, userId: over.userId ?? a.owner.userId, feature: 'quote_draft', cost, requestId: over.requestId ?? rid(), engine: 'builtin', model: null, memberCap: over.cap, now: at(now) });
const balances = (a: Account) => balancesOf(t.database.db, a.id);
const bring = (a: Account, now: string) => t.database.db.transaction(async (tx) => {
  await lockAccount(tx, a);
  return settle(tx, a, at(now));
});
const ledger = async (a: Account) =>
  (await t.database.query<{ kind: string; pool: string; credits: number }>('select kind, pool, credits from ai_credit_entries where account_id = $1 order by id', [a.id]))
    .map((e) => `${e.kind} ${e.pool} ${e.credits}`);

describe('credit periods', () => {
  it('counts months from the anchor, keeping its day (the 31st falls on a month’s last day)', () => {
    expect(addMonths(at('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(at('2026-01-31T10:00:00Z'), 13).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    const p1 = periodOf(at('2026-01-15T09:00:00Z'), at('2026-03-15T08:59:59Z'));
    expect([p1.start.toISOString(), p1.end.toISOString()]).toEqual(['2026-02-15T09:00:00.000Z', '2026-03-15T09:00:00.000Z']);
    const p2 = periodOf(at('2026-01-15T09:00:00Z'), at('2026-03-15T09:00:00Z'));
    expect(p2.start.toISOString()).toBe('2026-03-15T09:00:00.000Z');
  });
});

describe('the ledger, worked out by hand', () => {
  it('grants the allowance, spends it before purchased credits, refunds, and rolls over at most one allowance', async () => {
    const a = await account(20);
    // January: grant 20; use 5 and 3; the 3 is refunded (an invalid answer); a pack of 100 is bought.
    await use(a, 5, '2026-01-10T00:00:00Z');
    const failed = await use(a, 3, '2026-01-11T00:00:00Z');
    expect(await balances(a)).toEqual({ balance: 12, allowance: 12, purchased: 0 });
    await refundCall(ctx(), a, failed.callId, 'the provider answered out of schema', 10);
    await refundCall(ctx(), a, failed.callId, 'run twice', 10); // a second refund gives nothing more
    expect(await balances(a)).toEqual({ balance: 15, allowance: 15, purchased: 0 });
    await t.database.db.transaction(async (tx) => {
      await lockAccount(tx, a);
      await creditPurchase(tx, a, { credits: 100, userId: a.owner.userId, requestId: 'pack:inv_1', note: 'pack', now: at('2026-01-12T00:00:00Z') });
    });
    expect(await balances(a)).toEqual({ balance: 115, allowance: 15, purchased: 100 });
    // February: 15 left ≤ 20 roll over whole; 20 granted → 35 + 100.
    await bring(a, '2026-02-03T00:00:00Z');
    expect(await balances(a)).toEqual({ balance: 135, allowance: 35, purchased: 100 });
    // 30 from the allowance; then 10: the allowance's last 5, then 5 purchased.
    await use(a, 30, '2026-02-04T00:00:00Z');
    await use(a, 10, '2026-02-05T00:00:00Z');
    expect(await balances(a)).toEqual({ balance: 95, allowance: 0, purchased: 95 });
    expect(await ledger(a)).toEqual([
      'grant allowance 20', 'consume allowance -5', 'consume allowance -3', 'refund allowance 3', 'purchase purchased 100',
      'grant allowance 20', 'consume allowance -30', 'consume allowance -5', 'consume purchased -5',
    ]);
  });

  it('expires what is above one allowance at the period’s end, for every period missed, and says so', async () => {
    const a = await account(20);
    await bring(a, '2026-01-02T00:00:00Z'); // 20
    await bring(a, '2026-01-30T00:00:00Z'); // same period: nothing
    // April, three periods later: Feb 20 + 20 = 40; Mar 40 → 20 roll over, 20 expire, + 20 = 40; Apr the same.
    const period = await bring(a, '2026-04-20T00:00:00Z');
    expect(period.start.toISOString()).toBe('2026-04-01T00:00:00.000Z');
    expect(await ledger(a)).toEqual(['grant allowance 20', 'grant allowance 20', 'expire allowance -20', 'grant allowance 20', 'expire allowance -20', 'grant allowance 20']);
    expect((await balances(a)).balance).toBe(40);
    const [note] = await t.database.query<{ note: string }>("select note from ai_credit_entries where account_id = $1 and kind = 'expire' order by created_at limit 1", [a.id]);
    expect(note.note).toBe('40 allowance credits left at the end of the period; 20 roll over (at most one allowance, 20), 20 expire');
    // Purchased credits never expire with the period.
    await t.database.db.transaction(async (tx) => {
      await lockAccount(tx, a);
      await creditPurchase(tx, a, { credits: 500, userId: a.owner.userId, requestId: 'pack:inv_2', note: 'pack', now: at('2026-04-21T00:00:00Z') });
    });
    await bring(a, '2026-05-01T00:00:00Z');
    expect(await balances(a)).toEqual({ balance: 540, allowance: 40, purchased: 500 });
  });

  it('refuses at zero with 402 ai_credits_exhausted and the price, writing nothing', async () => {
    const a = await account(20);
    await use(a, 20, '2026-01-05T00:00:00Z');
    const before = await ledger(a);
    await expect(use(a, 3, '2026-01-06T00:00:00Z')).rejects.toMatchObject({ status: 402, code: 'ai_credits_exhausted', extra: { cost: 3, balance: 0 } });
    expect(await ledger(a)).toEqual(before);
    expect(await t.database.query('select 1 from ai_calls where account_id = $1', [a.id])).toHaveLength(1);
  });

  it('charges the same request id once and answers the first call again', async () => {
    const a = await account(20);
    const first = await use(a, 4, '2026-01-05T00:00:00Z', { requestId: 'same-request-1' });
    const again = await use(a, 4, '2026-01-05T00:01:00Z', { requestId: 'same-request-1' });
    expect(again).toMatchObject({ callId: first.callId, credits: 0 });
    expect(again.replay?.id).toBe(first.callId);
    expect((await balances(a)).balance).toBe(16);
  });

  it('serves two calls racing for the last credit one after the other: one runs, the other gets 402', async () => {
    const a = await account(2);
    await use(a, 1, '2026-01-05T00:00:00Z');
    const results = await Promise.allSettled([use(a, 1, '2026-01-05T00:00:01Z'), use(a, 1, '2026-01-05T00:00:01Z')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 402, code: 'ai_credits_exhausted' });
    expect(await balances(a)).toEqual({ balance: 0, allowance: 0, purchased: 0 });
  });

  it('holds a member to their monthly cap, counting refunds back, and resets it next period', async () => {
    const a = await account(50);
    const staff = await a.owner.join(a.owner.role('staff'));
    await use(a, 3, '2026-01-05T00:00:00Z', { userId: staff.userId, cap: 4 });
    await expect(use(a, 2, '2026-01-06T00:00:00Z', { userId: staff.userId, cap: 4 })).rejects.toMatchObject({ status: 402, code: 'ai_member_cap_reached' });
    await use(a, 1, '2026-01-06T00:00:00Z', { userId: staff.userId, cap: 4 });
    await use(a, 10, '2026-01-06T00:00:00Z'); // the owner has no cap
    await use(a, 4, '2026-02-02T00:00:00Z', { userId: staff.userId, cap: 4 });
    // January leaves 50 − 3 − 1 − 10 = 36, all of it rolls over (36 ≤ 50); February grants 50; the member uses 4.
    expect((await balances(a)).balance).toBe(36 + 50 - 4);
  });

  it('tells the owners once at 80 % and once at 100 % of the period’s credits, in the app and by mail', async () => {
    const a = await account(10);
    await use(a, 7, '2026-01-05T00:00:00Z');
    expect(await t.database.query('select 1 from ai_credit_alerts where account_id = $1', [a.id])).toHaveLength(0);
    await use(a, 1, '2026-01-05T00:00:00Z'); // 8 of 10
    await use(a, 1, '2026-01-05T00:00:00Z'); // 9 of 10: no second 80 % alert
    await use(a, 1, '2026-01-05T00:00:00Z'); // 10 of 10
    const alerts = await t.database.query<{ threshold: number }>('select threshold from ai_credit_alerts where account_id = $1 order by threshold', [a.id]);
    expect(alerts.map((r) => r.threshold)).toEqual([80, 100]);
    const told = await t.database.query<{ data: { threshold: number; used: number; total: number } }>("select data from notifications where user_id = $1 and type = 'ai_credits' order by created_at", [a.owner.userId]);
    expect(told.map((n) => n.data)).toEqual([{ threshold: 80, used: 8, total: 10 }, { threshold: 100, used: 10, total: 10 }]);
    // The mail job (run here by hand: tests do not work the queue), once per alert even when run twice.
    const [a80, a100] = await t.database.query<{ id: string }>('select id from ai_credit_alerts where account_id = $1 order by threshold', [a.id]);
    for (const alert of [a80, a100, a80]) await ctx().jobs.runNow('ai.credits-alert-mail', { alert_id: alert.id });
    const mails = await t.database.query<{ subject: string }>('select subject from mail_outbox where "to" = $1 and subject like \'AI credits%\' order by created_at', [a.owner.email]);
    expect(mails.map((m) => m.subject)).toEqual(['AI credits 80 % used', 'AI credits used up']);
  });
});

describe('alerts in the owner’s language, and withdrawn by a refund', () => {
  it('mails each owner the alert in their own language (users.locale), English when theirs is not one of the product’s', async () => {
    const a = await account(10);
    const [{ name: orgName }] = await t.database.query<{ name: string }>('select name from organisations where id = $1', [a.id]);
    expect((await a.owner.request('PATCH', '/api/user', { locale: 'de' })).statusCode).toBe(200);
    await use(a, 8, '2026-01-05T00:00:00Z');
    await use(a, 2, '2026-01-06T00:00:00Z');
    const [a80, a100] = await t.database.query<{ id: string }>('select id from ai_credit_alerts where account_id = $1 order by threshold', [a.id]);
    for (const alert of [a80, a100]) await ctx().jobs.runNow('ai.credits-alert-mail', { alert_id: alert.id });
    const mails = await t.database.query<{ subject: string; text: string; html: string }>('select subject, text, html from mail_outbox where "to" = $1 order by created_at', [a.owner.email]);
    const alerts = mails.filter((m) => m.subject.startsWith('KI-Credits'));
    expect(alerts.map((m) => m.subject)).toEqual(['KI-Credits zu 80 % verbraucht', 'KI-Credits aufgebraucht']);
    expect(alerts[0].text).toContain(`${orgName} hat 80 % der KI-Credits dieses Zeitraums verbraucht.`);
    expect(alerts[0].text).toContain('Verbrauch ansehen und Credits kaufen: ');
    expect(alerts[1].html).toContain('Sie erhalten diese Nachricht, weil Sie die Abrechnung Ihrer Organisation verwalten.');
  });

  it('words every language of the product, the placeholders filled', async () => {
    const { aiCreditsMail } = await import('./credits.ts');
    const { LOCALES } = await import('#shared/api/user.ts');
    const subjects = new Set<string>();
    for (const locale of LOCALES) {
      for (const threshold of [80, 100]) {
        const m = aiCreditsMail('o@example.com', 'Ana', 'Northwind', threshold, 'http://localhost/ai', locale);
        expect(m.text, `${locale} ${threshold}`).not.toMatch(/[{}]/);
        expect(m.text).toContain('Northwind');
        expect(m.text).toContain('Ana');
        if (threshold === 80) expect(m.subject).toContain('80');
        subjects.add(m.subject);
      }
    }
    expect(subjects.size).toBe(16);
    expect(aiCreditsMail('o@example.com', 'Ana', null, 80, 'http://localhost/ai', 'fr').text).toContain('Vous avez utilisé 80 % des crédits IA de la période.');
  });

  it('withdraws an alert when a refund brings the use back under its level: unread notification gone, no mail, and it fires again at the next crossing', async () => {
    const a = await account(10);
    await use(a, 7, '2026-01-05T00:00:00Z');
    const crossing = await use(a, 2, '2026-01-05T00:00:00Z'); // 9 of 10: 80 %
    expect(crossing.alerts).toHaveLength(1);
    const notes = () => t.database.query<{ data: { threshold: number; used: number } }>("select data from notifications where user_id = $1 and type = 'ai_credits' order by created_at", [a.owner.userId]);
    expect((await notes()).map((n) => n.data)).toEqual([{ threshold: 80, used: 9, total: 10 }]);
    // The call that crossed fails: 2 refunded, 7 of 10 used (70 % < 80 %): the alert is withdrawn before its mail left.
    await refundCall(ctx(), a, crossing.callId, 'the provider timed out', 10);
    expect(await t.database.query('select 1 from ai_credit_alerts where account_id = $1', [a.id])).toHaveLength(0);
    expect(await notes()).toHaveLength(0);
    await ctx().jobs.runNow('ai.credits-alert-mail', { alert_id: crossing.alerts[0] });
    const alertMails = async () => (await t.database.query<{ subject: string }>('select subject from mail_outbox where "to" = $1 order by created_at', [a.owner.email])).filter((m) => m.subject.startsWith('AI credits'));
    expect(await alertMails()).toHaveLength(0);
    // Used 7 + 1 = 8 of 10: the level is armed again and fires again in the same period.
    const again = await use(a, 1, '2026-01-06T00:00:00Z');
    expect(again.alerts).toHaveLength(1);
    expect((await notes()).map((n) => n.data)).toEqual([{ threshold: 80, used: 8, total: 10 }]);
    await ctx().jobs.runNow('ai.credits-alert-mail', { alert_id: again.alerts[0] });
    expect((await alertMails()).map((m) => m.subject)).toEqual(['AI credits 80 % used']);
    // A refund that leaves the use at or above a level keeps its alert: 8 + 1 = 9, refunded → 8 of 10 (80 %).
    const small = await use(a, 1, '2026-01-06T00:00:00Z');
    await refundCall(ctx(), a, small.callId, 'the provider failed', 10);
    expect((await t.database.query<{ threshold: number }>('select threshold from ai_credit_alerts where account_id = $1', [a.id])).map((r) => r.threshold)).toEqual([80]);
  });
});

describe('GET /api/ai/credits, purchase and caps', () => {
  const card = (number: string) => ({ number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' });

  it('shows a person without an organisation their own free credits', async () => {
    const u = await p.user();
    const res = await u.get('/api/ai/credits');
    expect(res.statusCode).toBe(200);
    expect(res.data.data).toMatchObject({ balance: 20, allowance: 20, purchased: 0, used_this_period: 0, engine: { kind: 'builtin', model: null }, can_manage: true });
    expect(await createClient(t.app).get('/api/ai/credits')).toMatchObject({ statusCode: 401 });
  });

  it('buys a pack with a saved card: invoice under Billing, credits on the ledger; a refused card buys nothing', async () => {
    const o = await p.owner();
    expect((await o.post('/api/ai/credits/purchase', { pack: 100 })).statusCode).toBe(422); // no card yet
    expect((await o.post('/api/ai/credits/purchase', { pack: 150 })).statusCode).toBe(422);
    await o.post('/api/billing/payment-methods', card('4242424242424242'));
    const bought = await o.post('/api/ai/credits/purchase', { pack: 500, request_id: 'pack-request-1' });
    expect(bought.statusCode).toBe(201);
    expect(bought.data.data).toMatchObject({ credits: 500, balance: 520, amount_minor: 4500, currency: 'GBP' });
    const again = await o.post('/api/ai/credits/purchase', { pack: 500, request_id: 'pack-request-1' });
    expect(again.data.data).toMatchObject({ invoice_id: bought.data.data.invoice_id, balance: 520 });
    const invoices = (await o.get('/api/billing/invoices')).data.data as { id: string; amount_paid: number; status: string; lines: { description: string }[] }[];
    expect(invoices.filter((i) => i.id === bought.data.data.invoice_id)).toEqual([expect.objectContaining({ amount_paid: 4500, status: 'paid', lines: [expect.objectContaining({ description: 'AI credits: pack of 500' })] })]);
    const credits = (await o.get('/api/ai/credits')).data.data;
    expect(credits).toMatchObject({ balance: 520, allowance: 20, purchased: 500 });

    const refused = await p.owner();
    await refused.post('/api/billing/payment-methods', card('4000000000000341'));
    const declined = await refused.post('/api/ai/credits/purchase', { pack: 100 });
    expect(declined.statusCode).toBe(402);
    expect(declined.data.error.code).toBe('card_declined');
    expect((await refused.get('/api/ai/credits')).data.data.balance).toBe(20);
    expect((await refused.get('/api/billing/invoices')).data.data).toEqual([]);
  });

  it('keeps bought credits while the subscription lasts and expires them, saying so, when it ends', async () => {
    const o = await p.owner();
    const pm = await o.post('/api/billing/payment-methods', card('4242424242424242'));
    expect((await o.post('/api/billing/subscribe', { price_id: 'price_growth_month', payment_method_id: pm.data.data.id })).statusCode).toBe(200);
    expect((await o.post('/api/ai/credits/purchase', { pack: 100 })).statusCode).toBe(201);
    // Growth grants 1,000 a month (its metadata); the pack adds 100.
    expect((await o.get('/api/ai/credits')).data.data).toMatchObject({ balance: 1100, allowance: 1000, purchased: 100 });
    // A renewal is not an end: 31 days on, the pack is whole (the provider's clock runs ahead; the credit period follows it).
    await o.post('/api/dev/billing/advance-clock', { days: 31 });
    expect((await o.get('/api/ai/credits')).data.data.purchased).toBe(100);
    expect(await t.database.query("select 1 from ai_credit_entries where account_id = $1 and kind = 'expire'", [o.orgId])).toHaveLength(0);
    // Cancelled, it ends at the end of the period: the 100 bought credits expire with an entry that says so; the allowance is not touched by it.
    await o.post('/api/billing/cancel');
    await o.post('/api/dev/billing/advance-clock', { days: 32 });
    expect((await o.get('/api/billing/subscription')).data.data.status).toBe('inactive');
    const expired = await t.database.query<{ pool: string; credits: number; note: string }>("select pool, credits, note from ai_credit_entries where account_id = $1 and kind = 'expire'", [o.orgId]);
    expect(expired).toEqual([{ pool: 'purchased', credits: -100, note: 'The subscription ended: 100 bought credits expire (bought credits last while the subscription does)' }]);
    expect((await o.get('/api/ai/credits')).data.data.purchased).toBe(0);
    const entries = (await o.get('/api/ai/ledger')).data.data as { kind: string; pool: string; credits: number }[];
    expect(entries.filter((e) => e.pool === 'purchased').map((e) => `${e.kind} ${e.credits}`).sort()).toEqual(['expire -100', 'purchase 100']);
  });

  it('lets owners set members’ caps; staff neither buy nor cap', async () => {
    const o = await p.owner();
    const staff = await o.join(o.role('staff'));
    expect((await staff.post('/api/ai/credits/purchase', { pack: 100 })).statusCode).toBe(403);
    expect((await staff.put(`/api/ai/member-caps/${o.userId}`, { monthly_cap: 1 })).statusCode).toBe(403);
    expect((await o.put(`/api/ai/member-caps/${staff.userId}`, { monthly_cap: 5 })).statusCode).toBe(204);
    const outsider = await p.user();
    expect((await o.put(`/api/ai/member-caps/${outsider.userId}`, { monthly_cap: 5 })).statusCode).toBe(404);
    const credits = (await o.get('/api/ai/credits')).data.data;
    expect(credits.by_member).toEqual([expect.objectContaining({ user_id: staff.userId, credits: 0, monthly_cap: 5 })]);
    expect((await staff.get('/api/ai/credits')).data.data).toMatchObject({ can_manage: false, balance: 20 });
    expect((await o.put(`/api/ai/member-caps/${staff.userId}`, { monthly_cap: null })).statusCode).toBe(204);
    expect((await o.get('/api/ai/credits')).data.data.by_member).toEqual([]);
  });

  it('prices every feature by engine and lists the packs', async () => {
    const u = await p.user();
    const prices = (await u.get('/api/ai/prices')).data.data;
    expect(prices.packs).toEqual([{ credits: 100, amount_minor: 1000, currency: 'GBP' }, { credits: 500, amount_minor: 4500, currency: 'GBP' }, { credits: 2000, amount_minor: 16000, currency: 'GBP' }]);
    expect(prices.features).toContainEqual({ feature: 'quote_draft', builtin: 1, provider: 3 });
  });
});
