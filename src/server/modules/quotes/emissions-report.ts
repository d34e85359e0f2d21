import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { envelope } from '#shared/api/errors.ts';
import { emissionsReportSchema, periodQuery, type EmissionsReport } from '#shared/api/emissions.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/client.ts';
import { sendTable, tableResponse } from '../../lib/spreadsheet.ts';
import { requireMember, requirePermission } from '../organisations/membership.ts';
import { factorTable } from './emissions.ts';

/** Accepted in the period: the day of acceptance, in UTC, from `from` to `to` included. */
const accepted = (org: string, from: string, to: string) => sql`
  q.organisation_id = ${org} and q.status = 'accepted' and q.decided_at >= ${from}::date and q.decided_at < ${to}::date + 1`;
const kg = sql`(q.emissions->>'kg_co2e')::numeric`;
const tkm = sql`(select coalesce(sum((l->>'tonne_km')::numeric), 0) from jsonb_array_elements(q.emissions->'legs') l)`;

/** The carbon-offsetting page's figures and its export (crm.view, crm.export). */
export function registerEmissionsReportRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  api.get('/api/emissions/report', {
    config: { access: 'crm.view' },
    schema: {
      tags: ['emissions'],
      summary: 'Emissions (ISO 14083, kg CO2e) of the quotes accepted in the period by month, mode and client; offsets retired in it; the net',
      querystring: periodQuery,
      response: { 200: envelope(emissionsReportSchema) },
    },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'crm.view');
    const org = m.organisation.id;
    const { from, to } = req.query;
    const [totals] = await rowsOf<{ kg: string; tkm: string; quotes: number; without: number }>(db, sql`
      select coalesce(sum(${kg}), 0)::text as kg, coalesce(sum(${tkm}) filter (where q.emissions is not null), 0)::text as tkm,
             count(*) filter (where q.emissions is not null)::int as quotes, count(*) filter (where q.emissions is null)::int as without
        from quotes q where ${accepted(org, from, to)}`);
    const byMonth = await rowsOf<{ month: string; kg: string; quotes: number }>(db, sql`
      select to_char(q.decided_at at time zone 'UTC', 'YYYY-MM') as month, sum(${kg})::text as kg, count(*)::int as quotes
        from quotes q where ${accepted(org, from, to)} and q.emissions is not null group by 1 order by 1`);
    const byMode = await rowsOf<{ mode: EmissionsReport['by_mode'][number]['mode']; kg: string; tonne_km: string; quotes: number }>(db, sql`
      select q.mode, sum(${kg})::text as kg, sum(${tkm})::text as tonne_km, count(*)::int as quotes
        from quotes q where ${accepted(org, from, to)} and q.emissions is not null group by q.mode order by sum(${kg}) desc, q.mode`);
    const byClient = await rowsOf<{ client_type: 'native_organisation' | 'organisation'; client_id: string; client_name: string; kg: string; quotes: number }>(db, sql`
      select q.client_type, q.client_id::text, min(q.client_name) as client_name, sum(${kg})::text as kg, count(*)::int as quotes
        from quotes q where ${accepted(org, from, to)} and q.emissions is not null group by q.client_type, q.client_id order by sum(${kg}) desc, min(q.client_name)`);
    const [offsets] = await rowsOf<{ tonnes: string; n: number; net: string }>(db, sql`
      select coalesce(sum(tonnes_co2e), 0)::text as tonnes, count(*)::int as n,
             (${totals.kg}::numeric - coalesce(sum(tonnes_co2e), 0) * 1000)::text as net
        from carbon_offsets where organisation_id = ${org} and retired_on between ${from}::date and ${to}::date`);
    const t = factorTable();
    return {
      data: {
        from, to, emitted_kg: trim(totals.kg), tonne_km: trim(totals.tkm), quotes: totals.quotes, without_estimate: totals.without,
        offset_tonnes: trim(offsets.tonnes), offsets: offsets.n, net_kg: trim(offsets.net),
        by_month: byMonth.map((r) => ({ ...r, kg: trim(r.kg) })),
        by_mode: byMode.map((r) => ({ ...r, kg: trim(r.kg), tonne_km: trim(r.tonne_km) })),
        by_client: byClient.map((r) => ({ ...r, kg: trim(r.kg) })),
        source: `${t.source} (${t.edition}), ${t.licence}`,
      },
    };
  });

  api.get('/api/emissions/report/export', {
    config: { access: 'crm.export' },
    schema: {
      tags: ['emissions'],
      summary: 'The quotes accepted in the period with their emissions, one CSV row each (number, client, mode, lane, accepted, tonne-km, kg CO2e, source)',
      querystring: periodQuery,
      ...tableResponse(),
    },
  }, async (req, reply) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'crm.export');
    const { from, to } = req.query;
    const rows = await rowsOf<{ number: string; revision: number; client_name: string; mode: string; origin: string; destination: string; accepted: string; tkm: string | null; kg: string | null; source: string | null }>(db, sql`
      select q.number, q.revision, q.client_name, q.mode, q.origin, q.destination, to_char(q.decided_at at time zone 'UTC', 'YYYY-MM-DD') as accepted,
             case when q.emissions is null then null else ${tkm}::text end as tkm, ${kg}::text as kg, q.emissions->'legs'->0->>'source' as source
        from quotes q where ${accepted(m.organisation.id, from, to)} order by q.decided_at, q.number`);
    const header = ['quote', 'revision', 'client', 'mode', 'origin', 'destination', 'accepted_on', 'tonne_km', 'kg_co2e', 'source'];
    const body = rows.map((r) => [r.number, r.revision, r.client_name, r.mode, r.origin, r.destination, r.accepted, r.tkm === null ? '' : trim(r.tkm), r.kg === null ? '' : trim(r.kg), r.source ?? '']);
    return sendTable(reply, { format: 'csv', name: `emissions-${from}-${to}`, header, rows: body });
  });
}

/** PostgreSQL numeric as text without trailing zeros ("1011.40" → "1011.4", "25.000" → "25"). */
function trim(v: string): string {
  return v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v;
}
