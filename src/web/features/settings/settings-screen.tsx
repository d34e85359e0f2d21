import { Button, Form, Input, Radio, Select, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, isLocale, LANGUAGE_NAMES, LOCALES } from '../../lib/i18n.ts';
import { authEvents, api } from '../../lib/api-client.ts';
import { isApiFailure } from '../../lib/api-failure.ts';
import { feedback } from '../../lib/feedback.ts';
import {
  applyFieldErrors,
  checkCurrentPassword,
  checkPassword,
  checkRule,
} from '../../lib/form-rules.ts';
import { useThemeStore, type ThemeMode } from '../../lib/theme-store.ts';
import { NewPasswordFields } from '../../components/new-password-fields.tsx';

interface PasswordValues {
  current_password: string;
  password: string;
  confirm: string;
}

const PASSWORD_FIELDS = ['current_password', 'password'] as const;
const currentRule = checkRule(checkCurrentPassword, 'password_required');
const newRule = checkRule(checkPassword, 'password_required');

/** Changes the password: current + new + confirmation (PUT /api/auth/password). */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const change = useMutation({
    mutationFn: (values: PasswordValues) =>
      api.put('/auth/password', { current_password: values.current_password, password: values.password }),
    onSuccess: () => {
      form.resetFields();
      feedback().message.success(t('settings.password_changed'));
    },
    onError: (error) => {
      if (!isApiFailure(error)) return feedback().notification.error({ title: t('errors.server') });
      // An /auth call's 401 is left to its caller: here it is an expired session.
      if (error.status === 401) return authEvents.onUnauthenticated();
      if (applyFieldErrors(form, error, PASSWORD_FIELDS)) return;
      if (!error.notified) feedback().notification.error({ title: t('errors.server') });
    },
  });

  return (
    <Form<PasswordValues>
      form={form}
      name="change-password"
      layout="vertical"
      requiredMark={false}
      initialValues={{ current_password: '', password: '', confirm: '' }}
      onFinish={(values) => change.mutate(values)}
      className="fyn-narrow-form"
    >
      <Form.Item name="current_password" label={t('settings.current_password')} rules={[currentRule]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields rule={newRule} confirmName="confirm" />
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        {t('settings.change_password')}
      </Button>
    </Form>
  );
}

/** Settings: interface language, colour scheme and password. */
export function SettingsScreen() {
  const { t } = useTranslation();
  const mode = useThemeStore((s) => s.mode);
  const setMode = useThemeStore((s) => s.setMode);
  return (
    <section className="fyn-page">
      <Typography.Title level={1} className="fyn-page-title">
        {t('titles.settings')}
      </Typography.Title>

      <section className="fyn-panel" aria-labelledby="settings-appearance">
        <Typography.Title level={2} id="settings-appearance" className="fyn-panel-title">
          {t('settings.appearance')}
        </Typography.Title>
        <Form layout="vertical" className="fyn-narrow-form">
          <Form.Item label={t('settings.language')} htmlFor="settings-language" extra={t('settings.language_hint')}>
            <Select
              id="settings-language"
              value={currentLanguage()}
              onChange={(value: string) => {
                if (isLocale(value)) void changeLanguage(value);
              }}
              options={LOCALES.map((code) => ({ value: code, label: <span lang={code}>{LANGUAGE_NAMES[code]}</span> }))}
            />
          </Form.Item>
          <Form.Item label={<span id="settings-theme">{t('settings.theme')}</span>}>
            <Radio.Group
              aria-labelledby="settings-theme"
              value={mode}
              onChange={(event) => setMode(event.target.value as ThemeMode)}
              options={[
                { value: 'light', label: t('settings.theme_light') },
                { value: 'dark', label: t('settings.theme_dark') },
              ]}
            />
          </Form.Item>
        </Form>
      </section>

      <section className="fyn-panel" aria-labelledby="settings-password">
        <Typography.Title level={2} id="settings-password" className="fyn-panel-title">
          {t('settings.change_password')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('settings.password_intro')}</Typography.Paragraph>
        <ChangePasswordForm />
      </section>
    </section>
  );
}
