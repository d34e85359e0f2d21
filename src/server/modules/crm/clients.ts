import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { clientListQuery, clientPageSchema, type Client } from '#shared/api/crm.ts';
import { envelope } from '#shared/api/errors.ts';
import { partySuggestionQuery, partySuggestionSchema, type PartySuggestion } from '#shared/api/operations.ts';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/client.ts';
import { escapeLike } from '../../lib/sql-text.ts';
import { requireMember, requirePermission } from '../organisations/membership.ts';

type Row = Omit<Client, 'assigned_staff' | 'key_contact'> & { staff_id: string | null; staff_name: string | null; contact_name: string | null; contact_email: string | null; total: number };

/**
 * GET /api/clients: the organisation's one client list (client management) — organisations connected with it,
 * connections its members shared with it, and its native organisations — by name, one page at a time.
 */
export function registerClientRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;
  app.withTypeProvider<ZodTypeProvider>().get('/api/clients', {
    config: { access: 'crm.view' },
    schema: {
      tags: ['crm'],
      summary: 'Every client in one list: connected organisations, connections shared with the organisation, native organisations; with tier, assigned staff, credit status and key contact',
      querystring: clientListQuery,
      response: { 200: clientPageSchema },
    },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'crm.view');
    const org = m.organisation.id;
    const { q, kind, credit_status, page, per_page } = req.query;
    const like = q ? `%${escapeLike(q.toLowerCase())}%` : null;
    const rows = await rowsOf<Row>(db, sql`
      with other_side as (
        -- The far side of each connection of this organisation (as an organisation).
        select c.id as connection_id, case when c.requester_type = 'organisation' and c.requester_id = ${org} then c.target_id else c.requester_id end as other_id,
               case when c.requester_type = 'organisation' and c.requester_id = ${org} then c.target_key_contact else c.requester_key_contact end as key_user,
               -- This organisation's own key point of contact for it (set on the connections screen): who looks after it.
               case when c.requester_type = 'organisation' and c.requester_id = ${org} then c.requester_key_contact else c.target_key_contact end as own_user
          from connections c
         where c.status = 'connected' and c.requester_type = 'organisation' and c.target_type = 'organisation'
           and (c.requester_id = ${org} or c.target_id = ${org})
      ), clients as (
        select 'organisation'::text as kind, o.id::text as id, o.name, o.country, null::text as tier, null::text as credit_status,
               ou.id::text as staff_id, ou.name as staff_name, ku.name as contact_name, ku.email as contact_email, true as quotable
          from other_side s join organisations o on o.id = s.other_id left join users ku on ku.id = s.key_user left join users ou on ou.id = s.own_user
        union all
        -- Connections members shared: the other side of each, a person or an organisation.
        select 'shared_connection', coalesce(u.id, o.id)::text, coalesce(u.name, o.name), coalesce(o.country, uo.country), null, null,
               sharer.id::text, sharer.name, case when u.id is not null then u.name end, case when u.id is not null then u.email end, false
          from connection_shares sh
          join connections c on c.id = sh.connection_id and c.status = 'connected'
          join users sharer on sharer.id = sh.user_id
          cross join lateral (select case when c.requester_type = 'user' and c.requester_id = sh.user_id then c.target_type else c.requester_type end as type,
                                     case when c.requester_type = 'user' and c.requester_id = sh.user_id then c.target_id else c.requester_id end as id) far
          left join users u on far.type = 'user' and u.id = far.id
          left join organisations o on far.type = 'organisation' and o.id = far.id
          left join organisations uo on uo.id = u.organisation_id
         where sh.organisation_id = ${org} and not (far.type = 'organisation' and far.id = ${org})
        union all
        select 'native_organisation', n.id::text, n.name, n.country, t.name, n.credit_status, au.id::text, au.name, pc.name, pc.email, n.credit_status <> 'stop'
          from native_organisations n
          left join client_tiers t on t.organisation_id = n.organisation_id and t.id = n.client_tier_id
          left join users au on au.id = n.assigned_user_id
          left join lateral (select name, email from native_contacts k where k.organisation_id = n.organisation_id and k.native_organisation_id = n.id
                              order by k.is_primary desc, k.created_at limit 1) pc on true
         where n.organisation_id = ${org}
      )
      select *, count(*) over ()::int as total from clients
       where true
         ${kind ? sql`and kind = any(${`{${kind.join(',')}}`}::text[])` : sql``}
         ${credit_status ? sql`and credit_status = ${credit_status}` : sql``}
         ${like ? sql`and lower(name) like ${like}` : sql``}
       order by lower(name), kind, id
       limit ${per_page} offset ${(page - 1) * per_page}`);
    return {
      data: rows.map((r) => ({
        kind: r.kind, id: r.id, name: r.name, country: r.country, tier: r.tier, credit_status: r.credit_status, quotable: r.quotable,
        assigned_staff: r.staff_id && r.staff_name ? [{ id: r.staff_id, name: r.staff_name }] : [],
        key_contact: r.contact_name ? { name: r.contact_name, email: r.contact_email } : null,
      })),
      meta: { total: rows[0]?.total ?? 0, page, per_page },
    };
  });

  app.withTypeProvider<ZodTypeProvider>().get('/api/clients/parties', {
    config: { access: 'crm.view' },
    schema: {
      tags: ['crm'],
      summary: 'Parties for a shipment or booking from the CRM, by name: native organisations (primary address and contact), their contacts, connected organisations (address and key contact); at most 20',
      querystring: partySuggestionQuery,
      response: { 200: envelope(z.array(partySuggestionSchema)) },
    },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    requirePermission(m, 'crm.view');
    const org = m.organisation.id;
    const like = `%${escapeLike(req.query.q.toLowerCase())}%`;
    type Row = { kind: PartySuggestion['kind']; id: string; name: string; contact: string | null; email: string | null; phone: string | null; line1: string | null; line2: string | null; town: string | null; postcode: string | null; country: string | null };
    const rows = await rowsOf<Row>(db, sql`
      with natives as (
        select n.id, n.name, n.email, n.phone, n.country, a.line1, a.line2, a.town, a.postcode, coalesce(a.country, n.country) as address_country
          from native_organisations n
          left join lateral (select line1, line2, town, postcode, country from native_addresses x where x.organisation_id = n.organisation_id and x.native_organisation_id = n.id
                              order by x.is_primary desc, x.created_at limit 1) a on true
         where n.organisation_id = ${org}
      )
      (select 'native_organisation' as kind, n.id::text, n.name, pc.name as contact, coalesce(pc.email, n.email) as email, coalesce(pc.phone, n.phone) as phone,
              n.line1, n.line2, n.town, n.postcode, n.address_country as country
         from natives n
         left join lateral (select name, email, phone from native_contacts k where k.organisation_id = ${org} and k.native_organisation_id = n.id
                             order by k.is_primary desc, k.created_at limit 1) pc on true
        where lower(n.name) like ${like} order by lower(n.name) limit 10)
      union all
      (select 'native_contact', k.id::text, n.name, k.name, coalesce(k.email, n.email), coalesce(k.phone, n.phone), n.line1, n.line2, n.town, n.postcode, n.address_country
         from native_contacts k join natives n on n.id = k.native_organisation_id
        where k.organisation_id = ${org} and (lower(k.name) like ${like} or lower(coalesce(k.email, '')) like ${like}) order by lower(k.name) limit 10)
      union all
      (select 'organisation', o.id::text, o.name, ku.name, ku.email, null, o.address_line1, null, o.city, o.postcode, o.country
         from connections c
         join organisations o on o.id = case when c.requester_id = ${org} then c.target_id else c.requester_id end
         left join users ku on ku.id = case when c.requester_id = ${org} then c.target_key_contact else c.requester_key_contact end
        where c.status = 'connected' and c.requester_type = 'organisation' and c.target_type = 'organisation' and (c.requester_id = ${org} or c.target_id = ${org})
          and lower(o.name) like ${like} order by lower(o.name) limit 10)`);
    const countries = new Intl.DisplayNames(['en'], { type: 'region' });
    const addressOf = (r: Row) => {
      const place = [r.postcode, r.town].filter(Boolean).join(' ');
      const country = r.country ? (countries.of(r.country) ?? r.country) : null;
      return [r.line1, r.line2, place, country].filter(Boolean).join(', ') || null;
    };
    return {
      data: rows.slice(0, 20).map((r) => ({
        kind: r.kind, id: r.id, label: r.kind === 'native_contact' ? `${r.contact} · ${r.name}` : r.name,
        party: { name: r.name, address: addressOf(r), contact: r.contact, email: r.email, phone: r.phone },
      })),
    };
  });
}
