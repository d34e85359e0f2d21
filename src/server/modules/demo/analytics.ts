import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/client.ts';

/**
 * Northwind's last 18 months (issue 23): about 420 shipments and 600 quotes across its lanes, modes,
 * clients, salespeople and carriers, so that the analytics pages show trends on first start. Each
 * is one set-based statement (no per-row round trips), spread deterministically from a hash of the
 * row's number: business grows over the period, older jobs have their actual charges, most arrive
 * on time and some late. Their rates are not frozen (they predate it): the analytics convert them at
 * ECB's rate of the booking day and say so.
 */
export async function seedDemoAnalytics(ctx: AppContext, orgId: string): Promise<void> {
  const db = ctx.database.db;
  const clients = await rowsOf<{ id: string; name: string }>(db, sql`select id, name from native_organisations where organisation_id = ${orgId} order by name`);
  const sellers = (await rowsOf<{ user_id: string }>(db, sql`select user_id from organisation_members where organisation_id = ${orgId} and status = 'active' order by created_at`)).map((r) => r.user_id);
  if (!clients.length || !sellers.length) return;
  const clientIds = `{${clients.map((c) => c.id).join(',')}}`;
  const sellerIds = `{${sellers.join(',')}}`;
  await db.transaction(async (tx) => {
    // h(g, salt): a stable pseudo-random integer per row and purpose.
    await tx.execute(sql`
      with g as (
        select n, (546 - floor(546 * power(n / 420.0, 0.8)))::int as back,
               abs(hashtext(n || 'mode')) % 12 as m, abs(hashtext(n || 'lane')) % 4 as l, abs(hashtext(n || 'client')) as c, abs(hashtext(n || 'seller')) as sp,
               abs(hashtext(n || 'carrier')) % 3 as k, abs(hashtext(n || 'amount')) % 1000 as a, abs(hashtext(n || 'margin')) % 14 as mg, abs(hashtext(n || 'late')) % 100 as late
          from generate_series(1, 420) n
      ), s as (
        select g.*, case when m < 5 then 'sea_fcl' when m < 7 then 'sea_lcl' when m < 9 then 'air' when m < 11 then 'road_ftl' else 'road_ltl' end as mode,
               now() - make_interval(days => back, hours => (a % 9)) as created
          from g
      ), r as (
        select s.*,
          case when mode in ('sea_fcl', 'sea_lcl') then (array['CNSHA', 'CNNGB', 'CNYTN', 'HKHKG'])[l + 1] when mode = 'air' then (array['HKHKG', 'CNPVG', 'CNPVG', 'USORD'])[l + 1] else (array['DEHAM', 'NLRTM', 'NLRTM', 'BEANR'])[l + 1] end as origin,
          case when mode in ('sea_fcl', 'sea_lcl') then (array['GBFXT', 'GBSOU', 'GBFXT', 'GBLGP'])[l + 1] when mode = 'air' then (array['GBLHR', 'GBLHR', 'GBMAN', 'GBLHR'])[l + 1] else (array['GBFXT', 'GBFXT', 'GBDVR', 'GBFXT'])[l + 1] end as destination,
          case when mode in ('sea_fcl', 'sea_lcl') then (array['MSC', 'Maersk', 'CMA CGM'])[k + 1] when mode = 'air' then (array['Cathay Cargo', 'Lufthansa Cargo', 'Cathay Cargo'])[k + 1] else (array['DSV Road', 'DHL Freight', 'DSV Road'])[k + 1] end as carrier,
          case when mode in ('sea_fcl', 'sea_lcl') then 'USD' when mode = 'air' then (array['USD', 'GBP', 'GBP'])[k + 1] else 'EUR' end as currency,
          case mode when 'sea_fcl' then 180000 + a * 150 when 'sea_lcl' then 45000 + a * 40 when 'air' then 60000 + a * 90 when 'road_ftl' then 110000 + a * 60 else 30000 + a * 25 end as freight,
          case mode when 'sea_fcl' then 30 when 'sea_lcl' then 33 when 'air' then 2 else 3 end as transit
          from s
      ), x as (
        select r.*, created + interval '5 days' as etd, created + make_interval(days => 5 + transit) as eta_planned,
               case when late < 72 then make_interval(hours => (a % 20) - 6) else make_interval(hours => 30 + (a % 90)) end as delay
          from r
      )
      insert into shipments (organisation_id, id, number, house_ref, mode, status, client_type, client_id, client_name, origin, destination, carrier, currency, charges, packages,
                             etd, eta, eta_planned, ata, owner_user_id, created_by, created_at, updated_at, goods_description)
      select ${orgId}, gen_random_uuid(), 'NW-H' || lpad(n::text, 5, '0'), 'NWFH' || lpad(n::text, 6, '0'), mode,
             case when eta_planned + delay < now() then (case when back > 60 then 'closed' else 'delivered' end) when etd < now() then 'in_transit' else 'booked' end,
             'native_organisation', (${clientIds}::uuid[])[c % ${clients.length} + 1], (select o.name from native_organisations o where o.organisation_id = ${orgId} and o.id = (${clientIds}::uuid[])[c % ${clients.length} + 1]), origin, destination, carrier, currency,
             jsonb_build_array(
               jsonb_build_object('charge_code_id', null, 'description', 'Freight', 'quoted_sell_minor', freight, 'quoted_buy_minor', freight * (80 - mg) / 100,
                 'actual_sell_minor', case when back > 45 then freight end, 'actual_buy_minor', case when back > 45 then freight * (80 - mg) / 100 + (a % 7) * 100 end, 'payment', 'prepaid'),
               jsonb_build_object('charge_code_id', null, 'description', 'Destination charges', 'quoted_sell_minor', 18500 + (a % 50) * 100, 'quoted_buy_minor', 14000 + (a % 50) * 70,
                 'actual_sell_minor', case when back > 45 then 18500 + (a % 50) * 100 end, 'actual_buy_minor', case when back > 45 then 14000 + (a % 50) * 70 end, 'payment', 'collect')),
             case when mode = 'sea_fcl' then '[]'::jsonb else jsonb_build_array(jsonb_build_object('packages', 2 + a % 20, 'length_cm', '120', 'width_cm', '100', 'height_cm', (60 + a % 90)::text, 'weight_kg', (40 + a % 400)::text)) end,
             etd, case when eta_planned + delay < now() then eta_planned + delay else eta_planned end, eta_planned, case when eta_planned + delay < now() then eta_planned + delay end,
             (${sellerIds}::uuid[])[sp % ${sellers.length} + 1], (${sellerIds}::uuid[])[sp % ${sellers.length} + 1], created, created, 'Consumer goods'
        from x`);
    // FCL boxes: one to three 20′, 40′ or 45′ containers each (TEU comes from their ISO 6346 size).
    await tx.execute(sql`
      insert into shipment_containers (organisation_id, id, shipment_id, number, iso_type, created_at)
      select s.organisation_id, gen_random_uuid(), s.id, 'NWHU' || lpad((row_number() over ())::text, 7, '0'), (array['22G1', '42G1', '45G1'])[abs(hashtext(s.number || b::text)) % 3 + 1], s.created_at
        from shipments s cross join generate_series(1, 3) b
       where s.organisation_id = ${orgId} and s.number like 'NW-H%' and s.mode = 'sea_fcl' and b <= abs(hashtext(s.number)) % 3 + 1`);
    // Quotes: most decided within days, some still open in the last weeks.
    await tx.execute(sql`
      with g as (
        select n, (546 - floor(546 * power(n / 600.0, 0.8)))::int as back, abs(hashtext(n || 'qmode')) % 6 as m, abs(hashtext(n || 'qclient')) as c,
               abs(hashtext(n || 'qseller')) as sp, abs(hashtext(n || 'qamount')) % 1000 as a, abs(hashtext(n || 'qoutcome')) % 100 as o, abs(hashtext(n || 'qhours')) % 40 as h
          from generate_series(1, 600) n
      ), q as (
        select g.*, (array['sea_fcl', 'sea_fcl', 'sea_lcl', 'air', 'road_ftl', 'road_ltl'])[m + 1] as mode, now() - make_interval(days => back, hours => 10) as created,
               case when back < 14 and o < 30 then 'sent' when o < 42 then 'accepted' when o < 70 then 'declined' else 'expired' end as status
          from g
      )
      insert into quotes (organisation_id, id, number, status, client_type, client_id, client_name, mode, origin, destination, currency, quote_date, valid_until,
                          weight_kg, volume_cbm, chargeable_weight_kg, revenue_tonnes, sell_minor, buy_minor, margin_minor, margin_pct, owner_user_id, created_by,
                          sent_at, decided_at, decline_reason, created_at, updated_at)
      select ${orgId}, gen_random_uuid(), 'NW-QH' || lpad(n::text, 5, '0'), status, 'native_organisation', (${clientIds}::uuid[])[c % ${clients.length} + 1], (select o.name from native_organisations o where o.organisation_id = ${orgId} and o.id = (${clientIds}::uuid[])[c % ${clients.length} + 1]),
             mode, case when mode like 'sea%' then 'CNSHA' when mode = 'air' then 'HKHKG' else 'NLRTM' end, case when mode = 'air' then 'GBLHR' else 'GBFXT' end,
             case when mode like 'road%' then 'EUR' else 'USD' end, created::date, (created + interval '30 days')::date, '1200', '8', '1333.333', '8',
             120000 + a * 200, (120000 + a * 200) * 80 / 100, (120000 + a * 200) - (120000 + a * 200) * 80 / 100, '20.00',
             (${sellerIds}::uuid[])[sp % ${sellers.length} + 1], (${sellerIds}::uuid[])[sp % ${sellers.length} + 1],
             created + make_interval(hours => 1 + h), case when status in ('accepted', 'declined') then created + make_interval(days => 2 + a % 6) end,
             case when status = 'declined' then (array['Price too high', 'Transit time too long', 'Went with the incumbent'])[a % 3 + 1] end, created, created
        from q`);
  });
}
