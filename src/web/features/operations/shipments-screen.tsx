import { Button, Card, Col, DatePicker, Empty, Input, Row, Segmented, Select, Space, Statistic, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ShipmentSummary } from '#shared/api/operations.ts';
import { DATE_REFERENCES, SHIPMENT_STATUSES, type DateReference, type ShipmentStatus } from '#shared/operations/model.ts';
import { QUOTE_MODES, type QuoteMode } from '#shared/quotes/model.ts';
import { DataTable, type DataColumn } from '../../components/data-table.tsx';
import { Money } from '../../components/money.tsx';
import { RouteTitle } from '../../components/route-title.tsx';
import { operationsApi, operationsKeys, type ShipmentFilters } from '../../lib/operations-api.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { DelayTag, SHIPMENTS_PATH, ShipmentStatusTag, SignoffTag, useMoment } from './bits.tsx';
import { useOperationsTranslation } from './operations-texts.ts';

const NewShipment = lazy(async () => ({ default: (await import('./new-shipment-dialog.tsx')).NewShipment }));

const monthStart = () => dayjs().startOf('month').subtract(2, 'month');

/**
 * crm/shipment-management: the organisation's shipments by the spec's date reference (ETD, ETA or
 * creation), status, mode and text, with the period's report per month and mode; a shipment can be
 * opened here without a booking.
 */
export function ShipmentsScreen() {
  const { t } = useOperationsTranslation();
  const navigate = useNavigate();
  const moment = useMoment();
  const [dateRef, setDateRef] = useState<DateReference>('shipment_creation');
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [status, setStatus] = useState<ShipmentStatus | 'active' | null>(null);
  const [mode, setMode] = useState<QuoteMode | null>(null);
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const q = useDebounced(search.trim(), 300);
  const filters: ShipmentFilters = { status, mode, date_ref: dateRef, from: range?.[0].format('YYYY-MM-DD') ?? null, to: range?.[1].format('YYYY-MM-DD') ?? null, q };
  const list = useInfiniteQuery({
    queryKey: operationsKeys.shipments(filters),
    queryFn: ({ pageParam }) => operationsApi.shipments(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor ?? null,
  });
  const reportFrom = (range?.[0] ?? monthStart()).format('YYYY-MM-DD');
  const reportTo = (range?.[1] ?? dayjs().endOf('month').add(1, 'month')).format('YYYY-MM-DD');
  const report = useQuery({ queryKey: operationsKeys.report(dateRef, reportFrom, reportTo), queryFn: () => operationsApi.report(dateRef, reportFrom, reportTo) });
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];

  const columns: DataColumn<ShipmentSummary>[] = [
    { key: 'number', title: t('shipments.number'), render: (r) => <Link to={`${SHIPMENTS_PATH}/${r.id}`}>{r.number}</Link> },
    { key: 'house', title: t('shipments.house_ref'), render: (r) => (<>{r.house_ref}{r.master_ref && <Typography.Text type="secondary"> · {r.master_ref}</Typography.Text>}</>) },
    { key: 'client', title: t('shipments.client'), render: (r) => r.client_name },
    { key: 'route', title: t('shipments.route'), render: (r) => `${r.origin} → ${r.destination}` },
    { key: 'mode', title: t('shipments.mode'), render: (r) => t(`modes.${r.mode}`) },
    { key: 'etd', title: t('shipments.etd'), render: (r) => moment(r.atd ?? r.etd) },
    { key: 'eta', title: t('shipments.eta'), render: (r) => moment(r.ata ?? r.eta) },
    { key: 'delay', title: t('shipments.delay'), render: (r) => <DelayTag hours={r.ata ? null : r.delay_hours} /> },
    { key: 'status', title: t('shipments.status_label'), render: (r) => <Space size={4} wrap><ShipmentStatusTag status={r.status} /><SignoffTag status={r.signoff_status} /></Space> },
  ];

  const totals = new Map<string, { sell: number; buy: number; profit: number }>();
  for (const r of report.data?.rows ?? []) {
    const x = totals.get(r.currency) ?? { sell: 0, buy: 0, profit: 0 };
    totals.set(r.currency, { sell: x.sell + r.sell_minor, buy: x.buy + r.buy_minor, profit: x.profit + r.profit_minor });
  }
  const count = (report.data?.rows ?? []).reduce((n, r) => n + r.shipments, 0);
  const containers = (report.data?.rows ?? []).reduce((n, r) => n + r.containers, 0);

  return (
    <section className="fyn-page">
      <RouteTitle />
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <Segmented<DateReference>
              aria-label={t('shipments.date_ref')}
              value={dateRef}
              onChange={setDateRef}
              options={DATE_REFERENCES.map((d) => ({ value: d, label: t(`shipments.date_refs.${d}`) }))}
            />
            <DatePicker.RangePicker aria-label={t('shipments.period')} value={range} onChange={(v) => setRange(v?.[0] && v[1] ? [v[0], v[1]] : null)} />
          </Space>
          <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setCreating(true)}>{t('shipments.new')}</Button>
        </Space>
        <Card size="small" title={t('shipments.report_title', { from: reportFrom, to: reportTo })} loading={report.isPending}>
          <Row gutter={[16, 16]}>
            <Col xs={12} md={4}><Statistic title={t('shipments.report.shipments')} value={count} /></Col>
            <Col xs={12} md={4}><Statistic title={t('shipments.report.containers')} value={containers} /></Col>
            {[...totals].map(([currency, x]) => (
              <Col xs={24} md={8} key={currency}>
                <Typography.Text type="secondary">{t('shipments.report.money', { currency })}</Typography.Text>
                <div>{t('shipments.report.sell')}: <Money minor={x.sell} currency={currency} /> · {t('shipments.report.buy')}: <Money minor={x.buy} currency={currency} /></div>
                <div><strong>{t('shipments.report.profit')}: <Money minor={x.profit} currency={currency} /></strong></div>
              </Col>
            ))}
          </Row>
          {(report.data?.rows.length ?? 0) > 0 && (
            <DataTable
              aria-label={t('shipments.report.by_month')}
              rows={report.data!.rows}
              rowKey={(r) => `${r.month}-${r.mode}-${r.currency}`}
              columns={[
                { key: 'month', title: t('shipments.report.month'), render: (r) => r.month },
                { key: 'mode', title: t('shipments.mode'), render: (r) => t(`modes.${r.mode}`) },
                { key: 'n', title: t('shipments.report.shipments'), align: 'end', render: (r) => r.shipments },
                { key: 'c', title: t('shipments.report.containers'), align: 'end', render: (r) => r.containers },
                { key: 'sell', title: t('shipments.report.sell'), align: 'end', render: (r) => <Money minor={r.sell_minor} currency={r.currency} /> },
                { key: 'profit', title: t('shipments.report.profit'), align: 'end', render: (r) => <Money minor={r.profit_minor} currency={r.currency} /> },
              ]}
            />
          )}
        </Card>
        <Space wrap>
          <Select<ShipmentStatus | 'active' | 'all'>
            aria-label={t('shipments.status_label')}
            style={{ width: 180 }}
            value={status ?? 'all'}
            onChange={(v) => setStatus(v === 'all' ? null : v)}
            options={[{ value: 'all', label: t('shipments.all') }, { value: 'active', label: t('shipments.active') }, ...SHIPMENT_STATUSES.map((s) => ({ value: s, label: t(`shipments.status.${s}`) }))]}
          />
          <Select<QuoteMode | 'all'>
            aria-label={t('shipments.mode')}
            style={{ width: 160 }}
            value={mode ?? 'all'}
            onChange={(v) => setMode(v === 'all' ? null : v)}
            options={[{ value: 'all', label: t('shipments.all_modes') }, ...QUOTE_MODES.map((m) => ({ value: m, label: t(`modes.${m}`) }))]}
          />
          <Input.Search allowClear placeholder={t('shipments.search')} aria-label={t('shipments.search')} value={search} onChange={(e) => setSearch(e.target.value)} style={{ width: 260 }} />
        </Space>
        <DataTable
          aria-label={t('shipments.list')}
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          loading={list.isFetching}
          empty={<Empty description={status || mode || q || range ? t('shipments.none_match') : t('shipments.none')} />}
        />
        {list.hasNextPage && <Button block onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>{t('shipments.more')}</Button>}
      </Space>
      {/* The form (Form, location search, date and number inputs) loads when first opened, not with the list. */}
      {creating && (
        <Suspense fallback={null}>
          <NewShipment open={creating} onClose={() => setCreating(false)} onCreated={(id) => navigate(`${SHIPMENTS_PATH}/${id}`)} />
        </Suspense>
      )}
    </section>
  );
}
