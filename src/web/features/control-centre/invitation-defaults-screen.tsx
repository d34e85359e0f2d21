import { Button, Flex, Form, Select, Skeleton, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { isApiFailure } from '../../lib/api-failure.ts';
import { feedback, showFailure } from '../../lib/feedback.ts';
import { validationText } from './validation-text.ts';
import { RouteTitle } from '../../components/route-title.tsx';
import { useCcTranslation } from './cc-texts.ts';
import { ReferenceSelect } from './reference-select.tsx';
import { invitationDefaultsKey, saveInvitationDefaults, useInvitationDefaults, type InvitationDefaults } from './invitation-defaults.ts';
import { STAFF_PATH, useRoleOptions } from './staff-common.ts';

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
