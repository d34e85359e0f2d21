import { Button, DatePicker, Empty, Form, Input, Modal, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { LeaveBalance } from '#shared/api/hr.ts';
import { DataTable } from '../../components/data-table.tsx';
import { feedback, showFailure } from '../../lib/feedback.ts';
import { hrApi, hrKeys } from '../../lib/hr-api.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { useHrTranslation } from './hr-texts.ts';

// The leave page's parts loaded when first opened (leave-screen.tsx): asking for leave, a balance's
// ledger, the team calendar and the public holidays.

/** A balance's ledger: what made the balance, day by day. Closed while `balance` is undefined. */
export function LedgerDialog({ balance: shown, onClose }: { balance: LeaveBalance | undefined; onClose: () => void }) {
  const { t } = useHrTranslation();
  return (
      <Modal open={Boolean(shown)} title={shown ? t('leave.ledger_of', { type: shown.leave_type.name }) : ''} footer={null} onCancel={onClose} width={640}>
        {shown && (
          <Table size="small" pagination={false} rowKey={(_, i) => String(i)} dataSource={shown.ledger}
            columns={[
              { title: t('leave.date'), dataIndex: 'date' },
              { title: t('leave.kind'), dataIndex: 'kind', render: (k: string) => t(`leave.kinds.${k}`) },
              { title: t('leave.days_label'), dataIndex: 'days', align: 'right' },
              { title: t('leave.note'), dataIndex: 'note', render: (n: string | null) => n ?? '' },
            ]} />
        )}
      </Modal>
  );
}

type AskValues = { leave_type_id: string; range: [Dayjs, Dayjs]; half_day_start: boolean; half_day_end: boolean; note?: string };

/** Ask for leave, in working days. */
export function AskLeave({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useHrTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<AskValues>();
  const types = useQuery({ queryKey: hrKeys.leaveTypes, queryFn: hrApi.leaveTypes, enabled: open });
  const { submit, busy } = useSubmit(
    (v: AskValues) =>
      hrApi.askLeave({
        leave_type_id: v.leave_type_id, start_date: v.range[0].format('YYYY-MM-DD'), end_date: v.range[1].format('YYYY-MM-DD'),
        half_day_start: v.half_day_start, half_day_end: v.half_day_end, note: v.note || null,
      }),
    {
      success: (made) => t('leave.asked', { days: made.working_days }),
      onSuccess: () => {
        form.resetFields();
        void client.invalidateQueries({ queryKey: ['hr'] });
        onClose();
      },
    },
  );
  return (
    <Modal open={open} title={t('leave.ask')} okText={t('leave.send')} onOk={() => form.submit()} confirmLoading={busy} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('leave.working_days_hint')}</Typography.Paragraph>
      <Form<AskValues> form={form} layout="vertical" onFinish={submit} initialValues={{ half_day_start: false, half_day_end: false }}>
        <Form.Item name="leave_type_id" label={t('leave.type')} rules={[{ required: true, message: t('required') }]}>
          <Select options={(types.data ?? []).map((x) => ({ value: x.id, label: x.name }))} />
        </Form.Item>
        <Form.Item name="range" label={t('leave.dates')} rules={[{ required: true, message: t('required') }]}><DatePicker.RangePicker style={{ width: '100%' }} /></Form.Item>
        <Space size={24} wrap>
          <Form.Item name="half_day_start" label={t('leave.half_day_start')} valuePropName="checked"><Switch /></Form.Item>
          <Form.Item name="half_day_end" label={t('leave.half_day_end')} valuePropName="checked"><Switch /></Form.Item>
        </Space>
        <Form.Item name="note" label={t('leave.note')}><Input.TextArea rows={2} maxLength={500} /></Form.Item>
      </Form>
    </Modal>
  );
}

/** The team calendar of a month: who is away, and the public holidays. */
export function Calendar() {
  const { t } = useHrTranslation();
  const [month, setMonth] = useState<Dayjs>(dayjs().startOf('month'));
  const from = month.format('YYYY-MM-DD');
  const to = month.endOf('month').format('YYYY-MM-DD');
  const cal = useQuery({ queryKey: hrKeys.calendar(from, to), queryFn: () => hrApi.calendar(from, to) });
  const days = Array.from({ length: month.daysInMonth() }, (_, i) => month.add(i, 'day'));
  const people = [...new Set((cal.data?.leave ?? []).map((l) => l.employee_name))].sort();
  const holidayOn = (d: string) => (cal.data?.holidays ?? []).filter((h) => h.date === d);
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <DatePicker picker="month" aria-label={t('leave.month')} value={month} onChange={(v) => v && setMonth(v.startOf('month'))} allowClear={false} />
      <div style={{ overflowX: 'auto' }}>
        <table className="fyn-table" aria-label={t('leave.tabs.calendar')}>
          <thead>
            <tr>
              <th>{t('leave.who')}</th>
              {days.map((d) => {
                const hol = holidayOn(d.format('YYYY-MM-DD'));
                return <th key={d.date()} title={hol.map((h) => `${h.country}: ${h.name}`).join('\n')} style={{ background: hol.length ? '#fff1f0' : d.day() === 0 || d.day() === 6 ? '#f5f5f5' : undefined, padding: 4, textAlign: 'center' }}>{d.date()}</th>;
              })}
            </tr>
          </thead>
          <tbody>
            {people.length === 0 && <tr><td colSpan={days.length + 1}><Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('leave.nobody_away')} /></td></tr>}
            {people.map((name) => (
              <tr key={name}>
                <td style={{ whiteSpace: 'nowrap' }}>{name}</td>
                {days.map((d) => {
                  const day = d.format('YYYY-MM-DD');
                  const away = (cal.data?.leave ?? []).find((l) => l.employee_name === name && l.start_date <= day && l.end_date >= day);
                  return <td key={day} title={away ? `${away.leave_type.name} · ${t(`leave.status.${away.status}`)}` : ''} style={{ padding: 0, background: away ? (away.status === 'approved' ? '#4788B6' : '#b7d3e6') : undefined }} />;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {(cal.data?.holidays.length ?? 0) > 0 && (
        <Typography.Text type="secondary">{t('leave.holidays_in_month')}: {cal.data!.holidays.map((h) => `${h.date.slice(8)} ${h.name} (${h.country})`).join(' · ')}</Typography.Text>
      )}
    </Space>
  );
}

const COUNTRIES = ['GB', 'NL', 'CN', 'DE', 'FR', 'ES', 'RO', 'RU', 'JP', 'US', 'AE', 'IN', 'SG', 'HK', 'BE', 'IT', 'PL'];

/** The public holidays of a country and year; HR may import the list as the organisation's own. */
export function Holidays({ canImport }: { canImport: boolean }) {
  const { t } = useHrTranslation();
  const client = useQueryClient();
  const [country, setCountry] = useState('GB');
  const [year, setYear] = useState(dayjs().year());
  const list = useQuery({ queryKey: hrKeys.holidays(country, year), queryFn: () => hrApi.holidays(country, year) });
  const imported = (list.data ?? []).some((h) => h.id);
  async function importList() {
    try {
      await hrApi.importHolidays(country, year);
      feedback().message.success(t('holidays.imported', { country, year }));
      void client.invalidateQueries({ queryKey: hrKeys.holidays(country, year) });
    } catch (e) {
      showFailure(e);
    }
  }
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Space wrap>
        <Select aria-label={t('holidays.country')} style={{ width: 120 }} value={country} onChange={setCountry} options={COUNTRIES.map((c) => ({ value: c, label: c }))} showSearch />
        <Select aria-label={t('holidays.year')} style={{ width: 110 }} value={year} onChange={setYear} options={[-1, 0, 1].map((d) => ({ value: dayjs().year() + d, label: String(dayjs().year() + d) }))} />
        {canImport && !imported && <Button onClick={importList}>{t('holidays.import')}</Button>}
        <Tag color={imported ? 'processing' : 'default'}>{imported ? t('holidays.own_list') : t('holidays.library_list')}</Tag>
      </Space>
      <DataTable
        aria-label={t('leave.tabs.holidays')}
        rows={list.data ?? []}
        rowKey={(h) => `${h.date}-${h.name}`}
        loading={list.isFetching}
        empty={<Empty description={t('holidays.none')} />}
        columns={[
          { key: 'date', title: t('leave.date'), render: (h) => h.date },
          { key: 'name', title: t('holidays.name'), render: (h) => h.name },
          { key: 'counts', title: t('holidays.counts'), render: (h) => (h.counts ? t('holidays.day_off') : <Typography.Text type="secondary">{h.note ?? t('holidays.not_for_all')}</Typography.Text>) },
        ]}
      />
      <Typography.Text type="secondary">{t('holidays.source')}</Typography.Text>
    </Space>
  );
}
