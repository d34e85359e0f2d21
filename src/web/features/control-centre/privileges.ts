import { useQuery } from '@tanstack/react-query';
import { ungrantable } from '#shared/resources/permissions.ts';
import { isApiFailure } from '../../lib/api-failure.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { ccApi, ccKeys, type Role } from './cc-api.ts';
import { ccT } from './cc-texts.ts';

const NO_PERMISSIONS: readonly string[] = [];

/**
 * The privilege rules as the caller meets them (the server applies them to every write): nobody
 * grants a permission they do not hold, only owners edit the built-in roles and hand out or take
 * away the Owner role, nobody changes their own role. Whether the caller is an owner comes from
 * their row in the staff list and the roles (unknown, so not an owner, without staff.view).
 */
export function usePrivileges() {
  const me = useSessionStore((s) => s.user?.id ?? null);
  const held = useSessionStore((s) => s.user?.permissions) ?? NO_PERMISSIONS;
  const roles = useQuery({ queryKey: ccKeys.roles, queryFn: ccApi.roles });
  const staff = useQuery({ queryKey: ccKeys.staff, queryFn: () => ccApi.staff() });
  const myRoleId = staff.data?.find((m) => m.user_id === me)?.role_id;
  const ownerRoleId = roles.data?.find((r) => r.builtin === 'owner')?.id ?? null;
  const isOwner = ownerRoleId !== null && myRoleId === ownerRoleId;
  return {
    me,
    /** The permissions the caller holds, so may grant. */
    held,
    isOwner,
    /** Whether `isOwner` is known yet (it is false until then). */
    settled: !roles.isPending && !staff.isPending,
    ownerRoleId,
    /** Whether the caller may give `role` to someone (a member or an invitation). */
    mayAssign: (role: Pick<Role, 'builtin' | 'permissions'>) =>
      (role.builtin !== 'owner' || isOwner) && ungrantable(held, role.permissions).length === 0,
  };
}

/** The server's privilege refusals in the user's language; null for any other failure. */
export function privilegeProblem(error: unknown): string | null {
  if (!isApiFailure(error)) return null;
  if (error.code === 'permission_escalation') return ccT('control_centre.permission_escalation');
  if (error.code === 'owner_only') return ccT('control_centre.owner_only');
  if (error.code === 'own_role') return ccT('control_centre.own_role');
  return null;
}
