import { seedDemoAi } from './ai.ts';
import { seedDemoSales } from './sales.ts';
import { seedDemoCrmRecords } from './crm-records.ts';
import { seedDemoOperations } from './operations.ts';
import { seedDemoAnalytics } from './analytics.ts';
import { seedDemoHr } from './hr.ts';
import { seedDemoRecruitment } from './recruitment.ts';
import { seedDemoPerformance } from './performance.ts';
import { seedDemoDevelopers } from './developers.ts';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../context.ts';
import { accounts, organisations, users } from '../../db/schema/index.ts';
import { applyAll, customerOf } from '../billing/service.ts';
import type { LocalProvider } from '../billing/local-provider.ts';
import { createOrganisation } from '../organisations/service.ts';
import { seedDemoFeed } from './feed.ts';
import { seedDemoNetwork } from './network.ts';
import { seedDemoConversations } from './conversations.ts';
import { seedDemoProfiles } from './profiles.ts';

export const DEMO_PASSWORD = 'FynDemo!2026';
export const DEMO_USERS = [
  { email: 'owner@demo.fyn.local', name: 'Olivia Owner' },
  { email: 'member@demo.fyn.local', name: 'Max Member' },
  { email: 'admin@demo.fyn.local', name: 'Arjun Admin' },
  { email: 'ocean@demo.fyn.local', name: 'Sofia Ocean' },
  { email: 'customs@demo.fyn.local', name: 'Tom Customs' },
  // Northwind's people abroad: the Rotterdam branch and the Shanghai origin desk (HR in three countries).
  { email: 'rotterdam@demo.fyn.local', name: 'Daan Jansen' },
  { email: 'shanghai@demo.fyn.local', name: 'Li Na' },
] as const;
export const DEMO_ORGANISATION = 'Northwind Forwarding Ltd';

/**
 * Demo data for the embedded mode (never in production), idempotent: the owner's organisation
 * Northwind Forwarding Ltd, active on the Growth plan for three months (so with invoices); the
 * member stays without organisation, on the free plan. Password FynDemo!2026 for both.
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  const { auth, database } = ctx;
  const { password } = await auth.$context;
  const ids: Record<string, string> = {};
  const made = new Set<string>();
  // One hash of the demo password serves every demo account (hashing is the slow part of a cold start).
  let hash: string | undefined;
  for (const demo of DEMO_USERS) {
    const [existing] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, demo.email));
    if (existing) {
      ids[demo.email] = existing.id;
      continue;
    }
    const id = uuidv7();
    hash ??= await password.hash(DEMO_PASSWORD);
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values({ id, email: demo.email, name: demo.name, emailVerified: true });
      await tx.insert(accounts).values({ id: uuidv7(), userId: id, accountId: id, providerId: 'credential', password: hash! });
    });
    ids[demo.email] = id;
    made.add(demo.email);
  }

  const ownerId = ids[DEMO_USERS[0].email];
  const [owner] = await database.db.select({ organisationId: users.organisationId }).from(users).where(eq(users.id, ownerId));
  if (owner.organisationId) return;
  // Northwind takes in only the accounts made here: one with a demo address that was already there
  // (registered by someone) is never bound to an organisation it did not choose.
  if (made.size !== DEMO_USERS.length) return;
  const org = await createOrganisation(ctx, ownerId, {
    name: DEMO_ORGANISATION, types: ['forwarder', 'nvocc', 'customs_broker'], country: 'GB',
    address_line1: 'Unit 4, Dock Road', address_line2: 'Port of Felixstowe', city: 'Felixstowe', postcode: 'IP11 3SW',
    location_code: 'GBFXT', registration_number: '09876543', vat_number: 'GB123456789', website: 'https://northwind-forwarding.example',
  });
  await seedNorthwindRecords(ctx, org.id, ids);
  const booked = await seedDemoSales(ctx, org.id, ids);
  await seedDemoCrmRecords(ctx, org.id, ids);
  await seedDemoOperations(ctx, org.id, ids, booked);
  await seedDemoAnalytics(ctx, org.id);
  await seedDemoHr(ctx, org.id, ids);
  await seedDemoRecruitment(ctx, org.id, ids);
  await seedDemoPerformance(ctx, org.id, ids);
  await seedDemoDevelopers(ctx, org.id, ids);
  await seedDemoNetwork(ctx, ownerId, org.id, ids, hash ?? (await password.hash(DEMO_PASSWORD)));
  await seedDemoFeed(ctx);
  await seedDemoProfiles(ctx);
  await seedDemoConversations(ctx);
  if (ctx.payments.kind !== 'local') return;

  // Three months of history: subscribe on a clock wound back 90 days, then let it renew to today.
  const local = ctx.payments as LocalProvider;
  const customer = await customerOf(ctx, local, org, DEMO_USERS[0].email);
  const card = await local.addPaymentMethod(customer, { number: '4242424242424242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' });
  await local.advanceClock(-90 * 86_400);
  const { subscription, events } = await local.subscribe(customer, 'price_growth_month', card.id, `demo-${org.id}-subscribe`);
  await database.db.update(organisations).set({ subscriptionId: subscription.id, priceId: subscription.price_id }).where(eq(organisations.id, org.id));
  await applyAll(ctx, events);
  await applyAll(ctx, await local.advanceClock(90 * 86_400));
  await seedDemoAi(ctx, org.id, ids);
}

/** Northwind's staff (an admin, two staff in two departments) and realistic control-centre records. */
async function seedNorthwindRecords(ctx: AppContext, orgId: string, ids: Record<string, string>) {
  const q = ctx.database.query.bind(ctx.database);
  const id = () => uuidv7();
  const roleId = async (builtin: string) => (await q<{ id: string }>('select id from roles where organisation_id = $1 and builtin = $2', [orgId, builtin]))[0].id;
  const insert = async (table: string, rows: Record<string, unknown>[]) => {
    for (const row of rows) {
      const cols = Object.keys(row);
      await q(`insert into ${table} (organisation_id, id, ${cols.join(', ')}) values ($1, $2, ${cols.map((_, i) => `$${i + 3}`).join(', ')})`, [orgId, id(), ...Object.values(row)]);
    }
  };
  const one = async (table: string, row: Record<string, unknown>) => {
    const rowId = id();
    const cols = Object.keys(row);
    await q(`insert into ${table} (organisation_id, id, ${cols.join(', ')}) values ($1, $2, ${cols.map((_, i) => `$${i + 3}`).join(', ')})`, [orgId, rowId, ...Object.values(row)]);
    return rowId;
  };

  const ocean = await one('departments', { name: 'Ocean export', description: 'FCL and LCL bookings out of Felixstowe and Southampton' });
  const customs = await one('departments', { name: 'Customs brokerage', description: 'Import and export declarations (CDS), AEO compliance' });
  const air = await one('departments', { name: 'Air freight', description: 'Consolidations via LHR and MAN' });
  const staff: [string, string, string | null, string][] = [
    ['admin@demo.fyn.local', 'admin', null, 'Operations manager'],
    ['ocean@demo.fyn.local', 'staff', ocean, 'Ocean export coordinator'],
    ['customs@demo.fyn.local', 'staff', customs, 'Customs declarant'],
    ['rotterdam@demo.fyn.local', 'staff', ocean, 'Import coordinator, Rotterdam'],
    ['shanghai@demo.fyn.local', 'staff', air, 'Origin operations coordinator, Shanghai'],
  ];
  for (const [email, role, dept, title] of staff) {
    await q('update users set organisation_id = $1 where id = $2', [orgId, ids[email]]);
    await q('insert into organisation_members (organisation_id, user_id, role_id, department_id, job_title) values ($1, $2, $3, $4, $5)', [orgId, ids[email], await roleId(role), dept, title]);
  }
  // New invitations start as Staff in Ocean export, for every admin (the control centre's configurations).
  await q('insert into staff_configurations (organisation_id, default_role_id, default_department_id, updated_by) values ($1, $2, $3, $4)', [orgId, await roleId('staff'), ocean, ids['owner@demo.fyn.local']]);
  await one('roles', { name: 'Pricing desk', description: 'Builds quotations and rates; no deletions', permissions: ['control_centre.view', 'crm.view', 'crm.create', 'crm.update', 'quotes.view', 'quotes.create', 'quotes.update', 'quotes.export', 'rates.view', 'rates.create', 'rates.update'] });

  await insert('addresses', [
    { label: 'Head office', location_type: 'main_head_office', line1: 'Unit 4, Dock Road', line2: 'Port of Felixstowe', town: 'Felixstowe', county: 'Suffolk', subdivision: 'SFK', postcode: 'IP11 3SW', country: 'GB', location_code: 'GBFXT', is_primary: true },
    { label: 'Southampton office', location_type: 'office', line1: '12 Ocean Way', town: 'Southampton', county: 'Hampshire', subdivision: 'HAM', postcode: 'SO14 3JZ', country: 'GB', location_code: 'GBSOU', is_primary: false },
    { label: 'Rotterdam branch', location_type: 'office', line1: 'Waalhaven Oostzijde 1', town: 'Rotterdam', subdivision: 'ZH', postcode: '3087 BM', country: 'NL', location_code: 'NLRTM', is_primary: false },
    { label: 'Shanghai origin desk', location_type: 'office', line1: '1000 Lujiazui Ring Road, Room 2105', town: 'Shanghai', subdivision: 'SH', postcode: '200120', country: 'CN', location_code: 'CNSGH', is_primary: false },
    { label: 'Bonded warehouse Ipswich', location_type: 'bonded', line1: 'Ransomes Europark, Unit 9', town: 'Ipswich', county: 'Suffolk', subdivision: 'SFK', postcode: 'IP3 9SJ', country: 'GB', location_code: 'GBIPS', is_primary: false },
  ]);
  await insert('bank_details', [
    { account_name: 'Northwind Forwarding Ltd', bank_name: 'NatWest', iban: 'GB29NWBK60161331926819', swift_bic: 'NWBKGB2L', sort_code: '60-16-13', account_number: '31926819', currency: 'GBP' },
    { account_name: 'Northwind Forwarding Ltd (EUR)', bank_name: 'ING Bank', iban: 'NL91ABNA0417164300', swift_bic: 'INGBNL2A', currency: 'EUR' },
  ]);
  await insert('organisation_currencies', [{ currency: 'USD', is_base: false, notes: 'Ocean and air freight' }, { currency: 'EUR', is_base: false, notes: 'European road haulage' }]);
  await insert('exchange_rates', [
    { base: 'GBP', quote: 'USD', rate: '1.27', valid_from: '2026-11-01', notes: 'Agreed with Barclays FX desk' },
    { base: 'GBP', quote: 'EUR', rate: '1.15', valid_from: '2026-11-01', notes: 'Monthly booking rate' },
  ]);
  await insert('standards_certifications', [
    { name: 'AEO Full (AEOF)', issuer: 'HMRC', certificate_number: 'GBAEOF1234567', valid_from: '2024-03-01' },
    { name: 'ISO 9001:2015', issuer: 'BSI', certificate_number: 'FS 712345', valid_from: '2025-06-12', valid_until: '2028-06-11' },
    { name: 'BIFA Standard Trading Conditions', issuer: 'British International Freight Association', certificate_number: 'BIFA-8841' },
  ]);
  await insert('supply_chain_networks', [
    { name: 'WCA Inter Global', kind: 'forwarder_network', membership_number: 'WCA-104522', member_since: '2019-05-01', renewal_due: '2027-05-01', website: 'https://www.wcaworld.com' },
    { name: 'FIATA', kind: 'trade_association', membership_number: 'FIATA-GB-2231', member_since: '2016-01-01', website: 'https://fiata.org' },
  ]);
  const gold = await one('client_tiers', { name: 'Gold', rank: 1, discount_pct: '5', payment_terms_days: 45, description: 'Over 500 TEU a year' });
  const silver = await one('client_tiers', { name: 'Silver', rank: 2, discount_pct: '2.5', payment_terms_days: 30 });
  await one('client_tiers', { name: 'Standard', rank: 3, discount_pct: '0', payment_terms_days: 14 });
  const sea = await one('work_classifications', { code: 'SEA-EXP', name: 'Sea freight export' });
  const cds = await one('work_classifications', { code: 'CUS-IMP', name: 'Customs import declarations' });
  await insert('work_allocations', [
    { work_classification_id: sea, department_id: ocean, staff_user_id: ids['ocean@demo.fyn.local'], share_pct: '100' },
    { work_classification_id: cds, department_id: customs, staff_user_id: ids['customs@demo.fyn.local'], share_pct: '100' },
  ]);
  await insert('commissions', [{ name: 'Ocean sales commission', basis: 'gross_profit', rate_pct: '7.5', staff_user_id: ids['ocean@demo.fyn.local'], work_classification_id: sea, valid_from: '2026-01-01' }]);
  const acme = await one('partners', { name: 'Acme Homewares Ltd', kind: 'client', status: 'active', country: 'GB', city: 'Leeds', contact_name: 'Hannah Price', contact_email: 'imports@acme-homewares.example', client_tier_id: gold });
  const brew = await one('partners', { name: 'Brewster Garden Supplies', kind: 'client', status: 'active', country: 'GB', city: 'Bristol', contact_name: 'Ollie Brewster', client_tier_id: silver });
  await insert('partners', [
    { name: 'Rotterdam Maritime Agency B.V.', kind: 'agent', status: 'active', country: 'NL', city: 'Rotterdam', contact_name: 'Pieter de Vries', contact_email: 'ops@rma.example' },
    { name: 'Shanghai Oriental Logistics Co.', kind: 'agent', status: 'active', country: 'CN', city: 'Shanghai', contact_name: 'Li Wei', contact_email: 'export@sol.example' },
    { name: 'Suffolk Haulage Ltd', kind: 'haulier', status: 'active', country: 'GB', city: 'Ipswich', phone: '+44 1473 555 010' },
  ]);
  await insert('client_assignments', [
    { partner_id: acme, staff_user_id: ids['ocean@demo.fyn.local'], is_primary: true },
    { partner_id: brew, staff_user_id: ids['customs@demo.fyn.local'], is_primary: true },
  ]);
  await insert('tasks', [
    { title: 'Renew AEO self-assessment questionnaire', status: 'in_progress', priority: 'high', due_on: '2026-12-15', assignee_user_id: ids['customs@demo.fyn.local'] },
    { title: 'Chase Acme for commercial invoices (booking NW-2611)', status: 'todo', priority: 'urgent', due_on: '2026-11-25', assignee_user_id: ids['ocean@demo.fyn.local'], partner_id: acme },
    { title: 'Quarterly rate review with Rotterdam agent', status: 'todo', priority: 'normal', due_on: '2026-12-31', assignee_user_id: ids['admin@demo.fyn.local'] },
  ]);
}
