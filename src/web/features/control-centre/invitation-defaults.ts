import { useQuery } from '@tanstack/react-query';
import type { StaffConfiguration } from '#shared/api/staff.ts';
import { api } from '../../lib/api-client.ts';

/**
 * The role and department a new invitation starts with: the organisation's own, kept on the
 * server (GET/PUT /api/control-centre/configurations), so every admin sees the same.
 */
export interface InvitationDefaults {
  role_id: string | null;
  department_id: string | null;
}

/** The defaults as read: with the role's name, for a reader who may not list the roles. */
export interface InvitationDefaultsRead extends InvitationDefaults {
  role_name: string | null;
}

export const invitationDefaultsKey = ['cc', 'staff', 'configurations'] as const;
const NONE: InvitationDefaultsRead = { role_id: null, role_name: null, department_id: null };

const fromServer = (c: StaffConfiguration): InvitationDefaultsRead => ({ role_id: c.default_role_id, role_name: c.default_role_name, department_id: c.default_department_id });

/**
 * The defaults, none until they arrive. A member who may not read them (staff.view), or a failed
 * read, also gets none in `defaults` (an invitation then starts empty); `error` says which, so
 * that the screen editing them never offers "none" to save over the real ones.
 */
export function useInvitationDefaults() {
  const query = useQuery({
    queryKey: invitationDefaultsKey,
    queryFn: () => api.get<StaffConfiguration>('/control-centre/configurations', { silent: true }).then(fromServer),
    staleTime: 60_000,
  });
  return { defaults: query.data ?? NONE, loading: query.isPending, error: query.isError ? query.error : null, retry: () => void query.refetch() };
}

export const saveInvitationDefaults = (defaults: InvitationDefaults) =>
  api.put<StaffConfiguration>('/control-centre/configurations', { default_role_id: defaults.role_id, default_department_id: defaults.department_id }).then(fromServer);
