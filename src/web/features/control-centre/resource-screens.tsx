import type { ComponentType } from 'react';
import { Tabs, Typography } from 'antd';
import type { ResourceDescriptor } from '#shared/resources/descriptor.ts';
import { addresses } from '#shared/resources/addresses.ts';
import { bankDetails } from '#shared/resources/bank-details.ts';
import { chargeCodes } from '#shared/resources/charge-codes.ts';
import { clientTiers } from '#shared/resources/client-tiers.ts';
import { exchangeRates, organisationCurrencies } from '#shared/resources/currencies.ts';
import { departments } from '#shared/resources/departments.ts';
import { standardsCertifications, supplyChainNetworks } from '#shared/resources/network-records.ts';
import { partners } from '#shared/resources/partners.ts';
import { clientAssignments, commissions, tasks, workAllocations, workClassifications } from '#shared/resources/work-records.ts';
import { useCurrentRoute } from '../../lib/route-context.ts';
import { useCcTranslation } from './cc-texts.ts';
import { ConvertTool } from './convert-tool.tsx';
import { ResourcePage } from './resource-page.tsx';

/** A control-centre page showing one record type, titled as its route. */
function resourceScreen(descriptor: ResourceDescriptor): ComponentType {
  return function ResourceScreen() {
    const { t } = useCcTranslation();
    const route = useCurrentRoute();
    return <ResourcePage descriptor={descriptor} title={route ? t(route.titleKey) : t(descriptor.titleKey)} />;
  };
}

/** A page of several record types, one tab each (and what else a tab shows under its list). */
function TabbedScreen({ tabs }: { tabs: { descriptor: ResourceDescriptor; extra?: ComponentType }[] }) {
  const { t } = useCcTranslation();
  const route = useCurrentRoute();
  return (
    <section className="fyn-page">
      <Typography.Title level={1} className="fyn-page-title">
        {route ? t(route.titleKey) : ''}
      </Typography.Title>
      <Tabs
        items={tabs.map(({ descriptor, extra: Extra }) => ({
          key: descriptor.name,
          label: t(descriptor.titleKey),
          children: (
            <>
              <ResourcePage descriptor={descriptor} />
              {Extra && <Extra />}
            </>
          ),
        }))}
      />
    </section>
  );
}

export const AddressesScreen = resourceScreen(addresses);
export const BankDetailsScreen = resourceScreen(bankDetails);
export const ChargeCodesScreen = resourceScreen(chargeCodes);
export const ClientAssignmentsScreen = resourceScreen(clientAssignments);
export const CommissionsScreen = resourceScreen(commissions);
export const DepartmentsScreen = resourceScreen(departments);
export const PartnersScreen = resourceScreen(partners);
export const StandardsCertificationsScreen = resourceScreen(standardsCertifications);
export const SupplyChainNetworksScreen = resourceScreen(supplyChainNetworks);
export const TasksScreen = resourceScreen(tasks);
export const ClientTiersScreen = resourceScreen(clientTiers);

/** Default currencies: the organisation's currencies, its exchange rates and a converter. */
export function CurrenciesScreen() {
  return <TabbedScreen tabs={[{ descriptor: organisationCurrencies }, { descriptor: exchangeRates, extra: ConvertTool }]} />;
}

/** Work classification: the kinds of work, and who handles which. */
export function WorkClassificationScreen() {
  return <TabbedScreen tabs={[{ descriptor: workClassifications }, { descriptor: workAllocations }]} />;
}
