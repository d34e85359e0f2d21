import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { emailSchema } from '#shared/api/auth.ts';
import { isApiFailure } from '../../lib/api-failure.ts';
import { applyFieldErrors, zodRule } from '../../lib/form-rules.ts';
import { AuthHeading } from './auth-heading.tsx';
import { tooManyAttempts } from './wait-text.ts';
import { authApi, normaliseEmail } from './auth-api.ts';
import { useAction } from '../../lib/use-action.ts';

interface ForgotValues {
  email: string;
}

const emailRule = zodRule(emailSchema, 'email_required');

/** Asks for a reset link; the answer is the same whether or not the account exists. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const [form] = Form.useForm<ForgotValues>();
  const [problem, setProblem] = useState<string | null>(null);
  const send = useAction({
    action: (values: ForgotValues) => authApi.forgotPassword({ email: normaliseEmail(values.email) }),
    onStart: () => setProblem(null),
    onError: (error) => {
      if (isApiFailure(error) && error.status === 429) {
        return setProblem(tooManyAttempts(t, error.retryAfter));
      }
      if (isApiFailure(error) && applyFieldErrors(form, error, ['email'])) return;
      if (!isApiFailure(error) || !error.notified) setProblem(t('errors.server'));
    },
  });

  return (
    <>
      <AuthHeading title={t('auth.forgot_heading')} intro={send.isSuccess ? undefined : t('auth.forgot_intro')} />
      {problem && <Alert type="error" showIcon title={problem} role="alert" style={{ marginBottom: 24 }} />}
      {send.isSuccess ? (
        <Alert type="success" showIcon title={t('auth.forgot_sent')} role="status" />
      ) : (
        <Form<ForgotValues>
          form={form}
          name="forgot-password"
          layout="vertical"
          initialValues={{ email: '' }}
          onFinish={(values) => send.run(values)}
          requiredMark={false}
        >
          <Form.Item name="email" label={t('auth.email')} rules={[emailRule]}>
            <Input type="email" autoComplete="email" inputMode="email" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={send.isPending}>
            {t('auth.send_reset_link')}
          </Button>
        </Form>
      )}
      <p className="fyn-auth-footer">
        <Link to="/auth/login">{t('auth.back_to_login')}</Link>
      </p>
    </>
  );
}
