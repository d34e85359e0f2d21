import { Button, Card, Col, Empty, Flex, Form, Input, Modal, Row, Select, Skeleton, Space, Switch, Tag, Timeline, Typography } from 'antd';
import { DeleteOutlined, FilePdfOutlined, MailOutlined, PlusOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { Shipment, ShipmentActivity, ShipmentDocument } from '#shared/api/operations.ts';
import { containerNumberProblem } from '#shared/operations/iso6346.ts';
import { formatDecimal } from '#shared/money/format.ts';
import { profitOf } from '#shared/operations/charges.ts';
import { DOCUMENT_TYPES, EVENT_CLASSIFIERS, EVENT_CODES, EVENT_TYPES, type DocumentType, type EventType } from '#shared/operations/model.ts';
import { DOCUMENT_LANGUAGES } from '#shared/resources/operations.ts';
import { DataTable } from '../../components/data-table.tsx';
import { LocationPicker } from '../../components/location-picker.tsx';
import { Money } from '../../components/money.tsx';
import { MoneyInput } from '../../components/money-input.tsx';
import { MomentInput } from '../../components/moment-input.tsx';
import { validationKeyOf } from '../../lib/form-rules.ts';
import { showFailure } from '../../lib/feedback.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { documentPdfUrl, operationsApi, operationsKeys } from '../../lib/operations-api.ts';
import { EventTimeline, useCan, useChargeCodes, useChargeNames, useMoment } from './bits.tsx';
import { RegenerateButton, useGenerate } from './document-actions.tsx';
import { useOperationsTranslation } from './operations-texts.ts';
import { mayEditShipment } from '#shared/operations/model.ts';

// "Read a document" (the assistant) loads with the documents tab, with its own texts.
const ReadDocument = lazy(async () => ({ default: (await import('./shipment-assistant.tsx')).ReadDocument }));

/*
 * The shipment page's tabs beyond its overview (tracking, containers, costs and revenue,
 * documents): loaded when one is first opened, so that the page's first load carries neither the
 * date picker of the event form nor the money inputs.
 */

type EventValues = { event_type: EventType; code: string; classifier: 'PLN' | 'EST' | 'ACT'; location?: string; occurred_at: string; container_number?: string };

export function TrackingTab({ s, onChanged }: { s: Shipment; onChanged: () => void }) {
  const { t } = useOperationsTranslation();
  const events = useQuery({ queryKey: operationsKeys.events(s.id), queryFn: () => operationsApi.events(s.id) });
  const [form] = Form.useForm<EventValues>();
  const type = Form.useWatch('event_type', form) ?? 'TRANSPORT';
  const closed = s.status === 'closed' || s.status === 'cancelled';
  const mayUpdate = useCan()('operations', 'update');
  const { submit: add, busy } = useSubmit((v: EventValues) => operationsApi.addEvent(s.id, { ...v, location: v.location ?? null, container_number: v.container_number || null }), {
    success: t('tracking.event_added'),
    onSuccess: () => {
      form.resetFields(['code', 'occurred_at', 'container_number']);
      onChanged();
    },
  });
  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} lg={14}>
        {events.data?.length ? (
          <EventTimeline events={events.data} />
        ) : (
          <Empty description={t('tracking.no_events')} />
        )}
      </Col>
      {mayUpdate && <Col xs={24} lg={10}>
        <Card size="small" title={t('tracking.add_event')}>
          <Form<EventValues> form={form} layout="vertical" onFinish={add} disabled={closed} initialValues={{ event_type: 'TRANSPORT', classifier: 'ACT', occurred_at: new Date().toISOString() }}>
            <Form.Item name="event_type" label={t('tracking.event_type')}>
              <Select onChange={() => form.setFieldValue('code', undefined)} options={EVENT_TYPES.map((x) => ({ value: x, label: t(`events.types.${x}`) }))} />
            </Form.Item>
            <Form.Item name="code" label={t('tracking.code')} rules={[{ required: true, message: t('shipments.required') }]}>
              <Select showSearch options={EVENT_CODES[type].map((c) => ({ value: c, label: `${c} · ${t(`events.codes.${c}`, { defaultValue: c })}` }))} />
            </Form.Item>
            <Form.Item name="classifier" label={t('tracking.classifier')}>
              <Select options={EVENT_CLASSIFIERS.map((c) => ({ value: c, label: t(`events.classifiers.${c}`) }))} />
            </Form.Item>
            <Form.Item name="location" label={t('tracking.location')} rules={type === 'TRANSPORT' ? [{ required: true, message: t('shipments.required') }] : []}><LocationPicker aria-label={t('tracking.location')} /></Form.Item>
            <Form.Item name="occurred_at" label={t('tracking.occurred_at')} rules={[{ required: true, message: t('shipments.required') }]}><MomentInput /></Form.Item>
            {type === 'EQUIPMENT' && (
              <Form.Item name="container_number" label={t('tracking.container')} rules={[{ required: true, message: t('shipments.required') }]}>
                <Select options={s.containers.map((c) => ({ value: c.number, label: `${c.number} · ${c.iso_type}` }))} />
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit" loading={busy}>{t('tracking.add')}</Button>
          </Form>
        </Card>
      </Col>}
    </Row>
  );
}

export function ContainersTab({ s, onChanged }: { s: Shipment; onChanged: () => void }) {
  const { t } = useOperationsTranslation();
  const moment = useMoment();
  const [form] = Form.useForm<{ number: string; iso_type: string; seal?: string }>();
  const mayUpdate = useCan()('operations', 'update');
  const { submit: add, busy } = useSubmit((v: { number: string; iso_type: string; seal?: string }) => operationsApi.addContainer(s.id, { number: v.number, iso_type: v.iso_type, seal: v.seal || null }), {
    onSuccess: () => {
      form.resetFields();
      onChanged();
    },
    onFailure: (e) => {
      if (!e.fields?.number) return false;
      form.setFields([{ name: 'number', errors: [t(`containers.${validationKeyOf(e.fields.number)}`, { defaultValue: e.fields.number })] }]);
      return true;
    },
  });
  async function remove(id: string) {
    try {
      await operationsApi.removeContainer(s.id, id);
      onChanged();
    } catch (e) {
      showFailure(e);
    }
  }
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <DataTable
        aria-label={t('shipments.tabs.containers', { count: s.containers.length })}
        rows={s.containers}
        rowKey={(c) => c.id}
        empty={<Empty description={t('containers.none')} />}
        columns={[
          { key: 'number', title: t('containers.number'), render: (c) => <strong className="fyn-num">{c.number}</strong> },
          { key: 'type', title: t('containers.type'), render: (c) => c.iso_type },
          { key: 'seal', title: t('containers.seal'), render: (c) => c.seal ?? '—' },
          { key: 'disc', title: t('containers.discharged'), render: (c) => moment(c.discharged_at) },
          { key: 'free', title: t('containers.free_until'), render: (c) => (c.discharged_at ? moment(new Date(Date.parse(c.discharged_at) + s.free_days * 86_400_000).toISOString()) : '—') },
          { key: 'out', title: t('containers.gated_out'), render: (c) => (c.gated_out ? <Tag color="success">{t('containers.yes')}</Tag> : <Tag>{t('containers.no')}</Tag>) },
          ...(mayUpdate ? [{ key: 'remove', title: <span className="fyn-visually-hidden">{t('containers.remove_column')}</span>, render: (c: Shipment['containers'][number]) => <Button aria-label={t('containers.remove', { number: c.number })} icon={<DeleteOutlined aria-hidden="true" />} onClick={() => remove(c.id)} /> }] : []),
        ]}
      />
      {mayUpdate && <Form form={form} layout="inline" onFinish={add} disabled={s.status === 'closed' || s.status === 'cancelled'}>
        <Form.Item name="number" label={t('containers.number')} rules={[{ required: true, message: t('shipments.required') }, {
          validator: (_, v: string | undefined) => {
            const problem = v ? containerNumberProblem(v) : null;
            return problem ? Promise.reject(new Error(t(`containers.container_${problem}`))) : Promise.resolve();
          },
        }]}>
          <Input placeholder="MSCU1234566" style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="iso_type" label={t('containers.type')} rules={[{ required: true, message: t('shipments.required') }]}><Input placeholder="45G1" style={{ width: 90 }} maxLength={4} /></Form.Item>
        <Form.Item name="seal" label={t('containers.seal')}><Input style={{ width: 140 }} /></Form.Item>
        <Button type="primary" htmlType="submit" icon={<PlusOutlined aria-hidden="true" />} loading={busy}>{t('containers.add')}</Button>
      </Form>}
    </Space>
  );
}

type ChargeLine = Shipment['charges'][number];

/** The rate to the base currency frozen on the shipment (its figures in analytics use it), or why there is none. */
function FrozenRate({ s, language }: { s: Shipment; language: string }) {
  const { t } = useOperationsTranslation();
  const r = s.frozen_rate;
  if (r && r.base === s.currency) return null;
  return (
    <Typography.Text type="secondary" data-testid="frozen-rate">
      {r
        ? t('charges.frozen_rate', { currency: s.currency, rate: formatDecimal(r.rate, language), base: r.base, date: r.rate_date, source: t(`charges.rate_source.${r.source}`) })
        : t('charges.no_frozen_rate')}
    </Typography.Text>
  );
}

/**
 * The job's charge lines, quoted against actual, in the shipment currency: amounts typed in major
 * units and kept exact in minor units, the profit worked out as they are typed; locked once
 * accounts signed the job off.
 */
/** A column title that may wrap (the table's headers do not): the charges table fits 1366 px without scrolling. */
const wraps = (title: string) => <span style={{ whiteSpace: 'normal' }}>{title}</span>;

export function ChargesTab({ s, onChanged }: { s: Shipment; onChanged: (next?: Shipment) => void }) {
  const { t, i18n } = useOperationsTranslation();
  const can = useCan();
  const [rows, setRows] = useState(s.charges);
  const codes = useChargeCodes();
  const chargeName = useChargeNames();
  const locked = s.signoff_status === 'accounts_signed' || !can('operations', 'update');
  const dirty = JSON.stringify(rows) !== JSON.stringify(s.charges);
  const figures = profitOf(rows);
  const set = (i: number, patch: Partial<ChargeLine>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const { submit: save, busy } = useSubmit(() => operationsApi.saveCharges(s.id, rows.map((r) => ({ ...r, description: r.description?.trim() || null }))), {
    success: t('charges.saved'),
    onSuccess: (next) => {
      setRows(next.charges);
      onChanged(next);
    },
  });
  const summary = (label: string, f: Shipment['quoted']) => (
    <Col xs={24} md={12}>
      <Card size="small" title={label}>
        <div>{t('charges.sell')}: <Money minor={f.sell_minor} currency={s.currency} /></div>
        <div>{t('charges.buy')}: <Money minor={f.buy_minor} currency={s.currency} /></div>
        <div><strong>{t('charges.profit')}: <Money minor={f.profit_minor} currency={s.currency} />{f.margin_pct !== null && ` (${f.margin_pct} %)`}</strong></div>
      </Card>
    </Col>
  );
  const amount = (k: 'quoted_sell_minor' | 'quoted_buy_minor' | 'actual_sell_minor' | 'actual_buy_minor') => ({
    key: k, title: wraps(t(`charges.${k}`)), align: 'end' as const,
    render: (r: ChargeLine & { i: number }) => (
      <MoneyInput aria-label={`${t(`charges.${k}`)} ${r.i + 1}`} value={r[k]} currency={s.currency} disabled={locked} style={{ width: 112 }}
        placeholder={k.startsWith('actual') ? t('charges.as_quoted') : undefined}
        onChange={(v) => set(r.i, { [k]: k.startsWith('quoted') ? v ?? 0 : v })} />
    ),
  });
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>{summary(t('charges.quoted'), dirty ? figures.quoted : s.quoted)}{summary(t('charges.actual'), dirty ? figures.actual : s.actual)}</Row>
      <Typography.Text type="secondary">{t('charges.hint', { currency: s.currency })}</Typography.Text>
      <FrozenRate s={s} language={i18n.language} />
      <DataTable
        aria-label={t('shipments.tabs.charges')}
        rows={rows.map((r, i) => ({ ...r, i }))}
        rowKey={(r) => String(r.i)}
        empty={<Empty description={t('charges.none')} />}
        columns={[
          {
            key: 'code', title: wraps(t('charges.code')),
            render: (r) => (
              <Select aria-label={`${t('charges.code')} ${r.i + 1}`} value={r.charge_code_id ?? undefined} allowClear disabled={locked} style={{ width: 150 }} popupMatchSelectWidth={280} placeholder={t('charges.choose_code')}
                showSearch={{ optionFilterProp: 'label' }} onChange={(v: string | undefined) => set(r.i, { charge_code_id: v ?? null })}
                options={(codes.data?.data ?? []).map((c) => ({ value: c.id, label: `${c.code} — ${c.name}` }))} />
            ),
          },
          { key: 'd', title: wraps(t('charges.charge')), render: (r) => <Input aria-label={`${t('charges.charge')} ${r.i + 1}`} value={r.description ?? ''} placeholder={chargeName(r.charge_code_id) ?? ''} disabled={locked} maxLength={200} style={{ minWidth: 136 }} onChange={(e) => set(r.i, { description: e.target.value || null })} /> },
          amount('quoted_sell_minor'), amount('quoted_buy_minor'), amount('actual_sell_minor'), amount('actual_buy_minor'),
          { key: 'p', title: wraps(t('charges.payment')), render: (r) => <Select aria-label={`${t('charges.payment')} ${r.i + 1}`} disabled={locked} value={r.payment} style={{ width: 136 }} popupMatchSelectWidth={false} onChange={(v) => set(r.i, { payment: v })} options={[{ value: 'prepaid', label: t('bookings.payment.prepaid') }, { value: 'collect', label: t('bookings.payment.collect') }]} /> },
          { key: 'x', title: <span className="fyn-visually-hidden">{t('charges.remove_column')}</span>, render: (r) => <Button aria-label={`${t('charges.remove')} ${r.i + 1}`} disabled={locked} icon={<DeleteOutlined aria-hidden="true" />} onClick={() => setRows(rows.filter((_, j) => j !== r.i))} /> },
        ]}
      />
      <Space wrap>
        <Button disabled={locked} icon={<PlusOutlined aria-hidden="true" />} onClick={() => setRows([...rows, { charge_code_id: null, description: '', quoted_sell_minor: 0, quoted_buy_minor: 0, actual_sell_minor: null, actual_buy_minor: null, payment: 'prepaid' }])}>{t('charges.add')}</Button>
        <Button type="primary" disabled={locked || !dirty} loading={busy} onClick={() => save()}>{t('charges.save')}</Button>
        {dirty && <Button onClick={() => setRows(s.charges)}>{t('charges.undo')}</Button>}
        {dirty && <Typography.Text type="warning">{t('charges.unsaved')}</Typography.Text>}
        {s.signoff_status === 'accounts_signed' && <Typography.Text type="secondary">{t('charges.locked')}</Typography.Text>}
      </Space>
    </Flex>
  );
}

/** Which documents fit a mode: bills of lading for sea, air waybills for air, the rest for all. */
const fits = (type: DocumentType, s: Shipment) => (type === 'hbl' ? s.mode.startsWith('sea') : type === 'hawb' ? s.mode === 'air' : type === 'quotation' ? Boolean(s.booking_id) : true);

export function DocumentsTab({ s, onChanged }: { s: Shipment; onChanged: (next?: Shipment) => void }) {
  const { t, i18n } = useOperationsTranslation();
  const can = useCan();
  const moment = useMoment();
  const [type, setType] = useState<DocumentType>(s.mode === 'air' ? 'hawb' : s.mode.startsWith('sea') ? 'hbl' : 'booking_confirmation');
  const [withoutOrigin, setWithoutOrigin] = useState(false);
  const [language, setLanguage] = useState<string>(DOCUMENT_LANGUAGES.includes(i18n.language as never) ? i18n.language : 'en');
  const { busy, generate: make } = useGenerate(s, onChanged);
  const [mailing, setMailing] = useState<ShipmentDocument | null>(null);
  const generate = () => make({ type, without_origin: withoutOrigin && type !== 'collection_origin', language });
  // Generating (and regenerating) needs documents.create, e-mailing documents.update, as the server asks.
  const mayGenerate = can('documents', 'create');
  const mayEmail = can('documents', 'update');
  const mayRead = can('operations', 'update');
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {(mayGenerate || mayRead) && <Card size="small" title={t('documents.generate')}
        extra={mayRead && <Suspense fallback={null}><ReadDocument s={s} onChanged={onChanged} disabled={!mayEditShipment(s.status)} /></Suspense>}>
        {mayGenerate && <><Space wrap align="center">
          <Select<DocumentType> aria-label={t('documents.type')} style={{ width: 260 }} value={type} onChange={setType}
            options={DOCUMENT_TYPES.filter((d) => fits(d, s)).map((d) => ({ value: d, label: t(`documents.types.${d}`) }))} />
          <Select aria-label={t('documents.language')} style={{ width: 130 }} value={language} onChange={setLanguage} options={DOCUMENT_LANGUAGES.map((l) => ({ value: l, label: t(`documents.languages.${l}`) }))} />
          {type !== 'quotation' && type !== 'collection_origin' && <Space><Switch checked={withoutOrigin} onChange={setWithoutOrigin} aria-label={t('documents.without_origin')} />{t('documents.without_origin')}</Space>}
          <Button type="primary" icon={<FilePdfOutlined aria-hidden="true" />} loading={busy} onClick={generate}>{t('documents.generate_button')}</Button>
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>{t('documents.versions_hint')}</Typography.Paragraph></>}
      </Card>}
      <DataTable
        aria-label={t('shipments.tabs.documents', { count: s.documents.length })}
        rows={s.documents}
        rowKey={(d) => d.id}
        empty={<Empty description={t('documents.none')} />}
        columns={[
          { key: 'type', title: t('documents.type'), render: (d) => <>{t(`documents.types.${d.type}`)}{d.without_origin && <Tag style={{ marginLeft: 6 }}>{t('documents.without_origin')}</Tag>}</> },
          {
            key: 'number', title: t('documents.number'),
            render: (d) => (
              <Space size={4} wrap>
                <span>{`${d.number} · v${d.version}`}</span>
                {d.outdated && <Tag color="warning">{t('documents.outdated')}</Tag>}
                {!d.latest && <Tag>{t('documents.superseded')}</Tag>}
              </Space>
            ),
          },
          { key: 'lang', title: t('documents.language'), render: (d) => t(`documents.languages.${d.language}`) },
          { key: 'at', title: t('documents.created'), render: (d) => moment(d.created_at) },
          { key: 'mailed', title: t('documents.emailed'), render: (d) => d.emailed.map((m) => m.to).join(', ') || '—' },
          {
            key: 'actions', title: <span className="fyn-visually-hidden">{t('documents.actions_column')}</span>, render: (d) => (
              <Space wrap>
                <Button href={documentPdfUrl(d.id)} target="_blank" rel="noopener" icon={<FilePdfOutlined aria-hidden="true" />}>{t('documents.open')}</Button>
                {mayEmail && <Button icon={<MailOutlined aria-hidden="true" />} onClick={() => setMailing(d)}>{t('documents.email')}</Button>}
                {mayGenerate && d.outdated && <RegenerateButton s={s} d={d} onChanged={onChanged} />}
              </Space>
            ),
          },
        ]}
      />
      <EmailDialog s={s} doc={mailing} onClose={() => setMailing(null)} onSent={onChanged} />
    </Space>
  );
}

function EmailDialog({ s, doc, onClose, onSent }: { s: Shipment; doc: ShipmentDocument | null; onClose: () => void; onSent: () => void }) {
  const { t } = useOperationsTranslation();
  const [to, setTo] = useState('');
  const [message, setMessage] = useState('');
  const parties = [s.consignee, s.shipper, s.notify_party].filter((p): p is NonNullable<typeof p> => Boolean(p?.email));
  const { submit: email, busy } = useSubmit(({ id, address }: { id: string; address: string }) => operationsApi.emailDocument(id, address, message.trim() || undefined), {
    success: (_sent, { address }) => t('documents.sent', { to: address }),
    onSuccess: () => {
      setTo('');
      setMessage('');
      onSent();
      onClose();
    },
  });
  const send = () => doc && email({ id: doc.id, address: to.trim() });
  return (
    <Modal open={doc !== null} title={doc ? t('documents.email_title', { number: doc.number, version: doc.version }) : ''} okText={t('documents.send')} onOk={send}
      okButtonProps={{ disabled: !/^\S+@\S+\.\S+$/.test(to.trim()), loading: busy }} onCancel={onClose} destroyOnHidden>
      {parties.length > 0 && (
        <Space wrap style={{ marginBottom: 12 }}>
          {parties.map((p) => <Button key={p.email} size="small" onClick={() => setTo(p.email!)}>{`${p.name} <${p.email}>`}</Button>)}
        </Space>
      )}
      <Input type="email" aria-label={t('documents.to')} placeholder={t('documents.to')} value={to} onChange={(e) => setTo(e.target.value)} style={{ marginBottom: 12 }} />
      <Input.TextArea aria-label={t('documents.message')} placeholder={t('documents.message')} rows={3} value={message} onChange={(e) => setMessage(e.target.value)} />
    </Modal>
  );
}


/** The label of each field an edit names (the overview's and the forms' own words). */
const FIELD_LABELS: Record<string, string> = {
  shipper: 'shipments.parties.shipper', consignee: 'shipments.parties.consignee', notify_party: 'shipments.parties.notify_party', notify: 'bookings.parties.notify',
  booking_party: 'bookings.parties.booking_party', origin: 'shipments.origin', destination: 'shipments.destination', place_of_receipt: 'bookings.place_of_receipt',
  pol: 'bookings.pol', pod: 'bookings.pod', place_of_delivery: 'bookings.place_of_delivery', incoterm: 'edit.incoterm', master_ref: 'edit.mbl', carrier: 'shipments.carrier',
  vessel: 'edit.vessel', voyage: 'edit.voyage', flight: 'edit.flight', legs: 'bookings.transport_plan', etd: 'shipments.etd', eta: 'shipments.eta', cut_offs: 'bookings.cut_offs',
  packages: 'edit.packages', cargo: 'bookings.cargo', equipment: 'bookings.equipment', confirmed_equipment: 'bookings.confirmed_equipment', goods_description: 'shipments.goods',
  free_days: 'shipments.free_days', charges: 'bookings.charges', payment_term: 'bookings.payment_term', carrier_booking_reference: 'bookings.carrier_booking_reference',
};
const HISTORY_ACTIONS = ['create', 'update', 'status', 'charges', 'sign_off', 'add_container', 'remove_container', 'tracking_link', 'tracking_link_off', 'confirm', 'reject', 'cancel', 'complete'];

/**
 * The shipment's history, newest first (GET /api/shipments/:id/activity): who changed what and when,
 * with the booking's own changes before it was confirmed; each edit names its fields and the tasks
 * that moved with its dates, each status change its statuses.
 */
export function HistoryTab({ s }: { s: Shipment }) {
  const { t } = useOperationsTranslation();
  const moment = useMoment();
  const history = useInfiniteQuery({
    queryKey: operationsKeys.activity(s.id),
    queryFn: ({ pageParam }) => operationsApi.activity(s.id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor,
  });
  if (history.isPending) return <Skeleton active />;
  const items = history.data?.pages.flatMap((p) => p.data) ?? [];
  if (items.length === 0) return <Empty description={t('history.empty')} />;
  const status = (a: ShipmentActivity, v: string) => t(a.entity === 'booking' ? `bookings.status.${v}` : `shipments.status.${v}`, { defaultValue: v });
  return (
    <Flex vertical gap={8}>
      <Timeline
        items={items.map((a) => ({
          key: a.id,
          content: (
            <div>
              <Typography.Text type="secondary">{moment(a.at)}</Typography.Text>{' '}
              <Tag>{a.entity === 'booking' ? t('history.booking') : t('history.shipment')}</Tag>
              <strong>{HISTORY_ACTIONS.includes(a.action) ? t(`history.actions.${a.action}`) : t('history.actions.other')}</strong>
              {a.actor && <Typography.Text type="secondary"> · {a.actor}</Typography.Text>}
              {a.fields.length > 0 && <div>{a.fields.map((f) => (FIELD_LABELS[f] ? t(FIELD_LABELS[f]) : f)).join(', ')}</div>}
              {a.from && a.to && <div>{t('history.status_change', { from: status(a, a.from), to: status(a, a.to) })}</div>}
              {a.tasks_moved ? <Typography.Text type="secondary">{t('history.tasks_moved', { count: a.tasks_moved })}</Typography.Text> : null}
            </div>
          ),
        }))}
      />
      {history.hasNextPage && (
        <Button style={{ alignSelf: 'flex-start' }} onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>{t('history.more')}</Button>
      )}
    </Flex>
  );
}
