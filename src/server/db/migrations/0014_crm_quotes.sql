CREATE TABLE "bookings" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"quote_id" uuid NOT NULL,
	"client_type" text NOT NULL,
	"client_id" uuid NOT NULL,
	"client_name" text NOT NULL,
	"contact_id" uuid,
	"mode" text NOT NULL,
	"incoterm" text,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"cargo" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"equipment" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"currency" text NOT NULL,
	"charges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sell_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_organisation_id_id_pk" PRIMARY KEY("organisation_id","id"),
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('received', 'confirmed', 'rejected', 'cancelled', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "buy_rates" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"carrier" text NOT NULL,
	"partner_id" uuid,
	"mode" text NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"equipment" text,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL,
	"transit_days" integer,
	"reference" text,
	"notes" text,
	"charges" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buy_rates_organisation_id_id_pk" PRIMARY KEY("organisation_id","id"),
	CONSTRAINT "buy_rates_validity_check" CHECK ("buy_rates"."valid_until" >= "buy_rates"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"pipeline_id" uuid NOT NULL,
	"stage_id" uuid NOT NULL,
	"title" text NOT NULL,
	"client_type" text,
	"client_id" uuid,
	"client_name" text,
	"value_minor" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"owner_user_id" uuid,
	"expected_close" date,
	"position" integer DEFAULT 0 NOT NULL,
	"lost_reason" text,
	"lead_id" uuid,
	"quote_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deals_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"company_name" text NOT NULL,
	"contact_name" text,
	"email" text,
	"phone" text,
	"country" text NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"lost_reason" text,
	"score" integer DEFAULT 0 NOT NULL,
	"owner_user_id" uuid,
	"notes" text,
	"native_organisation_id" uuid,
	"deal_id" uuid,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("company_name"::text, '') || E'\n' || coalesce("contact_name"::text, '') || E'\n' || coalesce("email"::text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "native_contacts" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"native_organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"job_title" text,
	"email" text,
	"phone" text,
	"is_primary" boolean DEFAULT false NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || E'\n' || coalesce("email"::text, '') || E'\n' || coalesce("job_title"::text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "native_contacts_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "native_organisations" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"country" text NOT NULL,
	"city" text,
	"vat_number" text,
	"registration_number" text,
	"website" text,
	"email" text,
	"phone" text,
	"client_tier_id" uuid,
	"payment_terms_days" integer,
	"credit_limit_minor" bigint,
	"currency" text,
	"credit_status" text DEFAULT 'ok' NOT NULL,
	"assigned_user_id" uuid,
	"notes" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || E'\n' || coalesce("city"::text, '') || E'\n' || coalesce("vat_number"::text, '') || E'\n' || coalesce("email"::text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "native_organisations_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "number_sequences" (
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"next_value" bigint NOT NULL,
	CONSTRAINT "number_sequences_organisation_id_name_pk" PRIMARY KEY("organisation_id","name")
);
--> statement-breakpoint
CREATE TABLE "pipeline_stages" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"pipeline_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"probability_pct" numeric NOT NULL,
	"outcome" text DEFAULT 'open' NOT NULL,
	CONSTRAINT "pipeline_stages_organisation_id_id_pk" PRIMARY KEY("organisation_id","id"),
	CONSTRAINT "pipeline_stages_outcome_check" CHECK ("pipeline_stages"."outcome" in ('open', 'won', 'lost'))
);
--> statement-breakpoint
CREATE TABLE "pipelines" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pipelines_organisation_id_id_pk" PRIMARY KEY("organisation_id","id"),
	CONSTRAINT "pipelines_kind_check" CHECK ("pipelines"."kind" in ('connection', 'quote'))
);
--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"organisation_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"charge_code_id" uuid,
	"description" text,
	"basis" text NOT NULL,
	"quantity_given" text,
	"quantity" text NOT NULL,
	"buy_amount_minor" bigint NOT NULL,
	"buy_currency" text NOT NULL,
	"sell_amount_minor" bigint NOT NULL,
	"sell_currency" text NOT NULL,
	"buy_total_minor" bigint NOT NULL,
	"sell_total_minor" bigint NOT NULL,
	"rate_to_quote" text NOT NULL,
	"buy_rate_to_quote" text NOT NULL,
	"sell_in_quote_minor" bigint NOT NULL,
	"buy_in_quote_minor" bigint NOT NULL,
	CONSTRAINT "quote_lines_organisation_id_quote_id_position_pk" PRIMARY KEY("organisation_id","quote_id","position")
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"number" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"revises_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"client_type" text NOT NULL,
	"client_id" uuid NOT NULL,
	"client_name" text NOT NULL,
	"contact_id" uuid,
	"mode" text NOT NULL,
	"incoterm" text,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"currency" text NOT NULL,
	"quote_date" date NOT NULL,
	"valid_until" date NOT NULL,
	"cargo" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"equipment" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text,
	"weight_kg" text NOT NULL,
	"volume_cbm" text NOT NULL,
	"chargeable_weight_kg" text NOT NULL,
	"revenue_tonnes" text NOT NULL,
	"rates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sell_minor" bigint DEFAULT 0 NOT NULL,
	"buy_minor" bigint DEFAULT 0 NOT NULL,
	"margin_minor" bigint DEFAULT 0 NOT NULL,
	"margin_pct" text,
	"by_currency" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"emissions" jsonb,
	"decline_reason" text,
	"booking_id" uuid,
	"link_hash" text,
	"reminded_at" timestamp with time zone,
	"owner_user_id" uuid,
	"created_by" uuid,
	"sent_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower("number" || E'\n' || "client_name" || E'\n' || "origin" || E'\n' || "destination")) STORED,
	CONSTRAINT "quotes_organisation_id_id_pk" PRIMARY KEY("organisation_id","id"),
	CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('draft', 'sent', 'accepted', 'declined', 'expired', 'cancelled')),
	CONSTRAINT "quotes_client_type_check" CHECK ("quotes"."client_type" in ('native_organisation', 'organisation'))
);
--> statement-breakpoint
CREATE TABLE "sell_rules" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"client_tier_id" uuid,
	"mode" text,
	"origin" text,
	"destination" text,
	"charge_category" text,
	"markup_type" text NOT NULL,
	"markup_pct" numeric,
	"markup_minor" bigint,
	"currency" text,
	"priority" integer DEFAULT 10 NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || E'\n' || coalesce("origin"::text, '') || E'\n' || coalesce("destination"::text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sell_rules_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_quote_fk" FOREIGN KEY ("organisation_id","quote_id") REFERENCES "public"."quotes"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buy_rates" ADD CONSTRAINT "buy_rates_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buy_rates" ADD CONSTRAINT "buy_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buy_rates" ADD CONSTRAINT "buy_rates_partner_fk" FOREIGN KEY ("organisation_id","partner_id") REFERENCES "public"."partners"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_stage_fk" FOREIGN KEY ("organisation_id","stage_id") REFERENCES "public"."pipeline_stages"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_pipeline_fk" FOREIGN KEY ("organisation_id","pipeline_id") REFERENCES "public"."pipelines"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_user_id_fk" FOREIGN KEY ("organisation_id","owner_user_id") REFERENCES "public"."organisation_members"("organisation_id","user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "native_contacts" ADD CONSTRAINT "native_contacts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "native_contacts" ADD CONSTRAINT "native_contacts_native_organisation_id_fk" FOREIGN KEY ("organisation_id","native_organisation_id") REFERENCES "public"."native_organisations"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "native_organisations" ADD CONSTRAINT "native_organisations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "native_organisations" ADD CONSTRAINT "native_organisations_client_tier_id_fk" FOREIGN KEY ("organisation_id","client_tier_id") REFERENCES "public"."client_tiers"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "native_organisations" ADD CONSTRAINT "native_organisations_assigned_user_id_fk" FOREIGN KEY ("organisation_id","assigned_user_id") REFERENCES "public"."organisation_members"("organisation_id","user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_sequences" ADD CONSTRAINT "number_sequences_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_stages" ADD CONSTRAINT "pipeline_stages_pipeline_fk" FOREIGN KEY ("organisation_id","pipeline_id") REFERENCES "public"."pipelines"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipelines" ADD CONSTRAINT "pipelines_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_fk" FOREIGN KEY ("organisation_id","quote_id") REFERENCES "public"."quotes"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_charge_code_fk" FOREIGN KEY ("organisation_id","charge_code_id") REFERENCES "public"."charge_codes"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_owner_fk" FOREIGN KEY ("organisation_id","owner_user_id") REFERENCES "public"."organisation_members"("organisation_id","user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_rules" ADD CONSTRAINT "sell_rules_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_rules" ADD CONSTRAINT "sell_rules_client_tier_id_fk" FOREIGN KEY ("organisation_id","client_tier_id") REFERENCES "public"."client_tiers"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_number_key" ON "bookings" USING btree ("organisation_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_quote_key" ON "bookings" USING btree ("organisation_id","quote_id");--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "buy_rates_lane_idx" ON "buy_rates" USING btree ("organisation_id","origin","destination","mode","valid_until","valid_from");--> statement-breakpoint
CREATE INDEX "buy_rates_created_idx" ON "buy_rates" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "deals_board_idx" ON "deals" USING btree ("organisation_id","pipeline_id","stage_id","position");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_search_trgm_idx" ON "leads" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_status_idx" ON "leads" USING btree ("organisation_id","status","id");--> statement-breakpoint
CREATE INDEX "leads_company_name_idx" ON "leads" USING btree ("organisation_id","company_name","id");--> statement-breakpoint
CREATE INDEX "leads_score_idx" ON "leads" USING btree ("organisation_id","score","id");--> statement-breakpoint
CREATE INDEX "leads_owner_user_id_idx" ON "leads" USING btree ("organisation_id","owner_user_id","id");--> statement-breakpoint
CREATE INDEX "native_contacts_created_idx" ON "native_contacts" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "native_contacts_search_trgm_idx" ON "native_contacts" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "native_contacts_native_organisation_id_idx" ON "native_contacts" USING btree ("organisation_id","native_organisation_id","id");--> statement-breakpoint
CREATE INDEX "native_contacts_name_idx" ON "native_contacts" USING btree ("organisation_id","name","id");--> statement-breakpoint
CREATE INDEX "native_organisations_created_idx" ON "native_organisations" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "native_organisations_search_trgm_idx" ON "native_organisations" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "native_organisations_name_idx" ON "native_organisations" USING btree ("organisation_id","name","id");--> statement-breakpoint
CREATE INDEX "native_organisations_country_idx" ON "native_organisations" USING btree ("organisation_id","country","id");--> statement-breakpoint
CREATE INDEX "native_organisations_vat_number_idx" ON "native_organisations" USING btree ("organisation_id","vat_number","id");--> statement-breakpoint
CREATE INDEX "native_organisations_credit_status_idx" ON "native_organisations" USING btree ("organisation_id","credit_status","id");--> statement-breakpoint
CREATE INDEX "native_organisations_assigned_user_id_idx" ON "native_organisations" USING btree ("organisation_id","assigned_user_id","id");--> statement-breakpoint
CREATE INDEX "pipeline_stages_pipeline_idx" ON "pipeline_stages" USING btree ("organisation_id","pipeline_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_number_revision_key" ON "quotes" USING btree ("organisation_id","number","revision");--> statement-breakpoint
CREATE INDEX "quotes_created_idx" ON "quotes" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_status_idx" ON "quotes" USING btree ("organisation_id","status","valid_until","id");--> statement-breakpoint
CREATE INDEX "quotes_client_idx" ON "quotes" USING btree ("organisation_id","client_type","client_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_link_hash_key" ON "quotes" USING btree ("link_hash");--> statement-breakpoint
CREATE INDEX "quotes_search_trgm_idx" ON "quotes" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sell_rules_created_idx" ON "sell_rules" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sell_rules_search_trgm_idx" ON "sell_rules" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sell_rules_priority_idx" ON "sell_rules" USING btree ("organisation_id","priority","id");--> statement-breakpoint
CREATE INDEX "sell_rules_name_idx" ON "sell_rules" USING btree ("organisation_id","name","id");--> statement-breakpoint
-- Permission modules: `quotations` is now `quotes`, and `rates` is new. Every role keeps what it
-- had under the new name; Owner and Admin hold rates.* as they hold every module; Staff reads
-- rates; a custom role that could change quotations may read rates.
UPDATE "roles" SET "permissions" = (
  SELECT array_agg(DISTINCT replace(p, 'quotations.', 'quotes.') ORDER BY replace(p, 'quotations.', 'quotes.')) FROM unnest("roles"."permissions") p
) WHERE EXISTS (SELECT 1 FROM unnest("roles"."permissions") p WHERE p LIKE 'quotations.%');--> statement-breakpoint
UPDATE "roles" SET "permissions" = (
  SELECT array_agg(DISTINCT p ORDER BY p) FROM (
    SELECT unnest("roles"."permissions") p
    UNION SELECT 'rates.' || a FROM unnest(array['view','create','update','delete','export']) a
  ) x
) WHERE "builtin" IN ('owner', 'admin');--> statement-breakpoint
UPDATE "roles" SET "permissions" = (
  SELECT array_agg(DISTINCT p ORDER BY p) FROM (SELECT unnest("roles"."permissions") p UNION SELECT 'rates.view') x
) WHERE "builtin" = 'staff' OR ("builtin" IS NULL AND 'quotes.update' = ANY("permissions"));
--> statement-breakpoint
-- The list cache's change notices (migrations 0008 and 0010) for the new record tables.
CREATE TRIGGER native_organisations_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON native_organisations FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER native_contacts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON native_contacts FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER sell_rules_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sell_rules FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER leads_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON leads FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
-- Every organisation starts with one pipeline of each kind (new ones get them at creation).
INSERT INTO "pipelines" ("organisation_id", "id", "name", "kind", "position")
SELECT o.id, gen_random_uuid(), k.name, k.kind, k.position FROM "organisations" o, (VALUES ('Prospects', 'connection', 0), ('Quotations', 'quote', 1)) AS k(name, kind, position);--> statement-breakpoint
INSERT INTO "pipeline_stages" ("organisation_id", "id", "pipeline_id", "name", "position", "probability_pct", "outcome")
SELECT p.organisation_id, gen_random_uuid(), p.id, s.name, s.position, s.pct, s.outcome FROM "pipelines" p
JOIN (VALUES ('connection', 'Identified', 0, 10, 'open'), ('connection', 'Contacted', 1, 25, 'open'), ('connection', 'Meeting held', 2, 50, 'open'), ('connection', 'Trial shipment', 3, 75, 'open'),
             ('connection', 'Won', 4, 100, 'won'), ('connection', 'Lost', 5, 0, 'lost'),
             ('quote', 'Enquiry', 0, 20, 'open'), ('quote', 'Quoted', 1, 40, 'open'), ('quote', 'Negotiating', 2, 70, 'open'), ('quote', 'Won', 3, 100, 'won'), ('quote', 'Lost', 4, 0, 'lost'))
  AS s(kind, name, position, pct, outcome) ON s.kind = p.kind;
