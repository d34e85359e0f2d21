import { useRef, useState } from 'react';
import { Alert, Avatar, Button, Empty, Flex, Form, Input, Typography } from 'antd';
import { DeleteOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '#shared/api/user.ts';
import { api } from '../../lib/api-client.ts';
import { isApiFailure } from '../../lib/api-failure.ts';
import { feedback } from '../../lib/feedback.ts';
import { applyFieldErrors, checkName, checkRule, translateValidation } from '../../lib/form-rules.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { avatarProblemOf, checkAvatarFile } from './avatar-file.ts';

const nameRule = checkRule(checkName, 'name_required');

/** The own picture: upload (PNG, JPEG, WebP ≤ 2 MB, checked here first) and remove. */
export function AvatarEditor() {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.user);
  const setUser = useSessionStore((s) => s.setUser);
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const onFailure = (error: unknown) => {
    if (!isApiFailure(error)) return setProblem(t('errors.server'));
    const known = avatarProblemOf(error.code);
    if (known) return setProblem(t(`profile.${known}`));
    if (error.status === 422 && error.fields.file) return setProblem(translateValidation(error.fields.file));
    if (!error.notified) setProblem(t('errors.server'));
  };
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.post<SessionUser>('/user/avatar', body);
    },
    onMutate: () => setProblem(null),
    onSuccess: (saved) => {
      setUser(saved);
      feedback().message.success(t('profile.avatar_saved'));
    },
    onError: onFailure,
  });
  const remove = useMutation({
    mutationFn: () => api.delete<SessionUser>('/user/avatar'),
    onMutate: () => setProblem(null),
    onSuccess: (saved) => {
      setUser(saved);
      feedback().message.success(t('profile.avatar_removed'));
    },
    onError: onFailure,
  });

  const choose = (file: File | undefined) => {
    if (!file) return;
    const local = checkAvatarFile(file);
    if (local) return setProblem(t(`profile.${local}`));
    upload.mutate(file);
  };

  return (
    <Flex gap={24} align="center" wrap>
      <Avatar size={96} src={user?.avatar_url ?? undefined} icon={<UserOutlined />} alt={t('profile.avatar_alt')} />
      <Flex vertical gap={12}>
        <Flex gap={12} wrap>
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="fyn-visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="avatar-input"
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button icon={<UploadOutlined aria-hidden="true" />} loading={upload.isPending} onClick={() => input.current?.click()}>
            {t('profile.avatar_upload')}
          </Button>
          {user?.avatar_url && (
            <Button icon={<DeleteOutlined aria-hidden="true" />} loading={remove.isPending} onClick={() => remove.mutate()}>
              {t('profile.avatar_remove')}
            </Button>
          )}
        </Flex>
        <Typography.Text type="secondary">{t('profile.avatar_hint')}</Typography.Text>
        {problem && <Alert type="error" showIcon title={problem} role="alert" />}
      </Flex>
    </Flex>
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
