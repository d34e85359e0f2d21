/** Permission modules (one per area) × actions; a permission is written `module.action`. */
export const PERMISSION_MODULES = [
  'network', 'crm', 'quotations', 'shipments', 'documents', 'hr', 'payroll', 'billing', 'control_centre', 'analytics',
] as const;
export const PERMISSION_ACTIONS = ['view', 'create', 'update', 'delete', 'export'] as const;
export type PermissionModule = (typeof PERMISSION_MODULES)[number];
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];
export type Permission = `${PermissionModule}.${PermissionAction}`;

export const ALL_PERMISSIONS: Permission[] = PERMISSION_MODULES.flatMap((m) => PERMISSION_ACTIONS.map((a) => `${m}.${a}` as Permission));
export const isPermission = (p: string): p is Permission => (ALL_PERMISSIONS as string[]).includes(p);

/** Built-in roles every organisation gets. Owner has everything and cannot lose its last holder. */
export const BUILTIN_ROLES = {
  owner: { name: 'Owner', permissions: ALL_PERMISSIONS },
  admin: { name: 'Admin', permissions: ALL_PERMISSIONS.filter((p) => !p.startsWith('billing.') || p === 'billing.view') },
  staff: {
    name: 'Staff',
    permissions: ALL_PERMISSIONS.filter((p) => p.endsWith('.view') || /^(crm|quotations|shipments|documents|network)\.(create|update)$/.test(p)),
  },
} as const satisfies Record<string, { name: string; permissions: readonly Permission[] }>;
export type BuiltinRole = keyof typeof BUILTIN_ROLES;
