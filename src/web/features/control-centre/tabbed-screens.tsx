import type { ComponentType } from 'react';
import { Tabs } from 'antd';
import type { ResourceDescriptor } from '#shared/resources/descriptor.ts';
import { exchangeRates, organisationCurrencies } from '#shared/resources/currencies.ts';
import { nativeContacts, nativeOrganisations } from '#shared/resources/native-organisations.ts';
import { workAllocations, workClassifications } from '#shared/resources/work-records.ts';
import { RouteTitle } from '../../components/route-title.tsx';
import { useCcTranslation } from './cc-texts.ts';
import { ConvertTool } from './convert-tool.tsx';
import { ResourcePage } from './resource-page.tsx';

/** A page of several record types, one tab each (and what else a tab shows under its list). */
function TabbedScreen({ tabs }: { tabs: { descriptor: ResourceDescriptor; extra?: ComponentType }[] }) {
  const { t } = useCcTranslation();
  return (
    <section className="fyn-page">
      <RouteTitle />
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

/** Default currencies: the organisation's currencies, its exchange rates and a converter. */
export function CurrenciesScreen() {
  return <TabbedScreen tabs={[{ descriptor: organisationCurrencies }, { descriptor: exchangeRates, extra: ConvertTool }]} />;
}

/** Work classification: the kinds of work, and who handles which. */
export function WorkClassificationScreen() {
  return <TabbedScreen tabs={[{ descriptor: workClassifications }, { descriptor: workAllocations }]} />;
}

/** The CRM's own clients (companies not on FYN) and the people there. */
export function NativeOrganisationsScreen() {
  return <TabbedScreen tabs={[{ descriptor: nativeOrganisations }, { descriptor: nativeContacts }]} />;
}
