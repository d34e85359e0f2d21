import { Alert, Button, Card, Col, DatePicker, Descriptions, Empty, Form, Input, Modal, Row, Select, Skeleton, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Booking } from '#shared/api/operations.ts';
import { PAYMENT_TERMS } from '#shared/api/operations.ts';
import { BOOKING_ACTIONS, CUT_OFF_KINDS, mayBooking, type BookingAction } from '#shared/operations/model.ts';
import { formatDecimal } from '#shared/money/format.ts';
import { DataTable } from '../../components/data-table.tsx';
import { LocationPicker } from '../../components/location-picker.tsx';
import { Money } from '../../components/money.tsx';
import { RouteTitle } from '../../components/route-title.tsx';
import { feedback, showFailure } from '../../lib/feedback.ts';
import { operationsApi, operationsKeys } from '../../lib/operations-api.ts';
import { BookingStatusTag, SHIPMENTS_PATH, useChargeNames, useMoment } from './bits.tsx';
import { useOperationsTranslation } from './operations-texts.ts';

const QUOTES_PATH = '/organisation/crm/quotation-management';
type Act = Exclude<BookingAction, 'edit'>;
type PartyForm = { name?: string; address?: string; contact?: string; email?: string; phone?: string } | undefined;
type FormValues = {
  shipper?: PartyForm; consignee?: PartyForm; notify?: PartyForm; booking_party?: PartyForm;
  pol?: string; pod?: string; place_of_receipt?: string; place_of_delivery?: string; carrier_booking_reference?: string; payment_term: 'prepaid' | 'collect';
  legs: { mode: 'sea' | 'air' | 'road' | 'rail'; from?: string; to?: string; carrier?: string; vessel?: string; voyage?: string; flight?: string; etd?: Dayjs | null; eta?: Dayjs | null }[];
  cut_offs: { kind: (typeof CUT_OFF_KINDS)[number]; at?: Dayjs | null }[];
  charge_terms: ('prepaid' | 'collect')[];
};

const party = (p: PartyForm) => (p?.name?.trim() ? { name: p.name.trim(), address: p.address || null, contact: p.contact || null, email: p.email || null, phone: p.phone || null } : null);
const partyValues = (p: Booking['parties']['shipper']) => (p ? { name: p.name, address: p.address ?? '', contact: p.contact ?? '', email: p.email ?? '', phone: p.phone ?? '' } : undefined);

/**
 * crm/quotation-management/booking/{bookingId}: a booking as the accepted quote made it, completed
 * with the DCSA Booking 2.0 details (parties, places, transport plan, cut-offs, prepaid or collect),
 * then confirmed (which opens the shipment), rejected, cancelled or completed.
 */
export function BookingScreen() {
  const { bookingId = '' } = useParams();
  const { t, i18n } = useOperationsTranslation();
  const client = useQueryClient();
  const booking = useQuery({ queryKey: operationsKeys.booking(bookingId), queryFn: () => operationsApi.booking(bookingId) });
  const [form] = Form.useForm<FormValues>();
  const legModes = Form.useWatch('legs', form)?.map((l) => l?.mode);
  const [busy, setBusy] = useState<Act | 'save' | null>(null);
  const [asking, setAsking] = useState<Act | null>(null);
  const [answer, setAnswer] = useState('');
  const moment = useMoment();
  const chargeName = useChargeNames();
  const b = booking.data;
  const num = (v: string) => formatDecimal(v, i18n.language);

  const done = (next: Booking) => {
    client.setQueryData(operationsKeys.booking(bookingId), next);
    client.invalidateQueries({ queryKey: ['shipments'] });
  };

  async function act(action: Act) {
    setBusy(action);
    try {
      const body = action === 'confirm' ? { carrier_booking_reference: answer.trim() || null } : action === 'complete' ? {} : { reason: answer.trim() };
      const next = await operationsApi.bookingAction(bookingId, action, body);
      done(next);
      setAsking(null);
      setAnswer('');
      feedback().message.success(t(`bookings.done.${action}`, { number: next.number }));
    } catch (e) {
      showFailure(e);
    } finally {
      setBusy(null);
    }
  }

  async function save(values: FormValues) {
    setBusy('save');
    try {
      const next = await operationsApi.updateBooking(bookingId, {
        shipper: party(values.shipper), consignee: party(values.consignee), notify: party(values.notify), booking_party: party(values.booking_party),
        pol: values.pol ?? null, pod: values.pod ?? null, place_of_receipt: values.place_of_receipt ?? null, place_of_delivery: values.place_of_delivery ?? null,
        carrier_booking_reference: values.carrier_booking_reference || null, payment_term: values.payment_term,
        legs: (values.legs ?? []).map((l) => ({ ...l, carrier: l.carrier || null, vessel: l.vessel || null, voyage: l.voyage || null, flight: l.flight || null, etd: l.etd?.toISOString() ?? null, eta: l.eta?.toISOString() ?? null })),
        cut_offs: (values.cut_offs ?? []).filter((c) => c.at).map((c) => ({ kind: c.kind, at: c.at!.toISOString() })),
        charge_terms: values.charge_terms,
      });
      done(next);
      feedback().message.success(t('bookings.saved'));
    } catch (e) {
      showFailure(e);
    } finally {
      setBusy(null);
    }
  }

  if (booking.isPending) return <section className="fyn-page"><RouteTitle /><Skeleton active /></section>;
  if (!b) return <section className="fyn-page"><RouteTitle /><Empty description={t('bookings.not_found')} /></section>;
  const editable = mayBooking('edit', b.status);
  const actionButton = (action: Act, primary = false) =>
    (BOOKING_ACTIONS[action] as readonly string[]).includes(b.status) && (
      <Button key={action} type={primary ? 'primary' : 'default'} danger={action === 'reject' || action === 'cancel'} loading={busy === action}
        onClick={() => (action === 'complete' ? act('complete') : setAsking(action))}>
        {t(`bookings.actions.${action}`)}
      </Button>
    );

  const partyCard = (name: 'shipper' | 'consignee' | 'notify' | 'booking_party') => (
    <Col xs={24} md={12} key={name}>
      <Card size="small" title={t(`bookings.parties.${name}`)}>
        <Form.Item name={[name, 'name']} label={t('bookings.party.name')}><Input disabled={!editable} /></Form.Item>
        <Form.Item name={[name, 'address']} label={t('bookings.party.address')}><Input.TextArea rows={2} disabled={!editable} /></Form.Item>
        <Space.Compact block>
          <Form.Item name={[name, 'contact']} label={t('bookings.party.contact')} style={{ flex: 1 }}><Input disabled={!editable} /></Form.Item>
          <Form.Item name={[name, 'email']} label={t('bookings.party.email')} style={{ flex: 1 }}><Input type="email" disabled={!editable} /></Form.Item>
          <Form.Item name={[name, 'phone']} label={t('bookings.party.phone')} style={{ flex: 1 }}><Input disabled={!editable} /></Form.Item>
        </Space.Compact>
      </Card>
    </Col>
  );

  return (
    <section className="fyn-page">
      <RouteTitle />
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Space wrap align="center" style={{ justifyContent: 'space-between', width: '100%' }}>
          <Space wrap align="center">
            <Typography.Title level={2} style={{ margin: 0 }}>{b.number}</Typography.Title>
            <BookingStatusTag status={b.status} />
          </Space>
          <Space wrap>
            {actionButton('confirm', true)}
            {actionButton('complete')}
            {actionButton('reject')}
            {actionButton('cancel')}
          </Space>
        </Space>
        {b.shipment_id && (
          <Alert type="success" showIcon message={<span>{t('bookings.shipment_made')} <Link to={`${SHIPMENTS_PATH}/${b.shipment_id}`}>{b.shipment_number}</Link></span>} />
        )}
        {b.reason && <Alert type="warning" showIcon message={`${t('bookings.reason')}: ${b.reason}`} />}
        <Card size="small">
          <Descriptions size="small" column={{ xs: 1, md: 3 }}>
            <Descriptions.Item label={t('bookings.client')}>{b.client.name}</Descriptions.Item>
            <Descriptions.Item label={t('bookings.from_quote')}><Link to={`${QUOTES_PATH}/${b.quote_id}`}>{b.quote_number}</Link></Descriptions.Item>
            <Descriptions.Item label={t('bookings.received')}>{moment(b.created_at)}</Descriptions.Item>
            <Descriptions.Item label={t('bookings.route')}>{`${b.origin_name ?? b.origin} (${b.origin}) → ${b.destination_name ?? b.destination} (${b.destination})`}</Descriptions.Item>
            <Descriptions.Item label={t('bookings.mode')}>{t(`modes.${b.mode}`)}{b.incoterm ? ` · ${b.incoterm}` : ''}</Descriptions.Item>
            <Descriptions.Item label={b.equipment.length ? t('bookings.equipment') : t('bookings.cargo')}>
              {b.equipment.length
                ? b.equipment.map((e) => `${e.count} × ${e.iso_type}`).join(', ')
                : b.cargo.map((c) => t('bookings.cargo_line', { packages: c.packages, l: num(c.length_cm), w: num(c.width_cm), h: num(c.height_cm), kg: num(c.weight_kg) })).join('; ') || '—'}
            </Descriptions.Item>
            {b.confirmed_equipment.length > 0 && (
              <Descriptions.Item label={t('bookings.confirmed_equipment')}>{b.confirmed_equipment.map((e) => `${e.count} × ${e.iso_type}`).join(', ')}</Descriptions.Item>
            )}
          </Descriptions>
        </Card>

        <Form<FormValues>
          form={form}
          layout="vertical"
          disabled={!editable}
          onFinish={save}
          initialValues={{
            shipper: partyValues(b.parties.shipper), consignee: partyValues(b.parties.consignee), notify: partyValues(b.parties.notify), booking_party: partyValues(b.parties.booking_party),
            pol: b.pol ?? undefined, pod: b.pod ?? undefined, place_of_receipt: b.place_of_receipt ?? undefined, place_of_delivery: b.place_of_delivery ?? undefined,
            carrier_booking_reference: b.carrier_booking_reference ?? '', payment_term: b.payment_term,
            legs: b.legs.map((l) => ({ ...l, carrier: l.carrier ?? '', vessel: l.vessel ?? '', voyage: l.voyage ?? '', flight: l.flight ?? '', etd: l.etd ? dayjs(l.etd) : null, eta: l.eta ? dayjs(l.eta) : null })),
            cut_offs: b.cut_offs.map((c) => ({ kind: c.kind, at: dayjs(c.at) })),
            charge_terms: b.charges.map((c) => c.payment ?? b.payment_term),
          }}
        >
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Row gutter={[16, 16]}>{(['shipper', 'consignee', 'notify', 'booking_party'] as const).map(partyCard)}</Row>
            <Card size="small" title={t('bookings.places')}>
              <Row gutter={16}>
                {(['place_of_receipt', 'pol', 'pod', 'place_of_delivery'] as const).map((name) => (
                  <Col xs={24} md={6} key={name}>
                    <Form.Item name={name} label={t(`bookings.${name}`)}><LocationPicker aria-label={t(`bookings.${name}`)} mode={name === 'pol' || name === 'pod' ? b.mode : undefined} initial={b[name] ? { code: b[name]!, name: b[name]! } : undefined} /></Form.Item>
                  </Col>
                ))}
                <Col xs={24} md={6}>
                  <Form.Item name="carrier_booking_reference" label={t('bookings.carrier_booking_reference')}><Input /></Form.Item>
                </Col>
                <Col xs={24} md={6}>
                  <Form.Item name="payment_term" label={t('bookings.payment_term')}>
                    <Select options={PAYMENT_TERMS.map((p) => ({ value: p, label: t(`bookings.payment.${p}`) }))} />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
            <Card size="small" title={t('bookings.transport_plan')}>
              <Form.List name="legs">
                {(fields, { add, remove }) => (
                  <>
                    {fields.map((field) => (
                      <Row gutter={8} key={field.key} align="bottom">
                        <Col xs={12} md={3}><Form.Item name={[field.name, 'mode']} label={t('bookings.leg.mode')}><Select options={['sea', 'air', 'road', 'rail'].map((m) => ({ value: m, label: t(`bookings.leg.modes.${m}`) }))} /></Form.Item></Col>
                        <Col xs={12} md={3}><Form.Item name={[field.name, 'from']} label={t('bookings.leg.from')} rules={[{ required: true, message: t('bookings.required') }]}><LocationPicker aria-label={t('bookings.leg.from')} mode={legModes?.[field.name]} initial={b.legs[field.name] ? { code: b.legs[field.name].from, name: b.legs[field.name].from } : undefined} /></Form.Item></Col>
                        <Col xs={12} md={3}><Form.Item name={[field.name, 'to']} label={t('bookings.leg.to')} rules={[{ required: true, message: t('bookings.required') }]}><LocationPicker aria-label={t('bookings.leg.to')} mode={legModes?.[field.name]} initial={b.legs[field.name] ? { code: b.legs[field.name].to, name: b.legs[field.name].to } : undefined} /></Form.Item></Col>
                        <Col xs={12} md={3}><Form.Item name={[field.name, 'carrier']} label={t('bookings.leg.carrier')}><Input /></Form.Item></Col>
                        <Col xs={12} md={3}><Form.Item name={[field.name, 'vessel']} label={t('bookings.leg.vessel')}><Input /></Form.Item></Col>
                        <Col xs={12} md={2}><Form.Item name={[field.name, 'voyage']} label={t('bookings.leg.voyage')}><Input /></Form.Item></Col>
                        <Col xs={12} md={3}><Form.Item name={[field.name, 'etd']} label={t('bookings.leg.etd')}><DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} /></Form.Item></Col>
                        <Col xs={12} md={3}><Form.Item name={[field.name, 'eta']} label={t('bookings.leg.eta')}><DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} /></Form.Item></Col>
                        <Col xs={24} md={1}><Form.Item><Button aria-label={t('bookings.remove')} icon={<DeleteOutlined aria-hidden="true" />} onClick={() => remove(field.name)} /></Form.Item></Col>
                      </Row>
                    ))}
                    <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => add({ mode: b.mode === 'air' ? 'air' : b.mode.startsWith('road') ? 'road' : b.mode === 'rail' ? 'rail' : 'sea' })}>{t('bookings.add_leg')}</Button>
                  </>
                )}
              </Form.List>
            </Card>
            <Card size="small" title={t('bookings.cut_offs')}>
              <Form.List name="cut_offs">
                {(fields, { add, remove }) => (
                  <>
                    {fields.map((field) => (
                      <Space key={field.key} align="baseline" wrap>
                        <Form.Item name={[field.name, 'kind']}><Select style={{ width: 200 }} aria-label={t('bookings.cut_off_kind')} options={CUT_OFF_KINDS.map((k) => ({ value: k, label: t(`bookings.cut_off_kinds.${k}`) }))} /></Form.Item>
                        <Form.Item name={[field.name, 'at']}><DatePicker showTime format="YYYY-MM-DD HH:mm" aria-label={t('bookings.cut_off_at')} /></Form.Item>
                        <Button aria-label={t('bookings.remove')} icon={<DeleteOutlined aria-hidden="true" />} onClick={() => remove(field.name)} />
                      </Space>
                    ))}
                    <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => add({ kind: 'documentation', at: null })}>{t('bookings.add_cut_off')}</Button>
                  </>
                )}
              </Form.List>
            </Card>
            <Card size="small" title={t('bookings.charges')}>
              <DataTable
                aria-label={t('bookings.charges')}
                rows={b.charges.map((c, i) => ({ ...c, i }))}
                rowKey={(c) => String(c.i)}
                columns={[
                  { key: 'charge', title: t('bookings.charge'), render: (c) => c.description ?? chargeName(c.charge_code_id) ?? '—' },
                  { key: 'quantity', title: t('bookings.quantity'), align: 'end', render: (c) => num(c.quantity) },
                  { key: 'sell', title: t('bookings.unit_price'), align: 'end', render: (c) => <Money minor={c.sell.amount_minor} currency={c.sell.currency} /> },
                  { key: 'total', title: t('bookings.amount_in', { currency: b.currency }), align: 'end', render: (c) => <Money minor={c.sell_in_quote_minor} currency={b.currency} /> },
                  {
                    key: 'payment', title: t('bookings.payment_term'),
                    render: (c) => (
                      <Form.Item name={['charge_terms', c.i]} noStyle>
                        <Select aria-label={t('bookings.payment_term')} style={{ width: 130 }} options={PAYMENT_TERMS.map((p) => ({ value: p, label: t(`bookings.payment.${p}`) }))} />
                      </Form.Item>
                    ),
                  },
                ]}
              />
              <Typography.Text strong>{t('bookings.total')}: <Money minor={b.sell_minor} currency={b.currency} /></Typography.Text>
            </Card>
            {editable && <Button type="primary" htmlType="submit" loading={busy === 'save'}>{t('bookings.save')}</Button>}
          </Space>
        </Form>
      </Space>
      <Modal
        open={asking !== null}
        title={asking ? t(`bookings.ask.${asking}`) : ''}
        okText={asking ? t(`bookings.actions.${asking}`) : ''}
        okButtonProps={{ danger: asking === 'reject' || asking === 'cancel', disabled: asking !== 'confirm' && !answer.trim(), loading: busy === asking }}
        onOk={() => asking && act(asking)}
        onCancel={() => { setAsking(null); setAnswer(''); }}
      >
        {asking === 'confirm' && <Typography.Paragraph type="secondary">{t('bookings.confirm_hint')}</Typography.Paragraph>}
        <Input
          aria-label={asking === 'confirm' ? t('bookings.carrier_booking_reference') : t('bookings.reason')}
          placeholder={asking === 'confirm' ? t('bookings.carrier_booking_reference') : t('bookings.reason')}
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
        />
      </Modal>
    </section>
  );
}
