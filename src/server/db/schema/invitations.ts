import { text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
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
