import type { ReactNode } from 'react';
import { Avatar, Button, Flex, Tag, Typography } from 'antd';
import { BankOutlined, EnvironmentOutlined, MailOutlined, PhoneOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Profile, ProfileEntry } from '#shared/api/profiles.ts';
import { openOrganisationProfile } from '../../lib/organisation-profile-drawer.ts';
import { InterestIconOf } from './interest-icons.tsx';

/** A language code in the interface language ("de" → "German"), or the code itself. */
export function languageName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** "2019-04 – 2021" or "2019 – present". */
function period(e: ProfileEntry, present: string): string | null {
  if (!e.from && !e.to) return null;
  return `${e.from ?? '…'} – ${e.to ?? present}`;
}

/** The top of a profile: cover, picture, name, headline, where, and the organisation (opens its public profile). */
export function ProfileHeader({ profile, avatarUrl, cover, actions }: { profile: Profile; avatarUrl?: string | null; cover?: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation();
  const org = profile.organisation;
  const picture = avatarUrl === undefined ? profile.avatar_url : avatarUrl;
  return (
    <section className="fyn-panel fyn-profile-header" aria-label={profile.name}>
      <div className="fyn-profile-cover" style={profile.cover_url ? { backgroundImage: `url("${profile.cover_url}")` } : undefined} data-testid="profile-cover">
        {cover}
      </div>
      <div className="fyn-profile-identity">
        <Avatar size={112} src={picture ?? undefined} icon={<UserOutlined />} alt="" className="fyn-profile-avatar" />
        <Flex justify="space-between" align="flex-start" gap={16} wrap>
          <div className="fyn-profile-names">
            <Typography.Title level={2} className="fyn-profile-name">
              {profile.name}
            </Typography.Title>
            {profile.headline && <Typography.Text className="fyn-profile-headline">{profile.headline}</Typography.Text>}
            <Flex gap={16} wrap className="fyn-profile-facts">
              {(profile.job_title || org) && (
                <span>
                  <BankOutlined aria-hidden="true" />{' '}
                  {profile.job_title}
                  {profile.job_title && org ? ' · ' : ''}
                  {org && (
                    <Button type="link" className="fyn-profile-org-link" aria-label={t('profile.view_organisation', { name: org.name })} onClick={() => openOrganisationProfile(org.id, org.name)}>
                      {org.name}
                    </Button>
                  )}
                  {org && profile.role && <Tag className="fyn-profile-role">{profile.role}</Tag>}
                </span>
              )}
              {profile.location && (
                <span>
                  <EnvironmentOutlined aria-hidden="true" /> {profile.location.name} ({profile.location.code})
                </span>
              )}
            </Flex>
          </div>
          {actions && (
            <Flex gap={8} wrap>
              {actions}
            </Flex>
          )}
        </Flex>
      </div>
    </section>
  );
}

export function Panel({ id, title, extra, children }: { id: string; title: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className="fyn-panel" aria-labelledby={id}>
      <Flex justify="space-between" align="baseline" gap={8} wrap>
        <Typography.Title level={2} id={id} className="fyn-panel-title">
          {title}
        </Typography.Title>
        {extra}
      </Flex>
      {children}
    </section>
  );
}

export function Entries({ entries }: { entries: ProfileEntry[] }) {
  const { t } = useTranslation();
  return (
    <ul className="fyn-profile-entries">
      {entries.map((e, i) => (
        <li key={i}>
          <Typography.Text strong>{e.title}</Typography.Text>
          {e.place && <Typography.Text> · {e.place}</Typography.Text>}
          {period(e, t('profile.entry_present')) && (
            <Typography.Text type="secondary" className="fyn-profile-period">
              {period(e, t('profile.entry_present'))}
            </Typography.Text>
          )}
          {e.description && <Typography.Paragraph className="fyn-profile-description">{e.description}</Typography.Paragraph>}
        </li>
      ))}
    </ul>
  );
}

export function InterestTags({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} wrap>
      {codes.map((code) => (
        <Tag key={code} icon={<InterestIconOf code={code} />} className="fyn-profile-interest">
          {t(`profile.interests.${code}`, { defaultValue: code })}
        </Tag>
      ))}
    </Flex>
  );
}

/** Someone else's profile, read-only: only the sections they filled in. */
export function ProfileSections({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const empty =
    !profile.bio && !profile.experience.length && !profile.education.length && !profile.interests.length && !profile.languages.length && !profile.hobbies.length &&
    !profile.email && !profile.phone;
  if (empty) {
    return (
      <section className="fyn-panel">
        <Typography.Text type="secondary">{t('profile.empty_other', { name: profile.name })}</Typography.Text>
      </section>
    );
  }
  return (
    <>
      {profile.bio && (
        <Panel id="profile-about" title={t('profile.about')}>
          <Typography.Paragraph className="fyn-profile-bio">{profile.bio}</Typography.Paragraph>
        </Panel>
      )}
      {profile.experience.length > 0 && (
        <Panel id="profile-experience" title={t('profile.experience')}>
          <Entries entries={profile.experience} />
        </Panel>
      )}
      {profile.education.length > 0 && (
        <Panel id="profile-education" title={t('profile.education')}>
          <Entries entries={profile.education} />
        </Panel>
      )}
      {profile.interests.length > 0 && (
        <Panel id="profile-interests" title={t('profile.interests_title')}>
          <InterestTags codes={profile.interests} />
        </Panel>
      )}
      {(profile.languages.length > 0 || profile.hobbies.length > 0) && (
        <Panel id="profile-more" title={t('profile.languages_and_hobbies')}>
          {profile.languages.length > 0 && (
            <Typography.Paragraph>
              <Typography.Text type="secondary">{t('profile.languages')}: </Typography.Text>
              {profile.languages.map((code) => languageName(code, i18n.language)).join(', ')}
            </Typography.Paragraph>
          )}
          {profile.hobbies.length > 0 && (
            <Typography.Paragraph>
              <Typography.Text type="secondary">{t('profile.hobbies')}: </Typography.Text>
              {profile.hobbies.join(', ')}
            </Typography.Paragraph>
          )}
        </Panel>
      )}
      {(profile.email || profile.phone) && (
        <Panel id="profile-contact" title={t('profile.contact')}>
          <Flex vertical gap={8}>
            {profile.email && (
              <span>
                <MailOutlined aria-hidden="true" /> <Typography.Link href={`mailto:${profile.email}`}>{profile.email}</Typography.Link>
              </span>
            )}
            {profile.phone && (
              <span>
                <PhoneOutlined aria-hidden="true" /> <Typography.Link href={`tel:${profile.phone.replace(/[^+\d]/g, '')}`}>{profile.phone}</Typography.Link>
              </span>
            )}
          </Flex>
        </Panel>
      )}
    </>
  );
}
