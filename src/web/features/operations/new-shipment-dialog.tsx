import { Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { QUOTE_MODES, type QuoteMode } from '#shared/quotes/model.ts';
import { LocationPicker } from '../../components/location-picker.tsx';
import { useSubmit } from '../../lib/use-submit.ts';
import { operationsApi } from '../../lib/operations-api.ts';
import { useOperationsTranslation } from './operations-texts.ts';

type NewValues = { client_name: string; mode: QuoteMode; origin: string; destination: string; etd?: Dayjs | null; eta?: Dayjs | null; carrier?: string; master_ref?: string; currency: string; free_days: number; goods_description?: string };

/** A shipment opened directly (a job without a quotation): the client by name, the lane, the dates. */
export function NewShipment({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (id: string) => void }) {
  const { t } = useOperationsTranslation();
  const [form] = Form.useForm<NewValues>();
  const mode = Form.useWatch('mode', form);
  const { submit, busy } = useSubmit(
    (v: NewValues) =>
      operationsApi.createShipment({
        client_name: v.client_name, mode: v.mode, origin: v.origin, destination: v.destination, etd: v.etd?.toISOString() ?? null, eta: v.eta?.toISOString() ?? null,
        carrier: v.carrier || null, master_ref: v.master_ref || null, currency: v.currency, free_days: v.free_days, goods_description: v.goods_description || null,
      }),
    {
      success: (s) => t('shipments.created', { number: s.number }),
      onSuccess: (s) => {
        form.resetFields();
        onCreated(s.id);
      },
    },
  );
  return (
    <Modal open={open} title={t('shipments.new')} okText={t('shipments.create')} onOk={() => form.submit()} confirmLoading={busy} onCancel={onClose} width={720} destroyOnHidden>
      <Form<NewValues> form={form} layout="vertical" onFinish={submit} initialValues={{ mode: 'sea_fcl', currency: 'GBP', free_days: 7 }}>
        <Form.Item name="client_name" label={t('shipments.client')} rules={[{ required: true, message: t('shipments.required') }]}><Input /></Form.Item>
        <Row gutter={12}>
          <Col xs={24} md={8}><Form.Item name="mode" label={t('shipments.mode')}><Select options={QUOTE_MODES.map((m) => ({ value: m, label: t(`modes.${m}`) }))} /></Form.Item></Col>
          <Col xs={12} md={8}><Form.Item name="origin" label={t('shipments.origin')} rules={[{ required: true, message: t('shipments.required') }]}><LocationPicker aria-label={t('shipments.origin')} mode={mode} /></Form.Item></Col>
          <Col xs={12} md={8}><Form.Item name="destination" label={t('shipments.destination')} rules={[{ required: true, message: t('shipments.required') }]}><LocationPicker aria-label={t('shipments.destination')} mode={mode} /></Form.Item></Col>
          <Col xs={12} md={8}><Form.Item name="etd" label={t('shipments.etd')}><DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} /></Form.Item></Col>
          <Col xs={12} md={8}><Form.Item name="eta" label={t('shipments.eta')}><DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} /></Form.Item></Col>
          <Col xs={12} md={8}><Form.Item name="free_days" label={t('shipments.free_days')}><InputNumber min={0} max={90} style={{ width: '100%' }} /></Form.Item></Col>
          <Col xs={12} md={8}><Form.Item name="carrier" label={t('shipments.carrier')}><Input /></Form.Item></Col>
          <Col xs={12} md={8}><Form.Item name="master_ref" label={t('shipments.master_ref')}><Input /></Form.Item></Col>
          <Col xs={12} md={8}><Form.Item name="currency" label={t('shipments.currency')} rules={[{ required: true, pattern: /^[A-Za-z]{3}$/, message: t('shipments.currency_hint') }]}><Input maxLength={3} /></Form.Item></Col>
        </Row>
        <Form.Item name="goods_description" label={t('shipments.goods')}><Input.TextArea rows={2} /></Form.Item>
      </Form>
    </Modal>
  );
}
