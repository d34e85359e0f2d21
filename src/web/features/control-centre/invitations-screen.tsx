import './control-centre.css';
import { useState } from 'react';
import { Alert, Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, MailOutlined, SettingOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { feedback } from '../../lib/feedback.ts';
import { ccApi, ccKeys, type Invitation } from './cc-api.ts';
import { useCcTranslation } from './cc-texts.ts';
import { formatDay } from '../../lib/format-day.ts';
import { useInvitationDefaults } from './invitation-defaults.ts';
import { forbidden, NotAllowed } from './not-allowed.tsx';
import { useReferenceLabels } from './reference-lookup.ts';
import { STAFF_PATH, staffProblem } from './staff-common.ts';
import { StaffHead } from './staff-head.tsx';
import { usePermissions } from './use-permissions.ts';

/** Staff configurations: the invitations not yet accepted (send again, withdraw) and the defaults. */
export function InvitationsScreen() {
  const { t, i18n } = useCcTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const [problem, setProblem] = useState<string | null>(null);
  const invitations = useQuery({ queryKey: ccKeys.invitations, queryFn: ccApi.invitations });
  const departments = useReferenceLabels('departments', (invitations.data ?? []).map((i) => i.department_id ?? ''));
  const { defaults, error: defaultsError } = useInvitationDefaults();
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

  const roleName = roles.data?.find((r) => r.id === defaults.role_id)?.name ?? defaults.role_name;
  const departmentName = defaults.department_id ? defaultsLabels.get(defaults.department_id) : null;

  return (
    <section className="fyn-page">
      <StaffHead>
        <Button icon={<SettingOutlined aria-hidden="true" />} onClick={() => navigate(`${STAFF_PATH}/configurations/edit`)}>
          {t('staff.defaults_edit')}
        </Button>
      </StaffHead>
      {/* A failed read is not "no default"; a refused one goes with the refused list below. */}
      {defaultsError ? (
        !forbidden(defaultsError) && <Typography.Paragraph type="danger">{t('staff.defaults_load_failed')}</Typography.Paragraph>
      ) : (
        <Typography.Paragraph className="fyn-secondary">
          {t('staff.defaults_summary', { role: roleName ?? t('staff.no_default'), department: departmentName ?? t('staff.no_default') })}
        </Typography.Paragraph>
      )}
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
