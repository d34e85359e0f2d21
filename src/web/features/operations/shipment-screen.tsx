import { Alert, Button, Card, Checkbox, Col, DatePicker, Descriptions, Drawer, Empty, Flex, Form, Input, Modal, Row, Select, Skeleton, Space, Switch, Tabs, Tag, Timeline, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, FilePdfOutlined, LinkOutlined, MailOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { Shipment, ShipmentDocument, TrackingShows } from '#shared/api/operations.ts';
import { containerNumberProblem } from '#shared/operations/iso6346.ts';
import { profitOf } from '#shared/operations/charges.ts';
import { DOCUMENT_TYPES, EVENT_CLASSIFIERS, EVENT_CODES, EVENT_TYPES, mayEditShipment, nextSignoff, SHIPMENT_TRANSITIONS, type DocumentType, type EventType } from '#shared/operations/model.ts';
import { DOCUMENT_LANGUAGES } from '#shared/resources/operations.ts';
import { formatDecimal } from '#shared/money/format.ts';
import { DataTable } from '../../components/data-table.tsx';
import { LocationPicker } from '../../components/location-picker.tsx';
import { Money } from '../../components/money.tsx';
import { MoneyInput } from '../../components/money-input.tsx';
import { RouteTitle } from '../../components/route-title.tsx';
import { isApiFailure } from '../../lib/api-failure.ts';
import { validationKeyOf } from '../../lib/form-rules.ts';
import { feedback, showFailure } from '../../lib/feedback.ts';
import { documentPdfUrl, localDay, operationsApi, operationsKeys } from '../../lib/operations-api.ts';
import { BOOKINGS_PATH, DelayTag, DueDay, EventLabel, ShipmentStatusTag, SignoffTag, useCan, useChargeCodes, useChargeNames, useMoment } from './bits.tsx';
import type { EditSection } from './shipment-editors.tsx';
import { useOperationsTranslation } from './operations-texts.ts';

// The edit forms (parties, route, dates, cargo) load when one is first opened, not with the page.
const ShipmentEditor = lazy(async () => ({ default: (await import('./shipment-editors.tsx')).ShipmentEditor }));

/** crm/shipment-management/{shipmentId}: one job from booking to sign-off. */
export function ShipmentScreen() {
  const { shipmentId = '' } = useParams();
  const { t } = useOperationsTranslation();
  const client = useQueryClient();
  const can = useCan();
  const [editing, setEditing] = useState<EditSection | null>(null);
  const [tab, setTab] = useState('overview');
  const shipment = useQuery({ queryKey: operationsKeys.shipment(shipmentId), queryFn: () => operationsApi.shipment(shipmentId) });
  const s = shipment.data;
  const changed = (next?: Shipment) => {
    if (next) client.setQueryData(operationsKeys.shipment(shipmentId), next);
    else client.invalidateQueries({ queryKey: operationsKeys.shipment(shipmentId) });
    client.invalidateQueries({ queryKey: operationsKeys.events(shipmentId) });
    client.invalidateQueries({ queryKey: ['shipments', 'list'] });
    client.invalidateQueries({ queryKey: ['tasks'] });
  };
  if (shipment.isPending) return <section className="fyn-page"><RouteTitle /><Skeleton active /></section>;
  if (!s) return <section className="fyn-page"><RouteTitle /><Empty description={t('shipments.not_found')} /></section>;
  const mayEdit = can('operations', 'update') && mayEditShipment(s.status);
  const saved = (next: Shipment) => {
    // Tell what moved with the change: the tasks counted from the dates.
    const moved = next.tasks.filter((x) => s.tasks.some((y) => y.id === x.id && y.due_on !== x.due_on)).length;
    feedback().message.success(moved ? t('edit.saved_moved', { count: moved }) : t('edit.saved'));
    changed(next);
    setEditing(null);
  };
  return (
    <section className="fyn-page">
      <RouteTitle />
      <Flex vertical gap={16}>
        <Header s={s} onChanged={changed} />
        {s.open_exceptions > 0 && (
          <Alert type="error" showIcon title={<Link to={`/exceptions?shipment=${s.id}`}>{t('shipments.open_exceptions', { count: s.open_exceptions })}</Link>} />
        )}
        <OutdatedDocuments s={s} onChanged={changed} onShow={() => setTab('documents')} />
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'overview', label: t('shipments.tabs.overview'), children: <Overview s={s} onEdit={mayEdit ? setEditing : undefined} /> },
            { key: 'tracking', label: t('shipments.tabs.tracking'), children: <TrackingTab s={s} onChanged={changed} /> },
            { key: 'containers', label: t('shipments.tabs.containers', { count: s.containers.length }), children: <ContainersTab s={s} onChanged={changed} /> },
            { key: 'charges', label: t('shipments.tabs.charges'), children: <ChargesTab key={s.updated_at} s={s} onChanged={changed} /> },
            { key: 'documents', label: t('shipments.tabs.documents', { count: s.documents.length }), children: <DocumentsTab s={s} onChanged={changed} /> },
            { key: 'tasks', label: t('shipments.tabs.tasks', { count: s.tasks.length }), children: <TasksTab s={s} /> },
          ]}
        />
      </Flex>
      <Drawer
        open={editing !== null}
        onClose={() => setEditing(null)}
        size={720}
        title={editing ? t(`edit.titles.${editing}`, { number: s.number }) : null}
        styles={{ wrapper: { maxWidth: '100vw' } }}
        destroyOnHidden
      >
        {editing && (
          <Suspense fallback={<Skeleton active />}>
            <ShipmentEditor s={s} section={editing} onSaved={saved} onCancel={() => setEditing(null)} />
          </Suspense>
        )}
      </Drawer>
    </section>
  );
}

/** The documents printed from data that has changed since, each regenerated in one click (a new version; the old one stays). */
function OutdatedDocuments({ s, onChanged, onShow }: { s: Shipment; onChanged: () => void; onShow: () => void }) {
  const { t } = useOperationsTranslation();
  const can = useCan();
  const outdated = s.documents.filter((d) => d.outdated);
  if (outdated.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title={t('documents.outdated_title', { count: outdated.length })}
      description={
        <Flex vertical gap={8}>
          <span>{t('documents.outdated_hint')}</span>
          {outdated.map((d) => (
            <Flex key={d.id} gap={8} align="center" wrap>
              <span>{t(`documents.types.${d.type}`)}{d.without_origin ? ` (${t('documents.without_origin')})` : ''} · {d.number} · v{d.version}</span>
              {can('documents', 'create') && <RegenerateButton s={s} d={d} onChanged={onChanged} />}
            </Flex>
          ))}
          <Button type="link" style={{ padding: 0, alignSelf: 'flex-start' }} onClick={onShow}>{t('documents.see_documents')}</Button>
        </Flex>
      }
    />
  );
}

/** Generating a document of the shipment (a new number, or its next version) and saying which it made. */
function useGenerate(s: Shipment, onChanged: () => void) {
  const { t } = useOperationsTranslation();
  const [busy, setBusy] = useState(false);
  async function generate(body: { type: DocumentType; without_origin: boolean; language: string }) {
    setBusy(true);
    try {
      const d = await operationsApi.generate(s.id, body);
      feedback().message.success(t('documents.generated', { number: d.number, version: d.version }));
      onChanged();
    } catch (e) {
      showFailure(e);
    } finally {
      setBusy(false);
    }
  }
  return { busy, generate };
}

/** Generates a document again as it was asked for (type, variant, language): the next version of its number. */
function RegenerateButton({ s, d, onChanged }: { s: Shipment; d: ShipmentDocument; onChanged: () => void }) {
  const { t } = useOperationsTranslation();
  const { busy, generate } = useGenerate(s, onChanged);
  const regenerate = () => generate({ type: d.type, without_origin: d.without_origin, language: d.language });
  return (
    <Button size="small" icon={<ReloadOutlined aria-hidden="true" />} loading={busy} onClick={regenerate}
      aria-label={t('documents.regenerate_named', { document: `${t(`documents.types.${d.type}`)} ${d.number}` })}>
      {t('documents.regenerate')}
    </Button>
  );
}

function Header({ s, onChanged }: { s: Shipment; onChanged: (next?: Shipment) => void }) {
  const { t } = useOperationsTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const [sharing, setSharing] = useState(false);
  const run = async (key: string, call: () => Promise<Shipment>, done?: string) => {
    setBusy(key);
    try {
      onChanged(await call());
      if (done) feedback().message.success(done);
    } catch (e) {
      showFailure(e);
    } finally {
      setBusy(null);
    }
  };
  const next = nextSignoff(s.signoff_status);
  return (
    <Space wrap align="center" style={{ justifyContent: 'space-between', width: '100%' }}>
      <Space wrap align="center">
        <Typography.Title level={2} style={{ margin: 0 }}>{s.number}</Typography.Title>
        <ShipmentStatusTag status={s.status} />
        <SignoffTag status={s.signoff_status} />
        {s.booking_id && <Link to={`${BOOKINGS_PATH}/${s.booking_id}`}>{t('shipments.booking', { number: s.booking_number })}</Link>}
      </Space>
      <Space wrap>
        {SHIPMENT_TRANSITIONS[s.status].map((to) => (
          <Button key={to} danger={to === 'cancelled'} type={to === 'cancelled' ? 'default' : 'primary'} ghost={to !== 'cancelled'} loading={busy === to}
            onClick={() => run(to, () => operationsApi.moveShipment(s.id, to), t('shipments.moved', { status: t(`shipments.status.${to}`) }))}>
            {t(`shipments.move_to.${to}`)}
          </Button>
        ))}
        {next && (
          <Button loading={busy === 'signoff'} disabled={next === 'operations_signed' && !['delivered', 'closed'].includes(s.status)}
            onClick={() => run('signoff', () => operationsApi.signOff(s.id), t(`shipments.signed.${next}`))}>
            {t(`shipments.sign_as.${next}`)}
          </Button>
        )}
        <Button loading={busy === 'follow'} onClick={() => run('follow', () => operationsApi.follow(s.id, !s.following))}>{s.following ? t('shipments.unfollow') : t('shipments.follow')}</Button>
        <Button icon={<LinkOutlined aria-hidden="true" />} onClick={() => setSharing(true)}>{t('shipments.tracking_link')}</Button>
      </Space>
      <TrackingLinkDialog s={s} open={sharing} onClose={() => setSharing(false)} onChanged={() => onChanged()} />
    </Space>
  );
}

function TrackingLinkDialog({ s, open, onClose, onChanged }: { s: Shipment; open: boolean; onClose: () => void; onChanged: () => void }) {
  const { t } = useOperationsTranslation();
  const [shows, setShows] = useState<TrackingShows>(s.tracking_link.shows ?? { events: true, containers: true, parties: false, references: true });
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function make() {
    setBusy(true);
    try {
      setUrl((await operationsApi.trackingLink(s.id, shows)).url);
      onChanged();
    } catch (e) {
      showFailure(e);
    } finally {
      setBusy(false);
    }
  }
  async function stop() {
    try {
      await operationsApi.stopTrackingLink(s.id);
      setUrl(null);
      onChanged();
      feedback().message.success(t('shipments.link_stopped'));
    } catch (e) {
      showFailure(e);
    }
  }
  return (
    <Modal open={open} title={t('shipments.tracking_link')} onCancel={onClose} footer={null} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('shipments.link_hint')}</Typography.Paragraph>
      <Space direction="vertical">
        {(['events', 'containers', 'references', 'parties'] as const).map((k) => (
          <Checkbox key={k} checked={shows[k]} onChange={(e) => setShows({ ...shows, [k]: e.target.checked })}>{t(`shipments.shows.${k}`)}</Checkbox>
        ))}
      </Space>
      <Space style={{ marginTop: 16 }} wrap>
        <Button type="primary" loading={busy} onClick={make}>{s.tracking_link.active ? t('shipments.link_remake') : t('shipments.link_make')}</Button>
        {s.tracking_link.active && <Button danger onClick={stop}>{t('shipments.link_stop')}</Button>}
      </Space>
      {url && (
        <Alert style={{ marginTop: 16 }} type="success" message={t('shipments.link_made')} description={<Typography.Text copyable={{ text: url }} data-testid="tracking-url">{url}</Typography.Text>} />
      )}
    </Modal>
  );
}

/** A section of the overview, with its Edit button when the shipment may still change. */
function Section({ title, section, onEdit, children }: { title: string; section: EditSection; onEdit?: (section: EditSection) => void; children: ReactNode }) {
  const { t } = useOperationsTranslation();
  return (
    <Card
      size="small"
      title={title}
      extra={onEdit && (
        <Button size="small" icon={<EditOutlined aria-hidden="true" />} onClick={() => onEdit(section)} aria-label={t('edit.edit_section', { section: title })}>{t('edit.edit')}</Button>
      )}
    >
      {children}
    </Card>
  );
}

function Overview({ s, onEdit }: { s: Shipment; onEdit?: (section: EditSection) => void }) {
  const { t, i18n } = useOperationsTranslation();
  const moment = useMoment();
  const place = (code: string | null) => (code ? `${s.place_names[code] ?? code} (${code})` : '—');
  const party = (p: Shipment['shipper']) => (p ? [p.name, p.address, [p.contact, p.phone, p.email].filter(Boolean).join(' · ')].filter(Boolean).join('\n') : '—');
  const air = s.mode === 'air';
  const count = s.packages.reduce((n, p) => n + p.packages, 0);
  return (
    <Flex vertical gap={16}>
      <Section title={t('edit.sections.route')} section="route" onEdit={onEdit}>
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('shipments.client')}>{s.client_name}</Descriptions.Item>
          <Descriptions.Item label={t('shipments.house_ref')}>{s.house_ref}</Descriptions.Item>
          <Descriptions.Item label={air ? t('edit.mawb') : t('edit.mbl')}>{s.master_ref ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('shipments.route')}>{`${place(s.origin)} → ${place(s.destination)}`}</Descriptions.Item>
          <Descriptions.Item label={t('shipments.mode')}>{t(`modes.${s.mode}`)}{s.incoterm ? ` · ${s.incoterm}` : ''}</Descriptions.Item>
          <Descriptions.Item label={t('shipments.carriage')}>{[s.carrier, s.vessel, s.voyage, s.flight].filter(Boolean).join(' · ') || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('bookings.place_of_receipt')}>{place(s.place_of_receipt)}</Descriptions.Item>
          <Descriptions.Item label={t('bookings.pol')}>{place(s.pol)}</Descriptions.Item>
          <Descriptions.Item label={t('bookings.pod')}>{place(s.pod)}</Descriptions.Item>
          <Descriptions.Item label={t('bookings.place_of_delivery')}>{place(s.place_of_delivery)}</Descriptions.Item>
        </Descriptions>
        {s.legs.length > 0 && (
          <>
            <Typography.Text strong>{t('shipments.transport_plan')}</Typography.Text>
            <ol style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
              {s.legs.map((l, i) => (
                <li key={i}>{`${place(l.from)} → ${place(l.to)}`} · {[l.carrier, l.vessel, l.voyage, l.flight].filter(Boolean).join(' ') || '—'} · {t('shipments.etd')} {moment(l.etd)} · {t('shipments.eta')} {moment(l.eta)}</li>
              ))}
            </ol>
          </>
        )}
      </Section>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Section title={t('edit.sections.dates')} section="dates" onEdit={onEdit}>
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={s.atd ? t('edit.atd') : t('edit.etd')}>{moment(s.atd ?? s.etd)}</Descriptions.Item>
              <Descriptions.Item label={s.ata ? t('edit.ata') : t('edit.eta')}>{moment(s.ata ?? s.eta)} {!s.ata && <DelayTag hours={s.delay_hours} />}</Descriptions.Item>
              {s.eta_planned && s.eta_planned !== s.eta && <Descriptions.Item label={t('edit.eta_planned')}>{moment(s.eta_planned)}</Descriptions.Item>}
              {s.cut_offs.map((c, i) => <Descriptions.Item key={i} label={t(`bookings.cut_off_kinds.${c.kind}`)}>{moment(c.at)}</Descriptions.Item>)}
            </Descriptions>
          </Section>
        </Col>
        <Col xs={24} lg={12}>
          <Section title={t('edit.sections.cargo')} section="cargo" onEdit={onEdit}>
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t('edit.packages')}>
                {count ? s.packages.map((p) => t('bookings.cargo_line', { packages: p.packages, l: formatDecimal(p.length_cm, i18n.language), w: formatDecimal(p.width_cm, i18n.language), h: formatDecimal(p.height_cm, i18n.language), kg: formatDecimal(p.weight_kg, i18n.language) })).join('; ') : '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('shipments.goods')}>{s.goods_description ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('shipments.free_days')}>{t('shipments.days', { count: s.free_days })}</Descriptions.Item>
              <Descriptions.Item label={t('shipments.last_event')}>{s.last_event ? <><EventLabel code={s.last_event.code} classifier={s.last_event.classifier} /> {s.last_event.location} · {moment(s.last_event.occurred_at)}</> : '—'}</Descriptions.Item>
            </Descriptions>
          </Section>
        </Col>
      </Row>
      <Section title={t('edit.sections.parties')} section="parties" onEdit={onEdit}>
        <Row gutter={[16, 16]}>
          {(['shipper', 'consignee', 'notify_party'] as const).map((k) => (
            <Col xs={24} md={8} key={k}>
              <Typography.Text strong>{t(`shipments.parties.${k}`)}</Typography.Text>
              <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginBottom: 0 }}>{party(s[k])}</Typography.Paragraph>
            </Col>
          ))}
        </Row>
      </Section>
    </Flex>
  );
}

type EventValues = { event_type: EventType; code: string; classifier: 'PLN' | 'EST' | 'ACT'; location?: string; occurred_at: Dayjs; container_number?: string };

function TrackingTab({ s, onChanged }: { s: Shipment; onChanged: () => void }) {
  const { t } = useOperationsTranslation();
  const moment = useMoment();
  const events = useQuery({ queryKey: operationsKeys.events(s.id), queryFn: () => operationsApi.events(s.id) });
  const [form] = Form.useForm<EventValues>();
  const type = Form.useWatch('event_type', form) ?? 'TRANSPORT';
  const [busy, setBusy] = useState(false);
  const closed = s.status === 'closed' || s.status === 'cancelled';
  async function add(v: EventValues) {
    setBusy(true);
    try {
      await operationsApi.addEvent(s.id, { ...v, occurred_at: v.occurred_at.toISOString(), location: v.location ?? null, container_number: v.container_number || null });
      form.resetFields(['code', 'occurred_at', 'container_number']);
      feedback().message.success(t('tracking.event_added'));
      onChanged();
    } catch (e) {
      showFailure(e);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} lg={14}>
        {events.data?.length ? (
          <Timeline
            items={events.data.map((e) => ({
              key: e.id,
              color: e.classifier === 'ACT' ? 'green' : e.classifier === 'EST' ? 'orange' : 'gray',
              children: (
                <div style={{ opacity: e.applied ? 1 : 0.55 }}>
                  <EventLabel code={e.code} classifier={e.classifier} /> {e.container_number && <Tag>{e.container_number}</Tag>}
                  <div>{moment(e.occurred_at)} · {e.location_name ?? e.location ?? '—'}{e.vessel ? ` · ${e.vessel} ${e.voyage ?? ''}` : ''}</div>
                  <Typography.Text type="secondary">{t(`tracking.sources.${e.source}`)}{!e.applied && ` · ${t('tracking.superseded')}`}</Typography.Text>
                </div>
              ),
            }))}
          />
        ) : (
          <Empty description={t('tracking.no_events')} />
        )}
      </Col>
      <Col xs={24} lg={10}>
        <Card size="small" title={t('tracking.add_event')}>
          <Form<EventValues> form={form} layout="vertical" onFinish={add} disabled={closed} initialValues={{ event_type: 'TRANSPORT', classifier: 'ACT', occurred_at: dayjs() }}>
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
            <Form.Item name="occurred_at" label={t('tracking.occurred_at')} rules={[{ required: true, message: t('shipments.required') }]}><DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} /></Form.Item>
            {type === 'EQUIPMENT' && (
              <Form.Item name="container_number" label={t('tracking.container')} rules={[{ required: true, message: t('shipments.required') }]}>
                <Select options={s.containers.map((c) => ({ value: c.number, label: `${c.number} · ${c.iso_type}` }))} />
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit" loading={busy}>{t('tracking.add')}</Button>
          </Form>
        </Card>
      </Col>
    </Row>
  );
}

function ContainersTab({ s, onChanged }: { s: Shipment; onChanged: () => void }) {
  const { t } = useOperationsTranslation();
  const moment = useMoment();
  const [form] = Form.useForm<{ number: string; iso_type: string; seal?: string }>();
  const [busy, setBusy] = useState(false);
  async function add(v: { number: string; iso_type: string; seal?: string }) {
    setBusy(true);
    try {
      await operationsApi.addContainer(s.id, { number: v.number, iso_type: v.iso_type, seal: v.seal || null });
      form.resetFields();
      onChanged();
    } catch (e) {
      if (isApiFailure(e) && e.fields?.number) form.setFields([{ name: 'number', errors: [t(`containers.${validationKeyOf(e.fields.number)}`, { defaultValue: e.fields.number })] }]);
      else showFailure(e);
    } finally {
      setBusy(false);
    }
  }
  async function remove(id: string) {
    try {
      await operationsApi.removeContainer(s.id, id);
      onChanged();
    } catch (e) {
      showFailure(e);
    }
  }
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
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
          { key: 'free', title: t('containers.free_until'), render: (c) => (c.discharged_at ? moment(dayjs(c.discharged_at).add(s.free_days, 'day').toISOString()) : '—') },
          { key: 'out', title: t('containers.gated_out'), render: (c) => (c.gated_out ? <Tag color="success">{t('containers.yes')}</Tag> : <Tag>{t('containers.no')}</Tag>) },
          { key: 'remove', title: '', render: (c) => <Button aria-label={t('containers.remove', { number: c.number })} icon={<DeleteOutlined aria-hidden="true" />} onClick={() => remove(c.id)} /> },
        ]}
      />
      <Form form={form} layout="inline" onFinish={add} disabled={s.status === 'closed' || s.status === 'cancelled'}>
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
      </Form>
    </Space>
  );
}

type ChargeLine = Shipment['charges'][number];

/**
 * The job's charge lines, quoted against actual, in the shipment currency: amounts typed in major
 * units and kept exact in minor units, the profit worked out as they are typed; locked once
 * accounts signed the job off.
 */
function ChargesTab({ s, onChanged }: { s: Shipment; onChanged: (next?: Shipment) => void }) {
  const { t } = useOperationsTranslation();
  const can = useCan();
  const [rows, setRows] = useState(s.charges);
  const [busy, setBusy] = useState(false);
  const codes = useChargeCodes();
  const chargeName = useChargeNames();
  const locked = s.signoff_status === 'accounts_signed' || !can('operations', 'update');
  const dirty = JSON.stringify(rows) !== JSON.stringify(s.charges);
  const figures = profitOf(rows);
  const set = (i: number, patch: Partial<ChargeLine>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  async function save() {
    setBusy(true);
    try {
      const next = await operationsApi.saveCharges(s.id, rows.map((r) => ({ ...r, description: r.description?.trim() || null })));
      setRows(next.charges);
      onChanged(next);
      feedback().message.success(t('charges.saved'));
    } catch (e) {
      showFailure(e);
    } finally {
      setBusy(false);
    }
  }
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
    key: k, title: t(`charges.${k}`), align: 'end' as const,
    render: (r: ChargeLine & { i: number }) => (
      <MoneyInput aria-label={`${t(`charges.${k}`)} ${r.i + 1}`} value={r[k]} currency={s.currency} disabled={locked} style={{ width: 130 }}
        placeholder={k.startsWith('actual') ? t('charges.as_quoted') : undefined}
        onChange={(v) => set(r.i, { [k]: k.startsWith('quoted') ? v ?? 0 : v })} />
    ),
  });
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>{summary(t('charges.quoted'), dirty ? figures.quoted : s.quoted)}{summary(t('charges.actual'), dirty ? figures.actual : s.actual)}</Row>
      <Typography.Text type="secondary">{t('charges.hint', { currency: s.currency })}</Typography.Text>
      <DataTable
        aria-label={t('shipments.tabs.charges')}
        rows={rows.map((r, i) => ({ ...r, i }))}
        rowKey={(r) => String(r.i)}
        empty={<Empty description={t('charges.none')} />}
        columns={[
          {
            key: 'code', title: t('charges.code'),
            render: (r) => (
              <Select aria-label={`${t('charges.code')} ${r.i + 1}`} value={r.charge_code_id ?? undefined} allowClear disabled={locked} style={{ width: 180 }} placeholder={t('charges.choose_code')}
                showSearch={{ optionFilterProp: 'label' }} onChange={(v: string | undefined) => set(r.i, { charge_code_id: v ?? null })}
                options={(codes.data?.data ?? []).map((c) => ({ value: c.id, label: `${c.code} — ${c.name}` }))} />
            ),
          },
          { key: 'd', title: t('charges.charge'), render: (r) => <Input aria-label={`${t('charges.charge')} ${r.i + 1}`} value={r.description ?? ''} placeholder={chargeName(r.charge_code_id) ?? ''} disabled={locked} maxLength={200} style={{ minWidth: 220 }} onChange={(e) => set(r.i, { description: e.target.value || null })} /> },
          amount('quoted_sell_minor'), amount('quoted_buy_minor'), amount('actual_sell_minor'), amount('actual_buy_minor'),
          { key: 'p', title: t('charges.payment'), render: (r) => <Select aria-label={`${t('charges.payment')} ${r.i + 1}`} disabled={locked} value={r.payment} style={{ width: 120 }} onChange={(v) => set(r.i, { payment: v })} options={[{ value: 'prepaid', label: t('bookings.payment.prepaid') }, { value: 'collect', label: t('bookings.payment.collect') }]} /> },
          { key: 'x', title: '', render: (r) => <Button aria-label={`${t('charges.remove')} ${r.i + 1}`} disabled={locked} icon={<DeleteOutlined aria-hidden="true" />} onClick={() => setRows(rows.filter((_, j) => j !== r.i))} /> },
        ]}
      />
      <Space wrap>
        <Button disabled={locked} icon={<PlusOutlined aria-hidden="true" />} onClick={() => setRows([...rows, { charge_code_id: null, description: '', quoted_sell_minor: 0, quoted_buy_minor: 0, actual_sell_minor: null, actual_buy_minor: null, payment: 'prepaid' }])}>{t('charges.add')}</Button>
        <Button type="primary" disabled={locked || !dirty} loading={busy} onClick={save}>{t('charges.save')}</Button>
        {dirty && <Button onClick={() => setRows(s.charges)}>{t('charges.undo')}</Button>}
        {dirty && <Typography.Text type="warning">{t('charges.unsaved')}</Typography.Text>}
        {s.signoff_status === 'accounts_signed' && <Typography.Text type="secondary">{t('charges.locked')}</Typography.Text>}
      </Space>
    </Flex>
  );
}

/** Which documents fit a mode: bills of lading for sea, air waybills for air, the rest for all. */
const fits = (type: DocumentType, s: Shipment) => (type === 'hbl' ? s.mode.startsWith('sea') : type === 'hawb' ? s.mode === 'air' : type === 'quotation' ? Boolean(s.booking_id) : true);

function DocumentsTab({ s, onChanged }: { s: Shipment; onChanged: () => void }) {
  const { t, i18n } = useOperationsTranslation();
  const moment = useMoment();
  const [type, setType] = useState<DocumentType>(s.mode === 'air' ? 'hawb' : s.mode.startsWith('sea') ? 'hbl' : 'booking_confirmation');
  const [withoutOrigin, setWithoutOrigin] = useState(false);
  const [language, setLanguage] = useState<string>(DOCUMENT_LANGUAGES.includes(i18n.language as never) ? i18n.language : 'en');
  const { busy, generate: make } = useGenerate(s, onChanged);
  const [mailing, setMailing] = useState<ShipmentDocument | null>(null);
  const generate = () => make({ type, without_origin: withoutOrigin && type !== 'collection_origin', language });
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small" title={t('documents.generate')}>
        <Space wrap align="center">
          <Select<DocumentType> aria-label={t('documents.type')} style={{ width: 260 }} value={type} onChange={setType}
            options={DOCUMENT_TYPES.filter((d) => fits(d, s)).map((d) => ({ value: d, label: t(`documents.types.${d}`) }))} />
          <Select aria-label={t('documents.language')} style={{ width: 130 }} value={language} onChange={setLanguage} options={DOCUMENT_LANGUAGES.map((l) => ({ value: l, label: t(`documents.languages.${l}`) }))} />
          {type !== 'quotation' && type !== 'collection_origin' && <Space><Switch checked={withoutOrigin} onChange={setWithoutOrigin} aria-label={t('documents.without_origin')} />{t('documents.without_origin')}</Space>}
          <Button type="primary" icon={<FilePdfOutlined aria-hidden="true" />} loading={busy} onClick={generate}>{t('documents.generate_button')}</Button>
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>{t('documents.versions_hint')}</Typography.Paragraph>
      </Card>
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
            key: 'actions', title: '', render: (d) => (
              <Space wrap>
                <Button href={documentPdfUrl(d.id)} target="_blank" rel="noopener" icon={<FilePdfOutlined aria-hidden="true" />}>{t('documents.open')}</Button>
                <Button icon={<MailOutlined aria-hidden="true" />} onClick={() => setMailing(d)}>{t('documents.email')}</Button>
                {d.outdated && <RegenerateButton s={s} d={d} onChanged={onChanged} />}
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
  const [busy, setBusy] = useState(false);
  const parties = [s.consignee, s.shipper, s.notify_party].filter((p): p is NonNullable<typeof p> => Boolean(p?.email));
  async function send() {
    if (!doc) return;
    setBusy(true);
    try {
      await operationsApi.emailDocument(doc.id, to.trim(), message.trim() || undefined);
      feedback().message.success(t('documents.sent', { to: to.trim() }));
      setTo('');
      setMessage('');
      onSent();
      onClose();
    } catch (e) {
      showFailure(e);
    } finally {
      setBusy(false);
    }
  }
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

function TasksTab({ s }: { s: Shipment }) {
  const { t } = useOperationsTranslation();
  return (
    <Flex vertical gap={8}>
      <DataTable
        aria-label={t('shipments.tabs.tasks', { count: s.tasks.length })}
        rows={s.tasks}
        rowKey={(x) => x.id}
        empty={<Empty description={t('tasks.none_here')} />}
        columns={[
          { key: 'title', title: t('tasks.title_label'), render: (x) => x.title },
          { key: 'due', title: t('tasks.due'), render: (x) => (x.due_on ? <DueDay day={x.due_on} today={localDay()} /> : '—') },
          { key: 'status', title: t('tasks.status_label'), render: (x) => <Tag>{t(`tasks.status.${x.status}`)}</Tag> },
          { key: 'priority', title: t('tasks.priority'), render: (x) => t(`tasks.priorities.${x.priority}`) },
        ]}
      />
      <Link to="/task-assignment">{t('tasks.open_board')}</Link>
    </Flex>
  );
}
