import { Alert, Button, Card, Col, Descriptions, Empty, InputNumber, Result, Row, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import { RouteTitle } from '../../components/route-title.tsx';
import { isApiFailure } from '../../lib/api-failure.ts';
import { feedback, showFailure } from '../../lib/feedback.ts';
import { operationsApi, operationsKeys, type ActiveShipment } from '../../lib/operations-api.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { ImportButton } from '../../components/import-button.tsx';
import { DelayTag, EventLabel, EventTimeline, SHIPMENTS_PATH, ShipmentStatusTag, useMoment } from './bits.tsx';
import { useOperationsTranslation } from './operations-texts.ts';

/**
 * /tracking-view: the shipments under way, the latest arrival first, with their last event, delay
 * against the first ETA and open exceptions.
 */
export function TrackingViewScreen() {
  const { t } = useOperationsTranslation();
  const moment = useMoment();
  const active = useQuery({ queryKey: operationsKeys.active, queryFn: operationsApi.active, refetchInterval: 60_000 });
  const rows = active.data ?? [];
  const late = rows.filter((r) => (r.delay_hours ?? 0) >= 1 && !r.ata).length;
  // Refused (no operations.view) or not read: said so, never "no shipment is under way".
  if (active.isError) {
    const refused = isApiFailure(active.error) && active.error.status === 403;
    return (
      <section className="fyn-page">
        <RouteTitle />
        {refused ? (
          <Alert type="warning" showIcon title={t('tracking.not_allowed')} description={t('tracking.not_allowed_hint')} />
        ) : (
          <Alert type="error" showIcon title={t('tracking.load_failed')} action={<Button onClick={() => void active.refetch()}>{t('common.refresh')}</Button>} />
        )}
      </section>
    );
  }
  return (
    <section className="fyn-page">
      <RouteTitle />
      <Space wrap style={{ marginBottom: 12 }}>
        <Tag color="processing">{t('tracking.active_count', { count: rows.length })}</Tag>
        {late > 0 && <Tag color="error">{t('tracking.late_count', { count: late })}</Tag>}
      </Space>
      <DataTable<ActiveShipment>
        aria-label={t('tracking.active')}
        rows={rows}
        rowKey={(r) => r.id}
        loading={active.isFetching}
        empty={<Empty description={t('tracking.none_active')} />}
        columns={[
          { key: 'number', title: t('shipments.number'), render: (r) => <Link to={`${SHIPMENTS_PATH}/${r.id}`}>{r.number}</Link> },
          { key: 'client', title: t('shipments.client'), render: (r) => r.client_name },
          { key: 'route', title: t('shipments.route'), render: (r) => `${r.origin} → ${r.destination}` },
          { key: 'mode', title: t('shipments.mode'), render: (r) => t(`modes.${r.mode}`) },
          { key: 'status', title: t('shipments.status_label'), render: (r) => <ShipmentStatusTag status={r.status} /> },
          { key: 'last', title: t('shipments.last_event'), render: (r) => (r.last_event ? <><EventLabel code={r.last_event.code} classifier={r.last_event.classifier} /> {r.last_event.location} · {moment(r.last_event.occurred_at)}</> : '—') },
          { key: 'eta', title: t('shipments.eta'), render: (r) => moment(r.ata ?? r.eta) },
          { key: 'delay', title: t('shipments.delay'), render: (r) => <DelayTag hours={r.ata ? null : r.delay_hours} /> },
          { key: 'x', title: t('tracking.exceptions'), align: 'end', render: (r) => (r.open_exceptions ? <Link to={`/exceptions?shipment=${r.id}`}><Tag color="error">{r.open_exceptions}</Tag></Link> : '—') },
        ]}
      />
    </section>
  );
}

/**
 * /tracking: follow one shipment's timeline, import events from a file, and (owners) connect a
 * carrier's or platform's webhook; the exception margin lives here too.
 */
export function TrackingScreen() {
  const { t } = useOperationsTranslation();
  const moment = useMoment();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const q = useDebounced(search.trim(), 300);
  const found = useQuery({
    queryKey: operationsKeys.shipments({ status: null, mode: null, date_ref: 'shipment_creation', from: null, to: null, q }),
    queryFn: () => operationsApi.shipments({ status: null, mode: null, date_ref: 'shipment_creation', from: null, to: null, q }, null),
  });
  // The newest shipment with events until one is chosen, so that the page opens on a timeline.
  const current = picked ?? (found.data?.data.find((s) => s.last_event) ?? found.data?.data[0])?.id ?? null;
  const events = useQuery({ queryKey: operationsKeys.events(current ?? ''), queryFn: () => operationsApi.events(current!), enabled: Boolean(current) });
  const shipment = found.data?.data.find((s) => s.id === current);
  const client = useQueryClient();
  return (
    <section className="fyn-page">
      <RouteTitle />
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={14}>
          <Card size="small" title={t('tracking.follow_one')}>
            <Select
              showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
              aria-label={t('tracking.pick')}
              placeholder={t('tracking.pick')}
              style={{ width: '100%', marginBottom: 16 }}
              value={current ?? undefined}
              onChange={setPicked}
              loading={found.isFetching}
              options={(found.data?.data ?? []).map((s) => ({ value: s.id, label: `${s.number} · ${s.house_ref} · ${s.client_name} · ${s.origin} → ${s.destination}` }))}
            />
            {shipment && (
              <Space style={{ marginBottom: 12 }} wrap>
                <Link to={`${SHIPMENTS_PATH}/${shipment.id}`}>{shipment.number}</Link>
                <ShipmentStatusTag status={shipment.status} />
                <span>{t('shipments.eta')}: {moment(shipment.ata ?? shipment.eta)}</span>
                <DelayTag hours={shipment.ata ? null : shipment.delay_hours} />
              </Space>
            )}
            {current && events.isPending ? <Skeleton active /> : events.data?.length ? (
              <EventTimeline events={events.data} />
            ) : (
              <Empty description={current ? t('tracking.no_events') : t('tracking.pick_hint')} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card size="small" title={t('tracking.import_title')}>
              <Typography.Paragraph type="secondary">{t('tracking.import_hint')}</Typography.Paragraph>
              <ImportButton endpoint="/tracking/events/import" template="/tracking/events/import/template" onImported={() => void client.invalidateQueries({ queryKey: ['shipments'] })} />
            </Card>
            <MarginCard />
            <WebhookCard />
          </Space>
        </Col>
      </Row>
    </section>
  );
}

function MarginCard() {
  const { t } = useOperationsTranslation();
  const client = useQueryClient();
  const settings = useQuery({ queryKey: operationsKeys.settings, queryFn: operationsApi.settings });
  const [hours, setHours] = useState<number | null>(null);
  const value = hours ?? settings.data?.eta_margin_hours ?? 24;
  async function save() {
    try {
      client.setQueryData(operationsKeys.settings, await operationsApi.saveSettings({ eta_margin_hours: value }));
      setHours(null);
      feedback().message.success(t('tracking.margin_saved'));
    } catch (e) {
      showFailure(e);
    }
  }
  return (
    <Card size="small" title={t('tracking.margin_title')}>
      <Typography.Paragraph type="secondary">{t('tracking.margin_hint')}</Typography.Paragraph>
      <Space>
        <InputNumber aria-label={t('tracking.margin_title')} min={1} max={720} value={value} onChange={(v) => setHours(v)} suffix={t('tracking.hours_unit')} />
        <Button onClick={save} disabled={hours === null}>{t('tracking.save')}</Button>
      </Space>
    </Card>
  );
}

/** The inbound webhook's address and secrets live on the developer page (/organisation/dev). */
function WebhookCard() {
  const { t } = useOperationsTranslation();
  return (
    <Card size="small" title={t('tracking.webhook_title')}>
      <Typography.Paragraph type="secondary">{t('tracking.webhook_moved')}</Typography.Paragraph>
      <Link to="/organisation/dev">{t('tracking.webhook_link')}</Link>
    </Card>
  );
}

/** /track/{token}: what the organisation chose to show its client about a shipment; no login, no money. */
export function PublicTrackingScreen() {
  const { token = '' } = useParams();
  const { t } = useOperationsTranslation();
  const moment = useMoment();
  const tracking = useQuery({ queryKey: operationsKeys.publicTracking(token), queryFn: () => operationsApi.publicTracking(token), retry: false });
  if (tracking.isPending) return <Skeleton active />;
  if (!tracking.data) return <Result status="404" title={t('public.invalid_title')} subTitle={t('public.invalid')} />;
  const s = tracking.data;
  return (
    <section className="fyn-public-tracking" style={{ maxWidth: 860, margin: '0 auto', padding: 16 }}>
      <Typography.Text type="secondary">{s.organisation}</Typography.Text>
      <Typography.Title level={2} style={{ marginTop: 4 }}>{t('public.title', { number: s.number })}</Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <ShipmentStatusTag status={s.status} />
        <span>{`${s.origin_name ?? s.origin} → ${s.destination_name ?? s.destination}`}</span>
        <span>{t(`modes.${s.mode}`)}</span>
      </Space>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={s.atd ? t('shipments.atd') : t('shipments.etd')}>{moment(s.atd ?? s.etd)}</Descriptions.Item>
          <Descriptions.Item label={s.ata ? t('shipments.ata') : t('shipments.eta')}>{moment(s.ata ?? s.eta)}</Descriptions.Item>
          {s.house_ref && <Descriptions.Item label={t('shipments.house_ref')}>{s.house_ref}</Descriptions.Item>}
          {s.master_ref && <Descriptions.Item label={t('shipments.master_ref')}>{s.master_ref}</Descriptions.Item>}
          {s.shipper && <Descriptions.Item label={t('shipments.parties.shipper')}>{s.shipper}</Descriptions.Item>}
          {s.consignee && <Descriptions.Item label={t('shipments.parties.consignee')}>{s.consignee}</Descriptions.Item>}
          {s.containers && <Descriptions.Item label={t('shipments.tabs.containers', { count: s.containers.length })}>{s.containers.map((c) => `${c.number} (${c.iso_type})`).join(', ') || '—'}</Descriptions.Item>}
        </Descriptions>
      </Card>
      {s.events && (
        s.events.length ? (
          <EventTimeline events={[...s.events].reverse()} />
        ) : <Alert type="info" title={t('tracking.no_events')} />
      )}
    </section>
  );
}
