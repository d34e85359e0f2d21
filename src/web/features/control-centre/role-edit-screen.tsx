import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Form, Input, Skeleton } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { rolesResource } from '#shared/resources/roles.ts';
import { isApiFailure } from '../../lib/api-failure.ts';
import { feedback } from '../../lib/feedback.ts';
import { loadSessionUser } from '../../lib/session.ts';
import { ccApi, ccKeys, type Role } from './cc-api.ts';
import { RouteTitle } from '../../components/route-title.tsx';
import { useCcTranslation } from './cc-texts.ts';
import { forbidden, NotAllowed } from './not-allowed.tsx';
import { PermissionMatrix } from './permission-matrix.tsx';
import { ALL_MODULES } from './permission-modules.ts';
import { privilegeProblem, usePrivileges } from './privileges.ts';
import { ROLES_PATH, useModules, useRoles } from './roles-data.ts';
import { usePermissions } from './use-permissions.ts';
import { validationText } from './validation-text.ts';
import { bodyOf, checkField, checkRecord, type FormValues } from './wire-values.ts';

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
