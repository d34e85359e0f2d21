import { bankDetailsTable, chargeCodesTable, clientTiersTable, departmentsTable, partnersTable, roles } from '../../db/schema/index.ts';
import type { TenantTable } from './register.ts';

/** The drizzle table of each descriptor, by the descriptor's name. */
export const RESOURCE_TABLES: Record<string, TenantTable> = {
  departments: departmentsTable,
  'charge-codes': chargeCodesTable,
  'client-tiers': clientTiersTable,
  'bank-details': bankDetailsTable,
  partners: partnersTable,
  roles,
};

export function tableOf(name: string): TenantTable {
  const table = RESOURCE_TABLES[name];
  if (!table) throw new Error(`No table for resource ${name}`);
  return table;
}
