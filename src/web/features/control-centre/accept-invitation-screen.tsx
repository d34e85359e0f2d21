import { useState } from 'react';
import { Alert, Button, Form, Input, Space } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../lib/api-client.ts';
import { isApiFailure } from '../../lib/api-failure.ts';
import { feedback } from '../../lib/feedback.ts';
import { checkName, checkPassword, checkRule, PASSWORD_MIN_LENGTH } from '../../lib/form-rules.ts';
import { fetchSessionUser } from '../../lib/session.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { useAction } from '../../lib/use-action.ts';
import { useCcTranslation } from './cc-texts.ts';
import { validationText } from './validation-text.ts';

export const ACCEPT_INVITATION_PATH = '/invitations/accept';

interface Joined {
  organisation_id: string;
  organisation_name: string;
}

interface AccountValues {
  name: string;
  password: string;
}

const nameRule = checkRule(checkName, 'name_required');
const passwordRule = checkRule(checkPassword, 'password_required');

const acceptInvitation = (token: string, body: Partial<AccountValues>, loggedIn: boolean) =>
  api.post<Joined>(`/staff/invitations/${encodeURIComponent(token)}/accept`, body, { skipAuthRedirect: !loggedIn });
const declineInvitation = (token: string) => api.post(`/staff/invitations/${encodeURIComponent(token)}/decline`, undefined, { skipAuthRedirect: true });

/**
 * The mailed invitation link (/auth/sign-up?invitation=TOKEN&email=… comes here): a logged-in
 * user accepts with one click; a visitor creates the account with a name and a password (the
 * server logs them in), or, when the e-mail already has an account, logs in first and comes back.
 * Anyone with the link may decline it instead: nothing about them is kept.
 */
export function AcceptInvitationScreen() {
  const { t } = useCcTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('invitation') ?? '';
  const email = params.get('email') ?? '';
  const isLoggedIn = useSessionStore((s) => s.isLoggedIn);
  const user = useSessionStore((s) => s.user);
  const [form] = Form.useForm<AccountValues>();
  const [problem, setProblem] = useState<string | null>(null);
  const [needsLogin, setNeedsLogin] = useState(false);
  const [confirmingDecline, setConfirmingDecline] = useState(false);
  const [declined, setDeclined] = useState(false);

  const accept = useAction({
    action: async (body: Partial<AccountValues>) => {
      const joined = await acceptInvitation(token, body, isLoggedIn);
      const fresh = await fetchSessionUser();
      const store = useSessionStore.getState();
      if (store.isLoggedIn) store.setUser(fresh);
      else store.logIn(fresh, { firstLogin: true });
      return joined;
    },
    onStart: () => setProblem(null),
    onSuccess: (joined) => {
      feedback().message.success(t('invitation.joined', { organisation: joined.organisation_name }));
      navigate('/', { replace: true });
    },
    onError: (error) => {
      if (!isApiFailure(error)) return setProblem(t('errors.server'));
      if (error.status === 401 && !isLoggedIn) return setNeedsLogin(true);
      if (error.code === 'invitation_not_found' || error.status === 404) return setProblem(t('invitation.not_valid'));
      if (error.code === 'invitation_other_email') return setProblem(t('invitation.other_email', { email: email || '…' }));
      if (error.code === 'already_member') return setProblem(t('invitation.already_member'));
      const fields = Object.entries(error.fields).filter(([name]) => name === 'name' || name === 'password');
      if (fields.length) {
        return form.setFields(fields.map(([name, message]) => ({ name: name as keyof AccountValues, errors: [validationText(message, 'server')] })));
      }
      if (error.status === 429) return setProblem(t('invitation.too_many'));
      if (!error.notified) setProblem(t('errors.server'));
    },
  });

  const decline = useAction({
    action: () => declineInvitation(token),
    onStart: () => setProblem(null),
    onSuccess: () => setDeclined(true),
    onError: (error) => {
      setConfirmingDecline(false);
      if (isApiFailure(error) && (error.code === 'invitation_not_found' || error.status === 404)) return setProblem(t('invitation.not_valid'));
      if (!isApiFailure(error) || !error.notified) setProblem(t('errors.server'));
    },
  });

  const declineControls = confirmingDecline ? (
    <Alert
      type="warning"
      showIcon
      title={t('invitation.decline_confirm_title')}
      description={
        <>
          <p style={{ margin: 0 }}>{t('invitation.decline_confirm')}</p>
          <Space wrap style={{ marginTop: 12 }}>
            <Button danger loading={decline.isPending} onClick={() => decline.run()}>
              {t('invitation.decline')}
            </Button>
            <Button onClick={() => setConfirmingDecline(false)}>{t('control_centre.cancel')}</Button>
          </Space>
        </>
      }
      style={{ marginTop: 24 }}
    />
  ) : (
    <p className="fyn-auth-footer">
      <Button type="link" danger onClick={() => setConfirmingDecline(true)} style={{ padding: 0 }}>
        {t('invitation.decline')}
      </Button>
    </p>
  );

  const logInFirst = () => {
    // The login screen returns here (lib/session.ts completeLogin), now logged in.
    useSessionStore.getState().setRedirectPath(`${ACCEPT_INVITATION_PATH}?${params.toString()}`);
    navigate('/auth/login');
  };

  const heading = (
    <div className="fyn-auth-heading">
      <h1 className="fyn-auth-title">{t('invitation.title')}</h1>
      <p className="fyn-auth-intro">{email ? t('invitation.intro_for', { email }) : t('invitation.intro')}</p>
    </div>
  );

  if (!token) {
    return (
      <>
        {heading}
        <Alert type="error" showIcon title={t('invitation.incomplete')} role="alert" />
        <p className="fyn-auth-footer">
          <Link to="/">{t('common.back_home')}</Link>
        </p>
      </>
    );
  }

  const problemAlert = problem && <Alert type="error" showIcon title={problem} role="alert" style={{ marginBottom: 24 }} />;

  if (declined) {
    return (
      <>
        {heading}
        <Alert type="success" showIcon title={t('invitation.declined_title')} description={t('invitation.declined')} role="status" />
        <p className="fyn-auth-footer">
          <Link to="/">{t('common.back_home')}</Link>
        </p>
      </>
    );
  }

  if (isLoggedIn && user) {
    const otherEmail = email !== '' && email.toLowerCase() !== user.email.toLowerCase();
    return (
      <>
        {heading}
        {problemAlert}
        {otherEmail ? (
          <Alert type="warning" showIcon title={t('invitation.other_email', { email })} description={t('invitation.logged_in_as', { email: user.email })} />
        ) : user.organisation ? (
          <Alert type="warning" showIcon title={t('invitation.already_member')} />
        ) : (
          <Button type="primary" block loading={accept.isPending} onClick={() => accept.run({})}>
            {t('invitation.accept_as', { email: user.email })}
          </Button>
        )}
        {declineControls}
        <p className="fyn-auth-footer">
          <Link to="/">{t('common.back_home')}</Link>
        </p>
      </>
    );
  }

  if (needsLogin) {
    return (
      <>
        {heading}
        <Alert type="info" showIcon title={t('invitation.has_account', { email: email || '…' })} style={{ marginBottom: 24 }} />
        <Button type="primary" block onClick={logInFirst}>
          {t('invitation.log_in_first')}
        </Button>
        {declineControls}
      </>
    );
  }

  return (
    <>
      {heading}
      {problemAlert}
      <Form<AccountValues>
        form={form}
        name="accept-invitation"
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: '', password: '' }}
        onFinish={(values) => accept.run({ name: values.name.trim(), password: values.password })}
      >
        {email && (
          <Form.Item label={t('resources.fields.email')}>
            <Input value={email} readOnly autoComplete="username" />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('auth.name')} rules={[nameRule]}>
          <Input autoComplete="name" autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('auth.password')} rules={[passwordRule]} extra={t('auth.password_rule', { min: PASSWORD_MIN_LENGTH })}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={accept.isPending}>
          {t('invitation.accept')}
        </Button>
      </Form>
      <p className="fyn-auth-footer">
        {t('invitation.have_account')}{' '}
        <Button type="link" onClick={logInFirst} style={{ padding: 0 }}>
          {t('invitation.log_in_first')}
        </Button>
      </p>
      {declineControls}
    </>
  );
}
