import {
  addressesTable, bankDetailsTable, chargeCodesTable, clientAssignmentsTable, clientTiersTable, commissionsTable, departmentsTable, exchangeRatesTable,
  organisationCurrenciesTable, partnersTable, roles, standardsCertificationsTable, supplyChainNetworksTable, tasksTable, workAllocationsTable, workClassificationsTable,
} from '../../db/schema/index.ts';
import type { TenantTable } from './register.ts';

/** The drizzle table of each descriptor, by the descriptor's name. */
export const RESOURCE_TABLES: Record<string, TenantTable> = {
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
};

export function tableOf(name: string): TenantTable {
  const table = RESOURCE_TABLES[name];
  if (!table) throw new Error(`No table for resource ${name}`);
  return table;
}
