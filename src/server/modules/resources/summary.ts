import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getTableName } from 'drizzle-orm';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { RESOURCES } from '#shared/resources/registry.ts';
import type { AppContext } from '../../context.ts';
import { requireMember, requirePermission } from '../organisations/membership.ts';
import { tableOf } from './tables.ts';

/** Record counts of the control-centre areas, for its root page (one query). */
export function registerControlCentreSummary(app: FastifyInstance, ctx: AppContext) {
  const parts = [
    ...RESOURCES.map((d) => `select '${d.name}' as name, count(*)::int as n from "${getTableName(tableOf(d.name))}" where organisation_id = $1`),
    `select 'staff', count(*)::int from organisation_members where organisation_id = $1`,
    `select 'rates', count(*)::int from buy_rates where organisation_id = $1`,
  ];
  const query = parts.join(' union all ');
  app.withTypeProvider<ZodTypeProvider>().get('/api/control-centre/summary', {
    config: { access: 'control_centre.view' },
    schema: { tags: ['control-centre'], summary: 'How many records each control-centre area holds', response: { 200: envelope(z.record(z.string(), z.number())) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'control_centre.view');
    const rows = await ctx.database.query<{ name: string; n: number }>(query, [m.organisation.id]);
    return { data: Object.fromEntries(rows.map((r) => [r.name, Number(r.n)])) };
  });
}
