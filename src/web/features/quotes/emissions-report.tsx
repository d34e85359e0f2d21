import './emissions-report.css';
import { Alert, Button, Card, Col, Empty, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { EmissionsReport } from '#shared/api/emissions.ts';
import { formatDecimal } from '#shared/money/format.ts';
import { api } from '../../lib/api-client.ts';
import { PeriodFields } from '../../components/period-fields.tsx';
import { useSessionStore } from '../../lib/session-store.ts';
import { useSalesTranslation } from './sales-texts.ts';

const day = (d: Date) => d.toISOString().slice(0, 10);
/** This calendar year so far. */
const defaultPeriod = () => ({ from: `${new Date().getUTCFullYear()}-01-01`, to: day(new Date()) });
/** kg as tonnes with 3 decimals, exactly (a decimal string moved three places). */
export const tonnes = (kg: string) => {
  const negative = kg.startsWith('-');
  const [whole, frac = ''] = kg.replace('-', '').split('.');
  const padded = whole.padStart(4, '0');
  const t = `${padded.slice(0, -3).replace(/^0+(?=\d)/, '')}.${(padded.slice(-3) + frac).slice(0, 3).padEnd(3, '0')}`;
  return `${negative ? '-' : ''}${t}`;
};

/**
 * The carbon-offsetting page's figures (GET /api/emissions/report): emissions of the quotes accepted in a
 * period by month, mode and client, the offsets retired in it and the net, with the CSV export.
 */
export function EmissionsReportView() {
  const { t, i18n } = useSalesTranslation();
  const [period, setPeriod] = useState(defaultPeriod);
  const mayExport = useSessionStore((s) => s.user?.permissions.includes('crm.export') ?? false);
  const report = useQuery({
    queryKey: ['emissions', 'report', period],
    queryFn: () => api.get<EmissionsReport>('/emissions/report', { params: period }),
    placeholderData: keepPreviousData,
    enabled: period.from <= period.to,
  });
  const n = (v: string) => formatDecimal(v, i18n.language);
  const r = report.data;
  const max = r ? Math.max(...r.by_month.map((m) => Number(m.kg)), 1) : 1;
  return (
    <>
      <Space wrap align="end" style={{ marginBottom: 16 }}>
        <PeriodFields value={period} onChange={setPeriod} fromLabel={t('carbon.from')} toLabel={t('carbon.to')} />
        {mayExport && (
          <Button icon={<DownloadOutlined aria-hidden="true" />} href={`/api/emissions/report/export?from=${period.from}&to=${period.to}`}>
            {t('carbon.export')}
          </Button>
        )}
      </Space>
      {report.isError && <Alert type="error" showIcon title={t('carbon.load_failed')} />}
      {!r ? (
        report.isPending && <Skeleton active />
      ) : (
        <>
          <Row gutter={[16, 16]}>
            <Col xs={24} md={8}><Card size="small"><Statistic title={t('carbon.emitted')} value={`${n(tonnes(r.emitted_kg))} t`} /><Typography.Text type="secondary">{t('carbon.quotes', { count: r.quotes })}</Typography.Text></Card></Col>
            <Col xs={24} md={8}><Card size="small"><Statistic title={t('carbon.offset')} value={`${n(r.offset_tonnes)} t`} /><Typography.Text type="secondary">{t('carbon.offsets', { count: r.offsets })}</Typography.Text></Card></Col>
            <Col xs={24} md={8}><Card size="small"><Statistic title={t('carbon.net')} value={`${n(tonnes(r.net_kg))} t`} /><Typography.Text type="secondary">{t('carbon.net_hint')}</Typography.Text></Card></Col>
          </Row>
          {r.without_estimate > 0 && <Alert type="info" showIcon style={{ marginTop: 16 }} title={t('carbon.without_estimate', { count: r.without_estimate })} />}
          <Card size="small" title={t('carbon.by_month')} style={{ marginTop: 16 }}>
            {r.by_month.length === 0 ? (
              <Empty description={t('carbon.none')} />
            ) : (
              <ul className="fyn-bars" aria-label={t('carbon.by_month')}>
                {r.by_month.map((m) => (
                  <li key={m.month}>
                    <span className="fyn-bars-label">{new Intl.DateTimeFormat(i18n.language, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${m.month}-01T00:00:00Z`))}</span>
                    <span className="fyn-bars-bar" style={{ width: `${Math.max(2, (Number(m.kg) / max) * 100)}%` }} aria-hidden="true" />
                    <span className="fyn-bars-value">{n(m.kg)} kg</span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
            <Col xs={24} lg={12}>
              <Card size="small" title={t('carbon.by_mode')}>
                {r.by_mode.length === 0 ? <Empty description={t('carbon.none')} /> : (
                  <ul className="fyn-report-list">
                    {r.by_mode.map((m) => <li key={m.mode}><span>{t(`quotes.modes.${m.mode}`)}</span><span>{n(m.kg)} kg · {n(m.tonne_km)} t·km</span></li>)}
                  </ul>
                )}
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card size="small" title={t('carbon.by_client')}>
                {r.by_client.length === 0 ? <Empty description={t('carbon.none')} /> : (
                  <ul className="fyn-report-list">
                    {r.by_client.map((c) => <li key={c.client_id}><span>{c.client_name}</span><span>{n(c.kg)} kg · {t('carbon.quotes', { count: c.quotes })}</span></li>)}
                  </ul>
                )}
              </Card>
            </Col>
          </Row>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>{t('carbon.method', { source: r.source })}</Typography.Paragraph>
        </>
      )}
    </>
  );
}
