/**
 * Permission modules (one per area) × actions; a permission is written `module.action`.
 * `roles` and `staff` guard the paths to more power (docs/product.md, "Roles and permissions");
 * `bank_details` and `payroll` hold sensitive records that the Staff role does not read.
 */
export const PERMISSION_MODULES = [
  'network', 'crm', 'quotes', 'rates', 'operations', 'documents', 'hr', 'payroll', 'recruitment', 'billing', 'control_centre', 'bank_details', 'roles', 'staff', 'analytics', 'developers',
] as const;
export const PERMISSION_ACTIONS = ['view', 'create', 'update', 'delete', 'export'] as const;
export type PermissionModule = (typeof PERMISSION_MODULES)[number];
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];
export type Permission = `${PermissionModule}.${PermissionAction}`;

/** The actions a module offers: every action, except where a module has no records to export (API keys, webhook endpoints). */
export const MODULE_ACTIONS: Readonly<Record<PermissionModule, readonly PermissionAction[]>> = Object.fromEntries(
  PERMISSION_MODULES.map((m) => [m, m === 'developers' ? PERMISSION_ACTIONS.filter((a) => a !== 'export') : PERMISSION_ACTIONS]),
) as unknown as Record<PermissionModule, readonly PermissionAction[]>;

export const ALL_PERMISSIONS: Permission[] = PERMISSION_MODULES.flatMap((m) => MODULE_ACTIONS[m].map((a) => `${m}.${a}` as Permission));
export const isPermission = (p: string): p is Permission => (ALL_PERMISSIONS as string[]).includes(p);

/** Modules whose records the Staff role does not read by default: money, people's pay, bank accounts, margins (analytics), integrations (developers). */
const SENSITIVE_MODULES: readonly PermissionModule[] = ['billing', 'payroll', 'hr', 'recruitment', 'bank_details', 'analytics', 'developers'];

/** Built-in roles every organisation gets. Owner has everything and cannot lose its last holder. */
export const BUILTIN_ROLES = {
  owner: { name: 'Owner', permissions: ALL_PERMISSIONS },
  admin: { name: 'Admin', permissions: ALL_PERMISSIONS.filter((p) => !p.startsWith('billing.') || p === 'billing.view') },
  staff: {
    name: 'Staff',
    permissions: ALL_PERMISSIONS.filter(
      (p) =>
        (p.endsWith('.view') && !SENSITIVE_MODULES.includes(p.split('.')[0] as PermissionModule)) ||
        /^(crm|quotes|operations|documents|network)\.(create|update)$/.test(p),
    ),
  },
} as const satisfies Record<string, { name: string; permissions: readonly Permission[] }>;
export type BuiltinRole = keyof typeof BUILTIN_ROLES;

/**
 * The permissions of `wanted` that `holder` does not have: nobody grants what they do not hold
 * (role create and update, role assignment, invitations). Empty means the grant is allowed.
 */
export function ungrantable(holder: ReadonlySet<string> | readonly string[], wanted: readonly string[]): string[] {
  const held = holder instanceof Set ? holder : new Set(holder as readonly string[]);
  return wanted.filter((p) => !held.has(p));
}
