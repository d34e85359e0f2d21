import { ControlCentreScreen } from '../features/control-centre/control-centre-screen.tsx';
import {
  AddressesScreen,
  BankDetailsScreen,
  ChargeCodesScreen,
  ClientAssignmentsScreen,
  ClientTiersScreen,
  CommissionsScreen,
  CurrenciesScreen,
  DepartmentsScreen,
  PartnersScreen,
  StandardsCertificationsScreen,
  SupplyChainNetworksScreen,
  TasksScreen,
  WorkClassificationScreen,
} from '../features/control-centre/resource-screens.tsx';
import {
  PermissionModulesScreen,
  RoleEditScreen,
  RolePermissionsScreen,
  RolesScreen,
} from '../features/control-centre/roles-screens.tsx';
import { InvitationDefaultsScreen, InvitationsScreen, StaffScreen } from '../features/control-centre/staff-screens.tsx';
import { OrganisationProfile } from '../features/organisation/organisation-profile.tsx';

/** The control centre's front page with the organisation's profile on top (features composed here). */
function ControlCentreHome() {
  return <ControlCentreScreen profile={<OrganisationProfile />} />;
}

/** Every screen of the control centre (and /admin/perms), by the name routes.tsx uses. */
export const CONTROL_CENTRE_SCREENS = {
  home: ControlCentreHome,
  addresses: AddressesScreen,
  bankDetails: BankDetailsScreen,
  chargeCodes: ChargeCodesScreen,
  clientAssignments: ClientAssignmentsScreen,
  commissions: CommissionsScreen,
  currencies: CurrenciesScreen,
  departments: DepartmentsScreen,
  partners: PartnersScreen,
  standards: StandardsCertificationsScreen,
  networks: SupplyChainNetworksScreen,
  tasks: TasksScreen,
  tiers: ClientTiersScreen,
  work: WorkClassificationScreen,
  roles: RolesScreen,
  roleEdit: RoleEditScreen,
  rolePerm: RolePermissionsScreen,
  permissionModules: PermissionModulesScreen,
  staff: StaffScreen,
  invitations: InvitationsScreen,
  invitationDefaults: InvitationDefaultsScreen,
};
