CREATE TABLE "analytics_rollup" (
	"organisation_id" uuid NOT NULL,
	"basis" text NOT NULL,
	"dim" text NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"shipments" integer NOT NULL,
	"unrated" integer NOT NULL,
	"revenue_minor" bigint NOT NULL,
	"cost_minor" bigint NOT NULL,
	"quoted_revenue_minor" bigint NOT NULL,
	"teu" numeric NOT NULL,
	"chargeable_kg" numeric NOT NULL,
	"arrived" integer NOT NULL,
	"on_time" integer NOT NULL,
	"co2e_kg" numeric NOT NULL,
	"tonne_km" numeric NOT NULL,
	"co2e_shipments" integer NOT NULL,
	CONSTRAINT "analytics_rollup_pk" PRIMARY KEY("organisation_id","basis","dim","day","key"),
	CONSTRAINT "analytics_rollup_dim_check" CHECK ("analytics_rollup"."dim" in ('day', 'lane', 'client', 'salesperson', 'carrier', 'mode'))
);
--> statement-breakpoint
DROP INDEX "analytics_shipment_facts_booked_idx";--> statement-breakpoint
DROP INDEX "analytics_shipment_facts_etd_idx";--> statement-breakpoint
DROP INDEX "analytics_shipment_facts_eta_idx";--> statement-breakpoint
DROP INDEX "analytics_subscriptions_unsubscribe_key";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "analytics_shipment_facts_client_idx" ON "analytics_shipment_facts" USING btree ("organisation_id","client_key");--> statement-breakpoint
ALTER TABLE "analytics_subscriptions" DROP COLUMN "unsubscribe_hash";--> statement-breakpoint
-- A drill-down's keyset pages (day, then shipment, newest first), its sums read from the index alone (issue 23 at size).
CREATE INDEX "analytics_shipment_facts_booked_key" ON "analytics_shipment_facts" USING btree ("organisation_id","booked_on","shipment_id") INCLUDE ("revenue_minor","cost_minor","arrived","co2e_kg");--> statement-breakpoint
CREATE INDEX "analytics_shipment_facts_etd_key" ON "analytics_shipment_facts" USING btree ("organisation_id","etd_on","shipment_id") INCLUDE ("revenue_minor","cost_minor","arrived","co2e_kg");--> statement-breakpoint
CREATE INDEX "analytics_shipment_facts_eta_key" ON "analytics_shipment_facts" USING btree ("organisation_id","eta_on","shipment_id") INCLUDE ("revenue_minor","cost_minor","arrived","co2e_kg");--> statement-breakpoint
-- The roll-up of the daily pre-aggregate (schema/analytics.ts analytics_rollup): each day's totals, each month's sums per lane, client, salesperson, carrier and mode.
CREATE FUNCTION fyn_analytics_rollup_of(org uuid) RETURNS SETOF analytics_rollup LANGUAGE sql STABLE AS $$
  WITH k AS (
    SELECT d.*, x.dim, x.bucket, x.key FROM analytics_daily d CROSS JOIN LATERAL (VALUES
      ('day', d.day, ''),
      ('lane', date_trunc('month', d.day)::date, d.origin || '-' || d.destination),
      ('client', date_trunc('month', d.day)::date, d.client_key),
      ('salesperson', date_trunc('month', d.day)::date, d.salesperson_id::text),
      ('carrier', date_trunc('month', d.day)::date, d.carrier),
      ('mode', date_trunc('month', d.day)::date, d.mode)) AS x(dim, bucket, key)
    WHERE d.organisation_id = org
  )
  SELECT org, basis, dim, bucket, key, sum(shipments)::int, sum(unrated)::int, sum(revenue_minor)::bigint, sum(cost_minor)::bigint, sum(quoted_revenue_minor)::bigint,
         sum(teu), sum(chargeable_kg), sum(arrived)::int, sum(on_time)::int, sum(co2e_kg), sum(tonne_km), sum(co2e_shipments)::int
    FROM k GROUP BY basis, dim, bucket, key
$$;
--> statement-breakpoint
-- Adds (sign 1) or takes away (sign -1) one shipment's facts from the pre-aggregate and its roll-up, for each date basis it has.
CREATE OR REPLACE FUNCTION fyn_analytics_apply(f analytics_shipment_facts, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  b text;
  d date;
  i integer;
  dims text[] := ARRAY['day', 'lane', 'client', 'salesperson', 'carrier', 'mode'];
  keys text[];
  sp uuid := coalesce(f.salesperson_id, '00000000-0000-0000-0000-000000000000'::uuid);
BEGIN
  keys := ARRAY['', f.origin || '-' || f.destination, f.client_key, sp::text, f.carrier, f.mode];
  FOREACH b IN ARRAY ARRAY['booked', 'etd', 'eta'] LOOP
    d := CASE b WHEN 'booked' THEN f.booked_on WHEN 'etd' THEN f.etd_on ELSE f.eta_on END;
    CONTINUE WHEN d IS NULL;
    INSERT INTO analytics_daily AS a VALUES (f.organisation_id, b, d, f.mode, f.origin, f.destination, f.client_key, sp, f.carrier, f.base_currency,
      sign, sign * (f.revenue_minor IS NULL)::int, sign * coalesce(f.revenue_minor, 0), sign * coalesce(f.cost_minor, 0), sign * coalesce(f.quoted_revenue_minor, 0),
      sign * f.teu, sign * f.chargeable_kg, sign * f.arrived::int, sign * f.on_time::int, sign * coalesce(f.co2e_kg, 0), sign * coalesce(f.tonne_km, 0), sign * (f.co2e_kg IS NOT NULL)::int)
    ON CONFLICT ON CONSTRAINT analytics_daily_pk DO UPDATE SET
      base_currency = excluded.base_currency, shipments = a.shipments + excluded.shipments, unrated = a.unrated + excluded.unrated,
      revenue_minor = a.revenue_minor + excluded.revenue_minor, cost_minor = a.cost_minor + excluded.cost_minor,
      quoted_revenue_minor = a.quoted_revenue_minor + excluded.quoted_revenue_minor, teu = a.teu + excluded.teu, chargeable_kg = a.chargeable_kg + excluded.chargeable_kg,
      arrived = a.arrived + excluded.arrived, on_time = a.on_time + excluded.on_time, co2e_kg = a.co2e_kg + excluded.co2e_kg, tonne_km = a.tonne_km + excluded.tonne_km,
      co2e_shipments = a.co2e_shipments + excluded.co2e_shipments;
    IF sign < 0 THEN
      DELETE FROM analytics_daily WHERE organisation_id = f.organisation_id AND basis = b AND day = d AND mode = f.mode AND origin = f.origin AND destination = f.destination
        AND client_key = f.client_key AND salesperson_id = sp AND carrier = f.carrier AND shipments = 0;
    END IF;
    FOR i IN 1..6 LOOP
      INSERT INTO analytics_rollup AS a VALUES (f.organisation_id, b, dims[i], CASE WHEN i = 1 THEN d ELSE date_trunc('month', d)::date END, keys[i],
        sign, sign * (f.revenue_minor IS NULL)::int, sign * coalesce(f.revenue_minor, 0), sign * coalesce(f.cost_minor, 0), sign * coalesce(f.quoted_revenue_minor, 0),
        sign * f.teu, sign * f.chargeable_kg, sign * f.arrived::int, sign * f.on_time::int, sign * coalesce(f.co2e_kg, 0), sign * coalesce(f.tonne_km, 0), sign * (f.co2e_kg IS NOT NULL)::int)
      ON CONFLICT ON CONSTRAINT analytics_rollup_pk DO UPDATE SET
        shipments = a.shipments + excluded.shipments, unrated = a.unrated + excluded.unrated,
        revenue_minor = a.revenue_minor + excluded.revenue_minor, cost_minor = a.cost_minor + excluded.cost_minor,
        quoted_revenue_minor = a.quoted_revenue_minor + excluded.quoted_revenue_minor, teu = a.teu + excluded.teu, chargeable_kg = a.chargeable_kg + excluded.chargeable_kg,
        arrived = a.arrived + excluded.arrived, on_time = a.on_time + excluded.on_time, co2e_kg = a.co2e_kg + excluded.co2e_kg, tonne_km = a.tonne_km + excluded.tonne_km,
        co2e_shipments = a.co2e_shipments + excluded.co2e_shipments;
      IF sign < 0 THEN
        DELETE FROM analytics_rollup WHERE organisation_id = f.organisation_id AND basis = b AND dim = dims[i]
          AND day = CASE WHEN i = 1 THEN d ELSE date_trunc('month', d)::date END AND key = keys[i] AND shipments = 0;
      END IF;
    END LOOP;
  END LOOP;
END
$$;
--> statement-breakpoint
-- Every shipment of an organisation again (its base currency or delay margin changed).
CREATE OR REPLACE FUNCTION fyn_analytics_rebuild(org uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_rollup WHERE organisation_id = org;
  DELETE FROM analytics_daily WHERE organisation_id = org;
  DELETE FROM analytics_shipment_facts WHERE organisation_id = org;
  INSERT INTO analytics_shipment_facts SELECT c.* FROM shipments s CROSS JOIN LATERAL fyn_analytics_compute(org, s.id) c WHERE s.organisation_id = org;
  INSERT INTO analytics_daily SELECT * FROM fyn_analytics_daily_of(org);
  INSERT INTO analytics_rollup SELECT * FROM fyn_analytics_rollup_of(org);
END
$$;
--> statement-breakpoint
INSERT INTO analytics_rollup SELECT r.* FROM organisations o CROSS JOIN LATERAL fyn_analytics_rollup_of(o.id) r;
