import { bigint, boolean, date, integer, numeric, text, uuid } from 'drizzle-orm/pg-core';
import { nativeContactsTable, nativeOrganisationsTable } from './sales.ts';
import {
  addressColumns, bankDetailsColumns, member, standardsCertificationsColumns, supplyChainNetworksColumns, tenantTable,
} from './tenant.ts';

const owner = { column: 'native_organisation_id', table: () => nativeOrganisationsTable };
const ownerColumn = () => ({ native_organisation_id: uuid('native_organisation_id').notNull() });

/** The native-organisation versions of addresses, bank details, certifications and networks (shared/resources/native-records.ts). */
export const nativeAddressesTable = tenantTable('native_addresses', { ...ownerColumn(), ...addressColumns() }, {
  search: ['label', 'line1', 'town', 'postcode', 'location_code'],
  indexes: [['native_organisation_id'], ['label'], ['town']],
  references: [owner],
});

export const nativeBankDetailsTable = tenantTable('native_bank_details', { ...ownerColumn(), ...bankDetailsColumns() }, {
  search: ['account_name', 'bank_name', 'iban'],
  unique: [['native_organisation_id', 'iban']],
  indexes: [['account_name']],
  references: [owner],
});

export const nativeStandardsCertificationsTable = tenantTable('native_standards_certifications', { ...ownerColumn(), ...standardsCertificationsColumns() }, {
  search: ['name', 'issuer', 'certificate_number'],
  indexes: [['native_organisation_id'], ['name']],
  references: [owner],
});

export const nativeSupplyChainNetworksTable = tenantTable('native_supply_chain_networks', { ...ownerColumn(), ...supplyChainNetworksColumns() }, {
  search: ['name', 'membership_number'],
  indexes: [['native_organisation_id'], ['name']],
  references: [owner],
});

/** Notes, calls, e-mails and meetings logged against a native organisation. */
export const crmActivitiesTable = tenantTable('crm_activities', {
  ...ownerColumn(),
  kind: text('kind').notNull(),
  subject: text('subject').notNull(),
  body: text('body'),
  occurred_on: date('occurred_on').notNull(),
  native_contact_id: uuid('native_contact_id'),
  user_id: uuid('user_id'),
}, {
  search: ['subject', 'body'],
  indexes: [['native_organisation_id', 'occurred_on'], ['occurred_on'], ['kind'], ['user_id']],
  references: [owner, { column: 'native_contact_id', table: () => nativeContactsTable }, { column: 'user_id', table: member }],
});

/** Offsets bought and retired (carbon-offsetting page). */
export const carbonOffsetsTable = tenantTable('carbon_offsets', {
  provider: text('provider').notNull(),
  certificate: text('certificate'),
  standard: text('standard'),
  tonnes_co2e: numeric('tonnes_co2e').notNull(),
  cost_minor: bigint('cost_minor', { mode: 'number' }),
  currency: text('currency'),
  retired_on: date('retired_on').notNull(),
  notes: text('notes'),
}, { search: ['provider', 'certificate', 'standard'], indexes: [['retired_on'], ['provider']] });

const referenceColumns = () => ({
  code: text('code').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  active: boolean('active').notNull().default(true),
});
const referenceOptions = { search: ['code', 'name'], unique: [['code']], indexes: [['name'], ['active']] };

/** The control centre's reference lists (shared/resources/reference-lists.ts). */
export const directionsTable = tenantTable('directions', referenceColumns(), referenceOptions);
export const loadTypesTable = tenantTable('load_types', referenceColumns(), referenceOptions);
export const transportModesTable = tenantTable('transport_modes', { ...referenceColumns(), mode: text('mode').notNull() }, { ...referenceOptions, indexes: [...referenceOptions.indexes, ['mode']] });
export const incotermsTable = tenantTable('incoterms', { ...referenceColumns(), sea_only: boolean('sea_only').notNull().default(false) }, referenceOptions);
export const equipmentTypesTable = tenantTable('equipment_types', { ...referenceColumns(), teu: numeric('teu').notNull().default('1') }, referenceOptions);

export const clocksTable = tenantTable('clocks', {
  name: text('name').notNull(),
  time_zone: text('time_zone').notNull(),
  position: integer('position').notNull().default(0),
}, { search: ['name', 'time_zone'], unique: [['name']], indexes: [['position']] });
