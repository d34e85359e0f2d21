CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE INDEX "addresses_label_trgm_idx" ON "addresses" USING gin ("organisation_id","label" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "addresses_line1_trgm_idx" ON "addresses" USING gin ("organisation_id","line1" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "addresses_town_trgm_idx" ON "addresses" USING gin ("organisation_id","town" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "addresses_postcode_trgm_idx" ON "addresses" USING gin ("organisation_id","postcode" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "addresses_location_code_trgm_idx" ON "addresses" USING gin ("organisation_id","location_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "charge_codes_code_trgm_idx" ON "charge_codes" USING gin ("organisation_id","code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "charge_codes_name_trgm_idx" ON "charge_codes" USING gin ("organisation_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "charge_codes_description_trgm_idx" ON "charge_codes" USING gin ("organisation_id","description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "partners_name_trgm_idx" ON "partners" USING gin ("organisation_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "partners_city_trgm_idx" ON "partners" USING gin ("organisation_id","city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "partners_contact_name_trgm_idx" ON "partners" USING gin ("organisation_id","contact_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "partners_contact_email_trgm_idx" ON "partners" USING gin ("organisation_id","contact_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_title_trgm_idx" ON "tasks" USING gin ("organisation_id","title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_description_trgm_idx" ON "tasks" USING gin ("organisation_id","description" gin_trgm_ops);