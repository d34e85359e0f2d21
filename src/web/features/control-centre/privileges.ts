import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { StaffMember } from '#shared/api/staff.ts';
import { isApiFailure } from '../../lib/api-failure.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { ccApi, ccKeys, type Role } from './cc-api.ts';
import { ccT } from './cc-texts.ts';

const NO_PERMISSIONS: readonly string[] = [];

/**
 * The privilege rules as the caller meets them (the server applies them to every write,
 * src/server/modules/organisations/privileges.ts): nobody grants a permission they do not hold,
 * people are managed only by those holding everything their role holds, only owners edit the
 * built-in roles and hand out or take away the Owner role, nobody changes their own role.
 */
export function usePrivileges() {
  const me = useSessionStore((s) => s.user?.id ?? null);
  const held = useSessionStore((s) => s.user?.permissions) ?? NO_PERMISSIONS;
  const isOwner = useSessionStore((s) => s.user?.is_owner ?? false);
  const roles = useQuery({ queryKey: ccKeys.roles, queryFn: ccApi.roles });
  return useMemo(() => {
    const heldSet = new Set(held);
    const holdsAll = (permissions: readonly string[]) => permissions.every((p) => heldSet.has(p));
    const roleOf = (id: string | null) => roles.data?.find((r) => r.id === id);
    const ownerRoleId = roles.data?.find((r) => r.builtin === 'owner')?.id ?? null;
    return {
      me,
      /** The permissions the caller holds, so may grant. */
      held,
      isOwner,
      /** Whether the roles are known yet. */
      settled: !roles.isPending,
      ownerRoleId,
      /** Whether the caller may give `role` to someone (a member or an invitation). */
      mayAssign: (role: Pick<Role, 'builtin' | 'permissions'>) => (role.builtin !== 'owner' || isOwner) && holdsAll(role.permissions),
      /**
       * Why the caller may not change `member`'s role or status (a text for the form), or null
       * when they may: not their own, an owner's only as an owner, and not someone whose role
       * holds a permission the caller lacks.
       */
      manageProblem: (member: Pick<StaffMember, 'user_id' | 'role_id'>): string | null => {
        if (member.user_id === me) return ccT('staff.own_role_note');
        if (member.role_id === ownerRoleId && !isOwner) return ccT('staff.owner_role_note');
        if (!holdsAll(roleOf(member.role_id)?.permissions ?? NO_PERMISSIONS)) return ccT('staff.stronger_role_note');
        return null;
      },
    };
  }, [me, held, isOwner, roles.data, roles.isPending]);
}

/** The server's privilege refusals in the user's language; null for any other failure. */
export function privilegeProblem(error: unknown): string | null {
  if (!isApiFailure(error)) return null;
  if (error.code === 'permission_escalation') return ccT('control_centre.permission_escalation');
  if (error.code === 'owner_only') return ccT('control_centre.owner_only');
  if (error.code === 'own_role') return ccT('control_centre.own_role');
  return null;
}
