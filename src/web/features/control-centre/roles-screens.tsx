import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Form, Input, Popconfirm, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { CheckOutlined, DeleteOutlined, EditOutlined, PlusOutlined, TableOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { ALL_PERMISSIONS, PERMISSION_ACTIONS } from '#shared/resources/permissions.ts';
import { rolesResource } from '#shared/resources/roles.ts';
import { isApiFailure } from '../../lib/api-failure.ts';
import { feedback } from '../../lib/feedback.ts';
import { loadSessionUser } from '../../lib/session.ts';
import { ccApi, ccKeys, type Role } from './cc-api.ts';
import { RouteTitle } from '../../components/route-title.tsx';
import { useCcTranslation } from './cc-texts.ts';
import { ALL_MODULES, PermissionMatrix } from './permission-matrix.tsx';
import { privilegeProblem, usePrivileges } from './privileges.ts';
import { usePermissions } from './use-permissions.ts';
import { validationText } from './validation-text.ts';
import { bodyOf, checkField, checkRecord, type FormValues } from './wire-values.ts';

export const ROLES_PATH = '/organisation/control-centre/roles-and-permissions';

function NotAllowed() {
  const { t } = useCcTranslation();
  return <Alert type="warning" showIcon title={t('control_centre.not_allowed_title')} description={t('control_centre.not_allowed_view')} />;
}

const forbidden = (error: unknown) => isApiFailure(error) && error.status === 403;

function BuiltinTag({ builtin }: { builtin: Role['builtin'] }) {
  const { t } = useCcTranslation();
  if (!builtin) return null;
  return <Tag color={builtin === 'owner' ? 'gold' : 'blue'}>{t('roles.builtin')}</Tag>;
}

function useRoles() {
  return useQuery({ queryKey: ccKeys.roles, queryFn: ccApi.roles });
}

function useModules() {
  return useQuery({ queryKey: ccKeys.modules, queryFn: ccApi.permissionModules, staleTime: Infinity });
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

/** Create a role, or change one (…/{roleId}/update): name, description, permission matrix. */
export function RoleEditScreen() {
  const { roleId } = useParams();
  const { t } = useCcTranslation();
  const roles = useRoles();
  if (!roleId) return <RoleForm role={null} />;
  if (roles.isPending) return <Skeleton active />;
  if (forbidden(roles.error)) {
    return (
      <section className="fyn-page">
        <RouteTitle />
        <NotAllowed />
      </section>
    );
  }
  const role = roles.data?.find((r) => r.id === roleId);
  if (!role) {
    return (
      <section className="fyn-page">
        <RouteTitle />
        <Alert type="warning" showIcon title={t('roles.not_found')} action={<Link to={ROLES_PATH}>{t('roles.back')}</Link>} />
      </section>
    );
  }
  return <RoleForm key={role.id} role={role} />;
}

function RoleForm({ role }: { role: Role | null }) {
  const { t } = useCcTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const { held, isOwner } = usePrivileges();
  const grantable = useMemo(() => [...new Set([...held, ...(role?.permissions ?? [])])], [held, role]);
  const modules = useModules();
  const [form] = Form.useForm<FormValues>();
  const [problem, setProblem] = useState<string | null>(null);
  const builtin = role?.builtin ?? null;
  // Only owners edit the built-in roles.
  const ownersOnly = builtin !== null && !isOwner;
  const mayWrite = can('roles', role ? 'update' : 'create') && (builtin === null || isOwner);
  const d = rolesResource;
  const field = (name: string) => d.fields.find((f) => f.name === name)!;
  const rule = (name: string) => ({
    validator: async (_rule: unknown, value: unknown) => {
      const key = checkField(d, field(name), value);
      if (key) throw new Error(validationText(key));
    },
  });

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => (role ? ccApi.update('roles', role.id, body) : ccApi.create('roles', body)),
    onMutate: () => setProblem(null),
    onSuccess: async () => {
      feedback().message.success(t(role ? 'control_centre.saved' : 'control_centre.created'));
      await queryClient.invalidateQueries({ queryKey: ccKeys.roles });
      // One's own permissions may have changed with the role.
      loadSessionUser({ silent: true }).catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: ccKeys.summary });
      navigate(ROLES_PATH);
    },
    onError: (error) => {
      if (!isApiFailure(error)) return setProblem(t('errors.server'));
      if (error.code === 'builtin_role') return setProblem(t(builtin === 'owner' ? 'roles.owner_note' : 'roles.builtin_note'));
      if (error.code === 'duplicate') return form.setFields([{ name: 'name', errors: [t('roles.name_taken')] }]);
      const refused = privilegeProblem(error);
      if (refused) return setProblem(refused);
      const fields = Object.entries(error.fields).filter(([name]) => ['name', 'description', 'permissions'].includes(name));
      if (fields.length) return form.setFields(fields.map(([name, message]) => ({ name, errors: [validationText(message, 'server')] })));
      if (error.status === 403) return setProblem(t('control_centre.not_allowed_action'));
      if (!error.notified) setProblem(error.message);
    },
  });

  const submit = (values: FormValues) => {
    const problems = Object.entries(checkRecord(d, values, role));
    if (problems.length) return form.setFields(problems.map(([name, key]) => ({ name, errors: [validationText(key)] })));
    const body = bodyOf(d, values, role);
    // Built-in roles keep their names; Owner keeps every permission (the server insists too).
    if (builtin) delete body.name;
    if (builtin === 'owner') delete body.permissions;
    if (role && Object.keys(body).length === 0) {
      feedback().message.info(t('control_centre.no_changes'));
      return navigate(ROLES_PATH);
    }
    save.mutate(body);
  };

  return (
    <section className="fyn-page">
      <RouteTitle />
      {builtin && (
        <Alert
          type="info"
          showIcon
          title={t(ownersOnly ? 'roles.owners_only' : builtin === 'owner' ? 'roles.owner_note' : 'roles.builtin_note')}
          style={{ marginBottom: 24 }}
        />
      )}
      {!mayWrite && builtin === null && <Alert type="warning" showIcon title={t('control_centre.read_only')} style={{ marginBottom: 24 }} />}
      {problem && <Alert type="error" showIcon title={problem} role="alert" style={{ marginBottom: 24 }} />}
      <Form<FormValues>
        form={form}
        name="cc-role"
        layout="vertical"
        requiredMark="optional"
        disabled={!mayWrite}
        initialValues={{ name: role?.name ?? '', description: role?.description ?? '', permissions: role?.permissions ?? [] }}
        onFinish={submit}
      >
        <div className="fyn-narrow-form">
          <Form.Item name="name" label={t('resources.fields.name')} required rules={[rule('name')]}>
            <Input maxLength={60} disabled={Boolean(builtin)} />
          </Form.Item>
          <Form.Item name="description" label={t('resources.fields.description')} rules={[rule('description')]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={300} />
          </Form.Item>
        </div>
        <Form.Item name="permissions" label={t('resources.roles.permissions')} extra={t('roles.matrix_help')}>
          {/* Nobody grants what they do not hold (the rest is shown, not offered); what the role has may be taken away. */}
          <PermissionMatrix modules={modules.data ?? ALL_MODULES} disabled={!mayWrite || builtin === 'owner'} grantable={grantable} />
        </Form.Item>
        <Flex gap={12}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t(role ? 'control_centre.save' : 'roles.create')}
          </Button>
          <Button disabled={false} onClick={() => navigate(ROLES_PATH)}>
            {t('control_centre.cancel')}
          </Button>
        </Flex>
      </Form>
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
        forbidden(modules.error) || (isApiFailure(modules.error) && modules.error.status === 404) ? (
          <Alert type="info" showIcon title={t('permissions.need_organisation')} />
        ) : (
          <Alert type="error" showIcon title={t('control_centre.load_failed')} />
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
