import { Button, Empty, Form, Input, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '#shared/api/user.ts';
import { api } from '../../lib/api-client.ts';
import { isApiFailure } from '../../lib/api-failure.ts';
import { feedback } from '../../lib/feedback.ts';
import { applyFieldErrors, checkName, checkRule } from '../../lib/form-rules.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { ImageEditor } from '../../components/image-editor.tsx';

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

/** /profile and /profile/{userId}: the own profile; other users' profiles come with the network. */
export function ProfileScreen() {
  const { t } = useTranslation();
  const { userId } = useParams();
  const ownId = useSessionStore((s) => s.user?.id);
  const other = userId !== undefined && userId !== ownId;
  return (
    <section className="fyn-page">
      <Typography.Title level={1} className="fyn-page-title">
        {t('titles.profile')}
      </Typography.Title>
      {other ? (
        <div className="fyn-placeholder">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('profile.other_user')} />
        </div>
      ) : (
        <>
          <section className="fyn-panel" aria-labelledby="profile-picture">
            <Typography.Title level={2} id="profile-picture" className="fyn-panel-title">
              {t('profile.avatar')}
            </Typography.Title>
            <AvatarEditor />
          </section>
          <section className="fyn-panel" aria-labelledby="profile-details">
            <Typography.Title level={2} id="profile-details" className="fyn-panel-title">
              {t('profile.details')}
            </Typography.Title>
            <NameForm />
          </section>
        </>
      )}
    </section>
  );
}
