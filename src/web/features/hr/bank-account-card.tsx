import { Button, Card, Descriptions, Empty, Form, Input, Modal, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BankAccountBody } from '#shared/api/hr.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { hrApi, hrKeys } from '../../lib/hr-api.ts';
import { useHrTranslation } from './hr-texts.ts';

/** Shows the last four characters of an account number or IBAN. */
const last4 = (v: string | null) => (v ? `•••• ${v.replace(/\s+/g, '').slice(-4)}` : '—');

/** The account one is paid into (one's own; payroll sees everyone's in the bank file), given and changed here. */
export function BankAccountCard({ employeeId }: { employeeId: string }) {
  const { t } = useHrTranslation();
  const client = useQueryClient();
  const account = useQuery({ queryKey: hrKeys.bankAccount(employeeId), queryFn: () => hrApi.bankAccount(employeeId) });
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<BankAccountBody>();
  const a = account.data;
  const { submit: save, busy } = useSubmit((v: BankAccountBody) => hrApi.saveBankAccount(employeeId, v), {
    success: t('bank.saved'),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: hrKeys.bankAccount(employeeId) });
      setEditing(false);
    },
  });
  return (
    <Card size="small" title={t('bank.title')} loading={account.isPending}
      extra={<Button size="small" onClick={() => { form.setFieldsValue(a ?? {}); setEditing(true); }}>{a ? t('bank.change') : t('bank.add')}</Button>}>
      {a ? (
        <Descriptions size="small" column={1} items={[
          { key: 'holder', label: t('bank.holder'), children: a.holder },
          ...(a.iban ? [{ key: 'iban', label: t('bank.iban'), children: last4(a.iban) }] : []),
          ...(a.account_number ? [{ key: 'number', label: t('bank.account_number'), children: last4(a.account_number) }] : []),
          ...(a.bank_name ? [{ key: 'bank', label: t('bank.bank_name'), children: a.bank_name }] : []),
        ]} />
      ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bank.none')} />}
      <Modal open={editing} title={t('bank.title')} okText={t('bank.save')} onOk={() => form.submit()} confirmLoading={busy} onCancel={() => setEditing(false)} destroyOnHidden>
        <Typography.Paragraph type="secondary">{t('bank.hint')}</Typography.Paragraph>
        <Form<BankAccountBody> form={form} layout="vertical" onFinish={save} preserve={false}>
          <Form.Item name="holder" label={t('bank.holder')} rules={[{ required: true, message: t('required') }]}><Input maxLength={140} autoComplete="name" /></Form.Item>
          <Form.Item name="iban" label={t('bank.iban')}><Input maxLength={42} /></Form.Item>
          <Form.Item name="bic" label={t('bank.bic')}><Input maxLength={11} /></Form.Item>
          <Form.Item name="account_number" label={t('bank.account_number')}><Input maxLength={34} /></Form.Item>
          <Form.Item name="bank_code" label={t('bank.bank_code')}><Input maxLength={20} /></Form.Item>
          <Form.Item name="bank_name" label={t('bank.bank_name')}><Input maxLength={140} /></Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
