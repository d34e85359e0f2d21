import './connections.css';
import { useId, useState } from 'react';
import { Alert, Avatar, Button, Empty, Popconfirm, Segmented, Select, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { BankOutlined, UserOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CONNECTION_SOURCES, type ActorType, type Connection, type ConnectionSource, type ConnectionStatus } from '#shared/api/connections.ts';
import { ConnectButton } from '../../components/connect-button.tsx';
import { RouteTitle } from '../../components/route-title.tsx';
import { isApiFailure } from '../../lib/api-failure.ts';
import { countryName } from '../../lib/countries.ts';
import { api } from '../../lib/api-client.ts';
import { feedback, showFailure } from '../../lib/feedback.ts';
import { memberOptions, type MemberOption } from '../../lib/member-options.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { connectionKeys, connectionsApi, type ConnectionTab } from '../../lib/connections-api.ts';

const TABS: ConnectionTab[] = ['connected', 'invitations', 'requested'];

/** What each move is called, and what is said once it is done. */
const MOVES: Record<'connected' | 'declined' | 'withdrawn' | 'disconnected', { label: string; done: string }> = {
  connected: { label: 'connections.accept', done: 'connections.accepted' },
  declined: { label: 'connections.decline', done: 'connections.declined' },
  withdrawn: { label: 'connections.withdraw', done: 'connections.withdrawn' },
  disconnected: { label: 'connections.disconnect', done: 'connections.disconnected' },
};

/**
 * Whether the caller may change a connection seen as `as`: always their own; the organisation's
 * only with `network.update` (the server refuses the rest).
 */
function useMayChange(as: ActorType): boolean {
  const mayUpdateNetwork = useSessionStore((s) => s.user?.permissions.includes('network.update') ?? false);
  return as === 'user' || mayUpdateNetwork;
}

/** The key point of contact's choices: the active members, and the current one by the name the connection came with. */
function keyContactOptions(members: readonly MemberOption[] | undefined, c: Connection) {
  const options = memberOptions(members, c.key_contact_user_id);
  if (c.key_contact_user_id && !options.some((o) => o.value === c.key_contact_user_id)) {
    options.push({ value: c.key_contact_user_id, label: c.key_contact_name ?? '…', disabled: true });
  }
  return options;
}

/**
 * What one may set on a connection once connected: how the two know each other (either side), with
 * one's organisation shared or not (a personal connection), the key point of contact (an
 * organisation's connection). Each is saved at once; without the right to change the
 * organisation's connections, they are shown and not offered.
 */
function ConnectionSettings({ connection: c, as }: { connection: Connection; as: ActorType }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const organisation = useSessionStore((s) => s.user?.organisation ?? null);
  const mayChange = useMayChange(as);
  const sourceId = useId();
  const contactId = useId();
  const members = useQuery({
    queryKey: ['staff', 'all'],
    queryFn: () => api.get<MemberOption[]>('/staff', { silent: true }).catch(() => []),
    staleTime: 60_000,
    enabled: as === 'organisation' && mayChange,
  });
  const save = useMutation({
    mutationFn: (change: { source: ConnectionSource | null } | { shared: boolean } | { keyContact: string | null }) =>
      'source' in change ? connectionsApi.setSource(c.id, change.source) : 'shared' in change ? connectionsApi.share(c.id, change.shared) : connectionsApi.setKeyContact(c.id, change.keyContact),
    onSuccess: (_, change) => {
      const name = c.other.name;
      const done = 'source' in change ? t('connections.source_saved', { name }) : 'shared' in change ? t(change.shared ? 'connections.shared_done' : 'connections.unshared_done', { name, organisation: organisation?.name ?? '' }) : t('connections.key_contact_saved', { name });
      feedback().message.success(done);
    },
    onError: (error) => showFailure(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
  });
  return (
    <Space wrap align="end" className="fyn-connection-settings">
      <div className="fyn-connection-setting">
        <label htmlFor={sourceId}>{t('connections.source_label', { name: c.other.name })}</label>
        <Select<ConnectionSource | null>
          id={sourceId}
          placeholder={t(mayChange ? 'connections.source_placeholder' : 'connections.source_unknown')}
          value={c.source}
          allowClear={mayChange}
          disabled={!mayChange || save.isPending}
          onChange={(source) => save.mutate({ source: source ?? null })}
          options={CONNECTION_SOURCES.map((code) => ({ value: code, label: t(`connections.sources.${code}`) }))}
          style={{ minWidth: 200 }}
        />
      </div>
      {as === 'organisation' && (
        <div className="fyn-connection-setting">
          <label htmlFor={contactId}>{t('connections.key_contact_label', { name: c.other.name })}</label>
          <Select<string | null>
            id={contactId}
            placeholder={t(mayChange ? 'connections.key_contact_placeholder' : 'connections.key_contact_none')}
            value={c.key_contact_user_id}
            allowClear={mayChange}
            loading={mayChange && members.isPending}
            disabled={!mayChange || save.isPending}
            onChange={(userId) => save.mutate({ keyContact: userId ?? null })}
            options={keyContactOptions(members.data, c)}
            style={{ minWidth: 200 }}
          />
        </div>
      )}
      {as === 'user' && organisation && (
        <Button disabled={save.isPending} onClick={() => save.mutate({ shared: !c.shared_with_organisation })}>
          {c.shared_with_organisation ? t('connections.unshare', { organisation: organisation.name }) : t('connections.share', { organisation: organisation.name })}
        </Button>
      )}
    </Space>
  );
}

function ConnectionItem({ connection: c, tab, as, onMove, busy }: { connection: Connection; tab: ConnectionTab; as: ActorType; onMove: (c: Connection, status: ConnectionStatus) => void; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const mayChange = useMayChange(as);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(tab === 'connected' ? (c.connected_at ?? c.updated_at) : c.updated_at));
  const when = tab === 'connected' ? 'connections.since' : tab === 'invitations' ? 'connections.received_on' : 'connections.sent_on';
  const move = (status: keyof typeof MOVES, primary = false) => (
    <Button type={primary ? 'primary' : 'default'} disabled={busy} onClick={() => onMove(c, status)}>
      {t(MOVES[status].label)}
    </Button>
  );
  return (
    <li className="fyn-connection">
      <Avatar size={48} src={c.other.avatar_url ?? undefined} icon={c.other.type === 'organisation' ? <BankOutlined /> : <UserOutlined />} alt="" />
      <div className="fyn-connection-body">
        <div className="fyn-connection-name">
          <Typography.Text strong>{c.other.name}</Typography.Text>
          {c.other.type === 'organisation' && <Tag>{t('connections.organisation')}</Tag>}
          {c.shared_with_organisation && <Tag color="blue">{t('connections.shared')}</Tag>}
        </div>
        {c.other.subtitle && (
          // A person's organisation; an organisation's country (ISO code), named in the interface language.
          <Typography.Text type="secondary">{c.other.type === 'organisation' ? countryName(c.other.subtitle, i18n.language) : c.other.subtitle}</Typography.Text>
        )}
        {c.message && <Typography.Paragraph className="fyn-connection-message">“{c.message}”</Typography.Paragraph>}
        <Typography.Text type="secondary" className="fyn-connection-meta">
          {t(when, { date })}
          {/* Once connected, the field below says it (and changes it). */}
          {c.source && tab !== 'connected' && ` · ${t('connections.source', { source: t(`connections.sources.${c.source}`) })}`}
        </Typography.Text>
        {tab === 'connected' && <ConnectionSettings connection={c} as={as} />}
      </div>
      {mayChange && (
        <Space wrap className="fyn-connection-actions">
          {tab === 'invitations' && (
            <>
              {move('connected', true)}
              {move('declined')}
            </>
          )}
          {tab === 'requested' && move('withdrawn')}
          {tab === 'connected' && (
            <Popconfirm
              title={t('connections.disconnect_confirm', { name: c.other.name })}
              okText={t('connections.disconnect')}
              cancelText={t('connections.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => onMove(c, 'disconnected')}
            >
              <Button disabled={busy}>{t('connections.disconnect')}</Button>
            </Popconfirm>
          )}
        </Space>
      )}
    </li>
  );
}

function ConnectionList({ tab, as }: { tab: ConnectionTab; as: ActorType }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useInfiniteQuery({
    queryKey: connectionKeys.list(tab, as),
    queryFn: ({ pageParam }) => connectionsApi.page(tab, as, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
  const change = useMutation({
    mutationFn: ({ c, status }: { c: Connection; status: ConnectionStatus }) => connectionsApi.setStatus(c.id, status),
    onSuccess: (_, { c, status }) => feedback().message.success(t(MOVES[status as keyof typeof MOVES].done, { name: c.other.name })),
    onError: (error) => {
      if (!isApiFailure(error) || error.notified) return;
      // Someone else answered first (the other side, a colleague for the organisation): the list is read again.
      feedback().message.error(error.code === 'invalid_transition' || error.status === 404 ? t('connections.changed') : t('errors.server'));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
  });

  if (list.isPending) return <Skeleton active avatar paragraph={{ rows: 2 }} />;
  if (list.isError) {
    return <Alert type="error" showIcon title={t('connections.load_failed')} action={<Button onClick={() => void list.refetch()}>{t('common.refresh')}</Button>} />;
  }
  const rows = list.data.pages.flatMap((p) => p.data);
  if (rows.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<><span className="fyn-placeholder-heading">{t(`connections.empty.${tab}`)}</span><span className="fyn-placeholder-text">{t(`connections.empty.${tab}_hint`)}</span></>} />;
  }
  return (
    <>
      <ul className="fyn-connections" aria-label={t(`connections.tabs.${tab}`)}>
        {rows.map((c) => (
          <ConnectionItem key={c.id} connection={c} tab={tab} as={as} busy={change.isPending} onMove={(conn, status) => change.mutate({ c: conn, status })} />
        ))}
      </ul>
      {list.hasNextPage && (
        <Button className="fyn-connections-more" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {t('connections.load_more')}
        </Button>
      )}
    </>
  );
}

/** People the user may know, each with why and a way to ask. */
function Suggestions() {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: connectionKeys.suggestions, queryFn: connectionsApi.suggestions });
  if (list.isPending) return <Skeleton active avatar paragraph={{ rows: 2 }} />;
  if (list.isError) return <Alert type="error" showIcon title={t('connections.load_failed')} action={<Button onClick={() => void list.refetch()}>{t('common.refresh')}</Button>} />;
  if (list.data.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<><span className="fyn-placeholder-heading">{t('connections.empty.suggestions')}</span><span className="fyn-placeholder-text">{t('connections.empty.suggestions_hint')}</span></>} />;
  }
  return (
    <ul className="fyn-connections" aria-label={t('connections.tabs.suggestions')}>
      {list.data.map((s) => {
        const why = [
          s.mutual > 0 && t('connections.reasons.mutual', { count: s.mutual }),
          s.same_network && t('connections.reasons.same_network'),
          s.same_port && t('connections.reasons.same_port'),
        ].filter(Boolean);
        return (
          <li key={s.id} className="fyn-connection">
            <Avatar size={48} src={s.avatar_url ?? undefined} icon={<UserOutlined />} alt="" />
            <div className="fyn-connection-body">
              <Typography.Text strong>{s.name}</Typography.Text>
              {s.organisation && <Typography.Text type="secondary">{s.organisation}</Typography.Text>}
              <Typography.Text type="secondary" className="fyn-connection-meta">{why.join(' · ')}</Typography.Text>
            </div>
            <Space wrap className="fyn-connection-actions">
              <ConnectButton primary target={{ type: 'user', id: s.id }} name={s.name} />
            </Space>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * /connections: the people and organisations one is connected with, invitations to answer and
 * requests sent, as oneself or (with the network view permission) for one's organisation.
 */
export function ConnectionsScreen() {
  const { t } = useTranslation();
  const organisation = useSessionStore((s) => s.user?.organisation ?? null);
  const mayActForOrganisation = useSessionStore((s) => s.user?.permissions.includes('network.view') ?? false);
  const mayChangeForOrganisation = useMayChange('organisation');
  const [as, setAs] = useState<ActorType>('user');
  // A link may open a tab (`?tab=invitations`, from a notification).
  const [params] = useSearchParams();
  const asked = params.get('tab');
  const [tab, setTab] = useState<ConnectionTab | 'suggestions'>(asked === 'suggestions' || TABS.includes(asked as ConnectionTab) ? (asked as ConnectionTab | 'suggestions') : 'connected');
  const counts = useQuery({ queryKey: connectionKeys.counts(as), queryFn: () => connectionsApi.counts(as) });
  return (
    <section className="fyn-page">
      <RouteTitle />
      <Typography.Paragraph className="fyn-secondary">{t('connections.intro')}</Typography.Paragraph>
      {organisation && mayActForOrganisation && (
        <Segmented<ActorType>
          className="fyn-connections-as"
          aria-label={t('connections.as_label')}
          value={as}
          onChange={setAs}
          options={[
            { value: 'user', label: t('connections.as_me') },
            { value: 'organisation', label: organisation.name },
          ]}
        />
      )}
      {as === 'organisation' && !mayChangeForOrganisation && <Alert type="info" showIcon title={t('connections.view_only')} className="fyn-connections-view-only" />}
      <Tabs
        activeKey={as === 'organisation' && tab === 'suggestions' ? 'connected' : tab}
        onChange={(key) => setTab(key as ConnectionTab | 'suggestions')}
        items={[
          ...TABS.map((key) => ({
            key,
            label: counts.data ? `${t(`connections.tabs.${key}`)} (${counts.data[key]})` : t(`connections.tabs.${key}`),
            children: <ConnectionList tab={key} as={as} />,
          })),
          // Suggestions are people for a person; an organisation's come with the CRM.
          ...(as === 'user' ? [{ key: 'suggestions', label: t('connections.tabs.suggestions'), children: <Suggestions /> }] : []),
        ]}
      />
    </section>
  );
}
