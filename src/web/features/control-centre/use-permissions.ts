import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '#shared/api/user.ts';
import type { PermissionAction, PermissionModule } from '#shared/resources/permissions.ts';
import { api } from '../../lib/api-client.ts';
import { useSessionStore } from '../../lib/session-store.ts';

export interface Permissions {
  /** Whether the user's role grants `module.action`; false while unknown. */
  can: (module: PermissionModule, action: PermissionAction) => boolean;
  /** The permissions are still being fetched. */
  loading: boolean;
}

/**
 * The current user's permissions, as GET /api/user reports them, read again when a control-centre
 * page opens (a role may have changed since login) and kept in the session store. Hiding a button
 * is a courtesy, never the check: the server checks every call.
 */
export function usePermissions(): Permissions {
  const userId = useSessionStore((s) => s.user?.id ?? null);
  const stored = useSessionStore((s) => s.user?.permissions);
  const query = useQuery({
    queryKey: ['session-user', userId],
    enabled: userId !== null,
    staleTime: 60_000,
    queryFn: async (): Promise<SessionUser> => {
      const user = await api.get<SessionUser>('/user', { silent: true });
      useSessionStore.getState().setUser(user);
      return user;
    },
  });
  const granted = new Set(query.data?.permissions ?? stored ?? []);
  return {
    can: (module, action) => granted.has(`${module}.${action}`),
    loading: query.isPending && userId !== null && !stored,
  };
}
