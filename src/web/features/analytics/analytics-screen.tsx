import './analytics.css';
import { Alert, Button, Card, Drawer, Empty, Input, Segmented, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AnalyticsDimension, AnalyticsMetric, AnalyticsRow, AnalyticsScope, AnalyticsSummary, BreakdownRow, Kpis } from '#shared/api/analytics.ts';
import { ANALYTICS_BASES, ANALYTICS_GROUPS } from '#shared/api/analytics.ts';
import { formatDecimal, formatMoney, formatPercent } from '#shared/money/format.ts';
import { QUOTE_MODES } from '#shared/quotes/model.ts';
import { DataTable, type DataColumn } from '../../components/data-table.tsx';
import { PeriodFields } from '../../components/period-fields.tsx';
import { RouteTitle } from '../../components/route-title.tsx';
import { analyticsApi, analyticsKeys, type AnalyticsParams } from '../../lib/analytics-api.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { useAnalyticsTranslation } from './analytics-texts.ts';
import { Sparkline } from '../../components/sparkline.tsx';
import { CHART_COLOURS, TimeChart } from './time-chart.tsx';
import { SavedViews } from './saved-views.tsx';

/** The URL's filters of the page (a view can be shared by its address). */
const FILTER_KEYS = ['from', 'to', 'basis', 'group', 'mode', 'origin', 'destination', 'client', 'salesperson', 'department', 'carrier', 'scope'] as const;
const day = (d: Date) => d.toISOString().slice(0, 10);
/** Twelve months to today, as the server's default. */
function defaultPeriod() {
  const now = new Date();
  return { from: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1))), to: day(now) };
}

type Tile = { key: keyof Kpis; metric: AnalyticsMetric; kind: 'money' | 'count' | 'pct' | 'decimal' | 'hours'; unit?: string; spark?: 'revenue_minor' | 'cost_minor' | 'gross_profit_minor' | 'shipments' | 'quotes_sent' | 'co2e_kg' | 'teu'; lowerIsBetter?: boolean };
const TILES: Tile[] = [
  { key: 'revenue_minor', metric: 'revenue', kind: 'money', spark: 'revenue_minor' },
  { key: 'cost_minor', metric: 'cost', kind: 'money', spark: 'cost_minor', lowerIsBetter: true },
  { key: 'gross_profit_minor', metric: 'gross_profit', kind: 'money', spark: 'gross_profit_minor' },
  { key: 'margin_pct', metric: 'gross_profit', kind: 'pct' },
  { key: 'shipments', metric: 'shipments', kind: 'count', spark: 'shipments' },
  { key: 'teu', metric: 'teu', kind: 'decimal', spark: 'teu' },
  { key: 'chargeable_kg', metric: 'chargeable_kg', kind: 'decimal', unit: 'kg' },
  { key: 'gross_profit_per_shipment_minor', metric: 'shipments', kind: 'money' },
  { key: 'gross_profit_per_teu_minor', metric: 'teu', kind: 'money' },
  { key: 'gross_profit_per_tonne_minor', metric: 'chargeable_kg', kind: 'money' },
  { key: 'quotes_sent', metric: 'quotes_sent', kind: 'count', spark: 'quotes_sent' },
  { key: 'quotes_accepted', metric: 'quotes_accepted', kind: 'count' },
  { key: 'win_rate_pct', metric: 'quotes_decided', kind: 'pct' },
  { key: 'median_hours_to_send', metric: 'quotes_sent', kind: 'hours', lowerIsBetter: true },
  { key: 'on_time_pct', metric: 'on_time', kind: 'pct' },
  { key: 'exceptions_opened', metric: 'shipments', kind: 'count', lowerIsBetter: true },
  { key: 'median_hours_to_resolve', metric: 'shipments', kind: 'hours', lowerIsBetter: true },
  { key: 'co2e_kg', metric: 'co2e', kind: 'decimal', unit: 'kg', spark: 'co2e_kg', lowerIsBetter: true },
  { key: 'co2e_per_shipment_kg', metric: 'co2e', kind: 'decimal', unit: 'kg', lowerIsBetter: true },
  { key: 'co2e_per_tonne_km_g', metric: 'co2e', kind: 'decimal', unit: 'g', lowerIsBetter: true },
];
const DIMENSIONS: { dim: AnalyticsDimension; filter: (key: string) => Record<string, string> | null }[] = [
  { dim: 'lane', filter: (k) => { const [origin, destination] = k.split('-'); return { origin, destination }; } },
  { dim: 'client', filter: (k) => ({ client: k }) },
  { dim: 'salesperson', filter: (k) => (k === '00000000-0000-0000-0000-000000000000' ? null : { salesperson: k }) },
  { dim: 'carrier', filter: (k) => ({ carrier: k }) },
  { dim: 'mode', filter: (k) => ({ mode: k }) },
  { dim: 'department', filter: (k) => (k ? { department: k } : null) },
];

/**
 * The analytics page: the organisation's (`/organisation/analytics`) or one's own and one's
 * department's (`/analytics`). Filters live in the URL; every figure opens the rows behind it,
 * which export as CSV or XLSX.
 */
export function AnalyticsPage({ scopes }: { scopes: AnalyticsScope[] }) {
  const { t, i18n } = useAnalyticsTranslation();
  const lang = i18n.language;
  const [search, setSearch] = useSearchParams();
  const permissions = useSessionStore((s) => s.user?.permissions ?? []);
  const allowed = scopes.filter((s) => s === 'me' || permissions.includes('analytics.view'));
  const params = useMemo(() => {
    const p: AnalyticsParams = {};
    for (const k of FILTER_KEYS) {
      const v = search.get(k);
      if (v !== null && v !== '') p[k] = v;
    }
    const period = defaultPeriod();
    p.from ??= period.from;
    p.to ??= period.to;
    if (!p.scope || !allowed.includes(p.scope as AnalyticsScope)) p.scope = allowed[0] ?? 'me';
    return p;
  }, [search, allowed]);
  const set = (next: Record<string, string | null>) =>
    setSearch((prev) => {
      const out = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(next)) if (v === null || v === '') out.delete(k); else out.set(k, v);
      return out;
    }, { replace: true });
  const summary = useQuery({ queryKey: analyticsKeys.summary(params), queryFn: () => analyticsApi.summary(params), placeholderData: keepPreviousData });
  const [drill, setDrill] = useState<{ metric: AnalyticsMetric; title: string; extra?: Record<string, string> } | null>(null);
  const s = summary.data;
  const money = (minor: number) => formatMoney(minor, s?.currency ?? 'GBP', lang);
  const labels = useMemo(() => (s ? s.series.map((p) => bucketLabel(p.bucket, s.group, lang)) : []), [s, lang]);
  const moneySeries = useMemo(() => (s ? [
    { label: t('kpi.revenue_minor'), values: s.series.map((p) => p.revenue_minor / 100), format: (v: number) => formatMoney(Math.round(v * 100), s.currency, lang), colour: CHART_COLOURS.revenue },
    { label: t('kpi.cost_minor'), values: s.series.map((p) => p.cost_minor / 100), format: (v: number) => formatMoney(Math.round(v * 100), s.currency, lang), colour: CHART_COLOURS.cost },
    { label: t('kpi.gross_profit_minor'), values: s.series.map((p) => p.gross_profit_minor / 100), format: (v: number) => formatMoney(Math.round(v * 100), s.currency, lang), colour: CHART_COLOURS.profit },
  ] : []), [s, lang, t]);
  const volumeSeries = useMemo(() => (s ? [
    { label: t('kpi.shipments'), values: s.series.map((p) => p.shipments), format: (v: number) => formatDecimal(String(Math.round(v)), lang), colour: CHART_COLOURS.volume },
    { label: t('kpi.teu'), values: s.series.map((p) => Number(p.teu)), format: (v: number) => formatDecimal(String(Math.round(v * 10) / 10), lang), colour: CHART_COLOURS.revenue },
  ] : []), [s, lang, t]);
  const co2Series = useMemo(() => (s ? [
    { label: t('kpi.co2e_kg'), values: s.series.map((p) => Number(p.co2e_kg)), format: (v: number) => `${formatDecimal(String(Math.round(v)), lang)} kg`, colour: CHART_COLOURS.co2e },
  ] : []), [s, lang, t]);

  if (allowed.length === 0) {
    return (
      <section className="fyn-page">
        <RouteTitle />
        <Alert type="info" showIcon title={t('no_permission')} />
      </section>
    );
  }
  const filterTags = (['mode', 'origin', 'destination', 'client', 'salesperson', 'department', 'carrier'] as const).filter((k) => params[k] !== undefined);
  return (
    <section className="fyn-page">
      <RouteTitle />
      <Space wrap align="end" style={{ marginBottom: 12 }}>
        {allowed.length > 1 && (
          <label>{t('filters.scope')}
            <Segmented style={{ display: 'flex' }} value={params.scope} onChange={(v) => set({ scope: String(v) })} options={allowed.map((v) => ({ value: v, label: t(`scope.${v}`) }))} />
          </label>
        )}
        <PeriodFields value={{ from: params.from, to: params.to }} onChange={(p) => set(p)} fromLabel={t('filters.from')} toLabel={t('filters.to')} />
        <label className="fyn-analytics-field">{t('filters.basis')}
          <Select style={{ width: 200 }} value={params.basis ?? 'booked'} onChange={(v) => set({ basis: v })} options={ANALYTICS_BASES.map((b) => ({ value: b, label: t(`basis.${b}`) }))} aria-label={t('filters.basis')} />
        </label>
        <label>{t('filters.group')}
          <Segmented style={{ display: 'flex' }} value={params.group ?? 'month'} onChange={(v) => set({ group: String(v) })} options={ANALYTICS_GROUPS.map((g) => ({ value: g, label: t(`group.${g}`) }))} />
        </label>
        <label className="fyn-analytics-field">{t('filters.mode')}
          <Select style={{ width: 160 }} allowClear value={params.mode} onChange={(v) => set({ mode: v ?? null })} placeholder={t('filters.any')} options={QUOTE_MODES.map((m) => ({ value: m, label: t(`mode.${m}`) }))} aria-label={t('filters.mode')} />
        </label>
        <label>{t('filters.origin')}
          <Input style={{ display: 'block', width: 110 }} defaultValue={params.origin} key={`o${params.origin}`} maxLength={5} placeholder="CNSHA" onBlur={(e) => set({ origin: e.target.value.trim().toUpperCase() || null })} onPressEnter={(e) => set({ origin: e.currentTarget.value.trim().toUpperCase() || null })} />
        </label>
        <label>{t('filters.destination')}
          <Input style={{ display: 'block', width: 110 }} defaultValue={params.destination} key={`d${params.destination}`} maxLength={5} placeholder="GBFXT" onBlur={(e) => set({ destination: e.target.value.trim().toUpperCase() || null })} onPressEnter={(e) => set({ destination: e.currentTarget.value.trim().toUpperCase() || null })} />
        </label>
        <SavedViews params={params} onApply={(filters) => setSearch(new URLSearchParams(filters), { replace: true })} />
      </Space>
      {filterTags.length > 0 && (
        <Space wrap style={{ marginBottom: 12 }} aria-label={t('filters.active')}>
          {filterTags.map((k) => (
            <Tag key={k} closable closeIcon={<span aria-label={t('filters.remove', { name: t(`filters.${k}`) })}>×</span>} onClose={() => set({ [k]: null })}>
              {t(`filters.${k}`)}: {labelOf(s, k, params[k]) ?? params[k]}
            </Tag>
          ))}
          <Button size="small" type="link" onClick={() => set(Object.fromEntries(filterTags.map((k) => [k, null])))}>{t('filters.clear')}</Button>
        </Space>
      )}
      {summary.isError && <Alert type="error" showIcon title={summary.error.message || t('load_failed')} />}
      {!s ? (
        summary.isPending && <Skeleton active />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            {t('intro', { currency: s.currency, from: s.period.from, to: s.period.to, pfrom: s.previous_period.from, pto: s.previous_period.to })}
            {s.quoted_share_pct !== null && ` ${t('quoted_share', { pct: formatPercent(s.quoted_share_pct, lang) })}`}
            {s.kpis.unrated_shipments > 0 && ` ${t('unrated', { count: s.kpis.unrated_shipments })}`}
          </Typography.Paragraph>
          <div className="fyn-kpis">
            {TILES.map((tile) => (
              <KpiTile key={tile.key} tile={tile} s={s} money={money} onOpen={() => setDrill({ metric: tile.metric, title: t(`kpi.${tile.key}`) })} />
            ))}
          </div>
          <div className="fyn-analytics-grid">
            <Card size="small"><TimeChart title={t('charts.money')} labels={labels} series={moneySeries} /></Card>
            <Card size="small"><TimeChart title={t('charts.volume')} labels={labels} series={volumeSeries} /></Card>
            {DIMENSIONS.map(({ dim, filter }) => (
              <Card key={dim} size="small" title={t(`breakdown.${dim}`)}>
                <Breakdown dim={dim} rows={s.breakdowns[dim]} money={money}
                  onFilter={(key) => { const f = filter(key); if (f) set(f); }}
                  onOpen={(row) => { const f = filter(row.key); if (f) setDrill({ metric: 'revenue', title: `${t(`breakdown.${dim}`)}: ${row.label ?? row.key}`, extra: f }); }} />
              </Card>
            ))}
            <Card size="small"><TimeChart title={t('charts.co2e')} labels={labels} series={co2Series} /></Card>
          </div>
        </>
      )}
      {drill && s && <DrillDown key={JSON.stringify([params, drill])} params={{ ...params, ...drill.extra, metric: drill.metric }} title={drill.title} figure={s} onClose={() => setDrill(null)} />}
    </section>
  );
}

function bucketLabel(bucket: string, group: string, lang: string): string {
  const d = new Date(`${bucket}T00:00:00Z`);
  if (group === 'month') return new Intl.DateTimeFormat(lang, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(d);
  if (group === 'quarter') return `Q${Math.floor(d.getUTCMonth() / 3) + 1} ${d.getUTCFullYear()}`;
  return new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(d);
}

/** A filter's value as people read it, where the summary names it (a client's or salesperson's name). */
function labelOf(s: AnalyticsSummary | undefined, key: string, value: string | undefined): string | null {
  if (!s || value === undefined) return null;
  const dim = ({ client: 'client', salesperson: 'salesperson', department: 'department' } as Record<string, AnalyticsDimension | undefined>)[key];
  return dim ? (s.breakdowns[dim].find((r) => r.key === value)?.label ?? null) : null;
}

function KpiTile({ tile, s, money, onOpen }: { tile: Tile; s: AnalyticsSummary; money: (n: number) => string; onOpen: () => void }) {
  const { t, i18n } = useAnalyticsTranslation();
  const lang = i18n.language;
  const show = (v: string | number | null) => {
    if (v === null) return '—';
    if (tile.kind === 'money') return money(Number(v));
    if (tile.kind === 'pct') return formatPercent(String(v), lang);
    if (tile.kind === 'hours') return t('hours', { value: formatDecimal(String(v), lang) });
    return `${formatDecimal(String(v), lang)}${tile.unit ? ` ${tile.unit}` : ''}`;
  };
  const now = s.kpis[tile.key];
  const before = s.previous[tile.key];
  const change = s.change[tile.key];
  const better = change === null || change === undefined ? null : (Number(change) >= 0) !== Boolean(tile.lowerIsBetter);
  return (
    // Its name is what it shows (WCAG 2.5.3, label in name), and what a click does.
    <button type="button" className="fyn-kpi" onClick={onOpen}>
      <Typography.Text type="secondary">{t(`kpi.${tile.key}`)}</Typography.Text>
      <span className="fyn-kpi-value">{show(now)}</span>
      <span className="fyn-kpi-foot">
        <span>
          {t('previous', { value: show(before) })}
          {change !== null && change !== undefined && <> · <span className={better ? 'fyn-change-up' : 'fyn-change-down'}>{Number(change) > 0 ? '+' : ''}{formatPercent(change, lang)}</span></>}
        </span>
        {tile.spark && <Sparkline values={s.series.map((p) => Number(p[tile.spark!]))} />}
      </span>
      <span className="fyn-visually-hidden">{t('open_rows')}</span>
    </button>
  );
}

function Breakdown({ dim, rows, money, onFilter, onOpen }: { dim: AnalyticsDimension; rows: BreakdownRow[]; money: (n: number) => string; onFilter: (key: string) => void; onOpen: (row: BreakdownRow) => void }) {
  const { t, i18n } = useAnalyticsTranslation();
  const lang = i18n.language;
  const [sort, setSort] = useState<{ key: string; order: 'ascend' | 'descend' } | null>(null);
  const sortable: Record<string, (r: BreakdownRow) => number> = { revenue: (r) => r.revenue_minor, profit: (r) => r.gross_profit_minor, shipments: (r) => r.shipments, on_time: (r) => Number(r.on_time_pct ?? -1) };
  const sorted = sort ? [...rows].sort((a, b) => (a.others ? 1 : b.others ? -1 : (sortable[sort.key](a) - sortable[sort.key](b)) * (sort.order === 'ascend' ? 1 : -1))) : rows;
  const name = (r: BreakdownRow) => (r.others ? t('others') : dim === 'mode' ? t(`mode.${r.key}`) : r.label ?? t('none'));
  const columns: DataColumn<BreakdownRow>[] = [
    { key: 'label', title: t(`dimension.${dim}`), render: (r) => (r.others ? name(r) : <Button type="link" size="small" style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }} onClick={() => onFilter(r.key)} aria-label={t('filter_by', { name: name(r) })}>{name(r)}</Button>) },
    { key: 'revenue', title: t('kpi.revenue_minor'), align: 'end', sortOrder: sort?.key === 'revenue' ? sort.order : null, render: (r) => money(r.revenue_minor) },
    { key: 'profit', title: t('kpi.gross_profit_minor'), align: 'end', sortOrder: sort?.key === 'profit' ? sort.order : null, render: (r) => money(r.gross_profit_minor) },
    { key: 'margin', title: t('kpi.margin_pct'), align: 'end', render: (r) => (r.margin_pct === null ? '—' : formatPercent(r.margin_pct, lang)) },
    { key: 'shipments', title: t('kpi.shipments'), align: 'end', sortOrder: sort?.key === 'shipments' ? sort.order : null, render: (r) => formatDecimal(String(r.shipments), lang) },
    ...(dim === 'carrier' ? [{ key: 'on_time', title: t('kpi.on_time_pct'), align: 'end' as const, sortOrder: sort?.key === 'on_time' ? sort.order : null, render: (r: BreakdownRow) => (r.on_time_pct === null ? '—' : `${formatPercent(r.on_time_pct, lang)} (${r.on_time}/${r.arrived})`) }] : []),
    { key: 'rows', title: <span className="fyn-visually-hidden">{t('open_rows')}</span>, align: 'end', render: (r) => (r.others ? null : <Button size="small" onClick={() => onOpen(r)} aria-label={`${t('open_rows')}: ${name(r)}`}>{t('rows')}</Button>) },
  ];
  return (
    <DataTable columns={columns} rows={sorted} rowKey={(r) => r.key} aria-label={t(`breakdown.${dim}`)} empty={<Empty description={t('empty')} />}
      onSort={(key, order) => setSort(order ? { key, order } : null)} />
  );
}

/** Rows per page of a drill-down. */
const PER_PAGE = 25;

export function DrillDown({ params, title, figure, onClose }: { params: AnalyticsParams; title: string; figure: AnalyticsSummary; onClose: () => void }) {
  const { t, i18n } = useAnalyticsTranslation();
  const lang = i18n.language;
  const mayExport = useSessionStore((s) => params.scope === 'me' || (s.user?.permissions.includes('analytics.export') ?? false));
  // Keyset pages (issue 23 at size): each page asks for the rows after the last one seen (meta.next_cursor), as
  // fast at the thousandth page as at the first; the cursors of the pages walked are kept to go back.
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const query = { ...params, per_page: String(PER_PAGE), ...(cursor ? { cursor } : {}) };
  const rows = useQuery({ queryKey: analyticsKeys.rows(query), queryFn: () => analyticsApi.rows(query), placeholderData: keepPreviousData });
  const base = figure.currency;
  const m = (minor: number | null, currency = base) => (minor === null ? '—' : formatMoney(minor, currency, lang));
  const quotes = params.metric?.startsWith('quotes');
  const columns: DataColumn<AnalyticsRow>[] = [
    { key: 'number', title: t('row.number'), render: (r) => r.number },
    { key: 'day', title: t('row.day'), render: (r) => r.day },
    { key: 'client', title: t('row.client'), render: (r) => r.client_name },
    { key: 'lane', title: t('row.lane'), render: (r) => `${r.origin} → ${r.destination}` },
    { key: 'sell', title: t('row.sell'), align: 'end', render: (r) => m(r.sell_minor, r.currency) },
    { key: 'buy', title: t('row.buy'), align: 'end', render: (r) => m(r.buy_minor, r.currency) },
    ...(quotes ? [{ key: 'status', title: t('row.status'), render: (r: AnalyticsRow) => r.status }] : [
      { key: 'rate', title: t('row.rate'), render: (r: AnalyticsRow) => (r.rate === null ? t('row.no_rate') : <>{formatDecimal(r.rate, lang)} <Typography.Text type="secondary">({r.rate_date}, {t(`rate_source.${r.rate_source}`)})</Typography.Text></>) },
      { key: 'revenue', title: t('row.revenue', { currency: base }), align: 'end' as const, render: (r: AnalyticsRow) => m(r.revenue_minor) },
      { key: 'profit', title: t('row.profit', { currency: base }), align: 'end' as const, render: (r: AnalyticsRow) => m(r.gross_profit_minor) },
    ]),
  ];
  const meta = rows.data?.meta;
  return (
    <Drawer open onClose={onClose} title={title} size={960} destroyOnHidden>
      {meta && (
        <Typography.Paragraph>
          {t('drill.count', { count: meta.total })}
          {!quotes && ` ${t('drill.sums', { revenue: m(meta.sums.revenue_minor), profit: m(meta.sums.gross_profit_minor) })}`}
        </Typography.Paragraph>
      )}
      {rows.data?.data.some((r) => r.rate_source === 'ecb_booking_day') && <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('drill.older')} />}
      {mayExport && (
        <Space style={{ marginBottom: 12 }}>
          <Button href={analyticsApi.exportUrl(params, 'csv')} download>{t('drill.export_csv')}</Button>
          <Button href={analyticsApi.exportUrl(params, 'xlsx')} download>{t('drill.export_xlsx')}</Button>
        </Space>
      )}
      {rows.isError && <Alert type="error" showIcon title={t('load_failed')} />}
      <DataTable columns={columns} rows={rows.data?.data ?? []} rowKey={(r) => r.id} loading={rows.isFetching} aria-label={title} empty={<Empty description={t('empty')} />} />
      {meta && meta.total > PER_PAGE && (
        <nav aria-label={t('drill.pages')} className="fyn-analytics-pager">
          <Button disabled={!cursors.length || rows.isFetching} onClick={() => setCursors((c) => c.slice(0, -1))}>{t('drill.previous')}</Button>
          <Typography.Text aria-live="polite">{t('drill.page', { page: cursors.length + 1, pages: Math.ceil(meta.total / PER_PAGE) })}</Typography.Text>
          <Button disabled={!meta.next_cursor || (cursors.length + 1) * PER_PAGE >= meta.total || rows.isFetching} onClick={() => meta.next_cursor && setCursors((c) => [...c, meta.next_cursor!])}>{t('drill.next')}</Button>
        </nav>
      )}
    </Drawer>
  );
}

/** /organisation/analytics: the organisation's figures (analytics.view). */
export function OrganisationAnalyticsScreen() {
  return <AnalyticsPage scopes={['organisation']} />;
}

/** /analytics: every member's own figures, and their department's with analytics.view. */
export function MyAnalyticsScreen() {
  return <AnalyticsPage scopes={['me', 'department']} />;
}
