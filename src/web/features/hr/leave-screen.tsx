import { Alert, Button, Card, Col, Empty, Input, Modal, Row, Select, Skeleton, Space, Statistic, Tabs, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { LeaveRequest } from '#shared/api/hr.ts';
import { DataTable } from '../../components/data-table.tsx';
import { RouteTitle } from '../../components/route-title.tsx';
import { isApiFailure } from '../../lib/api-failure.ts';
import { feedback, showFailure } from '../../lib/feedback.ts';
import { hrApi, hrKeys } from '../../lib/hr-api.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { useHrTranslation } from './hr-texts.ts';

// Asking for leave, a balance's ledger, the team calendar and the public holidays load when first
// opened (leave-parts.tsx), not with the page (issue 22's budget).
const parts = () => import('./leave-parts.tsx');
const AskLeave = lazy(async () => ({ default: (await parts()).AskLeave }));
const LedgerDialog = lazy(async () => ({ default: (await parts()).LedgerDialog }));
const Calendar = lazy(async () => ({ default: (await parts()).Calendar }));
const Holidays = lazy(async () => ({ default: (await parts()).Holidays }));
const later = (tab: ReactNode) => <Suspense fallback={<Skeleton active />}>{tab}</Suspense>;

const STATUS_COLOURS: Record<LeaveRequest['status'], string> = { pending_manager: 'processing', pending_hr: 'processing', approved: 'success', rejected: 'error', cancelled: 'default' };

/**
 * hr/leave-management: one's balances (with the ledger behind them), asking for leave in working
 * days, one's requests, the team's to approve, everyone's for HR, the team calendar and the public
 * holidays of the organisation's countries.
 */
export function LeaveScreen() {
  const { t } = useHrTranslation();
  const canHr = useSessionStore((s) => (s.user?.permissions ?? []).includes('hr.view'));
  return (
    <section className="fyn-page">
      <RouteTitle />
      <Tabs
        items={[
          { key: 'mine', label: t('leave.tabs.mine'), children: <MyLeave /> },
          { key: 'team', label: t('leave.tabs.team'), children: <Requests scope="team" /> },
          ...(canHr ? [{ key: 'all', label: t('leave.tabs.all'), children: <Requests scope="all" /> }] : []),
          { key: 'calendar', label: t('leave.tabs.calendar'), children: later(<Calendar />) },
          { key: 'holidays', label: t('leave.tabs.holidays'), children: later(<Holidays canImport={canHr} />) },
        ]}
      />
    </section>
  );
}

function MyLeave() {
  const { t } = useHrTranslation();
  const balances = useQuery({ queryKey: hrKeys.balances(null), queryFn: () => hrApi.balances(null), retry: false });
  const [asking, setAsking] = useState(false);
  const [ledgerOf, setLedgerOf] = useState<string | null>(null);
  // The dialogs' code loads when first opened; then they stay mounted (they animate closed).
  const [askUsed, setAskUsed] = useState(false);
  const [ledgerUsed, setLedgerUsed] = useState(false);
  if (asking && !askUsed) setAskUsed(true);
  if (ledgerOf && !ledgerUsed) setLedgerUsed(true);
  const noRecord = balances.isError && isApiFailure(balances.error) && balances.error.status === 404;
  const shown = balances.data?.find((b) => b.leave_type.id === ledgerOf);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {noRecord && <Alert type="info" showIcon title={t('leave.no_record')} />}
      <Row gutter={[16, 16]}>
        {(balances.data ?? []).map((b) => (
          <Col xs={24} md={8} key={b.leave_type.id}>
            <Card size="small" title={b.leave_type.name} extra={<Button size="small" type="link" onClick={() => setLedgerOf(b.leave_type.id)}>{t('leave.ledger')}</Button>}>
              <Statistic title={t('leave.balance_today')} value={b.balance} suffix={t('leave.days')} />
              <Typography.Text type="secondary">{t('leave.year_end', { days: b.year_end })}{b.pending !== '0' ? ` · ${t('leave.pending_days', { days: b.pending })}` : ''}</Typography.Text>
              <div><Typography.Text type="secondary">{t(`leave.policy_${b.policy.accrual}`, { days: b.policy.yearly_allowance, carry: b.policy.carry_forward_limit })}</Typography.Text></div>
            </Card>
          </Col>
        ))}
      </Row>
      {!noRecord && <Button type="primary" onClick={() => setAsking(true)}>{t('leave.ask')}</Button>}
      <Requests scope="mine" />
      {askUsed && (
        <Suspense fallback={null}>
          <AskLeave open={asking} onClose={() => setAsking(false)} />
        </Suspense>
      )}
      {ledgerUsed && (
        <Suspense fallback={null}>
          <LedgerDialog balance={shown} onClose={() => setLedgerOf(null)} />
        </Suspense>
      )}
    </Space>
  );
}

function Requests({ scope }: { scope: 'mine' | 'team' | 'all' }) {
  const { t } = useHrTranslation();
  const client = useQueryClient();
  const me = useSessionStore((s) => s.user?.id ?? null);
  const [status, setStatus] = useState<string | null>(scope === 'mine' ? null : 'pending_manager');
  const list = useQuery({ queryKey: hrKeys.requests(scope, status), queryFn: () => hrApi.requests(scope, status), retry: false });
  const [rejecting, setRejecting] = useState<LeaveRequest | null>(null);
  const [reason, setReason] = useState('');
  async function decide(r: LeaveRequest, action: 'approve' | 'reject' | 'cancel', body: Record<string, unknown> = {}) {
    try {
      await hrApi.decide(r.id, action, body);
      feedback().message.success(t(`leave.done.${action}`));
      void client.invalidateQueries({ queryKey: ['hr'] });
    } catch (e) {
      showFailure(e);
    }
  }
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {scope !== 'mine' && (
        <Select aria-label={t('leave.status_label')} style={{ width: 220 }} value={status ?? 'all'} onChange={(v) => setStatus(v === 'all' ? null : v)}
          options={[{ value: 'all', label: t('leave.all') }, ...(['pending_manager', 'pending_hr', 'approved', 'rejected', 'cancelled'] as const).map((s) => ({ value: s, label: t(`leave.status.${s}`) }))]} />
      )}
      <DataTable<LeaveRequest>
        aria-label={t(`leave.tabs.${scope}`)}
        rows={list.data ?? []}
        rowKey={(r) => r.id}
        loading={list.isFetching}
        empty={<Empty description={scope === 'mine' ? t('leave.none_mine') : t('leave.none')} />}
        columns={[
          ...(scope === 'mine' ? [] : [{ key: 'who', title: t('leave.who'), render: (r: LeaveRequest) => r.employee_name }]),
          { key: 'type', title: t('leave.type'), render: (r) => r.leave_type.name },
          { key: 'dates', title: t('leave.dates'), render: (r) => `${r.start_date}${r.half_day_start ? ` (${t('leave.from_noon')})` : ''} → ${r.end_date}${r.half_day_end ? ` (${t('leave.until_noon')})` : ''}` },
          { key: 'days', title: t('leave.working_days'), align: 'end', render: (r) => r.working_days },
          { key: 'status', title: t('leave.status_label'), render: (r) => <Tag color={STATUS_COLOURS[r.status]}>{t(`leave.status.${r.status}`)}</Tag> },
          {
            key: 'actions', title: '', render: (r) => (
              <Space>
                {scope !== 'mine' && (r.status === 'pending_manager' || r.status === 'pending_hr') && (
                  <>
                    <Button size="small" type="primary" onClick={() => decide(r, 'approve')}>{t('leave.approve')}</Button>
                    <Button size="small" danger onClick={() => setRejecting(r)}>{t('leave.reject')}</Button>
                  </>
                )}
                {scope === 'mine' && ['pending_manager', 'pending_hr', 'approved'].includes(r.status) && r.start_date > dayjs().format('YYYY-MM-DD') && me && (
                  <Button size="small" onClick={() => decide(r, 'cancel')}>{t('leave.cancel')}</Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal open={rejecting !== null} title={t('leave.reject_title')} okText={t('leave.reject')} okButtonProps={{ danger: true, disabled: !reason.trim() }}
        onOk={() => rejecting && decide(rejecting, 'reject', { reason: reason.trim() }).then(() => { setRejecting(null); setReason(''); })} onCancel={() => setRejecting(null)}>
        <Input.TextArea aria-label={t('leave.reason')} placeholder={t('leave.reason')} rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Modal>
    </Space>
  );
}
