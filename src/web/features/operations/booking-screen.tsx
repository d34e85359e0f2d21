import { Alert, Button, Card, Col, Descriptions, Empty, Flex, Form, Input, InputNumber, Modal, Row, Select, Skeleton, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Booking } from '#shared/api/operations.ts';
import { PAYMENT_TERMS } from '#shared/api/operations.ts';
import { BOOKING_ACTIONS, mayBooking, type BookingAction } from '#shared/operations/model.ts';
import { formatDecimal } from '#shared/money/format.ts';
import { INCOTERMS_2020 } from '#shared/quotes/model.ts';
import { DataTable } from '../../components/data-table.tsx';
import { LocationPicker } from '../../components/location-picker.tsx';
import { Money } from '../../components/money.tsx';
import { RouteTitle } from '../../components/route-title.tsx';
import { isApiFailure } from '../../lib/api-failure.ts';
import { feedback, showFailure } from '../../lib/feedback.ts';
import { applyFieldErrors } from '../../lib/form-rules.ts';
import { operationsApi, operationsKeys } from '../../lib/operations-api.ts';
import { BookingStatusTag, SHIPMENTS_PATH, useCan, useChargeNames, useMoment } from './bits.tsx';
import { useOperationsTranslation } from './operations-texts.ts';
import { CutOffsFields, cutOffsOf, legModeOf, LegsFields, legsOf, PackagesFields, PartyFields, partyOf, partyValues, type CutOffValues, type LegValues, type PartyValues } from './plan-fields.tsx';

const QUOTES_PATH = '/organisation/crm/quotation-management';
type Act = Exclude<BookingAction, 'edit'>;
/** A charge's prepaid or collect as the form holds it: `booking` follows the booking's own term (null on the wire). */
type ChargeTerm = 'booking' | 'prepaid' | 'collect';
type CargoValues = { packages?: number; length_cm?: string; width_cm?: string; height_cm?: string; weight_kg?: string };
type FormValues = {
  origin?: string; destination?: string; incoterm?: string; equipment?: { iso_type?: string; count?: number }[]; cargo?: CargoValues[];
  shipper?: PartyValues; consignee?: PartyValues; notify?: PartyValues; booking_party?: PartyValues;
  pol?: string; pod?: string; place_of_receipt?: string; place_of_delivery?: string; carrier_booking_reference?: string; payment_term: 'prepaid' | 'collect';
  legs: LegValues[];
  cut_offs: CutOffValues[];
  charge_terms: ChargeTerm[];
};

/** The fields of the booking form, as the API names them (its field errors land on them). */
const FIELDS = ['origin', 'destination', 'incoterm', 'equipment', 'cargo', 'shipper', 'consignee', 'notify', 'booking_party', 'pol', 'pod', 'place_of_receipt', 'place_of_delivery', 'carrier_booking_reference', 'payment_term', 'legs', 'cut_offs', 'charge_terms'];

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
  const paymentTerm = Form.useWatch('payment_term', form);
  const [busy, setBusy] = useState<Act | 'save' | null>(null);
  const [asking, setAsking] = useState<Act | null>(null);
  const [answer, setAnswer] = useState('');
  const moment = useMoment();
  const can = useCan();
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
    if (!b) return;
    setBusy('save');
    // Only the charges whose term was changed are sent: a charge left "as the booking" follows the booking's term.
    const terms = (values.charge_terms ?? []).map((p) => (p === 'booking' ? null : p));
    const termsChanged = terms.some((p, i) => p !== (b.charges[i]?.payment ?? null));
    try {
      const next = await operationsApi.updateBooking(bookingId, {
        origin: values.origin, destination: values.destination, incoterm: values.incoterm ?? null,
        ...(b.equipment.length > 0
          ? { equipment: (values.equipment ?? []).map((e) => ({ iso_type: e.iso_type?.trim() ?? '', count: e.count ?? 1 })) }
          : { cargo: (values.cargo ?? []).map((c) => ({ packages: c.packages ?? 1, length_cm: c.length_cm ?? '', width_cm: c.width_cm ?? '', height_cm: c.height_cm ?? '', weight_kg: c.weight_kg ?? '' })) }),
        shipper: partyOf(values.shipper), consignee: partyOf(values.consignee), notify: partyOf(values.notify), booking_party: partyOf(values.booking_party),
        pol: values.pol ?? null, pod: values.pod ?? null, place_of_receipt: values.place_of_receipt ?? null, place_of_delivery: values.place_of_delivery ?? null,
        carrier_booking_reference: values.carrier_booking_reference || null, payment_term: values.payment_term,
        legs: legsOf(values.legs),
        cut_offs: cutOffsOf(values.cut_offs),
        ...(termsChanged && { charge_terms: terms }),
      });
      done(next);
      feedback().message.success(t('bookings.saved'));
    } catch (e) {
      if (isApiFailure(e) && applyFieldErrors(form, e, FIELDS)) return;
      if (isApiFailure(e) && e.code === 'invalid_transition') {
        // Confirmed, rejected or cancelled meanwhile: reload it, read only now.
        feedback().message.error(t('bookings.no_longer_editable'));
        client.invalidateQueries({ queryKey: operationsKeys.booking(bookingId) });
      } else showFailure(e);
    } finally {
      setBusy(null);
    }
  }

  if (booking.isPending) return <section className="fyn-page"><RouteTitle /><Skeleton active /></section>;
  if (!b) return <section className="fyn-page"><RouteTitle /><Empty description={t('bookings.not_found')} /></section>;
  // What the role may do and what the status allows, both: a viewer sees the booking read only, without its actions.
  const mayUpdate = can('operations', 'update');
  const editable = mayUpdate && mayBooking('edit', b.status);
  const placeName = (code: string | null | undefined) => (code ? { code, name: b.place_names[code] ?? code } : undefined);
  const actionButton = (action: Act, primary = false) =>
    mayUpdate && (BOOKING_ACTIONS[action] as readonly string[]).includes(b.status) && (
      <Button key={action} type={primary ? 'primary' : 'default'} danger={action === 'reject' || action === 'cancel'} loading={busy === action}
        onClick={() => (action === 'complete' ? act('complete') : setAsking(action))}>
        {t(`bookings.actions.${action}`)}
      </Button>
    );

  const partyCard = (name: 'shipper' | 'consignee' | 'notify' | 'booking_party') => (
    <Col xs={24} md={12} key={name}>
      <PartyFields name={name} title={t(`bookings.parties.${name}`)} disabled={!editable} />
    </Col>
  );

  return (
    <section className="fyn-page">
      <RouteTitle />
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
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
          <Alert type="success" showIcon title={<span>{t('bookings.shipment_made')} <Link to={`${SHIPMENTS_PATH}/${b.shipment_id}`}>{b.shipment_number}</Link></span>}
            description={b.status === 'confirmed' ? t('bookings.edit_on_shipment') : undefined} />
        )}
        {b.reason && <Alert type="warning" showIcon title={`${t('bookings.reason')}: ${b.reason}`} />}
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
            origin: b.origin, destination: b.destination, incoterm: b.incoterm ?? undefined,
            equipment: b.equipment.map((e) => ({ ...e })), cargo: b.cargo.map((c) => ({ ...c })),
            shipper: partyValues(b.parties.shipper), consignee: partyValues(b.parties.consignee), notify: partyValues(b.parties.notify), booking_party: partyValues(b.parties.booking_party),
            pol: b.pol ?? undefined, pod: b.pod ?? undefined, place_of_receipt: b.place_of_receipt ?? undefined, place_of_delivery: b.place_of_delivery ?? undefined,
            carrier_booking_reference: b.carrier_booking_reference ?? '', payment_term: b.payment_term,
            legs: b.legs.map((l) => ({ ...l, carrier: l.carrier ?? '', vessel: l.vessel ?? '', voyage: l.voyage ?? '', flight: l.flight ?? '' })),
            cut_offs: b.cut_offs.map((c) => ({ kind: c.kind, at: c.at })),
            charge_terms: b.charges.map((c): ChargeTerm => c.payment ?? 'booking'),
          }}
        >
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            {editable && <BookedFields b={b} />}
            <Row gutter={[16, 16]}>{(['shipper', 'consignee', 'notify', 'booking_party'] as const).map(partyCard)}</Row>
            <Card size="small" title={t('bookings.places')}>
              <Row gutter={16}>
                {(['place_of_receipt', 'pol', 'pod', 'place_of_delivery'] as const).map((name) => (
                  <Col xs={24} md={6} key={name}>
                    {editable ? (
                      <Form.Item name={name} label={t(`bookings.${name}`)}><LocationPicker aria-label={t(`bookings.${name}`)} mode={name === 'pol' || name === 'pod' ? b.mode : undefined} initial={placeName(b[name])} /></Form.Item>
                    ) : (
                      // Read only: the place as text, not an empty search box.
                      <Form.Item label={t(`bookings.${name}`)}><Typography.Text>{b[name] ? `${b.place_names[b[name]] ?? b[name]} (${b[name]})` : '—'}</Typography.Text></Form.Item>
                    )}
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
              <LegsFields defaultMode={legModeOf(b.mode)} places={placeName} readOnly={!editable} />
            </Card>
            <Card size="small" title={t('bookings.cut_offs')}>
              <CutOffsFields readOnly={!editable} />
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
                        <Select aria-label={t('bookings.payment_term_of', { charge: c.description ?? chargeName(c.charge_code_id) ?? t('bookings.charge') })} style={{ width: 230 }} popupMatchSelectWidth={false}
                          options={[
                            { value: 'booking', label: t('bookings.payment.as_booking', { term: t(`bookings.payment.${paymentTerm ?? b.payment_term}`) }) },
                            ...PAYMENT_TERMS.map((p) => ({ value: p, label: t(`bookings.payment.${p}`) })),
                          ]} />
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

/** A size or weight of a package: more than nothing, as the server asks. */

/**
 * What the quote booked, corrected while the booking is received: origin and destination (searched
 * by the booking's mode), the Incoterm, and the equipment (containers) or the cargo (packages).
 */
function BookedFields({ b }: { b: Booking }) {
  const { t } = useOperationsTranslation();
  const required = [{ required: true, message: t('shipments.required') }];
  const placeName = (code: string) => ({ code, name: b.place_names[code] ?? code });
  return (
    <Card size="small" title={t('bookings.booked')}>
      <Row gutter={16}>
        <Col xs={24} md={9}>
          <Form.Item name="origin" label={t('shipments.origin')} rules={required}><LocationPicker aria-label={t('shipments.origin')} mode={b.mode} initial={placeName(b.origin)} /></Form.Item>
        </Col>
        <Col xs={24} md={9}>
          <Form.Item name="destination" label={t('shipments.destination')} rules={required}><LocationPicker aria-label={t('shipments.destination')} mode={b.mode} initial={placeName(b.destination)} /></Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="incoterm" label={t('edit.incoterm')}><Select aria-label={t('edit.incoterm')} allowClear options={INCOTERMS_2020.map((i) => ({ value: i, label: i }))} /></Form.Item>
        </Col>
      </Row>
      {b.equipment.length > 0 ? (
        <Form.List name="equipment">
          {(fields, { add, remove }) => (
            <Flex vertical gap={4}>
              {fields.map((field, i) => (
                <Row gutter={8} key={field.key} align="bottom">
                  <Col xs={12} sm={6}>
                    <Form.Item name={[field.name, 'iso_type']} label={t('bookings.iso_type')} rules={[...required, { pattern: /^\s*[0-9A-Za-z]{2}[A-Za-z][0-9A-Za-z]\s*$/, message: t('bookings.iso_type_hint') }]}>
                      <Input aria-label={t('bookings.iso_type_n', { n: i + 1 })} maxLength={4} placeholder="45G1" />
                    </Form.Item>
                  </Col>
                  <Col xs={8} sm={4}>
                    <Form.Item name={[field.name, 'count']} label={t('bookings.count')} rules={required}>
                      <InputNumber aria-label={t('bookings.count_n', { n: i + 1 })} min={1} max={999} precision={0} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={4} sm={2} style={{ paddingBottom: 24 }}>
                    <Button aria-label={t('bookings.remove_equipment', { n: i + 1 })} icon={<DeleteOutlined aria-hidden="true" />} onClick={() => remove(field.name)} disabled={fields.length === 1} />
                  </Col>
                </Row>
              ))}
              <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => add({ iso_type: '', count: 1 })} style={{ alignSelf: 'flex-start' }}>{t('bookings.add_equipment')}</Button>
            </Flex>
          )}
        </Form.List>
      ) : (
        <PackagesFields name="cargo" />
      )}
    </Card>
  );
}
