import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { createSchemaOf } from '#shared/resources/schemas.ts';
import { cursorInvalid, decodeCursor, encodeCursor, fitsColumn } from '../../lib/cursor.ts';
import type { ResourceDescriptor } from '#shared/resources/descriptor.ts';
import type { Permission } from '#shared/resources/permissions.ts';
import { validationMessage } from '#shared/api/messages.ts';
import { maskAccount } from '#shared/resources/fields.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { sendTable } from '../../lib/table-export.ts';
import { notActiveMembers, requireMember, requirePermission, type Membership } from '../organisations/membership.ts';
import { escapeLike, pgCode } from '../../lib/sql-text.ts';

/** A tenant table as the layer needs it: organisation_id, id, created_at and the descriptor's fields. */
export type TenantTable = PgTable & { organisation_id: AnyPgColumn; id: AnyPgColumn; created_at: AnyPgColumn };
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const MAX_PER_PAGE = 100;
/**
 * Lists count their matches up to this many; beyond it `meta.total_exact` is false (the pages stay correct).
 * A search counts fewer: each row it passes is tested against every searchable field, so counting a
 * thousand of a broad search's matches cost ten times the page itself.
 */
const COUNT_CAP = 1000;
const SEARCH_COUNT_CAP = 200;
const EXPORT_BATCH = 2000;

const listQuery = z.looseObject({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(25),
  cursor: z.string().max(500).optional(),
  sort: z.string().max(60).optional(),
  q: z.string().trim().max(100).optional(),
});
const exportQuery = listQuery.extend({ format: z.enum(['csv', 'xlsx']).default('csv') });
const recordSchema = z.object({ id: z.string(), created_at: z.string(), updated_at: z.string() }).catchall(z.unknown());
const idParam = z.object({ id: z.uuid() });


/**
 * Mounts list, get, create, update, delete and export for one descriptor under /api/<name>, with
 * tenant scoping, permission checks, validation and audit done here, once (docs/architecture.md#resource-layer).
 */
/** Rules a record type adds to the generic ones (built-in roles that must stay as they are …). */
export type ResourceHooks = {
  /** Runs in the write's transaction before a create or update (e.g. one primary address). */
  beforeWrite?(tx: Tx, organisationId: string, values: Record<string, unknown>, id: string): Promise<void>;
  /** Checks with the caller in hand (e.g. the privilege rules of roles); throw to refuse. */
  beforeCreate?(values: Record<string, unknown>, m: Membership): void;
  /** Runs in a create's transaction before the insert (e.g. refusing a likely duplicate); may drop fields that are not columns. */
  beforeInsert?(tx: Tx, organisationId: string, values: Record<string, unknown>): Promise<void>;
  beforeUpdate?(existing: Record<string, unknown>, values: Record<string, unknown>, m: Membership): void;
  beforeDelete?(existing: Record<string, unknown>, m: Membership): void;
  /** Runs in the write's transaction after a create (`before` null) or update, with the caller (e.g. telling a task's new assignee). */
  afterWrite?(tx: Tx, m: Membership, row: Record<string, unknown>, before: Record<string, unknown> | null): Promise<void>;
};

export function registerResource(app: FastifyInstance, ctx: AppContext, d: ResourceDescriptor, table: TenantTable, hooks: ResourceHooks = {}) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const base = `/api/${d.name}`;
  const tags = [d.name];
  const cols = table as unknown as Record<string, AnyPgColumn>;
  const fieldNames = d.fields.map((f) => f.name);
  const perm = (action: string) => `${d.permissionModule}.${action}` as Permission;
  const createSchema = createSchemaOf(d);
  // Updates change only what they name: defaults of the create schema must not fill the rest.
  const updateShape = Object.fromEntries(
    Object.entries(createSchema.shape)
      .filter(([k]) => !d.createFlags?.includes(k))
      .map(([k, s]) => [k, (s instanceof z.ZodDefault ? (s.unwrap() as z.ZodType) : (s as z.ZodType)).optional()]),
  );
  const updateSchema = z.object(updateShape).refine((b) => Object.values(b).some((v) => v !== undefined), 'nothing_to_update');

  async function member(req: FastifyRequest, action: string): Promise<Membership> {
    const m = await requireMember(ctx, req);
    requirePermission(m, perm(action));
    return m;
  }

  type Json = z.infer<typeof recordSchema>;
  type ListAnswer = { data: Json[]; meta: { total: number; total_exact: boolean; page: number; per_page: number; next_cursor: string | null } };
  const tableName = getTableName(table);
  /** What reads return: every column but search_text (a copy of other fields, never answered). */
  const readColumns = Object.fromEntries(Object.entries(getTableColumns(table)).filter(([k]) => k !== 'search_text'));
  const toJson = (row: Record<string, unknown>): Json => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(row)) if (k !== 'organisation_id') out[k] = v instanceof Date ? v.toISOString() : v;
    return out as Json;
  };

  /**
   * Filters, search and the organisation: the WHERE every read shares, as a shape (which filters, whether a
   * search) and the values for its placeholders. Queries are built once per shape and kept prepared
   * (`reads`), so a request only fills in values: building SQL with drizzle cost more than running it.
   */
  function readShape(orgId: string, query: Record<string, unknown>) {
    const values: Record<string, unknown> = { org: orgId };
    const filters: string[] = [];
    for (const [key, raw] of Object.entries(query)) {
      const m = /^filter\[(\w+)\]$/.exec(key);
      if (!m) continue;
      const field = m[1];
      if (!d.filterable.includes(field)) {
        throw new AppError(422, 'validation_failed', `Cannot filter by ${field}.`, { [key]: `Filter by one of: ${d.filterable.join(', ') || 'nothing'}.` });
      }
      const kind = d.fields.find((f) => f.name === field)?.kind;
      const value = String(raw);
      filters.push(field);
      values[`f_${field}`] = kind === 'boolean' ? value === 'true' : kind === 'number' ? Number(value) : value;
    }
    const q = typeof query.q === 'string' ? query.q : '';
    const search = Boolean(q && d.searchable.length);
    if (search) values.q = `%${escapeLike(q)}%`;
    filters.sort();
    return { key: `${filters.join(',')}|${search ? 'q' : ''}`, filters, search, values };
  }

  const capOf = (shape: ReturnType<typeof readShape>) => (shape.search ? SEARCH_COUNT_CAP : COUNT_CAP);

  function whereOf(shape: ReturnType<typeof readShape>): SQL {
    const parts: SQL[] = [eq(table.organisation_id, sql.placeholder('org'))];
    for (const field of shape.filters) parts.push(eq(cols[field], sql.placeholder(`f_${field}`)));
    // The table's search_text holds the searchable fields lower-cased (migration 0009, tenantTable's `search`).
    if (shape.search) parts.push(sql`${cols.search_text} like lower(${sql.placeholder('q')})`);
    return and(...parts)!;
  }

  function sortOf(sort: string | undefined) {
    const key = sort ?? d.defaultSort;
    const field = key.replace(/^-/, '');
    if (!d.sortable.includes(field)) throw new AppError(422, 'validation_failed', `Cannot sort by ${field}.`, { sort: `Sort by one of: ${d.sortable.join(', ')}.` });
    const dir = key.startsWith('-') ? 'desc' : 'asc';
    const col = cols[field];
    return { field, col, dir, order: dir === 'asc' ? [asc(col), asc(table.id)] : [desc(col), desc(table.id)] };
  }

  /** The cursor's values, checked against the sort column; `afterCursor` compares with them. */
  const cursorValues = (s: ReturnType<typeof sortOf>, cursor: string) => {
    const [value, id] = decodeCursor(cursor);
    const kind = d.fields.find((f) => f.name === s.field)?.kind;
    const column = s.field === 'created_at' || s.field === 'updated_at' || kind === 'date' ? 'time' : kind === 'number' ? 'number' : kind === 'decimal' || kind === 'money' ? 'decimal' : 'text';
    if (!fitsColumn(value, column)) throw cursorInvalid();
    return { cv: value, cid: id };
  };
  const afterCursor = (s: ReturnType<typeof sortOf>): SQL =>
    s.dir === 'asc'
      ? sql`(${s.col}, ${table.id}) > (${sql.placeholder('cv')}, ${sql.placeholder('cid')})`
      : sql`(${s.col}, ${table.id}) < (${sql.placeholder('cv')}, ${sql.placeholder('cid')})`;

  /**
   * Prepared reads by shape (filters, search, sort, cursor or offset): a few dozen at most per resource.
   * Unnamed on PostgreSQL (planned at each run with its values), so a tenant's size or a search's
   * selectivity still choose the plan.
   */
  const db = ctx.database.db;
  const reads = new Map<string, { page: { execute(v: Record<string, unknown>): Promise<unknown[]> }; count: { execute(v: Record<string, unknown>): Promise<{ n: number }[]> } }>();
  function readsOf(shape: ReturnType<typeof readShape>, s: ReturnType<typeof sortOf>, byCursor: boolean) {
    const key = `${shape.key}|${s.field}|${s.dir}|${byCursor ? 'cursor' : 'offset'}`;
    let r = reads.get(key);
    if (!r) {
      const filter = whereOf(shape);
      const page = db
        .select(readColumns)
        .from(table)
        .where(byCursor ? and(filter, afterCursor(s)) : filter)
        .orderBy(...s.order)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare('');
      const total = db.select({ n: count() }).from(db.select({ one: sql`1` }).from(table).where(filter).limit(capOf(shape) + 1).as('capped')).prepare('');
      r = { page, count: total };
      if (reads.size >= 512) reads.clear();
      reads.set(key, r);
    }
    return r;
  }

  /** Fields naming a member (`reference: 'staff'`): owners, assignees, managers … */
  const memberFields = d.fields.filter((f) => f.kind === 'reference' && f.reference === 'staff').map((f) => f.name);
  /**
   * A member a write names anew (any on create; on update, one that changes) must be an active one:
   * 422 on the field otherwise. One kept as it was may have left since, and stays.
   */
  async function checkMembers(tx: Tx, organisationId: string, values: Record<string, unknown>, id?: string) {
    let named = memberFields.filter((f) => typeof values[f] === 'string');
    if (named.length === 0) return;
    if (id) {
      const [existing] = await tx.select(readColumns).from(table).where(and(eq(table.organisation_id, organisationId), eq(table.id, id)));
      named = named.filter((f) => !existing || (existing as Record<string, unknown>)[f] !== values[f]);
    }
    const inactive = await notActiveMembers(tx, organisationId, named.map((f) => values[f] as string));
    const fields = named.filter((f) => inactive.includes(values[f] as string));
    if (fields.length) throw new AppError(422, 'validation_failed', 'The request has invalid fields.', Object.fromEntries(fields.map((f) => [f, validationMessage('reference_invalid')])));
  }

  /** 409 duplicate with the unique fields named, 422 for a reference to nothing (or another organisation's record). */
  function writeFailure(err: unknown): never {
    const codeOf = pgCode(err);
    if (codeOf === '23505') {
      const fields = Object.fromEntries((d.unique ?? []).flat().map((f) => [f, 'A record with this value already exists.']));
      throw new AppError(409, 'duplicate', 'A record with these values already exists.', fields);
    }
    if (codeOf === '23503') {
      const refs = d.fields.filter((f) => f.kind === 'reference').map((f) => [f.name, validationMessage('reference_invalid')]);
      throw new AppError(422, 'validation_failed', 'The request has invalid fields.', Object.fromEntries(refs));
    }
    throw err;
  }

  // Account numbers leave the record's own row only masked: the audit trail is read more widely and kept longer.
  const masked = (changes: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, d.auditMasked?.includes(k) && typeof v === 'string' ? maskAccount(v) : v]));
  const audit = (tx: Tx, m: Membership, action: string, id: string, changes: Record<string, unknown>) =>
    tx.insert(auditEvents).values({ organisation_id: m.organisation.id, id: uuidv7(), actor_user_id: m.user.id, action, entity: d.name, entity_id: id, changes: masked(changes) });

  api.get(base, {
    config: { access: perm('view') },
    schema: {
      tags,
      summary: `List ${d.name} (page or cursor, sort, q, filter[field])`,
      querystring: listQuery,
      response: {
        200: z.object({
          data: z.array(recordSchema),
          meta: z.object({ total: z.number(), total_exact: z.boolean(), page: z.number(), per_page: z.number(), next_cursor: z.string().nullable() }),
        }),
      },
    },
  }, async (req) => {
    const m = await member(req, 'view');
    const shape = readShape(m.organisation.id, req.query);
    const s = sortOf(req.query.sort);
    const { per_page, page, cursor } = req.query;
    const values = { ...shape.values, ...(cursor && cursorValues(s, cursor)) };
    // Answered from memory when this page was read since the table last changed (list-cache.ts).
    const cacheKey = (await ctx.lists.ready()) ? JSON.stringify([shape.key, values, s.field, s.dir, per_page, cursor ? 0 : page]) : '';
    const cached = cacheKey && ctx.lists.get(tableName, cacheKey);
    if (cached) return cached as ListAnswer;
    const generation = ctx.lists.generation(tableName);
    const offset = cursor ? null : (page - 1) * per_page;
    const read = readsOf(shape, s, Boolean(cursor));
    const rows = (await read.page.execute({ ...values, limit: per_page, offset: offset ?? 0 })) as Record<string, unknown>[];
    // A page of offset mode that is not full (and not past the end) tells the exact total itself; otherwise the
    // matches are counted up to the cap only: a broad search over a large table does not scan every match.
    const known = offset !== null && rows.length < per_page && (rows.length > 0 || offset === 0) ? offset + rows.length : null;
    const counted = known ?? Number((await read.count.execute(shape.values))[0].n);
    const exact = known !== null || counted <= capOf(shape);
    const last = rows.at(-1) as Record<string, unknown> | undefined;
    const lastValue = last?.[s.field];
    const answer: ListAnswer = {
      data: rows.map(toJson),
      meta: {
        total: exact ? counted : capOf(shape), total_exact: exact, page, per_page,
        next_cursor: last && rows.length === per_page ? encodeCursor(lastValue instanceof Date ? lastValue.toISOString() : lastValue, String(last.id)) : null,
      },
    };
    if (cacheKey) ctx.lists.set(tableName, cacheKey, generation, answer);
    return answer;
  });

  api.get(`${base}/export`, {
    config: { access: perm('export') },
    schema: { tags, summary: `Export ${d.name} as CSV or XLSX (same filters, streamed)`, querystring: exportQuery },
  }, async (req, reply) => {
    const m = await member(req, 'export');
    const shape = readShape(m.organisation.id, req.query);
    const s = sortOf(req.query.sort);
    const columns = ['id', ...fieldNames, 'created_at', 'updated_at'];
    const first = readsOf(shape, s, false).page;
    const next = readsOf(shape, s, true).page;
    // Keyset batches: memory stays flat whatever the number of rows.
    async function* batches() {
      let from: Record<string, unknown> | null = null;
      for (;;) {
        const values: Record<string, unknown> = { ...shape.values, ...from, limit: EXPORT_BATCH, offset: 0 };
        const rows = (await (from ? next : first).execute(values)) as Record<string, unknown>[];
        if (rows.length === 0) return;
        yield rows.map((r) => columns.map((c) => (r[c] instanceof Date ? (r[c] as Date).toISOString() : (r[c] ?? ''))));
        const last = rows.at(-1)!;
        const v = last[s.field];
        from = { cv: v instanceof Date ? v.toISOString() : v, cid: last.id };
        if (rows.length < EXPORT_BATCH) return;
      }
    }
    const stamp = new Date().toISOString().slice(0, 10);
    return sendTable(reply, { name: d.name, filename: `${d.name}-${stamp}`, format: req.query.format, columns, batches: batches() });
  });

  api.get(`${base}/:id`, {
    config: { access: perm('view') },
    schema: { tags, summary: `One of ${d.name}`, params: idParam, response: { 200: z.object({ data: recordSchema }) } },
  }, async (req) => {
    const m = await member(req, 'view');
    const [row] = await ctx.database.db.select(readColumns).from(table).where(and(eq(table.organisation_id, m.organisation.id), eq(table.id, req.params.id)));
    if (!row) throw notFound('The record');
    return { data: toJson(row as Record<string, unknown>) };
  });

  api.post(base, {
    config: { access: perm('create') },
    schema: { tags, summary: `Create one of ${d.name}`, body: createSchema, response: { 201: z.object({ data: recordSchema }) } },
  }, async (req, reply) => {
    const m = await member(req, 'create');
    const values = req.body as Record<string, unknown>;
    const id = uuidv7();
    const row = await ctx.database.db
      .transaction(async (tx) => {
        hooks.beforeCreate?.(values, m);
        await hooks.beforeInsert?.(tx, m.organisation.id, values);
        await hooks.beforeWrite?.(tx, m.organisation.id, values, id);
        await checkMembers(tx, m.organisation.id, values);
        const [r] = await tx.insert(table).values({ ...values, organisation_id: m.organisation.id, id } as never).returning(readColumns);
        await audit(tx, m, 'create', id, values);
        await hooks.afterWrite?.(tx, m, r as Record<string, unknown>, null);
        return r;
      })
      .catch(writeFailure);
    return reply.status(201).send({ data: toJson(row as Record<string, unknown>) });
  });

  api.patch(`${base}/:id`, {
    config: { access: perm('update') },
    schema: { tags, summary: `Change one of ${d.name}`, params: idParam, body: updateSchema, response: { 200: z.object({ data: recordSchema }) } },
  }, async (req) => {
    const m = await member(req, 'update');
    const values = req.body as Record<string, unknown>;
    const row = await ctx.database.db
      .transaction(async (tx) => {
        let before: Record<string, unknown> | null = null;
        if (hooks.beforeUpdate || hooks.afterWrite) {
          const [existing] = await tx.select(readColumns).from(table).where(and(eq(table.organisation_id, m.organisation.id), eq(table.id, req.params.id)));
          if (!existing) throw notFound('The record');
          before = existing as Record<string, unknown>;
          hooks.beforeUpdate?.(before, values, m);
        }
        await hooks.beforeWrite?.(tx, m.organisation.id, values, req.params.id);
        await checkMembers(tx, m.organisation.id, values, req.params.id);
        const [r] = await tx
          .update(table)
          .set({ ...values, updated_at: new Date() } as never)
          .where(and(eq(table.organisation_id, m.organisation.id), eq(table.id, req.params.id)))
          .returning(readColumns);
        if (!r) throw notFound('The record');
        await audit(tx, m, 'update', req.params.id, values);
        await hooks.afterWrite?.(tx, m, r as Record<string, unknown>, before);
        return r;
      })
      .catch(writeFailure);
    return { data: toJson(row as Record<string, unknown>) };
  });

  api.delete(`${base}/:id`, {
    config: { access: perm('delete') },
    schema: { tags, summary: `Delete one of ${d.name} (409 in_use when other records refer to it)`, params: idParam, response: { 204: z.null() } },
  }, async (req, reply) => {
    const m = await member(req, 'delete');
    await ctx.database.db
      .transaction(async (tx) => {
        if (hooks.beforeDelete) {
          const [existing] = await tx.select(readColumns).from(table).where(and(eq(table.organisation_id, m.organisation.id), eq(table.id, req.params.id)));
          if (!existing) throw notFound('The record');
          hooks.beforeDelete(existing as Record<string, unknown>, m);
        }
        const gone = await tx.delete(table).where(and(eq(table.organisation_id, m.organisation.id), eq(table.id, req.params.id))).returning({ id: table.id });
        if (gone.length === 0) throw notFound('The record');
        await audit(tx, m, 'delete', req.params.id, {});
      })
      .catch((err) => {
        // 23001 restrict_violation (ON DELETE RESTRICT), 23503 foreign_key_violation (NO ACTION).
        if (['23001', '23503'].includes(pgCode(err) ?? '')) throw new AppError(409, 'in_use', 'Other records refer to this one: change or delete them first.');
        throw err;
      });
    return reply.status(204).send(null);
  });
}
