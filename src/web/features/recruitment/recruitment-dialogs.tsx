import { Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import type { Opening } from '#shared/api/recruitment.ts';
import { EMPLOYMENT_TYPES } from '#shared/hr/model.ts';
import { minorOf } from '#shared/money/amounts.ts';
import { LocationPicker } from '../../components/location-picker.tsx';
import { memberOptions } from '../../lib/member-options.ts';
import { recruitmentApi, recruitmentKeys } from '../../lib/recruitment-api.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { useRecruitmentTranslation } from './recruitment-texts.ts';

// The recruitment hub's forms (an opening, an applicant added by hand): loaded when first opened, not
// with the hub (issue 22's budget).

type OpeningValues = {
  title: string; location: string; employment_type: (typeof EMPLOYMENT_TYPES)[number]; department_id?: string | null; hiring_manager_id?: string | null;
  description?: string; salary_min?: number | null; salary_max?: number | null; salary_currency?: string | null; closes_on?: Dayjs | null;
};

/** Make (`editing` 'new') or edit an opening; closed while `editing` is null. */
export function OpeningForm({ editing, onClose, onDone }: { editing: Opening | 'new' | null; onClose: () => void; onDone: () => void }) {
  const { t } = useRecruitmentTranslation();
  const [form] = Form.useForm<OpeningValues>();
  const open = editing !== null;
  const staff = useQuery({ queryKey: recruitmentKeys.staff, queryFn: recruitmentApi.staff, enabled: open });
  const departments = useQuery({ queryKey: recruitmentKeys.departments, queryFn: recruitmentApi.departments, enabled: open });
  const o = editing && editing !== 'new' ? editing : null;
  const { submit, busy } = useSubmit(
    (v: OpeningValues) => {
      const currency = v.salary_currency ? v.salary_currency.toUpperCase() : null;
      // Typed in major units, sent in minor units of the currency: the decimal as typed, never a float product.
      const minor = (n: number | null | undefined) => (n == null ? null : minorOf(String(n), currency ?? 'GBP'));
      const body = {
        title: v.title, location: v.location.toUpperCase(), employment_type: v.employment_type, department_id: v.department_id ?? null, hiring_manager_id: v.hiring_manager_id ?? null,
        description: v.description ?? '', salary_min_minor: minor(v.salary_min), salary_max_minor: minor(v.salary_max),
        salary_currency: currency, closes_on: v.closes_on ? v.closes_on.format('YYYY-MM-DD') : null,
      };
      return o ? recruitmentApi.updateOpening(o.id, body) : recruitmentApi.createOpening(body);
    },
    {
      success: t('openings.saved'),
      onSuccess: () => {
        onDone();
        onClose();
      },
    },
  );
  return (
    <Modal open={open} title={o ? t('openings.edit_title', { title: o.title }) : t('openings.new')} okText={t('save')} onOk={() => form.submit()} confirmLoading={busy} onCancel={onClose} width={760} destroyOnHidden>
      {!o && <Typography.Paragraph type="secondary">{t('openings.draft_hint')}</Typography.Paragraph>}
      <Form<OpeningValues> form={form} layout="vertical" onFinish={submit} preserve={false}
        initialValues={o ? {
          title: o.title, location: o.location, employment_type: o.employment_type, department_id: o.department_id, hiring_manager_id: o.hiring_manager_id, description: o.description,
          salary_min: o.salary_min_minor == null ? null : o.salary_min_minor / 100, salary_max: o.salary_max_minor == null ? null : o.salary_max_minor / 100, salary_currency: o.salary_currency,
        } : { employment_type: 'full_time', salary_currency: 'GBP' }}>
        <Row gutter={12}>
          <Col xs={24} md={16}><Form.Item name="title" label={t('openings.title')} rules={[{ required: true, message: t('required') }]}><Input maxLength={120} /></Form.Item></Col>
          <Col xs={24} md={8}><Form.Item name="location" label={t('openings.location_code')} rules={[{ required: true, message: t('openings.location_hint') }]}><LocationPicker initial={o ? { code: o.location, name: o.location_name ?? o.location } : null} /></Form.Item></Col>
          <Col xs={24} md={8}><Form.Item name="employment_type" label={t('openings.employment_type')}><Select options={EMPLOYMENT_TYPES.map((e) => ({ value: e, label: t(`employment_types.${e}`) }))} /></Form.Item></Col>
          <Col xs={24} md={8}><Form.Item name="department_id" label={t('openings.department')}><Select allowClear options={(departments.data ?? []).map((d) => ({ value: d.id, label: d.name }))} /></Form.Item></Col>
          <Col xs={24} md={8}><Form.Item name="hiring_manager_id" label={t('openings.hiring_manager')}><Select allowClear showSearch optionFilterProp="label" options={memberOptions(staff.data, o?.hiring_manager_id)} /></Form.Item></Col>
          <Col span={24}><Form.Item name="description" label={t('openings.description')}><Input.TextArea rows={6} maxLength={10000} /></Form.Item></Col>
          <Col xs={12} md={6}><Form.Item name="salary_min" label={t('openings.salary_min')}><InputNumber min={0} step={1000} precision={2} style={{ width: '100%' }} /></Form.Item></Col>
          <Col xs={12} md={6}><Form.Item name="salary_max" label={t('openings.salary_max')}><InputNumber min={0} step={1000} precision={2} style={{ width: '100%' }} /></Form.Item></Col>
          <Col xs={12} md={4}><Form.Item name="salary_currency" label={t('openings.currency')}><Input maxLength={3} /></Form.Item></Col>
          <Col xs={12} md={8}><Form.Item name="closes_on" label={t('openings.closes_on')}><DatePicker style={{ width: '100%' }} /></Form.Item></Col>
        </Row>
      </Form>
    </Modal>
  );
}

/** Add an applicant to an opening by hand. */
export function AddApplicant({ openingId, open, onClose }: { openingId: string; open: boolean; onClose: () => void }) {
  const { t } = useRecruitmentTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<{ name: string; email: string; phone?: string; cover_letter?: string }>();
  const { submit, busy } = useSubmit((v: { name: string; email: string; phone?: string; cover_letter?: string }) => recruitmentApi.addApplicant({ opening_id: openingId, ...v }), {
    success: (_, v) => t('pipeline.added', { name: v.name }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: recruitmentKeys.all });
      onClose();
    },
  });
  return (
    <Modal open={open} title={t('pipeline.add')} okText={t('save')} onOk={() => form.submit()} confirmLoading={busy} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('pipeline.add_hint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
        <Form.Item name="name" label={t('applicant.name')} rules={[{ required: true, message: t('required') }]}><Input maxLength={120} /></Form.Item>
        <Form.Item name="email" label={t('applicant.email')} rules={[{ required: true, type: 'email', message: t('email_invalid') }]}><Input maxLength={254} /></Form.Item>
        <Form.Item name="phone" label={t('applicant.phone')}><Input maxLength={40} /></Form.Item>
        <Form.Item name="cover_letter" label={t('applicant.notes')}><Input.TextArea rows={3} maxLength={5000} /></Form.Item>
      </Form>
    </Modal>
  );
}
