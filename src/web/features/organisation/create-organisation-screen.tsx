import { useState } from 'react';
import { Alert, Button, Card, Flex, Form, Result, Steps, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { appPath } from '../../lib/navigation.ts';
import { isApiFailure } from '../../lib/api-failure.ts';
import { applyFieldErrors } from '../../lib/form-rules.ts';
import { useOrganisationStore } from '../../lib/organisation-store.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { LogoEditor } from './logo-editor.tsx';
import { organisationApi, organisationKey, type Organisation } from './organisation-api.ts';
import { OrganisationFields } from './organisation-fields.tsx';
import {
  EMPTY_ORGANISATION,
  ORGANISATION_FIELDS,
  organisationBody,
  type OrganisationValues,
} from './organisation-rules.ts';
import { OrganisationStatusTag } from './status-tag.tsx';
import './organisation.css';

/** Where to go after creating: `?from=` when it is a page of this app, else the pricing. */
export function nextPage(from: string | null): string {
  return appPath(from, '/organisation/create') ?? '/pricing';
}

/**
 * After creating: the session user again, so that the organisation guard holds (and the shell
 * shows the organisation); the organisation store too.
 */
async function refreshSession(organisation: Organisation): Promise<void> {
  const session = useSessionStore.getState();
  const summary = { id: organisation.id, name: organisation.name, status: organisation.status };
  useOrganisationStore.getState().setOrganisation(summary);
  try {
    session.setUser(await organisationApi.sessionUser());
  } catch {
    // The organisation exists: keep going with what we know; the next page load refreshes.
    if (session.user) session.setUser({ ...session.user, organisation: summary, premium: organisation.premium });
  }
}

function AlreadyMember({ organisation }: { organisation: { id: string; name: string; status: string } }) {
  const { t } = useTranslation();
  return (
    <Result
      status="info"
      title={t('organisation.already_member_title', { name: organisation.name })}
      subTitle={
        <Flex justify="center" gap={8} align="center">
          <span>{t('organisation.status_label')}</span>
          <OrganisationStatusTag status={organisation.status} />
        </Flex>
      }
      extra={
<Link to="/organisation/analytics">{t('organisation.go_to_analytics')}</Link>
      }
    />
  );
}

function DetailsStep({ onCreated }: { onCreated: (organisation: Organisation) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OrganisationValues>();
  const [problem, setProblem] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: async (values: OrganisationValues) => {
      const organisation = await organisationApi.create(organisationBody(values));
      await refreshSession(organisation);
      return organisation;
    },
    onMutate: () => setProblem(null),
    onSuccess: (organisation) => {
      queryClient.setQueryData(organisationKey(organisation.id), organisation);
      onCreated(organisation);
    },
    onError: async (error) => {
      if (!isApiFailure(error)) return setProblem(t('errors.server'));
      if (error.code === 'already_member') {
        setProblem(t('organisation.already_member'));
        try {
          useSessionStore.getState().setUser(await organisationApi.sessionUser());
        } catch {
          // told already
        }
        return;
      }
      if (applyFieldErrors(form, error, ORGANISATION_FIELDS)) return;
      if (!error.notified) setProblem(error.status === 422 ? t('validation.invalid') : t('errors.server'));
    },
  });
  return (
    <Form<OrganisationValues>
      form={form}
      name="create-organisation"
      layout="vertical"
      requiredMark="optional"
      initialValues={EMPTY_ORGANISATION}
      onFinish={(values) => create.mutate(values)}
      scrollToFirstError
    >
      {problem && <Alert type="error" showIcon title={problem} role="alert" style={{ marginBottom: 24 }} />}
      <OrganisationFields form={form} />
      <Button type="primary" htmlType="submit" loading={create.isPending}>
        {t('organisation.create')}
      </Button>
    </Form>
  );
}

function LogoStep({ organisation, next }: { organisation: Organisation; next: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState(organisation);
  return (
    <Flex vertical gap={24}>
      <Alert type="success" showIcon title={t('organisation.created', { name: current.name })} />
      <Typography.Paragraph>{t('organisation.logo_intro')}</Typography.Paragraph>
      <LogoEditor
        organisation={current}
        editable
        onChange={(saved) => {
          setCurrent(saved);
          queryClient.setQueryData(organisationKey(saved.id), saved);
        }}
      />
      <Flex gap={12}>
        <Button type="primary" onClick={() => navigate(next, { replace: true })}>
          {current.logo_url ? t('organisation.continue') : t('organisation.skip_logo')}
        </Button>
      </Flex>
    </Flex>
  );
}

/** /organisation/create: register the user's organisation, then optionally its logo. */
export function CreateOrganisationScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const existing = useSessionStore((s) => s.user?.organisation ?? null);
  const [created, setCreated] = useState<Organisation | null>(null);
  const next = nextPage(params.get('from'));

  return (
    <section className="fyn-page">
      <Typography.Title level={1} className="fyn-page-title">
        {t('organisation.create_title')}
      </Typography.Title>
      {existing && !created ? (
        <AlreadyMember organisation={existing} />
      ) : (
        <Card className="fyn-org-card">
          <Steps
            current={created ? 1 : 0}
            size="small"
            className="fyn-org-steps"
            items={[{ title: t('organisation.step_details') }, { title: t('organisation.step_logo') }]}
          />
          {created ? (
            <LogoStep organisation={created} next={next} />
          ) : (
            <>
              <Typography.Paragraph type="secondary">{t('organisation.create_intro')}</Typography.Paragraph>
              <DetailsStep onCreated={setCreated} />
            </>
          )}
        </Card>
      )}
    </section>
  );
}
