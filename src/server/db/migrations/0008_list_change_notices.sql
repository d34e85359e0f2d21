-- Change notices for the embedded database's list cache (src/server/modules/resources/list-cache.ts):
-- after any statement that writes a record table, its name goes out on the channel fyn_table_changed.
-- Only a session that asks for them (SET fyn.change_notices = 'on', which the app does on PGlite)
-- sends them: on PostgreSQL nothing listens, and NOTIFY would serialise commits for nothing.
CREATE FUNCTION fyn_table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('fyn.change_notices', true) = 'on' THEN
    PERFORM pg_notify('fyn_table_changed', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER addresses_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON addresses FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER bank_details_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bank_details FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER charge_codes_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON charge_codes FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER organisation_currencies_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON organisation_currencies FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER exchange_rates_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON exchange_rates FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER standards_certifications_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON standards_certifications FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER supply_chain_networks_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON supply_chain_networks FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER client_tiers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON client_tiers FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER work_classifications_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON work_classifications FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER work_allocations_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON work_allocations FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER commissions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON commissions FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER client_assignments_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON client_assignments FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER partners_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON partners FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER tasks_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tasks FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER departments_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON departments FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER roles_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
