import { Button, Empty, Segmented, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { Contract } from '#shared/api/hr.ts';
import { CONTRACT_STATUSES, mayContract } from '#shared/hr/model.ts';
import { DataTable } from '../../components/data-table.tsx';
import { Money } from '../../components/money.tsx';
import { feedback, showFailure } from '../../lib/feedback.ts';
import { hrApi, hrKeys } from '../../lib/hr-api.ts';
import { useHrTranslation } from './hr-texts.ts';

const ContractDialogs = lazy(async () => ({ default: (await import('./contract-dialogs.tsx')).ContractDialogs }));

const STATUS_COLOURS = { draft: 'default', active: 'success', ended: 'default', terminated: 'error' } as const;

/**
 * The contracts of the organisation's people (hr/contracts): write a draft, activate it (two active
 * contracts of one person never overlap: the server refuses), end or terminate it. The pay shows
 * only to those who hold `payroll.view`.
 */
export function ContractsPanel() {
  const { t, i18n } = useHrTranslation();
  const client = useQueryClient();
  const [status, setStatus] = useState<string>('active');
  const [writing, setWriting] = useState(false);
  const [ending, setEnding] = useState<{ contract: Contract; action: 'end' | 'terminate' } | null>(null);
  // The dialogs' code loads when one is first opened, and stays (a dialog then closes as it opened).
  const [dialogsWanted, setDialogsWanted] = useState(false);
  if ((writing || ending) && !dialogsWanted) setDialogsWanted(true);
  const list = useQuery({ queryKey: hrKeys.contracts(status === 'all' ? null : status), queryFn: () => hrApi.contracts(status === 'all' ? null : status) });
  const refresh = () => void client.invalidateQueries({ queryKey: ['hr'] });
  async function activate(c: Contract) {
    try {
      await hrApi.contractAction(c.id, 'activate');
      feedback().message.success(t('contracts.activated', { name: c.employee_name }));
      refresh();
    } catch (e) {
      showFailure(e);
    }
  }
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Segmented aria-label={t('contracts.status_label')} value={status} onChange={setStatus}
          options={[...CONTRACT_STATUSES.map((s) => ({ value: s, label: t(`contracts.status.${s}`) })), { value: 'all', label: t('contracts.all') }]} />
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setWriting(true)}>{t('contracts.new')}</Button>
      </Space>
      <DataTable<Contract>
        aria-label={t('contracts.list')}
        rows={list.data ?? []}
        rowKey={(c) => c.id}
        loading={list.isFetching}
        empty={<Empty description={t('contracts.none')} />}
        columns={[
          { key: 'name', title: t('contracts.employee'), render: (c) => c.employee_name },
          { key: 'type', title: t('contracts.type'), render: (c) => t(`contracts.types.${c.type}`) },
          { key: 'dates', title: t('contracts.dates'), render: (c) => `${c.start_date} → ${c.end_date ?? t('contracts.open_ended')}` },
          { key: 'probation', title: t('contracts.probation'), render: (c) => c.probation_end ?? '—' },
          { key: 'hours', title: t('contracts.hours_label'), align: 'end', render: (c) => c.hours_per_week },
          { key: 'salary', title: t('contracts.salary'), align: 'end', render: (c) => (c.salary ? <><Money minor={c.salary.amount_minor} currency={c.salary.currency} /> {t(`contracts.per.${c.salary.period}`)}</> : <Typography.Text type="secondary">{t('contracts.pay_hidden')}</Typography.Text>) },
          { key: 'status', title: t('contracts.status_label'), render: (c) => <Tag color={STATUS_COLOURS[c.status]}>{t(`contracts.status.${c.status}`)}</Tag> },
          {
            key: 'actions', title: '', render: (c) => (
              <Space>
                <Button size="small" href={`/api/contracts/${c.id}/pdf?lang=${i18n.language}`} target="_blank" rel="noopener">{t('contracts.pdf')}</Button>
                {mayContract('activate', c.status) && <Button size="small" type="primary" onClick={() => activate(c)}>{t('contracts.activate')}</Button>}
                {mayContract('end', c.status) && <Button size="small" onClick={() => setEnding({ contract: c, action: 'end' })}>{t('contracts.end')}</Button>}
                {mayContract('terminate', c.status) && <Button size="small" danger onClick={() => setEnding({ contract: c, action: 'terminate' })}>{t('contracts.terminate')}</Button>}
              </Space>
            ),
          },
        ]}
      />
      {dialogsWanted && (
        <Suspense fallback={null}>
          <ContractDialogs writing={writing} ending={ending} onCloseWriting={() => setWriting(false)} onCloseEnding={() => setEnding(null)} onDone={refresh} />
        </Suspense>
      )}
    </Space>
  );
}
