import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { assignBody, commentBody, exceptionListQuery, exceptionSchema, resolveBody, type ShipmentException } from '#shared/api/operations.ts';
import type { ExceptionKind } from '#shared/operations/model.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import { exceptionComments } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { notify } from '../notifications/notify.ts';
import { requireMember, requirePermission, type Membership } from '../organisations/membership.ts';
import { isoOf, tellFollowers } from './service.ts';
import { audit } from '../../lib/audit.ts';
import { emitEvent, type EventType } from '../developers/webhooks.ts';

/** How long before a cut-off missing documents become an exception, and before free time ends a container is at risk. */
export const CUTOFF_WARNING_HOURS = 24;
export const DEMURRAGE_WARNING_HOURS = 24;

/**
 * The causes each rule finds now, for one organisation or all: (organisation, shipment, kind,
 * cause key, details). Set-based, so that one scan covers every active shipment in a few queries.
 */
function causes(now: Date, organisationId: string | null) {
  const org = organisationId ? sql`and s.organisation_id = ${organisationId}` : sql``;
  const at = now.toISOString();
  return sql`
    -- ETA passed without an actual arrival.
    select s.organisation_id, s.id as shipment_id, 'eta_passed'::text as kind, ''::text as cause_key, jsonb_build_object('eta', s.eta) as details
      from shipments s where s.status in ('booked', 'in_transit') and s.ata is null and s.eta < ${at}::timestamptz ${org}
    union all
    -- The estimated arrival later than the plan by more than the organisation's margin.
    select s.organisation_id, s.id, 'eta_slip', '', jsonb_build_object('planned', s.eta_planned, 'estimated', s.eta, 'hours', round(extract(epoch from s.eta - s.eta_planned) / 3600))
      from shipments s left join operation_settings o on o.organisation_id = s.organisation_id
     where s.status in ('booked', 'in_transit') and s.ata is null and s.eta_planned is not null
       and s.eta > s.eta_planned + make_interval(hours => coalesce(o.eta_margin_hours, 24)) ${org}
    union all
    -- A cut-off within the warning time while the transport document is not issued.
    select s.organisation_id, s.id, 'cutoff_documents', c->>'kind', jsonb_build_object('cut_off', c->>'kind', 'at', c->>'at', 'missing', case when s.mode = 'air' then 'hawb' else 'hbl' end)
      from shipments s cross join lateral jsonb_array_elements(s.cut_offs) c
     where s.status = 'booked' and s.mode in ('sea_fcl', 'sea_lcl', 'air')
       and (c->>'at')::timestamptz > ${at}::timestamptz and (c->>'at')::timestamptz <= ${at}::timestamptz + make_interval(hours => ${CUTOFF_WARNING_HOURS})
       and not exists (select 1 from documents d where d.organisation_id = s.organisation_id and d.shipment_id = s.id and d.type = case when s.mode = 'air' then 'hawb' else 'hbl' end) ${org}
    union all
    -- A container discharged and not gated out, its free time ending within the warning time (or over).
    select s.organisation_id, s.id, 'demurrage_risk', c.number, jsonb_build_object('container', c.number, 'discharged_at', d.at, 'free_until', d.at + make_interval(days => s.free_days))
      from shipments s
      join shipment_containers c on c.organisation_id = s.organisation_id and c.shipment_id = s.id
      cross join lateral (select max(e.occurred_at) as at from shipment_events e where e.organisation_id = s.organisation_id and e.shipment_id = s.id and e.container_number = c.number and e.code = 'DISC' and e.classifier = 'ACT') d
     where s.status in ('in_transit', 'arrived') and d.at is not null
       and d.at + make_interval(days => s.free_days) <= ${at}::timestamptz + make_interval(hours => ${DEMURRAGE_WARNING_HOURS})
       and not exists (select 1 from shipment_events g where g.organisation_id = s.organisation_id and g.shipment_id = s.id and g.container_number = c.number and g.code = 'GTOT' and g.classifier = 'ACT' and g.occurred_at >= d.at) ${org}`;
}

/**
 * One exception scan (the `operations.scan` job every 15 minutes, or on demand): each cause is
 * raised once; a cause that went away marks its exception inactive (resolving it, if still open),
 * and a cause that returns reopens it. The followers of the shipment are told of what is new.
 */
export async function scanExceptions(db: Db, now = new Date(), organisationId: string | null = null): Promise<{ raised: number; cleared: number }> {
  return db.transaction(async (tx) => {
    const fresh = await rowsOf<{ organisation_id: string; id: string; shipment_id: string; kind: ExceptionKind }>(tx, sql`
      insert into shipment_exceptions as x (organisation_id, id, shipment_id, kind, cause_key, details, raised_at, updated_at)
      select c.organisation_id, gen_random_uuid(), c.shipment_id, c.kind, c.cause_key, c.details, ${now}, ${now} from (${causes(now, organisationId)}) c
      on conflict (organisation_id, shipment_id, kind, cause_key) do update
         set status = 'open', cause_active = true, details = excluded.details, raised_at = excluded.raised_at, reopened_count = x.reopened_count + 1,
             resolved_at = null, resolved_by = null, resolution_note = null, updated_at = excluded.updated_at
       where x.cause_active = false
      returning x.organisation_id, x.id, x.shipment_id, x.kind`);
    const cleared = await rowsOf<{ organisation_id: string; id: string }>(tx, sql`
      update shipment_exceptions x set cause_active = false, updated_at = ${now},
             status = 'resolved', resolved_at = coalesce(x.resolved_at, ${now}), resolution_note = coalesce(x.resolution_note, 'The cause went away.')
       where x.cause_active ${organisationId ? sql`and x.organisation_id = ${organisationId}` : sql``}
         and not exists (select 1 from (${causes(now, organisationId)}) c where c.organisation_id = x.organisation_id and c.shipment_id = x.shipment_id and c.kind = x.kind and c.cause_key = x.cause_key)
      returning x.organisation_id, x.id`);
    for (const e of fresh) await emitException(tx, 'exception.raised', e.organisation_id, e.id);
    for (const e of cleared) await emitException(tx, 'exception.resolved', e.organisation_id, e.id);
    for (const e of fresh) {
      const [s] = await rowsOf<{ organisation_id: string; id: string; number: string; followers: string[] }>(tx, sql`select organisation_id, id, number, followers from shipments where organisation_id = ${e.organisation_id} and id = ${e.shipment_id}`);
      await tellFollowers(tx, s, null, 'shipment_exception', { kind: e.kind });
    }
    return { raised: fresh.length, cleared: cleared.length };
  });
}

export function defineOperationJobs(ctx: AppContext) {
  ctx.jobs.define<{ now?: string }>({
    name: 'operations.scan',
    cron: '*/15 * * * *',
    retryLimit: 3,
    async handler({ now }) {
      await scanExceptions(ctx.database.db, now ? new Date(now) : new Date());
    },
  });
}

type Row = {
  id: string; kind: ExceptionKind; status: 'open' | 'resolved'; cause_key: string; details: Record<string, unknown>; raised_at: string; reopened_count: number;
  resolved_at: string | null; resolution_note: string | null; shipment_id: string; shipment_number: string; mode: ShipmentException['shipment']['mode']; client_name: string;
  assignee_user_id: string | null; assignee_name: string | null;
};

const selectExceptions = (organisationId: string) => sql`
  select x.id, x.kind, x.status, x.cause_key, x.details, x.raised_at, x.reopened_count, x.resolved_at, x.resolution_note, x.assignee_user_id,
         s.id as shipment_id, s.number as shipment_number, s.mode, s.client_name, u.name as assignee_name
    from shipment_exceptions x
    join shipments s on s.organisation_id = x.organisation_id and s.id = x.shipment_id
    left join users u on u.id = x.assignee_user_id
   where x.organisation_id = ${organisationId}`;

/** An exception as GET /api/exceptions/:id answers it, with its comments, read through `db`; null when there is none. */
async function exceptionAnswer(db: Db | Tx, organisationId: string, id: string): Promise<ShipmentException | null> {
  const [row] = await rowsOf<Row>(db, sql`${selectExceptions(organisationId)} and x.id = ${id}`);
  if (!row) return null;
  const comments = await rowsOf<{ id: string; author: string | null; body: string; created_at: string }>(db, sql`
    select c.id, u.name as author, c.body, c.created_at from exception_comments c left join users u on u.id = c.user_id
     where c.organisation_id = ${organisationId} and c.exception_id = ${id} order by c.created_at, c.id`);
  return present(row, comments.map((c) => ({ ...c, created_at: isoOf(c.created_at)! })));
}

/** An exception's event for webhooks, in `tx`: the exception as GET /api/exceptions/:id answers it. */
async function emitException(tx: Tx, type: EventType, organisationId: string, id: string): Promise<void> {
  const x = await exceptionAnswer(tx, organisationId, id);
  if (x) await emitEvent(tx, organisationId, type, x);
}

function present(r: Row, comments: ShipmentException['comments'] = []): ShipmentException {
  return {
    id: r.id, kind: r.kind, status: r.status, cause_key: r.cause_key, details: r.details, raised_at: isoOf(r.raised_at)!, reopened_count: r.reopened_count,
    resolved_at: isoOf(r.resolved_at), resolution_note: r.resolution_note,
    shipment: { id: r.shipment_id, number: r.shipment_number, mode: r.mode, client_name: r.client_name },
    assignee: r.assignee_user_id ? { id: r.assignee_user_id, name: r.assignee_name ?? '' } : null,
    comments,
  };
}

/** Exceptions (issue 12, item 4): raised by the scans; assigned, commented and resolved by staff. */
export function registerExceptionRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['exceptions'];
  const idParam = z.object({ id: z.uuid() });
  defineOperationJobs(ctx);

  async function member(req: Parameters<typeof requireMember>[1], action: 'view' | 'update'): Promise<Membership> {
    const m = await requireMember(ctx, req);
    requirePermission(m, `operations.${action}`);
    return m;
  }

  async function answer(organisationId: string, id: string) {
    const data = await exceptionAnswer(db, organisationId, id);
    if (!data) throw notFound('The exception');
    return { data };
  }

  async function lock(tx: Tx, m: Membership, id: string) {
    const [x] = await rowsOf<{ id: string; status: string; shipment_id: string }>(tx, sql`select id, status, shipment_id from shipment_exceptions where organisation_id = ${m.organisation.id} and id = ${id} for update`);
    if (!x) throw notFound('The exception');
    return x;
  }

  api.get('/api/exceptions', {
    config: { access: 'operations.view' },
    schema: { tags, summary: 'Exceptions, the newest first: by status, shipment, or only those assigned to the caller (the latest 500)', querystring: exceptionListQuery, response: { 200: envelope(z.array(exceptionSchema)) } },
  }, async (req) => {
    const m = await member(req, 'view');
    const { status, mine, shipment_id } = req.query;
    const rows = await rowsOf<Row>(db, sql`${selectExceptions(m.organisation.id)}
      ${status ? sql`and x.status = ${status}` : sql``} ${mine === 'true' ? sql`and x.assignee_user_id = ${m.user.id}` : sql``} ${shipment_id ? sql`and x.shipment_id = ${shipment_id}` : sql``}
      order by x.raised_at desc, x.id desc limit 500`);
    return { data: rows.map((r) => present(r)) };
  });

  api.post('/api/exceptions/scan', {
    config: { access: 'operations.update' },
    schema: { tags, summary: 'Run the exception scan for the organisation now (it also runs every 15 minutes)', response: { 200: envelope(z.object({ raised: z.number(), cleared: z.number() })) } },
  }, async (req) => {
    const m = await member(req, 'update');
    return { data: await scanExceptions(db, new Date(), m.organisation.id) };
  });

  api.get('/api/exceptions/:id', {
    config: { access: 'operations.view' },
    schema: { tags, summary: 'One exception with its comments', params: idParam, response: { 200: envelope(exceptionSchema) } },
  }, async (req) => answer((await member(req, 'view')).organisation.id, req.params.id));

  api.post('/api/exceptions/:id/assign', {
    config: { access: 'operations.update' },
    schema: { tags, summary: 'Give the exception to a colleague (or to nobody); they are told', params: idParam, body: assignBody, response: { 200: envelope(exceptionSchema) } },
  }, async (req) => {
    const m = await member(req, 'update');
    await db.transaction(async (tx) => {
      const x = await lock(tx, m, req.params.id);
      const to = req.body.user_id;
      if (to) {
        const [ok] = await rowsOf<{ id: string }>(tx, sql`select user_id as id from organisation_members where organisation_id = ${m.organisation.id} and user_id = ${to} and status = 'active'`);
        if (!ok) throw new AppError(422, 'validation_failed', 'Choose a colleague of your organisation.', { user_id: 'Not a colleague.' });
      }
      await tx.execute(sql`update shipment_exceptions set assignee_user_id = ${to}, updated_at = now() where organisation_id = ${m.organisation.id} and id = ${x.id}`);
      await audit(tx, m.organisation.id, m.user.id, 'shipment_exceptions', 'assign', x.id, { to });
      if (to) {
        const [s] = await rowsOf<{ number: string }>(tx, sql`select number from shipments where organisation_id = ${m.organisation.id} and id = ${x.shipment_id}`);
        await notify(tx, { userId: to, organisationId: m.organisation.id, actorId: m.user.id, type: 'exception_assigned', subject: { type: 'exception', id: x.id }, data: { number: s.number } });
      }
    });
    return answer(m.organisation.id, req.params.id);
  });

  api.post('/api/exceptions/:id/comments', {
    config: { access: 'operations.update' },
    schema: { tags, summary: 'Comment on an exception', params: idParam, body: commentBody, response: { 201: envelope(exceptionSchema) } },
  }, async (req, reply) => {
    const m = await member(req, 'update');
    await db.transaction(async (tx) => {
      const x = await lock(tx, m, req.params.id);
      await tx.insert(exceptionComments).values({ organisation_id: m.organisation.id, id: uuidv7(), exception_id: x.id, user_id: m.user.id, body: req.body.body });
    });
    return reply.status(201).send(await answer(m.organisation.id, req.params.id));
  });

  api.post('/api/exceptions/:id/resolve', {
    config: { access: 'operations.update' },
    schema: { tags, summary: 'Resolve an open exception with a note (it reopens if its cause goes away and returns)', params: idParam, body: resolveBody, response: { 200: envelope(exceptionSchema) } },
  }, async (req) => {
    const m = await member(req, 'update');
    await db.transaction(async (tx) => {
      const x = await lock(tx, m, req.params.id);
      if (x.status !== 'open') throw new AppError(409, 'invalid_transition', 'The exception is already resolved.');
      await tx.execute(sql`update shipment_exceptions set status = 'resolved', resolved_at = now(), resolved_by = ${m.user.id}, resolution_note = ${req.body.note}, updated_at = now() where organisation_id = ${m.organisation.id} and id = ${x.id}`);
      await audit(tx, m.organisation.id, m.user.id, 'shipment_exceptions', 'resolve', x.id, { note: req.body.note });
      await emitException(tx, 'exception.resolved', m.organisation.id, x.id);
    });
    return answer(m.organisation.id, req.params.id);
  });
}
