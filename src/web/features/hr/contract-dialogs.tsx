import { Alert, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import type { Contract } from '#shared/api/hr.ts';
import { CONTRACT_TYPES } from '#shared/hr/model.ts';
import { minorOf } from '#shared/money/amounts.ts';
import { api } from '../../lib/api-client.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { hrApi, hrKeys } from '../../lib/hr-api.ts';
import { useHrTranslation } from './hr-texts.ts';

/**
 * The contracts panel's two dialogs, write a contract and end or terminate one (contracts-panel.tsx
 * loads this module when one is first opened: the list's first load does without the date picker
 * and the number inputs).
 */
export function ContractDialogs({ writing, ending, onCloseWriting, onCloseEnding, onDone }: {
  writing: boolean;
  ending: { contract: Contract; action: 'end' | 'terminate' } | null;
  onCloseWriting: () => void;
  onCloseEnding: () => void;
  onDone: () => void;
}) {
  return (
    <>
      <NewContract open={writing} onClose={onCloseWriting} onDone={onDone} />
      {/* One per contract and action: a date, reason or failure typed for one never shows for the next. */}
      <EndContract key={ending ? `${ending.contract.id}:${ending.action}` : ''} ending={ending} onClose={onCloseEnding} onDone={onDone} />
    </>
  );
}

type NewValues = { employee_id: string; type: (typeof CONTRACT_TYPES)[number]; start: Dayjs; end?: Dayjs | null; probation_months: number; notice_days: number; hours_per_week: number; amount: number; currency: string; period: 'month' | 'year' };

function NewContract({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useHrTranslation();
  const [form] = Form.useForm<NewValues>();
  const employees = useQuery({ queryKey: hrKeys.employees, queryFn: hrApi.employees, enabled: open });
  const staff = useQuery({ queryKey: ['staff', 'all'], queryFn: () => api.get<{ user_id: string; name: string }[]>('/staff', { silent: true }).catch(() => []), enabled: open });
  const nameOf = (userId: string) => staff.data?.find((s) => s.user_id === userId)?.name ?? userId.slice(0, 8);
  const { submit, busy } = useSubmit(
    (v: NewValues) =>
      hrApi.createContract({
        employee_id: v.employee_id, type: v.type, start_date: v.start.format('YYYY-MM-DD'), end_date: v.end ? v.end.format('YYYY-MM-DD') : null,
        probation_months: v.probation_months, notice_days: v.notice_days, hours_per_week: String(v.hours_per_week),
        // Typed in major units, sent in minor units: the decimal as typed, never a float product.
        salary: { amount_minor: minorOf(String(v.amount), v.currency.toUpperCase()), currency: v.currency.toUpperCase(), period: v.period },
      }),
    {
      success: t('contracts.written'),
      onSuccess: () => {
        form.resetFields();
        onDone();
        onClose();
      },
    },
  );
  return (
    <Modal open={open} title={t('contracts.new')} okText={t('contracts.write')} onOk={() => form.submit()} confirmLoading={busy} onCancel={onClose} width={720} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('contracts.draft_hint')}</Typography.Paragraph>
      <Form<NewValues> form={form} layout="vertical" onFinish={submit} initialValues={{ type: 'permanent', probation_months: 6, notice_days: 30, hours_per_week: 37.5, currency: 'GBP', period: 'year' }}>
        <Form.Item name="employee_id" label={t('contracts.employee')} rules={[{ required: true, message: t('required') }]}>
          <Select showSearch optionFilterProp="label" options={(employees.data?.data ?? []).map((e) => ({ value: e.id, label: `${nameOf(e.user_id)} · ${e.job_title}` }))} />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} md={8}><Form.Item name="type" label={t('contracts.type')}><Select options={CONTRACT_TYPES.map((c) => ({ value: c, label: t(`contracts.types.${c}`) }))} /></Form.Item></Col>
          <Col xs={12} md={8}><Form.Item name="start" label={t('contracts.start')} rules={[{ required: true, message: t('required') }]}><DatePicker style={{ width: '100%' }} /></Form.Item></Col>
          <Col xs={12} md={8}><Form.Item name="end" label={t('contracts.end_date')}><DatePicker style={{ width: '100%' }} /></Form.Item></Col>
          <Col xs={12} md={6}><Form.Item name="probation_months" label={t('contracts.probation_months')}><InputNumber min={0} max={24} style={{ width: '100%' }} /></Form.Item></Col>
          <Col xs={12} md={6}><Form.Item name="notice_days" label={t('contracts.notice')}><InputNumber min={0} max={365} style={{ width: '100%' }} /></Form.Item></Col>
          <Col xs={12} md={6}><Form.Item name="hours_per_week" label={t('contracts.hours_label')}><InputNumber min={1} max={80} step={0.5} style={{ width: '100%' }} /></Form.Item></Col>
          <Col xs={12} md={6}><Form.Item name="period" label={t('contracts.period')}><Select options={[{ value: 'year', label: t('contracts.per.year') }, { value: 'month', label: t('contracts.per.month') }]} /></Form.Item></Col>
          <Col xs={12} md={8}><Form.Item name="amount" label={t('contracts.salary')} rules={[{ required: true, message: t('required') }]}><InputNumber min={0} step={100} precision={2} style={{ width: '100%' }} /></Form.Item></Col>
          <Col xs={12} md={4}><Form.Item name="currency" label={t('contracts.currency')} rules={[{ required: true, pattern: /^[A-Za-z]{3}$/, message: t('required') }]}><Input maxLength={3} /></Form.Item></Col>
        </Row>
      </Form>
    </Modal>
  );
}

function EndContract({ ending, onClose, onDone }: { ending: { contract: Contract; action: 'end' | 'terminate' } | null; onClose: () => void; onDone: () => void }) {
  const { t } = useHrTranslation();
  const [date, setDate] = useState<Dayjs | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { submit, busy } = useSubmit(
    ({ contract, action, end }: { contract: Contract; action: 'end' | 'terminate'; end: Dayjs }) =>
      hrApi.contractAction(contract.id, action, { end_date: end.format('YYYY-MM-DD'), reason: reason.trim() || null }),
    {
      onSuccess: () => {
        onDone();
        onClose();
      },
      // The server's reason (a date before the start, a contract no longer active) shows in the dialog.
      onFailure: (failure) => {
        setProblem(failure.message);
        return true;
      },
    },
  );
  const run = () => {
    if (!ending || !date) return;
    setProblem(null);
    submit({ ...ending, end: date });
  };
  return (
    <Modal open={ending !== null} title={ending ? t(`contracts.${ending.action}_title`, { name: ending.contract.employee_name }) : ''} okText={ending ? t(`contracts.${ending.action}`) : ''}
      okButtonProps={{ disabled: !date, danger: ending?.action === 'terminate' }} confirmLoading={busy} onOk={run} onCancel={onClose} destroyOnHidden>
      {problem && <Alert type="error" title={problem} style={{ marginBottom: 12 }} />}
      <Space orientation="vertical" style={{ width: '100%' }}>
        <DatePicker aria-label={t('contracts.end_date')} value={date} onChange={setDate} style={{ width: '100%' }} />
        <Input.TextArea aria-label={t('contracts.reason')} placeholder={t('contracts.reason')} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Space>
    </Modal>
  );
}
