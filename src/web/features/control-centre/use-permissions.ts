import { useQuery } from '@tanstack/react-query';
import type { PermissionAction, PermissionModule } from '#shared/resources/permissions.ts';
import { isApiFailure } from '../../lib/api-failure.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { ccApi, ccKeys } from './cc-api.ts';

export interface Permissions {
  /** Whether the user's role grants `module.action`; false while unknown. */
  can: (module: PermissionModule, action: PermissionAction) => boolean;
  /** The permissions are still being fetched. */
  loading: boolean;
}

/**
 * The current user's permissions, derived in the browser: the session user carries none yet,
 * so we find the user in GET /api/staff and their role in GET /api/roles. Both calls need
 * `control_centre.view`; without it the user may do nothing here (and the API says so with
 * 403 anyway). Hiding a button is a courtesy, never the check: the server checks every call.
 */
export function usePermissions(): Permissions {
  const userId = useSessionStore((s) => s.user?.id ?? null);
  const query = useQuery({
    queryKey: ccKeys.permissions(userId ?? ''),
    enabled: userId !== null,
    staleTime: 60_000,
    queryFn: async (): Promise<string[]> => {
      try {
        const [roles, staff] = await Promise.all([ccApi.roles(), ccApi.staff()]);
        const me = staff.find((member) => member.user_id === userId);
        if (!me || me.status !== 'active') return [];
        return roles.find((role) => role.id === me.role_id)?.permissions ?? [];
      } catch (error) {
        if (isApiFailure(error) && error.status === 403) return [];
        throw error;
      }
    },
  });
  const granted = new Set(query.data ?? []);
  return {
    can: (module, action) => granted.has(`${module}.${action}`),
    loading: query.isPending && userId !== null,
  };
}
