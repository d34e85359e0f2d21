import { useState } from 'react';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  emailSchema,
  nameSchema,
  OTP_LENGTH,
  OTP_RESEND_INTERVAL_SECONDS,
  otpSchema,
  PASSWORD_MIN_LENGTH,
  passwordSchema,
} from '#shared/api/auth.ts';
import { isApiFailure, type ApiFailure } from '../../lib/api-failure.ts';
import { applyFieldErrors, zodRule } from '../../lib/form-rules.ts';
import { completeLogin } from '../../lib/session.ts';
import { AuthHeading } from './auth-heading.tsx';
import { tooManyAttempts } from './wait-text.ts';
import { authApi, normaliseEmail } from './auth-api.ts';
import { useCountdown } from './use-countdown.ts';
import { feedback } from '../../lib/feedback.ts';
import { useAction } from '../../lib/use-action.ts';

interface DetailsValues {
  name: string;
  email: string;
  password: string;
}

const DETAIL_FIELDS = ['name', 'email', 'password'] as const;
const nameRule = zodRule(nameSchema, 'name_required');
const emailRule = zodRule(emailSchema, 'email_required');
const passwordRule = zodRule(passwordSchema, 'password_required');
const otpRule = zodRule(otpSchema, 'otp_required');

function DetailsStep({ onRegistered }: { onRegistered: (email: string) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DetailsValues>();
  const [problem, setProblem] = useState<string | null>(null);
  const register = useAction({
    action: (values: DetailsValues) =>
      authApi.register({ ...values, name: values.name.trim(), email: normaliseEmail(values.email) }),
    onStart: () => setProblem(null),
    onSuccess: (_data, values) => onRegistered(normaliseEmail(values.email)),
    onError: (error) => {
      if (isApiFailure(error) && error.status === 429) {
        return setProblem(tooManyAttempts(t, error.retryAfter));
      }
      if (isApiFailure(error) && applyFieldErrors(form, error, DETAIL_FIELDS)) return;
      if (!isApiFailure(error) || !error.notified) setProblem(t('errors.server'));
    },
  });
  return (
    <>
      <AuthHeading title={t('auth.sign_up_heading')} intro={t('auth.sign_up_intro')} />
      {problem && <Alert type="error" showIcon title={problem} role="alert" style={{ marginBottom: 24 }} />}
      <Form<DetailsValues>
        form={form}
        name="sign-up"
        layout="vertical"
        initialValues={{ name: '', email: '', password: '' }}
        onFinish={(values) => register.run(values)}
        requiredMark={false}
      >
        <Form.Item name="name" label={t('auth.name')} rules={[nameRule]}>
          <Input autoComplete="name" autoFocus />
        </Form.Item>
        <Form.Item name="email" label={t('auth.email')} rules={[emailRule]}>
          <Input type="email" autoComplete="email" inputMode="email" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth.password')}
          rules={[passwordRule]}
          extra={t('auth.password_rule', { min: PASSWORD_MIN_LENGTH })}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={register.isPending}>
          {t('auth.sign_up')}
        </Button>
      </Form>
      <p className="fyn-auth-footer">
        {t('auth.have_account')} <Link to="/auth/login">{t('auth.log_in')}</Link>
      </p>
    </>
  );
}

interface CodeValues {
  otp: string;
}

function CodeStep({ email, justSent, onChangeEmail }: { email: string; justSent: boolean; onChangeEmail: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CodeValues>();
  const [problem, setProblem] = useState<string | null>(null);
  const [wait, startWait] = useCountdown(justSent ? OTP_RESEND_INTERVAL_SECONDS : 0);

  const rateLimited = (error: ApiFailure) => {
    startWait(error.retryAfter ?? OTP_RESEND_INTERVAL_SECONDS);
    setProblem(tooManyAttempts(t, error.retryAfter, OTP_RESEND_INTERVAL_SECONDS));
  };

  const verify = useAction({
    action: async (values: CodeValues) => {
      await authApi.verifyOtp({ email, otp: values.otp.trim() });
      return completeLogin(true);
    },
    // Logged in: the guest guard of this screen sends the user on (app/guards.tsx).
    onStart: () => setProblem(null),
    onError: (error) => {
      if (!isApiFailure(error)) return setProblem(t('errors.server'));
      if (error.status === 429) return setProblem(t('auth.code_too_many'));
      if (applyFieldErrors(form, error, ['otp'])) return;
      if (error.code === 'invalid_otp') return form.setFields([{ name: 'otp', errors: [t('validation.otp_invalid')] }]);
      if (error.code === 'otp_expired') return form.setFields([{ name: 'otp', errors: [t('validation.otp_expired')] }]);
      if (!error.notified) setProblem(t('errors.server'));
    },
  });

  const resend = useAction({
    action: () => authApi.resendOtp({ email }),
    onStart: () => setProblem(null),
    onSuccess: () => {
      startWait(OTP_RESEND_INTERVAL_SECONDS);
      form.resetFields();
      void feedback().message.success(t('auth.code_resent'));
    },
    onError: (error) => {
      if (isApiFailure(error) && error.status === 429) return rateLimited(error);
      if (!isApiFailure(error) || !error.notified) setProblem(t('errors.server'));
    },
  });

  return (
    <>
      <AuthHeading
        title={t('auth.code_heading')}
        intro={justSent ? t('auth.code_sent', { email }) : t('auth.code_pending', { email })}
      />
      {problem && <Alert type="error" showIcon title={problem} role="alert" style={{ marginBottom: 24 }} />}
      <Form<CodeValues>
        form={form}
        name="verify"
        layout="vertical"
        initialValues={{ otp: '' }}
        onFinish={(values) => verify.run(values)}
        requiredMark={false}
      >
        <Form.Item name="otp" label={t('auth.code')} rules={[otpRule]}>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP_LENGTH}
            pattern="[0-9]*"
            autoFocus
            style={{ letterSpacing: '0.4em', fontWeight: 600 }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={verify.isPending}>
          {t('auth.verify')}
        </Button>
      </Form>
      <Flex vertical align="center" gap={4} style={{ marginTop: 16 }}>
        <Button type="link" onClick={() => resend.run()} disabled={wait > 0} loading={resend.isPending}>
          {t('auth.resend_code')}
        </Button>
        <span className="fyn-secondary" aria-live="polite">
          {wait > 0 ? t('auth.resend_wait', { seconds: wait }) : null}
        </span>
      </Flex>
      <p className="fyn-auth-footer">
        <Button type="link" onClick={onChangeEmail}>
          {t('auth.use_other_email')}
        </Button>
      </p>
    </>
  );
}

/** Where an invitation link (`?invitation=TOKEN&email=…`, mailed by the server) is accepted. */
export const ACCEPT_INVITATION_PATH = '/invitations/accept';

/**
 * Sign-up: name, email and password, then the 6-digit code from the email. With `?email=`
 * (registered, not verified yet) it opens at the code step. With `?invitation=` (the link of
 * an invitation to join an organisation) it hands over to the invitation screen.
 */
export function SignUpScreen() {
  const [params, setParams] = useSearchParams();
  const pending = params.get('email');
  const [registered, setRegistered] = useState<string | null>(null);
  const email = registered ?? (pending ? normaliseEmail(pending) : null);

  if (params.get('invitation')) return <Navigate to={`${ACCEPT_INVITATION_PATH}?${params.toString()}`} replace />;
  if (!email) return <DetailsStep onRegistered={setRegistered} />;
  return (
    <CodeStep
      key={email}
      email={email}
      justSent={registered !== null}
      onChangeEmail={() => {
        setRegistered(null);
        setParams({}, { replace: true });
      }}
    />
  );
}
