import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '#shared/api/errors.ts';
import {
  ANALYTICS_ROW_COLUMNS, analyticsFilterQuery, analyticsRowsPageSchema, analyticsRowsQuery, analyticsSummarySchema, arrivalsGraphSchema, graphScopeQuery, pipelineGraphSchema, revenueGraphSchema,
} from '#shared/api/analytics.ts';
import type { AppContext } from '../../context.ts';
import { sendTable } from '../../lib/spreadsheet.ts';
import { requireMember, requirePermission, type Membership } from '../organisations/membership.ts';
import { cursorInvalid, decodeCursor, encodeCursor, fitsColumn } from '../../lib/cursor.ts';
import { arrivalsOf, pipelineOf, planRows, rowsBatch, rowsSums, summaryOf, type RowsFrom } from './service.ts';

/** A drill-down cursor's row: a day (shipments) or an instant (quotes), and an id; anything else is 422. */
function afterCursor(cursor: string, kind: 'date' | 'time'): [string, string] {
  const [at, id] = decodeCursor(cursor);
  if (typeof at !== 'string' || !fitsColumn(at, 'time') || (kind === 'date') !== (at.length === 10)) throw cursorInvalid();
  return [at, id];
}

/** Rows read per batch of an export. */
const EXPORT_BATCH = 2000;

/**
 * Analytics (issue 23): the summary of a period, the rows behind any figure (paged, or every row as
 * CSV or XLSX), and the graphs the specification names (pipeline, revenue, arrivals). Every member
 * sees their own figures (`scope=me`); the organisation's and a department's need `analytics.view`.
 */
export function registerAnalyticsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['analytics'];
  // Every read here goes to the replica (DATABASE_READ_URL), or the primary for a member who just wrote (lib/read-replica.ts).
  const readDb = (req: FastifyRequest, m: Membership) => ctx.reads.dbFor(req, m.user.id).db;

  api.get('/api/analytics/summary', {
    config: { access: 'member' },
    schema: {
      tags, querystring: analyticsFilterQuery, response: { 200: envelope(analyticsSummarySchema) },
      summary: 'KPIs of a period in the base currency beside the previous period of the same length, the series by day, week, month or quarter and the breakdowns (top 10 and others); '
        + 'scope organisation or department needs analytics.view (403), me is every member’s; another organisation’s department, salesperson or client is 404',
    },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    return { data: await summaryOf(readDb(req, m), m, req.query) };
  });

  api.get('/api/analytics/rows', {
    config: { access: 'member' },
    schema: {
      tags, querystring: analyticsRowsQuery, response: { 200: analyticsRowsPageSchema },
      summary: 'The shipments or quotes behind a figure (metric, optionally one bucket), with the same filters: original amount, currency, rate and its date, and the converted figures; '
        + 'meta.sums equals the figure. format=csv|xlsx streams every row (the organisation’s and a department’s need analytics.export too)',
    },
  }, async (req, reply) => {
    const m = await requireMember(ctx, req);
    const db = readDb(req, m);
    const q = req.query;
    if (q.format && q.scope !== 'me') requirePermission(m, 'analytics.export');
    const plan = await planRows(db, m, q);
    if (q.format) {
      const stamp = new Date().toISOString().slice(0, 10);
      return sendTable(reply, {
        format: q.format, name: `analytics-${q.metric}-${stamp}`, sheet: 'rows', header: [...ANALYTICS_ROW_COLUMNS],
        rows: (async function* () {
          for (let from: RowsFrom = { offset: 0 }; ;) {
            const batch = await rowsBatch(db, m, q, plan, EXPORT_BATCH, from);
            if (batch.rows.length) yield batch.rows.map((r) => ANALYTICS_ROW_COLUMNS.map((c) => r[c] ?? ''));
            if (!batch.last) return;
            from = { after: batch.last };
          }
        })(),
      });
    }
    const from: RowsFrom = q.cursor ? { after: afterCursor(q.cursor, plan.kind === 'shipment' ? 'date' : 'time') } : { offset: (q.page - 1) * q.per_page };
    const [batch, sums] = await Promise.all([rowsBatch(db, m, q, plan, q.per_page, from), rowsSums(db, m, q, plan)]);
    return {
      data: batch.rows,
      meta: { total: sums.rows, total_exact: true, page: q.page, per_page: q.per_page, next_cursor: batch.last ? encodeCursor(batch.last[0], batch.last[1]) : null, currency: plan.currency, sums },
    };
  });

  api.get('/api/graphs/pipeline', {
    config: { access: 'crm.view' },
    schema: { tags, summary: 'Open deals’ value by pipeline stage, in the base currency at today’s rate (deals in a currency no rate converts are counted as unrated)', response: { 200: envelope(pipelineGraphSchema) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'crm.view');
    return { data: await pipelineOf(readDb(req, m), m.organisation.id) };
  });

  api.get('/api/graphs/revenue', {
    config: { access: 'member' },
    schema: { tags, querystring: graphScopeQuery, summary: 'Revenue, cost and gross profit by month for the last twelve months, in the base currency (scope as the summary’s)', response: { 200: envelope(revenueGraphSchema) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    const s = await summaryOf(readDb(req, m), m, { basis: 'booked', group: 'month', scope: req.query.scope });
    return { data: { currency: s.currency, scope: s.scope, months: s.series.map((p) => ({ month: p.bucket.slice(0, 7), revenue_minor: p.revenue_minor, cost_minor: p.cost_minor, gross_profit_minor: p.gross_profit_minor })) } };
  });

  api.get('/api/graphs/arrivals', {
    config: { access: 'operations.view' },
    schema: { tags, summary: 'Shipments arriving per day (by ETA, booked or in transit) for the next 14 days', response: { 200: envelope(arrivalsGraphSchema) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'operations.view');
    return { data: { days: await arrivalsOf(readDb(req, m), m.organisation.id) } };
  });
}
