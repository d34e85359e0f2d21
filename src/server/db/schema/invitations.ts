import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { organisations } from './organisations.ts';
import { offers } from './recruitment.ts';
import { departmentsTable, member, roles, tenantTable } from './tenant.ts';

/**
 * Invitations to join an organisation; the mailed token is stored hashed. Nobody's account changes
 * until the invited person accepts (docs/product.md#staff-and-invitations). A hire in the recruitment
 * hub is an invitation too: `offer_id` names the accepted offer and `manager_id` the manager chosen,
 * and the employee record and draft contract are made from them when the person accepts.
 */
export const staffInvitations = tenantTable('staff_invitations', {
  email: text('email').notNull(),
  role_id: uuid('role_id').notNull(),
  department_id: uuid('department_id'),
  token_hash: text('token_hash').notNull(),
  invited_by: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  accepted_at: timestamp('accepted_at', { withTimezone: true }),
  offer_id: uuid('offer_id'),
  manager_id: uuid('manager_id'),
}, {
  indexes: [['email'], ['offer_id']],
  references: [
    { column: 'role_id', table: () => roles },
    { column: 'department_id', table: () => departmentsTable },
    // An applicant's offer that goes (its opening deleted) takes its pending hire with it.
    { column: 'offer_id', table: () => offers, onDelete: 'cascade' },
    { column: 'manager_id', table: member },
  ],
});

/**
 * An organisation's invitation defaults (the spec's control-centre "configurations"): the role and
 * department a new invitation starts with, the same for every admin. One row per organisation; the
 * role and department are checked when written and forgotten on read when deleted since.
 */
export const staffConfigurations = pgTable('staff_configurations', {
  organisation_id: uuid('organisation_id').primaryKey().references(() => organisations.id, { onDelete: 'cascade' }),
  default_role_id: uuid('default_role_id'),
  default_department_id: uuid('default_department_id'),
  updated_by: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
