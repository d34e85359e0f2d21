import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { organisations } from '../../db/schema/index.ts';
import { AI_PACK_CURRENCY, AI_PACKS, AI_PRICES } from '#shared/ai/prices.ts';
import { charge, creditPurchase, finishCall, lockAccount, organisationAccount, refundCall } from '../ai/credits.ts';
import { extractEnquiry } from '../ai/builtin/enquiry.ts';
import { placeLookup } from '../ai/builtin/evaluate.ts';
import { clientLookup } from '../ai/quote-drafts.ts';
import { customerOf } from '../billing/service.ts';

/** Enquiries Northwind's desk read with the assistant (the built-in engine reads them again here: real drafts). */
const ENQUIRIES = [
  'From: Hannah Price <imports@acme-homewares.example>\nPlease quote 2 x 40HC Ningbo to Felixstowe, FOB Ningbo. Commodity: kitchenware. Cargo ready 2 weeks from now.',
  'Hi, 1x20\'GP Shanghai → Felixstowe, FOB. Goods: garden furniture, 9,800 kg.',
  'Bitte Angebot: 6 Paletten 120x80x150, 2.100 kg, von Rotterdam nach Felixstowe, DAP.',
  'Airfreight please: 3 cartons 60x40x40 cm, 85 kg in total, from Hong Kong to London, CPT.',
  'Cotización 1 x 40HC de Valencia a Felixstowe, CFR. Mercancía: azulejos.',
  '请报价 2x40HQ Shanghai 到 Felixstowe，FOB。品名：LED灯',
];

/**
 * A few months of Northwind's AI use (the demo's /ai page): quote drafts by four people, a failed
 * call refunded, and a pack of 500 credits bought through the local payment provider, each through
 * the ledger's own functions on a clock set back, so that grants, rollovers and the history are
 * what the app itself would have written.
 */
export async function seedDemoAi(ctx: AppContext, orgId: string, ids: Record<string, string>) {
  const [org] = await ctx.database.db.select().from(organisations).where(sql`${organisations.id} = ${orgId}`);
  const account = await organisationAccount(ctx, org);
  const people = ['owner@demo.fyn.local', 'ocean@demo.fyn.local', 'shanghai@demo.fyn.local', 'member@demo.fyn.local'].map((e) => ids[e]);
  const place = placeLookup(ctx.database);
  const client = clientLookup(ctx.database, orgId);
  const day = 86_400_000;
  const start = Date.now() - 95 * day;
  let n = 0;
  for (let at = start; at < Date.now() - day; at += 2.3 * day) {
    n++;
    const now = new Date(at);
    const text = ENQUIRIES[n % ENQUIRIES.length];
    const userId = people[n % people.length];
    const c = await charge(ctx, { account, userId, feature: 'quote_draft', cost: AI_PRICES.quote_draft.builtin, requestId: `demo-${orgId}-${n}`, engine: 'builtin', model: null, now });
    if (c.replay) continue;
    if (n % 17 === 0) {
      await refundCall(ctx, account, c.callId, 'the engine was stopped before it answered (demo)', 40);
      continue;
    }
    const x = await extractEnquiry(text, { now, place, client });
    await finishCall(ctx, c.callId, { output: { id: c.callId, engine: { kind: 'builtin', model: null, base_url_host: null }, ...x }, durationMs: 20 + (n % 7) * 9 });
  }
  // A pack bought three weeks ago, paid with the demo card and invoiced under Billing.
  if (ctx.payments.kind !== 'local' || !org.providerCustomerId) return;
  const pack = AI_PACKS[1];
  const invoice = await ctx.payments.payOnce(await customerOf(ctx, ctx.payments, org, 'owner@demo.fyn.local'), { description: `AI credits: pack of ${pack.credits}`, amount: pack.amount_minor, currency: AI_PACK_CURRENCY }, null, `demo-${orgId}-ai-pack`);
  await ctx.database.db.transaction(async (tx) => {
    await lockAccount(tx, account);
    await creditPurchase(tx, account, { credits: pack.credits, userId: people[0], requestId: `pack:${invoice.id}`, note: `AI credits: pack of ${pack.credits}, invoice ${invoice.number}`, now: new Date(Date.now() - 21 * day) });
  });
}
