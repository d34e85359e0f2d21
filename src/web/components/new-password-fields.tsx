import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, translateValidation } from '../lib/form-rules.ts';

/** "New password" with the rule shown under it, and "Confirm password" that must match it. */
export function NewPasswordFields({ rule, confirmName = 'password_confirmation', autoFocus = false }: { rule: Rule; confirmName?: string; autoFocus?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="password" label={t('auth.new_password')} rules={[rule]} extra={t('auth.password_rule', { min: PASSWORD_MIN_LENGTH })}>
        <Input.Password autoComplete="new-password" autoFocus={autoFocus} />
      </Form.Item>
      <Form.Item
        name={confirmName}
        label={t('auth.confirm_password')}
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string) => {
              if (!value) throw new Error(translateValidation('confirm_required'));
              if (value !== getFieldValue('password')) throw new Error(translateValidation('passwords_mismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
