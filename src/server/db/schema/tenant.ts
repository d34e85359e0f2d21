import { sql } from 'drizzle-orm';
import { boolean, date, numeric, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';
import { users } from './auth.ts';
import { locations } from './locations.ts';
import { currentApiKeyId } from '../../lib/request-actor.ts';

/**
 * A tenant table: organisation_id first in the primary key and in every index (docs/architecture.md#tenant-tables,
 * ready for Citus distribution by organisation), app-made ids, timestamps.
 */
type TenantOptions = {
  unique?: string[][];
  /** Unique among the rows where a boolean column is true (one primary address, one base currency). */
  uniqueWhenTrue?: string[];
  indexes?: string[][];
  /**
   * The fields a list's `q` searches (the descriptor's `searchable`): kept lower-cased, one per line,
   * in a generated column `search_text` with one trigram index (pg_trgm), so that a search tests one
   * string per row (an ILIKE per field lower-cased each field again) and rare terms use the index.
   */
  search?: string[];
  /** Same-organisation references: (organisation_id, column) → (organisation_id, id) of the table. */
  references?: { column: string; table: () => { organisation_id: AnyPgColumn; id: AnyPgColumn }; onDelete?: 'restrict' | 'cascade' }[];
};

export function tenantTable<C extends Record<string, PgColumnBuilderBase>>(name: string, columns: C, { unique = [], uniqueWhenTrue = [], indexes = [], search = [], references = [] }: TenantOptions = {}) {
  const searchText = search.length
    ? { search_text: text('search_text').generatedAlwaysAs(sql.raw(`lower(${search.map((c) => `coalesce("${c}"::text, '')`).join(" || E'\\n' || ")})`)) }
    : {};
  return pgTable(
    name,
    {
      organisation_id: uuid('organisation_id').notNull().references(() => organisations.id, { onDelete: 'restrict' }),
      id: uuid('id').notNull(),
      ...columns,
      // Never returned: the resource layer leaves it out of every answer (register.ts).
      ...(searchText as object),
      created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => {
      const col = (n: string) => (t as unknown as Record<string, AnyPgColumn>)[n];
      return [
        primaryKey({ columns: [t.organisation_id, t.id] }),
        index(`${name}_created_idx`).on(t.organisation_id, t.created_at, t.id),
        ...unique.map((u) => uniqueIndex(`${name}_${u.join('_')}_key`).on(t.organisation_id, ...u.map(col))),
        // organisation_id first here too (btree_gin), as in every index of a tenant table.
        ...(search.length ? [index(`${name}_search_trgm_idx`).using('gin', t.organisation_id, sql`${col('search_text')} gin_trgm_ops`)] : []),
        ...uniqueWhenTrue.map((c) => uniqueIndex(`${name}_one_${c}_key`).on(t.organisation_id).where(sql`${col(c)}`)),
        ...indexes.map((u) => index(`${name}_${u.join('_')}_idx`).on(t.organisation_id, ...u.map(col), t.id)),
        ...references.map((r) =>
          foreignKey({ name: `${name}_${r.column}_fk`, columns: [t.organisation_id, col(r.column)], foreignColumns: [r.table().organisation_id, r.table().id] }).onDelete(r.onDelete ?? 'restrict'),
        ),
      ];
    },
  );
}

export const roles = tenantTable('roles', {
  name: text('name').notNull(),
  /** owner, admin or staff for the built-in roles; null for custom ones. */
  builtin: text('builtin'),
  permissions: text('permissions').array().notNull(),
  description: text('description'),
}, { search: ['name', 'description'], unique: [['name']] });

export const departmentsTable = tenantTable('departments', {
  name: text('name').notNull(),
  description: text('description'),
}, { search: ['name', 'description'], unique: [['name']] });

export const chargeCodesTable = tenantTable('charge_codes', {
  code: text('code').notNull(),
  name: text('name').notNull(),
  category: text('category').notNull(),
  basis: text('basis').notNull(),
  default_currency: text('default_currency').notNull(),
  taxable: boolean('taxable').notNull().default(false),
  description: text('description'),
}, { search: ['code', 'name', 'description'], unique: [['code']], indexes: [['name'], ['category']] });

export const clientTiersTable = tenantTable('client_tiers', {
  name: text('name').notNull(),
  rank: integer('rank').notNull(),
  discount_pct: numeric('discount_pct').notNull().default('0'),
  payment_terms_days: integer('payment_terms_days').notNull().default(30),
  description: text('description'),
}, { search: ['name', 'description'], unique: [['name']], indexes: [['rank']] });

/** The columns of `bank_details`, shared with the native-organisation version (sales.ts). */
export const bankDetailsColumns = () => ({
  account_name: text('account_name').notNull(),
  bank_name: text('bank_name').notNull(),
  iban: text('iban').notNull(),
  swift_bic: text('swift_bic'),
  sort_code: text('sort_code'),
  account_number: text('account_number'),
  currency: text('currency').notNull(),
  notes: text('notes'),
});

export const bankDetailsTable = tenantTable('bank_details', bankDetailsColumns(), { search: ['account_name', 'bank_name', 'iban'], unique: [['iban']], indexes: [['account_name']] });

export const partnersTable = tenantTable('partners', {
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  status: text('status').notNull(),
  country: text('country').notNull(),
  city: text('city'),
  contact_name: text('contact_name'),
  contact_email: text('contact_email'),
  phone: text('phone'),
  client_tier_id: uuid('client_tier_id'),
  notes: text('notes'),
}, { search: ['name', 'city', 'contact_name', 'contact_email'], indexes: [['name'], ['kind'], ['client_tier_id']], references: [{ column: 'client_tier_id', table: () => clientTiersTable }] });

/** Who belongs to which organisation, in which role and department; users.organisation_id keeps it to one. */
export const organisationMembers = pgTable(
  'organisation_members',
  {
    organisation_id: uuid('organisation_id').notNull().references(() => organisations.id, { onDelete: 'restrict' }),
    user_id: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    role_id: uuid('role_id').notNull(),
    department_id: uuid('department_id'),
    job_title: text('job_title'),
    /** active, or deactivated (kept for history; cannot log in to the organisation). */
    status: text('status').notNull().default('active'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organisation_id, t.user_id] }),
    index('organisation_members_role_idx').on(t.organisation_id, t.role_id),
    index('organisation_members_department_idx').on(t.organisation_id, t.department_id),
    foreignKey({ name: 'organisation_members_role_fk', columns: [t.organisation_id, t.role_id], foreignColumns: [roles.organisation_id, roles.id] }).onDelete('restrict'),
    foreignKey({ name: 'organisation_members_department_fk', columns: [t.organisation_id, t.department_id], foreignColumns: [departmentsTable.organisation_id, departmentsTable.id] }).onDelete('restrict'),
  ],
);

/** The columns of `addresses`, shared with the native-organisation version (sales.ts). */
export const addressColumns = () => ({
  label: text('label').notNull(),
  location_type: text('location_type').notNull(),
  line1: text('line1').notNull(),
  line2: text('line2'),
  town: text('town').notNull(),
  county: text('county'),
  subdivision: text('subdivision'),
  postcode: text('postcode'),
  country: text('country').notNull(),
  location_code: text('location_code').references(() => locations.code, { onDelete: 'restrict' }),
  is_primary: boolean('is_primary').notNull().default(false),
});

export const addressesTable = tenantTable('addresses', addressColumns(), { search: ['label', 'line1', 'town', 'postcode', 'location_code'], uniqueWhenTrue: ['is_primary'], indexes: [['label'], ['town']] });

export const organisationCurrenciesTable = tenantTable('organisation_currencies', {
  currency: text('currency').notNull(),
  is_base: boolean('is_base').notNull().default(false),
  notes: text('notes'),
}, { search: ['currency', 'notes'], unique: [['currency']], uniqueWhenTrue: ['is_base'] });

export const exchangeRatesTable = tenantTable('exchange_rates', {
  base: text('base').notNull(),
  quote: text('quote').notNull(),
  rate: numeric('rate').notNull(),
  valid_from: date('valid_from').notNull(),
  notes: text('notes'),
}, { search: ['base', 'quote', 'notes'], unique: [['base', 'quote', 'valid_from']], indexes: [['valid_from']] });

/** The columns of `standards_certifications`, shared with the native-organisation version (sales.ts). */
export const standardsCertificationsColumns = () => ({
  name: text('name').notNull(),
  issuer: text('issuer').notNull(),
  certificate_number: text('certificate_number'),
  valid_from: date('valid_from'),
  valid_until: date('valid_until'),
  notes: text('notes'),
});

export const standardsCertificationsTable = tenantTable('standards_certifications', standardsCertificationsColumns(), { search: ['name', 'issuer', 'certificate_number'], indexes: [['name']] });

/** The columns of `supply_chain_networks`, shared with the native-organisation version (sales.ts). */
export const supplyChainNetworksColumns = () => ({
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  membership_number: text('membership_number'),
  member_since: date('member_since'),
  renewal_due: date('renewal_due'),
  website: text('website'),
});

export const supplyChainNetworksTable = tenantTable('supply_chain_networks', supplyChainNetworksColumns(), { search: ['name', 'membership_number'], indexes: [['name']] });

export const workClassificationsTable = tenantTable('work_classifications', {
  code: text('code').notNull(),
  name: text('name').notNull(),
  description: text('description'),
}, { search: ['code', 'name'], unique: [['code']], indexes: [['name']] });

/** (organisation_id, user_id) of a member, as the target of same-organisation references. */
export const member = () => ({ organisation_id: organisationMembers.organisation_id, id: organisationMembers.user_id });

export const workAllocationsTable = tenantTable('work_allocations', {
  work_classification_id: uuid('work_classification_id').notNull(),
  department_id: uuid('department_id'),
  staff_user_id: uuid('staff_user_id'),
  share_pct: numeric('share_pct').notNull().default('100'),
  notes: text('notes'),
}, {
  search: ['notes'],
  indexes: [['work_classification_id'], ['department_id'], ['staff_user_id']],
  references: [
    { column: 'work_classification_id', table: () => workClassificationsTable },
    { column: 'department_id', table: () => departmentsTable },
    { column: 'staff_user_id', table: member },
  ],
});

export const commissionsTable = tenantTable('commissions', {
  name: text('name').notNull(),
  basis: text('basis').notNull(),
  rate_pct: numeric('rate_pct').notNull(),
  staff_user_id: uuid('staff_user_id'),
  work_classification_id: uuid('work_classification_id'),
  valid_from: date('valid_from'),
  valid_until: date('valid_until'),
}, {
  search: ['name'],
  indexes: [['name'], ['staff_user_id'], ['work_classification_id']],
  references: [{ column: 'staff_user_id', table: member }, { column: 'work_classification_id', table: () => workClassificationsTable }],
});

export const clientAssignmentsTable = tenantTable('client_assignments', {
  partner_id: uuid('partner_id').notNull(),
  staff_user_id: uuid('staff_user_id').notNull(),
  is_primary: boolean('is_primary').notNull().default(true),
  notes: text('notes'),
}, {
  search: ['notes'],
  unique: [['partner_id', 'staff_user_id']],
  indexes: [['staff_user_id']],
  references: [{ column: 'partner_id', table: () => partnersTable }, { column: 'staff_user_id', table: member }],
});

/** Every create, update, delete and status change, written once by the resource layer. */
export const auditEvents = pgTable(
  'audit_events',
  {
    organisation_id: uuid('organisation_id').notNull().references(() => organisations.id, { onDelete: 'restrict' }),
    id: uuid('id').notNull(),
    actor_user_id: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The API key the change was made with (lib/request-actor.ts fills it on every insert), null for a person's session. */
    actor_api_key_id: uuid('actor_api_key_id').$defaultFn(() => currentApiKeyId() ?? sql`null`),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entity_id: uuid('entity_id').notNull(),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organisation_id, t.id] }), index('audit_events_entity_idx').on(t.organisation_id, t.entity, t.entity_id)],
);

