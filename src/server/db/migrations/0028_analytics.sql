CREATE TABLE "analytics_daily" (
	"organisation_id" uuid NOT NULL,
	"basis" text NOT NULL,
	"day" date NOT NULL,
	"mode" text NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"client_key" text NOT NULL,
	"salesperson_id" uuid NOT NULL,
	"carrier" text NOT NULL,
	"base_currency" text NOT NULL,
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
	CONSTRAINT "analytics_daily_pk" PRIMARY KEY("organisation_id","basis","day","mode","origin","destination","client_key","salesperson_id","carrier"),
	CONSTRAINT "analytics_daily_basis_check" CHECK ("analytics_daily"."basis" in ('booked', 'etd', 'eta'))
);
--> statement-breakpoint
CREATE TABLE "analytics_shipment_facts" (
	"organisation_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"base_currency" text NOT NULL,
	"booked_on" date NOT NULL,
	"etd_on" date,
	"eta_on" date,
	"mode" text NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"client_key" text NOT NULL,
	"client_name" text NOT NULL,
	"salesperson_id" uuid,
	"carrier" text NOT NULL,
	"currency" text NOT NULL,
	"sell_minor" bigint NOT NULL,
	"buy_minor" bigint NOT NULL,
	"quoted_sell_minor" bigint NOT NULL,
	"rate_times" numeric,
	"rate_per" numeric,
	"rate" text,
	"rate_date" date,
	"rate_source" text,
	"revenue_minor" bigint,
	"cost_minor" bigint,
	"quoted_revenue_minor" bigint,
	"teu" numeric NOT NULL,
	"chargeable_kg" numeric NOT NULL,
	"arrived" boolean NOT NULL,
	"on_time" boolean NOT NULL,
	"co2e_kg" numeric,
	"tonne_km" numeric,
	CONSTRAINT "analytics_shipment_facts_organisation_id_shipment_id_pk" PRIMARY KEY("organisation_id","shipment_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_subscriptions" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"view_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"frequency" text NOT NULL,
	"unsubscribe_hash" text NOT NULL,
	"last_period" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_subscriptions_organisation_id_id_pk" PRIMARY KEY("organisation_id","id"),
	CONSTRAINT "analytics_subscriptions_frequency_check" CHECK ("analytics_subscriptions"."frequency" in ('weekly', 'monthly'))
);
--> statement-breakpoint
CREATE TABLE "analytics_views" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_views_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "fx_base" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "fx_times" numeric;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "fx_per" numeric;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "fx_rate" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "fx_rate_date" date;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "fx_source" text;--> statement-breakpoint
ALTER TABLE "analytics_subscriptions" ADD CONSTRAINT "analytics_subscriptions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_subscriptions" ADD CONSTRAINT "analytics_subscriptions_view_fk" FOREIGN KEY ("organisation_id","view_id") REFERENCES "public"."analytics_views"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_subscriptions" ADD CONSTRAINT "analytics_subscriptions_member_fk" FOREIGN KEY ("organisation_id","user_id") REFERENCES "public"."organisation_members"("organisation_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_views" ADD CONSTRAINT "analytics_views_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_views" ADD CONSTRAINT "analytics_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_shipment_facts_booked_idx" ON "analytics_shipment_facts" USING btree ("organisation_id","booked_on");--> statement-breakpoint
CREATE INDEX "analytics_shipment_facts_etd_idx" ON "analytics_shipment_facts" USING btree ("organisation_id","etd_on");--> statement-breakpoint
CREATE INDEX "analytics_shipment_facts_eta_idx" ON "analytics_shipment_facts" USING btree ("organisation_id","eta_on");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_subscriptions_member_key" ON "analytics_subscriptions" USING btree ("organisation_id","view_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_subscriptions_unsubscribe_key" ON "analytics_subscriptions" USING btree ("unsubscribe_hash");--> statement-breakpoint
CREATE INDEX "analytics_subscriptions_frequency_idx" ON "analytics_subscriptions" USING btree ("frequency");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_views_name_key" ON "analytics_views" USING btree ("organisation_id","user_id","name");--> statement-breakpoint
-- Analytics (docs/architecture.md#analytics). Digits of a currency's minor unit (ISO 4217, as src/shared/money/iso-4217.ts).
CREATE FUNCTION fyn_minor_digits(c text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN c IN ('BIF','CLP','DJF','GNF','ISK','JPY','KMF','KRW','PYG','RWF','UGX','UYI','VND','VUV','XAF','XAG','XAU','XBA','XBB','XBC','XBD','XDR','XOF','XPD','XPF','XPT','XSU','XTS','XUA','XXX') THEN 0
    WHEN c IN ('BHD','IQD','JOD','KWD','LYD','OMR','TND') THEN 3
    WHEN c IN ('CLF','UYW') THEN 4
    ELSE 2 END
$$;
--> statement-breakpoint
-- ECB's rate from one currency to another on a day, crossed through the euro (as exchange/service.ts rateOn):
-- 1 unit of cur = times ÷ per units of base, dated the older of the two publications used.
CREATE FUNCTION fyn_ecb_rate(cur text, base text, day date) RETURNS TABLE (times numeric, per numeric, rate_date date) LANGUAGE sql STABLE AS $$
  SELECT t.rate, f.rate, coalesce(least(f.date, t.date), day)
    FROM (SELECT CASE WHEN cur = 'EUR' OR cur = base THEN 1::numeric ELSE (SELECT e.rate FROM ecb_rates e WHERE e.currency = cur AND e.date <= day ORDER BY e.date DESC LIMIT 1) END AS rate,
                 CASE WHEN cur = 'EUR' OR cur = base THEN NULL ELSE (SELECT e.date FROM ecb_rates e WHERE e.currency = cur AND e.date <= day ORDER BY e.date DESC LIMIT 1) END AS date) f,
         (SELECT CASE WHEN base = 'EUR' OR cur = base THEN 1::numeric ELSE (SELECT e.rate FROM ecb_rates e WHERE e.currency = base AND e.date <= day ORDER BY e.date DESC LIMIT 1) END AS rate,
                 CASE WHEN base = 'EUR' OR cur = base THEN NULL ELSE (SELECT e.date FROM ecb_rates e WHERE e.currency = base AND e.date <= day ORDER BY e.date DESC LIMIT 1) END AS date) t
   WHERE f.rate IS NOT NULL AND t.rate IS NOT NULL
$$;
--> statement-breakpoint
-- Minor units of one currency in another at times ÷ per, rounded half away from zero once (as convertMinor).
CREATE FUNCTION fyn_convert_minor(amount numeric, cur text, base text, times numeric, per numeric) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT round((amount * times * power(10::numeric, greatest(fyn_minor_digits(base) - fyn_minor_digits(cur), 0)))
               / (per * power(10::numeric, greatest(fyn_minor_digits(cur) - fyn_minor_digits(base), 0))))::bigint
$$;
--> statement-breakpoint
-- What one shipment adds to the analytics, from its row (none when cancelled or absent): sell and buy are the
-- actual figures where entered, else the quoted ones; the rate is the one frozen on it when it converts into
-- today's base currency, else ECB's of its booking day; TEU from the ISO 6346 size of its containers (or of
-- its booking's confirmed equipment); chargeable kg as src/shared/quotes/calc.ts measures them; on time when
-- it arrived no later than its first planned ETA plus the organisation's delay margin; CO2e from its quote.
CREATE FUNCTION fyn_analytics_compute(org uuid, sid uuid) RETURNS SETOF analytics_shipment_facts LANGUAGE sql STABLE AS $$
  WITH s AS (
    SELECT s.*, coalesce((SELECT oc.currency FROM organisation_currencies oc WHERE oc.organisation_id = s.organisation_id AND oc.is_base LIMIT 1), 'GBP') AS base,
           (s.created_at AT TIME ZONE 'UTC')::date AS booked_day
      FROM shipments s WHERE s.organisation_id = org AND s.id = sid AND s.status <> 'cancelled'
  ), m AS (
    SELECT s.*,
      coalesce((SELECT sum(coalesce((c->>'actual_sell_minor')::bigint, (c->>'quoted_sell_minor')::bigint)) FROM jsonb_array_elements(s.charges) c), 0) AS sell,
      coalesce((SELECT sum(coalesce((c->>'actual_buy_minor')::bigint, (c->>'quoted_buy_minor')::bigint)) FROM jsonb_array_elements(s.charges) c), 0) AS buy,
      coalesce((SELECT sum((c->>'quoted_sell_minor')::bigint) FROM jsonb_array_elements(s.charges) c WHERE c->>'actual_sell_minor' IS NULL), 0) AS quoted_sell,
      coalesce(s.fx_base = s.base AND s.fx_times IS NOT NULL AND s.fx_per IS NOT NULL, false) AS frozen,
      (SELECT coalesce(sum((p->>'packages')::numeric * (p->>'weight_kg')::numeric), 0) FROM jsonb_array_elements(s.packages) p) AS kg,
      (SELECT coalesce(sum((p->>'packages')::numeric * (p->>'length_cm')::numeric * (p->>'width_cm')::numeric * (p->>'height_cm')::numeric), 0) / 1000000 FROM jsonb_array_elements(s.packages) p) AS cbm,
      coalesce(
        (SELECT sum(CASE left(c.iso_type, 1) WHEN '1' THEN 0.5 WHEN '2' THEN 1 WHEN '3' THEN 1.5 ELSE 2 END) FROM shipment_containers c WHERE c.organisation_id = s.organisation_id AND c.shipment_id = s.id),
        (SELECT sum(CASE left(e->>'iso_type', 1) WHEN '1' THEN 0.5 WHEN '2' THEN 1 WHEN '3' THEN 1.5 ELSE 2 END * (e->>'count')::numeric)
           FROM bookings b, jsonb_array_elements(b.confirmed_equipment) e WHERE b.organisation_id = s.organisation_id AND b.id = s.booking_id),
        0) AS teu,
      coalesce((SELECT os.eta_margin_hours FROM operation_settings os WHERE os.organisation_id = s.organisation_id), 24) AS margin_hours,
      (SELECT q.emissions FROM bookings b JOIN quotes q ON q.organisation_id = b.organisation_id AND q.id = b.quote_id WHERE b.organisation_id = s.organisation_id AND b.id = s.booking_id) AS emissions
    FROM s
  ), r AS (
    SELECT m.*, e.times AS e_times, e.per AS e_per, e.rate_date AS e_date FROM m LEFT JOIN LATERAL fyn_ecb_rate(m.currency, m.base, m.booked_day) e ON NOT m.frozen
  ), x AS (
    SELECT r.*,
      CASE WHEN frozen THEN fx_times ELSE e_times END AS times,
      CASE WHEN frozen THEN fx_per ELSE e_per END AS per,
      CASE WHEN frozen THEN fx_rate_date ELSE e_date END AS r_date,
      CASE WHEN frozen THEN 'frozen_' || fx_source WHEN e_times IS NOT NULL THEN 'ecb_booking_day' END AS r_source
    FROM r
  )
  SELECT organisation_id, id, base, booked_day, (etd AT TIME ZONE 'UTC')::date, (eta AT TIME ZONE 'UTC')::date,
         mode, origin, destination,
         CASE WHEN client_id IS NOT NULL THEN client_type || ':' || client_id ELSE 'name:' || lower(client_name) END,
         client_name, owner_user_id, coalesce(carrier, ''), currency, sell::bigint, buy::bigint, quoted_sell::bigint,
         times, per,
         CASE WHEN frozen THEN fx_rate WHEN times IS NOT NULL THEN trim(trailing '.' FROM trim(trailing '0' FROM round(times / per, 12)::text)) END,
         r_date, r_source,
         CASE WHEN times IS NOT NULL THEN fyn_convert_minor(sell, currency, base, times, per) END,
         CASE WHEN times IS NOT NULL THEN fyn_convert_minor(buy, currency, base, times, per) END,
         CASE WHEN times IS NOT NULL THEN fyn_convert_minor(quoted_sell, currency, base, times, per) END,
         teu,
         round(CASE WHEN mode = 'air' THEN greatest(kg, cbm * 1000000 / 6000)
                    WHEN mode IN ('road_ftl', 'road_ltl') THEN greatest(kg, cbm * 333)
                    WHEN mode = 'sea_lcl' THEN greatest(kg, cbm * 1000)
                    ELSE kg END, 3),
         ata IS NOT NULL AND eta_planned IS NOT NULL,
         ata IS NOT NULL AND eta_planned IS NOT NULL AND ata <= eta_planned + make_interval(hours => margin_hours),
         (emissions->>'kg_co2e')::numeric,
         (SELECT sum((l->>'tonne_km')::numeric) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(emissions->'legs') = 'array' THEN emissions->'legs' ELSE '[]'::jsonb END) l)
    FROM x
$$;
--> statement-breakpoint
-- The pre-aggregate recomputed from the shipments' rows (the rebuild, and the test that the maintained one equals it).
CREATE FUNCTION fyn_analytics_daily_of(org uuid) RETURNS SETOF analytics_daily LANGUAGE sql STABLE AS $$
  WITH f AS (SELECT c.* FROM shipments s CROSS JOIN LATERAL fyn_analytics_compute(org, s.id) c WHERE s.organisation_id = org),
  b AS (
    SELECT 'booked' AS basis, booked_on AS day, f.* FROM f
    UNION ALL SELECT 'etd', etd_on, f.* FROM f WHERE etd_on IS NOT NULL
    UNION ALL SELECT 'eta', eta_on, f.* FROM f WHERE eta_on IS NOT NULL
  )
  SELECT org, basis, day, mode, origin, destination, client_key, coalesce(salesperson_id, '00000000-0000-0000-0000-000000000000'::uuid), carrier, min(base_currency),
         count(*)::int, count(*) FILTER (WHERE revenue_minor IS NULL)::int, coalesce(sum(revenue_minor), 0)::bigint, coalesce(sum(cost_minor), 0)::bigint,
         coalesce(sum(quoted_revenue_minor), 0)::bigint, sum(teu), sum(chargeable_kg), count(*) FILTER (WHERE arrived)::int, count(*) FILTER (WHERE on_time)::int,
         coalesce(sum(co2e_kg), 0), coalesce(sum(tonne_km), 0), count(co2e_kg)::int
    FROM b GROUP BY basis, day, mode, origin, destination, client_key, coalesce(salesperson_id, '00000000-0000-0000-0000-000000000000'::uuid), carrier
$$;
--> statement-breakpoint
-- Adds (sign 1) or takes away (sign -1) one shipment's facts from the pre-aggregate, for each date basis it has.
CREATE FUNCTION fyn_analytics_apply(f analytics_shipment_facts, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  b text;
  d date;
  sp uuid := coalesce(f.salesperson_id, '00000000-0000-0000-0000-000000000000'::uuid);
BEGIN
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
  END LOOP;
END
$$;
--> statement-breakpoint
-- One shipment's facts again: the old ones out of the pre-aggregate, the new ones in.
CREATE FUNCTION fyn_analytics_refresh(org uuid, sid uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  o analytics_shipment_facts;
  n analytics_shipment_facts;
BEGIN
  DELETE FROM analytics_shipment_facts WHERE organisation_id = org AND shipment_id = sid RETURNING * INTO o;
  IF FOUND THEN PERFORM fyn_analytics_apply(o, -1); END IF;
  INSERT INTO analytics_shipment_facts SELECT * FROM fyn_analytics_compute(org, sid) RETURNING * INTO n;
  IF FOUND THEN PERFORM fyn_analytics_apply(n, 1); END IF;
END
$$;
--> statement-breakpoint
-- Every shipment of an organisation again (its base currency or delay margin changed).
CREATE FUNCTION fyn_analytics_rebuild(org uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_daily WHERE organisation_id = org;
  DELETE FROM analytics_shipment_facts WHERE organisation_id = org;
  INSERT INTO analytics_shipment_facts SELECT c.* FROM shipments s CROSS JOIN LATERAL fyn_analytics_compute(org, s.id) c WHERE s.organisation_id = org;
  INSERT INTO analytics_daily SELECT * FROM fyn_analytics_daily_of(org);
END
$$;
--> statement-breakpoint
CREATE FUNCTION fyn_analytics_shipment_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each statement is planned only when it runs: a record's fields are named only for its own table.
  IF TG_TABLE_NAME = 'shipments' AND TG_OP = 'DELETE' THEN
    PERFORM fyn_analytics_refresh(OLD.organisation_id, OLD.id);
  ELSIF TG_TABLE_NAME = 'shipments' THEN
    PERFORM fyn_analytics_refresh(NEW.organisation_id, NEW.id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM fyn_analytics_refresh(OLD.organisation_id, OLD.shipment_id);
  ELSE
    PERFORM fyn_analytics_refresh(NEW.organisation_id, NEW.shipment_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER shipments_analytics AFTER INSERT OR DELETE OR UPDATE OF status, mode, origin, destination, client_type, client_id, client_name, carrier, etd, eta, eta_planned, ata,
  packages, currency, charges, fx_base, fx_times, fx_per, fx_rate, fx_rate_date, fx_source, owner_user_id, created_at, booking_id
  ON shipments FOR EACH ROW EXECUTE FUNCTION fyn_analytics_shipment_changed();
--> statement-breakpoint
CREATE TRIGGER shipment_containers_analytics AFTER INSERT OR DELETE OR UPDATE OF iso_type ON shipment_containers FOR EACH ROW EXECUTE FUNCTION fyn_analytics_shipment_changed();
--> statement-breakpoint
CREATE FUNCTION fyn_analytics_organisation_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each condition is planned only when it runs: is_base is named only for organisation_currencies.
  IF TG_TABLE_NAME <> 'organisation_currencies' THEN
    PERFORM fyn_analytics_rebuild(NEW.organisation_id);
  ELSIF TG_OP = 'DELETE' THEN
    IF OLD.is_base THEN PERFORM fyn_analytics_rebuild(OLD.organisation_id); END IF;
  ELSIF TG_OP = 'INSERT' THEN
    IF NEW.is_base THEN PERFORM fyn_analytics_rebuild(NEW.organisation_id); END IF;
  ELSIF NEW.is_base OR OLD.is_base THEN
    PERFORM fyn_analytics_rebuild(NEW.organisation_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER organisation_currencies_analytics AFTER INSERT OR DELETE OR UPDATE OF is_base, currency ON organisation_currencies FOR EACH ROW EXECUTE FUNCTION fyn_analytics_organisation_changed();
--> statement-breakpoint
CREATE TRIGGER operation_settings_analytics AFTER INSERT OR UPDATE OF eta_margin_hours ON operation_settings FOR EACH ROW EXECUTE FUNCTION fyn_analytics_organisation_changed();
--> statement-breakpoint
-- Margins are sensitive: the built-in Staff role no longer reads the organisation's analytics (issue 23).
UPDATE "roles" SET "permissions" = array_remove("permissions", 'analytics.view') WHERE "builtin" = 'staff';
--> statement-breakpoint
SELECT fyn_analytics_rebuild(id) FROM organisations;
