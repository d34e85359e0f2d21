import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsBasis, AnalyticsDimension, AnalyticsGroup, AnalyticsMetric, AnalyticsRow, AnalyticsScope, AnalyticsSummary, BreakdownRow, Kpis, SeriesPoint } from '#shared/api/analytics.ts';
import { ANALYTICS_DIMENSIONS, QUOTE_METRICS } from '#shared/api/analytics.ts';
import { convertMinor, ratioPct } from '#shared/money/amounts.ts';
import { Decimal, HALF_AWAY_FROM_ZERO } from '#shared/money/decimal.ts';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { can, type Membership } from '../organisations/membership.ts';
import { baseCurrency, rateOn } from '../exchange/service.ts';

/**
 * Analytics (issue 23; docs/architecture.md#analytics). Shipment figures come from the pre-aggregate
 * `analytics_daily` (per organisation × basis × day × mode × lane × client × salesperson × carrier),
 * the rows behind them from `analytics_shipment_facts`: both are written by the triggers of migration
 * 0027 in the transaction of every change, so a drill-down's sum equals its figure. Quotes and
 * exceptions are counted from their own tables.
 */
export type Filters = {
  from?: string; to?: string; basis: AnalyticsBasis; group: AnalyticsGroup; scope: AnalyticsScope;
  mode?: string; origin?: string; destination?: string; client?: string; salesperson?: string; department?: string; carrier?: string;
};
export type Period = { from: string; to: string };

const DAY = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => dayOf(new Date(Date.parse(day) + n * DAY));
const int = (v: unknown) => Number(v ?? 0);
const dec = (v: unknown) => new Decimal(v === null || v === undefined ? '0' : String(v));
/** A decimal as plain text with at most `places` decimals, rounded half away from zero ("12.5", "3"). */
const plain = (d: Decimal, places: number) => d.round(places, HALF_AWAY_FROM_ZERO).toFixed();

/** The period asked for, else the twelve months to today (from the first of the month eleven months back). */
export function periodOf(f: Pick<Filters, 'from' | 'to'>, today = new Date()): Period {
  const to = f.to ?? dayOf(today);
  const back = new Date(Date.UTC(new Date(to).getUTCFullYear(), new Date(to).getUTCMonth() - 11, 1));
  const from = f.from ?? dayOf(back);
  if (to < from) throw new AppError(422, 'validation_failed', 'The period ends before it starts.', { to: 'period_order' });
  if (Date.parse(to) - Date.parse(from) > 5 * 366 * DAY) throw new AppError(422, 'validation_failed', 'The period is longer than five years.', { to: 'period_too_long' });
  return { from, to };
}

/** The period of the same length just before. */
export function previousOf(p: Period): Period {
  const days = Math.round((Date.parse(p.to) - Date.parse(p.from)) / DAY) + 1;
  return { from: addDays(p.from, -days), to: addDays(p.from, -1) };
}

/**
 * Who may see what: the organisation's and a department's figures need `analytics.view` (403
 * otherwise); `me` is every member's. Ids of other organisations in the filters answer 404.
 */
export async function checkFilters(db: Db | Tx, m: Membership, f: Filters): Promise<{ department: string | null }> {
  if (f.scope !== 'me' && !can(m, 'analytics.view')) {
    throw new AppError(403, 'forbidden', f.scope === 'organisation' ? 'You may see your own figures only (scope=me): the organisation’s need the analytics permission.' : 'A department’s figures need the analytics permission.');
  }
  const org = m.organisation.id;
  let department: string | null = null;
  if (f.scope === 'department') {
    const [row] = await rowsOf<{ department_id: string | null }>(db, sql`select department_id from organisation_members where organisation_id = ${org} and user_id = ${m.user.id}`);
    department = row?.department_id ?? null;
    if (!department) throw new AppError(422, 'no_department', 'You belong to no department: choose the organisation or your own figures.');
  }
  const unknown = await unknownFilterRecord(db, org, f);
  if (unknown) throw notFound(unknown.what);
  return { department };
}

/**
 * The first filter naming a record the organisation does not have (another organisation's, say),
 * or null: a query answers 404 for it, a saved view refuses it.
 */
export async function unknownFilterRecord(db: Db | Tx, org: string, f: Pick<Filters, 'department' | 'salesperson' | 'client'>): Promise<{ filter: 'department' | 'salesperson' | 'client'; what: string } | null> {
  if (f.department && !(await rowsOf(db, sql`select 1 from departments where organisation_id = ${org} and id = ${f.department}`)).length) return { filter: 'department', what: 'The department' };
  if (f.salesperson && !(await rowsOf(db, sql`select 1 from organisation_members where organisation_id = ${org} and user_id = ${f.salesperson}`)).length) return { filter: 'salesperson', what: 'The salesperson' };
  const native = f.client?.match(/^native_organisation:(.+)$/i)?.[1];
  if (native && !(await rowsOf(db, sql`select 1 from native_organisations where organisation_id = ${org} and id = ${native}`)).length) return { filter: 'client', what: 'The client' };
  return null;
}

type Source = 'daily' | 'facts' | 'quotes';

/** The filters and the scope as conditions on one source (alias d, f or q). */
function conditions(source: Source, m: Membership, f: Filters, department: string | null): SQL[] {
  const a = source === 'daily' ? 'd' : source === 'facts' ? 'f' : 'q';
  const col = (c: string) => sql.raw(`${a}.${c}`);
  const org = m.organisation.id;
  const seller = source === 'quotes' ? col('owner_user_id') : col('salesperson_id');
  const client = source === 'quotes' ? sql`(q.client_type || ':' || q.client_id)` : col('client_key');
  const out: SQL[] = [];
  if (f.mode) out.push(sql`${col('mode')} = ${f.mode}`);
  if (f.origin) out.push(sql`${col('origin')} = ${f.origin}`);
  if (f.destination) out.push(sql`${col('destination')} = ${f.destination}`);
  if (f.client) out.push(sql`${client} = ${f.client}`);
  if (f.salesperson) out.push(sql`${seller} = ${f.salesperson}`);
  if (f.carrier !== undefined && source !== 'quotes') out.push(sql`${col('carrier')} = ${f.carrier}`);
  for (const dept of [f.department, department]) {
    if (dept) out.push(sql`${seller} in (select user_id from organisation_members where organisation_id = ${org} and department_id = ${dept})`);
  }
  if (f.scope === 'me') {
    out.push(sql`(${seller} = ${m.user.id} or ${client} in (select 'native_organisation:' || id from native_organisations where organisation_id = ${org} and assigned_user_id = ${m.user.id}))`);
  }
  return out;
}

const and = (parts: SQL[]) => (parts.length ? sql` and ${sql.join(parts, sql` and `)}` : sql``);

/** The organisation's figures without a filter come from the roll-up (analytics_rollup): a year is a few thousand rows, not one per shipment. */
const rolledUp = (f: Filters) => f.scope === 'organisation' && !f.mode && !f.origin && !f.destination && !f.client && !f.salesperson && !f.department && f.carrier === undefined;
/** The source of day totals (alias d, with the daily pre-aggregate's measure columns) and its conditions. */
function dayTotals(m: Membership, f: Filters, department: string | null): { from: SQL; where: SQL } {
  if (rolledUp(f)) return { from: sql`analytics_rollup d`, where: sql` and d.dim = 'day'` };
  return { from: sql`analytics_daily d`, where: and(conditions('daily', m, f, department)) };
}
export const dayColumn = (basis: AnalyticsBasis) => sql.raw(`f.${basis === 'booked' ? 'booked_on' : basis === 'etd' ? 'etd_on' : 'eta_on'}`);

type Totals = { shipments: number; unrated: number; revenue: number; cost: number; quoted: number; teu: string; kg: string; arrived: number; on_time: number; co2e: string; tkm: string; co2e_shipments: number };
const TOTALS = sql`coalesce(sum(d.shipments), 0)::int as shipments, coalesce(sum(d.unrated), 0)::int as unrated, coalesce(sum(d.revenue_minor), 0)::text as revenue,
  coalesce(sum(d.cost_minor), 0)::text as cost, coalesce(sum(d.quoted_revenue_minor), 0)::text as quoted, coalesce(sum(d.teu), 0)::text as teu,
  coalesce(sum(d.chargeable_kg), 0)::text as kg, coalesce(sum(d.arrived), 0)::int as arrived, coalesce(sum(d.on_time), 0)::int as on_time,
  coalesce(sum(d.co2e_kg), 0)::text as co2e, coalesce(sum(d.tonne_km), 0)::text as tkm, coalesce(sum(d.co2e_shipments), 0)::int as co2e_shipments`;

/** The figures of one period. */
async function kpisOf(db: Db | Tx, m: Membership, f: Filters, department: string | null, p: Period): Promise<Kpis & { quoted_revenue_minor: number }> {
  const org = m.organisation.id;
  const src = dayTotals(m, f, department);
  const [t] = await rowsOf<Totals>(db, sql`select ${TOTALS} from ${src.from}
    where d.organisation_id = ${org} and d.basis = ${f.basis} and d.day between ${p.from}::date and ${p.to}::date${src.where}`);
  const end = addDays(p.to, 1);
  const [q] = await rowsOf<{ sent: number; accepted: number; declined: number; median_send: string | null }>(db, sql`
    select count(*) filter (where q.sent_at >= ${p.from}::date and q.sent_at < ${end}::date)::int as sent,
           count(*) filter (where q.status = 'accepted' and q.decided_at >= ${p.from}::date and q.decided_at < ${end}::date)::int as accepted,
           count(*) filter (where q.status = 'declined' and q.decided_at >= ${p.from}::date and q.decided_at < ${end}::date)::int as declined,
           round((extract(epoch from percentile_cont(0.5) within group (order by q.sent_at - q.created_at) filter (where q.sent_at >= ${p.from}::date and q.sent_at < ${end}::date)) / 3600)::numeric, 1)::text as median_send
      from quotes q
     where q.organisation_id = ${org} and ((q.sent_at >= ${p.from}::date and q.sent_at < ${end}::date) or (q.decided_at >= ${p.from}::date and q.decided_at < ${end}::date))${and(conditions('quotes', m, f, department))}`);
  const [e] = await rowsOf<{ opened: number; median_resolve: string | null }>(db, sql`
    select count(*) filter (where e.raised_at >= ${p.from}::date and e.raised_at < ${end}::date)::int as opened,
           round((extract(epoch from percentile_cont(0.5) within group (order by e.resolved_at - e.raised_at) filter (where e.status = 'resolved' and e.resolved_at >= ${p.from}::date and e.resolved_at < ${end}::date)) / 3600)::numeric, 1)::text as median_resolve
      from shipment_exceptions e join analytics_shipment_facts f on f.organisation_id = e.organisation_id and f.shipment_id = e.shipment_id
     where e.organisation_id = ${org} and ((e.raised_at >= ${p.from}::date and e.raised_at < ${end}::date) or (e.resolved_at >= ${p.from}::date and e.resolved_at < ${end}::date))${and(conditions('facts', m, f, department))}`);
  const revenue = int(t.revenue);
  const cost = int(t.cost);
  const gp = revenue - cost;
  const per = (divisor: Decimal) => (divisor.gt('0') ? Number(new Decimal(String(gp)).div(divisor).round(0, HALF_AWAY_FROM_ZERO).toFixed()) : null);
  const tkm = dec(t.tkm);
  const co2e = dec(t.co2e);
  return {
    revenue_minor: revenue, cost_minor: cost, gross_profit_minor: gp, margin_pct: revenue ? ratioPct(gp, revenue) : null,
    shipments: t.shipments, unrated_shipments: t.unrated, teu: dec(t.teu).toFixed(), chargeable_kg: dec(t.kg).toFixed(),
    gross_profit_per_shipment_minor: per(new Decimal(String(t.shipments - t.unrated))), gross_profit_per_teu_minor: per(dec(t.teu)), gross_profit_per_tonne_minor: per(dec(t.kg).div('1000')),
    quotes_sent: q.sent, quotes_accepted: q.accepted, quotes_declined: q.declined,
    win_rate_pct: q.accepted + q.declined ? ratioPct(q.accepted, q.accepted + q.declined) : null, median_hours_to_send: q.median_send,
    arrived: t.arrived, on_time: t.on_time, on_time_pct: t.arrived ? ratioPct(t.on_time, t.arrived) : null,
    exceptions_opened: e.opened, median_hours_to_resolve: e.median_resolve,
    co2e_kg: plain(co2e, 3), co2e_per_shipment_kg: t.co2e_shipments ? plain(co2e.div(String(t.co2e_shipments)), 3) : null,
    co2e_per_tonne_km_g: tkm.gt('0') ? plain(co2e.times('1000').div(tkm), 3) : null,
    quoted_revenue_minor: int(t.quoted),
  };
}

/** Change in per cent from `before` to `now` (2 decimals), null when there was nothing before. */
function changePct(now: string | number | null, before: string | number | null): string | null {
  if (now === null || before === null) return null;
  const b = new Decimal(String(before));
  if (b.eq('0')) return null;
  return new Decimal(String(now)).minus(b).times('100').div(b.abs()).round(2, HALF_AWAY_FROM_ZERO).toFixed(2);
}

async function seriesOf(db: Db | Tx, m: Membership, f: Filters, department: string | null, p: Period): Promise<SeriesPoint[]> {
  const org = m.organisation.id;
  const g = f.group;
  const step = sql.raw(`'1 ${g}'::interval`);
  const src = dayTotals(m, f, department);
  // The period's rows summed per bucket in one pass, then set beside every bucket (joined the other way, the
  // planner could read the period's rows again for each bucket).
  const rows = await rowsOf<{ bucket: string; revenue: string; cost: string; shipments: number; teu: string; co2e: string }>(db, sql`
    with b as (select generate_series(date_trunc(${g}, ${p.from}::date::timestamp), ${p.to}::date::timestamp, ${step})::date as bucket),
         s as (select date_trunc(${g}, d.day::timestamp)::date as bucket, sum(d.revenue_minor) as revenue, sum(d.cost_minor) as cost, sum(d.shipments) as shipments,
                      sum(d.teu) as teu, sum(d.co2e_kg) as co2e
                 from ${src.from} where d.organisation_id = ${org} and d.basis = ${f.basis} and d.day between ${p.from}::date and ${p.to}::date${src.where} group by 1)
    select to_char(b.bucket, 'YYYY-MM-DD') as bucket, coalesce(s.revenue, 0)::text as revenue, coalesce(s.cost, 0)::text as cost,
           coalesce(s.shipments, 0)::int as shipments, coalesce(s.teu, 0)::text as teu, coalesce(s.co2e, 0)::text as co2e
      from b left join s on s.bucket = b.bucket order by b.bucket`);
  const end = addDays(p.to, 1);
  const quotes = await rowsOf<{ bucket: string; n: number }>(db, sql`
    select to_char(date_trunc(${g}, (q.sent_at at time zone 'UTC')), 'YYYY-MM-DD') as bucket, count(*)::int as n from quotes q
     where q.organisation_id = ${org} and q.sent_at >= ${p.from}::date and q.sent_at < ${end}::date${and(conditions('quotes', m, f, department))} group by 1`);
  const sent = new Map(quotes.map((r) => [r.bucket, r.n]));
  return rows.map((r) => ({
    bucket: r.bucket, revenue_minor: int(r.revenue), cost_minor: int(r.cost), gross_profit_minor: int(r.revenue) - int(r.cost),
    shipments: r.shipments, teu: dec(r.teu).toFixed(), quotes_sent: sent.get(r.bucket) ?? 0, co2e_kg: plain(dec(r.co2e), 3),
  }));
}

const KEY_OF: Record<AnalyticsDimension, SQL> = {
  lane: sql`d.origin || '-' || d.destination`,
  client: sql`d.client_key`,
  salesperson: sql`d.salesperson_id::text`,
  carrier: sql`d.carrier`,
  mode: sql`d.mode`,
  department: sql`coalesce(om.department_id::text, '')`,
};
/** The rows shown per breakdown; the rest are summed as "others". */
export const TOP = 10;

/** The whole months inside a period (first days, both ends included) and the days left at its edges; null when no month is whole. */
export function wholeMonths(p: Period): { first: string; last: string; edges: Period[] } | null {
  const start = new Date(`${p.from}T00:00:00Z`);
  const first = start.getUTCDate() === 1 ? p.from : dayOf(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1)));
  const end = new Date(`${p.to}T00:00:00Z`);
  const afterEnd = addDays(p.to, 1);
  const lastEnd = afterEnd.endsWith('-01') ? afterEnd : dayOf(new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), 1)));
  const last = dayOf(new Date(Date.UTC(new Date(`${lastEnd}T00:00:00Z`).getUTCFullYear(), new Date(`${lastEnd}T00:00:00Z`).getUTCMonth() - 1, 1)));
  if (last < first) return null;
  const edges: Period[] = [];
  if (p.from < first) edges.push({ from: p.from, to: addDays(first, -1) });
  if (lastEnd <= p.to) edges.push({ from: lastEnd, to: p.to });
  return { first, last, edges };
}

type BreakdownSums = { key: string; revenue: string; cost: string; shipments: number; teu: string; arrived: number; on_time: number };
const BREAKDOWN_SUMS = sql`coalesce(sum(d.revenue_minor), 0)::text as revenue, coalesce(sum(d.cost_minor), 0)::text as cost, sum(d.shipments)::int as shipments,
           sum(d.teu)::text as teu, sum(d.arrived)::int as arrived, sum(d.on_time)::int as on_time`;

async function breakdownOf(db: Db | Tx, m: Membership, f: Filters, department: string | null, p: Period, dim: AnalyticsDimension): Promise<BreakdownRow[]> {
  const org = m.organisation.id;
  const months = rolledUp(f) ? wholeMonths(p) : null;
  let rows: BreakdownSums[];
  if (months) {
    // Whole months from the roll-up, the days at the edges from the daily rows; a department's figures are its salespeople's.
    const by = dim === 'department' ? 'salesperson' : dim;
    const edgeKey = dim === 'department' ? KEY_OF.salesperson : KEY_OF[dim];
    const edges = months.edges.map((e) => sql`
      union all select ${edgeKey} as key, d.revenue_minor, d.cost_minor, d.shipments, d.teu, d.arrived, d.on_time from analytics_daily d
       where d.organisation_id = ${org} and d.basis = ${f.basis} and d.day between ${e.from}::date and ${e.to}::date`);
    const key = dim === 'department' ? sql`coalesce(om.department_id::text, '')` : sql`d.key`;
    const join = dim === 'department' ? sql` left join organisation_members om on om.organisation_id = ${org} and om.user_id::text = d.key` : sql``;
    rows = await rowsOf<BreakdownSums>(db, sql`
      select ${key} as key, ${BREAKDOWN_SUMS}
        from (select r.key, r.revenue_minor, r.cost_minor, r.shipments, r.teu, r.arrived, r.on_time from analytics_rollup r
               where r.organisation_id = ${org} and r.basis = ${f.basis} and r.dim = ${by} and r.day between ${months.first}::date and ${months.last}::date${sql.join(edges, sql``)}) d${join}
       group by 1 order by sum(d.revenue_minor) desc, 1`);
  } else {
    const join = dim === 'department' ? sql` left join organisation_members om on om.organisation_id = d.organisation_id and om.user_id = d.salesperson_id` : sql``;
    rows = await rowsOf<BreakdownSums>(db, sql`
      select ${KEY_OF[dim]} as key, ${BREAKDOWN_SUMS}
        from analytics_daily d${join}
       where d.organisation_id = ${org} and d.basis = ${f.basis} and d.day between ${p.from}::date and ${p.to}::date${and(conditions('daily', m, f, department))}
       group by 1 order by sum(d.revenue_minor) desc, 1`);
  }
  const top = rows.slice(0, TOP);
  const rest = rows.slice(TOP);
  const labels = await labelsOf(db, org, dim, top.map((r) => r.key));
  const row = (key: string, label: string | null, r: { revenue: number; cost: number; shipments: number; teu: Decimal; arrived: number; on_time: number }, others: boolean): BreakdownRow => ({
    key, label, revenue_minor: r.revenue, cost_minor: r.cost, gross_profit_minor: r.revenue - r.cost, margin_pct: r.revenue ? ratioPct(r.revenue - r.cost, r.revenue) : null,
    shipments: r.shipments, teu: r.teu.toFixed(), arrived: r.arrived, on_time: r.on_time, on_time_pct: r.arrived ? ratioPct(r.on_time, r.arrived) : null, others,
  });
  const out = top.map((r) => row(r.key, labels.get(r.key) ?? null, { revenue: int(r.revenue), cost: int(r.cost), shipments: r.shipments, teu: dec(r.teu), arrived: r.arrived, on_time: r.on_time }, false));
  if (rest.length) {
    const sum = rest.reduce((s, r) => ({ revenue: s.revenue + int(r.revenue), cost: s.cost + int(r.cost), shipments: s.shipments + r.shipments, teu: s.teu.plus(dec(r.teu)), arrived: s.arrived + r.arrived, on_time: s.on_time + r.on_time }),
      { revenue: 0, cost: 0, shipments: 0, teu: new Decimal('0'), arrived: 0, on_time: 0 });
    out.push(row('__others', null, sum, true));
  }
  return out;
}

/** People's names for the keys of a breakdown (lanes, modes and carriers are their own labels). */
async function labelsOf(db: Db | Tx, org: string, dim: AnalyticsDimension, keys: string[]): Promise<Map<string, string | null>> {
  if (!keys.length) return new Map();
  const list = sql.join(keys.map((k) => sql`${k}`), sql`, `);
  switch (dim) {
    case 'lane':
      return new Map(keys.map((k) => [k, k.replace('-', ' → ')]));
    case 'client':
      return new Map((await rowsOf<{ key: string; name: string }>(db, sql`select k.key, (select f.client_name from analytics_shipment_facts f where f.organisation_id = ${org} and f.client_key = k.key limit 1) as name
        from unnest(array[${list}]::text[]) k(key)`)).map((r) => [r.key, r.name]));
    case 'salesperson':
      return new Map((await rowsOf<{ key: string; name: string }>(db, sql`select id::text as key, name from users where id::text in (${list})`)).map((r) => [r.key, r.name]));
    case 'department':
      return new Map((await rowsOf<{ key: string; name: string }>(db, sql`select id::text as key, name from departments where organisation_id = ${org} and id::text in (${list})`)).map((r) => [r.key, r.name]));
    default:
      return new Map(keys.map((k) => [k, k || null]));
  }
}

/** GET /api/analytics/summary. */
export async function summaryOf(db: Db | Tx, m: Membership, f: Filters, today = new Date()): Promise<AnalyticsSummary> {
  const { department } = await checkFilters(db, m, f);
  const period = periodOf(f, today);
  const previousPeriod = previousOf(period);
  const [now, before, series, currency] = await Promise.all([
    kpisOf(db, m, f, department, period), kpisOf(db, m, f, department, previousPeriod), seriesOf(db, m, f, department, period), baseCurrency(db, m.organisation.id),
  ]);
  const breakdowns = Object.fromEntries(await Promise.all(ANALYTICS_DIMENSIONS.map(async (d) => [d, await breakdownOf(db, m, f, department, period, d)] as const))) as AnalyticsSummary['breakdowns'];
  const { quoted_revenue_minor: quoted, ...kpis } = now;
  const { quoted_revenue_minor: _q, ...previous } = before;
  void _q;
  const change = Object.fromEntries(Object.entries(kpis).map(([k, v]) => [k, typeof v === 'number' || typeof v === 'string' ? changePct(v, previous[k as keyof Kpis] as string | number | null) : null]));
  return {
    currency, scope: f.scope, basis: f.basis, group: f.group, period, previous_period: previousPeriod, kpis, previous, change, series, breakdowns,
    quoted_share_pct: kpis.revenue_minor ? ratioPct(quoted, kpis.revenue_minor) : null,
  };
}


type RowsQuery = Filters & { metric: AnalyticsMetric; bucket?: string };
export type RowsPlan = { period: Period; department: string | null; currency: string; kind: 'shipment' | 'quote' };

/** The days a drill-down covers: the period, or the one bucket of it asked for. */
function rowsPeriod(q: RowsQuery, p: Period): Period {
  if (!q.bucket) return p;
  const start = new Date(`${q.bucket}T00:00:00Z`);
  const next = new Date(start);
  if (q.group === 'day') next.setUTCDate(next.getUTCDate() + 1);
  else if (q.group === 'week') next.setUTCDate(next.getUTCDate() + 7);
  else next.setUTCMonth(next.getUTCMonth() + (q.group === 'month' ? 1 : 3));
  const from = q.bucket > p.from ? q.bucket : p.from;
  const last = addDays(dayOf(next), -1);
  const to = last < p.to ? last : p.to;
  if (to < from) throw new AppError(422, 'validation_failed', 'The bucket is outside the period.', { bucket: 'Outside the period.' });
  return { from, to };
}

/** What a drill-down reads, checked (403, 404, 422) before anything is sent. */
export async function planRows(db: Db | Tx, m: Membership, q: RowsQuery, today = new Date()): Promise<RowsPlan> {
  const { department } = await checkFilters(db, m, q);
  return { period: rowsPeriod(q, periodOf(q, today)), department, currency: await baseCurrency(db, m.organisation.id), kind: (QUOTE_METRICS as readonly string[]).includes(q.metric) ? 'quote' : 'shipment' };
}

function shipmentWhere(m: Membership, q: RowsQuery, plan: RowsPlan): SQL {
  const day = dayColumn(q.basis);
  const metric = q.metric === 'on_time' ? sql` and f.arrived` : q.metric === 'co2e' ? sql` and f.co2e_kg is not null` : sql``;
  return sql`f.organisation_id = ${m.organisation.id} and ${day} between ${plan.period.from}::date and ${plan.period.to}::date${metric}${and(conditions('facts', m, q, plan.department))}`;
}

function quoteWhere(m: Membership, q: RowsQuery, plan: RowsPlan): { where: SQL; day: SQL } {
  const start = plan.period.from;
  const end = addDays(plan.period.to, 1);
  const day = q.metric === 'quotes_sent' ? sql`q.sent_at` : sql`q.decided_at`;
  const status = q.metric === 'quotes_accepted' ? sql` and q.status = 'accepted'` : q.metric === 'quotes_decided' ? sql` and q.status in ('accepted', 'declined')` : sql``;
  return { day, where: sql`q.organisation_id = ${m.organisation.id} and ${day} >= ${start}::date and ${day} < ${end}::date${status}${and(conditions('quotes', m, q, plan.department))}` };
}

type RawRow = Record<string, unknown>;
const toRow = (r: RawRow): AnalyticsRow => ({
  kind: r.kind as AnalyticsRow['kind'], id: String(r.id), number: String(r.number), day: String(r.day), client_name: String(r.client_name), mode: String(r.mode),
  origin: String(r.origin), destination: String(r.destination), carrier: (r.carrier as string | null) || null, salesperson: (r.salesperson as string | null) ?? null, status: String(r.status),
  currency: String(r.currency), sell_minor: int(r.sell_minor), buy_minor: int(r.buy_minor), rate: (r.rate as string | null) ?? null, rate_date: (r.rate_date as string | null) ?? null,
  rate_source: (r.rate_source as string | null) ?? null,
  revenue_minor: r.revenue_minor === null || r.revenue_minor === undefined ? null : int(r.revenue_minor),
  cost_minor: r.cost_minor === null || r.cost_minor === undefined ? null : int(r.cost_minor),
  gross_profit_minor: r.revenue_minor === null || r.revenue_minor === undefined ? null : int(r.revenue_minor) - int(r.cost_minor),
  teu: r.teu === null || r.teu === undefined ? null : String(r.teu), chargeable_kg: r.chargeable_kg === null || r.chargeable_kg === undefined ? null : String(r.chargeable_kg),
  on_time: (r.on_time as boolean | null) ?? null, co2e_kg: r.co2e_kg === null || r.co2e_kg === undefined ? null : String(r.co2e_kg),
});

/** Where a batch of rows starts: after so many rows (page numbers), or after a row (keyset: its sort value and id, newest first). */
export type RowsFrom = { offset: number } | { after: [string, string] };
export type RowsBatch = { rows: AnalyticsRow[]; last: [string, string] | null };

/** One batch of rows behind a figure, newest first (by day, then id). */
export async function rowsBatch(db: Db | Tx, m: Membership, q: RowsQuery, plan: RowsPlan, limit: number, from: RowsFrom): Promise<RowsBatch> {
  const offset = 'offset' in from ? from.offset : 0;
  let rows: RawRow[];
  if (plan.kind === 'shipment') {
    const day = dayColumn(q.basis);
    const after = 'after' in from ? sql` and (${day}, f.shipment_id) < (${from.after[0]}::date, ${from.after[1]}::uuid)` : sql``;
    rows = await rowsOf<RawRow>(db, sql`
      select 'shipment' as kind, s.id, s.number, to_char(${day}, 'YYYY-MM-DD') as day, f.client_name, f.mode, f.origin, f.destination, f.carrier, u.name as salesperson, s.status,
             f.currency, f.sell_minor, f.buy_minor, f.rate, to_char(f.rate_date, 'YYYY-MM-DD') as rate_date, f.rate_source, f.revenue_minor, f.cost_minor,
             f.teu::text as teu, f.chargeable_kg::text as chargeable_kg, case when f.arrived then f.on_time end as on_time, f.co2e_kg::text as co2e_kg,
             to_char(${day}, 'YYYY-MM-DD') as cursor_at
        from analytics_shipment_facts f join shipments s on s.organisation_id = f.organisation_id and s.id = f.shipment_id left join users u on u.id = f.salesperson_id
       where ${shipmentWhere(m, q, plan)}${after} order by ${day} desc, f.shipment_id desc limit ${limit} offset ${offset}`);
  } else {
    const { where, day } = quoteWhere(m, q, plan);
    const after = 'after' in from ? sql` and (${day}, q.id) < (${from.after[0]}::timestamptz, ${from.after[1]}::uuid)` : sql``;
    rows = await rowsOf<RawRow>(db, sql`
      select 'quote' as kind, q.id, q.number || case when q.revision > 1 then '-' || q.revision else '' end as number, to_char(${day} at time zone 'UTC', 'YYYY-MM-DD') as day,
             q.client_name, q.mode, q.origin, q.destination, null as carrier, u.name as salesperson, q.status, q.currency, q.sell_minor, q.buy_minor,
             to_char(${day} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at
        from quotes q left join users u on u.id = q.owner_user_id
       where ${where}${after} order by ${day} desc, q.id desc limit ${limit} offset ${offset}`);
  }
  const end = rows.at(-1);
  return { rows: rows.map(toRow), last: end && rows.length === limit ? [String(end.cursor_at), String(end.id)] : null };
}

/** How many rows there are behind the figure, and the sums of their converted figures. */
export async function rowsSums(db: Db | Tx, m: Membership, q: RowsQuery, plan: RowsPlan): Promise<{ rows: number; revenue_minor: number; cost_minor: number; gross_profit_minor: number }> {
  if (plan.kind === 'quote') {
    const [r] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from quotes q where ${quoteWhere(m, q, plan).where}`);
    return { rows: r.n, revenue_minor: 0, cost_minor: 0, gross_profit_minor: 0 };
  }
  const [r] = await rowsOf<{ n: number; revenue: string; cost: string }>(db, sql`
    select count(*)::int as n, coalesce(sum(f.revenue_minor), 0)::text as revenue, coalesce(sum(f.cost_minor), 0)::text as cost from analytics_shipment_facts f where ${shipmentWhere(m, q, plan)}`);
  return { rows: r.n, revenue_minor: int(r.revenue), cost_minor: int(r.cost), gross_profit_minor: int(r.revenue) - int(r.cost) };
}

/** GET /api/graphs/arrivals: shipments arriving per day (by ETA) for the next 14 days, today first. */
export async function arrivalsOf(db: Db | Tx, org: string, today = new Date()): Promise<{ day: string; shipments: number }[]> {
  const first = dayOf(today);
  const rows = await rowsOf<{ day: string; n: number }>(db, sql`
    select to_char((s.eta at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*)::int as n from shipments s
     where s.organisation_id = ${org} and s.status in ('booked', 'in_transit') and s.eta >= ${first}::date and s.eta < ${addDays(first, 14)}::date group by 1`);
  const by = new Map(rows.map((r) => [r.day, r.n]));
  return Array.from({ length: 14 }, (_, i) => addDays(first, i)).map((day) => ({ day, shipments: by.get(day) ?? 0 }));
}

/** GET /api/graphs/pipeline: open deals' value by stage, converted to the base currency at today's rate. */
export async function pipelineOf(db: Db | Tx, org: string, today = new Date()) {
  const currency = await baseCurrency(db, org);
  const day = dayOf(today);
  const stages = await rowsOf<{ pipeline_id: string; pipeline: string; kind: string; id: string; name: string; position: number }>(db, sql`
    select p.id as pipeline_id, p.name as pipeline, p.kind, st.id, st.name, st.position from pipelines p join pipeline_stages st on st.organisation_id = p.organisation_id and st.pipeline_id = p.id
     where p.organisation_id = ${org} and st.outcome = 'open' order by p.position, p.name, st.position`);
  const deals = await rowsOf<{ stage_id: string; currency: string; value: string; n: number }>(db, sql`
    select d.stage_id, d.currency, sum(d.value_minor)::text as value, count(*)::int as n from deals d join pipeline_stages st on st.organisation_id = d.organisation_id and st.id = d.stage_id
     where d.organisation_id = ${org} and st.outcome = 'open' group by 1, 2`);
  const rates = new Map<string, Awaited<ReturnType<typeof rateOn>>>();
  for (const c of new Set(deals.map((d) => d.currency))) rates.set(c, await rateOn(db, org, c, currency, day));
  const pipelines = new Map<string, { id: string; name: string; kind: string; stages: { id: string; name: string; position: number; deals: number; value_minor: number; unrated: number }[] }>();
  for (const s of stages) {
    const p = pipelines.get(s.pipeline_id) ?? { id: s.pipeline_id, name: s.pipeline, kind: s.kind, stages: [] };
    pipelines.set(s.pipeline_id, p);
    let value = 0;
    let n = 0;
    let unrated = 0;
    // Per currency: the sum in that currency converted once, rounded half away from zero.
    for (const d of deals.filter((x) => x.stage_id === s.id)) {
      const rate = rates.get(d.currency);
      n += d.n;
      if (rate) value += convertMinor(d.value, d.currency, currency, rate.rate);
      else unrated += d.n;
    }
    p.stages.push({ id: s.id, name: s.name, position: s.position, deals: n, value_minor: value, unrated });
  }
  return { currency, pipelines: [...pipelines.values()] };
}
