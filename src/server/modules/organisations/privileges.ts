import { ungrantable } from '#shared/resources/permissions.ts';
import { AppError } from '../../lib/errors.ts';
import type { Membership } from './membership.ts';

/**
 * The privilege rules, in one place (docs/product.md#privilege-rules). Every path to more power
 * (role create and update, role assignment, invitations) calls these before it writes:
 * - nobody grants a permission they do not hold, and nobody changes the role or status of someone
 *   who holds a permission they do not hold: people are managed only by those at least as able
 *   (403 permission_escalation);
 * - only owners edit the built-in roles and assign or remove the Owner role (403 owner_only);
 * - nobody changes their own role or status (403 own_role).
 * The last-owner rule lives with the member change itself (it needs the row lock).
 */
type RoleLike = { name?: string; builtin: string | null; permissions: readonly string[] };

export const isOwner = (m: Membership) => m.role.builtin === 'owner';

function escalation(missing: string[]): never {
  throw new AppError(403, 'permission_escalation', `You cannot grant or change permissions you do not hold yourself (${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}).`, undefined, undefined, { permissions: missing });
}
const ownerOnly = (message: string) => new AppError(403, 'owner_only', message);

/** The caller holds every one of `permissions`. */
export function assertHolds(m: Membership, permissions: readonly string[]): void {
  const missing = ungrantable(m.permissions, permissions);
  if (missing.length) escalation(missing);
}

/** A new role: only permissions the caller holds. */
export function assertMayCreateRole(m: Membership, permissions: readonly string[]): void {
  assertHolds(m, permissions);
}

/** Changing a role: built-in roles are the owners' to edit; what is added must be held by the caller. */
export function assertMayChangeRole(m: Membership, existing: RoleLike, permissions: readonly string[] | undefined): void {
  if (existing.builtin && !isOwner(m)) throw ownerOnly('Only owners can change the built-in roles.');
  if (permissions) assertHolds(m, permissions.filter((p) => !existing.permissions.includes(p)));
}

/** Handing a role to someone (a member's new role, or an invitation's). */
export function assertMayAssignRole(m: Membership, role: RoleLike): void {
  if (role.builtin === 'owner' && !isOwner(m)) throw ownerOnly('Only owners can make someone an owner.');
  assertHolds(m, role.permissions);
}

/**
 * Changing another member's role or status: never one's own, never an owner's unless the caller
 * is one, never someone holding a permission the caller lacks; the new role must be grantable.
 */
export function assertMayChangeMember(m: Membership, target: { user_id: string; role: RoleLike }, newRole: RoleLike | null): void {
  if (target.user_id === m.user.id) throw new AppError(403, 'own_role', 'You cannot change your own role or status: ask another owner or admin.');
  if (target.role.builtin === 'owner' && !isOwner(m)) throw ownerOnly('Only owners can change another owner’s role or status.');
  assertHolds(m, target.role.permissions);
  if (newRole) assertMayAssignRole(m, newRole);
}
