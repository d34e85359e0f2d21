/**
 * The role and department a new invitation starts with, per organisation, kept in this browser
 * (localStorage): a convenience for whoever sends the invitations, not a rule of the
 * organisation, so the server does not need to know it.
 */
export interface InvitationDefaults {
  role_id: string | null;
  department_id: string | null;
}

const key = (organisationId: string) => `fyn-invitation-defaults:${organisationId}`;
const NONE: InvitationDefaults = { role_id: null, department_id: null };

export function readInvitationDefaults(organisationId: string | null | undefined): InvitationDefaults {
  if (!organisationId) return NONE;
  try {
    const raw = JSON.parse(localStorage.getItem(key(organisationId)) ?? 'null') as Partial<InvitationDefaults> | null;
    return {
      role_id: typeof raw?.role_id === 'string' ? raw.role_id : null,
      department_id: typeof raw?.department_id === 'string' ? raw.department_id : null,
    };
  } catch {
    return NONE;
  }
}

export function writeInvitationDefaults(organisationId: string, defaults: InvitationDefaults): void {
  try {
    localStorage.setItem(key(organisationId), JSON.stringify(defaults));
  } catch {
    // Storage may be unavailable (private mode): the defaults then last for this visit only.
  }
}
