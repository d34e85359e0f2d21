import { Alert, Card, Col, Empty, List, Row, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { CrmSummary } from '#shared/api/crm.ts';
import { LEAD_STATUSES } from '#shared/crm/model.ts';
import { formatPercent } from '#shared/money/format.ts';
import { RouteTitle } from '../../components/route-title.tsx';
import { api } from '../../lib/api-client.ts';
import { formatDay } from '../../lib/format-day.ts';
import { Money } from './quote-bits.tsx';
import { QUOTES_PATH } from './quote-paths.ts';
import { useSalesTranslation } from './sales-texts.ts';

const CRM = '/organisation/crm';
export const crmSummaryKey = ['crm', 'summary'] as const;

/** /organisation/crm: the CRM at a glance, every figure from the organisation's own records (GET /api/crm/summary). */
export function CrmHomeScreen() {
  const { t, i18n } = useSalesTranslation();
  const summary = useQuery({ queryKey: crmSummaryKey, queryFn: () => api.get<CrmSummary>('/crm/summary') });
  const s = summary.data;
  const openLeads = s ? s.leads.new + s.leads.contacted + s.leads.qualified : 0;
  return (
    <section className="fyn-page">
      <RouteTitle />
      <Typography.Paragraph type="secondary">{t('crm_home.intro')}</Typography.Paragraph>
      {summary.isError && <Alert type="error" showIcon title={t('crm_home.load_failed')} />}
      {summary.isPending ? (
        <Skeleton active />
      ) : s ? (
        <>
          <Row gutter={[16, 16]}>
            <Col xs={24} md={8}>
              <Card size="small" title={<Link to={`${CRM}/lead-generation`}>{t('crm_home.leads')}</Link>}>
                <Statistic title={t('crm_home.open_leads')} value={openLeads} />
                <Space wrap size={[4, 4]} style={{ marginTop: 8 }} aria-label={t('crm_home.by_status')}>
                  {LEAD_STATUSES.map((st) => (
                    <Tag key={st} color={st === 'converted' ? 'success' : st === 'lost' ? 'error' : undefined}>
                      {t(`crm_home.lead_status.${st}`)}: {s.leads[st]}
                    </Tag>
                  ))}
                </Space>
              </Card>
            </Col>
            <Col xs={24} md={8}>
              <Card size="small" title={t('crm_home.win_rate')}>
                <Statistic title={t('crm_home.win_rate_days', { days: s.win_rate.days })} value={s.win_rate.pct === null ? '—' : formatPercent(s.win_rate.pct, i18n.language)} />
                <Typography.Text type="secondary">
                  {t('crm_home.decided', { accepted: s.win_rate.accepted, declined: s.win_rate.declined, expired: s.win_rate.expired })}
                </Typography.Text>
              </Card>
            </Col>
            <Col xs={24} md={8}>
              <Card size="small" title={<Link to={QUOTES_PATH}>{t('crm_home.expiring')}</Link>}>
                <Statistic title={t('crm_home.expiring_hint')} value={s.expiring.length} />
              </Card>
            </Col>
          </Row>
          <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
            <Col xs={24} lg={12}>
              <Card size="small" title={<Link to={`${CRM}/pipeline-management`}>{t('crm_home.pipelines')}</Link>}>
                <List
                  dataSource={s.pipelines}
                  locale={{ emptyText: <Empty description={t('crm_home.no_pipelines')} /> }}
                  renderItem={(p) => (
                    <List.Item>
                      <List.Item.Meta title={p.name} description={t('crm_home.open_deals', { count: p.open_deals })} />
                      <div style={{ textAlign: 'right' }}>
                        <strong><Money minor={p.open_minor} currency={s.currency} /></strong>
                        <br />
                        <Typography.Text type="secondary">
                          {t('pipelines.weighted')} <Money minor={p.weighted_open_minor} currency={s.currency} />
                        </Typography.Text>
                        {p.unconverted.length > 0 && <Typography.Paragraph type="warning" style={{ margin: 0 }}>{t('pipelines.unconverted', { currencies: p.unconverted.join(', ') })}</Typography.Paragraph>}
                      </div>
                    </List.Item>
                  )}
                />
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card size="small" title={t('crm_home.expiring')}>
                <List
                  dataSource={s.expiring}
                  locale={{ emptyText: <Empty description={t('crm_home.none_expiring')} /> }}
                  renderItem={(q) => (
                    <List.Item>
                      <List.Item.Meta
                        title={<Link to={`${QUOTES_PATH}/${q.id}`}>{q.revision > 1 ? `${q.number} · ${t('quotes.revision', { n: q.revision })}` : q.number}</Link>}
                        description={`${q.client_name} · ${t('crm_home.valid_until', { day: formatDay(q.valid_until, i18n.language) })}`}
                      />
                      <Money minor={q.sell_minor} currency={q.currency} />
                    </List.Item>
                  )}
                />
              </Card>
            </Col>
          </Row>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            {t('crm_home.explain', { currency: s.currency })}
          </Typography.Paragraph>
        </>
      ) : null}
    </section>
  );
}
