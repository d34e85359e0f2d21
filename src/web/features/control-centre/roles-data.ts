import { useQuery } from '@tanstack/react-query';
import { ccApi, ccKeys } from './cc-api.ts';

/**
 * What the roles screens (roles-screens.tsx) and the role form (role-edit-screen.tsx) share, in a
 * leaf: the list screens load without the form (antd Form, the zod field checks) and the form
 * without the lists' tables.
 */
export const ROLES_PATH = '/organisation/control-centre/roles-and-permissions';

export function useRoles() {
  return useQuery({ queryKey: ccKeys.roles, queryFn: ccApi.roles });
}

export function useModules() {
  return useQuery({ queryKey: ccKeys.modules, queryFn: ccApi.permissionModules, staleTime: Infinity });
}
