import { Button, Card, Col, Flex, Form, Input, InputNumber, Row, Select, Spin } from 'antd';
import { CloseOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Party, PartySuggestion, TransportLeg } from '#shared/api/operations.ts';
import { CUT_OFF_KINDS } from '#shared/operations/model.ts';
import { LocationPicker } from '../../components/location-picker.tsx';
import { MomentInput } from '../../components/moment-input.tsx';
import { checkEmail, translateValidation } from '../../lib/form-rules.ts';
import { operationsApi, operationsKeys } from '../../lib/operations-api.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useOperationsTranslation } from './operations-texts.ts';

/*
 * The parts of a transport plan the booking and the shipment forms share: a party picked from the
 * CRM or typed, the legs of the plan, the cut-offs, the package lines.
 */

/** A party as its form holds it: every field text, empty when unknown. */
export type PartyValues = { name?: string; address?: string; contact?: string; email?: string; phone?: string } | undefined;

/** The form's values of a party (undefined for none). */
export const partyValues = (p: Party | null): PartyValues =>
  p ? { name: p.name, address: p.address ?? '', contact: p.contact ?? '', email: p.email ?? '', phone: p.phone ?? '' } : undefined;

/** A party as the API takes it: null without a name, empty fields as null. */
export const partyOf = (p: PartyValues): Party | null =>
  p?.name?.trim()
    ? { name: p.name.trim(), address: p.address?.trim() || null, contact: p.contact?.trim() || null, email: p.email?.trim() || null, phone: p.phone?.trim() || null }
    : null;

/**
 * One party of a shipment or booking (shipper, consignee, notify …): picked from the CRM (a client
 * with its primary address and contact, one of its contacts, or a connected organisation) or typed.
 * `name` is the form field holding the party.
 */
export function PartyFields({ name, title, disabled }: { name: string; title: string; disabled?: boolean }) {
  const { t } = useOperationsTranslation();
  const form = Form.useFormInstance();
  const [term, setTerm] = useState('');
  const q = useDebounced(term.trim());
  const found = useQuery({
    queryKey: operationsKeys.parties(q),
    queryFn: ({ signal }) => operationsApi.parties(q, signal),
    enabled: q.length >= 2,
    staleTime: 60_000,
    retry: false,
  });
  const pick = (key: string) => {
    const s = found.data?.find((x: PartySuggestion) => `${x.kind}:${x.id}` === key);
    if (!s) return;
    form.setFieldValue(name, partyValues(s.party));
    setTerm('');
  };
  const anything = Form.useWatch(name, form) as PartyValues;
  const filled = Boolean(anything && Object.values(anything).some((v) => v?.trim()));
  return (
    <Card
      size="small"
      title={title}
      extra={filled && !disabled && (
        <Button type="text" size="small" icon={<CloseOutlined aria-hidden="true" />} onClick={() => form.setFieldValue(name, undefined)} aria-label={t('edit.party.remove_named', { party: title })}>
          {t('edit.party.remove')}
        </Button>
      )}
    >
      {!disabled && (
        <Select
          aria-label={t('edit.party.find_named', { party: title })}
          placeholder={t('edit.party.find')}
          style={{ width: '100%', marginBottom: 12 }}
          value={null}
          showSearch={{ filterOption: false, onSearch: setTerm, searchValue: term }}
          notFoundContent={found.isFetching ? <Spin size="small" /> : q.length >= 2 ? t('edit.party.none_found') : t('edit.party.type_more')}
          onChange={pick}
          options={(found.data ?? []).map((s) => ({ value: `${s.kind}:${s.id}`, label: `${s.label} · ${t(`edit.party.kinds.${s.kind}`)}` }))}
        />
      )}
      <Form.Item name={[name, 'name']} label={t('bookings.party.name')} dependencies={[[name, 'address'], [name, 'contact'], [name, 'email'], [name, 'phone']]}
        rules={[({ getFieldValue }) => ({
          validator: async (_r, v: string | undefined) => {
            const rest = getFieldValue(name) as PartyValues;
            if (!v?.trim() && rest && Object.values(rest).some((x) => x?.trim())) throw new Error(translateValidation('required'));
          },
        })]}>
        <Input disabled={disabled} maxLength={160} />
      </Form.Item>
      <Form.Item name={[name, 'address']} label={t('bookings.party.address')}><Input.TextArea disabled={disabled} autoSize={{ minRows: 2, maxRows: 4 }} maxLength={400} /></Form.Item>
      <Row gutter={8}>
        <Col xs={24} sm={8}><Form.Item name={[name, 'contact']} label={t('bookings.party.contact')}><Input disabled={disabled} maxLength={120} /></Form.Item></Col>
        <Col xs={24} sm={8}>
          <Form.Item name={[name, 'email']} label={t('bookings.party.email')}
            rules={[{ validator: async (_r, v: string | undefined) => { const p = v?.trim() ? checkEmail(v) : null; if (p) throw new Error(translateValidation(p)); } }]}>
            {/* Text with an e-mail keyboard: type="email" made the browser show its own bubble over the form's message. */}
            <Input type="text" inputMode="email" autoComplete="off" disabled={disabled} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}><Form.Item name={[name, 'phone']} label={t('bookings.party.phone')}><Input type="tel" disabled={disabled} maxLength={40} /></Form.Item></Col>
      </Row>
    </Card>
  );
}

/** A leg as its form holds it. */
export type LegValues = { mode: TransportLeg['mode']; from?: string; to?: string; carrier?: string; vessel?: string; voyage?: string; flight?: string; etd?: string | null; eta?: string | null };
export type CutOffValues = { kind: (typeof CUT_OFF_KINDS)[number]; at?: string | null };
const text = (v: string | undefined) => v?.trim() || null;

/** The legs of a form as the API takes them (times as ISO instants, empty text as null). */
export const legsOf = (legs: LegValues[] | undefined): TransportLeg[] =>
  (legs ?? []).map((l) => ({
    mode: l.mode, from: l.from ?? '', to: l.to ?? '', carrier: text(l.carrier), vessel: text(l.vessel), voyage: text(l.voyage), flight: text(l.flight),
    etd: l.etd ?? null, eta: l.eta ?? null,
  }));
/** The cut-offs of a form as the API takes them: those with a time, the earliest first. */
export const cutOffsOf = (cutOffs: CutOffValues[] | undefined) =>
  (cutOffs ?? []).filter((c) => c.at).map((c) => ({ kind: c.kind, at: c.at! })).sort((a, b) => Date.parse(a.at) - Date.parse(b.at));

/**
 * How a leg's places are searched: a sea or air leg among ports or airports only; a road or rail
 * leg anywhere (a truck leaves a port, a town), that mode's terminals listed first.
 */
const searchOf = (mode: TransportLeg['mode'] | undefined) => (mode === 'road' || mode === 'rail' ? { prefer: mode } : { mode });

/**
 * The transport plan (DCSA Booking 2.0 transportPlan): one card per leg with its carriage (vessel
 * and voyage, or flight by air), its places and its Estimated Time of Departure and of Arrival.
 * `places` names the UN/LOCODEs already there.
 */
export function LegsFields({ defaultMode, places, readOnly }: { defaultMode: TransportLeg['mode']; places: (code: string | undefined) => { code: string; name: string } | undefined; readOnly?: boolean }) {
  const { t } = useOperationsTranslation();
  const form = Form.useFormInstance();
  // Each leg's places are searched by that leg's mode (sea: ports and carriers' trade codes, air: airports …).
  const legs = Form.useWatch('legs', form) as LegValues[] | undefined;
  return (
    <Form.List name="legs">
      {(fields, { add, remove }) => (
        <Flex vertical gap={12}>
          {fields.map((field, i) => {
            const saved = (form.getFieldValue(['legs', field.name]) ?? {}) as LegValues;
            return (
              <Card key={field.key} size="small" title={t('edit.leg', { n: i + 1 })}
                extra={!readOnly && <Button type="text" aria-label={t('edit.remove_leg', { n: i + 1 })} icon={<DeleteOutlined aria-hidden="true" />} onClick={() => remove(field.name)} />}>
                <Row gutter={8}>
                  <Col xs={24} sm={6}>
                    <Form.Item name={[field.name, 'mode']} label={t('bookings.leg.mode')}>
                      <Select options={(['sea', 'air', 'road', 'rail'] as const).map((m) => ({ value: m, label: t(`bookings.leg.modes.${m}`) }))} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={9}>
                    <Form.Item name={[field.name, 'from']} label={t('bookings.leg.from')} rules={[{ required: true, message: t('shipments.required') }]}>
                      <LocationPicker aria-label={t('edit.leg_from', { n: i + 1 })} {...searchOf(legs?.[field.name]?.mode)} initial={places(saved.from)} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={9}>
                    <Form.Item name={[field.name, 'to']} label={t('bookings.leg.to')} rules={[{ required: true, message: t('shipments.required') }]}>
                      <LocationPicker aria-label={t('edit.leg_to', { n: i + 1 })} {...searchOf(legs?.[field.name]?.mode)} initial={places(saved.to)} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={8}><Form.Item name={[field.name, 'carrier']} label={t('shipments.carrier')}><Input maxLength={120} /></Form.Item></Col>
                  <Form.Item noStyle dependencies={[['legs', field.name, 'mode']]}>
                    {({ getFieldValue }) => (getFieldValue(['legs', field.name, 'mode']) === 'air' ? (
                      <Col xs={24} sm={16}><Form.Item name={[field.name, 'flight']} label={t('edit.flight')}><Input maxLength={20} /></Form.Item></Col>
                    ) : (
                      <>
                        <Col xs={14} sm={10}><Form.Item name={[field.name, 'vessel']} label={t('bookings.leg.vessel')}><Input maxLength={120} /></Form.Item></Col>
                        <Col xs={10} sm={6}><Form.Item name={[field.name, 'voyage']} label={t('edit.voyage')}><Input maxLength={40} /></Form.Item></Col>
                      </>
                    ))}
                  </Form.Item>
                  <Col xs={24} sm={12}>
                    <Form.Item name={[field.name, 'etd']} label={t('edit.etd')}><MomentInput aria-label={t('edit.leg_etd', { n: i + 1 })} /></Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item name={[field.name, 'eta']} label={t('edit.eta')}><MomentInput aria-label={t('edit.leg_eta', { n: i + 1 })} /></Form.Item>
                  </Col>
                </Row>
              </Card>
            );
          })}
          {!readOnly && <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => add({ mode: defaultMode, etd: null, eta: null })} style={{ alignSelf: 'flex-start' }}>{t('bookings.add_leg')}</Button>}
        </Flex>
      )}
    </Form.List>
  );
}

/** The cut-offs (documentation, VGM, FCL delivery, port, customs), each a kind and a moment. */
export function CutOffsFields({ readOnly }: { readOnly?: boolean } = {}) {
  const { t } = useOperationsTranslation();
  return (
    <Form.List name="cut_offs">
      {(fields, { add, remove }) => (
        <Flex vertical gap={4}>
          {fields.map((field, i) => (
            <Row gutter={8} key={field.key} align="top">
              <Col xs={24} sm={10}>
                <Form.Item name={[field.name, 'kind']} rules={[({ getFieldValue }) => ({
                  // One time per kind of cut-off: a second of the same kind is refused, as the server does.
                  validator: async (_r, kind: string) => {
                    const all = (getFieldValue('cut_offs') ?? []) as CutOffValues[];
                    if (all.some((c, j) => j !== field.name && c?.kind === kind)) throw new Error(translateValidation('cut_off_duplicate'));
                  },
                })]}>
                  <Select aria-label={t('edit.cut_off_kind', { n: i + 1 })} options={CUT_OFF_KINDS.map((k) => ({ value: k, label: t(`bookings.cut_off_kinds.${k}`) }))} />
                </Form.Item>
              </Col>
              <Col xs={20} sm={12}>
                <Form.Item name={[field.name, 'at']} rules={[{ required: true, message: t('shipments.required') }]}>
                  <MomentInput aria-label={t('edit.cut_off_at', { n: i + 1 })} />
                </Form.Item>
              </Col>
              {!readOnly && <Col xs={4} sm={2}><Button aria-label={t('edit.remove_cut_off', { n: i + 1 })} icon={<DeleteOutlined aria-hidden="true" />} onClick={() => remove(field.name)} /></Col>}
            </Row>
          ))}
          {!readOnly && <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => add({ kind: 'documentation', at: null })} style={{ alignSelf: 'flex-start' }}>{t('bookings.add_cut_off')}</Button>}
        </Flex>
      )}
    </Form.List>
  );
}

/** The carriage a shipment or booking of a mode starts its legs with. */
/** A size or weight above 0 (the server refuses 0 too); empty is left to `required`. */
const aboveZero = { validator: async (_r: unknown, v: string | number | null | undefined) => { if (v !== undefined && v !== null && v !== '' && !(Number(v) > 0)) throw new Error(translateValidation('above_zero')); } };
const PACKAGE_SIZES = ['length_cm', 'width_cm', 'height_cm', 'weight_kg'] as const;

/** Package lines (how many, length, width and height in cm, weight each in kg: decimal strings), a form list named `name`. */
export function PackagesFields({ name }: { name: string }) {
  const { t } = useOperationsTranslation();
  const required = { required: true, message: t('shipments.required') };
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <Flex vertical gap={8} style={{ marginBottom: 16 }}>
          {fields.map((field, i) => (
            <Row gutter={8} key={field.key} align="bottom" wrap>
              <Col xs={12} sm={4}>
                <Form.Item name={[field.name, 'packages']} label={t('edit.packages')} rules={[required]}>
                  <InputNumber aria-label={`${t('edit.packages')} ${i + 1}`} min={1} max={100000} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              {PACKAGE_SIZES.map((k) => (
                <Col xs={12} sm={k === 'weight_kg' ? 5 : 4} key={k}>
                  <Form.Item name={[field.name, k]} label={t(`edit.${k}`)} rules={[required, aboveZero]}>
                    <InputNumber<string> aria-label={`${t(`edit.${k}`)} ${i + 1}`} stringMode min="0" inputMode="decimal" style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              ))}
              {/* No label of its own (a blank one read "(optional)"): the row is aligned at the bottom, the margin is a field's. */}
              <Col xs={24} sm={3} style={{ paddingBottom: 24 }}>
                <Button aria-label={t('edit.remove_packages', { n: i + 1 })} icon={<DeleteOutlined aria-hidden="true" />} onClick={() => remove(field.name)} />
              </Col>
            </Row>
          ))}
          <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => add({ packages: 1 })} style={{ alignSelf: 'flex-start' }}>{t('edit.add_packages')}</Button>
        </Flex>
      )}
    </Form.List>
  );
}

export const legModeOf = (mode: string): TransportLeg['mode'] => (mode === 'air' ? 'air' : mode.startsWith('road') ? 'road' : mode === 'rail' ? 'rail' : 'sea');
