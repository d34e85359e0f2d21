import './control-centre.css';
import { useState } from 'react';
import { Alert, Avatar, Button, Flex, Form, Input, Popconfirm, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, MailOutlined, SettingOutlined, UserAddOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { isApiFailure } from '../../lib/api-failure.ts';
import { feedback, showFailure } from '../../lib/feedback.ts';
import { validationText } from './validation-text.ts';
import { loadSessionUser } from '../../lib/session.ts';
import { ccApi, ccKeys, type Invitation, type StaffMember } from './cc-api.ts';
import { RouteTitle } from '../../components/route-title.tsx';
import { useCcTranslation } from './cc-texts.ts';
import { ReferenceSelect } from './reference-select.tsx';
import { formatDay } from '../../lib/format-day.ts';
import { invitationDefaultsKey, saveInvitationDefaults, useInvitationDefaults, type InvitationDefaults } from './invitation-defaults.ts';
import { useReferenceLabels } from './reference-lookup.ts';
import { usePrivileges } from './privileges.ts';
import { openInviteForm, openStaffForm, staffProblem, useRoleOptions } from './staff-forms.tsx';
import { useDebounced } from '../../lib/use-debounced.ts';
import { usePermissions } from './use-permissions.ts';

export const STAFF_PATH = '/organisation/control-centre/staff';

const forbidden = (error: unknown) => isApiFailure(error) && error.status === 403;

function NotAllowed() {
  const { t } = useCcTranslation();
  return <Alert type="warning" showIcon title={t('control_centre.not_allowed_title')} description={t('control_centre.not_allowed_view')} />;
}

/** The organisation's members: role, department, job title and status; change, (de)activate, invite. */
export function StaffScreen() {
  const { t, i18n } = useCcTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const { me, manageProblem } = usePrivileges();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const [problem, setProblem] = useState<string | null>(null);
  const staff = useQuery({ queryKey: [...ccKeys.staff, 'list', q], queryFn: ({ signal }) => ccApi.staff(q || undefined, signal) });
  const mayUpdate = can('staff', 'update');

  const setStatus = useMutation({
    mutationFn: (member: StaffMember) =>
      ccApi.patchStaff(member.user_id, { status: member.status === 'active' ? 'deactivated' : 'active' }),
    onMutate: () => setProblem(null),
    onSuccess: async (saved) => {
      feedback().message.success(t(saved.status === 'active' ? 'staff.reactivated' : 'staff.deactivated', { name: saved.name }));
      await queryClient.invalidateQueries({ queryKey: ccKeys.staff });
      // One's own permissions may have changed with the role.
      loadSessionUser({ silent: true }).catch(() => undefined);
    },
    onError: (error) => {
      const text = staffProblem(error);
      if (text) setProblem(text);
    },
  });

  return (
    <section className="fyn-page">
      <Flex justify="space-between" align="center" gap={16} wrap className="fyn-cc-head">
        <RouteTitle />
        <Space wrap>
          <Button icon={<MailOutlined aria-hidden="true" />} onClick={() => navigate(`${STAFF_PATH}/configurations`)}>
            {t('staff.pending_invitations')}
          </Button>
          {can('staff', 'create') && (
            <Button type="primary" icon={<UserAddOutlined aria-hidden="true" />} onClick={() => openInviteForm()}>
              {t('staff.invite')}
            </Button>
          )}
        </Space>
      </Flex>
      <Flex gap={12} wrap className="fyn-cc-toolbar">
        <Input.Search
          allowClear
          placeholder={t('staff.search')}
          aria-label={t('staff.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ maxWidth: 320 }}
        />
      </Flex>
      {problem && <Alert type="error" showIcon title={problem} role="alert" closable={{ onClose: () => setProblem(null) }} style={{ marginBottom: 16 }} />}
      {forbidden(staff.error) ? (
        <NotAllowed />
      ) : (
        <Table<StaffMember>
          rowKey="user_id"
          size="middle"
          loading={staff.isFetching}
          dataSource={staff.data ?? []}
          scroll={{ x: true }}
          pagination={{ pageSize: 25, hideOnSinglePage: true }}
          locale={{ emptyText: q ? t('control_centre.no_match') : t('staff.none') }}
          columns={[
            {
              key: 'name',
              title: t('resources.fields.name'),
              sorter: (a, b) => a.name.localeCompare(b.name),
              render: (_v, m) => (
                <Space>
                  <Avatar size="small" src={m.avatar_url ?? undefined} alt="">
                    {m.name.slice(0, 1).toUpperCase()}
                  </Avatar>
                  <span>
                    {m.name}
                    {m.user_id === me && <span className="fyn-secondary"> ({t('staff.you')})</span>}
                  </span>
                </Space>
              ),
            },
            { key: 'email', title: t('resources.fields.email'), dataIndex: 'email' },
            { key: 'role', title: t('staff.role'), dataIndex: 'role_name', sorter: (a, b) => a.role_name.localeCompare(b.role_name) },
            { key: 'department', title: t('resources.fields.department'), render: (_v, m) => m.department_name ?? <span className="fyn-secondary">—</span> },
            { key: 'job_title', title: t('staff.job_title'), render: (_v, m) => m.job_title ?? <span className="fyn-secondary">—</span> },
            {
              key: 'status',
              title: t('staff.status'),
              render: (_v, m) => <Tag color={m.status === 'active' ? 'green' : 'default'}>{t(`staff.statuses.${m.status}`)}</Tag>,
            },
            { key: 'joined', title: t('staff.joined'), render: (_v, m) => formatDay(m.joined_at, i18n.language) },
            ...(mayUpdate
              ? [
                  {
                    key: 'actions',
                    title: <span className="fyn-visually-hidden">{t('control_centre.actions')}</span>,
                    align: 'right' as const,
                    render: (_v: unknown, m: StaffMember) => (
                      <Space size={4}>
                        <Button type="text" icon={<EditOutlined aria-hidden="true" />} onClick={() => openStaffForm(m)}>
                          {t('control_centre.edit')}
                        </Button>
                        {manageProblem(m) === null && m.status !== 'invited' && (
                          <Popconfirm
                            title={t(m.status === 'active' ? 'staff.deactivate_confirm' : 'staff.reactivate_confirm', { name: m.name })}
                            okText={t(m.status === 'active' ? 'staff.deactivate' : 'staff.reactivate')}
                            cancelText={t('control_centre.cancel')}
                            okButtonProps={{ danger: m.status === 'active' }}
                            onConfirm={() => setStatus.mutateAsync(m).catch(() => undefined)}
                          >
                            <Button type="text" danger={m.status === 'active'}>
                              {t(m.status === 'active' ? 'staff.deactivate' : 'staff.reactivate')}
                            </Button>
                          </Popconfirm>
                        )}
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
    </section>
  );
}

/** Staff configurations: the invitations not yet accepted (send again, withdraw) and the defaults. */
export function InvitationsScreen() {
  const { t, i18n } = useCcTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const [problem, setProblem] = useState<string | null>(null);
  const invitations = useQuery({ queryKey: ccKeys.invitations, queryFn: ccApi.invitations });
  const departments = useReferenceLabels('departments', (invitations.data ?? []).map((i) => i.department_id ?? ''));
  const { defaults } = useInvitationDefaults();
  const roles = useQuery({ queryKey: ccKeys.roles, queryFn: ccApi.roles });
  const defaultsLabels = useReferenceLabels('departments', defaults.department_id ? [defaults.department_id] : []);

  const fail = (error: unknown) => {
    const text = staffProblem(error);
    if (text) setProblem(text);
  };
  const withdraw = useMutation({
    mutationFn: (invitation: Invitation) => ccApi.withdrawInvitation(invitation.id),
    onMutate: () => setProblem(null),
    onSuccess: async () => {
      feedback().message.success(t('staff.withdrawn'));
      await queryClient.invalidateQueries({ queryKey: ccKeys.invitations });
    },
    onError: fail,
  });
  // Sending again is inviting again (a new link, a new week); the old invitation then goes.
  const resend = useMutation({
    mutationFn: async (invitation: Invitation) => {
      const fresh = await ccApi.invite({ email: invitation.email, role_id: invitation.role_id, department_id: invitation.department_id });
      await ccApi.withdrawInvitation(invitation.id).catch(() => undefined);
      return fresh;
    },
    onMutate: () => setProblem(null),
    onSuccess: async (fresh) => {
      feedback().message.success(t('staff.invited', { email: fresh.email }));
      await queryClient.invalidateQueries({ queryKey: ccKeys.invitations });
    },
    onError: fail,
  });

  const roleName = roles.data?.find((r) => r.id === defaults.role_id)?.name;
  const departmentName = defaults.department_id ? defaultsLabels.get(defaults.department_id) : null;

  return (
    <section className="fyn-page">
      <Flex justify="space-between" align="center" gap={16} wrap className="fyn-cc-head">
        <RouteTitle />
        <Space wrap>
          <Button icon={<SettingOutlined aria-hidden="true" />} onClick={() => navigate(`${STAFF_PATH}/configurations/edit`)}>
            {t('staff.defaults_edit')}
          </Button>
          {can('staff', 'create') && (
            <Button type="primary" icon={<UserAddOutlined aria-hidden="true" />} onClick={() => openInviteForm()}>
              {t('staff.invite')}
            </Button>
          )}
        </Space>
      </Flex>
      <Typography.Paragraph className="fyn-secondary">
        {t('staff.defaults_summary', { role: roleName ?? t('staff.no_default'), department: departmentName ?? t('staff.no_default') })}
      </Typography.Paragraph>
      <Typography.Title level={2} className="fyn-cc-section-title">
        {t('staff.pending_invitations')}
      </Typography.Title>
      {problem && <Alert type="error" showIcon title={problem} role="alert" closable={{ onClose: () => setProblem(null) }} style={{ marginBottom: 16 }} />}
      {forbidden(invitations.error) ? (
        <NotAllowed />
      ) : (
        <Table<Invitation>
          rowKey="id"
          size="middle"
          loading={invitations.isPending}
          dataSource={invitations.data ?? []}
          pagination={false}
          scroll={{ x: true }}
          locale={{ emptyText: t('staff.no_invitations') }}
          columns={[
            { key: 'email', title: t('resources.fields.email'), dataIndex: 'email' },
            { key: 'role', title: t('staff.role'), dataIndex: 'role_name' },
            {
              key: 'department',
              title: t('resources.fields.department'),
              render: (_v, i) => (i.department_id ? (departments.get(i.department_id) ?? '…') : <span className="fyn-secondary">—</span>),
            },
            { key: 'sent', title: t('staff.sent'), render: (_v, i) => formatDay(i.created_at, i18n.language) },
            {
              key: 'expires',
              title: t('staff.expires'),
              render: (_v, i) =>
                new Date(i.expires_at).getTime() < Date.now() ? (
                  <Tag>{t('staff.expired')}</Tag>
                ) : (
                  formatDay(i.expires_at, i18n.language)
                ),
            },
            {
              key: 'actions',
              title: <span className="fyn-visually-hidden">{t('control_centre.actions')}</span>,
              align: 'right',
              render: (_v, i) => (
                <Space size={4}>
                  {can('staff', 'create') && (
                    <Button type="text" icon={<MailOutlined aria-hidden="true" />} loading={resend.isPending && resend.variables?.id === i.id} onClick={() => resend.mutate(i)}>
                      {t('staff.resend')}
                    </Button>
                  )}
                  {can('staff', 'delete') && (
                    <Popconfirm
                      title={t('staff.withdraw_confirm', { email: i.email })}
                      okText={t('staff.withdraw')}
                      cancelText={t('control_centre.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => withdraw.mutateAsync(i).catch(() => undefined)}
                    >
                      <Button type="text" danger icon={<DeleteOutlined aria-hidden="true" />}>
                        {t('staff.withdraw')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
      <p style={{ marginTop: 24 }}>
        <Link to={STAFF_PATH}>{t('staff.back_to_staff')}</Link>
      </p>
    </section>
  );
}

/** The role and department new invitations start with: the organisation's, the same for every admin. */
export function InvitationDefaultsScreen() {
  const { t } = useCcTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { defaults, loading } = useInvitationDefaults();
  const { roles, options, note } = useRoleOptions(defaults.role_id);
  const [form] = Form.useForm<InvitationDefaults>();
  const save = useMutation({
    mutationFn: saveInvitationDefaults,
    onSuccess: (saved) => {
      queryClient.setQueryData(invitationDefaultsKey, saved);
      feedback().message.success(t('control_centre.saved'));
      navigate(`${STAFF_PATH}/configurations`);
    },
    onError: (error) => {
      if (isApiFailure(error)) {
        const names: Record<string, keyof InvitationDefaults> = { default_role_id: 'role_id', default_department_id: 'department_id' };
        const fields = Object.entries(error.fields).filter(([name]) => name in names);
        if (fields.length) return form.setFields(fields.map(([name, message]) => ({ name: names[name], errors: [validationText(message, 'server')] })));
      }
      showFailure(error);
    },
  });
  return (
    <section className="fyn-page">
      <RouteTitle />
      <Typography.Paragraph className="fyn-secondary">{t('staff.defaults_intro')}</Typography.Paragraph>
      {loading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <Form<InvitationDefaults>
          form={form}
          name="cc-invitation-defaults"
          layout="vertical"
          className="fyn-narrow-form"
          initialValues={defaults}
          onFinish={(values) => save.mutate({ role_id: values.role_id ?? null, department_id: values.department_id ?? null })}
        >
          <Form.Item name="role_id" label={t('staff.default_role')} extra={note}>
            <Select options={options} loading={roles.isPending} allowClear placeholder={t('staff.no_default')} />
          </Form.Item>
          <Form.Item name="department_id" label={t('staff.default_department')}>
            <ReferenceSelect reference="departments" allowClear placeholder={t('staff.no_default')} />
          </Form.Item>
          <Flex gap={12}>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('control_centre.save')}
            </Button>
            <Button onClick={() => navigate(`${STAFF_PATH}/configurations`)}>{t('control_centre.cancel')}</Button>
          </Flex>
        </Form>
      )}
    </section>
  );
}
