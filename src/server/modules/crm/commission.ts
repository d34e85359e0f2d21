import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { envelope } from '#shared/api/errors.ts';
import { commissionReportSchema, type CommissionReport } from '#shared/api/crm.ts';
import { periodQuery } from '#shared/api/emissions.ts';
import { convertMinor, majorOf, percentOf, sumMinor } from '#shared/money/amounts.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/client.ts';
import { sendTable, tableResponse } from '../../lib/spreadsheet.ts';
import { rateOn } from '../exchange/service.ts';
import { requireMember, requirePermission } from '../organisations/membership.ts';
import { baseCurrency } from '../exchange/service.ts';

type QuoteRow = { id: string; number: string; revision: number; accepted_on: string; client_name: string; owner: string; owner_name: string; currency: string; sell_minor: number; margin_minor: number };
type RecordRow = { id: string; name: string; basis: 'gross_profit' | 'revenue' | 'per_shipment'; rate_pct: string; staff_user_id: string | null; valid_from: string | null; valid_until: string | null };

/**
 * The commission of each accepted quote: the record that applies to its owner on the day it was accepted
 * (one naming the owner before one for everyone, then the latest start), on its margin or sell total converted
 * into the base currency at the organisation's rate of that day; each quote's commission rounded half away from
 * zero, then the quotes summed. Commission is pay: the report needs `payroll.view`.
 */
export async function commissionReport(ctx: AppContext, organisationId: string, from: string, to: string): Promise<CommissionReport> {
  const db = ctx.database.db;
  const currency = await baseCurrency(db, organisationId);
  const quotes = await rowsOf<QuoteRow>(db, sql`
    select q.id, q.number, q.revision, to_char(q.decided_at at time zone 'UTC', 'YYYY-MM-DD') as accepted_on, q.client_name, q.owner_user_id::text as owner, u.name as owner_name,
           q.currency, q.sell_minor, q.margin_minor
      from quotes q join users u on u.id = q.owner_user_id
     where q.organisation_id = ${organisationId} and q.status = 'accepted' and q.decided_at >= ${from}::date and q.decided_at < ${to}::date + 1
     order by u.name, q.decided_at, q.number`);
  const records = await rowsOf<RecordRow>(db, sql`
    select id, name, basis, rate_pct::text as rate_pct, staff_user_id::text as staff_user_id, valid_from::text as valid_from, valid_until::text as valid_until
      from commissions where organisation_id = ${organisationId}`);
  const unconverted = new Set<string>();
  const staff = new Map<string, CommissionReport['staff'][number]>();
  for (const q of quotes) {
    const applies = records
      .filter((r) => (r.staff_user_id === null || r.staff_user_id === q.owner) && (!r.valid_from || r.valid_from <= q.accepted_on) && (!r.valid_until || q.accepted_on <= r.valid_until))
      .sort((a, b) => Number(b.staff_user_id !== null) - Number(a.staff_user_id !== null) || (b.valid_from ?? '').localeCompare(a.valid_from ?? ''));
    const record = applies[0];
    if (!record) continue;
    let basisMinor: number | null = null;
    let commission: number | null = null;
    if (record.basis !== 'per_shipment') {
      const fx = await rateOn(db, organisationId, q.currency, currency, q.accepted_on);
      if (!fx) {
        unconverted.add(q.currency);
        continue;
      }
      basisMinor = convertMinor(Number(record.basis === 'gross_profit' ? q.margin_minor : q.sell_minor), q.currency, currency, fx.rate);
      commission = percentOf(basisMinor, record.rate_pct);
    }
    const entry = staff.get(q.owner) ?? { user_id: q.owner, name: q.owner_name, quotes: 0, basis_minor: 0, commission_minor: 0, lines: [] };
    entry.lines.push({
      quote_id: q.id, number: q.number, revision: q.revision, accepted_on: q.accepted_on, client_name: q.client_name,
      commission_id: record.id, commission_name: record.name, basis: record.basis, rate_pct: record.rate_pct.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''), basis_minor: basisMinor, commission_minor: commission,
    });
    entry.quotes += 1;
    staff.set(q.owner, entry);
  }
  const people = [...staff.values()].map((s) => ({
    ...s,
    basis_minor: sumMinor(s.lines.map((l) => l.basis_minor ?? 0)),
    commission_minor: sumMinor(s.lines.map((l) => l.commission_minor ?? 0)),
  }));
  return { from, to, currency, staff: people, total_commission_minor: sumMinor(people.map((p) => p.commission_minor)), unconverted: [...unconverted].sort() };
}

export function registerCommissionRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/commissions/report', {
    config: { access: 'payroll.view' },
    schema: { tags: ['commissions'], summary: 'Commission per staff member on the quotes they own that were accepted in the period (base currency)', querystring: periodQuery, response: { 200: envelope(commissionReportSchema) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'payroll.view');
    return { data: await commissionReport(ctx, m.organisation.id, req.query.from, req.query.to) };
  });

  api.get('/api/commissions/report/export', {
    config: { access: 'payroll.export' },
    schema: { tags: ['commissions'], summary: 'The commission report as CSV, one row per quote', querystring: periodQuery, ...tableResponse() },
  }, async (req, reply) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'payroll.export');
    const r = await commissionReport(ctx, m.organisation.id, req.query.from, req.query.to);
    const money = (v: number | null) => (v === null ? '' : majorOf(v, r.currency));
    const rows = r.staff.flatMap((s) => s.lines.map((l) => [s.name, l.number, l.revision, l.accepted_on, l.client_name, l.commission_name, l.basis, l.rate_pct, money(l.basis_minor), money(l.commission_minor), r.currency]));
    const header = ['staff_member', 'quote', 'revision', 'accepted_on', 'client', 'commission', 'basis', 'rate_pct', 'basis_amount', 'commission_amount', 'currency'];
    return sendTable(reply, { format: 'csv', name: `commission-${r.from}-${r.to}`, header, rows });
  });
}
