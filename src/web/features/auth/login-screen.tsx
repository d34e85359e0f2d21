import { useState } from 'react';
import { Button } from 'antd';
// The two inputs themselves: antd's Input compound also carries TextArea, Search and OTP.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ERROR_CODES } from '#shared/api/errors.ts';
import { isApiFailure } from '../../lib/api-failure.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { Field } from '../../components/field.tsx';
import { checkCurrentPassword, checkEmail, translateValidation, type Check } from '../../lib/form-rules.ts';
import { useLightForm } from '../../lib/light-form.ts';
import { completeLogin } from '../../lib/session.ts';
import { AuthHeading } from './auth-heading.tsx';
import { tooManyAttempts } from './wait-text.ts';
import { authApi, normaliseEmail } from './auth-api.ts';
import { useAction } from '../../lib/use-action.ts';

interface LoginValues extends Record<string, string | boolean> {
  email: string;
  password: string;
  remember: boolean;
}

const FIELDS = ['email', 'password'] as const;
const INITIAL: LoginValues = { email: '', password: '', remember: false };
/*
 * Hand-written twins of the shared schemas (lib/form-rules.ts) and a light form instead of
 * antd's Form: zod and antd's validator stay off the first page most visitors see.
 */
const CHECKS: Partial<Record<keyof LoginValues & string, Check>> = {
  email: (value) => (value.trim() === '' ? 'email_required' : checkEmail(value)),
  password: checkCurrentPassword,
};
type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
const EMAIL_VERIFICATION_REQUIRED = 'email_verification_required' satisfies ErrorCode;
const INVALID_CREDENTIALS = 'invalid_credentials' satisfies ErrorCode;

export function LoginScreen() {
  const { t } = useTranslation();
  const form = useLightForm(INITIAL, CHECKS);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = (name: (typeof FIELDS)[number]) => {
    const error = form.errors[name];
    return error ? translateValidation(error) : null;
  };

  const login = useAction({
    action: async (values: LoginValues) => {
      const result = await authApi.login({ ...values, email: normaliseEmail(values.email) });
      return completeLogin(result.first_login);
    },
    // Logged in: the guest guard of this screen sends the user on (app/guards.tsx).
    onStart: () => setProblem(null),
    onError: (error) => {
      if (!isApiFailure(error)) return setProblem(t('errors.server'));
      // The client already went to the sign-up code step for an unverified email.
      if (error.code === EMAIL_VERIFICATION_REQUIRED) return;
      if (error.code === INVALID_CREDENTIALS) return setProblem(t('auth.invalid_credentials'));
      if (error.status === 429) {
        return setProblem(tooManyAttempts(t, error.retryAfter));
      }
      if (form.showFieldErrors(error.fields, FIELDS)) return;
      if (!error.notified) setProblem(t('errors.server'));
    },
  });

  return (
    <>
      <AuthHeading title={t('auth.login_heading')} intro={t('auth.login_intro')} />
      {problem && <ErrorAlert>{problem}</ErrorAlert>}
      <form
        name="login"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (form.validate()) login.run(form.values);
        }}
      >
        <Field id="login_email" label={t('auth.email')} error={shown('email')}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              inputMode="email"
              autoFocus
              value={form.values.email}
              onChange={(event) => form.set('email', event.target.value)}
            />
          )}
        </Field>
        <Field id="login_password" label={t('auth.password')} error={shown('password')}>
          {(control) => (
            <Password
              {...control}
              autoComplete="current-password"
              value={form.values.password}
              onChange={(event) => form.set('password', event.target.value)}
            />
          )}
        </Field>
        <div className="fyn-login-options">
          {/* A native checkbox in the primary colour: antd's Checkbox adds ~2.6 kB to this page. */}
          <label className="fyn-checkbox">
            <input
              type="checkbox"
              checked={form.values.remember}
              onChange={(event) => form.set('remember', event.target.checked)}
            />
            <span>{t('auth.remember_me')}</span>
          </label>
          <Link to="/auth/forgot-password">{t('auth.forgot_password_link')}</Link>
        </div>
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          {t('auth.log_in')}
        </Button>
      </form>
      <p className="fyn-auth-footer">
        {t('auth.no_account')} <Link to="/auth/sign-up">{t('auth.create_account')}</Link>
      </p>
    </>
  );
}
