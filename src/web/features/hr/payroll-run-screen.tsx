import { Alert, Button, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams, useNavigate } from 'react-router';
import { Money } from '../../components/money.tsx';
import { RouteTitle } from '../../components/route-title.tsx';
import { feedback, showFailure } from '../../lib/feedback.ts';
import { payrollApi, payrollKeys } from '../../lib/hr-api.ts';
import { PAYROLL_PATH, PayrollNotice, PayslipTable } from './payroll-panel.tsx';
import { useHrTranslation } from './hr-texts.ts';

/** hr/payroll/{id}: a run's payslips with their lines; approve (which locks it), record payment, the bank and accounting files. */
export function PayrollRunScreen() {
  const { id = '' } = useParams();
  const { t } = useHrTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const run = useQuery({ queryKey: payrollKeys.run(id), queryFn: () => payrollApi.run(id) });
  const slips = useQuery({ queryKey: payrollKeys.slips(id), queryFn: () => payrollApi.slips(id) });
  const r = run.data;
  async function act(action: 'approve' | 'pay' | 'recalculate' | 'delete') {
    try {
      if (action === 'delete') {
        await payrollApi.remove(id);
        void client.invalidateQueries({ queryKey: ['payroll'] });
        navigate(PAYROLL_PATH);
        return;
      }
      client.setQueryData(payrollKeys.run(id), await payrollApi.act(id, action));
      void client.invalidateQueries({ queryKey: ['payroll'] });
      feedback().message.success(t(`payroll.done.${action}`));
    } catch (e) {
      showFailure(e);
    }
  }
  return (
    <section className="fyn-page">
      <RouteTitle />
      <PayrollNotice />
      {!r ? <Skeleton active /> : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
            <Space wrap align="center">
              <Typography.Title level={2} style={{ margin: 0 }}>{`${r.period_start} → ${r.period_end}`}</Typography.Title>
              <Tag color={r.status === 'draft' ? 'processing' : 'success'}>{t(`payroll.status.${r.status}`)}</Tag>
            </Space>
            <Space wrap>
              {r.status === 'draft' && <Button onClick={() => act('recalculate')}>{t('payroll.recalculate')}</Button>}
              {r.status === 'draft' && <Popconfirm title={t('payroll.approve_confirm')} onConfirm={() => act('approve')}><Button type="primary">{t('payroll.approve')}</Button></Popconfirm>}
              {r.status === 'draft' && <Popconfirm title={t('payroll.delete_confirm')} onConfirm={() => act('delete')}><Button danger>{t('payroll.delete')}</Button></Popconfirm>}
              {r.status === 'approved' && <Button type="primary" onClick={() => act('pay')}>{t('payroll.mark_paid')}</Button>}
              {r.status !== 'draft' && <Button href={`/api/payroll-runs/${id}/bank.csv`}>{t('payroll.bank_file')}</Button>}
              {r.status !== 'draft' && <Button href={`/api/payroll-runs/${id}/accounting.csv`}>{t('payroll.accounting_file')}</Button>}
            </Space>
          </Space>
          <Space wrap>
            {r.totals.map((x) => (
              <Tag key={x.currency}>{t('payroll.totals', { currency: x.currency })}: <Money minor={x.gross_minor} currency={x.currency} /> − <Money minor={x.deductions_minor} currency={x.currency} /> = <strong><Money minor={x.net_minor} currency={x.currency} /></strong></Tag>
            ))}
          </Space>
          {(slips.data ?? []).some((s) => !s.has_bank_account) && (
            <Alert type="warning" showIcon title={t('bank.missing', { names: (slips.data ?? []).filter((s) => !s.has_bank_account).map((s) => s.employee_name).join(', ') })} />
          )}
          <PayslipTable slips={slips.data ?? []} loading={slips.isFetching} showName empty={t('payroll.no_payslips')} printable={r.status !== 'draft'} />
        </Space>
      )}
    </section>
  );
}
