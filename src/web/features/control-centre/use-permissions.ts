import { useEffect, useMemo } from 'react';
import type { PermissionAction, PermissionModule } from '#shared/resources/permissions.ts';
import { loadSessionUser } from '../../lib/session.ts';
import { useSessionStore } from '../../lib/session-store.ts';

export interface Permissions {
  /** Whether the user's role grants `module.action`; false while unknown. */
  can: (module: PermissionModule, action: PermissionAction) => boolean;
  /** The permissions are still being fetched. */
  loading: boolean;
}

/** How long the permissions read with the user stay good before a control-centre page reads them again. */
export const PERMISSIONS_MAX_AGE = 60_000;

/**
 * The current user's permissions, as GET /api/user reports them: read again when a
 * control-centre page opens (a role may have changed since login) unless the user was read in
 * the last minute — on a page load, the start-up check (lib/session.ts) has just read it. Hiding
 * a button is a courtesy, never the check: the server checks every call.
 */
export function usePermissions(): Permissions {
  const isLoggedIn = useSessionStore((s) => s.isLoggedIn);
  const permissions = useSessionStore((s) => s.user?.permissions);
  useEffect(() => {
    if (isLoggedIn) loadSessionUser({ maxAge: PERMISSIONS_MAX_AGE, silent: true }).catch(() => undefined);
  }, [isLoggedIn]);
  const granted = useMemo(() => new Set(permissions ?? []), [permissions]);
  return {
    can: (module, action) => granted.has(`${module}.${action}`),
    loading: isLoggedIn && !permissions,
  };
}
