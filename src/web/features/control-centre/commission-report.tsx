import { Alert, Button, Card, Empty, Skeleton, Space, Table, Tabs, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CommissionReport as Report } from '#shared/api/crm.ts';
import { commissions } from '#shared/resources/work-records.ts';
import { formatMoney } from '#shared/money/format.ts';
import { RouteTitle } from '../../components/route-title.tsx';
import { api } from '../../lib/api-client.ts';
import { PeriodFields } from '../../components/period-fields.tsx';
import { useCcTranslation } from './cc-texts.ts';
import { ResourcePage } from './resource-page.tsx';
import { usePermissions } from './use-permissions.ts';

const monthStart = () => `${new Date().toISOString().slice(0, 8)}01`;
const today = () => new Date().toISOString().slice(0, 10);

/** What each staff member earns on the quotes they own that were accepted in a period (GET /api/commissions/report). */
function CommissionReportView() {
  const { t, i18n } = useCcTranslation();
  const { can } = usePermissions();
  const [period, setPeriod] = useState(() => ({ from: monthStart(), to: today() }));
  const report = useQuery({
    queryKey: ['commissions', 'report', period],
    queryFn: () => api.get<Report>('/commissions/report', { params: period }),
    placeholderData: keepPreviousData,
    enabled: period.from <= period.to,
  });
  const r = report.data;
  const money = (v: number | null) => (v === null || !r ? '—' : formatMoney(v, r.currency, i18n.language));
  return (
    <>
      <Space wrap align="end" style={{ marginBottom: 16 }}>
        <PeriodFields value={period} onChange={setPeriod} fromLabel={t('commission_report.from')} toLabel={t('commission_report.to')} />
        {can('payroll', 'export') && (
          <Button icon={<DownloadOutlined aria-hidden="true" />} href={`/api/commissions/report/export?from=${period.from}&to=${period.to}`}>
            {t('control_centre.export_csv')}
          </Button>
        )}
      </Space>
      {report.isError && <Alert type="error" showIcon title={t('control_centre.load_failed')} />}
      {!r ? (
        report.isPending && <Skeleton active />
      ) : r.staff.length === 0 ? (
        <Empty description={t('commission_report.none')} />
      ) : (
        <>
          {r.staff.map((s) => (
            <Card key={s.user_id} size="small" style={{ marginBottom: 16 }} title={s.name} extra={<strong>{money(s.commission_minor)}</strong>}>
              <Table
                size="small"
                pagination={false}
                rowKey="quote_id"
                dataSource={s.lines}
                columns={[
                  { key: 'number', title: t('commission_report.quote'), render: (_v, l) => l.number },
                  { key: 'accepted', title: t('commission_report.accepted_on'), dataIndex: 'accepted_on' },
                  { key: 'client', title: t('commission_report.client'), dataIndex: 'client_name' },
                  { key: 'record', title: t('commission_report.record'), render: (_v, l) => `${l.commission_name} · ${t(`resources.commissions.basis_options.${l.basis}`)} ${l.rate_pct} %` },
                  { key: 'basis', title: t('commission_report.basis'), align: 'right', render: (_v, l) => money(l.basis_minor) },
                  { key: 'commission', title: t('commission_report.commission'), align: 'right', render: (_v, l) => money(l.commission_minor) },
                ]}
              />
            </Card>
          ))}
          <Typography.Paragraph>
            <strong>{t('commission_report.total')}: {money(r.total_commission_minor)}</strong>
          </Typography.Paragraph>
        </>
      )}
      {r && r.unconverted.length > 0 && <Alert type="warning" showIcon title={t('commission_report.unconverted', { currencies: r.unconverted.join(', ') })} />}
      <Typography.Paragraph type="secondary">{t('commission_report.explain', { currency: r?.currency ?? '' })}</Typography.Paragraph>
    </>
  );
}

/** Commission management: the commission records, and (for those who see pay) the report of what they come to. */
export function CommissionsScreen() {
  const { t } = useCcTranslation();
  const { can } = usePermissions();
  return (
    <section className="fyn-page">
      <RouteTitle />
      <Tabs
        items={[
          { key: 'records', label: t(commissions.titleKey), children: <ResourcePage descriptor={commissions} /> },
          ...(can('payroll', 'view') ? [{ key: 'report', label: t('commission_report.title'), children: <CommissionReportView /> }] : []),
        ]}
      />
    </section>
  );
}
