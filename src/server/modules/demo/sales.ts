import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { CargoLine, EquipmentLine } from '#shared/quotes/calc.ts';
import type { ChargeBasis, QuoteMode, QuoteStatus } from '#shared/quotes/model.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/client.ts';
import { buyRates, deals as dealsTable, sellRulesTable } from '../../db/schema/index.ts';
import type { RateCharge } from '#shared/quotes/rates.ts';
import { acceptQuote, decide, freezeRates, hashToken, loadQuote, newToken, nextQuoteNumber, writeQuote, type QuoteDraft, syncQuoteDeal } from '../quotes/service.ts';
import { quoteMail } from '../quotes/mail.ts';

const plusDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type Client = { name: string; type: string; country: string; city: string; language?: string; vat_number?: string; email?: string; phone?: string; tier?: 'Gold' | 'Silver' | 'Standard'; credit_status?: 'ok' | 'hold' | 'stop'; credit_limit_minor?: number; currency?: string; payment_terms_days?: number; assigned?: string; notes?: string; contacts: [string, string, string, string | null][] };

/** Companies Northwind quotes that are not on FYN, each with the people there. */
const CLIENTS: Client[] = [
  { name: 'Harrogate Home & Garden Ltd', language: 'en', type: 'shipper', country: 'GB', city: 'Harrogate', vat_number: 'GB284193755', email: 'imports@harrogate-hg.example', phone: '+44 1423 555 201', tier: 'Gold', credit_limit_minor: 5_000_000, currency: 'GBP', payment_terms_days: 45, assigned: 'ocean@demo.fyn.local', notes: 'Garden furniture from Ningbo and Shanghai, 60–80 FEU a year.', contacts: [['Emily Carter', 'Import manager', 'emily.carter@harrogate-hg.example', '+44 1423 555 202'], ['Tom Ashworth', 'Finance controller', 'accounts@harrogate-hg.example', null]] },
  { name: 'Thames Valley Electronics plc', type: 'consignee', country: 'GB', city: 'Reading', vat_number: 'GB731552904', email: 'logistics@tve.example', tier: 'Silver', credit_status: 'hold', credit_limit_minor: 2_500_000, currency: 'GBP', payment_terms_days: 30, notes: 'Credit on hold: two invoices over 60 days (chased 18 Nov).', contacts: [['Priyanka Shah', 'Supply chain lead', 'p.shah@tve.example', '+44 118 555 0140']] },
  { name: 'Pennine Outdoor Clothing Ltd', type: 'shipper', country: 'GB', city: 'Manchester', vat_number: 'GB902114377', email: 'shipping@pennine-outdoor.example', tier: 'Standard', payment_terms_days: 30, assigned: 'ocean@demo.fyn.local', contacts: [['Daniel Hughes', 'Buyer', 'daniel.hughes@pennine-outdoor.example', null]] },
  { name: 'Hanseatic Machine Parts GmbH', language: 'de', type: 'consignee', country: 'DE', city: 'Hamburg', vat_number: 'DE812345678', email: 'einkauf@hanseatic-parts.example', tier: 'Silver', currency: 'EUR', credit_limit_minor: 3_000_000, payment_terms_days: 30, contacts: [['Jonas Becker', 'Einkaufsleiter', 'j.becker@hanseatic-parts.example', '+49 40 555 7781']] },
  { name: 'Shenzhen Brightstar Lighting Co., Ltd', language: 'zh', type: 'shipper', country: 'CN', city: 'Shenzhen', email: 'export@brightstar-lighting.example', payment_terms_days: 0, notes: 'Supplier of Harrogate Home & Garden; ships FOB Yantian.', contacts: [['Chen Jing (陈静)', 'Export sales', 'chen.jing@brightstar-lighting.example', '+86 755 5555 0188']] },
  { name: 'Clyde Whisky Exports Ltd', type: 'shipper', country: 'GB', city: 'Glasgow', vat_number: 'GB456789123', email: 'orders@clyde-whisky.example', credit_status: 'stop', currency: 'GBP', notes: 'Credit stopped after a returned payment in October: no new quotes.', contacts: [['Fiona MacLeod', 'Operations', 'fiona@clyde-whisky.example', null]] },
];

type Line = [code: string, basis: ChargeBasis, buy: number, sell: number, currency: string];
type DemoQuote = {
  client: string; contact: string; mode: QuoteMode; incoterm: string; origin: string; destination: string; currency: string;
  ago: number; validDays: number; status: QuoteStatus; reason?: string; cargo?: CargoLine[]; equipment?: EquipmentLine[]; lines: Line[]; notes?: string;
  /** Who owns it (its commission goes to them); the owner of Northwind by default. */
  owner?: string;
  /** The name the operations demo finds its booking by (demo/operations.ts). */
  key?: string;
};

/** Quotes in every status, on Northwind's real lanes. */
const QUOTES: DemoQuote[] = [
  {
    client: 'Harrogate Home & Garden Ltd', contact: 'Emily Carter', mode: 'sea_fcl', incoterm: 'FOB', origin: 'CNSHA', destination: 'GBFXT', currency: 'GBP', ago: 21, validDays: 30, status: 'accepted', owner: 'ocean@demo.fyn.local', key: 'harrogate_fcl',
    equipment: [{ iso_type: '45G1', count: 2 }],
    lines: [['OFR', 'per_container', 165000, 195000, 'USD'], ['BAF', 'per_container', 31000, 35000, 'USD'], ['THC-D', 'per_container', 23500, 26500, 'GBP'], ['CUS', 'per_shipment', 4500, 7500, 'GBP'], ['HAU', 'per_container', 69000, 82000, 'GBP']],
    notes: 'Two 40′ high cubes of garden furniture, Shanghai to Felixstowe, delivered Harrogate.',
  },
  {
    client: 'Thames Valley Electronics plc', contact: 'Priyanka Shah', mode: 'air', incoterm: 'FCA', origin: 'HKHKG', destination: 'GBLHR', currency: 'GBP', ago: 3, validDays: 14, status: 'sent',
    cargo: [{ packages: 3, length_cm: '120', width_cm: '80', height_cm: '110', weight_kg: '180' }],
    lines: [['AFR', 'per_kg', 310, 385, 'USD'], ['FSC', 'per_kg', 85, 95, 'USD'], ['SSC', 'per_kg', 15, 20, 'USD'], ['DOC', 'per_shipment', 3500, 5500, 'GBP'], ['CUS', 'per_shipment', 4500, 7500, 'GBP']],
  },
  {
    client: 'Hanseatic Machine Parts GmbH', contact: 'Jonas Becker', mode: 'road_ftl', incoterm: 'DAP', origin: 'NLRTM', destination: 'DEHAM', currency: 'EUR', ago: 1, validDays: 21, status: 'draft',
    cargo: [{ packages: 12, length_cm: '120', width_cm: '80', height_cm: '140', weight_kg: '650' }],
    lines: [['HAU', 'per_shipment', 78000, 96000, 'EUR'], ['DOC', 'per_shipment', 2500, 4000, 'GBP']],
  },
  {
    client: 'Pennine Outdoor Clothing Ltd', contact: 'Daniel Hughes', mode: 'sea_lcl', incoterm: 'FOB', origin: 'CNSHK', destination: 'GBFXT', currency: 'GBP', ago: 18, validDays: 21, status: 'declined', reason: 'Consolidating with another supplier’s shipment next month.',
    cargo: [{ packages: 6, length_cm: '120', width_cm: '100', height_cm: '150', weight_kg: '450' }],
    lines: [['OFR', 'per_wm', 3800, 5500, 'USD'], ['WHS', 'per_wm', 1800, 2600, 'GBP'], ['BL', 'per_bl', 3500, 5000, 'GBP']],
  },
  {
    client: 'Pennine Outdoor Clothing Ltd', contact: 'Daniel Hughes', mode: 'air', incoterm: 'EXW', origin: 'CNSHA', destination: 'GBMNC', currency: 'GBP', ago: 40, validDays: 10, status: 'expired',
    cargo: [{ packages: 2, length_cm: '100', width_cm: '80', height_cm: '90', weight_kg: '95' }],
    lines: [['AFR', 'per_kg', 290, 360, 'USD'], ['FSC', 'per_kg', 85, 95, 'USD'], ['DOC', 'per_shipment', 3500, 5500, 'GBP']],
  },
  {
    client: 'Harrogate Home & Garden Ltd', contact: 'Emily Carter', mode: 'sea_fcl', incoterm: 'FOB', origin: 'CNNGB', destination: 'GBSOU', currency: 'GBP', ago: 9, validDays: 30, status: 'cancelled',
    equipment: [{ iso_type: '42G1', count: 1 }],
    lines: [['OFR', 'per_container', 158000, 188000, 'USD'], ['THC-D', 'per_container', 23500, 26500, 'GBP']],
    notes: 'Cancelled: the supplier moved the goods to the Shanghai sailing.',
  },
  // Accepted quotes whose bookings the operations demo takes through every status.
  {
    client: 'Pennine Outdoor Clothing Ltd', contact: 'Daniel Hughes', mode: 'sea_fcl', incoterm: 'FOB', origin: 'CNSHK', destination: 'GBFXT', currency: 'GBP', ago: 48, validDays: 21, status: 'accepted', owner: 'ocean@demo.fyn.local', key: 'pennine_fcl',
    equipment: [{ iso_type: '42G1', count: 1 }],
    lines: [['OFR', 'per_container', 142000, 171000, 'USD'], ['THC-D', 'per_container', 23500, 26500, 'GBP'], ['CUS', 'per_shipment', 4500, 7500, 'GBP'], ['HAU', 'per_container', 52000, 61000, 'GBP']],
    notes: 'Autumn jackets, one 40′ from Shekou.',
  },
  {
    client: 'Hanseatic Machine Parts GmbH', contact: 'Jonas Becker', mode: 'road_ftl', incoterm: 'DAP', origin: 'NLRTM', destination: 'DEHAM', currency: 'EUR', ago: 17, validDays: 21, status: 'accepted', key: 'hanseatic_road',
    cargo: [{ packages: 10, length_cm: '120', width_cm: '80', height_cm: '140', weight_kg: '620' }],
    lines: [['HAU', 'per_shipment', 76000, 94000, 'EUR'], ['DOC', 'per_shipment', 2500, 4000, 'GBP']],
  },
  {
    client: 'Pennine Outdoor Clothing Ltd', contact: 'Daniel Hughes', mode: 'sea_lcl', incoterm: 'FOB', origin: 'CNSHK', destination: 'GBFXT', currency: 'GBP', ago: 11, validDays: 21, status: 'accepted', key: 'pennine_lcl',
    cargo: [{ packages: 4, length_cm: '120', width_cm: '100', height_cm: '150', weight_kg: '410' }],
    lines: [['OFR', 'per_wm', 3800, 5500, 'USD'], ['WHS', 'per_wm', 1800, 2600, 'GBP'], ['BL', 'per_bl', 3500, 5000, 'GBP']],
  },
  {
    client: 'Thames Valley Electronics plc', contact: 'Priyanka Shah', mode: 'air', incoterm: 'FCA', origin: 'HKHKG', destination: 'GBLHR', currency: 'GBP', ago: 9, validDays: 14, status: 'accepted', key: 'tve_air',
    cargo: [{ packages: 2, length_cm: '110', width_cm: '80', height_cm: '100', weight_kg: '145' }],
    lines: [['AFR', 'per_kg', 310, 385, 'USD'], ['FSC', 'per_kg', 85, 95, 'USD'], ['DOC', 'per_shipment', 3500, 5500, 'GBP'], ['CUS', 'per_shipment', 4500, 7500, 'GBP']],
  },
  {
    client: 'Hanseatic Machine Parts GmbH', contact: 'Jonas Becker', mode: 'road_ltl', incoterm: 'DAP', origin: 'NLRTM', destination: 'DEHAM', currency: 'EUR', ago: 6, validDays: 21, status: 'accepted', key: 'hanseatic_ltl',
    cargo: [{ packages: 3, length_cm: '120', width_cm: '80', height_cm: '110', weight_kg: '380' }],
    lines: [['HAU', 'per_shipment', 34000, 43000, 'EUR']],
  },
  {
    client: 'Harrogate Home & Garden Ltd', contact: 'Emily Carter', mode: 'sea_fcl', incoterm: 'FOB', origin: 'CNNGB', destination: 'GBSOU', currency: 'GBP', ago: 2, validDays: 30, status: 'accepted', owner: 'ocean@demo.fyn.local', key: 'harrogate_received',
    equipment: [{ iso_type: '45G1', count: 1 }],
    lines: [['OFR', 'per_container', 158000, 188000, 'USD'], ['THC-D', 'per_container', 23500, 26500, 'GBP'], ['HAU', 'per_container', 69000, 82000, 'GBP']],
    notes: 'Parasols and garden lighting, one 40′ high cube from Ningbo.',
  },
];

/**
 * Northwind's CRM: native organisations with their contacts, and quotes in every status written
 * through the quotes service (so every figure is the engine's), the accepted one with its booking.
 */
export async function seedDemoSales(ctx: AppContext, orgId: string, ids: Record<string, string>): Promise<Record<string, string>> {
  const keyed: Record<string, string> = {};
  const db = ctx.database.db;
  const ownerId = ids['owner@demo.fyn.local'];
  const tiers = await rowsOf<{ id: string; name: string }>(db, sql`select id, name from client_tiers where organisation_id = ${orgId}`);
  const codes = await rowsOf<{ id: string; code: string }>(db, sql`select id, code from charge_codes where organisation_id = ${orgId}`);
  const clients: Record<string, { id: string; contacts: Record<string, string> }> = {};
  for (const c of CLIENTS) {
    const id = uuidv7();
    await db.execute(sql`
      insert into native_organisations (organisation_id, id, name, type, country, city, language, vat_number, email, phone, client_tier_id, payment_terms_days, credit_limit_minor, currency, credit_status, assigned_user_id, notes)
      values (${orgId}, ${id}, ${c.name}, ${c.type}, ${c.country}, ${c.city}, ${c.language ?? null}, ${c.vat_number ?? null}, ${c.email ?? null}, ${c.phone ?? null}, ${tiers.find((t) => t.name === c.tier)?.id ?? null},
              ${c.payment_terms_days ?? null}, ${c.credit_limit_minor ?? null}, ${c.currency ?? null}, ${c.credit_status ?? 'ok'}, ${c.assigned ? ids[c.assigned] : null}, ${c.notes ?? null})`);
    clients[c.name] = { id, contacts: {} };
    for (const [i, [name, title, email, phone]] of c.contacts.entries()) {
      const contactId = uuidv7();
      await db.execute(sql`insert into native_contacts (organisation_id, id, native_organisation_id, name, job_title, email, phone, is_primary) values (${orgId}, ${contactId}, ${id}, ${name}, ${title}, ${email}, ${phone}, ${i === 0})`);
      clients[c.name].contacts[name] = contactId;
    }
  }
  await seedRates(ctx, orgId, ownerId, tiers, codes);
  await seedPipelines(ctx, orgId, ids, clients);
  const [org] = await rowsOf<{ name: string; owner: string }>(db, sql`select o.name, u.name as owner from organisations o, users u where o.id = ${orgId} and u.id = ${ownerId}`);
  // Oldest first, so that the numbers follow the dates.
  for (const q of [...QUOTES].sort((a, b) => b.ago - a.ago)) {
    const client = clients[q.client];
    const quoteDate = plusDays(-q.ago);
    const draft: QuoteDraft = {
      client: { type: 'native_organisation', id: client.id }, contact_id: client.contacts[q.contact], mode: q.mode, incoterm: q.incoterm, origin: q.origin, destination: q.destination,
      currency: q.currency, valid_until: plusDays(-q.ago + q.validDays), cargo: q.cargo ?? [], equipment: q.equipment ?? [], notes: q.notes ?? null,
      lines: q.lines.map(([code, basis, buy, sell, currency]) => ({ charge_code_id: codes.find((c) => c.code === code)!.id, description: null, basis, buy: { amount_minor: buy, currency }, sell: { amount_minor: sell, currency } })),
    };
    const id = uuidv7();
    const token = newToken();
    await db.transaction(async (tx) => {
      const number = await nextQuoteNumber(tx, orgId, quoteDate);
      const rates = await freezeRates(tx, orgId, draft, quoteDate, []);
      const created = new Date(`${quoteDate}T09:30:00Z`);
      await writeQuote(tx, { organisation_id: orgId, id, number, revision: 1, revises_id: null, status: 'draft', client_type: 'native_organisation', client_id: client.id, client_name: q.client, mode: q.mode, origin: q.origin, destination: q.destination, currency: q.currency, valid_until: draft.valid_until, quote_date: quoteDate, created_by: q.owner ? ids[q.owner] : ownerId, owner_user_id: q.owner ? ids[q.owner] : ownerId, created_at: created, updated_at: created }, draft, rates, false);
      if (q.status === 'draft') return;
      const sentAt = new Date(created.getTime() + 2 * 3_600_000);
      await tx.execute(sql`update quotes set status = 'sent', sent_at = ${sentAt}, link_hash = ${hashToken(token)} where organisation_id = ${orgId} and id = ${id}`);
      const { quote, lines } = (await loadQuote(tx, orgId, id, true))!;
      await syncQuoteDeal(tx, quote, 'sent');
      if (q.status === 'accepted') {
        const bookingId = await acceptQuote(tx, quote, lines, null);
        if (q.key) keyed[q.key] = bookingId;
        // Accepted a day after it was sent: the booking's dates follow.
        const acceptedAt = new Date(sentAt.getTime() + 86_400_000);
        await tx.execute(sql`update bookings set created_at = ${acceptedAt}, updated_at = ${acceptedAt} where organisation_id = ${orgId} and id = ${bookingId}`);
        await tx.execute(sql`update quotes set decided_at = ${acceptedAt} where organisation_id = ${orgId} and id = ${id}`);
        await tx.execute(sql`update tasks set created_at = ${acceptedAt}, due_on = ${acceptedAt.toISOString().slice(0, 10)}::date + (due_on - current_date) where organisation_id = ${orgId} and booking_id = ${bookingId}`);
      }
      else if (q.status === 'declined' || q.status === 'cancelled' || q.status === 'expired') await decide(tx, quote, q.status, q.reason ?? null);
    });
    // The e-mail of a quote still open is in the outbox (/dev), so its link can be tried.
    if (q.status === 'sent') {
      const { quote } = (await loadQuote(db, orgId, id))!;
      const [contact] = await rowsOf<{ email: string }>(db, sql`select email from native_contacts where organisation_id = ${orgId} and id = ${draft.contact_id}`);
      await ctx.mailer.send(quoteMail(contact.email, org.name, org.owner, quote, `${ctx.config.appUrl}/quote/${token}`));
    }
  }
  return keyed;
}

/** Buy rates on Northwind's real lanes, and the sell rules that mark them up. */
async function seedRates(ctx: AppContext, orgId: string, ownerId: string, tiers: { id: string; name: string }[], codes: { id: string; code: string }[]) {
  const db = ctx.database.db;
  const code = (c: string) => codes.find((x) => x.code === c)!.id;
  const charge = (c: string, basis: ChargeBasis, amount_minor: number, currency: string, extra: Partial<RateCharge> = {}): RateCharge => ({ charge_code_id: code(c), description: null, basis, currency, amount_minor, minimum_minor: null, breaks: [], ...extra });
  const rates: { carrier: string; mode: QuoteMode; origin: string; destination: string; equipment?: string; from: number; until: number; transit: number; reference: string; charges: RateCharge[] }[] = [
    { carrier: 'COSCO Shipping Lines', mode: 'sea_fcl', origin: 'CNSHA', destination: 'GBFXT', equipment: '45G1', from: -20, until: 40, transit: 32, reference: 'COSCO-NAC-2611', charges: [charge('OFR', 'per_container', 168000, 'USD'), charge('BAF', 'per_container', 31000, 'USD'), charge('THC-D', 'per_container', 23500, 'GBP')] },
    { carrier: 'Maersk', mode: 'sea_fcl', origin: 'CNSHA', destination: 'GBFXT', equipment: '45G1', from: -5, until: 25, transit: 29, reference: 'MSK-SPOT-4471', charges: [charge('OFR', 'per_container', 182500, 'USD'), charge('LSS', 'per_container', 9500, 'USD'), charge('THC-D', 'per_container', 23500, 'GBP')] },
    { carrier: 'ONE (Ocean Network Express)', mode: 'sea_fcl', origin: 'CNSHA', destination: 'GBFXT', equipment: '45G1', from: -60, until: -2, transit: 33, reference: 'ONE-Q3-118', charges: [charge('OFR', 'per_container', 151000, 'USD')] },
    {
      carrier: 'Cathay Cargo', mode: 'air', origin: 'HKHKG', destination: 'GBLHR', from: -10, until: 50, transit: 2, reference: 'CX-GEN-HKGLHR',
      charges: [charge('AFR', 'per_kg', 520, 'USD', { minimum_minor: 8500, breaks: [{ from_kg: '45', amount_minor: 410 }, { from_kg: '100', amount_minor: 360 }, { from_kg: '300', amount_minor: 330 }, { from_kg: '500', amount_minor: 310 }, { from_kg: '1000', amount_minor: 295 }] }), charge('FSC', 'per_kg', 85, 'USD'), charge('SSC', 'per_kg', 15, 'USD')],
    },
    { carrier: 'Suffolk Haulage Ltd', mode: 'road_ftl', origin: 'NLRTM', destination: 'DEHAM', from: -30, until: 60, transit: 1, reference: 'SH-EU-2026', charges: [charge('HAU', 'per_shipment', 78000, 'EUR')] },
  ];
  for (const r of rates) {
    await db.insert(buyRates).values({
      organisation_id: orgId, id: uuidv7(), carrier: r.carrier, mode: r.mode, origin: r.origin, destination: r.destination, equipment: r.equipment ?? null,
      valid_from: plusDays(r.from), valid_until: plusDays(r.until), transit_days: r.transit, reference: r.reference, charges: r.charges, created_by: ownerId,
    });
  }
  const gold = tiers.find((t) => t.name === 'Gold')?.id ?? null;
  await db.insert(sellRulesTable).values([
    { organisation_id: orgId, id: uuidv7(), name: 'Standard markup', markup_type: 'percent', markup_pct: '15', priority: 100 },
    { organisation_id: orgId, id: uuidv7(), name: 'Gold clients: ocean freight', client_tier_id: gold, mode: 'sea_fcl', charge_category: 'freight', markup_type: 'percent', markup_pct: '8', priority: 10 },
    { organisation_id: orgId, id: uuidv7(), name: 'Air freight HKG–LHR', mode: 'air', origin: 'HKHKG', destination: 'GBLHR', charge_category: 'freight', markup_type: 'percent', markup_pct: '12.5', priority: 10 },
    { organisation_id: orgId, id: uuidv7(), name: 'Destination handling', charge_category: 'destination', markup_type: 'fixed', markup_minor: 3000, currency: 'GBP', priority: 20 },
  ]);
}

/** Leads in every status and two pipelines with deals in three currencies. */
async function seedPipelines(ctx: AppContext, orgId: string, ids: Record<string, string>, clients: Record<string, { id: string }>) {
  const db = ctx.database.db;
  const ocean = ids['ocean@demo.fyn.local'];
  const owner = ids['owner@demo.fyn.local'];
  const leads: [string, string | null, string, string, string, number, string, string | null][] = [
    ['Dales Artisan Cheese Co.', 'Harriet Moss', 'harriet@dalescheese.example', 'GB', 'trade_show', 55, 'new', null],
    ['Solent Yacht Parts Ltd', 'Marcus Reid', 'marcus@solentyacht.example', 'GB', 'website', 40, 'new', null],
    ['Antwerp Chemicals NV', 'Pieter Janssens', 'p.janssens@antwerpchem.example', 'BE', 'network', 72, 'contacted', null],
    ['Lisbon Cork Trading Lda', 'Inês Costa', 'ines@lisboncork.example', 'PT', 'referral', 81, 'qualified', null],
    ['Cotswold Pet Foods', 'Oliver Grant', 'ogrant@cotswoldpet.example', 'GB', 'cold_call', 20, 'lost', 'Ships everything by courier'],
  ];
  for (const [company, contact, email, country, source, score, status, reason] of leads) {
    await db.execute(sql`insert into leads (organisation_id, id, company_name, contact_name, email, country, source, score, status, lost_reason, owner_user_id)
      values (${orgId}, ${uuidv7()}, ${company}, ${contact}, ${email}, ${country}, ${source}, ${score}, ${status}, ${reason}, ${status === 'new' ? owner : ocean})`);
  }
  const stages = await rowsOf<{ id: string; name: string; kind: string; pipeline_id: string }>(db, sql`
    select s.id, s.name, p.kind, p.id as pipeline_id from pipeline_stages s join pipelines p on p.organisation_id = s.organisation_id and p.id = s.pipeline_id where s.organisation_id = ${orgId}`);
  const stage = (kind: string, name: string) => stages.find((s) => s.kind === kind && s.name === name)!;
  const deals: [string, string, string, string | null, number, string, string | null][] = [
    ['connection', 'Contacted', 'Hanseatic: Rotterdam–Hamburg trucking', 'Hanseatic Machine Parts GmbH', 4_500_000, 'EUR', null],
    ['connection', 'Meeting held', 'Brightstar: FOB Yantian consolidations', 'Shenzhen Brightstar Lighting Co., Ltd', 12_000_000, 'USD', null],
    ['connection', 'Identified', 'Pennine: winter range air freight', 'Pennine Outdoor Clothing Ltd', 1_800_000, 'GBP', null],
    ['connection', 'Won', 'Harrogate: annual FCL contract', 'Harrogate Home & Garden Ltd', 9_600_000, 'GBP', null],
    ['quote', 'Quoted', 'Thames Valley: HKG–LHR electronics', 'Thames Valley Electronics plc', 225_599, 'GBP', null],
    ['quote', 'Negotiating', 'Hanseatic: spare parts groupage', 'Hanseatic Machine Parts GmbH', 100_600, 'EUR', null],
    ['quote', 'Lost', 'Pennine: Shenzhen LCL', 'Pennine Outdoor Clothing Ltd', 79_852, 'GBP', 'Consolidating with another supplier’s shipment'],
  ];
  const positions = new Map<string, number>();
  for (const [kind, stageName, title, client, value, currency, reason] of deals) {
    const st = stage(kind, stageName);
    const position = positions.get(st.id) ?? 0;
    positions.set(st.id, position + 1);
    await db.insert(dealsTable).values({
      organisation_id: orgId, id: uuidv7(), pipeline_id: st.pipeline_id, stage_id: st.id, title, client_type: client ? 'native_organisation' : null, client_id: client ? clients[client].id : null,
      client_name: client, value_minor: value, currency, owner_user_id: ocean, position, lost_reason: reason, expected_close: plusDays(30 + position * 14),
    });
  }
}
