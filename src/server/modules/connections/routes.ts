import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import {
  CONNECTION_SOURCES, connectionCountsQuery, connectionCountsSchema, connectionListQuery, connectionPageSchema, connectionPatchBody,
  connectionRequestBody, connectionSchema, connectionSourceBody, keyContactBody, suggestionSchema, type Connection,
} from '#shared/api/connections.ts';
import { envelope } from '#shared/api/errors.ts';
import type { Permission } from '#shared/resources/permissions.ts';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { connections, connectionShares, organisationMembers, organisations, userBlocks, users } from '../../db/schema/index.ts';
import { decodeCursor, encodeCursor, cursorInvalid, fitsColumn } from '../../lib/cursor.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import { requireUser } from '../auth/session.ts';
import { requireMember, requirePermission } from '../organisations/membership.ts';
import { actorAt, otherSide, presentConnections, type Row } from './present.ts';
import { membersWith, notify, publish } from '../notifications/notify.ts';
import { onRequest, pairOf, transition, type ActorKey, type Side } from './rules.ts';

const idParam = z.object({ id: z.uuid() });
const userParam = z.object({ id: z.uuid() });
const one = { 200: envelope(connectionSchema) };
const same = (a: ActorKey, b: ActorKey) => a.type === b.type && a.id === b.id;
const isPair = (p: ReturnType<typeof pairOf>) => and(eq(connections.pair_low, p.pair_low), eq(connections.pair_high, p.pair_high))!;

/** Between two people, either way: a block stops requests, messages and search results. */
export async function blockedBetween(db: Db | Tx, a: string, b: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(userBlocks)
    .where(or(and(eq(userBlocks.blocker_id, a), eq(userBlocks.blocked_id, b)), and(eq(userBlocks.blocker_id, b), eq(userBlocks.blocked_id, a))))
    .limit(1);
  return rows.length > 0;
}

/**
 * Connections between people and organisations (docs/architecture.md#network): requests, answers,
 * how-you-know, key points of contact, sharing with the organisation, and blocks. An organisation
 * acts through its staff with the `network` permission (`as=organisation`, `as_organisation`).
 */
export function registerConnectionRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['connections'];

  /** The caller acting as themself, or for their organisation with `network.<action>`. */
  async function actorOf(req: FastifyRequest, asOrganisation: boolean, action: 'view' | 'create' | 'update'): Promise<ActorKey> {
    const user = await requireUser(ctx, req);
    if (!asOrganisation) return { type: 'user', id: user.id };
    const m = await requireMember(ctx, req);
    requirePermission(m, `network.${action}` as Permission);
    return { type: 'organisation', id: m.organisation.id };
  }

  /** The side of a connection the caller acts for: their own, or their organisation's with `network.<action>`; 404 for others. */
  async function sideOf(req: FastifyRequest, row: Row, action: 'view' | 'update'): Promise<Side> {
    const user = await requireUser(ctx, req);
    for (const side of ['requester', 'target'] as const) {
      if (same(actorAt(row, side), { type: 'user', id: user.id })) return side;
    }
    for (const side of ['requester', 'target'] as const) {
      if (user.organisationId && same(actorAt(row, side), { type: 'organisation', id: user.organisationId })) {
        const m = await requireMember(ctx, req);
        requirePermission(m, `network.${action}` as Permission);
        return side;
      }
    }
    throw notFound('The connection');
  }

  async function presentOne(req: FastifyRequest, row: Row, side: Side): Promise<Connection> {
    const user = await requireUser(ctx, req);
    return (await presentConnections(db, [row], () => side, user.id))[0];
  }

  /** A connection locked for a change in `tx`, with the caller's side. */
  async function locked(tx: Tx, req: FastifyRequest, id: string, action: 'view' | 'update'): Promise<{ row: Row; side: Side }> {
    const [row] = await tx.select().from(connections).where(eq(connections.id, id)).for('update');
    if (!row) throw notFound('The connection');
    return { row, side: await sideOf(req, row, action) };
  }

  /** One change to a connection in a transaction, the row locked and the caller's side known; answers the row as it is after. */
  async function change(req: FastifyRequest, id: string, action: 'view' | 'update', apply: (tx: Tx, row: Row, side: Side) => Promise<Row>) {
    const { row, side } = await db.transaction(async (tx) => {
      const { row, side } = await locked(tx, req, id, action);
      return { row: await apply(tx, row, side), side };
    });
    return { data: await presentOne(req, row, side) };
  }

  /** Whether the target exists and may be asked: not oneself, not one's own organisation, no block. */
  async function checkTarget(tx: Tx, from: ActorKey, target: ActorKey, callerId: string, callerOrgId: string | null) {
    const gone = () => new AppError(404, 'not_found', `The ${target.type === 'user' ? 'person' : 'organisation'} was not found.`);
    if (same(from, target)) throw invalidField('validation_failed', 'target', 'connect_self');
    if (target.type === 'user') {
      const [person] = await tx.select({ id: users.id, verified: users.emailVerified, org: users.organisationId }).from(users).where(eq(users.id, target.id));
      if (!person || !person.verified) throw gone();
      if (from.type === 'organisation' && person.org === from.id) throw invalidField('validation_failed', 'target', 'connect_own_organisation');
      // A block either way looks like nobody there: the blocked person learns nothing.
      if (from.type === 'user' && (await blockedBetween(tx, callerId, target.id))) throw gone();
    } else {
      const [org] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, target.id));
      if (!org) throw gone();
      if (from.type === 'user' && callerOrgId === target.id) throw invalidField('validation_failed', 'target', 'connect_own_organisation');
    }
  }

  /**
   * Tells a side of a connection what happened: the person, or the organisation's staff who hold
   * `network.view`; each of them (and the one who acted) gets a live `connection` event.
   */
  async function tell(tx: Tx, row: Row, side: Side, what: 'request' | 'accepted', actorId: string) {
    const to = actorAt(row, side);
    const from = actorAt(row, otherSide(side));
    const people = to.type === 'user' ? [to.id] : await membersWith(tx, to.id, 'network.view');
    let name: string | null = null;
    if (from.type === 'organisation') [{ name }] = await tx.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, from.id));
    const type = to.type === 'organisation' ? (what === 'request' ? 'organisation_connection_request' : 'organisation_connection_accepted') : what === 'request' ? 'connection_request' : 'connection_accepted';
    for (const userId of people) {
      await notify(tx, { userId, organisationId: to.type === 'organisation' ? to.id : null, type, actorId, subject: { type: 'connection', id: row.id }, data: { message: what === 'request' ? row.message : null, organisation: name } });
    }
    await publish(tx, [...people, actorId], 'connection', { id: row.id, status: row.status });
  }

  api.get('/api/connection-sources', {
    config: { access: 'user' },
    schema: { tags, summary: 'How two sides may know each other', response: { 200: envelope(z.array(z.object({ code: z.enum(CONNECTION_SOURCES) }))) } },
  }, async () => ({ data: CONNECTION_SOURCES.map((code) => ({ code })) }));

  api.post('/api/connections', {
    config: { access: 'user' },
    schema: { tags, summary: 'Ask to connect (a person or an organisation; for the caller’s organisation with as_organisation)', body: connectionRequestBody, response: { 200: envelope(connectionSchema), 201: envelope(connectionSchema) } },
  }, async (req, reply) => {
    const user = await requireUser(ctx, req);
    const from = await actorOf(req, Boolean(req.body.as_organisation), 'create');
    const target = req.body.target;
    const pair = pairOf(from, target);
    const { row, created } = await db.transaction(async (tx) => {
      await checkTarget(tx, from, target, user.id, user.organisationId ?? null);
      const now = new Date();
      const fresh = {
        requester_type: from.type, requester_id: from.id, target_type: target.type, target_id: target.id,
        status: 'pending' as const, message: req.body.message ?? null, source: req.body.source ?? null, requested_by: user.id,
        requester_key_contact: null, target_key_contact: null, updated_at: now, connected_at: null,
      };
      // One row per pair: a request racing the other side's lands on the same row (and is then an answer).
      const [inserted] = await tx.insert(connections).values({ id: uuidv7(), ...pair, ...fresh, created_at: now }).onConflictDoNothing().returning();
      if (inserted) {
        await tell(tx, inserted, 'target', 'request', user.id);
        return { row: inserted, created: true };
      }
      const [existing] = await tx.select().from(connections).where(isPair(pair)).for('update');
      const side: Side = same(actorAt(existing, 'requester'), from) ? 'requester' : 'target';
      const outcome = onRequest(existing.status, side);
      if (outcome === 'already_requested') throw new AppError(409, 'already_requested', 'You have asked already: the answer is theirs to give.');
      if (outcome === 'already_connected') throw new AppError(409, 'already_connected', 'You are connected already.');
      const [updated] =
        outcome === 'accept'
          ? await tx.update(connections).set({ status: 'connected', updated_at: now, connected_at: now }).where(eq(connections.id, existing.id)).returning()
          : await tx.update(connections).set(fresh).where(eq(connections.id, existing.id)).returning();
      // A crossing request is an answer: the first asker hears it was accepted.
      if (outcome === 'accept') await tell(tx, updated, 'requester', 'accepted', user.id);
      else await tell(tx, updated, same(actorAt(updated, 'requester'), from) ? 'target' : 'requester', 'request', user.id);
      return { row: updated, created: outcome === 'reopen' };
    });
    reply.code(created ? 201 : 200);
    return { data: (await presentConnections(db, [row], () => (same(actorAt(row, 'requester'), from) ? 'requester' : 'target'), user.id))[0] };
  });

  /** The caller's rows (as a person, or as their organisation), newest change first, by keyset. */
  async function listOf(req: FastifyRequest, as: 'user' | 'organisation', where: (actor: ActorKey) => SQL, perPage: number, cursor: string | undefined) {
    const user = await requireUser(ctx, req);
    const actor = await actorOf(req, as === 'organisation', 'view');
    let after: SQL | undefined;
    if (cursor) {
      const [value, id] = decodeCursor(cursor);
      if (typeof value !== 'string' || !fitsColumn(value, 'time')) throw cursorInvalid();
      after = sql`(${connections.updated_at}, ${connections.id}) < (${value}::timestamptz, ${id}::uuid)`;
    }
    const rows = await db.select().from(connections).where(and(where(actor), after)).orderBy(desc(connections.updated_at), desc(connections.id)).limit(perPage);
    const sideFor = (row: Row): Side => (same(actorAt(row, 'requester'), actor) ? 'requester' : 'target');
    const last = rows.at(-1);
    return {
      data: await presentConnections(db, rows, sideFor, user.id),
      meta: { next_cursor: last && rows.length === perPage ? encodeCursor(last.updated_at.toISOString(), last.id) : null },
    };
  }
  const isRequester = (a: ActorKey) => and(eq(connections.requester_type, a.type), eq(connections.requester_id, a.id))!;
  const isTarget = (a: ActorKey) => and(eq(connections.target_type, a.type), eq(connections.target_id, a.id))!;

  api.get('/api/connections', {
    config: { access: 'user' },
    schema: { tags, summary: 'The caller’s connections (status=connected …), or its organisation’s with as=organisation', querystring: connectionListQuery, response: { 200: connectionPageSchema } },
  }, async (req) => {
    const { as, status, per_page, cursor } = req.query;
    return listOf(req, as, (a) => and(or(isRequester(a), isTarget(a)), status ? eq(connections.status, status) : undefined)!, per_page, cursor);
  });

  api.get('/api/connections/invitations', {
    config: { access: 'user' },
    schema: { tags, summary: 'Requests received and not yet answered', querystring: connectionListQuery.omit({ status: true }), response: { 200: connectionPageSchema } },
  }, async (req) => listOf(req, req.query.as, (a) => and(isTarget(a), eq(connections.status, 'pending'))!, req.query.per_page, req.query.cursor));

  api.get('/api/connections/requested', {
    config: { access: 'user' },
    schema: { tags, summary: 'Requests sent and not yet answered', querystring: connectionListQuery.omit({ status: true }), response: { 200: connectionPageSchema } },
  }, async (req) => listOf(req, req.query.as, (a) => and(isRequester(a), eq(connections.status, 'pending'))!, req.query.per_page, req.query.cursor));

  api.get('/api/connections/counts', {
    config: { access: 'user' },
    schema: { tags, summary: 'How many connections, invitations received and requests sent', querystring: connectionCountsQuery, response: { 200: envelope(connectionCountsSchema) } },
  }, async (req) => {
    const a = await actorOf(req, req.query.as === 'organisation', 'view');
    const [c] = await db
      .select({
        connected: count(sql`case when ${connections.status} = 'connected' then 1 end`),
        invitations: count(sql`case when ${connections.status} = 'pending' and ${connections.target_type} = ${a.type} and ${connections.target_id} = ${a.id} then 1 end`),
        requested: count(sql`case when ${connections.status} = 'pending' and ${connections.requester_type} = ${a.type} and ${connections.requester_id} = ${a.id} then 1 end`),
      })
      .from(connections)
      .where(or(isRequester(a), isTarget(a)));
    return { data: { connected: Number(c.connected), invitations: Number(c.invitations), requested: Number(c.requested) } };
  });

  api.get('/api/connections/suggestions', {
    config: { access: 'user' },
    schema: { tags, summary: 'People the caller may know: second degree, the same forwarder network, the same port', response: { 200: envelope(z.array(suggestionSchema)) } },
  }, async (req) => {
    const me = await requireUser(ctx, req);
    // Colleagues, blocked people, and anyone the caller is connected with or waiting on are left out.
    const rows = await ctx.database.query<{ id: string; name: string; image: string | null; org: string | null; mutual: number; same_network: boolean; same_port: boolean }>(
      `with friends as (
         select case when c.requester_id = $1::uuid then c.target_id else c.requester_id end as id
           from connections c
          where c.status = 'connected' and c.requester_type = 'user' and c.target_type = 'user' and (c.requester_id = $1::uuid or c.target_id = $1::uuid)
       ), second as (
         select case when c.requester_id = f.id then c.target_id else c.requester_id end as id, count(*)::int as mutual
           from connections c join friends f on c.requester_id = f.id or c.target_id = f.id
          where c.status = 'connected' and c.requester_type = 'user' and c.target_type = 'user'
          group by 1
       ), home as (
         select o.id, o.location_code from users u join organisations o on o.id = u.organisation_id where u.id = $1::uuid
       ), networks as (
         select lower(n.name) as name from supply_chain_networks n join home on n.organisation_id = home.id
       ), scored as (
         select u.id, u.name, u.image, o.name as org, coalesce(s.mutual, 0) as mutual,
                coalesce(exists (select 1 from supply_chain_networks n where n.organisation_id = o.id and lower(n.name) in (select name from networks)), false) as same_network,
                coalesce(o.location_code is not null and o.location_code = (select location_code from home), false) as same_port
           from users u
           left join organisations o on o.id = u.organisation_id
           left join second s on s.id = u.id
          where u.email_verified and u.id <> $1::uuid
            and u.organisation_id is distinct from (select id from home)
            and not exists (select 1 from user_blocks b where (b.blocker_id = $1::uuid and b.blocked_id = u.id) or (b.blocker_id = u.id and b.blocked_id = $1::uuid))
            and not exists (select 1 from connections c
                             where c.pair_low = least('user:' || $1::uuid::text, 'user:' || u.id::text) and c.pair_high = greatest('user:' || $1::uuid::text, 'user:' || u.id::text)
                               and c.status in ('pending', 'connected'))
       )
       select * from scored where mutual > 0 or same_network or same_port
        order by mutual * 3 + same_network::int * 2 + same_port::int desc, name
        limit 10`,
      [me.id],
    );
    return { data: rows.map((r) => ({ id: r.id, name: r.name, avatar_url: r.image, organisation: r.org, mutual: r.mutual, same_network: r.same_network, same_port: r.same_port })) };
  });

  api.get('/api/connections/:id', {
    config: { access: 'user' },
    schema: { tags, summary: 'One connection of the caller (or of its organisation)', params: idParam, response: one },
  }, async (req) => {
    const [row] = await db.select().from(connections).where(eq(connections.id, req.params.id));
    if (!row) throw notFound('The connection');
    return { data: await presentOne(req, row, await sideOf(req, row, 'view')) };
  });

  api.patch('/api/connections/:id', {
    config: { access: 'user' },
    schema: { tags, summary: 'Accept or decline (receiver), withdraw (sender), disconnect (either side)', params: idParam, body: connectionPatchBody, response: one },
  }, async (req) =>
    change(req, req.params.id, 'update', async (tx, row, side) => {
      const next = transition(row.status, side, req.body.status);
      if (!next) {
        throw new AppError(409, 'invalid_transition', `A ${row.status} connection cannot become ${req.body.status} from this side.`, undefined, undefined, { status: row.status });
      }
      const now = new Date();
      const [updated] = await tx
        .update(connections)
        .set({ status: next, updated_at: now, ...(next === 'connected' ? { connected_at: now } : {}) })
        .where(eq(connections.id, row.id))
        .returning();
      // A personal connection that ends is no longer the organisation's contact either.
      if (next !== 'connected') await tx.delete(connectionShares).where(eq(connectionShares.connection_id, row.id));
      if (next === 'connected') await tell(tx, updated, otherSide(side), 'accepted', (await requireUser(ctx, req)).id);
      else await publish(tx, [(await requireUser(ctx, req)).id], 'connection', { id: row.id, status: next });
      return updated;
    }));

  api.patch('/api/connections/:id/source', {
    config: { access: 'user' },
    schema: { tags, summary: 'Say how the two sides know each other', params: idParam, body: connectionSourceBody, response: one },
  }, async (req) =>
    change(req, req.params.id, 'update', async (tx, row) => {
      const [updated] = await tx.update(connections).set({ source: req.body.source, updated_at: new Date() }).where(eq(connections.id, row.id)).returning();
      return updated;
    }));

  api.put('/api/connections/:id/key-contact', {
    config: { access: 'user' },
    schema: { tags, summary: 'The organisation side’s key point of contact (one of its active members; null clears it)', params: idParam, body: keyContactBody, response: one },
  }, async (req) =>
    change(req, req.params.id, 'update', async (tx, row, side) => {
      const own = actorAt(row, side);
      if (own.type !== 'organisation') throw invalidField('validation_failed', 'user_id', 'key_contact_organisation_only');
      const userId = req.body.user_id;
      if (userId) {
        const [member] = await tx
          .select({ id: organisationMembers.user_id })
          .from(organisationMembers)
          .where(and(eq(organisationMembers.organisation_id, own.id), eq(organisationMembers.user_id, userId), eq(organisationMembers.status, 'active')));
        if (!member) throw invalidField('validation_failed', 'user_id', 'key_contact_member');
      }
      const [updated] = await tx.update(connections).set({ [`${side}_key_contact`]: userId, updated_at: new Date() }).where(eq(connections.id, row.id)).returning();
      return updated;
    }));

  for (const method of ['post', 'delete'] as const) {
    api[method]('/api/connections/:id/share', {
      config: { access: 'user' },
      schema: {
        tags,
        summary: method === 'post' ? 'Share a personal connection with the caller’s organisation (its CRM lists it)' : 'Stop sharing a personal connection with the organisation',
        params: idParam,
        response: one,
      },
    }, async (req) => {
      const user = await requireUser(ctx, req);
      const m = await requireMember(ctx, req);
      return change(req, req.params.id, 'view', async (tx, row, side) => {
        if (!same(actorAt(row, side), { type: 'user', id: user.id })) throw invalidField('validation_failed', 'id', 'share_personal_only');
        if (method === 'post') {
          if (row.status !== 'connected') throw new AppError(409, 'not_connected', 'Only a connection can be shared.');
          await tx.insert(connectionShares).values({ connection_id: row.id, organisation_id: m.organisation.id, user_id: user.id }).onConflictDoNothing();
        } else {
          await tx.delete(connectionShares).where(and(eq(connectionShares.connection_id, row.id), eq(connectionShares.organisation_id, m.organisation.id)));
        }
        return row;
      });
    });
  }

  const blockSchema = z.object({ user_id: z.string(), name: z.string(), avatar_url: z.string().nullable(), created_at: z.string() });

  api.get('/api/blocks', {
    config: { access: 'user' },
    schema: { tags, summary: 'The people the caller has blocked', response: { 200: envelope(z.array(blockSchema)) } },
  }, async (req) => {
    const user = await requireUser(ctx, req);
    const rows = await db
      .select({ user_id: users.id, name: users.name, avatar_url: users.image, created_at: userBlocks.created_at })
      .from(userBlocks)
      .innerJoin(users, eq(users.id, userBlocks.blocked_id))
      .where(eq(userBlocks.blocker_id, user.id))
      .orderBy(desc(userBlocks.created_at));
    return { data: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })) };
  });

  api.post('/api/users/:id/block', {
    config: { access: 'user' },
    schema: { tags, summary: 'Block a person: no requests, messages or search results between you; a connection between you ends', params: userParam, response: { 200: envelope(z.object({ blocked: z.literal(true) })) } },
  }, async (req) => {
    const user = await requireUser(ctx, req);
    const other = req.params.id;
    if (other === user.id) throw invalidField('validation_failed', 'id', 'block_self');
    await db.transaction(async (tx) => {
      const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, other));
      if (!exists) throw new AppError(404, 'not_found', 'The person was not found.');
      await tx.insert(userBlocks).values({ blocker_id: user.id, blocked_id: other }).onConflictDoNothing();
      const pair = pairOf({ type: 'user', id: user.id }, { type: 'user', id: other });
      const ended = await tx
        .update(connections)
        .set({ status: 'disconnected', updated_at: new Date() })
        .where(and(isPair(pair), inArray(connections.status, ['pending', 'connected'])))
        .returning({ id: connections.id });
      if (ended.length) await tx.delete(connectionShares).where(inArray(connectionShares.connection_id, ended.map((e) => e.id)));
    });
    return { data: { blocked: true as const } };
  });

  api.delete('/api/users/:id/block', {
    config: { access: 'user' },
    schema: { tags, summary: 'Unblock a person (a connection that ended stays ended)', params: userParam, response: { 200: envelope(z.object({ blocked: z.literal(false) })) } },
  }, async (req) => {
    const user = await requireUser(ctx, req);
    await db.delete(userBlocks).where(and(eq(userBlocks.blocker_id, user.id), eq(userBlocks.blocked_id, req.params.id)));
    return { data: { blocked: false as const } };
  });
}
