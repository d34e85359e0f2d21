import { and, eq, ne } from 'drizzle-orm';
import { addressesTable, organisationCurrenciesTable } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ResourceHooks, TenantTable, Tx } from './register.ts';

/** Built-in roles keep their names; Owner keeps every permission; none of them can be deleted. */
const roleHooks: ResourceHooks = {
  beforeUpdate(existing, values) {
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

export const RESOURCE_HOOKS: Record<string, ResourceHooks> = {
  roles: roleHooks,
  addresses: onlyOne(addressesTable as never, 'is_primary'),
  'organisation-currencies': onlyOne(organisationCurrenciesTable as never, 'is_base'),
};
