/** A member as GET /api/staff lists them (the fields a picker needs). */
export interface MemberOption {
  user_id: string;
  name: string;
  status?: 'active' | 'deactivated' | 'invited';
}

/**
 * A member picker's options: the active members to choose from (the server refuses anyone else);
 * a member no longer active only as the value a record already holds, shown but not offered.
 */
export function memberOptions(members: readonly MemberOption[] | undefined, current?: string | null): { value: string; label: string; disabled?: boolean }[] {
  return (members ?? [])
    .filter((m) => (m.status ?? 'active') === 'active' || m.user_id === current)
    .map((m) => ((m.status ?? 'active') === 'active' ? { value: m.user_id, label: m.name } : { value: m.user_id, label: m.name, disabled: true }));
}
