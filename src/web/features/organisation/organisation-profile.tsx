import { useState } from 'react';
import { Alert, Button, Descriptions, Empty, Flex, Form, Skeleton, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiFailure } from '../../lib/api-failure.ts';
import { feedback } from '../../lib/feedback.ts';
import { applyFieldErrors } from '../../lib/form-rules.ts';
import { useOrganisationStore } from '../../lib/organisation-store.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { countryName } from '../../lib/countries.ts';
import { LogoEditor } from './logo-editor.tsx';
import { locationLabel } from '../../lib/locations.ts';
import { organisationApi, organisationKey, type Organisation } from './organisation-api.ts';
import { OrganisationFields } from './organisation-fields.tsx';
import { ORGANISATION_FIELDS, organisationBody, type OrganisationValues } from './organisation-rules.ts';
import { OrganisationStatusTag } from './status-tag.tsx';
import './organisation.css';

/** Owners and admins change the organisation's details (the server checks again). */

function valuesOf(o: Organisation): OrganisationValues {
  return {
    name: o.name,
    types: o.types as OrganisationValues['types'],
    country: o.country,
    address_line1: o.address_line1,
    address_line2: o.address_line2 ?? '',
    city: o.city,
    postcode: o.postcode ?? '',
    location_code: o.location_code ?? undefined,
    registration_number: o.registration_number ?? '',
    vat_number: o.vat_number ?? '',
    website: o.website ?? '',
  };
}

/** Keeps the session user's and the store's copy of the organisation in step with a change. */
function remember(saved: Organisation): void {
  const summary = { id: saved.id, name: saved.name, status: saved.status };
  useOrganisationStore.getState().setOrganisation(summary);
  const { user, setUser } = useSessionStore.getState();
  if (user?.organisation?.id === saved.id) setUser({ ...user, organisation: summary });
}

function EditForm({ organisation, onDone }: { organisation: Organisation; onDone: (saved: Organisation | null) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OrganisationValues>();
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (values: OrganisationValues) => organisationApi.update(organisation.id, organisationBody(values)),
    onMutate: () => setProblem(null),
    onSuccess: (saved) => {
      feedback().message.success(t('organisation.saved'));
      onDone(saved);
    },
    onError: (error) => {
      if (!isApiFailure(error)) return setProblem(t('errors.server'));
      if (error.status === 403) return setProblem(t('organisation.not_allowed'));
      if (applyFieldErrors(form, error, ORGANISATION_FIELDS)) return;
      if (!error.notified) setProblem(t('errors.server'));
    },
  });
  return (
    <Form<OrganisationValues>
      form={form}
      name="edit-organisation"
      layout="vertical"
      requiredMark="optional"
      initialValues={valuesOf(organisation)}
      onFinish={(values) => save.mutate(values)}
      scrollToFirstError
      className="fyn-org-card"
    >
      {problem && <Alert type="error" showIcon title={problem} role="alert" style={{ marginBottom: 24 }} />}
      <OrganisationFields form={form} initialLocation={organisation.location} />
      <Flex gap={12}>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('organisation.save')}
        </Button>
        <Button onClick={() => onDone(null)}>{t('organisation.cancel_edit')}</Button>
      </Flex>
    </Form>
  );
}

function Details({ organisation }: { organisation: Organisation }) {
  const { t, i18n } = useTranslation();
  const none = <Typography.Text type="secondary">—</Typography.Text>;
  const address = [
    organisation.address_line1,
    organisation.address_line2,
    [organisation.postcode, organisation.city].filter(Boolean).join(' '),
    countryName(organisation.country, i18n.language),
  ].filter(Boolean);
  return (
    <Descriptions
      column={1}
      bordered
      size="middle"
      items={[
        {
          key: 'types',
          label: t('organisation.types_label'),
          children: (
            <Flex gap={4} wrap>
              {organisation.types.map((type) => (
                <Tag key={type}>{t(`organisation.types.${type}`, { defaultValue: type })}</Tag>
              ))}
            </Flex>
          ),
        },
        {
          key: 'address',
          label: t('organisation.registered_address'),
          children: (
            <address className="fyn-org-address">
              {address.map((line) => (
                <div key={line}>{line}</div>
              ))}
            </address>
          ),
        },
        {
          key: 'location',
          label: t('organisation.location'),
          children: organisation.location
            ? locationLabel(organisation.location)
            : (organisation.location_code ?? none),
        },
        { key: 'registration', label: t('organisation.registration_number'), children: organisation.registration_number ?? none },
        { key: 'vat', label: t('organisation.vat_number'), children: organisation.vat_number ?? none },
        {
          key: 'website',
          label: t('organisation.website'),
          children: organisation.website ? (
            <a href={organisation.website} target="_blank" rel="noopener noreferrer">
              {organisation.website}
            </a>
          ) : (
            none
          ),
        },
        { key: 'role', label: t('organisation.your_role'), children: organisation.role },
      ]}
    />
  );
}

/**
 * The user's organisation: logo, name, status and details; owners and admins may edit them.
 * Without an organisation: an empty state with the way to create one.
 */
export function OrganisationProfile() {
  const { t } = useTranslation();
  const id = useSessionStore((s) => s.user?.organisation?.id ?? null);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const query = useQuery({
    queryKey: organisationKey(id ?? ''),
    queryFn: () => organisationApi.get(id!),
    enabled: id !== null,
  });

  if (!id) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('organisation.none')}>
        <Link to="/organisation/create">{t('organisation.create_link')}</Link>
      </Empty>
    );
  }
  if (query.isPending) return <Skeleton active avatar paragraph={{ rows: 6 }} />;
  if (query.isError || !query.data) {
    return <Alert type="error" showIcon title={t('organisation.load_failed')} action={<Button onClick={() => void query.refetch()}>{t('common.refresh')}</Button>} />;
  }

  const organisation = query.data;
  const editable = organisation.can_edit;
  const update = (saved: Organisation) => {
    queryClient.setQueryData(organisationKey(saved.id), saved);
    remember(saved);
  };

  return (
    <Flex vertical gap={24} className="fyn-org-profile">
      <Flex gap={24} align="center" wrap justify="space-between">
        <Flex gap={16} align="center" wrap>
          <LogoEditor organisation={organisation} editable={editable && editing} onChange={update} />
          {!editing && (
            <Flex vertical gap={4}>
              <Typography.Title level={2} style={{ margin: 0 }}>
                {organisation.name}
              </Typography.Title>
              <Flex gap={8} align="center">
                <OrganisationStatusTag status={organisation.status} />
                {organisation.premium && <Tag color="blue">{t('organisation.premium')}</Tag>}
              </Flex>
            </Flex>
          )}
        </Flex>
        {editable && !editing && (
          <Button icon={<EditOutlined aria-hidden="true" />} onClick={() => setEditing(true)}>
            {t('organisation.edit')}
          </Button>
        )}
      </Flex>
      {editing ? (
        <EditForm
          organisation={organisation}
          onDone={(saved) => {
            if (saved) update(saved);
            setEditing(false);
          }}
        />
      ) : (
        <>
          <Details organisation={organisation} />
          {!editable && <Typography.Text type="secondary">{t('organisation.read_only')}</Typography.Text>}
        </>
      )}
    </Flex>
  );
}
