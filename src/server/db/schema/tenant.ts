import { boolean, doublePrecision, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';
import { users } from './auth.ts';

/**
 * A tenant table: organisation_id first in the primary key and in every index (DESIGN.md §3,
 * ready for Citus distribution by organisation), app-made ids, timestamps.
 */
type TenantOptions = {
  unique?: string[][];
  indexes?: string[][];
  /** Same-organisation references: (organisation_id, column) → (organisation_id, id) of the table. */
  references?: { column: string; table: () => { organisation_id: AnyPgColumn; id: AnyPgColumn } }[];
};

export function tenantTable<C extends Record<string, PgColumnBuilderBase>>(name: string, columns: C, { unique = [], indexes = [], references = [] }: TenantOptions = {}) {
  return pgTable(
    name,
    {
      organisation_id: uuid('organisation_id').notNull().references(() => organisations.id, { onDelete: 'restrict' }),
      id: uuid('id').notNull(),
      ...columns,
      created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => {
      const col = (n: string) => (t as unknown as Record<string, AnyPgColumn>)[n];
      return [
        primaryKey({ columns: [t.organisation_id, t.id] }),
        index(`${name}_created_idx`).on(t.organisation_id, t.created_at, t.id),
        ...unique.map((u) => uniqueIndex(`${name}_${u.join('_')}_key`).on(t.organisation_id, ...u.map(col))),
        ...indexes.map((u) => index(`${name}_${u.join('_')}_idx`).on(t.organisation_id, ...u.map(col), t.id)),
        ...references.map((r) =>
          foreignKey({ name: `${name}_${r.column}_fk`, columns: [t.organisation_id, col(r.column)], foreignColumns: [r.table().organisation_id, r.table().id] }).onDelete('restrict'),
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
}, { unique: [['name']] });

export const departmentsTable = tenantTable('departments', {
  name: text('name').notNull(),
  description: text('description'),
}, { unique: [['name']] });

export const chargeCodesTable = tenantTable('charge_codes', {
  code: text('code').notNull(),
  name: text('name').notNull(),
  category: text('category').notNull(),
  basis: text('basis').notNull(),
  default_currency: text('default_currency').notNull(),
  taxable: boolean('taxable').notNull().default(false),
  description: text('description'),
}, { unique: [['code']], indexes: [['name'], ['category']] });

export const clientTiersTable = tenantTable('client_tiers', {
  name: text('name').notNull(),
  rank: integer('rank').notNull(),
  discount_pct: doublePrecision('discount_pct').notNull().default(0),
  payment_terms_days: integer('payment_terms_days').notNull().default(30),
  description: text('description'),
}, { unique: [['name']], indexes: [['rank']] });

export const bankDetailsTable = tenantTable('bank_details', {
  account_name: text('account_name').notNull(),
  bank_name: text('bank_name').notNull(),
  iban: text('iban').notNull(),
  swift_bic: text('swift_bic'),
  sort_code: text('sort_code'),
  account_number: text('account_number'),
  currency: text('currency').notNull(),
  notes: text('notes'),
}, { unique: [['iban']], indexes: [['account_name']] });

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
}, { indexes: [['name'], ['kind'], ['client_tier_id']], references: [{ column: 'client_tier_id', table: () => clientTiersTable }] });

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

/** Invitations to join an organisation; the mailed token is stored hashed. */
export const staffInvitations = tenantTable('staff_invitations', {
  email: text('email').notNull(),
  role_id: uuid('role_id').notNull(),
  department_id: uuid('department_id'),
  token_hash: text('token_hash').notNull(),
  invited_by: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  accepted_at: timestamp('accepted_at', { withTimezone: true }),
}, {
  indexes: [['email']],
  references: [{ column: 'role_id', table: () => roles }, { column: 'department_id', table: () => departmentsTable }],
});

/** Every create, update, delete and status change, written once by the resource layer. */
export const auditEvents = pgTable(
  'audit_events',
  {
    organisation_id: uuid('organisation_id').notNull().references(() => organisations.id, { onDelete: 'restrict' }),
    id: uuid('id').notNull(),
    actor_user_id: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entity_id: uuid('entity_id').notNull(),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organisation_id, t.id] }), index('audit_events_entity_idx').on(t.organisation_id, t.entity, t.entity_id)],
);

