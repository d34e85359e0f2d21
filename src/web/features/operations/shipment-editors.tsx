import { Alert, Button, Col, Flex, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import { useState } from 'react';
import type { Shipment, ShipmentPatchBody } from '#shared/api/operations.ts';
import { mayEditShipment } from '#shared/operations/model.ts';
import { INCOTERMS_2020 } from '#shared/quotes/model.ts';
import { LocationPicker } from '../../components/location-picker.tsx';
import { MomentInput } from '../../components/moment-input.tsx';
import { feedback } from '../../lib/feedback.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { applyFieldErrors } from '../../lib/form-rules.ts';
import { operationsApi } from '../../lib/operations-api.ts';
import { useMoment } from './bits.tsx';
import { CutOffsFields, cutOffsOf, legModeOf, LegsFields, legsOf, PackagesFields, PartyFields, partyOf, partyValues, type CutOffValues, type LegValues, type PartyValues } from './plan-fields.tsx';
import { useOperationsTranslation } from './operations-texts.ts';

/** The parts of a shipment the page edits, each in its own drawer. */
export type EditSection = 'parties' | 'route' | 'dates' | 'cargo';

type Values = {
  shipper?: PartyValues; consignee?: PartyValues; notify_party?: PartyValues;
  origin?: string; destination?: string; place_of_receipt?: string; pol?: string; pod?: string; place_of_delivery?: string; incoterm?: string;
  carrier?: string; vessel?: string; voyage?: string; flight?: string; master_ref?: string; legs?: LegValues[];
  etd?: string | null; eta?: string | null; cut_offs?: CutOffValues[];
  packages?: { packages?: number; length_cm?: string; width_cm?: string; height_cm?: string; weight_kg?: string }[]; goods_description?: string; free_days?: number;
};

/** The fields of each section, as the API names them (its field errors land on them). */
const FIELDS: Record<EditSection, readonly (keyof ShipmentPatchBody & keyof Values)[]> = {
  parties: ['shipper', 'consignee', 'notify_party'],
  route: ['origin', 'destination', 'place_of_receipt', 'pol', 'pod', 'place_of_delivery', 'incoterm', 'carrier', 'vessel', 'voyage', 'flight', 'master_ref', 'legs'],
  dates: ['etd', 'eta', 'cut_offs'],
  cargo: ['packages', 'goods_description', 'free_days'],
};

const text = (v: string | undefined) => v?.trim() || null;
/** A part of a drawer's form: the heading after the drawer's own title (h3, not h5: axe's heading order), at a part's size. */
const SUBTITLE = { fontSize: 16, marginTop: 8 };

function initialValues(s: Shipment): Values {
  return {
    shipper: partyValues(s.shipper), consignee: partyValues(s.consignee), notify_party: partyValues(s.notify_party),
    origin: s.origin, destination: s.destination, place_of_receipt: s.place_of_receipt ?? undefined, pol: s.pol ?? undefined, pod: s.pod ?? undefined,
    place_of_delivery: s.place_of_delivery ?? undefined, incoterm: s.incoterm ?? undefined,
    carrier: s.carrier ?? '', vessel: s.vessel ?? '', voyage: s.voyage ?? '', flight: s.flight ?? '', master_ref: s.master_ref ?? '',
    legs: s.legs.map((l) => ({ ...l, carrier: l.carrier ?? '', vessel: l.vessel ?? '', voyage: l.voyage ?? '', flight: l.flight ?? '' })),
    etd: s.atd ?? s.etd, eta: s.ata ?? s.eta,
    cut_offs: s.cut_offs.map((c) => ({ kind: c.kind, at: c.at })),
    packages: s.packages.map((p) => ({ ...p })), goods_description: s.goods_description ?? '', free_days: s.free_days,
  };
}

/** A size or weight of a package: more than nothing, as the server asks (it refuses 0). */

/** What a section's form sends: its own fields only, empty text as null. */
function bodyOf(section: EditSection, v: Values, s: Shipment): ShipmentPatchBody {
  switch (section) {
    case 'parties':
      return { shipper: partyOf(v.shipper), consignee: partyOf(v.consignee), notify_party: partyOf(v.notify_party) };
    case 'route':
      return {
        origin: v.origin, destination: v.destination, place_of_receipt: v.place_of_receipt ?? null, pol: v.pol ?? null, pod: v.pod ?? null, place_of_delivery: v.place_of_delivery ?? null,
        incoterm: v.incoterm ?? null, carrier: text(v.carrier), vessel: text(v.vessel), voyage: text(v.voyage), flight: text(v.flight), master_ref: text(v.master_ref),
        legs: legsOf(v.legs),
      };
    case 'dates':
      return {
        // A date that has happened is not sent: the server keeps it (409 otherwise).
        ...(mayEditShipment(s.status, 'etd') && { etd: v.etd ?? null }),
        ...(mayEditShipment(s.status, 'eta') && { eta: v.eta ?? null }),
        cut_offs: cutOffsOf(v.cut_offs),
      };
    case 'cargo':
      return {
        packages: (v.packages ?? []).map((p) => ({ packages: p.packages ?? 1, length_cm: p.length_cm ?? '0', width_cm: p.width_cm ?? '0', height_cm: p.height_cm ?? '0', weight_kg: p.weight_kg ?? '0' })),
        goods_description: text(v.goods_description), free_days: v.free_days ?? 0,
      };
  }
}

/**
 * The form of one section of a shipment (parties; route and carriage; dates and cut-offs; cargo),
 * shown in the page's drawer and loaded with it: it sends only its section's fields, shows the
 * server's field errors on the fields, and hands the saved shipment back.
 */
export function ShipmentEditor({ s, section, onSaved, onCancel }: { s: Shipment; section: EditSection; onSaved: (next: Shipment) => void; onCancel: () => void }) {
  const { t } = useOperationsTranslation();
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState<string | null>(null);
  const { submit: update, busy } = useSubmit((body: ShipmentPatchBody) => operationsApi.updateShipment(s.id, body), {
    onSuccess: (next) => onSaved(next),
    onFailure: (e) => {
      if (applyFieldErrors(form, e, FIELDS[section])) return true;
      // The server's own sentence is English: a known code in the interface's words, any other refusal in general ones.
      if (['not_editable', 'shipment_closed', 'validation_failed', 'job_locked'].includes(e.code)) setProblem(t(`edit.errors.${e.code}`));
      else if (e.status === 409 || e.status === 422) setProblem(t('edit.errors.other'));
      else return false;
      return true;
    },
  });
  const placeName = (code: string | null | undefined) => (code ? { code, name: s.place_names[code] ?? code } : undefined);

  async function save(values: Values) {
    const body = bodyOf(section, values, s);
    if (JSON.stringify(body) === JSON.stringify(bodyOf(section, initialValues(s), s))) {
      feedback().message.info(t('edit.nothing_changed'));
      return onCancel();
    }
    setProblem(null);
    update(body);
  }

  // Origin, destination and the ports are searched by the shipment's mode (ports by sea, airports by
  // air), as when it was opened; the places of receipt and delivery may be anywhere inland.
  const place = (name: 'origin' | 'destination' | 'place_of_receipt' | 'pol' | 'pod' | 'place_of_delivery', label: string, required = false) => (
    <Form.Item name={name} label={label} rules={required ? [{ required: true, message: t('shipments.required') }] : []}>
      <LocationPicker aria-label={label} mode={name === 'place_of_receipt' || name === 'place_of_delivery' ? undefined : s.mode} initial={placeName(s[name])} />
    </Form.Item>
  );
  const air = s.mode === 'air';

  return (
    <Form<Values> form={form} layout="vertical" requiredMark="optional" initialValues={initialValues(s)} onFinish={save} scrollToFirstError name={`shipment-${section}`}>
      {problem && <Alert type="error" showIcon title={problem} role="alert" style={{ marginBottom: 16 }} />}
      {section === 'parties' && (
        <Flex vertical gap={16}>
          <PartyFields name="shipper" title={t('shipments.parties.shipper')} />
          <PartyFields name="consignee" title={t('shipments.parties.consignee')} />
          <PartyFields name="notify_party" title={t('shipments.parties.notify_party')} />
        </Flex>
      )}
      {section === 'route' && (
        <>
          <Row gutter={16}>
            <Col xs={24} sm={12}>{place('origin', t('shipments.origin'), true)}</Col>
            <Col xs={24} sm={12}>{place('destination', t('shipments.destination'), true)}</Col>
            <Col xs={24} sm={12}>{place('place_of_receipt', t('bookings.place_of_receipt'))}</Col>
            <Col xs={24} sm={12}>{place('pol', t('bookings.pol'))}</Col>
            <Col xs={24} sm={12}>{place('pod', t('bookings.pod'))}</Col>
            <Col xs={24} sm={12}>{place('place_of_delivery', t('bookings.place_of_delivery'))}</Col>
            <Col xs={24} sm={8}>
              <Form.Item name="incoterm" label={t('edit.incoterm')}><Select allowClear options={INCOTERMS_2020.map((i) => ({ value: i, label: i }))} /></Form.Item>
            </Col>
            <Col xs={24} sm={16}><Form.Item name="master_ref" label={air ? t('edit.mawb') : t('edit.mbl')}><Input maxLength={40} /></Form.Item></Col>
            <Col xs={24} sm={air ? 12 : 8}><Form.Item name="carrier" label={t('shipments.carrier')}><Input maxLength={120} /></Form.Item></Col>
            {air ? (
              <Col xs={24} sm={12}><Form.Item name="flight" label={t('edit.flight')}><Input maxLength={20} /></Form.Item></Col>
            ) : (
              <>
                <Col xs={24} sm={10}><Form.Item name="vessel" label={t('edit.vessel')}><Input maxLength={120} /></Form.Item></Col>
                <Col xs={24} sm={6}><Form.Item name="voyage" label={t('edit.voyage')}><Input maxLength={40} /></Form.Item></Col>
              </>
            )}
          </Row>
          <Typography.Title level={3} style={SUBTITLE}>{t('bookings.transport_plan')}</Typography.Title>
          <LegsFields defaultMode={legModeOf(s.mode)} places={placeName} />
        </>
      )}
      {section === 'dates' && <DatesFields s={s} />}
      {section === 'cargo' && (
        <>
          <PackagesFields name="packages" />
          <Form.Item name="goods_description" label={t('shipments.goods')}><Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={1000} showCount /></Form.Item>
          <Form.Item name="free_days" label={t('shipments.free_days')} extra={t('edit.free_days_hint')} rules={[{ required: true, message: t('shipments.required') }]}>
            <InputNumber min={0} max={90} precision={0} suffix={t('edit.days')} style={{ width: 180 }} />
          </Form.Item>
        </>
      )}
      <Flex gap={12} style={{ marginTop: 8 }}>
        <Button type="primary" htmlType="submit" loading={busy}>{t('edit.save')}</Button>
        <Button onClick={onCancel}>{t('edit.cancel')}</Button>
      </Flex>
    </Form>
  );
}

/** The planned departure and arrival in the specification's words, and the cut-offs; a date that has happened shows as actual and stays. */
function DatesFields({ s }: { s: Shipment }) {
  const { t } = useOperationsTranslation();
  const when = useMoment();
  const date = (name: 'etd' | 'eta') => {
    const happened = !mayEditShipment(s.status, name);
    const actual = name === 'etd' ? s.atd : s.ata;
    return (
      <Form.Item name={name} label={happened ? t(name === 'etd' ? 'edit.atd' : 'edit.ata') : t(`edit.${name}`)} extra={happened ? t(name === 'etd' ? 'edit.departed_hint' : 'edit.arrived_hint', { at: when(actual ?? s[name]) }) : undefined}>
        <MomentInput disabled={happened} />
      </Form.Item>
    );
  };
  return (
    <>
      <Typography.Paragraph type="secondary">{t('edit.dates_hint')}</Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} sm={12}>{date('etd')}</Col>
        <Col xs={24} sm={12}>{date('eta')}</Col>
      </Row>
      <Typography.Title level={3} style={SUBTITLE}>{t('bookings.cut_offs')}</Typography.Title>
      <CutOffsFields />
    </>
  );
}
