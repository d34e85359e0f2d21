import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Form, Input, Select } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DrawerContentProps } from '../../lib/drawer-registry.ts';
import { isApiFailure } from '../../lib/api-failure.ts';
import { checkEmail } from '../../lib/form-rules.ts';
import { feedback } from '../../lib/feedback.ts';
import { loadSessionUser } from '../../lib/session.ts';
import { ccApi, ccKeys, type Invitation, type StaffMember, type StaffPatch } from './cc-api.ts';
import { useCcTranslation } from './cc-texts.ts';
import { ReferenceSelect } from './reference-select.tsx';
import { useInvitationDefaults } from './invitation-defaults.ts';
import { usePrivileges } from './privileges.ts';
import { staffProblem, useRoleOptions } from './staff-common.ts';
import { validationText } from './validation-text.ts';

// The staff drawers' forms: opened through staff-common.ts, which loads this module when a form
// is first opened, not with the staff screens.

interface StaffValues {
  role_id: string;
  department_id: string | null;
  job_title: string;
}

/** A member's role, department and job title. */
export function StaffForm({ member, onDone }: { member: StaffMember; onDone: () => void }) {
  const { t } = useCcTranslation();
  const [form] = Form.useForm<StaffValues>();
  const queryClient = useQueryClient();
  const { roles, options, note } = useRoleOptions(member.role_id);
  const roleLocked = usePrivileges().manageProblem(member);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: StaffPatch) => ccApi.patchStaff(member.user_id, body),
    onMutate: () => setProblem(null),
    onSuccess: async () => {
      feedback().message.success(t('control_centre.saved'));
      await queryClient.invalidateQueries({ queryKey: ccKeys.staff });
      // One's own permissions may have changed with the role.
      loadSessionUser({ silent: true }).catch(() => undefined);
      onDone();
    },
    onError: (error) => {
      if (isApiFailure(error)) {
        const fields = Object.entries(error.fields).filter(([name]) => ['role_id', 'department_id', 'job_title'].includes(name));
        if (fields.length) return form.setFields(fields.map(([name, message]) => ({ name: name as keyof StaffValues, errors: [validationText(message, 'server')] })));
      }
      const text = staffProblem(error);
      if (text) setProblem(text);
    },
  });
  const submit = (values: StaffValues) => {
    const body: StaffPatch = {};
    if (values.role_id !== member.role_id) body.role_id = values.role_id;
    if ((values.department_id ?? null) !== member.department_id) body.department_id = values.department_id ?? null;
    const title = values.job_title.trim() || null;
    if (title !== member.job_title) body.job_title = title;
    if (Object.keys(body).length === 0) {
      feedback().message.info(t('control_centre.no_changes'));
      return onDone();
    }
    save.mutate(body);
  };
  return (
    <Form<StaffValues>
      form={form}
      name="cc-staff"
      layout="vertical"
      initialValues={{ role_id: member.role_id, department_id: member.department_id, job_title: member.job_title ?? '' }}
      onFinish={submit}
    >
      {problem && <Alert type="error" showIcon title={problem} role="alert" style={{ marginBottom: 24 }} />}
      <p className="fyn-secondary">{member.email}</p>
      <Form.Item name="role_id" label={t('staff.role')} extra={roleLocked ?? note} rules={[{ required: true, message: t('validation.required') }]}>
        <Select options={options} loading={roles.isPending} disabled={roleLocked !== null} />
      </Form.Item>
      <Form.Item name="department_id" label={t('resources.fields.department')}>
        <ReferenceSelect reference="departments" allowClear />
      </Form.Item>
      <Form.Item name="job_title" label={t('staff.job_title')}>
        <Input maxLength={120} />
      </Form.Item>
      <Flex gap={12}>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('control_centre.save')}
        </Button>
        <Button onClick={onDone}>{t('control_centre.cancel')}</Button>
      </Flex>
    </Form>
  );
}

interface InviteValues {
  email: string;
  role_id: string | undefined;
  department_id: string | null;
}

/** Invite someone by e-mail into a role (and a department); the defaults come from the configuration. */
export function InviteForm({
  initial,
  onDone,
}: {
  initial: Partial<Pick<Invitation, 'email' | 'role_id' | 'department_id'>> | null;
  onDone: () => void;
}) {
  const { t } = useCcTranslation();
  const [form] = Form.useForm<InviteValues>();
  const queryClient = useQueryClient();
  const { defaults, loading: defaultsLoading } = useInvitationDefaults();
  const { roles, options, note, settled } = useRoleOptions();
  // The organisation's defaults fill what the caller has not chosen, once they arrive.
  useEffect(() => {
    if (defaultsLoading || initial?.role_id) return;
    if (!form.getFieldValue('role_id') && defaults.role_id) form.setFieldValue('role_id', defaults.role_id);
    if (!form.getFieldValue('department_id') && defaults.department_id) form.setFieldValue('department_id', defaults.department_id);
  }, [defaultsLoading, defaults, initial, form]);
  // A remembered role the caller may not give (any more) is not chosen for them.
  const chosen = Form.useWatch('role_id', form);
  useEffect(() => {
    if (chosen && settled && !options.some((o) => o.value === chosen)) form.setFieldValue('role_id', undefined);
  }, [chosen, settled, options, form]);
  const [problem, setProblem] = useState<string | null>(null);
  const invite = useMutation({
    mutationFn: (values: InviteValues) =>
      ccApi.invite({ email: values.email.trim().toLowerCase(), role_id: values.role_id ?? '', department_id: values.department_id ?? null }),
    onMutate: () => setProblem(null),
    onSuccess: async (invitation) => {
      feedback().message.success(t('staff.invited', { email: invitation.email }));
      await queryClient.invalidateQueries({ queryKey: ccKeys.invitations });
      onDone();
    },
    onError: (error) => {
      if (isApiFailure(error)) {
        const fields = Object.entries(error.fields).filter(([name]) => ['email', 'role_id', 'department_id'].includes(name));
        if (fields.length) return form.setFields(fields.map(([name, message]) => ({ name: name as keyof InviteValues, errors: [validationText(message, 'server')] })));
      }
      const text = staffProblem(error);
      if (text) setProblem(text);
    },
  });
  return (
    <Form<InviteValues>
      form={form}
      name="cc-invite"
      layout="vertical"
      initialValues={{
        email: initial?.email ?? '',
        role_id: initial?.role_id ?? defaults.role_id ?? undefined,
        department_id: initial?.department_id ?? defaults.department_id,
      }}
      onFinish={(values) => invite.mutate(values)}
    >
      {problem && <Alert type="error" showIcon title={problem} role="alert" style={{ marginBottom: 24 }} />}
      <p className="fyn-secondary">{t('staff.invite_intro')}</p>
      <Form.Item
        name="email"
        label={t('resources.fields.email')}
        rules={[
          {
            validator: async (_rule, value: string) => {
              if (!value?.trim()) throw new Error(validationText('required'));
              const key = checkEmail(value);
              if (key) throw new Error(validationText(key));
            },
          },
        ]}
      >
        <Input type="email" inputMode="email" autoComplete="off" />
      </Form.Item>
      <Form.Item name="role_id" label={t('staff.role')} extra={note} rules={[{ required: true, message: t('validation.required') }]}>
        <Select options={options} loading={roles.isPending} placeholder={t('control_centre.choose')} />
      </Form.Item>
      <Form.Item name="department_id" label={t('resources.fields.department')}>
        <ReferenceSelect reference="departments" allowClear />
      </Form.Item>
      <Flex gap={12}>
        <Button type="primary" htmlType="submit" loading={invite.isPending}>
          {t('staff.send_invitation')}
        </Button>
        <Button onClick={onDone}>{t('control_centre.cancel')}</Button>
      </Flex>
    </Form>
  );
}

/** The drawer's content for a member (openStaffForm in staff-common.ts). */
export function StaffFormDrawer({ data, close }: DrawerContentProps) {
  const member = data as StaffMember;
  return <StaffForm key={member.user_id} member={member} onDone={close} />;
}

/** The drawer's content for an invitation (openInviteForm in staff-common.ts). */
export function InviteFormDrawer({ data, close }: DrawerContentProps) {
  return <InviteForm initial={data as Partial<Invitation> | null} onDone={close} />;
}
