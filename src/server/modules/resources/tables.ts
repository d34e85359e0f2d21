import {
  addressesTable, bankDetailsTable, chargeCodesTable, clientAssignmentsTable, clientTiersTable, commissionsTable, departmentsTable, exchangeRatesTable,
  leadsTable, nativeContactsTable, nativeOrganisationsTable, organisationCurrenciesTable, partnersTable, sellRulesTable, roles, standardsCertificationsTable, supplyChainNetworksTable, tasksTable, workAllocationsTable, workClassificationsTable,
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
};

export const tableOf = (name: ResourceName): TenantTable => RESOURCE_TABLES[name];
