import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { boardSchema, convertAnswer, crmSummarySchema, timelineItemSchema, type TimelineItem, dealCreateBody, dealPatchBody, dealSchema, pipelineCreateBody, pipelineSchema, type Board, type CrmSummary, type Deal, type Pipeline } from '#shared/api/crm.ts';
import { CONVERTIBLE, LEAD_STATUSES, type LeadStatus } from '#shared/crm/model.ts';
import { convertMinor, percentOf, ratioPct } from '#shared/money/amounts.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf, type Tx } from '../../db/client.ts';
import { auditEvents, deals, type leadsTable } from '../../db/schema/index.ts';
import { rateOn } from '../exchange/service.ts';
import { baseCurrency } from '../exchange/service.ts';
import { createPipeline, firstStage } from './service.ts';
import { timelineAnswer, timelinePage, timelineQuery } from '../../lib/timeline.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { requireActiveMember, requireMember, requirePermission } from '../organisations/membership.ts';

const mergeAnswer = z.object({
  id: z.string(), merged_id: z.string(),
  /** `records`: addresses, bank details, certifications, networks, logged activities, deals and converted leads. */
  moved: z.object({ contacts: z.number(), quotes: z.number(), bookings: z.number(), records: z.number() }),
});
/** The native organisation's own records that move with a merge (shared/resources/native-records.ts). */
const OWNED_TABLES = ['native_addresses', 'native_standards_certifications', 'native_supply_chain_networks', 'crm_activities', 'native_bank_details'] as const;

/**
 * The CRM's own calls beyond the resource layer: merging a duplicate native organisation into the
 * one that stays.
 */
export function registerCrmRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  api.post('/api/native-organisations/:id/merge', {
    config: { access: 'crm.delete' },
    schema: {
      tags: ['native-organisations'],
      summary: 'Merge this native organisation into another (into_id): its contacts, quotes, bookings, deals, converted leads and every record of its own move there, it is deleted, the audit trail keeps both',
      params: z.object({ id: z.uuid() }),
      body: z.object({ into_id: z.uuid() }),
      response: { 200: envelope(mergeAnswer) },
    },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'crm.delete');
    const org = m.organisation.id;
    const { id } = req.params;
    const into = req.body.into_id;
    if (id === into) throw new AppError(422, 'validation_failed', 'An organisation cannot be merged into itself.', { into_id: 'Choose another organisation.' });
    const moved = await db.transaction(async (tx) => {
      const both = await rowsOf<{ id: string; name: string }>(tx, sql`select id, name from native_organisations where organisation_id = ${org} and id in (${id}, ${into}) for update`);
      const from = both.find((b) => b.id === id);
      const to = both.find((b) => b.id === into);
      if (!from || !to) throw notFound('The organisation');
      const count = async (q: ReturnType<typeof sql>) => (await rowsOf<{ n: number }>(tx, q))[0].n;
      const contacts = await count(sql`with m as (update native_contacts set native_organisation_id = ${into}, is_primary = false, updated_at = now() where organisation_id = ${org} and native_organisation_id = ${id} returning 1) select count(*)::int as n from m`);
      const quotes = await count(sql`with m as (update quotes set client_id = ${into}, client_name = ${to.name}, updated_at = now() where organisation_id = ${org} and client_type = 'native_organisation' and client_id = ${id} returning 1) select count(*)::int as n from m`);
      const bookings = await count(sql`with m as (update bookings set client_id = ${into}, client_name = ${to.name}, updated_at = now() where organisation_id = ${org} and client_type = 'native_organisation' and client_id = ${id} returning 1) select count(*)::int as n from m`);
      // A bank account both already hold stays once (unique per organisation and IBAN).
      await tx.execute(sql`delete from native_bank_details d where d.organisation_id = ${org} and d.native_organisation_id = ${id}
        and exists (select 1 from native_bank_details k where k.organisation_id = ${org} and k.native_organisation_id = ${into} and k.iban = d.iban)`);
      let records = 0;
      for (const table of OWNED_TABLES) {
        records += await count(sql`with m as (update ${sql.identifier(table)} set native_organisation_id = ${into}, updated_at = now() where organisation_id = ${org} and native_organisation_id = ${id} returning 1) select count(*)::int as n from m`);
      }
      // The moved addresses keep the primary mark only where the one that stays has none.
      await tx.execute(sql`update native_addresses a set is_primary = false where a.organisation_id = ${org} and a.native_organisation_id = ${into} and a.is_primary
        and a.id <> (select b.id from native_addresses b where b.organisation_id = ${org} and b.native_organisation_id = ${into} and b.is_primary order by b.created_at limit 1)`);
      records += await count(sql`with m as (update deals set client_id = ${into}, client_name = ${to.name}, updated_at = now() where organisation_id = ${org} and client_type = 'native_organisation' and client_id = ${id} returning 1) select count(*)::int as n from m`);
      records += await count(sql`with m as (update leads set native_organisation_id = ${into}, updated_at = now() where organisation_id = ${org} and native_organisation_id = ${id} returning 1) select count(*)::int as n from m`);
      await tx.execute(sql`delete from native_organisations where organisation_id = ${org} and id = ${id}`);
      const changes = { merged_into: into, merged_name: from.name, contacts, quotes, bookings, records };
      await tx.insert(auditEvents).values([
        { organisation_id: org, id: uuidv7(), actor_user_id: m.user.id, action: 'merge', entity: 'native-organisations', entity_id: id, changes },
        { organisation_id: org, id: uuidv7(), actor_user_id: m.user.id, action: 'merge', entity: 'native-organisations', entity_id: into, changes: { merged_from: id, merged_name: from.name, contacts, quotes, bookings, records } },
      ]);
      return { contacts, quotes, bookings, records };
    });
    return { data: { id: into, merged_id: id, moved } };
  });

  api.get('/api/native-organisations/:id/timeline', {
    config: { access: 'crm.view' },
    schema: {
      tags: ['native-organisations'],
      summary: 'A native organisation’s activity, newest first: notes, calls, e-mails and meetings logged, its quotes (written, sent, accepted, declined, expired, cancelled), bookings and merges',
      params: z.object({ id: z.uuid() }),
      querystring: timelineQuery,
      response: { 200: timelineAnswer(timelineItemSchema) },
    },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'crm.view');
    const org = m.organisation.id;
    const { id } = req.params;
    const [found] = await rowsOf<{ id: string }>(db, sql`select id from native_organisations where organisation_id = ${org} and id = ${id}`);
    if (!found) throw notFound('The organisation');
    const { cursor, limit } = req.query;
    // One union, each event with its time; a row per quote event (a quote sent and accepted shows twice).
    const rows = await rowsOf<{ at: string; id: string; type: TimelineItem['type']; ref_id: string; title: string; detail: string | null; status: string | null; actor: string | null }>(db, sql`
      select * from (
        select (a.occurred_on::text || ' 12:00:00+00')::timestamptz as at, a.id, 'activity_' || a.kind as type, a.id as ref_id, a.subject as title, a.body as detail, null::text as status,
               coalesce(u.name, c.name) as actor
          from crm_activities a left join users u on u.id = a.user_id left join native_contacts c on c.organisation_id = a.organisation_id and c.id = a.native_contact_id
         where a.organisation_id = ${org} and a.native_organisation_id = ${id}
        union all
        select e.at, e.id, e.type, q.id, q.number || case when q.revision > 1 then ' / ' || q.revision else '' end, q.origin || ' → ' || q.destination, q.status, u.name
          from quotes q left join users u on u.id = q.created_by
          cross join lateral (values
            (q.created_at, q.id, 'quote_created'),
            (q.sent_at, md5(q.id::text || ':sent')::uuid, 'quote_sent'),
            (case when q.status in ('accepted', 'declined') then q.decided_at when q.status in ('expired', 'cancelled') then q.updated_at end,
             md5(q.id::text || ':decided')::uuid, 'quote_' || q.status)
          ) as e(at, id, type)
         where q.organisation_id = ${org} and q.client_type = 'native_organisation' and q.client_id = ${id} and e.at is not null
        union all
        select b.created_at, b.id, 'booking_created', b.id, b.number, b.origin || ' → ' || b.destination, b.status, null
          from bookings b where b.organisation_id = ${org} and b.client_type = 'native_organisation' and b.client_id = ${id}
        union all
        select ev.created_at, ev.id, 'merged', ev.entity_id, coalesce(ev.changes->>'merged_name', ''), null, null, u.name
          from audit_events ev left join users u on u.id = ev.actor_user_id
         where ev.organisation_id = ${org} and ev.entity = 'native-organisations' and ev.entity_id = ${id} and ev.action = 'merge'
      ) t
      where ${cursor ? sql`(t.at, t.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql`true`}
      order by t.at desc, t.id desc
      limit ${limit + 1}`);
    return timelinePage(rows, limit, (r) => ({ at: new Date(r.at).toISOString(), id: r.id, type: r.type, ref_id: r.ref_id, title: r.title, detail: r.detail, status: r.status, actor: r.actor }));
  });
}


type StageRow = { id: string; pipeline_id: string; name: string; position: number; probability_pct: string; outcome: 'open' | 'won' | 'lost' };
type DealRow = typeof deals.$inferSelect;

/** Leads' conversion, pipelines, deals and the board (issue 11, items 3 and 4). */
export function registerPipelineRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const member = async (req: FastifyRequest, action: 'view' | 'create' | 'update') => {
    const m = await requireMember(ctx, req);
    requirePermission(m, `crm.${action}`);
    return m;
  };
  const audit = (tx: Tx, org: string, actor: string, action: string, entity: string, id: string, changes: Record<string, unknown>) =>
    tx.insert(auditEvents).values({ organisation_id: org, id: uuidv7(), actor_user_id: actor, action, entity, entity_id: id, changes });

  async function pipelinesOf(org: string, id?: string): Promise<Pipeline[]> {
    const ps = await rowsOf<{ id: string; name: string; kind: Pipeline['kind'] }>(db, sql`select id, name, kind from pipelines where organisation_id = ${org} ${id ? sql`and id = ${id}` : sql``} order by position, created_at`);
    const stages = await rowsOf<StageRow>(db, sql`select id, pipeline_id, name, position, probability_pct::text as probability_pct, outcome from pipeline_stages where organisation_id = ${org} order by position`);
    return ps.map((p) => ({ ...p, stages: stages.filter((s) => s.pipeline_id === p.id).map(({ pipeline_id: _p, ...s }) => s) }));
  }

  api.post('/api/leads/:id/convert', {
    config: { access: 'crm.create' },
    schema: { tags: ['leads'], summary: 'Convert a lead: makes its native organisation (and contact) and a deal on the first prospects pipeline', params: z.object({ id: z.uuid() }), response: { 200: envelope(convertAnswer) } },
  }, async (req) => {
    const m = await member(req, 'create');
    const org = m.organisation.id;
    return {
      data: await db.transaction(async (tx) => {
        const [lead] = await rowsOf<typeof leadsTable.$inferSelect>(tx, sql`select * from leads where organisation_id = ${org} and id = ${req.params.id} for update`);
        if (!lead) throw notFound('The lead');
        if (!CONVERTIBLE.includes(lead.status as LeadStatus)) throw new AppError(409, 'invalid_transition', `A ${lead.status} lead cannot be converted.`);
        const nativeId = uuidv7();
        await tx.execute(sql`insert into native_organisations (organisation_id, id, name, type, country, email, phone, assigned_user_id, notes)
          values (${org}, ${nativeId}, ${lead.company_name}, 'shipper', ${lead.country}, ${lead.email}, ${lead.phone}, ${lead.owner_user_id}, ${lead.notes})`);
        if (lead.contact_name) {
          await tx.execute(sql`insert into native_contacts (organisation_id, id, native_organisation_id, name, email, phone, is_primary) values (${org}, ${uuidv7()}, ${nativeId}, ${lead.contact_name}, ${lead.email}, ${lead.phone}, true)`);
        }
        const at = await firstStage(tx, org, 'connection');
        if (!at) throw new AppError(409, 'pipeline_missing', 'Add a prospects pipeline first.');
        const dealId = uuidv7();
        await tx.insert(deals).values({
          organisation_id: org, id: dealId, pipeline_id: at.pipeline_id, stage_id: at.stage_id, title: lead.company_name, client_type: 'native_organisation', client_id: nativeId,
          client_name: lead.company_name, value_minor: 0, currency: await baseCurrency(tx, org), owner_user_id: lead.owner_user_id ?? m.user.id, lead_id: lead.id,
        });
        await tx.execute(sql`update leads set status = 'converted', native_organisation_id = ${nativeId}, deal_id = ${dealId}, updated_at = now() where organisation_id = ${org} and id = ${lead.id}`);
        await audit(tx, org, m.user.id, 'convert', 'leads', lead.id, { native_organisation_id: nativeId, deal_id: dealId });
        return { native_organisation_id: nativeId, deal_id: dealId };
      }),
    };
  });

  api.get('/api/pipelines', {
    config: { access: 'crm.view' },
    schema: { tags: ['pipelines'], summary: 'The organisation’s pipelines with their stages', response: { 200: envelope(z.array(pipelineSchema)) } },
  }, async (req) => ({ data: await pipelinesOf((await member(req, 'view')).organisation.id) }));

  api.post('/api/pipelines', {
    config: { access: 'crm.create' },
    schema: { tags: ['pipelines'], summary: 'Add a pipeline (its kind’s default stages unless given)', body: pipelineCreateBody, response: { 201: envelope(pipelineSchema) } },
  }, async (req, reply) => {
    const m = await member(req, 'create');
    const org = m.organisation.id;
    const { name, kind, stages } = req.body;
    if (stages && (!stages.some((s) => s.outcome === 'won') || !stages.some((s) => s.outcome === 'open'))) {
      throw new AppError(422, 'validation_failed', 'A pipeline needs at least one open stage and one won stage.', { stages: 'Add an open and a won stage.' });
    }
    const id = await db.transaction(async (tx) => {
      const [{ n }] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from pipelines where organisation_id = ${org}`);
      const made = await createPipeline(tx, org, name, kind, stages, n);
      await audit(tx, org, m.user.id, 'create', 'pipelines', made, { name, kind });
      return made;
    });
    return reply.status(201).send({ data: (await pipelinesOf(org, id))[0] });
  });

  /** Today's rate of each currency into the base currency (null: none known). */
  async function toBase(org: string, currencies: string[], base: string) {
    const day = new Date().toISOString().slice(0, 10);
    const out = new Map<string, Awaited<ReturnType<typeof rateOn>>>();
    for (const c of new Set(currencies)) out.set(c, await rateOn(db, org, c, base, day));
    return out;
  }
  const presentDeal = (d: DealRow, inBase: number | null): Deal => ({
    id: d.id, pipeline_id: d.pipeline_id, stage_id: d.stage_id, title: d.title,
    client: d.client_type && d.client_id ? { type: d.client_type, id: d.client_id, name: d.client_name ?? '' } : null,
    value_minor: Number(d.value_minor), currency: d.currency, owner_user_id: d.owner_user_id, expected_close: d.expected_close ? String(d.expected_close).slice(0, 10) : null,
    position: d.position, lost_reason: d.lost_reason, lead_id: d.lead_id, quote_id: d.quote_id, value_in_base_minor: inBase, created_at: new Date(d.created_at).toISOString(),
  });

  api.get('/api/pipelines/:id/board', {
    config: { access: 'crm.view' },
    schema: {
      tags: ['pipelines'], summary: 'A pipeline’s board: its stages in order with their deals, column totals and weighted totals in the organisation’s base currency',
      params: z.object({ id: z.uuid() }), response: { 200: envelope(boardSchema) },
    },
  }, async (req) => {
    const m = await member(req, 'view');
    const org = m.organisation.id;
    const [pipeline] = await pipelinesOf(org, req.params.id);
    if (!pipeline) throw notFound('The pipeline');
    return { data: await boardOf(org, pipeline, await baseCurrency(db, org)) };
  });

  api.get('/api/crm/summary', {
    config: { access: 'crm.view' },
    schema: {
      tags: ['crm'], summary: 'The CRM at a glance: leads by status, each pipeline’s open and weighted totals (base currency), sent quotes expiring within 7 days, and the win rate of the last 90 days',
      response: { 200: envelope(crmSummarySchema) },
    },
  }, async (req) => {
    const org = (await member(req, 'view')).organisation.id;
    const base = await baseCurrency(db, org);
    const counts = await rowsOf<{ status: string; n: number }>(db, sql`select status, count(*)::int as n from leads where organisation_id = ${org} group by status`);
    const leads = Object.fromEntries(LEAD_STATUSES.map((s) => [s, Number(counts.find((c) => c.status === s)?.n ?? 0)])) as CrmSummary['leads'];
    const pipelines = [];
    for (const p of await pipelinesOf(org)) {
      const b = await boardOf(org, p, base);
      const open = b.columns.filter((c) => c.stage.outcome === 'open');
      pipelines.push({ id: p.id, name: p.name, kind: p.kind, open_deals: open.reduce((n, c) => n + c.deals.length, 0), open_minor: b.totals.open_minor, weighted_open_minor: b.totals.weighted_open_minor, unconverted: b.unconverted });
    }
    const expiring = await rowsOf<{ id: string; number: string; revision: number; client_name: string; valid_until: string; sell_minor: number; currency: string }>(db, sql`
      select id, number, revision, client_name, valid_until::text as valid_until, sell_minor, currency from quotes
       where organisation_id = ${org} and status = 'sent' and valid_until >= current_date and valid_until < current_date + 7
       order by valid_until, number limit 20`);
    // Decided in the last 90 days: accepted and declined by their decision, expired by when they expired.
    const [decided] = await rowsOf<{ accepted: number; declined: number; expired: number }>(db, sql`
      select count(*) filter (where status = 'accepted')::int as accepted, count(*) filter (where status = 'declined')::int as declined, count(*) filter (where status = 'expired')::int as expired
        from quotes where organisation_id = ${org} and status in ('accepted', 'declined', 'expired') and coalesce(decided_at, updated_at) >= now() - interval '90 days'`);
    const all = decided.accepted + decided.declined + decided.expired;
    return {
      data: {
        currency: base,
        leads,
        pipelines,
        expiring: expiring.map((q) => ({ ...q, sell_minor: Number(q.sell_minor) })),
        win_rate: { days: 90, accepted: decided.accepted, declined: decided.declined, expired: decided.expired, pct: all ? ratioPct(decided.accepted, all) : null },
      },
    };
  });

  /** A pipeline's board in the base currency: each deal converted at today's rate, weighted, rounded per deal, then summed. */
  async function boardOf(org: string, pipeline: Pipeline, base: string): Promise<Board> {
    const rows = await rowsOf<DealRow>(db, sql`select * from deals where organisation_id = ${org} and pipeline_id = ${pipeline.id} order by position, created_at`);
    const rates = await toBase(org, rows.map((d) => d.currency), base);
    const unconverted = new Set<string>();
    const totals = { total_minor: 0, weighted_minor: 0, open_minor: 0, weighted_open_minor: 0 };
    const columns = pipeline.stages.map((stage) => {
      let total = 0;
      let weighted = 0;
      const dealsOf = rows.filter((d) => d.stage_id === stage.id).map((d) => {
        const fx = rates.get(d.currency);
        if (!fx) unconverted.add(d.currency);
        const inBase = fx ? convertMinor(Number(d.value_minor), d.currency, base, fx.rate) : null;
        if (inBase !== null) {
          // Each deal's weighted value rounded, then summed (the money rule: per line, then sum).
          const w = percentOf(inBase, stage.probability_pct);
          total += inBase;
          weighted += w;
        }
        return presentDeal(d, inBase);
      });
      totals.total_minor += total;
      totals.weighted_minor += weighted;
      if (stage.outcome === 'open') {
        totals.open_minor += total;
        totals.weighted_open_minor += weighted;
      }
      return { stage, deals: dealsOf, total_minor: total, weighted_minor: weighted };
    });
    return { pipeline, currency: base, columns, totals, unconverted: [...unconverted].sort() };
  }

  api.post('/api/deals', {
    config: { access: 'crm.create' },
    schema: { tags: ['pipelines'], summary: 'Add a deal to a pipeline (its first stage unless given)', body: dealCreateBody, response: { 201: envelope(dealSchema) } },
  }, async (req, reply) => {
    const m = await member(req, 'create');
    const org = m.organisation.id;
    const b = req.body;
    const [pipeline] = await pipelinesOf(org, b.pipeline_id);
    if (!pipeline) throw new AppError(422, 'validation_failed', 'Not one of your pipelines.', { pipeline_id: 'Unknown pipeline.' });
    const stage = b.stage_id ? pipeline.stages.find((s) => s.id === b.stage_id) : pipeline.stages.find((s) => s.outcome === 'open');
    if (!stage) throw new AppError(422, 'validation_failed', 'Not a stage of this pipeline.', { stage_id: 'Unknown stage.' });
    let client: { type: 'native_organisation'; id: string; name: string } | null = null;
    if (b.native_organisation_id) {
      const [n] = await rowsOf<{ name: string }>(db, sql`select name from native_organisations where organisation_id = ${org} and id = ${b.native_organisation_id}`);
      if (!n) throw new AppError(422, 'validation_failed', 'Not one of your organisations.', { native_organisation_id: 'Unknown organisation.' });
      client = { type: 'native_organisation', id: b.native_organisation_id, name: n.name };
    }
    await requireActiveMember(db, org, b.owner_user_id, 'owner_user_id');
    const id = uuidv7();
    const row = await db.transaction(async (tx) => {
      const [{ n }] = await rowsOf<{ n: number }>(tx, sql`select coalesce(max(position) + 1, 0)::int as n from deals where organisation_id = ${org} and stage_id = ${stage.id}`);
      const [r] = await tx.insert(deals).values({
        organisation_id: org, id, pipeline_id: pipeline.id, stage_id: stage.id, title: b.title, client_type: client?.type ?? null, client_id: client?.id ?? null, client_name: client?.name ?? null,
        value_minor: b.value_minor, currency: b.currency, owner_user_id: b.owner_user_id ?? m.user.id, expected_close: b.expected_close ?? null, position: n,
      }).returning();
      await audit(tx, org, m.user.id, 'create', 'deals', id, { title: b.title, stage: stage.name });
      return r;
    });
    return reply.status(201).send({ data: presentDeal(row, null) });
  });

  api.patch('/api/deals/:id', {
    config: { access: 'crm.update' },
    schema: { tags: ['pipelines'], summary: 'Move a deal (stage, place in its column) or change it; a lost stage needs the reason', params: z.object({ id: z.uuid() }), body: dealPatchBody, response: { 200: envelope(dealSchema) } },
  }, async (req) => {
    const m = await member(req, 'update');
    const org = m.organisation.id;
    const row = await db.transaction(async (tx) => {
      const [deal] = await rowsOf<DealRow>(tx, sql`select * from deals where organisation_id = ${org} and id = ${req.params.id} for update`);
      if (!deal) throw notFound('The deal');
      const b = req.body;
      const stageId = b.stage_id ?? deal.stage_id;
      const [stage] = await rowsOf<StageRow>(tx, sql`select id, pipeline_id, name, position, probability_pct::text as probability_pct, outcome from pipeline_stages where organisation_id = ${org} and id = ${stageId}`);
      if (!stage || stage.pipeline_id !== deal.pipeline_id) throw new AppError(422, 'validation_failed', 'Not a stage of this deal’s pipeline.', { stage_id: 'Unknown stage.' });
      const reason = b.lost_reason ?? (stage.outcome === 'lost' ? deal.lost_reason : null);
      if (stage.outcome === 'lost' && !reason) throw new AppError(422, 'validation_failed', 'Say why the deal was lost.', { lost_reason: 'Give the reason.' });
      // The moved deal takes its place; the others of the column after it move one down.
      const position = b.position ?? (b.stage_id && b.stage_id !== deal.stage_id ? 1_000_000 : deal.position);
      if (b.position !== undefined || stageId !== deal.stage_id) {
        await tx.execute(sql`update deals set position = position + 1 where organisation_id = ${org} and stage_id = ${stageId} and id <> ${deal.id} and position >= ${position}`);
      }
      const [r] = await tx.update(deals).set({
        stage_id: stageId, position, title: b.title ?? deal.title, value_minor: b.value_minor ?? deal.value_minor, currency: b.currency ?? deal.currency,
        expected_close: b.expected_close === undefined ? deal.expected_close : b.expected_close, lost_reason: stage.outcome === 'lost' ? reason : null, updated_at: new Date(),
      }).where(sql`${deals.organisation_id} = ${org} and ${deals.id} = ${deal.id}`).returning();
      // Positions 0..n-1 again in both columns touched.
      for (const s of new Set([deal.stage_id, stageId])) {
        await tx.execute(sql`update deals d set position = o.n from (select id, (row_number() over (order by position, updated_at desc) - 1)::int as n from deals where organisation_id = ${org} and stage_id = ${s}) o
          where d.organisation_id = ${org} and d.id = o.id and d.position <> o.n`);
      }
      await audit(tx, org, m.user.id, stageId !== deal.stage_id ? 'move' : 'update', 'deals', deal.id, { ...b, ...(stageId !== deal.stage_id && { from_stage: deal.stage_id, to_stage: stageId }) });
      const [fresh] = await rowsOf<DealRow>(tx, sql`select * from deals where organisation_id = ${org} and id = ${r.id}`);
      return fresh;
    });
    return { data: presentDeal(row, null) };
  });
}
