import { useState } from 'react';
import { Alert, Button, Checkbox, Flex, Form, Input } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { emailSchema, loginBody } from '#shared/api/auth.ts';
import { ERROR_CODES } from '#shared/api/errors.ts';
import { isApiFailure } from '../../lib/api-failure.ts';
import { applyFieldErrors, zodRule } from '../../lib/form-rules.ts';
import { completeLogin } from '../../lib/session.ts';
import { AuthHeading } from './auth-heading.tsx';
import { tooManyAttempts } from './wait-text.ts';
import { authApi, normaliseEmail } from './auth-api.ts';

interface LoginValues {
  email: string;
  password: string;
  remember: boolean;
}

const FIELDS = ['email', 'password'] as const;
const emailRule = zodRule(emailSchema, 'email_required');
const passwordRule = zodRule(loginBody.shape.password);

export function LoginScreen() {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginValues>();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);

  const login = useMutation({
    mutationFn: async (values: LoginValues) => {
      const result = await authApi.login({ ...values, email: normaliseEmail(values.email) });
      return completeLogin(result.first_login);
    },
    onMutate: () => setProblem(null),
    onSuccess: (to) => navigate(to, { replace: true }),
    onError: (error) => {
      if (!isApiFailure(error)) return setProblem(t('errors.server'));
      // The client already went to the sign-up code step for an unverified email.
      if (error.code === ERROR_CODES.emailVerificationRequired) return;
      if (error.code === ERROR_CODES.invalidCredentials) return setProblem(t('auth.invalid_credentials'));
      if (error.status === 429) {
        return setProblem(tooManyAttempts(t, error.retryAfter));
      }
      if (applyFieldErrors(form, error, FIELDS)) return;
      if (!error.notified) setProblem(t('errors.server'));
    },
  });

  return (
    <>
      <AuthHeading title={t('auth.login_heading')} intro={t('auth.login_intro')} />
      {problem && <Alert type="error" showIcon title={problem} role="alert" style={{ marginBottom: 24 }} />}
      <Form<LoginValues>
        form={form}
        name="login"
        layout="vertical"
        initialValues={{ email: '', password: '', remember: false }}
        onFinish={(values) => login.mutate(values)}
        requiredMark={false}
      >
        <Form.Item name="email" label={t('auth.email')} rules={[emailRule]}>
          <Input type="email" autoComplete="email" inputMode="email" autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('auth.password')} rules={[passwordRule]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 24 }}>
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox>{t('auth.remember_me')}</Checkbox>
          </Form.Item>
          <Link to="/auth/forgot-password">{t('auth.forgot_password_link')}</Link>
        </Flex>
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          {t('auth.log_in')}
        </Button>
      </Form>
      <p className="fyn-auth-footer">
        {t('auth.no_account')} <Link to="/auth/sign-up">{t('auth.create_account')}</Link>
      </p>
    </>
  );
}
