CREATE INDEX "analytics_daily_client_idx" ON "analytics_daily" USING btree ("organisation_id","basis","client_key","day");--> statement-breakpoint
CREATE INDEX "analytics_daily_salesperson_idx" ON "analytics_daily" USING btree ("organisation_id","basis","salesperson_id","day");--> statement-breakpoint
CREATE INDEX "analytics_daily_lane_idx" ON "analytics_daily" USING btree ("organisation_id","basis","origin","destination","day");--> statement-breakpoint
CREATE INDEX "analytics_daily_carrier_idx" ON "analytics_daily" USING btree ("organisation_id","basis","carrier","day");--> statement-breakpoint
CREATE INDEX "analytics_daily_mode_idx" ON "analytics_daily" USING btree ("organisation_id","basis","mode","day");--> statement-breakpoint
-- A change that leaves a shipment's facts as they were (its status, an event, a document: most changes) no longer
-- takes them out of the pre-aggregate and puts them back: that wrote up to 2 × 18 rows, among them the organisation's
-- day-totals row and the month rows per mode and carrier, which every other change of the same day or month waits for
-- until commit (issue 23: contention of the roll-up). Facts that did change still move as before, in the same transaction.
CREATE OR REPLACE FUNCTION fyn_analytics_refresh(org uuid, sid uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  o analytics_shipment_facts;
  n analytics_shipment_facts;
  had boolean;
  has boolean;
BEGIN
  SELECT * INTO o FROM analytics_shipment_facts WHERE organisation_id = org AND shipment_id = sid FOR UPDATE;
  had := FOUND;
  SELECT * INTO n FROM fyn_analytics_compute(org, sid);
  has := FOUND;
  IF had AND has AND o IS NOT DISTINCT FROM n THEN RETURN; END IF;
  IF had THEN
    DELETE FROM analytics_shipment_facts WHERE organisation_id = org AND shipment_id = sid;
    PERFORM fyn_analytics_apply(o, -1);
  END IF;
  IF has THEN
    INSERT INTO analytics_shipment_facts SELECT (n).*;
    PERFORM fyn_analytics_apply(n, 1);
  END IF;
END
$$;
