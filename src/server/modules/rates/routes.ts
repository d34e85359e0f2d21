import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkReferenceCodes } from '../crm/service.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { rateCreateBody, rateListQuery, ratePageSchema, ratePatchBody, rateSchema, rateSearchQuery, rateSearchSchema, type Rate } from '#shared/api/rates.ts';
import { convertMinor } from '#shared/money/amounts.ts';
import { Decimal } from '#shared/money/decimal.ts';
import { measuresOf } from '#shared/quotes/calc.ts';
import { priceRateCharge } from '#shared/quotes/rates.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf, type Tx } from '../../db/client.ts';
import { auditEvents, buyRates } from '../../db/schema/index.ts';
import { cursorInvalid, decodeCursor, encodeCursor, fitsColumn } from '../../lib/cursor.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { pgCode } from '../../lib/sql-text.ts';
import { baseCurrency, rateOn } from '../exchange/service.ts';
import { requireMember, requirePermission, type Membership } from '../organisations/membership.ts';

export type RateRow = typeof buyRates.$inferSelect;
const idParam = z.object({ id: z.uuid() });
const one = { 200: envelope(rateSchema) };
const today = () => new Date().toISOString().slice(0, 10);

export const presentRate = (r: RateRow): Rate => ({
  id: r.id, carrier: r.carrier, partner_id: r.partner_id, mode: r.mode, origin: r.origin, destination: r.destination, equipment: r.equipment,
  valid_from: String(r.valid_from).slice(0, 10), valid_until: String(r.valid_until).slice(0, 10), transit_days: r.transit_days, reference: r.reference, notes: r.notes,
  charges: r.charges, created_at: new Date(r.created_at).toISOString(),
});


/**
 * Buy rates (control-centre `rate-management`, permission module `rates`): what carriers and
 * partners charge per lane and mode, valid between two days; the search answers the valid ones,
 * cheapest first for the cargo given.
 */
export function registerRateRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['rates'];

  async function member(req: FastifyRequest, action: 'view' | 'create' | 'update' | 'delete'): Promise<Membership> {
    const m = await requireMember(ctx, req);
    requirePermission(m, `rates.${action}`);
    return m;
  }
  const writeFailure = (err: unknown): never => {
    if (pgCode(err) === '23503') throw new AppError(422, 'validation_failed', 'The partner is not one of yours.', { partner_id: 'Unknown partner.' });
    if (pgCode(err) === '23514') throw new AppError(422, 'validation_failed', 'The rate must end on or after the day it starts.', { valid_until: 'Before the start.' });
    throw err;
  };
  const checkCodes = async (organisationId: string, charges: { charge_code_id: string | null }[]) => {
    const ids = [...new Set(charges.map((c) => c.charge_code_id).filter((v): v is string => v !== null))];
    if (!ids.length) return;
    const found = await rowsOf<{ id: string }>(db, sql`select id from charge_codes where organisation_id = ${organisationId} and id = any(${`{${ids.join(',')}}`}::uuid[])`);
    if (found.length !== ids.length) throw new AppError(422, 'validation_failed', 'A charge code of the rate is not one of yours.', { charges: 'Unknown charge code.' });
  };
  const audit = (tx: Tx, m: Membership, action: string, id: string, changes: Record<string, unknown>) =>
    tx.insert(auditEvents).values({ organisation_id: m.organisation.id, id: uuidv7(), actor_user_id: m.user.id, action, entity: 'rates', entity_id: id, changes });

  api.get('/api/rates', {
    config: { access: 'rates.view' },
    schema: { tags, summary: 'The organisation’s buy rates, newest first, by mode and lane', querystring: rateListQuery, response: { 200: ratePageSchema } },
  }, async (req) => {
    const m = await member(req, 'view');
    const { mode, origin, destination, cursor, limit } = req.query;
    let after = sql``;
    if (cursor) {
      const [at, id] = decodeCursor(cursor);
      if (!fitsColumn(at, 'time')) throw cursorInvalid();
      after = sql`and (created_at, id) < (${at}::timestamptz, ${id}::uuid)`;
    }
    const rows = await rowsOf<RateRow>(db, sql`
      select * from buy_rates where organisation_id = ${m.organisation.id}
        ${mode ? sql`and mode = ${mode}` : sql``} ${origin ? sql`and origin = ${origin}` : sql``} ${destination ? sql`and destination = ${destination}` : sql``}
        ${after} order by created_at desc, id desc limit ${limit}`);
    const last = rows.at(-1);
    return { data: rows.map(presentRate), meta: { next_cursor: last && rows.length === limit ? encodeCursor(new Date(last.created_at).toISOString(), last.id) : null } };
  });

  api.get('/api/rates/search', {
    config: { access: 'rates.view' },
    schema: { tags, summary: 'The buy rates valid on a day for a lane and mode, cheapest first for the cargo given (totals in one currency)', querystring: rateSearchQuery, response: { 200: rateSearchSchema } },
  }, async (req) => {
    const m = await member(req, 'view');
    const q = req.query;
    const day = q.date ?? today();
    const currency = q.currency ?? (await baseCurrency(db, m.organisation.id));
    const rows = await rowsOf<RateRow>(db, sql`
      select * from buy_rates where organisation_id = ${m.organisation.id} and origin = ${q.origin} and destination = ${q.destination} and mode = ${q.mode}
        and valid_from <= ${day}::date and valid_until >= ${day}::date ${q.equipment ? sql`and (equipment is null or equipment = ${q.equipment})` : sql``}
       order by valid_until desc limit 200`);
    const measures = measuresOf(q.mode, new Decimal(q.volume_cbm ?? '0'), new Decimal(q.weight_kg ?? '0'), q.packages ?? 0, q.containers ?? (q.equipment ? 1 : 0));
    const rateCache = new Map<string, Awaited<ReturnType<typeof rateOn>>>();
    const priced = [];
    for (const r of rows) {
      let total: number | null = 0;
      for (const c of r.charges) {
        const p = priceRateCharge(c, measures);
        if (!p) continue;
        if (!rateCache.has(c.currency)) rateCache.set(c.currency, await rateOn(db, m.organisation.id, c.currency, currency, day));
        const fx = rateCache.get(c.currency);
        total = fx && total !== null ? total + convertMinor(p.total_minor, c.currency, currency, fx.rate) : null;
      }
      priced.push({ ...presentRate(r), total_minor: total, currency });
    }
    // Cheapest first; a rate that cannot be compared (no exchange rate) last.
    priced.sort((a, b) => (a.total_minor ?? Number.MAX_SAFE_INTEGER) - (b.total_minor ?? Number.MAX_SAFE_INTEGER));
    return { data: priced };
  });

  api.post('/api/rates', {
    config: { access: 'rates.create' },
    schema: { tags, summary: 'Add a buy rate', body: rateCreateBody, response: { 201: envelope(rateSchema) } },
  }, async (req, reply) => {
    const m = await member(req, 'create');
    const b = req.body;
    if (b.valid_until < b.valid_from) throw new AppError(422, 'validation_failed', 'The rate must end on or after the day it starts.', { valid_until: 'Before the start.' });
    await checkCodes(m.organisation.id, b.charges);
    await checkReferenceCodes(db, m.organisation.id, { mode: b.mode, equipment: b.equipment ? [{ field: 'equipment', code: b.equipment }] : [] });
    const id = uuidv7();
    const row = await db
      .transaction(async (tx) => {
        const [r] = await tx.insert(buyRates).values({ organisation_id: m.organisation.id, id, ...b, created_by: m.user.id }).returning();
        await audit(tx, m, 'create', id, { carrier: b.carrier, lane: `${b.origin}-${b.destination}`, mode: b.mode });
        return r;
      })
      .catch(writeFailure);
    return reply.status(201).send({ data: presentRate(row) });
  });

  api.get('/api/rates/:id', {
    config: { access: 'rates.view' },
    schema: { tags, summary: 'One buy rate', params: idParam, response: one },
  }, async (req) => {
    const m = await member(req, 'view');
    const [row] = await db.select().from(buyRates).where(and(eq(buyRates.organisation_id, m.organisation.id), eq(buyRates.id, req.params.id)));
    if (!row) throw notFound('The rate');
    return { data: presentRate(row) };
  });

  api.patch('/api/rates/:id', {
    config: { access: 'rates.update' },
    schema: { tags, summary: 'Change a buy rate', params: idParam, body: ratePatchBody, response: one },
  }, async (req) => {
    const m = await member(req, 'update');
    if (req.body.charges) await checkCodes(m.organisation.id, req.body.charges);
    await checkReferenceCodes(db, m.organisation.id, { mode: req.body.mode, equipment: req.body.equipment ? [{ field: 'equipment', code: req.body.equipment }] : [] });
    const row = await db
      .transaction(async (tx) => {
        const [r] = await tx
          .update(buyRates)
          .set({ ...req.body, updated_at: new Date() })
          .where(and(eq(buyRates.organisation_id, m.organisation.id), eq(buyRates.id, req.params.id)))
          .returning();
        if (!r) throw notFound('The rate');
        await audit(tx, m, 'update', r.id, { fields: Object.keys(req.body) });
        return r;
      })
      .catch(writeFailure);
    return { data: presentRate(row) };
  });

  api.delete('/api/rates/:id', {
    config: { access: 'rates.delete' },
    schema: { tags, summary: 'Delete a buy rate', params: idParam, response: { 204: z.null() } },
  }, async (req, reply) => {
    const m = await member(req, 'delete');
    await db.transaction(async (tx) => {
      const gone = await tx.delete(buyRates).where(and(eq(buyRates.organisation_id, m.organisation.id), eq(buyRates.id, req.params.id))).returning({ id: buyRates.id });
      if (!gone.length) throw notFound('The rate');
      await audit(tx, m, 'delete', req.params.id, {});
    });
    return reply.status(204).send(null);
  });
}
