import './search-panel.css';
import { useState, type ReactNode } from 'react';
import { Avatar, Button, Empty, Skeleton, Tag, Typography } from 'antd';
// The input alone: antd's Input index brings Password, TextArea, Search and OTP with it.
import Input from 'antd/es/input/Input';
import { BankOutlined, SearchOutlined, ShopOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ActorType } from '#shared/api/connections.ts';
import type { SearchResults } from '#shared/api/search.ts';
import { ConnectButton } from '../../components/connect-button.tsx';
import { api } from '../../lib/api-client.ts';
import { isApiFailure } from '../../lib/api-failure.ts';
import { connectionKeys, connectionsApi } from '../../lib/connections-api.ts';
import { countryName } from '../../lib/countries.ts';
import type { DrawerContentProps } from '../../lib/drawer-registry.ts';
import { feedback } from '../../lib/feedback.ts';
import { openOrganisationProfile } from '../../lib/organisation-profile-drawer.ts';
import { useDebounced } from '../../lib/use-debounced.ts';

type Link = SearchResults['users'][number]['connection'];
const MIN_LENGTH = 2;

/** What the caller may do with a result, by how they stand with it. */
function LinkAction({ link, name, target }: { link: Link; name: string; target: { type: ActorType; id: string } }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: ['search'] }), queryClient.invalidateQueries({ queryKey: connectionKeys.all })]);
  const failed = (error: unknown) => {
    if (isApiFailure(error) && !error.notified) feedback().message.error(error.status === 409 || error.status === 404 ? t('connections.changed') : t('errors.server'));
    void refresh();
  };
  const accept = useMutation({
    mutationFn: (id: string) => connectionsApi.setStatus(id, 'connected'),
    onSuccess: () => feedback().message.success(t('connections.accepted', { name })),
    onError: failed,
    onSettled: refresh,
  });
  if (link?.status === 'connected') return <Tag color="green">{t('search.connected')}</Tag>;
  if (link?.status === 'pending' && link.direction === 'sent') return <Tag>{t('search.pending')}</Tag>;
  if (link?.status === 'pending') {
    return (
      <Button type="primary" size="middle" loading={accept.isPending} onClick={() => accept.mutate(link.id)}>
        {t('connections.accept')}
      </Button>
    );
  }
  return <ConnectButton target={target} name={name} />;
}

/** A result; `title` (a link to the profile) stands in for the plain name where there is one. */
function Result({ avatar, icon, name, subtitle, action, title }: { avatar: string | null; icon: ReactNode; name: string; subtitle: string | null; action?: ReactNode; title?: ReactNode }) {
  return (
    <li className="fyn-search-result">
      <Avatar src={avatar ?? undefined} icon={icon} alt="" />
      <div className="fyn-search-result-body">
        {title ?? <Typography.Text strong>{name}</Typography.Text>}
        {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
      </div>
      {action}
    </li>
  );
}

function Group({ title, children }: { title: string; children: ReactNode[] }) {
  if (children.length === 0) return null;
  return (
    <section className="fyn-search-group" aria-label={title}>
      <Typography.Title level={3} className="fyn-search-group-title">
        {title}
      </Typography.Title>
      <ul className="fyn-search-results">{children}</ul>
    </section>
  );
}

/**
 * The header's search, in the app's drawer: people, organisations and one's connections, grouped,
 * with the step each result allows (connect, accept, or how one stands with it).
 */
export function SearchPanel({ close }: DrawerContentProps) {
  const { t, i18n } = useTranslation();
  const [term, setTerm] = useState('');
  const q = useDebounced(term.trim());
  const results = useQuery({
    queryKey: ['search', q],
    enabled: q.length >= MIN_LENGTH,
    queryFn: ({ signal }) => api.get<SearchResults>('/search', { params: { q }, signal }),
    placeholderData: (previous) => previous,
  });
  const data = q.length >= MIN_LENGTH ? results.data : undefined;
  const nothing = data && data.users.length + data.organisations.length + data.connections.length + (data.native_organisations?.length ?? 0) === 0;
  return (
    <div className="fyn-search">
      <Input
        autoFocus
        type="search"
        allowClear
        prefix={<SearchOutlined aria-hidden="true" />}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        value={term}
        onChange={(e) => setTerm(e.target.value)}
      />
      {q.length < MIN_LENGTH && <Typography.Paragraph type="secondary" className="fyn-search-hint">{t('search.hint')}</Typography.Paragraph>}
      {q.length >= MIN_LENGTH && results.isPending && <Skeleton active avatar paragraph={{ rows: 2 }} />}
      {q.length >= MIN_LENGTH && results.isError && <Typography.Paragraph type="danger">{t('search.failed')}</Typography.Paragraph>}
      {nothing && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('search.nothing', { q })} />}
      {data && (
        <div aria-live="polite">
          <Group title={t('search.people')}>
            {data.users.map((u) => (
              <Result key={u.id} avatar={u.avatar_url} icon={<UserOutlined />} name={u.name} subtitle={u.organisation}
                title={
                  <Link to={`/profile/${u.id}`} onClick={close} className="fyn-search-result-name">
                    {u.name}
                  </Link>
                }
                action={<LinkAction link={u.connection} name={u.name} target={{ type: 'user', id: u.id }} />} />
            ))}
          </Group>
          <Group title={t('search.organisations')}>
            {data.organisations.map((o) => (
              <Result key={o.id} avatar={o.logo_url} icon={<BankOutlined />} name={o.name} subtitle={`${o.city}, ${countryName(o.country, i18n.language)}`}
                title={
                  <Button type="link" className="fyn-search-result-name" onClick={() => openOrganisationProfile(o.id, o.name)}>
                    {o.name}
                  </Button>
                }
                action={<LinkAction link={o.connection} name={o.name} target={{ type: 'organisation', id: o.id }} />} />
            ))}
          </Group>
          <Group title={t('search.your_connections')}>
            {data.connections.map((c) => (
              <Result key={c.id} avatar={c.other.avatar_url} icon={c.other.type === 'organisation' ? <BankOutlined /> : <UserOutlined />} name={c.other.name}
                subtitle={c.other.type === 'organisation' && c.other.subtitle ? countryName(c.other.subtitle, i18n.language) : c.other.subtitle} />
            ))}
          </Group>
          <Group title={t('search.crm_clients')}>
            {(data.native_organisations ?? []).map((n) => (
              <Result key={n.id} avatar={null} icon={<ShopOutlined />} name={n.name} subtitle={[n.city, countryName(n.country, i18n.language)].filter(Boolean).join(', ')}
                title={
                  <Link to={`/organisation/crm/connections/native-organisation/${n.id}/profile`} onClick={close} className="fyn-search-result-name">
                    {n.name}
                  </Link>
                } />
            ))}
          </Group>
        </div>
      )}
    </div>
  );
}
