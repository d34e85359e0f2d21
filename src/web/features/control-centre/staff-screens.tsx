import './control-centre.css';
import { useState } from 'react';
import { Alert, Avatar, Button, Flex, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { EditOutlined, MailOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { feedback } from '../../lib/feedback.ts';
import { loadSessionUser } from '../../lib/session.ts';
import { ccApi, ccKeys, type StaffMember } from './cc-api.ts';
import { useCcTranslation } from './cc-texts.ts';
import { formatDay } from '../../lib/format-day.ts';
import { forbidden, NotAllowed } from './not-allowed.tsx';
import { usePrivileges } from './privileges.ts';
import { STAFF_PATH, staffProblem } from './staff-common.ts';
import { openStaffForm } from './staff-drawers.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { StaffHead } from './staff-head.tsx';
import { usePermissions } from './use-permissions.ts';

// The staff configurations (the invitations, their defaults) are invitations-screen.tsx and
// invitation-defaults-screen.tsx: each page loads only the table or form it shows.

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
      <StaffHead>
        <Button icon={<MailOutlined aria-hidden="true" />} onClick={() => navigate(`${STAFF_PATH}/configurations`)}>
          {t('staff.pending_invitations')}
        </Button>
      </StaffHead>
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
