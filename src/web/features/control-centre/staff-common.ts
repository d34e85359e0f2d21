import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isApiFailure } from '../../lib/api-failure.ts';
import { ccApi, ccKeys } from './cc-api.ts';
import { ccT } from './cc-texts.ts';
import { privilegeProblem, usePrivileges } from './privileges.ts';

/**
 * What the staff screens (staff-screens.tsx, invitations-screen.tsx, invitation-defaults-screen.tsx)
 * and the staff forms share, in a leaf: no screen loads another's table or form with it. The
 * drawers that hold the forms are opened through staff-drawers.ts.
 */
export const STAFF_PATH = '/organisation/control-centre/staff';

/**
 * The roles the caller may give (the server's order, by name): none with a permission the caller
 * does not hold, and Owner only from an owner. `current`, a role already given, stays visible
 * (not offered) so that the select can name it. `note` says what was left out, if anything.
 */
export function useRoleOptions(current?: string | null) {
  const roles = useQuery({ queryKey: ccKeys.roles, queryFn: ccApi.roles });
  const { mayAssign, isOwner, settled } = usePrivileges();
  const { options, note } = useMemo(() => {
    const list = roles.data ?? [];
    const limited = list.some((r) => !mayAssign(r));
    return {
      options: list.filter((r) => mayAssign(r) || r.id === current).map((r) => ({ value: r.id, label: r.name, disabled: !mayAssign(r) })),
      note: limited ? ccT(isOwner ? 'staff.roles_offered' : 'staff.roles_offered_not_owner') : null,
    };
  }, [roles.data, mayAssign, isOwner, current]);
  return { roles, options, note, settled: settled && roles.data !== undefined };
}

/** What the API's answer to a staff change means for the user. */
export function staffProblem(error: unknown): string {
  if (!isApiFailure(error)) return ccT('errors.server');
  if (error.code === 'last_owner') return ccT('staff.last_owner');
  const refused = privilegeProblem(error);
  if (refused) return refused;
  if (error.status === 403) return ccT('control_centre.not_allowed_action');
  if (error.status === 404) return ccT('staff.not_found');
  return error.notified ? '' : error.message || ccT('errors.server');
}
