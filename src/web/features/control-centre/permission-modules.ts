import { MODULE_ACTIONS, PERMISSION_MODULES, type PermissionAction, type PermissionModule } from '#shared/resources/permissions.ts';

export interface ModuleActions {
  module: PermissionModule;
  actions: readonly PermissionAction[];
}

/**
 * Every module with every action (what GET /api/permission-modules answers): apart from the
 * permission matrix so that the read-only overview does not load the matrix's checkboxes.
 */
export const ALL_MODULES: readonly ModuleActions[] = PERMISSION_MODULES.map((module) => ({ module, actions: MODULE_ACTIONS[module] }));
