import { Button, Drawer, Empty, Input, List, Segmented, Select, Space, Switch, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ShipmentException } from '#shared/api/operations.ts';
import { DataTable } from '../../components/data-table.tsx';
import { RouteTitle } from '../../components/route-title.tsx';
import { api } from '../../lib/api-client.ts';
import { feedback, showFailure } from '../../lib/feedback.ts';
import { memberOptions, type MemberOption } from '../../lib/member-options.ts';
import { operationsApi, operationsKeys } from '../../lib/operations-api.ts';
import { ExceptionKindLabel, SHIPMENTS_PATH, useMoment } from './bits.tsx';
import { useOperationsTranslation } from './operations-texts.ts';

/** What an exception is about, in words ("ETA 26 Nov passed", "MSCU1234566: free time ends 28 Nov"). */
function useCause() {
  const { t } = useOperationsTranslation();
  const moment = useMoment();
  return (x: ShipmentException) => {
    const d = x.details as Record<string, string | number | null>;
    switch (x.kind) {
      case 'eta_passed': return t('exceptions.cause.eta_passed', { eta: moment(d.eta as string) });
      case 'eta_slip': return t('exceptions.cause.eta_slip', { planned: moment(d.planned as string), estimated: moment(d.estimated as string), hours: d.hours });
      case 'cutoff_documents': return t('exceptions.cause.cutoff_documents', { cut_off: t(`bookings.cut_off_kinds.${d.cut_off}`), at: moment(d.at as string), missing: t(`documents.types.${d.missing}`) });
      case 'demurrage_risk': return t('exceptions.cause.demurrage_risk', { container: d.container, free_until: moment(d.free_until as string) });
    }
  };
}

/**
 * /exceptions: what the scans found going wrong (ETA passed without arrival, a slipping estimate,
 * documents missing before a cut-off, a container near the end of its free time): assign, comment,
 * resolve. `?shipment=` narrows to one shipment, `?id=` opens one.
 */
export function ExceptionsScreen() {
  const { t } = useOperationsTranslation();
  const moment = useMoment();
  const cause = useCause();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [status, setStatus] = useState<'open' | 'resolved' | 'all'>('open');
  const [mine, setMine] = useState(false);
  const [scanning, setScanning] = useState(false);
  const shipment = params.get('shipment');
  const list = useQuery({ queryKey: operationsKeys.exceptions(status === 'all' ? null : status, mine), queryFn: () => operationsApi.exceptions(status === 'all' ? null : status, mine) });
  const rows = (list.data ?? []).filter((x) => !shipment || x.shipment.id === shipment);
  const openId = params.get('id');
  async function scan() {
    setScanning(true);
    try {
      const r = await operationsApi.scan();
      feedback().message.success(t('exceptions.scanned', { raised: r.raised, cleared: r.cleared }));
      void client.invalidateQueries({ queryKey: ['exceptions'] });
    } catch (e) {
      showFailure(e);
    } finally {
      setScanning(false);
    }
  }
  const open = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('id', id);
    else next.delete('id');
    setParams(next, { replace: true });
  };
  return (
    <section className="fyn-page">
      <RouteTitle />
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Space wrap>
          <Segmented aria-label={t('exceptions.status_label')} value={status} onChange={setStatus}
            options={(['open', 'resolved', 'all'] as const).map((s) => ({ value: s, label: t(`exceptions.statuses.${s}`) }))} />
          <Space><Switch checked={mine} onChange={setMine} aria-label={t('exceptions.mine')} />{t('exceptions.mine')}</Space>
          {shipment && <Button size="small" onClick={() => { const next = new URLSearchParams(params); next.delete('shipment'); setParams(next); }}>{t('exceptions.all_shipments')}</Button>}
        </Space>
        <Button onClick={scan} loading={scanning}>{t('exceptions.scan_now')}</Button>
      </Space>
      <DataTable<ShipmentException>
        aria-label={t('exceptions.list')}
        rows={rows}
        rowKey={(x) => x.id}
        loading={list.isFetching}
        empty={<Empty description={status === 'open' ? t('exceptions.none_open') : t('exceptions.none')} />}
        columns={[
          { key: 'kind', title: t('exceptions.kind'), render: (x) => <ExceptionKindLabel kind={x.kind} /> },
          { key: 'shipment', title: t('shipments.number'), render: (x) => <Link to={`${SHIPMENTS_PATH}/${x.shipment.id}`}>{x.shipment.number}</Link> },
          { key: 'client', title: t('shipments.client'), render: (x) => x.shipment.client_name },
          { key: 'cause', title: t('exceptions.cause_label'), render: (x) => cause(x) },
          { key: 'raised', title: t('exceptions.raised'), render: (x) => <>{moment(x.raised_at)}{x.reopened_count > 0 && <Typography.Text type="secondary"> · {t('exceptions.reopened', { count: x.reopened_count })}</Typography.Text>}</> },
          { key: 'assignee', title: t('exceptions.assignee'), render: (x) => x.assignee?.name ?? '—' },
          { key: 'status', title: t('exceptions.status_label'), render: (x) => t(`exceptions.statuses.${x.status}`) },
          { key: 'open', title: '', render: (x) => <Button onClick={() => open(x.id)}>{t('exceptions.open')}</Button> },
        ]}
      />
      <ExceptionDrawer id={openId} onClose={() => open(null)} />
    </section>
  );
}

function ExceptionDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useOperationsTranslation();
  const moment = useMoment();
  const cause = useCause();
  const client = useQueryClient();
  const one = useQuery({ queryKey: operationsKeys.exception(id ?? ''), queryFn: () => operationsApi.exception(id!), enabled: Boolean(id) });
  const staff = useQuery({ queryKey: ['staff', 'all'], queryFn: () => api.get<MemberOption[]>('/staff', { silent: true }).catch(() => []), enabled: Boolean(id) });
  const [comment, setComment] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const x = one.data;
  const run = async (key: string, call: () => Promise<ShipmentException>, done?: string) => {
    setBusy(key);
    try {
      client.setQueryData(operationsKeys.exception(id!), await call());
      void client.invalidateQueries({ queryKey: ['exceptions'], exact: false });
      if (done) feedback().message.success(done);
    } catch (e) {
      showFailure(e);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Drawer open={Boolean(id)} onClose={onClose} size={560} title={x ? <Space><ExceptionKindLabel kind={x.kind} />{x.shipment.number}</Space> : t('exceptions.title')}>
      {x && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Typography.Paragraph>{cause(x)}</Typography.Paragraph>
          <Typography.Text type="secondary">{t('exceptions.raised')}: {moment(x.raised_at)} · {t(`exceptions.statuses.${x.status}`)}{x.resolution_note ? ` · ${x.resolution_note}` : ''}</Typography.Text>
          <Select
            aria-label={t('exceptions.assignee')}
            placeholder={t('exceptions.assign')}
            allowClear
            style={{ width: '100%' }}
            value={x.assignee?.id}
            onChange={(v) => run('assign', () => operationsApi.assignException(x.id, v ?? null))}
            options={memberOptions(staff.data, x.assignee?.id)}
          />
          <List
            size="small"
            header={t('exceptions.comments')}
            locale={{ emptyText: t('exceptions.no_comments') }}
            dataSource={x.comments}
            renderItem={(c) => <List.Item><List.Item.Meta title={`${c.author ?? '—'} · ${moment(c.created_at)}`} description={c.body} /></List.Item>}
          />
          <Space.Compact style={{ width: '100%' }}>
            <Input aria-label={t('exceptions.comment')} placeholder={t('exceptions.comment')} value={comment} onChange={(e) => setComment(e.target.value)} />
            <Button disabled={!comment.trim()} loading={busy === 'comment'} onClick={() => run('comment', () => operationsApi.comment(x.id, comment.trim())).then(() => setComment(''))}>{t('exceptions.add_comment')}</Button>
          </Space.Compact>
          {x.status === 'open' && (
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Input.TextArea aria-label={t('exceptions.resolution')} placeholder={t('exceptions.resolution')} rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
              <Button type="primary" disabled={!note.trim()} loading={busy === 'resolve'} onClick={() => run('resolve', () => operationsApi.resolve(x.id, note.trim()), t('exceptions.resolved_done')).then(() => setNote(''))}>{t('exceptions.resolve')}</Button>
            </Space>
          )}
        </Space>
      )}
    </Drawer>
  );
}
