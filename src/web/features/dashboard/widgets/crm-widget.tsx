import { Link } from 'react-router';
import { Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CrmSummary } from '#shared/api/crm.ts';
import { formatMoney, formatPercent } from '#shared/money/format.ts';
import { api } from '../../../lib/api-client.ts';
import { formatDay } from '../../../lib/format-day.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { WidgetEmpty } from './widget-empty.tsx';

const CRM = '/organisation/crm';

/** The CRM at a glance (GET /api/crm/summary): open leads, win rate, quotes expiring this week. The CRM belongs to an organisation. */
export function CrmWidget() {
  const { t, i18n } = useTranslation();
  const hasOrganisation = useSessionStore((s) => Boolean(s.user?.organisation));
  const canView = useSessionStore((s) => s.user?.permissions.includes('crm.view') ?? false);
  const summary = useQuery({
    queryKey: ['crm', 'summary'],
    enabled: hasOrganisation && canView,
    staleTime: 60_000,
    retry: false,
    queryFn: () => api.get<CrmSummary>('/crm/summary', { silent: true }),
  });

  if (!hasOrganisation) {
    return <WidgetEmpty heading={t('dashboard.crm.empty')} hint={t('dashboard.crm.needs_organisation')} action={<Link to="/organisation/create">{t('dashboard.create_organisation')}</Link>} />;
  }
  if (!canView) return <WidgetEmpty heading={t('dashboard.crm.not_allowed')} hint={t('dashboard.crm.not_allowed_hint')} />;
  if (summary.isPending) return <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  if (summary.isError) return <WidgetEmpty heading={t('dashboard.crm.load_failed')} hint="" />;
  const s = summary.data;
  const openLeads = s.leads.new + s.leads.contacted + s.leads.qualified;
  const anything = openLeads + s.leads.converted + s.leads.lost + s.pipelines.reduce((n, p) => n + p.open_deals, 0) + s.win_rate.accepted + s.win_rate.declined + s.win_rate.expired + s.expiring.length;
  if (anything === 0) {
    return <WidgetEmpty heading={t('dashboard.crm.empty')} hint={t('dashboard.crm.hint')} action={<Link to={CRM}>{t('dashboard.crm.open')}</Link>} />;
  }
  return (
    <div>
      <dl className="fyn-widget-figures">
        <div>
          <dt>{t('dashboard.crm.open_leads')}</dt>
          <dd>{openLeads}</dd>
        </div>
        <div>
          <dt>{t('dashboard.crm.win_rate')}</dt>
          <dd>{s.win_rate.pct === null ? '—' : formatPercent(s.win_rate.pct, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('dashboard.crm.expiring')}</dt>
          <dd>{s.expiring.length}</dd>
        </div>
      </dl>
      {s.expiring.length > 0 && (
        <ul className="fyn-widget-list">
          {s.expiring.slice(0, 3).map((q) => (
            <li key={q.id}>
              <Link to={`${CRM}/quotation-management/${q.id}`}>{q.number}</Link>
              <Typography.Text type="secondary">
                {formatMoney(q.sell_minor, q.currency, i18n.language)} · {formatDay(q.valid_until, i18n.language)}
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
      <Link to={CRM}>{t('dashboard.crm.open')}</Link>
    </div>
  );
}
