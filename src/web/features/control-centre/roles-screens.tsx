import './control-centre.css';
import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Popconfirm, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { CheckOutlined, DeleteOutlined, EditOutlined, PlusOutlined, TableOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ALL_PERMISSIONS, PERMISSION_ACTIONS } from '#shared/resources/permissions.ts';
import { isApiFailure } from '../../lib/api-failure.ts';
import { feedback } from '../../lib/feedback.ts';
import { ccApi, ccKeys, type Role } from './cc-api.ts';
import { RouteTitle } from '../../components/route-title.tsx';
import { useCcTranslation } from './cc-texts.ts';
import { forbidden, NotAllowed } from './not-allowed.tsx';
import { ALL_MODULES } from './permission-modules.ts';
import { privilegeProblem, usePrivileges } from './privileges.ts';
import { ROLES_PATH, useModules, useRoles } from './roles-data.ts';
import { usePermissions } from './use-permissions.ts';

// The role form (create, update) is role-edit-screen.tsx: these lists load without antd's Form and
// the zod field checks.

function BuiltinTag({ builtin }: { builtin: Role['builtin'] }) {
  const { t } = useCcTranslation();
  if (!builtin) return null;
  return <Tag color={builtin === 'owner' ? 'gold' : 'blue'}>{t('roles.builtin')}</Tag>;
}

/** Roles and permissions: every role with its members and permissions; create, edit, delete. */
export function RolesScreen() {
  const { t } = useCcTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const { isOwner } = usePrivileges();
  const roles = useRoles();
  const staff = useQuery({ queryKey: ccKeys.staff, queryFn: () => ccApi.staff() });
  const [problem, setProblem] = useState<string | null>(null);
  const members = useMemo(() => {
    const counts = new Map<string, number>();
    for (const m of staff.data ?? []) if (m.status === 'active') counts.set(m.role_id, (counts.get(m.role_id) ?? 0) + 1);
    return counts;
  }, [staff.data]);
  const remove = useMutation({
    mutationFn: (role: Role) => ccApi.remove('roles', role.id),
    onMutate: () => setProblem(null),
    onSuccess: async () => {
      feedback().message.success(t('control_centre.deleted'));
      await queryClient.invalidateQueries({ queryKey: ccKeys.roles });
      void queryClient.invalidateQueries({ queryKey: ccKeys.summary });
    },
    onError: (error) => {
      if (!isApiFailure(error)) return setProblem(t('errors.server'));
      if (error.code === 'in_use') return setProblem(t('roles.in_use'));
      if (error.code === 'builtin_role') return setProblem(t('roles.builtin_delete'));
      const refused = privilegeProblem(error);
      if (refused) return setProblem(refused);
      if (error.status === 403) return setProblem(t('control_centre.not_allowed_action'));
      if (!error.notified) setProblem(error.message);
    },
  });

  return (
    <section className="fyn-page">
      <Flex justify="space-between" align="center" gap={16} wrap className="fyn-cc-head">
        <RouteTitle />
        <Space wrap>
          <Button icon={<TableOutlined aria-hidden="true" />} onClick={() => navigate(`${ROLES_PATH}/perm`)}>
            {t('roles.overview')}
          </Button>
          {can('roles', 'create') && (
            <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => navigate(`${ROLES_PATH}/create`)}>
              {t('roles.create')}
            </Button>
          )}
        </Space>
      </Flex>
      <Typography.Paragraph className="fyn-secondary">{t('roles.intro')}</Typography.Paragraph>
      {problem && <Alert type="error" showIcon title={problem} role="alert" closable={{ onClose: () => setProblem(null) }} style={{ marginBottom: 16 }} />}
      {forbidden(roles.error) ? (
        <NotAllowed />
      ) : (
        <Table<Role>
          rowKey="id"
          size="middle"
          loading={roles.isPending}
          dataSource={roles.data ?? []}
          pagination={false}
          scroll={{ x: true }}
          locale={{ emptyText: t('roles.none') }}
          columns={[
            {
              key: 'name',
              title: t('resources.fields.name'),
              render: (_v, role) => (
                <Space>
                  <strong>{role.name}</strong>
                  <BuiltinTag builtin={role.builtin} />
                </Space>
              ),
            },
            { key: 'description', title: t('resources.fields.description'), render: (_v, role) => role.description ?? '' },
            {
              key: 'members',
              title: t('roles.members'),
              align: 'right',
              render: (_v, role) => (staff.data ? (members.get(role.id) ?? 0) : '…'),
            },
            {
              key: 'permissions',
              title: t('resources.roles.permissions'),
              align: 'right',
              render: (_v, role) => t('roles.permission_count', { count: role.permissions.length, total: ALL_PERMISSIONS.length }),
            },
            {
              key: 'actions',
              title: <span className="fyn-visually-hidden">{t('control_centre.actions')}</span>,
              align: 'right',
              render: (_v, role) => (
                <Space size={4}>
                  {/* Only owners edit the built-in roles. */}
                  {can('roles', 'update') && (!role.builtin || isOwner) && (
                    <Button type="text" icon={<EditOutlined aria-hidden="true" />} onClick={() => navigate(`${ROLES_PATH}/${role.id}/update`)}>
                      {t('control_centre.edit')}
                    </Button>
                  )}
                  {can('roles', 'delete') && !role.builtin && (
                    <Popconfirm
                      title={t('roles.delete_confirm', { name: role.name })}
                      okText={t('control_centre.delete')}
                      cancelText={t('control_centre.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => remove.mutateAsync(role).catch(() => undefined)}
                    >
                      <Button type="text" danger icon={<DeleteOutlined aria-hidden="true" />}>
                        {t('control_centre.delete')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}

/** Every role × every permission, read only (…/roles-and-permissions/perm). */
export function RolePermissionsScreen() {
  const { t } = useCcTranslation();
  const roles = useRoles();
  const modules = useModules();
  const list = roles.data ?? [];
  const rows = (modules.data ?? ALL_MODULES).flatMap(({ module, actions }) =>
    actions.map((action) => ({ key: `${module}.${action}`, module, action })),
  );
  return (
    <section className="fyn-page">
      <RouteTitle />
      <Typography.Paragraph className="fyn-secondary">{t('roles.overview_intro')}</Typography.Paragraph>
      {forbidden(roles.error) ? (
        <NotAllowed />
      ) : roles.isPending ? (
        <Skeleton active />
      ) : (
        <div className="fyn-cc-matrix-wrap">
          <table className="fyn-cc-matrix fyn-cc-overview">
            <thead>
              <tr>
                <th scope="col">{t('permissions.permission')}</th>
                {list.map((role) => (
                  <th scope="col" key={role.id}>
                    {role.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const label = `${t(`permissions.modules.${row.module}`)}: ${t(`permissions.actions.${row.action}`)}`;
                return (
                  <tr key={row.key} className={row.action === PERMISSION_ACTIONS[0] ? 'fyn-cc-module-start' : undefined}>
                    <th scope="row">{label}</th>
                    {list.map((role) => (
                      <td key={role.id}>
                        {role.permissions.includes(row.key) ? (
                          <CheckOutlined aria-label={t('roles.granted')} className="fyn-cc-granted" />
                        ) : (
                          <span className="fyn-secondary" aria-label={t('roles.not_granted')}>
                            –
                          </span>
                        )}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** /admin/perms: the permission modules and their actions, named. */
export function PermissionModulesScreen() {
  const { t } = useCcTranslation();
  const modules = useModules();
  return (
    <section className="fyn-page">
      <RouteTitle />
      <Typography.Paragraph className="fyn-secondary">{t('permissions.intro')}</Typography.Paragraph>
      {modules.isError ? (
        forbidden(modules.error) ? (
          <NotAllowed />
        ) : isApiFailure(modules.error) && modules.error.status === 404 ? (
          <Alert type="info" showIcon title={t('permissions.need_organisation')} />
        ) : (
          <Alert type="error" showIcon title={t('control_centre.load_failed')} action={<Button onClick={() => void modules.refetch()}>{t('common.refresh')}</Button>} />
        )
      ) : (
        <Table
          rowKey="module"
          size="middle"
          loading={modules.isPending}
          dataSource={modules.data ?? []}
          pagination={false}
          columns={[
            {
              key: 'module',
              title: t('permissions.module'),
              render: (_v, row) => (
                <Flex vertical>
                  <strong>{t(`permissions.modules.${row.module}`)}</strong>
                  <code className="fyn-secondary">{row.module}</code>
                </Flex>
              ),
            },
            {
              key: 'actions',
              title: t('permissions.actions_title'),
              render: (_v, row) => (
                <Space wrap>
                  {row.actions.map((action) => (
                    <Tag key={action} title={`${row.module}.${action}`}>
                      {t(`permissions.actions.${action}`)}
                    </Tag>
                  ))}
                </Space>
              ),
            },
          ]}
        />
      )}
      <Typography.Title level={2} className="fyn-cc-section-title" style={{ marginTop: 32 }}>
        {t('permissions.actions_title')}
      </Typography.Title>
      <dl className="fyn-cc-action-help">
        {PERMISSION_ACTIONS.map((action) => (
          <div key={action}>
            <dt>{t(`permissions.actions.${action}`)}</dt>
            <dd>{t(`permissions.action_help.${action}`)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
