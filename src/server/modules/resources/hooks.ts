import { and, eq, ne } from 'drizzle-orm';
import { addressesTable, organisationCurrenciesTable } from '../../db/schema/index.ts';
import type { ResourceName } from '#shared/resources/registry.ts';
import { AppError } from '../../lib/errors.ts';
import { assertMayChangeRole, assertMayCreateRole } from '../organisations/privileges.ts';
import type { ResourceHooks, TenantTable, Tx } from './register.ts';

/**
 * Built-in roles keep their names; Owner keeps every permission; none of them can be deleted; and
 * the privilege rules (nobody grants what they do not hold, built-in roles are the owners').
 */
const roleHooks: ResourceHooks = {
  beforeCreate(values, m) {
    assertMayCreateRole(m, values.permissions as string[]);
  },
  beforeUpdate(existing, values, m) {
    const role = { builtin: existing.builtin as string | null, permissions: existing.permissions as string[] };
    assertMayChangeRole(m, role, values.permissions as string[] | undefined);
    if (!existing.builtin) return;
    if (values.name !== undefined && values.name !== existing.name) throw new AppError(409, 'builtin_role', 'Built-in roles keep their names.');
    if (existing.builtin === 'owner' && values.permissions !== undefined) throw new AppError(409, 'builtin_role', 'The Owner role always has every permission.');
  },
  beforeDelete(existing) {
    if (existing.builtin) throw new AppError(409, 'builtin_role', 'Built-in roles cannot be deleted.');
  },
};

/** Marking one record as the primary (or base) one unmarks the organisation's others. */
function onlyOne(table: TenantTable & Record<string, never>, column: string): ResourceHooks {
  const cols = table as unknown as Record<string, Parameters<typeof eq>[0]>;
  return {
    async beforeWrite(tx: Tx, organisationId, values, id) {
      if (values[column] !== true) return;
      await tx.update(table).set({ [column]: false } as never).where(and(eq(cols.organisation_id, organisationId), ne(cols.id, id), eq(cols[column], true)));
    },
  };
}

export const RESOURCE_HOOKS: Partial<Record<ResourceName, ResourceHooks>> = {
  roles: roleHooks,
  addresses: onlyOne(addressesTable as never, 'is_primary'),
  'organisation-currencies': onlyOne(organisationCurrenciesTable as never, 'is_base'),
};
