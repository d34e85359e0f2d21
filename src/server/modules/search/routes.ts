import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inArray, sql, type SQL } from 'drizzle-orm';
import { envelope } from '#shared/api/errors.ts';
import { searchQuery, searchResultsSchema, type SearchResults } from '#shared/api/search.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/client.ts';
import { connections } from '../../db/schema/index.ts';
import { identify, requireUser } from '../auth/session.ts';
import { presentConnections, type Row } from '../connections/present.ts';
import { escapeLike } from '../../lib/sql-text.ts';

/** Results per group: the header's dropdown, not a list page. */
const LIMIT = 8;

type Link = { link_id: string | null; link_status: string | null; link_requester: string | null };
const linkOf = (r: Link, me: string): SearchResults['users'][number]['connection'] =>
  r.link_id ? { id: r.link_id, status: r.link_status as never, direction: r.link_requester === me ? 'sent' : 'received' } : null;

/**
 * GET /api/search: people, organisations and the caller's connections whose names match, accent-
 * and case-insensitive (fyn_fold, migration 0012) and typo-tolerant (trigram word similarity), best
 * match first: ordered by the trigram word distance alone (`<<->`), so that the GiST indexes of
 * migration 0013 hand the rows over best-first and a common name among 100 000 costs a few rows, not
 * a sort of thousands. Nobody blocked either way is found; unverified accounts are not either.
 */
export function registerSearchRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/search', {
    config: { access: 'user' },
    schema: { tags: ['search'], summary: 'People, organisations and own connections matching q (the header’s search)', querystring: searchQuery, response: { 200: envelope(searchResultsSchema) } },
  }, async (req) => {
    const me = await requireUser(ctx, req);
    const q = req.query.q;
    const like = `%${escapeLike(q)}%`;
    // The replica when there is one, or the primary for a member who just wrote (lib/read-replica.ts).
    const on = ctx.reads.dbFor(req, me.id).db;
    const matches = (column: SQL) => sql`(${column} like fyn_fold(${like}) or fyn_fold(${q}) <% ${column})`;
    const member = (await identify(ctx, req))?.member;
    const crm = member && member.status === 'active' && member.organisation.id === me.organisationId && member.role.permissions.includes('crm.view') ? member.organisation.id : null;
    const [people, orgs, linked, natives] = await Promise.all([
      rowsOf<{ id: string; name: string; image: string | null; org: string | null } & Link>(on, sql`
        select u.id, u.name, u.image, o.name as org, c.id as link_id, c.status as link_status, c.requester_id::text as link_requester
          from users u
          left join organisations o on o.id = u.organisation_id
          left join connections c on c.pair_low = least('user:' || ${me.id}::uuid::text, 'user:' || u.id::text) and c.pair_high = greatest('user:' || ${me.id}::uuid::text, 'user:' || u.id::text)
         where u.email_verified and u.id <> ${me.id}::uuid and ${matches(sql`u.search_name`)}
           and not exists (select 1 from user_blocks b where (b.blocker_id = ${me.id}::uuid and b.blocked_id = u.id) or (b.blocker_id = u.id and b.blocked_id = ${me.id}::uuid))
         order by fyn_fold(${q}) <<-> u.search_name
         limit ${LIMIT}`),
      rowsOf<{ id: string; name: string; logo: string | null; city: string; country: string } & Link>(on, sql`
        select o.id, o.name, o.logo, o.city, o.country, c.id as link_id, c.status as link_status, c.requester_id::text as link_requester
          from organisations o
          left join connections c on c.pair_low = least('user:' || ${me.id}::uuid::text, 'organisation:' || o.id::text) and c.pair_high = greatest('user:' || ${me.id}::uuid::text, 'organisation:' || o.id::text)
         where o.id is distinct from ${me.organisationId ?? null}::uuid and ${matches(sql`o.search_text`)}
         order by fyn_fold(${q}) <<-> o.search_text
         limit ${LIMIT}`),
      // The caller's connections (as a person) whose other side matches.
      rowsOf<{ id: string }>(on, sql`
        select c.id from connections c
          cross join lateral (select case when c.requester_type = 'user' and c.requester_id = ${me.id}::uuid then c.target_type else c.requester_type end as type,
                                     case when c.requester_type = 'user' and c.requester_id = ${me.id}::uuid then c.target_id else c.requester_id end as id) other
          left join users u on other.type = 'user' and u.id = other.id
          left join organisations o on other.type = 'organisation' and o.id = other.id
         where c.status = 'connected' and ((c.requester_type = 'user' and c.requester_id = ${me.id}::uuid) or (c.target_type = 'user' and c.target_id = ${me.id}::uuid))
           and (${matches(sql`u.search_name`)} or ${matches(sql`o.search_text`)})
         order by c.updated_at desc
         limit ${LIMIT}`),
      // The organisation's CRM clients, same tenant only; folded names, so accents and case do not matter.
      crm
        ? rowsOf<{ id: string; name: string; city: string | null; country: string }>(on, sql`
            select id, name, city, country from native_organisations
             where organisation_id = ${crm}::uuid and (fyn_fold(name) like fyn_fold(${like}) or fyn_fold(${q}) <% fyn_fold(name))
             order by fyn_fold(${q}) <<-> fyn_fold(name) limit ${LIMIT}`)
        : Promise.resolve([]),
    ]);
    const rows: Row[] = linked.length ? await on.select().from(connections).where(inArray(connections.id, linked.map((l) => l.id))) : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ordered = linked.map((l) => byId.get(l.id)!).filter(Boolean);
    return {
      data: {
        users: people.map((p) => ({ id: p.id, name: p.name, avatar_url: p.image, organisation: p.org, connection: linkOf(p, me.id) })),
        organisations: orgs.map((o) => ({ id: o.id, name: o.name, logo_url: o.logo, city: o.city, country: o.country, connection: linkOf(o, me.id) })),
        connections: await presentConnections(on, ordered, (r) => (r.requester_type === 'user' && r.requester_id === me.id ? 'requester' : 'target'), me.id),
        native_organisations: natives,
      },
    };
  });
}
