import { Alert, Button, Card, Checkbox, Col, Descriptions, Drawer, Empty, Flex, Modal, Row, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { EditOutlined, LinkOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { Shipment, TrackingShows } from '#shared/api/operations.ts';
import { mayEditShipment, nextSignoff, SHIPMENT_TRANSITIONS } from '#shared/operations/model.ts';
import { formatDecimal } from '#shared/money/format.ts';
import { DataTable } from '../../components/data-table.tsx';
import { RouteTitle } from '../../components/route-title.tsx';
import { feedback, showFailure } from '../../lib/feedback.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { localDay, operationsApi, operationsKeys } from '../../lib/operations-api.ts';
import { BOOKINGS_PATH, DelayTag, DueDay, EventLabel, ShipmentStatusTag, SignoffTag, useCan, useMoment } from './bits.tsx';
import { RegenerateButton } from './document-actions.tsx';
import type { EditSection } from './shipment-editors.tsx';
import { useOperationsTranslation } from './operations-texts.ts';

// The edit forms (parties, route, dates, cargo) load when one is first opened, not with the page; so
// do the tabs beyond the overview (shipment-tabs.tsx).
const ShipmentEditor = lazy(async () => ({ default: (await import('./shipment-editors.tsx')).ShipmentEditor }));
const tabs = () => import('./shipment-tabs.tsx');
const TrackingTab = lazy(async () => ({ default: (await tabs()).TrackingTab }));
const ContainersTab = lazy(async () => ({ default: (await tabs()).ContainersTab }));
const ChargesTab = lazy(async () => ({ default: (await tabs()).ChargesTab }));
const DocumentsTab = lazy(async () => ({ default: (await tabs()).DocumentsTab }));
const HistoryTab = lazy(async () => ({ default: (await tabs()).HistoryTab }));
// The assistant's client update: the header shows a plain button; the dialog (its texts, the language
// list, the AI calls) loads when the button is first pressed, not with the page (issue 22's budget).
const ClientUpdateDialog = lazy(async () => ({ default: (await import('./shipment-assistant.tsx')).ClientUpdateDialog }));
const later = (tab: ReactNode) => <Suspense fallback={<Skeleton active />}>{tab}</Suspense>;

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
    client.invalidateQueries({ queryKey: operationsKeys.activity(shipmentId) });
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
            { key: 'tracking', label: t('shipments.tabs.tracking'), children: later(<TrackingTab s={s} onChanged={changed} />) },
            { key: 'containers', label: t('shipments.tabs.containers', { count: s.containers.length }), children: later(<ContainersTab s={s} onChanged={changed} />) },
            { key: 'charges', label: t('shipments.tabs.charges'), children: later(<ChargesTab key={s.updated_at} s={s} onChanged={changed} />) },
            { key: 'documents', label: t('shipments.tabs.documents', { count: s.documents.length }), children: later(<DocumentsTab s={s} onChanged={changed} />) },
            { key: 'tasks', label: t('shipments.tabs.tasks', { count: s.tasks.length }), children: <TasksTab s={s} /> },
            { key: 'history', label: t('history.tab'), children: later(<HistoryTab s={s} />) },
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

function Header({ s, onChanged }: { s: Shipment; onChanged: (next?: Shipment) => void }) {
  const { t } = useOperationsTranslation();
  const can = useCan();
  const [busy, setBusy] = useState<string | null>(null);
  const [sharing, setSharing] = useState(false);
  const [updating, setUpdating] = useState(false);
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
  const mayUpdate = can('operations', 'update');
  return (
    <Space wrap align="center" style={{ justifyContent: 'space-between', width: '100%' }}>
      <Space wrap align="center">
        <Typography.Title level={2} style={{ margin: 0 }}>{s.number}</Typography.Title>
        <ShipmentStatusTag status={s.status} />
        <SignoffTag status={s.signoff_status} />
        {s.booking_id && <Link to={`${BOOKINGS_PATH}/${s.booking_id}`}>{t('shipments.booking', { number: s.booking_number })}</Link>}
      </Space>
      <Space wrap>
        {/* Moving it on, signing it off and its client's tracking link need operations.update (as the server asks). */}
        {mayUpdate && SHIPMENT_TRANSITIONS[s.status].map((to) => (
          <Button key={to} danger={to === 'cancelled'} type={to === 'cancelled' ? 'default' : 'primary'} ghost={to !== 'cancelled'} loading={busy === to}
            onClick={() => run(to, () => operationsApi.moveShipment(s.id, to), t('shipments.moved', { status: t(`shipments.status.${to}`) }))}>
            {t(`shipments.move_to.${to}`)}
          </Button>
        ))}
        {mayUpdate && next && (
          <Button loading={busy === 'signoff'} disabled={next === 'operations_signed' && !['delivered', 'closed'].includes(s.status)}
            onClick={() => run('signoff', () => operationsApi.signOff(s.id), t(`shipments.signed.${next}`))}>
            {t(`shipments.sign_as.${next}`)}
          </Button>
        )}
        <Button loading={busy === 'follow'} onClick={() => run('follow', () => operationsApi.follow(s.id, !s.following))}>{s.following ? t('shipments.unfollow') : t('shipments.follow')}</Button>
        {mayUpdate && <Button icon={<LinkOutlined aria-hidden="true" />} onClick={() => setSharing(true)}>{t('shipments.tracking_link')}</Button>}
        {mayUpdate && <Button onClick={() => setUpdating(true)}>{t('shipments.client_update')}</Button>}
      </Space>
      {mayUpdate && <TrackingLinkDialog s={s} open={sharing} onClose={() => setSharing(false)} onChanged={() => onChanged()} />}
      {updating && <Suspense fallback={null}><ClientUpdateDialog s={s} onClosed={() => setUpdating(false)} /></Suspense>}
    </Space>
  );
}

function TrackingLinkDialog({ s, open, onClose, onChanged }: { s: Shipment; open: boolean; onClose: () => void; onChanged: () => void }) {
  const { t } = useOperationsTranslation();
  const [shows, setShows] = useState<TrackingShows>(s.tracking_link.shows ?? { events: true, containers: true, parties: false, references: true });
  const [url, setUrl] = useState<string | null>(null);
  const { submit: make, busy } = useSubmit(() => operationsApi.trackingLink(s.id, shows), {
    onSuccess: (link) => {
      setUrl(link.url);
      onChanged();
    },
  });
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
      <Space orientation="vertical">
        {(['events', 'containers', 'references', 'parties'] as const).map((k) => (
          <Checkbox key={k} checked={shows[k]} onChange={(e) => setShows({ ...shows, [k]: e.target.checked })}>{t(`shipments.shows.${k}`)}</Checkbox>
        ))}
      </Space>
      <Space style={{ marginTop: 16 }} wrap>
        <Button type="primary" loading={busy} onClick={() => make()}>{s.tracking_link.active ? t('shipments.link_remake') : t('shipments.link_make')}</Button>
        {s.tracking_link.active && <Button danger onClick={stop}>{t('shipments.link_stop')}</Button>}
      </Space>
      {url && (
        <Alert style={{ marginTop: 16 }} type="success" title={t('shipments.link_made')} description={<Typography.Text copyable={{ text: url }} data-testid="tracking-url">{url}</Typography.Text>} />
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
              {/* The short labels (ETD, Departed …): the card is half the page wide, and the long ones wrapped its values per character in German. */}
              <Descriptions.Item label={s.atd ? t('shipments.atd') : t('shipments.etd')}>{moment(s.atd ?? s.etd)}</Descriptions.Item>
              <Descriptions.Item label={s.ata ? t('shipments.ata') : t('shipments.eta')}>{moment(s.ata ?? s.eta)} {!s.ata && <DelayTag hours={s.delay_hours} />}</Descriptions.Item>
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
