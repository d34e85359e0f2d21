import type { ComponentType } from 'react';
import { Tabs } from 'antd';
import type { ResourceDescriptor } from '#shared/resources/descriptor.ts';
import { exchangeRates, organisationCurrencies } from '#shared/resources/currencies.ts';
import { nativeContacts, nativeOrganisations } from '#shared/resources/native-organisations.ts';
import { clocks, directions, equipmentTypes, incoterms, loadTypes, transportModes } from '#shared/resources/reference-lists.ts';
import { workAllocations, workClassifications } from '#shared/resources/work-records.ts';
import { RouteTitle } from '../../components/route-title.tsx';
import { useCcTranslation } from './cc-texts.ts';
import { ConvertTool } from './convert-tool.tsx';
import { ResourcePage, type ResourcePageProps } from './resource-page.tsx';
import { Link } from 'react-router';

/** A page of several record types, one tab each (and what else a tab shows under its list). */
function TabbedScreen({ tabs }: { tabs: { descriptor: ResourceDescriptor; extra?: ComponentType; rowActions?: ResourcePageProps['rowActions'] }[] }) {
  const { t } = useCcTranslation();
  return (
    <section className="fyn-page">
      <RouteTitle />
      <Tabs
        items={tabs.map(({ descriptor, extra: Extra, rowActions }) => ({
          key: descriptor.name,
          label: t(descriptor.titleKey),
          children: (
            <>
              <ResourcePage descriptor={descriptor} rowActions={rowActions} />
              {Extra && <Extra />}
            </>
          ),
        }))}
      />
    </section>
  );
}

/** Default currencies: the organisation's currencies, its exchange rates and a converter. */
export function CurrenciesScreen() {
  return <TabbedScreen tabs={[{ descriptor: organisationCurrencies }, { descriptor: exchangeRates, extra: ConvertTool }]} />;
}

/** Work classification: the kinds of work, and who handles which. */
export function WorkClassificationScreen() {
  return <TabbedScreen tabs={[{ descriptor: workClassifications }, { descriptor: workAllocations }]} />;
}

/** The CRM's own clients (companies not on FYN), each opening its profile, and the people there. */
export function NativeOrganisationsScreen() {
  const { t } = useCcTranslation();
  const profile = (row: { id: string }) => <Link to={`/organisation/crm/connections/native-organisation/${row.id}/profile`}>{t('control_centre.open_profile')}</Link>;
  return <TabbedScreen tabs={[{ descriptor: nativeOrganisations, rowActions: profile }, { descriptor: nativeContacts }]} />;
}

/** The lists quotes and rates draw on (modes, Incoterms, ISO 6346 equipment, directions, load types) and the offices' clocks. */
export function ReferenceListsScreen() {
  return <TabbedScreen tabs={[transportModes, incoterms, equipmentTypes, directions, loadTypes, clocks].map((descriptor) => ({ descriptor }))} />;
}
