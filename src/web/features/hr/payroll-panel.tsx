import { Alert, Button, DatePicker, Empty, Pagination, Space, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import { Money } from '../../components/money.tsx';
import { isApiFailure } from '../../lib/api-failure.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { payrollApi, payrollKeys, RUNS_PER_PAGE, type PayrollRun, type PayslipView } from '../../lib/hr-api.ts';
import { useHrTranslation } from './hr-texts.ts';

export const PAYROLL_PATH = '/organisation/hr/payroll';
const RUN_COLOURS = { draft: 'processing', approved: 'success', paid: 'default' } as const;

/** What FYN does and does not do with pay, said plainly on every payroll page. */
export function PayrollNotice() {
  const { t } = useHrTranslation();
  return <Alert type="info" showIcon title={t('payroll.no_tax_law')} description={t('payroll.proration')} style={{ marginBottom: 16 }} />;
}

/** hr/payroll: the runs (with payroll rights), starting one for a month; everyone sees their own payslips. */
export function PayrollRunsPanel() {
  const { t } = useHrTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const runs = useQuery({ queryKey: payrollKeys.runs(page), queryFn: () => payrollApi.runs(page), retry: false, placeholderData: keepPreviousData });
  const total = runs.data?.meta.total ?? 0;
  const [month, setMonth] = useState<Dayjs>(dayjs().startOf('month'));
  const forbidden = runs.isError && isApiFailure(runs.error) && runs.error.status === 403;
  const { submit: start, busy } = useSubmit(() => payrollApi.start(month.format('YYYY-MM-DD'), month.endOf('month').format('YYYY-MM-DD')), {
    onSuccess: (run) => {
      void client.invalidateQueries({ queryKey: ['payroll'] });
      navigate(`${PAYROLL_PATH}/${run.id}`);
    },
  });
  if (forbidden) return <MyPayslips />;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap>
        <DatePicker picker="month" aria-label={t('payroll.month')} value={month} onChange={(v) => v && setMonth(v.startOf('month'))} allowClear={false} />
        <Button type="primary" loading={busy} onClick={() => start()}>{t('payroll.start')}</Button>
      </Space>
      <DataTable<PayrollRun>
        aria-label={t('payroll.runs')}
        rows={runs.data?.data ?? []}
        rowKey={(r) => r.id}
        loading={runs.isFetching}
        empty={<Empty description={t('payroll.none')} />}
        columns={[
          { key: 'period', title: t('payroll.period'), render: (r) => <Link to={`${PAYROLL_PATH}/${r.id}`}>{`${r.period_start} → ${r.period_end}`}</Link> },
          { key: 'status', title: t('payroll.status_label'), render: (r) => <Tag color={RUN_COLOURS[r.status]}>{t(`payroll.status.${r.status}`)}</Tag> },
          { key: 'slips', title: t('payroll.payslips'), align: 'end', render: (r) => r.payslips },
          { key: 'net', title: t('payroll.net'), align: 'end', render: (r) => <Space orientation="vertical" size={0}>{r.totals.map((x) => <Money key={x.currency} minor={x.net_minor} currency={x.currency} />)}</Space> },
        ]}
      />
      {(total > RUNS_PER_PAGE || page > 1) && (
        <Pagination align="end" current={page} pageSize={RUNS_PER_PAGE} total={total} showSizeChanger={false} onChange={setPage} aria-label={t('payroll.runs')} />
      )}
      <Typography.Title level={3}>{t('payroll.mine')}</Typography.Title>
      <MyPayslips />
    </Space>
  );
}

/** One's own payslips of approved runs, each with its lines. */
export function MyPayslips() {
  const { t } = useHrTranslation();
  const mine = useQuery({ queryKey: payrollKeys.mine, queryFn: payrollApi.mine });
  return <PayslipTable slips={mine.data ?? []} loading={mine.isFetching} showName={false} empty={t('payroll.none_mine')} />;
}

export function PayslipTable({ slips, loading, showName, empty, printable = true }: { slips: PayslipView[]; loading: boolean; showName: boolean; empty: string; printable?: boolean }) {
  const { t, i18n } = useHrTranslation();
  return (
    <Table<PayslipView>
      size="small"
      rowKey="id"
      loading={loading}
      dataSource={slips}
      pagination={false}
      locale={{ emptyText: empty }}
      expandable={{
        expandedRowRender: (s) => (
          <Table size="small" pagination={false} rowKey="code" dataSource={s.lines}
            columns={[
              { title: t('payroll.component'), dataIndex: 'name' },
              { title: t('payroll.kind'), dataIndex: 'kind', render: (k: string) => t(`payroll.kinds.${k}`, { defaultValue: k }) },
              { title: t('payroll.amount'), dataIndex: 'amount_minor', align: 'right', render: (v: number) => <Money minor={v} currency={s.currency} /> },
            ]} />
        ),
      }}
      columns={[
        ...(showName ? [{ title: t('payroll.employee'), dataIndex: 'employee_name' }] : [{ title: t('payroll.period'), render: (_: unknown, s: PayslipView) => `${s.period_start} → ${s.period_end}` }]),
        { title: t('payroll.days'), render: (_: unknown, s: PayslipView) => t('payroll.days_text', { paid: s.payment_days, of: s.period_working_days, unpaid: s.unpaid_leave_days }) },
        { title: t('payroll.gross'), align: 'right' as const, render: (_: unknown, s: PayslipView) => <Money minor={s.gross_minor} currency={s.currency} /> },
        { title: t('payroll.deductions'), align: 'right' as const, render: (_: unknown, s: PayslipView) => <Money minor={s.deductions_minor} currency={s.currency} /> },
        { title: t('payroll.net'), align: 'right' as const, render: (_: unknown, s: PayslipView) => <strong><Money minor={s.net_minor} currency={s.currency} /></strong> },
        ...(printable ? [{ title: '', key: 'pdf', render: (_: unknown, s: PayslipView) => <Button size="small" href={`/api/payslips/${s.id}/pdf?lang=${i18n.language}`} target="_blank" rel="noopener">{t('payroll.pdf')}</Button> }] : []),
      ]}
    />
  );
}
