import { addresses } from './addresses.ts';
import { bankDetails } from './bank-details.ts';
import { chargeCodes } from './charge-codes.ts';
import { clientTiers } from './client-tiers.ts';
import { exchangeRates, organisationCurrencies } from './currencies.ts';
import { departments } from './departments.ts';
import { standardsCertifications, supplyChainNetworks } from './network-records.ts';
import { nativeContacts, nativeOrganisations } from './native-organisations.ts';
import { partners } from './partners.ts';
import { sellRules } from './sell-rules.ts';
import { leads } from './leads.ts';
import { carbonOffsets, crmActivities, nativeAddresses, nativeBankDetails, nativeStandardsCertifications, nativeSupplyChainNetworks } from './native-records.ts';
import { clocks, directions, equipmentTypes, incoterms, loadTypes, transportModes } from './reference-lists.ts';
import { rolesResource } from './roles.ts';
import { documentTemplates, taskTemplates } from './operations.ts';
import { employees, leavePolicies, leaveTypes, payComponents, salaryAssignments, salaryStructures } from './hr.ts';
import { reviewCriteria, reviewCycles } from './performance.ts';
import { recruitmentStages } from './recruitment.ts';
import { clientAssignments, commissions, tasks, workAllocations, workClassifications } from './work-records.ts';

/** Every plain tenant record type; the server mounts each, the browser lists each. */
export const RESOURCES = [
  addresses, bankDetails, chargeCodes, organisationCurrencies, exchangeRates, standardsCertifications, supplyChainNetworks,
  clientTiers, workClassifications, workAllocations, commissions, clientAssignments, partners, tasks, departments, rolesResource,
  nativeOrganisations, nativeContacts, sellRules, leads,
  nativeAddresses, nativeBankDetails, nativeStandardsCertifications, nativeSupplyChainNetworks, crmActivities, carbonOffsets,
  directions, loadTypes, transportModes, incoterms, equipmentTypes, clocks,
  taskTemplates, documentTemplates,
  employees, leaveTypes, leavePolicies, salaryStructures, payComponents, salaryAssignments,
  reviewCycles, reviewCriteria,
  recruitmentStages,
] as const;

/** The name of a registered record type ("charge-codes", …): maps keyed by it must name every one (or, if partial, only these). */
export type ResourceName = (typeof RESOURCES)[number]['name'];
