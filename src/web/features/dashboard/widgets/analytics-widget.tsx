import { Link } from 'react-router';
import { Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPercent } from '#shared/money/format.ts';
import { Sparkline } from '../../../components/sparkline.tsx';
import { analyticsApi, analyticsKeys } from '../../../lib/analytics-api.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { WidgetEmpty } from './widget-empty.tsx';

/**
 * The last twelve months at a glance (GET /api/analytics/summary): revenue with its course, gross
 * profit, margin and shipments; the organisation's with the analytics permission, else one's own.
 */
export function AnalyticsWidget() {
  const { t, i18n } = useTranslation();
  const hasOrganisation = useSessionStore((s) => Boolean(s.user?.organisation));
  const organisationWide = useSessionStore((s) => s.user?.permissions.includes('analytics.view') ?? false);
  const params = { scope: organisationWide ? 'organisation' : 'me' };
  const summary = useQuery({
    queryKey: analyticsKeys.summary(params),
    enabled: hasOrganisation,
    staleTime: 60_000,
    retry: false,
    queryFn: () => analyticsApi.summary(params),
  });
  if (!hasOrganisation) {
    return <WidgetEmpty heading={t('dashboard.analytics.empty')} hint={t('dashboard.analytics.hint')} action={<Link to="/organisation/create">{t('dashboard.create_organisation')}</Link>} />;
  }
  if (summary.isPending) return <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  if (summary.isError) return <WidgetEmpty heading={t('dashboard.analytics.load_failed')} hint="" />;
  const s = summary.data;
  if (s.kpis.shipments === 0 && s.kpis.quotes_sent === 0) return <WidgetEmpty heading={t('dashboard.analytics.empty')} hint={t('dashboard.analytics.hint')} />;
  const money = (minor: number) => formatMoney(minor, s.currency, i18n.language);
  const to = organisationWide ? '/organisation/analytics' : '/analytics';
  return (
    <div>
      <dl className="fyn-widget-figures">
        <div>
          <dt>{t('dashboard.analytics.revenue')}</dt>
          <dd>{money(s.kpis.revenue_minor)}</dd>
        </div>
        <div>
          <dt>{t('dashboard.analytics.gross_profit')}</dt>
          <dd>{money(s.kpis.gross_profit_minor)}</dd>
        </div>
        <div>
          <dt>{t('dashboard.analytics.margin')}</dt>
          <dd>{s.kpis.margin_pct === null ? '—' : formatPercent(s.kpis.margin_pct, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('dashboard.analytics.shipments')}</dt>
          <dd>{s.kpis.shipments}</dd>
        </div>
      </dl>
      <p style={{ margin: '8px 0' }}>
        <Sparkline values={s.series.map((p) => p.revenue_minor)} width={220} height={36} />
        <span className="fyn-visually-hidden">{t('dashboard.analytics.trend')}</span>
      </p>
      <Link to={to}>{t(organisationWide ? 'dashboard.analytics.open' : 'dashboard.analytics.open_mine')}</Link>
    </div>
  );
}
