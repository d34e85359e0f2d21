import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { holidayBody, holidayImportBody, holidayListSchema, holidayPatchBody, holidayQuery, holidaySchema, type Holiday } from '#shared/api/hr.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import { holidays } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { pgCode } from '../../lib/sql-text.ts';
import { requireMember, requirePermission } from '../organisations/membership.ts';
import { audit } from '../../lib/audit.ts';

export const HOLIDAY_SOURCE = 'date-holidays 3.37.0 (code ISC; holiday data CC BY-SA 3.0, from Wikipedia articles)';

type HolidayRow = typeof holidays.$inferSelect;

/**
 * A country's public holidays in a year as date-holidays publishes them, by local date (the
 * library's `date` text, never its UTC instants). Days that apply to some people only (its `note`:
 * "Women", "Youth from the age of 14 to 28") do not count against everyone's leave.
 */
export async function libraryHolidays(country: string, year: number, region = ''): Promise<Holiday[]> {
  const { default: Holidays } = await import('date-holidays');
  // The library throws on a region it does not know (a 500 once): name the regions it knows instead.
  const regions = region ? (new Holidays().getStates(country) as Record<string, string> | undefined) ?? {} : {};
  if (region && !Object.hasOwn(regions, region)) {
    const known = Object.keys(regions);
    throw new AppError(422, 'validation_failed', `date-holidays knows no region ${region} of ${country}${known.length ? `: use one of ${known.join(', ')}, or none` : ': leave the region out'}.`, { region: 'Unknown region.' });
  }
  const hd = region ? new Holidays(country, region) : new Holidays(country);
  const list = (hd.getHolidays(year, 'en') || []) as { date: string; name: string; type: string; note?: string }[];
  const seen = new Set<string>();
  const out: Holiday[] = [];
  for (const h of list) {
    if (h.type !== 'public' && h.type !== 'bank') continue;
    const date = h.date.slice(0, 10);
    if (seen.has(`${date}|${h.name}`)) continue;
    seen.add(`${date}|${h.name}`);
    out.push({ id: null, country, region, date, name: h.name, counts: !h.note, note: h.note ?? null, source: 'date-holidays' });
  }
  return out.sort((a, b) => a.date.localeCompare(b.date));
}

const present = (r: HolidayRow): Holiday => ({ id: r.id, country: r.country, region: r.region, date: String(r.date).slice(0, 10), name: r.name, counts: r.counts, note: r.note, source: r.source as Holiday['source'] });

/** The organisation's list for a country and year if it imported or wrote one, else the library's. */
export async function holidaysOf(db: Db | Tx, organisationId: string, country: string, year: number, region = ''): Promise<{ list: Holiday[]; imported: boolean }> {
  const rows = await rowsOf<HolidayRow>(db, sql`
    select * from holidays where organisation_id = ${organisationId} and country = ${country} and region = ${region}
       and date >= ${`${year}-01-01`}::date and date <= ${`${year}-12-31`}::date order by date, name`);
  if (rows.length) return { list: rows.map(present), imported: true };
  return { list: await libraryHolidays(country, year, region), imported: false };
}

/** The dates off for everyone in a country over some years (what working-day counts take out). */
export async function daysOff(db: Db | Tx, organisationId: string, country: string, years: number[], region = ''): Promise<Set<string>> {
  const out = new Set<string>();
  for (const year of [...new Set(years)]) for (const h of (await holidaysOf(db, organisationId, country, year, region)).list) if (h.counts) out.add(h.date);
  return out;
}

/**
 * Public holidays (issue 13, item 3): read from date-holidays until the organisation imports a
 * country's year into its own editable list. Reading needs only membership (everyone's leave
 * counts them); changing the list needs `hr`.
 */
export function registerHolidayRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['holidays'];
  const idParam = z.object({ id: z.uuid() });

  api.get('/api/holidays', {
    config: { access: 'member' },
    schema: { tags, summary: 'A country’s public holidays in a year (the organisation’s list, else date-holidays’)', querystring: holidayQuery, response: { 200: holidayListSchema } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    const { country, year, region = '' } = req.query;
    const { list, imported } = await holidaysOf(db, m.organisation.id, country, year, region);
    return { data: list, meta: { imported, source: imported ? 'organisation' : HOLIDAY_SOURCE } };
  });

  api.post('/api/holidays/import', {
    config: { access: 'hr.create' },
    schema: { tags, summary: 'Copy date-holidays’ list for a country and year into the organisation’s, to edit it (once; again changes nothing)', body: holidayImportBody, response: { 200: holidayListSchema } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'hr.create');
    const { country, year, region = '' } = req.body;
    const list = await libraryHolidays(country, year, region);
    if (!list.length) throw new AppError(422, 'validation_failed', `date-holidays has no public holidays for ${country}${region ? `-${region}` : ''} in ${year}.`, { country: 'No holidays known.' });
    await db.transaction(async (tx) => {
      await tx.insert(holidays).values(list.map((h) => ({ organisation_id: m.organisation.id, id: uuidv7(), country, region, date: h.date, name: h.name, counts: h.counts, note: h.note, source: 'date-holidays' }))).onConflictDoNothing();
      await audit(tx, m.organisation.id, m.user.id, 'holidays', 'import', m.organisation.id, { country, region, year, days: list.length });
    });
    const { list: stored } = await holidaysOf(db, m.organisation.id, country, year, region);
    return { data: stored, meta: { imported: true, source: 'organisation' } };
  });

  api.post('/api/holidays', {
    config: { access: 'hr.create' },
    schema: { tags, summary: 'Add a holiday to the organisation’s list (a company day off, a regional day)', body: holidayBody, response: { 201: envelope(holidaySchema) } },
  }, async (req, reply) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'hr.create');
    const id = uuidv7();
    const [row] = await db.transaction(async (tx) => {
      const made = await tx.insert(holidays).values({ organisation_id: m.organisation.id, id, ...req.body, source: 'manual' }).returning();
      await audit(tx, m.organisation.id, m.user.id, 'holidays', 'create', id, req.body);
      return made;
    }).catch((err) => {
      if (pgCode(err) === '23505') throw new AppError(409, 'duplicate', 'That holiday is already on the list.', { date: 'Already listed.' });
      throw err;
    });
    return reply.status(201).send({ data: present(row) });
  });

  api.patch('/api/holidays/:id', {
    config: { access: 'hr.update' },
    schema: { tags, summary: 'Rename a holiday, or say whether it counts against everyone’s leave', params: idParam, body: holidayPatchBody, response: { 200: envelope(holidaySchema) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'hr.update');
    if (!Object.keys(req.body).length) throw new AppError(422, 'validation_failed', 'Send at least one field to change.', { _: 'nothing_to_update' });
    const [row] = await db.transaction(async (tx) => {
      const changed = await tx.update(holidays).set({ ...req.body, updated_at: new Date() }).where(sql`organisation_id = ${m.organisation.id} and id = ${req.params.id}`).returning();
      if (changed.length) await audit(tx, m.organisation.id, m.user.id, 'holidays', 'update', req.params.id, req.body);
      return changed;
    });
    if (!row) throw notFound('The holiday');
    return { data: present(row) };
  });

  api.delete('/api/holidays/:id', {
    config: { access: 'hr.delete' },
    schema: { tags, summary: 'Take a holiday off the organisation’s list', params: idParam, response: { 204: z.null() } },
  }, async (req, reply) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'hr.delete');
    await db.transaction(async (tx) => {
      const gone = await rowsOf<{ id: string }>(tx, sql`delete from holidays where organisation_id = ${m.organisation.id} and id = ${req.params.id} returning id`);
      if (!gone.length) throw notFound('The holiday');
      await audit(tx, m.organisation.id, m.user.id, 'holidays', 'delete', req.params.id, {});
    });
    return reply.status(204).send(null);
  });
}
