import { useState } from 'react';
import { Alert, Button, Form } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '#shared/api/errors.ts';
import { passwordSchema } from '#shared/api/auth.ts';
import { isApiFailure } from '../../lib/api-failure.ts';
import { applyFieldErrors, zodRule } from '../../lib/form-rules.ts';
import { NewPasswordFields } from '../../components/new-password-fields.tsx';
import { AuthHeading } from './auth-heading.tsx';
import { tooManyAttempts } from './wait-text.ts';
import { authApi, normaliseEmail } from './auth-api.ts';
import { useAction } from '../../lib/use-action.ts';

interface ResetValues {
  password: string;
  password_confirmation: string;
}

const passwordRule = zodRule(passwordSchema, 'password_required');

/** Sets a new password from the emailed link (`?token=…&email=…`). */
export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = normaliseEmail(params.get('email') ?? '');
  const [form] = Form.useForm<ResetValues>();
  const [problem, setProblem] = useState<'invalid' | 'rate' | 'server' | null>(null);
  const [wait, setWait] = useState(0);

  const reset = useAction({
    action: (values: ResetValues) => authApi.resetPassword({ email, token, password: values.password }),
    onStart: () => setProblem(null),
    onError: (error) => {
      if (!isApiFailure(error)) return setProblem('server');
      if (error.status === 429) {
        setWait(error.retryAfter ?? 60);
        return setProblem('rate');
      }
      if (applyFieldErrors(form, error, ['password'])) return;
      if (error.code === ERROR_CODES.invalidToken || error.fields.token || error.fields.email) {
        return setProblem('invalid');
      }
      if (!error.notified) setProblem('server');
    },
  });

  const newLink = (
    <Link to="/auth/forgot-password" key="new-link">
      {t('auth.request_new_link')}
    </Link>
  );

  if (!token || !email) {
    return (
      <>
        <AuthHeading title={t('auth.reset_heading')} />
        <Alert type="error" showIcon role="alert" title={t('auth.reset_incomplete')} action={newLink} />
      </>
    );
  }

  if (reset.isSuccess) {
    return (
      <>
        <AuthHeading title={t('auth.reset_heading')} />
        <Alert type="success" showIcon role="status" title={t('auth.reset_done')} style={{ marginBottom: 24 }} />
        <p className="fyn-auth-footer fyn-strong">
          <Link to="/auth/login">{t('auth.log_in')}</Link>
        </p>
      </>
    );
  }

  return (
    <>
      <AuthHeading title={t('auth.reset_heading')} intro={t('auth.reset_intro', { email })} />
      {problem === 'invalid' && (
        <Alert type="error" showIcon role="alert" title={t('auth.reset_invalid')} action={newLink} style={{ marginBottom: 24 }} />
      )}
      {problem === 'rate' && (
        <Alert type="error" showIcon role="alert" title={tooManyAttempts(t, wait)} style={{ marginBottom: 24 }} />
      )}
      {problem === 'server' && (
        <Alert type="error" showIcon role="alert" title={t('errors.server')} style={{ marginBottom: 24 }} />
      )}
      <Form<ResetValues>
        form={form}
        name="reset-password"
        layout="vertical"
        initialValues={{ password: '', password_confirmation: '' }}
        onFinish={(values) => reset.run(values)}
        requiredMark={false}
      >
        <NewPasswordFields rule={passwordRule} autoFocus />
        <Button type="primary" htmlType="submit" block loading={reset.isPending}>
          {t('auth.reset_password')}
        </Button>
      </Form>
      <p className="fyn-auth-footer">
        <Link to="/auth/login">{t('auth.back_to_login')}</Link>
      </p>
    </>
  );
}
