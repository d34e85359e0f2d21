/**
 * The control centre's code, fetched through this small module: the route table (on every page,
 * the login page included) then names one small file instead of the long list of chunks the
 * control centre needs, which stays here until a control-centre page is opened.
 *
 * Every screen of the control centre (and /admin/perms), by the name routes.tsx uses: which module
 * holds it and under which export. Each group loads on its own, so a list page does not bring the
 * role editor, the staff screens or the organisation profile with it, and each roles or staff page
 * only the table or form it shows (the role form alone brings antd's Form and the zod field checks).
 */
const GROUPS = {
  home: () => import('./control-centre-home.tsx'),
  resources: () => import('../features/control-centre/resource-screens.tsx'),
  tabbed: () => import('../features/control-centre/tabbed-screens.tsx'),
  roles: () => import('../features/control-centre/roles-screens.tsx'),
  roleEdit: () => import('../features/control-centre/role-edit-screen.tsx'),
  staff: () => import('../features/control-centre/staff-screens.tsx'),
  invitations: () => import('../features/control-centre/invitations-screen.tsx'),
  invitationDefaults: () => import('../features/control-centre/invitation-defaults-screen.tsx'),
  commissions: () => import('../features/control-centre/commission-report.tsx'),
};
type Group = keyof typeof GROUPS;
type ExportOf<G extends Group> = keyof Awaited<ReturnType<(typeof GROUPS)[G]>> & string;
const at = <G extends Group>(group: G, name: ExportOf<G>) => ({ group, name });

export const CONTROL_CENTRE_SCREENS = {
  home: at('home', 'ControlCentreHome'),
  addresses: at('resources', 'AddressesScreen'),
  bankDetails: at('resources', 'BankDetailsScreen'),
  chargeCodes: at('resources', 'ChargeCodesScreen'),
  clientAssignments: at('resources', 'ClientAssignmentsScreen'),
  commissions: at('commissions', 'CommissionsScreen'),
  currencies: at('tabbed', 'CurrenciesScreen'),
  departments: at('resources', 'DepartmentsScreen'),
  partners: at('resources', 'PartnersScreen'),
  standards: at('resources', 'StandardsCertificationsScreen'),
  networks: at('resources', 'SupplyChainNetworksScreen'),
  tasks: at('resources', 'TaskTemplatesScreen'),
  documentTemplates: at('resources', 'DocumentTemplatesScreen'),
  tiers: at('resources', 'ClientTiersScreen'),
  sellRules: at('resources', 'SellRulesScreen'),
  work: at('tabbed', 'WorkClassificationScreen'),
  nativeOrganisations: at('tabbed', 'NativeOrganisationsScreen'),
  referenceLists: at('tabbed', 'ReferenceListsScreen'),
  roles: at('roles', 'RolesScreen'),
  roleEdit: at('roleEdit', 'RoleEditScreen'),
  rolePerm: at('roles', 'RolePermissionsScreen'),
  permissionModules: at('roles', 'PermissionModulesScreen'),
  staff: at('staff', 'StaffScreen'),
  invitations: at('invitations', 'InvitationsScreen'),
  invitationDefaults: at('invitationDefaults', 'InvitationDefaultsScreen'),
};
export type ControlCentreScreenName = keyof typeof CONTROL_CENTRE_SCREENS;

/** The module holding a control-centre screen, as `{ [name]: component }`. */
export async function loadControlCentreScreen(name: ControlCentreScreenName): Promise<Record<string, unknown>> {
  const { group, name: exported } = CONTROL_CENTRE_SCREENS[name];
  const module = (await GROUPS[group]()) as Record<string, unknown>;
  return { [name]: module[exported] };
}

export const loadAcceptInvitation = () => import('../features/control-centre/accept-invitation-screen.tsx');
