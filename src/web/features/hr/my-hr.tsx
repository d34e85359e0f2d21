import { Button, Card, Col, Empty, Row, Statistic, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Money } from '../../components/money.tsx';
import { hrApi, hrKeys } from '../../lib/hr-api.ts';
import { BankAccountCard } from './bank-account-card.tsx';
import { useHrTranslation } from './hr-texts.ts';

/** One's own contracts and leave balances (everyone reads their own). */
export function MyHr() {
  const { t, i18n } = useHrTranslation();
  const contracts = useQuery({ queryKey: hrKeys.mine, queryFn: hrApi.myContracts });
  const balances = useQuery({ queryKey: hrKeys.balances(null), queryFn: () => hrApi.balances(null), retry: false });
  const active = contracts.data?.find((c) => c.status === 'active');
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={12}>
        <Card size="small" title={t('mine.contract')} loading={contracts.isPending}
          extra={active && <Button size="small" href={`/api/contracts/${active.id}/pdf?lang=${i18n.language}`} target="_blank" rel="noopener">{t('contracts.pdf')}</Button>}>
          {active ? (
            <>
              <div>{t(`contracts.types.${active.type}`)} · {t('contracts.since', { date: active.start_date })}{active.end_date ? ` · ${t('contracts.until', { date: active.end_date })}` : ''}</div>
              <div>{t('contracts.hours', { hours: active.hours_per_week })} · {t('contracts.notice_days', { count: active.notice_days })}</div>
              {active.salary && <div><Money minor={active.salary.amount_minor} currency={active.salary.currency} /> {t(`contracts.per.${active.salary.period}`)}</div>}
              {active.probation_end && <Typography.Text type="secondary">{t('contracts.probation_until', { date: active.probation_end })}</Typography.Text>}
            </>
          ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('mine.no_contract')} />}
        </Card>
      </Col>
      {active && <Col xs={24} md={12}><BankAccountCard employeeId={active.employee_id} /></Col>}
      {(balances.data ?? []).map((b) => (
        <Col xs={12} md={6} key={b.leave_type.id}>
          <Card size="small" title={b.leave_type.name}>
            <Statistic title={t('leave.balance_today')} value={b.balance} />
            <Typography.Text type="secondary">{t('leave.year_end', { days: b.year_end })}</Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
