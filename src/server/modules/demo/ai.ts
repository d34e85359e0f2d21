import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/client.ts';
import { organisations } from '../../db/schema/index.ts';
import { AI_PACK_CURRENCY, AI_PACKS, AI_PRICES } from '#shared/ai/prices.ts';
import { charge, creditPurchase, finishCall, lockAccount, organisationAccount, refundCall } from '../ai/credits.ts';
import { extractEnquiry } from '../ai/builtin/enquiry.ts';
import { placeLookup } from '../ai/builtin/evaluate.ts';
import { clientLookup } from '../ai/quote-drafts.ts';
import { readShippingDocument } from '../ai/builtin/shipping-document.ts';
import { writeClientUpdate } from '../ai/builtin/client-update.ts';
import type { AiFeature } from '#shared/ai/prices.ts';
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

/** A bill of lading as its PDF's text lines (the ocean desk reads the carrier's B/L into the shipment). */
const BILL_OF_LADING = [
  'BILL OF LADING', 'B/L No.: CMDU NGB0412233', '', 'Shipper', 'Ningbo Homeware Manufacturing Co., Ltd', '88 Beilun Port Road', 'Ningbo 315800, China', '',
  'Consignee', 'Acme Homewares Ltd', 'Unit 12, Dock Road', 'Felixstowe IP11 3QW, United Kingdom', '', 'Notify Party', 'SAME AS CONSIGNEE', '',
  'Container / Seal   Description of packages and goods', 'CSQU3054383 / 45G1 Seal: NB448812   1,240 cartons kitchenware', 'HS Code: 7323.93', '',
  'Total gross weight: 18,420 kg   Measurement: 62.5 cbm',
];

/**
 * A few months of Northwind's AI use (the demo's /ai page): quote drafts, shipping documents read and client updates written by four people, a failed
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
  const [shipment] = await rowsOf<{ id: string; number: string; client_name: string }>(ctx.database.db, sql`select id, number, client_name from shipments where organisation_id = ${orgId} order by created_at limit 1`);
  let n = 0;
  for (let at = start; at < Date.now() - day; at += 2.3 * day) {
    n++;
    const now = new Date(at);
    const text = ENQUIRIES[n % ENQUIRIES.length];
    const userId = people[n % people.length];
    // Every third call reads a shipping document, every fifth writes a client update; the rest are quote drafts.
    const feature: AiFeature = n % 3 === 0 ? 'shipment_document' : n % 5 === 0 ? 'client_update' : 'quote_draft';
    const c = await charge(ctx, { account, userId, feature, cost: AI_PRICES[feature].builtin, requestId: `demo-${orgId}-${n}`, engine: 'builtin', model: null, now, subject: shipment && feature !== 'quote_draft' ? { type: 'shipment', id: shipment.id } : null });
    if (c.replay) continue;
    if (n % 17 === 0) {
      await refundCall(ctx, account, c.callId, 'the engine was stopped before it answered (demo)', 40);
      continue;
    }
    const engine = { kind: 'builtin', model: null, base_url_host: null } as const;
    let output: Record<string, unknown>;
    if (feature === 'shipment_document') {
      const r = readShippingDocument(BILL_OF_LADING);
      output = { id: c.callId, engine, file_name: 'CMDU-NGB0412233.pdf', ...r };
    } else if (feature === 'client_update') {
      const u = writeClientUpdate({
        client: shipment?.client_name ?? 'Acme Homewares Ltd', reference: shipment?.number ?? 'S-0000-00000', status: 'in_transit', origin: 'Ningbo', destination: 'Felixstowe', vessel: 'CMA CGM Tage',
        etd: null, atd: new Date(at - 6 * day), eta: new Date(at + 24 * day), etaPlanned: new Date(at + 22 * day), ata: null,
        events: [{ code: 'DEPA', occurredAt: new Date(at - 6 * day), place: 'Ningbo' }], etaEstimates: [], exceptions: ['eta_slip'], sender: 'Olivia Bennett', organisation: org.name,
      }, 'en');
      output = { id: c.callId, engine, language: 'en', language_source: 'organisation', to: null, subject: u.subject, body: u.body, facts: { events: 1, eta_changes: u.etaChanges, open_exceptions: 1 } };
    } else output = { id: c.callId, engine, ...(await extractEnquiry(text, { now, place, client })) };
    await finishCall(ctx, c.callId, { output, durationMs: 20 + (n % 7) * 9 });
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
