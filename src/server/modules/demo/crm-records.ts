import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/client.ts';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * Northwind's CRM records around its native clients (addresses, bank details, certifications,
 * networks, logged calls and e-mails), its carbon offsets and its offices' clocks.
 */
export async function seedDemoCrmRecords(ctx: AppContext, orgId: string, ids: Record<string, string>): Promise<void> {
  const db = ctx.database.db;
  const natives = Object.fromEntries(
    (await rowsOf<{ id: string; name: string }>(db, sql`select id, name from native_organisations where organisation_id = ${orgId}`)).map((r) => [r.name, r.id]),
  );
  const contacts = Object.fromEntries(
    (await rowsOf<{ id: string; name: string }>(db, sql`select id, name from native_contacts where organisation_id = ${orgId}`)).map((r) => [r.name, r.id]),
  );
  const insert = async (table: string, rows: Record<string, unknown>[]) => {
    for (const row of rows) {
      const cols = Object.keys(row);
      await ctx.database.query(
        `insert into ${table} (organisation_id, id, ${cols.join(', ')}) values ($1, $2, ${cols.map((_, i) => `$${i + 3}`).join(', ')})`,
        [orgId, uuidv7(), ...Object.values(row)],
      );
    }
  };
  const harrogate = natives['Harrogate Home & Garden Ltd'];
  const hanseatic = natives['Hanseatic Machine Parts GmbH'];
  const brightstar = natives['Shenzhen Brightstar Lighting Co., Ltd'];
  const tve = natives['Thames Valley Electronics plc'];

  await insert('native_addresses', [
    { native_organisation_id: harrogate, label: 'Head office', location_type: 'main_head_office', line1: '18 Station Parade', town: 'Harrogate', county: 'North Yorkshire', postcode: 'HG1 1UE', country: 'GB', is_primary: true },
    { native_organisation_id: harrogate, label: 'Distribution centre', location_type: 'warehouse', line1: 'Unit 3, Hornbeam Park', town: 'Harrogate', postcode: 'HG2 8PA', country: 'GB', is_primary: false },
    { native_organisation_id: hanseatic, label: 'Wareneingang', location_type: 'delivery_dropoff', line1: 'Billstraße 112', town: 'Hamburg', postcode: '20539', country: 'DE', location_code: 'DEHAM', is_primary: true },
    { native_organisation_id: brightstar, label: 'Factory', location_type: 'collection_pick_up', line1: '88 Gaoxin South 7th Road, Nanshan', town: 'Shenzhen', country: 'CN', location_code: 'CNSZX', is_primary: true },
  ]);
  await insert('native_bank_details', [
    { native_organisation_id: hanseatic, account_name: 'Hanseatic Machine Parts GmbH', bank_name: 'Commerzbank', iban: 'DE89370400440532013000', swift_bic: 'COBADEFFXXX', currency: 'EUR' },
  ]);
  await insert('native_standards_certifications', [
    { native_organisation_id: harrogate, name: 'FSC Chain of Custody', issuer: 'Forest Stewardship Council', certificate_number: 'SA-COC-012345', valid_from: '2025-02-01', valid_until: '2030-01-31' },
    { native_organisation_id: brightstar, name: 'ISO 9001:2015', issuer: 'SGS', certificate_number: 'CN24/31877', valid_from: '2024-07-15', valid_until: '2027-07-14' },
  ]);
  await insert('native_supply_chain_networks', [
    { native_organisation_id: hanseatic, name: 'AEO (Germany)', kind: 'customs_programme', membership_number: 'DEAEOF123456', member_since: '2018-09-01' },
  ]);
  const olivia = ids['owner@demo.fyn.local'];
  const ocean = ids['ocean@demo.fyn.local'];
  await insert('crm_activities', [
    { native_organisation_id: harrogate, kind: 'meeting', subject: 'Annual review at Harrogate', body: 'Volumes up 15 % next year; want a fixed Q1 rate CNSHA–GBFXT and a greener option.', occurred_on: daysAgo(34), native_contact_id: contacts['Emily Carter'], user_id: olivia },
    { native_organisation_id: harrogate, kind: 'call', subject: 'Spring range: 6 × 40′ HC from Ningbo', body: 'Cargo ready early February; asked for quotes both via Felixstowe and Southampton.', occurred_on: daysAgo(9), native_contact_id: contacts['Emily Carter'], user_id: ocean },
    { native_organisation_id: harrogate, kind: 'email', subject: 'Sent revised FCL quotation', body: null, occurred_on: daysAgo(3), native_contact_id: contacts['Emily Carter'], user_id: ocean },
    { native_organisation_id: tve, kind: 'call', subject: 'Overdue invoices', body: 'Two invoices over 60 days; promised payment by month end. Credit on hold until then.', occurred_on: daysAgo(6), native_contact_id: contacts['Priyanka Shah'], user_id: olivia },
    { native_organisation_id: hanseatic, kind: 'note', subject: 'Prefers delivery before 14:00', body: 'Goods-in closes at 14:00; no Saturday deliveries.', occurred_on: daysAgo(20), native_contact_id: null, user_id: ocean },
    { native_organisation_id: brightstar, kind: 'email', subject: 'Booking forecast for December', body: '3 × 40′ HC to Felixstowe, FOB Yantian.', occurred_on: daysAgo(12), native_contact_id: contacts['Chen Jing (陈静)'], user_id: ocean },
  ]);
  await insert('carbon_offsets', [
    { provider: 'ClimatePartner', certificate: 'CP-2026-118204', standard: 'Gold Standard', tonnes_co2e: '25', cost_minor: 42_500, currency: 'GBP', retired_on: '2026-06-30', notes: 'First half of 2026: clean cookstoves, Ghana.' },
    { provider: 'South Pole', certificate: 'SP-VCS-2026-77310', standard: 'Verra VCS', tonnes_co2e: '12.5', cost_minor: 23_750, currency: 'GBP', retired_on: daysAgo(25), notes: 'Harrogate Home & Garden shipments, Q3.' },
  ]);
  await insert('clocks', [
    { name: 'Felixstowe (head office)', time_zone: 'Europe/London', position: 0 },
    { name: 'Rotterdam agent', time_zone: 'Europe/Amsterdam', position: 1 },
    { name: 'Shanghai origin desk', time_zone: 'Asia/Shanghai', position: 2 },
    { name: 'Hong Kong air desk', time_zone: 'Asia/Hong_Kong', position: 3 },
  ]);
}
