import './profile.css';
import { Alert, Button, Empty, Form, Input, Skeleton, Tag, Typography } from 'antd';
import { MessageOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Profile } from '#shared/api/profiles.ts';
import type { SessionUser } from '#shared/api/user.ts';
import { api } from '../../lib/api-client.ts';
import { isApiFailure } from '../../lib/api-failure.ts';
import { connectionsApi } from '../../lib/connections-api.ts';
import { feedback } from '../../lib/feedback.ts';
import { applyFieldErrors, checkName, checkRule } from '../../lib/form-rules.ts';
import { chatWith, profileKeys, profilesApi } from '../../lib/profiles-api.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { ConnectButton } from '../../components/connect-button.tsx';
import { ImageEditor } from '../../components/image-editor.tsx';
import { CoverEditor, ProfileEditor } from './profile-editor.tsx';
import { Panel, ProfileHeader, ProfileSections } from './profile-view.tsx';

const nameRule = checkRule(checkName, 'name_required');

/** The own picture: upload (PNG, JPEG, WebP ≤ 2 MB, checked here first) and remove. */
export function AvatarEditor() {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.user);
  const setUser = useSessionStore((s) => s.setUser);
  return (
    <ImageEditor
      src={user?.avatar_url ?? null}
      alt={t('profile.avatar_alt')}
      placeholder={<UserOutlined />}
      testId="avatar-input"
      texts={{
        upload: t('profile.avatar_upload'),
        replace: t('profile.avatar_upload'),
        remove: t('profile.avatar_remove'),
        hint: t('profile.avatar_hint'),
        saved: t('profile.avatar_saved'),
        removed: t('profile.avatar_removed'),
        problems: { type: t('profile.avatar_type'), too_large: t('profile.avatar_too_large') },
      }}
      upload={async (file) => {
        const body = new FormData();
        body.append('file', file);
        setUser(await api.post<SessionUser>('/user/avatar', body));
      }}
      remove={async () => setUser(await api.delete<SessionUser>('/user/avatar'))}
    />
  );
}

/** The own name (PATCH /api/user), shown with the email. */
export function NameForm() {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.user);
  const setUser = useSessionStore((s) => s.setUser);
  const [form] = Form.useForm<{ name: string }>();
  const save = useMutation({
    mutationFn: (values: { name: string }) => api.patch<SessionUser>('/user', { name: values.name.trim() }),
    onSuccess: (saved) => {
      setUser(saved);
      feedback().message.success(t('profile.name_saved'));
    },
    onError: (error) => {
      if (isApiFailure(error) && applyFieldErrors(form, error, ['name'])) return;
      if (!isApiFailure(error) || !error.notified) feedback().notification.error({ title: t('errors.server') });
    },
  });
  return (
    <Form
      form={form}
      name="profile-name"
      layout="vertical"
      requiredMark={false}
      initialValues={{ name: user?.name ?? '' }}
      onFinish={(values) => save.mutate(values)}
      className="fyn-narrow-form"
    >
      <Form.Item name="name" label={t('auth.name')} rules={[nameRule]}>
        <Input autoComplete="name" maxLength={120} />
      </Form.Item>
      <Form.Item label={t('auth.email')}>
        <Typography.Text>{user?.email}</Typography.Text>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('profile.save_name')}
      </Button>
    </Form>
  );
}

/** What the caller may do with someone's profile, by how they stand: connect, accept, or message once connected. */
function ProfileActions({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = () => queryClient.invalidateQueries({ queryKey: profileKeys.person(profile.user_id) });
  const accept = useMutation({
    mutationFn: (id: string) => connectionsApi.setStatus(id, 'connected'),
    onSuccess: () => feedback().message.success(t('connections.accepted', { name: profile.name })),
    onError: (error) => {
      if (isApiFailure(error) && !error.notified) feedback().message.error(error.status === 409 || error.status === 404 ? t('connections.changed') : t('errors.server'));
    },
    onSettled: refresh,
  });
  const link = profile.connection;
  if (link?.status === 'connected') {
    return (
      <>
        <Tag color="green">{t('search.connected')}</Tag>
        <Button
          type="primary"
          icon={<MessageOutlined aria-hidden="true" />}
          href={chatWith(profile.user_id)}
          onClick={(event) => {
            event.preventDefault();
            void navigate(chatWith(profile.user_id));
          }}
        >
          {t('profile.message')}
        </Button>
      </>
    );
  }
  if (link?.status === 'pending' && link.direction === 'sent') return <Tag>{t('search.pending')}</Tag>;
  if (link?.status === 'pending') {
    return (
      <>
        <Typography.Text type="secondary">{t('profile.request_received')}</Typography.Text>
        <Button type="primary" loading={accept.isPending} onClick={() => accept.mutate(link.id)}>
          {t('connections.accept')}
        </Button>
      </>
    );
  }
  return <ConnectButton target={{ type: 'user', id: profile.user_id }} name={profile.name} primary onDone={() => void refresh()} />;
}

function Loading() {
  return (
    <section className="fyn-panel">
      <Skeleton active avatar paragraph={{ rows: 3 }} />
    </section>
  );
}

/** Someone else's profile, read-only. */
function OtherProfile({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const profile = useQuery({ queryKey: profileKeys.person(userId), queryFn: () => profilesApi.get(userId), retry: false });
  if (profile.isPending) return <Loading />;
  if (profile.isError) {
    const gone = isApiFailure(profile.error) && (profile.error.status === 404 || profile.error.status === 422);
    return (
      <div className="fyn-placeholder">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={gone ? t('profile.not_found') : t('profile.load_failed')} />
      </div>
    );
  }
  return (
    <>
      <ProfileHeader profile={profile.data} actions={<ProfileActions profile={profile.data} />} />
      <ProfileSections profile={profile.data} />
    </>
  );
}

/** The own profile: the account (picture, name) and the network profile, every part editable. */
function OwnProfile({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const avatar = useSessionStore((s) => s.user?.avatar_url ?? null);
  const profile = useQuery({ queryKey: profileKeys.person(userId), queryFn: () => profilesApi.get(userId), retry: false });
  return (
    <>
      {profile.data && <ProfileHeader profile={profile.data} avatarUrl={avatar} cover={<CoverEditor profile={profile.data} />} />}
      <Panel id="profile-picture" title={t('profile.avatar')}>
        <AvatarEditor />
      </Panel>
      <Panel id="profile-details" title={t('profile.details')}>
        <NameForm />
      </Panel>
      {profile.isPending && <Loading />}
      {profile.isError && <Alert type="error" showIcon title={t('profile.load_failed')} />}
      {/* The forms take their initial values once, when the profile first loads; a save keeps what they hold. */}
      {profile.data && <ProfileEditor profile={profile.data} />}
    </>
  );
}

/** /profile and /profile/{userId}: the own profile (editable) or someone else's (read-only). */
export function ProfileScreen() {
  const { t } = useTranslation();
  const { userId } = useParams();
  const ownId = useSessionStore((s) => s.user?.id);
  const other = userId !== undefined && userId !== ownId;
  return (
    <section className="fyn-page fyn-profile">
      <Typography.Title level={1} className="fyn-page-title">
        {t('titles.profile')}
      </Typography.Title>
      {other ? <OtherProfile key={userId} userId={userId} /> : ownId ? <OwnProfile userId={ownId} /> : null}
    </section>
  );
}
