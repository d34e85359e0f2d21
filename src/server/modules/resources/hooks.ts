import { AppError } from '../../lib/errors.ts';
import type { ResourceHooks } from './register.ts';

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

export const RESOURCE_HOOKS: Record<string, ResourceHooks> = { roles: roleHooks };
