import { Alert, Button, Flex, Form, Select, Skeleton, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { isApiFailure } from '../../lib/api-failure.ts';
import { feedback, showFailure } from '../../lib/feedback.ts';
import { validationText } from './validation-text.ts';
import { RouteTitle } from '../../components/route-title.tsx';
import { useCcTranslation } from './cc-texts.ts';
import { ReferenceSelect } from './reference-select.tsx';
import { forbidden, NotAllowed } from './not-allowed.tsx';
import { invitationDefaultsKey, saveInvitationDefaults, useInvitationDefaults, type InvitationDefaults } from './invitation-defaults.ts';
import { STAFF_PATH, useRoleOptions } from './staff-common.ts';
import { usePermissions } from './use-permissions.ts';

/**
 * The role and department new invitations start with: the organisation's, the same for every admin.
 * Read with staff.view, changed with staff.update; a failed read offers a retry, never an empty form.
 */
export function InvitationDefaultsScreen() {
  const { t } = useCcTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const mayChange = can('staff', 'update');
  const { defaults, loading, error, retry } = useInvitationDefaults();
  const { roles, options: offered, note } = useRoleOptions(defaults.role_id);
  // The current role by the name it came with, when the roles cannot be listed (no roles.view) or are still coming.
  const options = defaults.role_id && !offered.some((o) => o.value === defaults.role_id) ? [...offered, { value: defaults.role_id, label: defaults.role_name ?? '…', disabled: true }] : offered;
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
      ) : forbidden(error) ? (
        <NotAllowed />
      ) : error ? (
        <Alert type="error" showIcon role="alert" title={t('staff.defaults_load_failed')} action={<Button onClick={retry}>{t('common.refresh')}</Button>} />
      ) : (
        <Form<InvitationDefaults>
          form={form}
          name="cc-invitation-defaults"
          layout="vertical"
          className="fyn-narrow-form"
          initialValues={{ role_id: defaults.role_id, department_id: defaults.department_id }}
          disabled={!mayChange}
          onFinish={(values) => save.mutate({ role_id: values.role_id ?? null, department_id: values.department_id ?? null })}
        >
          <Form.Item name="role_id" label={t('staff.default_role')} extra={note}>
            <Select options={options} loading={roles.isPending} allowClear placeholder={t('staff.no_default')} />
          </Form.Item>
          <Form.Item name="department_id" label={t('staff.default_department')}>
            <ReferenceSelect reference="departments" allowClear placeholder={t('staff.no_default')} />
          </Form.Item>
          {mayChange ? (
            <Flex gap={12}>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t('control_centre.save')}
              </Button>
              <Button onClick={() => navigate(`${STAFF_PATH}/configurations`)}>{t('control_centre.cancel')}</Button>
            </Flex>
          ) : (
            <>
              <Alert type="info" showIcon title={t('control_centre.read_only')} style={{ marginBottom: 16 }} />
              <Button disabled={false} onClick={() => navigate(`${STAFF_PATH}/configurations`)}>{t('staff.back_to_invitations')}</Button>
            </>
          )}
        </Form>
      )}
    </section>
  );
}
