import { Typography } from 'antd';
import { carbonOffsets } from '#shared/resources/native-records.ts';
import { RouteTitle } from '../components/route-title.tsx';
import { ResourcePage } from '../features/control-centre/resource-page.tsx';
import { useCcTranslation } from '../features/control-centre/cc-texts.ts';
import { EmissionsReportView } from '../features/quotes/emissions-report.tsx';
import { useSalesTranslation } from '../features/quotes/sales-texts.ts';

/** /organisation/carbon-offsetting (composed here): the emissions of accepted quotes, and the offsets the organisation records. */
export function CarbonOffsettingScreen() {
  const { t } = useSalesTranslation();
  const { t: cc } = useCcTranslation();
  return (
    <section className="fyn-page">
      <RouteTitle />
      <Typography.Paragraph type="secondary">{t('carbon.intro')}</Typography.Paragraph>
      <EmissionsReportView />
      <Typography.Title level={2} style={{ marginTop: 24 }}>{cc(carbonOffsets.titleKey)}</Typography.Title>
      <ResourcePage descriptor={carbonOffsets} />
    </section>
  );
}
