import {
  addressesTable, bankDetailsTable, chargeCodesTable, clientAssignmentsTable, clientTiersTable, commissionsTable, departmentsTable, exchangeRatesTable,
  leadsTable, nativeContactsTable, nativeOrganisationsTable, organisationCurrenciesTable, partnersTable, sellRulesTable, roles, standardsCertificationsTable, supplyChainNetworksTable, tasksTable, workAllocationsTable, workClassificationsTable,
  carbonOffsetsTable, clocksTable, crmActivitiesTable, directionsTable, equipmentTypesTable, incotermsTable, loadTypesTable, nativeAddressesTable,
  nativeBankDetailsTable, nativeStandardsCertificationsTable, nativeSupplyChainNetworksTable, transportModesTable, taskTemplatesTable, documentTemplatesTable, employeesTable, leaveTypesTable, leavePoliciesTable, salaryStructuresTable, payComponentsTable, salaryAssignmentsTable,
} from '../../db/schema/index.ts';
import type { ResourceName } from '#shared/resources/registry.ts';
import type { TenantTable } from './register.ts';

/** The drizzle table of each descriptor, by the descriptor's name: a descriptor without one fails the type check. */
export const RESOURCE_TABLES: Record<ResourceName, TenantTable> = {
  addresses: addressesTable,
  'bank-details': bankDetailsTable,
  'charge-codes': chargeCodesTable,
  'organisation-currencies': organisationCurrenciesTable,
  'exchange-rates': exchangeRatesTable,
  'standards-certifications': standardsCertificationsTable,
  'supply-chain-networks': supplyChainNetworksTable,
  'client-tiers': clientTiersTable,
  'work-classifications': workClassificationsTable,
  'work-allocations': workAllocationsTable,
  commissions: commissionsTable,
  'client-assignments': clientAssignmentsTable,
  partners: partnersTable,
  tasks: tasksTable,
  departments: departmentsTable,
  roles,
  'native-organisations': nativeOrganisationsTable,
  'native-contacts': nativeContactsTable,
  'sell-rules': sellRulesTable,
  leads: leadsTable,
  'native-addresses': nativeAddressesTable,
  'native-bank-details': nativeBankDetailsTable,
  'native-standards-certifications': nativeStandardsCertificationsTable,
  'native-supply-chain-networks': nativeSupplyChainNetworksTable,
  'crm-activities': crmActivitiesTable,
  'carbon-offsets': carbonOffsetsTable,
  directions: directionsTable,
  'load-types': loadTypesTable,
  'transport-modes': transportModesTable,
  incoterms: incotermsTable,
  'equipment-types': equipmentTypesTable,
  clocks: clocksTable,
  'task-templates': taskTemplatesTable,
  'document-templates': documentTemplatesTable,
  employees: employeesTable,
  'leave-types': leaveTypesTable,
  'leave-policies': leavePoliciesTable,
  'salary-structures': salaryStructuresTable,
  'pay-components': payComponentsTable,
  'salary-assignments': salaryAssignmentsTable,
};

export const tableOf = (name: ResourceName): TenantTable => RESOURCE_TABLES[name];
