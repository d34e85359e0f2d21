-- One lower-cased search text per record (its searchable fields, one per line, kept by PostgreSQL as a
-- generated column) with one trigram index, instead of a trigram index and an ILIKE per field: a search
-- tests one string per row, and rare terms find their rows through the index (docs/architecture.md#lists).
DROP INDEX "addresses_label_trgm_idx";--> statement-breakpoint
DROP INDEX "addresses_line1_trgm_idx";--> statement-breakpoint
DROP INDEX "addresses_town_trgm_idx";--> statement-breakpoint
DROP INDEX "addresses_postcode_trgm_idx";--> statement-breakpoint
DROP INDEX "addresses_location_code_trgm_idx";--> statement-breakpoint
DROP INDEX "charge_codes_code_trgm_idx";--> statement-breakpoint
DROP INDEX "charge_codes_name_trgm_idx";--> statement-breakpoint
DROP INDEX "charge_codes_description_trgm_idx";--> statement-breakpoint
DROP INDEX "partners_name_trgm_idx";--> statement-breakpoint
DROP INDEX "partners_city_trgm_idx";--> statement-breakpoint
DROP INDEX "partners_contact_name_trgm_idx";--> statement-breakpoint
DROP INDEX "partners_contact_email_trgm_idx";--> statement-breakpoint
DROP INDEX "tasks_title_trgm_idx";--> statement-breakpoint
DROP INDEX "tasks_description_trgm_idx";--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("label"::text, '') || E'\n' || coalesce("line1"::text, '') || E'\n' || coalesce("town"::text, '') || E'\n' || coalesce("postcode"::text, '') || E'\n' || coalesce("location_code"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "bank_details" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("account_name"::text, '') || E'\n' || coalesce("bank_name"::text, '') || E'\n' || coalesce("iban"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "charge_codes" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("code"::text, '') || E'\n' || coalesce("name"::text, '') || E'\n' || coalesce("description"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "client_assignments" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("notes"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "client_tiers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || E'\n' || coalesce("description"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || E'\n' || coalesce("description"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("base"::text, '') || E'\n' || coalesce("quote"::text, '') || E'\n' || coalesce("notes"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "organisation_currencies" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("currency"::text, '') || E'\n' || coalesce("notes"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || E'\n' || coalesce("city"::text, '') || E'\n' || coalesce("contact_name"::text, '') || E'\n' || coalesce("contact_email"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || E'\n' || coalesce("description"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "standards_certifications" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || E'\n' || coalesce("issuer"::text, '') || E'\n' || coalesce("certificate_number"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "supply_chain_networks" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || E'\n' || coalesce("membership_number"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("title"::text, '') || E'\n' || coalesce("description"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "work_allocations" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("notes"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "work_classifications" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("code"::text, '') || E'\n' || coalesce("name"::text, ''))) STORED;--> statement-breakpoint
CREATE INDEX "addresses_search_trgm_idx" ON "addresses" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bank_details_search_trgm_idx" ON "bank_details" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "charge_codes_search_trgm_idx" ON "charge_codes" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "client_assignments_search_trgm_idx" ON "client_assignments" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "client_tiers_search_trgm_idx" ON "client_tiers" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "commissions_search_trgm_idx" ON "commissions" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "departments_search_trgm_idx" ON "departments" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "exchange_rates_search_trgm_idx" ON "exchange_rates" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organisation_currencies_search_trgm_idx" ON "organisation_currencies" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "partners_search_trgm_idx" ON "partners" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "roles_search_trgm_idx" ON "roles" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "standards_certifications_search_trgm_idx" ON "standards_certifications" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "supply_chain_networks_search_trgm_idx" ON "supply_chain_networks" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_search_trgm_idx" ON "tasks" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "work_allocations_search_trgm_idx" ON "work_allocations" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "work_classifications_search_trgm_idx" ON "work_classifications" USING gin ("organisation_id","search_text" gin_trgm_ops);