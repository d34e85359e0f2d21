import { Button, Input, Pagination, Segmented, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { FileAddOutlined, PlusOutlined, WarningOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Client, ClientKind } from '#shared/api/crm.ts';
import { DataTable, type DataColumn } from '../../components/data-table.tsx';
import { RouteTitle } from '../../components/route-title.tsx';
import { api } from '../../lib/api-client.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { QUOTES_PATH } from './quote-paths.ts';
import { useSalesTranslation } from './sales-texts.ts';

const NATIVE = '/organisation/crm/connections/native-organisation';
const CREDIT_COLOURS = { ok: 'success', hold: 'warning', stop: 'error' } as const;

/** Where a client's name leads: a native organisation's profile, a person's profile; organisations on FYN have none yet. */
const hrefOf = (c: Client) => (c.kind === 'native_organisation' ? `${NATIVE}/${c.id}/profile` : c.key_contact && c.kind === 'shared_connection' ? `/profile/${c.id}` : null);

/** The one list of clients (GET /api/clients): `kinds` narrows it (CRM connections shows the network's side only). */
function ClientList({ kinds, intro, actions }: { kinds: readonly ClientKind[]; intro: string; actions?: React.ReactNode }) {
  const { t } = useSalesTranslation();
  const navigate = useNavigate();
  const mayQuote = useSessionStore((s) => s.user?.permissions.includes('quotes.create') ?? false);
  const [kind, setKind] = useState<ClientKind | 'all'>('all');
  const [credit, setCredit] = useState<'ok' | 'hold' | 'stop' | undefined>();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebounced(search.trim(), 300);
  const params = { page, per_page: 25, kind: kind === 'all' ? kinds.join(',') : kind, ...(q && { q }), ...(credit && { credit_status: credit }) };
  const list = useQuery({
    queryKey: ['clients', kinds, params],
    queryFn: () => api.list<Client>('/clients', { params }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  const quote = (c: Client) => {
    if (c.kind === 'shared_connection' || !mayQuote) return null;
    const button = (
      <Button size="small" icon={<FileAddOutlined aria-hidden="true" />} disabled={!c.quotable} onClick={() => navigate(`${QUOTES_PATH}/new?client=${c.kind}:${c.id}`)}>
        {t('clients.new_quote')}
      </Button>
    );
    if (c.credit_status === 'stop') return <Tooltip title={t('clients.stop_hint')}>{button}</Tooltip>;
    if (c.credit_status === 'hold') return <Space size={4}><Tooltip title={t('clients.hold_hint')}><WarningOutlined aria-label={t('clients.hold_hint')} style={{ color: '#d48806' }} /></Tooltip>{button}</Space>;
    return button;
  };
  const columns: DataColumn<Client>[] = [
    { key: 'name', title: t('client_list.name'), render: (c) => { const href = hrefOf(c); return href ? <Link to={href}>{c.name}</Link> : c.name; } },
    { key: 'kind', title: t('client_list.kind'), render: (c) => <Tag>{t(`client_list.kinds.${c.kind}`)}</Tag> },
    { key: 'country', title: t('client_list.country'), render: (c) => c.country ?? '—' },
    { key: 'tier', title: t('client_list.tier'), render: (c) => c.tier ?? '—' },
    { key: 'credit', title: t('client_list.credit'), render: (c) => (c.credit_status ? <Tag color={CREDIT_COLOURS[c.credit_status]}>{t(`client_list.credit_status.${c.credit_status}`)}</Tag> : '—') },
    { key: 'staff', title: t('client_list.assigned'), render: (c) => c.assigned_staff.map((s) => s.name).join(', ') || '—' },
    { key: 'contact', title: t('client_list.key_contact'), render: (c) => (c.key_contact ? <span>{c.key_contact.name}{c.key_contact.email && <Typography.Text type="secondary"> · {c.key_contact.email}</Typography.Text>}</span> : '—') },
    { key: 'actions', title: '', align: 'end', render: quote },
  ];
  return (
    <section className="fyn-page">
      <RouteTitle />
      <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search allowClear placeholder={t('client_list.search')} aria-label={t('client_list.search')} value={search} onChange={(e) => { setSearch(e.target.value); setPage(1); }} style={{ width: 260 }} />
        {kinds.length > 1 && (
          <Segmented
            value={kind}
            onChange={(v) => { setKind(v as ClientKind | 'all'); setPage(1); }}
            options={[{ value: 'all', label: t('client_list.all') }, ...kinds.map((k) => ({ value: k, label: t(`client_list.kinds.${k}`) }))]}
          />
        )}
        {kinds.includes('native_organisation') && (
          <Select
            allowClear
            placeholder={t('client_list.credit')}
            aria-label={t('client_list.credit')}
            value={credit}
            onChange={(v) => { setCredit(v); setPage(1); }}
            style={{ minWidth: 160 }}
            options={(['ok', 'hold', 'stop'] as const).map((s) => ({ value: s, label: t(`client_list.credit_status.${s}`) }))}
          />
        )}
        {actions}
      </Space>
      <DataTable aria-label={t('client_list.table')} columns={columns} rows={rows} rowKey={(c) => `${c.kind}:${c.id}`} loading={list.isFetching} empty={t('client_list.empty')} />
      {(list.data?.meta.total ?? 0) > 25 && (
        <Pagination style={{ marginTop: 16 }} current={page} pageSize={25} total={list.data?.meta.total ?? 0} onChange={setPage} showSizeChanger={false} />
      )}
    </section>
  );
}

/** /organisation/client-management: every client, connected, shared or native, with its credit status and who looks after it. */
export function ClientManagementScreen() {
  const { t } = useSalesTranslation();
  return (
    <ClientList
      kinds={['organisation', 'shared_connection', 'native_organisation']}
      intro={t('client_list.intro')}
      actions={<Link to={`${NATIVE}/create`}><Button icon={<PlusOutlined aria-hidden="true" />}>{t('client_list.add_native')}</Button></Link>}
    />
  );
}

/** crm/connections: the clients the network brings (connected organisations, connections members shared), and the way to the native ones. */
export function CrmConnectionsScreen() {
  const { t } = useSalesTranslation();
  return (
    <ClientList
      kinds={['organisation', 'shared_connection']}
      intro={t('client_list.connections_intro')}
      actions={
        <>
          <Link to={NATIVE}><Button>{t('client_list.native_list')}</Button></Link>
          <Link to={`${NATIVE}/create`}><Button type="primary" icon={<PlusOutlined aria-hidden="true" />}>{t('client_list.add_native')}</Button></Link>
        </>
      }
    />
  );
}
