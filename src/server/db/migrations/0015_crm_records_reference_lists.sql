CREATE TABLE "carbon_offsets" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"provider" text NOT NULL,
	"certificate" text,
	"standard" text,
	"tonnes_co2e" numeric NOT NULL,
	"cost_minor" bigint,
	"currency" text,
	"retired_on" date NOT NULL,
	"notes" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("provider"::text, '') || E'\n' || coalesce("certificate"::text, '') || E'\n' || coalesce("standard"::text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carbon_offsets_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "clocks" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"time_zone" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || E'\n' || coalesce("time_zone"::text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clocks_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "crm_activities" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"native_organisation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"body" text,
	"occurred_on" date NOT NULL,
	"native_contact_id" uuid,
	"user_id" uuid,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("subject"::text, '') || E'\n' || coalesce("body"::text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_activities_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "directions" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("code"::text, '') || E'\n' || coalesce("name"::text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "directions_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "equipment_types" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"teu" numeric DEFAULT '1' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("code"::text, '') || E'\n' || coalesce("name"::text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "equipment_types_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "incoterms" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"sea_only" boolean DEFAULT false NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("code"::text, '') || E'\n' || coalesce("name"::text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incoterms_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "load_types" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("code"::text, '') || E'\n' || coalesce("name"::text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "load_types_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "native_addresses" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"native_organisation_id" uuid NOT NULL,
	"label" text NOT NULL,
	"location_type" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"town" text NOT NULL,
	"county" text,
	"subdivision" text,
	"postcode" text,
	"country" text NOT NULL,
	"location_code" text,
	"is_primary" boolean DEFAULT false NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("label"::text, '') || E'\n' || coalesce("line1"::text, '') || E'\n' || coalesce("town"::text, '') || E'\n' || coalesce("postcode"::text, '') || E'\n' || coalesce("location_code"::text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "native_addresses_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "native_bank_details" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"native_organisation_id" uuid NOT NULL,
	"account_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"iban" text NOT NULL,
	"swift_bic" text,
	"sort_code" text,
	"account_number" text,
	"currency" text NOT NULL,
	"notes" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("account_name"::text, '') || E'\n' || coalesce("bank_name"::text, '') || E'\n' || coalesce("iban"::text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "native_bank_details_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "native_standards_certifications" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"native_organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"issuer" text NOT NULL,
	"certificate_number" text,
	"valid_from" date,
	"valid_until" date,
	"notes" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || E'\n' || coalesce("issuer"::text, '') || E'\n' || coalesce("certificate_number"::text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "native_standards_certifications_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "native_supply_chain_networks" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"native_organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"membership_number" text,
	"member_since" date,
	"renewal_due" date,
	"website" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || E'\n' || coalesce("membership_number"::text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "native_supply_chain_networks_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "transport_modes" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"mode" text NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("code"::text, '') || E'\n' || coalesce("name"::text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transport_modes_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
ALTER TABLE "carbon_offsets" ADD CONSTRAINT "carbon_offsets_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clocks" ADD CONSTRAINT "clocks_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_activities" ADD CONSTRAINT "crm_activities_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_activities" ADD CONSTRAINT "crm_activities_native_organisation_id_fk" FOREIGN KEY ("organisation_id","native_organisation_id") REFERENCES "public"."native_organisations"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_activities" ADD CONSTRAINT "crm_activities_native_contact_id_fk" FOREIGN KEY ("organisation_id","native_contact_id") REFERENCES "public"."native_contacts"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_activities" ADD CONSTRAINT "crm_activities_user_id_fk" FOREIGN KEY ("organisation_id","user_id") REFERENCES "public"."organisation_members"("organisation_id","user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directions" ADD CONSTRAINT "directions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_types" ADD CONSTRAINT "equipment_types_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoterms" ADD CONSTRAINT "incoterms_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_types" ADD CONSTRAINT "load_types_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "native_addresses" ADD CONSTRAINT "native_addresses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "native_addresses" ADD CONSTRAINT "native_addresses_location_code_locations_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "native_addresses" ADD CONSTRAINT "native_addresses_native_organisation_id_fk" FOREIGN KEY ("organisation_id","native_organisation_id") REFERENCES "public"."native_organisations"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "native_bank_details" ADD CONSTRAINT "native_bank_details_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "native_bank_details" ADD CONSTRAINT "native_bank_details_native_organisation_id_fk" FOREIGN KEY ("organisation_id","native_organisation_id") REFERENCES "public"."native_organisations"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "native_standards_certifications" ADD CONSTRAINT "native_standards_certifications_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "native_standards_certifications" ADD CONSTRAINT "native_standards_certifications_native_organisation_id_fk" FOREIGN KEY ("organisation_id","native_organisation_id") REFERENCES "public"."native_organisations"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "native_supply_chain_networks" ADD CONSTRAINT "native_supply_chain_networks_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "native_supply_chain_networks" ADD CONSTRAINT "native_supply_chain_networks_native_organisation_id_fk" FOREIGN KEY ("organisation_id","native_organisation_id") REFERENCES "public"."native_organisations"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_modes" ADD CONSTRAINT "transport_modes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carbon_offsets_created_idx" ON "carbon_offsets" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "carbon_offsets_search_trgm_idx" ON "carbon_offsets" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "carbon_offsets_retired_on_idx" ON "carbon_offsets" USING btree ("organisation_id","retired_on","id");--> statement-breakpoint
CREATE INDEX "carbon_offsets_provider_idx" ON "carbon_offsets" USING btree ("organisation_id","provider","id");--> statement-breakpoint
CREATE INDEX "clocks_created_idx" ON "clocks" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "clocks_name_key" ON "clocks" USING btree ("organisation_id","name");--> statement-breakpoint
CREATE INDEX "clocks_search_trgm_idx" ON "clocks" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clocks_position_idx" ON "clocks" USING btree ("organisation_id","position","id");--> statement-breakpoint
CREATE INDEX "crm_activities_created_idx" ON "crm_activities" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "crm_activities_search_trgm_idx" ON "crm_activities" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "crm_activities_native_organisation_id_occurred_on_idx" ON "crm_activities" USING btree ("organisation_id","native_organisation_id","occurred_on","id");--> statement-breakpoint
CREATE INDEX "crm_activities_occurred_on_idx" ON "crm_activities" USING btree ("organisation_id","occurred_on","id");--> statement-breakpoint
CREATE INDEX "crm_activities_kind_idx" ON "crm_activities" USING btree ("organisation_id","kind","id");--> statement-breakpoint
CREATE INDEX "crm_activities_user_id_idx" ON "crm_activities" USING btree ("organisation_id","user_id","id");--> statement-breakpoint
CREATE INDEX "directions_created_idx" ON "directions" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "directions_code_key" ON "directions" USING btree ("organisation_id","code");--> statement-breakpoint
CREATE INDEX "directions_search_trgm_idx" ON "directions" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "directions_name_idx" ON "directions" USING btree ("organisation_id","name","id");--> statement-breakpoint
CREATE INDEX "directions_active_idx" ON "directions" USING btree ("organisation_id","active","id");--> statement-breakpoint
CREATE INDEX "equipment_types_created_idx" ON "equipment_types" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_types_code_key" ON "equipment_types" USING btree ("organisation_id","code");--> statement-breakpoint
CREATE INDEX "equipment_types_search_trgm_idx" ON "equipment_types" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "equipment_types_name_idx" ON "equipment_types" USING btree ("organisation_id","name","id");--> statement-breakpoint
CREATE INDEX "equipment_types_active_idx" ON "equipment_types" USING btree ("organisation_id","active","id");--> statement-breakpoint
CREATE INDEX "incoterms_created_idx" ON "incoterms" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "incoterms_code_key" ON "incoterms" USING btree ("organisation_id","code");--> statement-breakpoint
CREATE INDEX "incoterms_search_trgm_idx" ON "incoterms" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "incoterms_name_idx" ON "incoterms" USING btree ("organisation_id","name","id");--> statement-breakpoint
CREATE INDEX "incoterms_active_idx" ON "incoterms" USING btree ("organisation_id","active","id");--> statement-breakpoint
CREATE INDEX "load_types_created_idx" ON "load_types" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "load_types_code_key" ON "load_types" USING btree ("organisation_id","code");--> statement-breakpoint
CREATE INDEX "load_types_search_trgm_idx" ON "load_types" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "load_types_name_idx" ON "load_types" USING btree ("organisation_id","name","id");--> statement-breakpoint
CREATE INDEX "load_types_active_idx" ON "load_types" USING btree ("organisation_id","active","id");--> statement-breakpoint
CREATE INDEX "native_addresses_created_idx" ON "native_addresses" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "native_addresses_search_trgm_idx" ON "native_addresses" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "native_addresses_native_organisation_id_idx" ON "native_addresses" USING btree ("organisation_id","native_organisation_id","id");--> statement-breakpoint
CREATE INDEX "native_addresses_label_idx" ON "native_addresses" USING btree ("organisation_id","label","id");--> statement-breakpoint
CREATE INDEX "native_addresses_town_idx" ON "native_addresses" USING btree ("organisation_id","town","id");--> statement-breakpoint
CREATE INDEX "native_bank_details_created_idx" ON "native_bank_details" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "native_bank_details_native_organisation_id_iban_key" ON "native_bank_details" USING btree ("organisation_id","native_organisation_id","iban");--> statement-breakpoint
CREATE INDEX "native_bank_details_search_trgm_idx" ON "native_bank_details" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "native_bank_details_account_name_idx" ON "native_bank_details" USING btree ("organisation_id","account_name","id");--> statement-breakpoint
CREATE INDEX "native_standards_certifications_created_idx" ON "native_standards_certifications" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "native_standards_certifications_search_trgm_idx" ON "native_standards_certifications" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "native_standards_certifications_native_organisation_id_idx" ON "native_standards_certifications" USING btree ("organisation_id","native_organisation_id","id");--> statement-breakpoint
CREATE INDEX "native_standards_certifications_name_idx" ON "native_standards_certifications" USING btree ("organisation_id","name","id");--> statement-breakpoint
CREATE INDEX "native_supply_chain_networks_created_idx" ON "native_supply_chain_networks" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "native_supply_chain_networks_search_trgm_idx" ON "native_supply_chain_networks" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "native_supply_chain_networks_native_organisation_id_idx" ON "native_supply_chain_networks" USING btree ("organisation_id","native_organisation_id","id");--> statement-breakpoint
CREATE INDEX "native_supply_chain_networks_name_idx" ON "native_supply_chain_networks" USING btree ("organisation_id","name","id");--> statement-breakpoint
CREATE INDEX "transport_modes_created_idx" ON "transport_modes" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "transport_modes_code_key" ON "transport_modes" USING btree ("organisation_id","code");--> statement-breakpoint
CREATE INDEX "transport_modes_search_trgm_idx" ON "transport_modes" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transport_modes_name_idx" ON "transport_modes" USING btree ("organisation_id","name","id");--> statement-breakpoint
CREATE INDEX "transport_modes_active_idx" ON "transport_modes" USING btree ("organisation_id","active","id");--> statement-breakpoint
CREATE INDEX "transport_modes_mode_idx" ON "transport_modes" USING btree ("organisation_id","mode","id");--> statement-breakpoint
-- The list cache's change notices (migrations 0008 and 0010) for the new record tables.
CREATE TRIGGER native_addresses_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON native_addresses FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER native_bank_details_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON native_bank_details FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER native_standards_certifications_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON native_standards_certifications FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER native_supply_chain_networks_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON native_supply_chain_networks FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER crm_activities_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON crm_activities FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER carbon_offsets_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON carbon_offsets FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER directions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON directions FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER load_types_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON load_types FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER transport_modes_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON transport_modes FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER incoterms_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON incoterms FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER equipment_types_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON equipment_types FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER clocks_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON clocks FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
-- Every organisation starts with the standard reference lists (new ones get them at creation: organisations/reference-lists.ts).
INSERT INTO "directions" ("organisation_id", "id", "code", "name")
SELECT o."id", gen_random_uuid(), v.* FROM "organisations" o CROSS JOIN (VALUES
  ('IMPORT', 'Import'),
  ('EXPORT', 'Export'),
  ('CROSS_TRADE', 'Cross-trade'),
  ('DOMESTIC', 'Domestic')
) AS v
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "load_types" ("organisation_id", "id", "code", "name")
SELECT o."id", gen_random_uuid(), v.* FROM "organisations" o CROSS JOIN (VALUES
  ('FCL', 'Full container load'),
  ('LCL', 'Less than container load'),
  ('FTL', 'Full truck load'),
  ('LTL', 'Less than truck load'),
  ('ULD', 'Air unit load device'),
  ('LOOSE', 'Loose cargo'),
  ('BREAKBULK', 'Breakbulk'),
  ('RORO', 'Roll-on/roll-off')
) AS v
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "transport_modes" ("organisation_id", "id", "code", "name", "mode")
SELECT o."id", gen_random_uuid(), v.* FROM "organisations" o CROSS JOIN (VALUES
  ('SEA_FCL', 'Sea, full container', 'sea_fcl'),
  ('SEA_LCL', 'Sea, groupage', 'sea_lcl'),
  ('AIR', 'Air', 'air'),
  ('ROAD_FTL', 'Road, full truck', 'road_ftl'),
  ('ROAD_LTL', 'Road, part load', 'road_ltl'),
  ('RAIL', 'Rail', 'rail')
) AS v
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "incoterms" ("organisation_id", "id", "code", "name", "sea_only")
SELECT o."id", gen_random_uuid(), v.* FROM "organisations" o CROSS JOIN (VALUES
  ('EXW', 'Ex Works', false),
  ('FCA', 'Free Carrier', false),
  ('CPT', 'Carriage Paid To', false),
  ('CIP', 'Carriage and Insurance Paid To', false),
  ('DAP', 'Delivered at Place', false),
  ('DPU', 'Delivered at Place Unloaded', false),
  ('DDP', 'Delivered Duty Paid', false),
  ('FAS', 'Free Alongside Ship', true),
  ('FOB', 'Free on Board', true),
  ('CFR', 'Cost and Freight', true),
  ('CIF', 'Cost, Insurance and Freight', true)
) AS v
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "equipment_types" ("organisation_id", "id", "code", "name", "teu")
SELECT o."id", gen_random_uuid(), v.* FROM "organisations" o CROSS JOIN (VALUES
  ('22G1', '20'' general purpose', 1),
  ('25G1', '20'' high cube', 1),
  ('22R1', '20'' reefer', 1),
  ('22U1', '20'' open top', 1),
  ('22P1', '20'' flat rack', 1),
  ('22T1', '20'' tank', 1),
  ('42G1', '40'' general purpose', 2),
  ('45G1', '40'' high cube', 2),
  ('45R1', '40'' high cube reefer', 2),
  ('42U1', '40'' open top', 2),
  ('42P1', '40'' flat rack', 2),
  ('L5G1', '45'' high cube', 2.25)
) AS v
ON CONFLICT DO NOTHING;
