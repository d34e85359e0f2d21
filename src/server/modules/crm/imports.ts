import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { sendTable, tableResponse } from '../../lib/spreadsheet.ts';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { rateCreateBody } from '#shared/api/rates.ts';
import { minorOf, MoneyError } from '#shared/money/amounts.ts';
import { isCurrencyCode } from '#shared/money/currency.ts';
import { RESOURCE_SCHEMAS } from '#shared/resources/schemas.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/client.ts';
import { auditEvents, buyRates, leadsTable } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { cellOf, fieldErrors, readTable, type ImportRow } from '../../lib/table-import.ts';
import { activeCodes, activeModes } from './service.ts';
import { readUpload } from '../files/images.ts';
import { requireMember, requirePermission, type Membership } from '../organisations/membership.ts';

/** The answer of an import, with or without `dry_run`: every row's verdict; `created` when it was written. */
export const importAnswer = z.object({
  dry_run: z.boolean(),
  total: z.number(),
  valid: z.number(),
  invalid: z.number(),
  created: z.number(),
  rows: z.array(z.object({ row: z.number(), ok: z.boolean(), errors: z.record(z.string(), z.string()), label: z.string() })),
});
export type Verdict = z.infer<typeof importAnswer>['rows'][number];
export const importQuery = z.object({ dry_run: z.enum(['true', 'false']).default('false').transform((v) => v === 'true') });
export const templateQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

const LEAD_COLUMNS = ['company_name', 'contact_name', 'email', 'phone', 'country', 'source', 'status', 'lost_reason', 'score', 'owner_email', 'notes'];
const LEAD_EXAMPLE = ['Lisbon Cork Trading Lda', 'Inês Costa', 'ines@lisboncork.example', '+351 21 555 0190', 'PT', 'trade_show', 'new', '', '70', '', 'Met at Multimodal 2026'];
const RATE_COLUMNS = ['carrier', 'mode', 'origin', 'destination', 'equipment', 'valid_from', 'valid_until', 'transit_days', 'reference', 'charge_code', 'basis', 'amount', 'currency', 'minimum', 'breaks'];
const RATE_EXAMPLES = [
  ['MSC', 'sea_fcl', 'CNSHA', 'GBFXT', '45G1', '2026-12-01', '2027-02-28', '32', 'MSC-Q1', 'OFR', 'per_container', '1850.00', 'USD', '', ''],
  ['MSC', 'sea_fcl', 'CNSHA', 'GBFXT', '45G1', '2026-12-01', '2027-02-28', '32', 'MSC-Q1', 'THC', 'per_container', '265.00', 'GBP', '', ''],
  ['Cathay Cargo', 'air', 'HKHKG', 'GBLHR', '', '2026-12-01', '2026-12-31', '2', 'CX-DEC', 'AFR', 'per_kg', '4.10', 'USD', '95.00', '45:3.80;100:3.40;300:3.10'],
];

/** A sheet of the columns and examples, as CSV or XLSX. */
export async function sendTemplate(reply: FastifyReply, name: string, format: 'csv' | 'xlsx', columns: string[], examples: string[][]) {
  return sendTable(reply, { format, name: `${name}-import-template`, sheet: name, header: columns, rows: examples });
}

export const summarise = (dryRun: boolean, verdicts: Verdict[], created: number) => ({
  dry_run: dryRun, total: verdicts.length, valid: verdicts.filter((v) => v.ok).length, invalid: verdicts.filter((v) => !v.ok).length, created, rows: verdicts,
});

/**
 * Imports with a preview: `?dry_run=true` answers each row's verdict and writes nothing; without it every
 * row is written in one transaction, or, when any row is wrong, none is (422 `import_invalid` with the same rows).
 */
export function registerImportRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  async function upload(req: FastifyRequest) {
    const { data } = await readUpload(req, 2 * 1024 * 1024 + 1, 'file_too_large');
    return readTable(data);
  }
  const refuse = (verdicts: Verdict[]) => {
    throw new AppError(422, 'import_invalid', `${verdicts.filter((v) => !v.ok).length} of ${verdicts.length} rows are not right: nothing was imported.`, undefined, undefined, summarise(false, verdicts, 0));
  };

  api.get('/api/leads/import/template', {
    config: { access: 'crm.create' },
    schema: { tags: ['leads'], summary: 'The layout of a leads import, with an example row', querystring: templateQuery, ...tableResponse(['csv', 'xlsx']) },
  }, async (req, reply) => {
    requirePermission(await requireMember(ctx, req), 'crm.create');
    return sendTemplate(reply, 'leads', req.query.format, LEAD_COLUMNS, [LEAD_EXAMPLE]);
  });

  api.post('/api/leads/import', {
    config: { access: 'crm.create' },
    schema: {
      tags: ['leads'], summary: 'Import leads from a CSV or XLSX file (field "file"): ?dry_run=true previews row by row and writes nothing',
      querystring: importQuery, consumes: ['multipart/form-data'], response: { 200: envelope(importAnswer), 201: envelope(importAnswer) },
    },
  }, async (req, reply) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'crm.create');
    const rows = await upload(req);
    const members = new Map((await rowsOf<{ id: string; email: string }>(db, sql`
      select u.id, lower(u.email) as email from organisation_members om join users u on u.id = om.user_id where om.organisation_id = ${m.organisation.id} and om.status = 'active'`)).map((r) => [r.email, r.id]));
    const checked = rows.map((r) => leadOf(r, members));
    const verdicts = checked.map((c) => c.verdict);
    if (req.query.dry_run) return { data: summarise(true, verdicts, 0) };
    if (verdicts.some((v) => !v.ok) || !verdicts.length) refuse(verdicts);
    await db.transaction(async (tx) => {
      for (const c of checked) {
        const id = uuidv7();
        await tx.insert(leadsTable).values({ organisation_id: m.organisation.id, id, ...c.values! } as typeof leadsTable.$inferInsert);
        await tx.insert(auditEvents).values({ organisation_id: m.organisation.id, id: uuidv7(), actor_user_id: m.user.id, action: 'create', entity: 'leads', entity_id: id, changes: { imported: true, row: c.verdict.row } });
      }
    });
    return reply.status(201).send({ data: summarise(false, verdicts, checked.length) });
  });

  api.get('/api/rates/import/template', {
    config: { access: 'rates.create' },
    schema: { tags: ['rates'], summary: 'The layout of a buy-rates import (one row per charge line), with example rows', querystring: templateQuery, ...tableResponse(['csv', 'xlsx']) },
  }, async (req, reply) => {
    requirePermission(await requireMember(ctx, req), 'rates.create');
    return sendTemplate(reply, 'rates', req.query.format, RATE_COLUMNS, RATE_EXAMPLES);
  });

  api.post('/api/rates/import', {
    config: { access: 'rates.create' },
    schema: {
      tags: ['rates'], summary: 'Import buy rates from an XLSX or CSV file (field "file"; rows of one rate share carrier, lane, equipment and validity): ?dry_run=true previews and writes nothing',
      querystring: importQuery, consumes: ['multipart/form-data'], response: { 200: envelope(importAnswer), 201: envelope(importAnswer) },
    },
  }, async (req, reply) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'rates.create');
    const rows = await upload(req);
    const rates = await ratesOf(m, rows);
    const verdicts = rates.map((r) => r.verdict);
    if (req.query.dry_run) return { data: summarise(true, verdicts, 0) };
    if (verdicts.some((v) => !v.ok) || !verdicts.length) refuse(verdicts);
    await db.transaction(async (tx) => {
      for (const r of rates) {
        const id = uuidv7();
        await tx.insert(buyRates).values({ organisation_id: m.organisation.id, id, ...r.body!, created_by: m.user.id });
        await tx.insert(auditEvents).values({ organisation_id: m.organisation.id, id: uuidv7(), actor_user_id: m.user.id, action: 'create', entity: 'rates', entity_id: id, changes: { imported: true, rows: r.verdict.label } });
      }
    });
    return reply.status(201).send({ data: summarise(false, verdicts, rates.length) });
  });

  /** The rows grouped into rates (same carrier, mode, lane, equipment, validity, transit and reference), each checked as POST /api/rates checks it. */
  async function ratesOf(m: Membership, rows: ImportRow[]) {
    const org = m.organisation.id;
    const codes = new Map((await rowsOf<{ id: string; code: string }>(db, sql`select id, upper(code) as code from charge_codes where organisation_id = ${org}`)).map((c) => [c.code, c.id]));
    const modes = await activeModes(db, org);
    const equipment = await activeCodes(db, org, 'equipment-types');
    const groups = new Map<string, ImportRow[]>();
    for (const r of rows) {
      const key = ['carrier', 'mode', 'origin', 'destination', 'equipment', 'valid_from', 'valid_until', 'transit_days', 'reference'].map((k) => (r.cells[k] ?? '').toUpperCase()).join('|');
      groups.set(key, [...(groups.get(key) ?? []), r]);
    }
    return [...groups.values()].map((group) => {
      const first = group[0];
      const errors: Record<string, string> = {};
      const charges = group.map((r, i) => {
        const currency = (r.cells.currency ?? '').toUpperCase();
        const money = (field: string, v: string | undefined) => {
          if (v === undefined) return null;
          if (!isCurrencyCode(currency)) return null;
          try {
            return minorOf(v.replace(/[\s,]/g, ''), currency);
          } catch (e) {
            if (!(e instanceof MoneyError)) throw e;
            errors[`row ${r.row}: ${field}`] = e.code;
            return null;
          }
        };
        const code = r.cells.charge_code?.toUpperCase();
        if (code && !codes.has(code)) errors[`row ${r.row}: charge_code`] = 'reference_invalid';
        const breaks = (r.cells.breaks ?? '').split(';').filter(Boolean).map((b) => {
          const [from_kg, amount] = b.split(':').map((x) => x.trim());
          return { from_kg, amount_minor: money('breaks', amount) };
        });
        void i;
        return { charge_code_id: code ? (codes.get(code) ?? null) : null, basis: r.cells.basis, currency, amount_minor: money('amount', r.cells.amount), minimum_minor: money('minimum', r.cells.minimum), breaks };
      });
      const transit = first.cells.transit_days;
      const parsed = rateCreateBody.safeParse({
        carrier: first.cells.carrier, mode: first.cells.mode?.toLowerCase(), origin: first.cells.origin, destination: first.cells.destination, equipment: first.cells.equipment,
        valid_from: first.cells.valid_from, valid_until: first.cells.valid_until, transit_days: transit === undefined ? null : /^\d+$/.test(transit) ? Number(transit) : transit, reference: first.cells.reference, charges,
      });
      if (!parsed.success) {
        // A charge line's problem is named by its row in the file: "row 5: amount".
        const column = (f: string) => ({ amount_minor: 'amount', minimum_minor: 'minimum', charge_code_id: 'charge_code' })[f] ?? f;
        for (const [path, message] of Object.entries(fieldErrors(parsed.error.issues))) {
          const line = /^charges\.(\d+)\.(\w+)/.exec(path);
          const key = line ? `row ${group[Number(line[1])]?.row}: ${column(line[2])}` : path;
          errors[key] ??= message;
        }
      } else {
        if (parsed.data.valid_until < parsed.data.valid_from) errors.valid_until = 'date_order';
        if (!modes.has(parsed.data.mode)) errors.mode = 'reference_inactive';
        if (parsed.data.equipment && !equipment.has(parsed.data.equipment)) errors.equipment = 'reference_inactive';
      }
      const ok = Object.keys(errors).length === 0;
      const label = `${first.cells.carrier ?? '?'} ${first.cells.origin ?? '?'} → ${first.cells.destination ?? '?'} (${group.map((r) => r.row).join(', ')})`;
      return { verdict: { row: first.row, ok, errors, label }, body: ok && parsed.success ? parsed.data : null };
    });
  }
}

/** One row as a lead (the same schema as POST /api/leads), its owner by e-mail among the members. */
function leadOf(r: ImportRow, members: Map<string, string>) {
  const errors: Record<string, string> = {};
  const ownerEmail = cellOf(r, 'owner_email', 'owner')?.toLowerCase();
  const owner = ownerEmail ? members.get(ownerEmail) : undefined;
  if (ownerEmail && !owner) errors.owner_email = 'reference_invalid';
  const score = cellOf(r, 'score');
  const parsed = RESOURCE_SCHEMAS.leads.safeParse({
    company_name: cellOf(r, 'company_name', 'company', 'organisation', 'organization'),
    contact_name: cellOf(r, 'contact_name', 'contact', 'name'),
    email: cellOf(r, 'email', 'e_mail'),
    phone: cellOf(r, 'phone', 'telephone'),
    country: cellOf(r, 'country', 'country_code'),
    source: cellOf(r, 'source')?.toLowerCase().replace(/[\s-]+/g, '_') ?? 'other',
    status: cellOf(r, 'status')?.toLowerCase(),
    lost_reason: cellOf(r, 'lost_reason'),
    score: score === undefined ? undefined : /^\d+$/.test(score) ? Number(score) : score,
    owner_user_id: owner ?? null,
    notes: cellOf(r, 'notes'),
  });
  if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error.issues));
  else if (parsed.data.status === 'converted') errors.status = 'invalid_transition';
  else if (parsed.data.status === 'lost' && !parsed.data.lost_reason) errors.lost_reason = 'required';
  const ok = Object.keys(errors).length === 0;
  return { verdict: { row: r.row, ok, errors, label: cellOf(r, 'company_name', 'company', 'organisation', 'organization') ?? '' }, values: ok && parsed.success ? parsed.data : null };
}
