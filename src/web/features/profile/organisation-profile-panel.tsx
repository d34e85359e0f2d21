import './profile.css';
import { Avatar, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { BankOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrganisationProfile } from '#shared/api/profiles.ts';
import { ConnectButton } from '../../components/connect-button.tsx';
import { isApiFailure } from '../../lib/api-failure.ts';
import { connectionsApi } from '../../lib/connections-api.ts';
import { countryName } from '../../lib/countries.ts';
import type { DrawerContentProps } from '../../lib/drawer-registry.ts';
import { feedback } from '../../lib/feedback.ts';
import type { OrganisationProfileDrawerData } from '../../lib/organisation-profile-drawer.ts';
import { profileKeys, profilesApi } from '../../lib/profiles-api.ts';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="fyn-org-profile-section" aria-label={title}>
      <Typography.Title level={3}>{title}</Typography.Title>
      {children}
    </section>
  );
}

function Standing({ org }: { org: OrganisationProfile }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: profileKeys.organisation(org.id) });
  const accept = useMutation({
    mutationFn: (id: string) => connectionsApi.setStatus(id, 'connected'),
    onError: (error) => {
      if (isApiFailure(error) && !error.notified) feedback().message.error(t('connections.changed'));
    },
    onSettled: refresh,
  });
  if (org.is_own) return <Tag color="blue">{t('profile.organisation.own')}</Tag>;
  const link = org.connection;
  if (link?.status === 'connected') return <Tag color="green">{t('search.connected')}</Tag>;
  if (link?.status === 'pending' && link.direction === 'sent') return <Tag>{t('search.pending')}</Tag>;
  if (link?.status === 'pending') {
    return (
      <Typography.Link onClick={() => accept.mutate(link.id)} disabled={accept.isPending}>
        {t('connections.accept')}
      </Typography.Link>
    );
  }
  return <ConnectButton target={{ type: 'organisation', id: org.id }} name={org.name} primary onDone={() => void refresh()} />;
}

/** An organisation's public profile, in the app's drawer (from a person's profile or from search). */
export function OrganisationProfilePanel({ data, close }: DrawerContentProps) {
  const { t, i18n } = useTranslation();
  const { organisationId } = (data ?? {}) as Partial<OrganisationProfileDrawerData>;
  const query = useQuery({
    queryKey: profileKeys.organisation(organisationId ?? ''),
    queryFn: () => profilesApi.organisation(organisationId!),
    enabled: Boolean(organisationId),
    retry: false,
  });
  if (query.isPending) return <Skeleton active avatar paragraph={{ rows: 4 }} />;
  if (query.isError) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('profile.organisation.failed')} />;
  const org = query.data;
  const typeName = (type: string) => t(`organisation.types.${type}`, { defaultValue: type });
  return (
    <div className="fyn-org-profile">
      <Flex gap={16} align="center" wrap>
        <Avatar shape="square" size={72} src={org.logo_url ?? undefined} icon={<BankOutlined />} alt="" />
        <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {org.name}
          </Typography.Title>
          <Typography.Text type="secondary">
            {org.location ? `${org.location.name} (${org.location.code})` : org.city}, {countryName(org.country, i18n.language)}
          </Typography.Text>
          <Flex gap={4} wrap>
            {org.types.map((type) => (
              <Tag key={type}>{typeName(type)}</Tag>
            ))}
          </Flex>
        </Flex>
        <Standing org={org} />
      </Flex>
      {org.website && (
        <Typography.Paragraph style={{ marginTop: 12 }}>
          <Typography.Link href={org.website} target="_blank" rel="noopener noreferrer">
            {org.website}
          </Typography.Link>
        </Typography.Paragraph>
      )}
      {org.addresses.length > 0 && (
        <Section title={t('profile.organisation.places')}>
          <ul className="fyn-org-profile-list">
            {org.addresses.map((a, i) => (
              <li key={i}>
                <Flex vertical>
                  <Typography.Text strong>{a.label}</Typography.Text>
                  <Typography.Text type="secondary">
                    {[a.line1, a.line2, a.town, a.postcode, countryName(a.country, i18n.language)].filter(Boolean).join(', ')}
                    {a.location_code ? ` · ${a.location_code}` : ''}
                  </Typography.Text>
                </Flex>
              </li>
            ))}
          </ul>
        </Section>
      )}
      {org.certifications.length > 0 && (
        <Section title={t('profile.organisation.certifications')}>
          <ul className="fyn-org-profile-list">
            {org.certifications.map((c, i) => (
              <li key={i}>
                <Typography.Text>
                  <Typography.Text strong>{c.name}</Typography.Text> · {c.issuer}
                  {c.valid_until && <Typography.Text type="secondary"> · {t('profile.organisation.valid_until', { date: c.valid_until })}</Typography.Text>}
                </Typography.Text>
              </li>
            ))}
          </ul>
        </Section>
      )}
      {org.networks.length > 0 && (
        <Section title={t('profile.organisation.networks')}>
          <ul className="fyn-org-profile-list">
            {org.networks.map((n, i) => (
              <li key={i}>
                <Typography.Text>
                  <Typography.Text strong>{n.name}</Typography.Text>
                  {n.member_since && <Typography.Text type="secondary"> · {t('profile.organisation.member_since', { date: n.member_since.slice(0, 4) })}</Typography.Text>}
                </Typography.Text>
              </li>
            ))}
          </ul>
        </Section>
      )}
      <Section title={t('profile.organisation.people')}>
        {org.people.length === 0 ? (
          <Typography.Text type="secondary">{t('profile.organisation.no_people')}</Typography.Text>
        ) : (
          <ul className="fyn-org-profile-list">
            {org.people.map((p) => (
              <li key={p.id}>
                <Avatar src={p.avatar_url ?? undefined} icon={<UserOutlined />} alt="" />
                <Flex vertical style={{ minWidth: 0 }}>
                  <Link to={`/profile/${p.id}`} onClick={close}>
                    {p.name}
                  </Link>
                  {(p.job_title || p.headline) && <Typography.Text type="secondary">{[p.job_title, p.headline].filter(Boolean).join(' · ')}</Typography.Text>}
                </Flex>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
