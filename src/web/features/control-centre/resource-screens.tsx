import type { ComponentType } from 'react';
import type { ResourceDescriptor } from '#shared/resources/descriptor.ts';
import { addresses } from '#shared/resources/addresses.ts';
import { bankDetails } from '#shared/resources/bank-details.ts';
import { chargeCodes } from '#shared/resources/charge-codes.ts';
import { clientTiers } from '#shared/resources/client-tiers.ts';
import { departments } from '#shared/resources/departments.ts';
import { standardsCertifications, supplyChainNetworks } from '#shared/resources/network-records.ts';
import { partners } from '#shared/resources/partners.ts';
import { sellRules } from '#shared/resources/sell-rules.ts';
import { clientAssignments } from '#shared/resources/work-records.ts';
import { documentTemplates, taskTemplates } from '#shared/resources/operations.ts';
import { useCurrentRoute } from '../../lib/route-context.ts';
import { useCcTranslation } from './cc-texts.ts';
import { ResourcePage } from './resource-page.tsx';

/** A control-centre page showing one record type, titled as its route. */
function resourceScreen(descriptor: ResourceDescriptor): ComponentType {
  return function ResourceScreen() {
    const { t } = useCcTranslation();
    const route = useCurrentRoute();
    return <ResourcePage descriptor={descriptor} title={route ? t(route.titleKey) : t(descriptor.titleKey)} />;
  };
}

export const AddressesScreen = resourceScreen(addresses);
export const BankDetailsScreen = resourceScreen(bankDetails);
export const ChargeCodesScreen = resourceScreen(chargeCodes);
export const ClientAssignmentsScreen = resourceScreen(clientAssignments);
export const DepartmentsScreen = resourceScreen(departments);
export const PartnersScreen = resourceScreen(partners);
export const StandardsCertificationsScreen = resourceScreen(standardsCertifications);
export const SupplyChainNetworksScreen = resourceScreen(supplyChainNetworks);
/** Control centre › tasks: the checklists attached to new bookings and shipments (the tasks themselves are at /task-assignment). */
export const TaskTemplatesScreen = resourceScreen(taskTemplates);
export const DocumentTemplatesScreen = resourceScreen(documentTemplates);
export const ClientTiersScreen = resourceScreen(clientTiers);
export const SellRulesScreen = resourceScreen(sellRules);
