CREATE TABLE "document_templates" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"type" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"accent_colour" text,
	"terms" text,
	"show_logo" boolean DEFAULT true NOT NULL,
	"show_charges" boolean DEFAULT true NOT NULL,
	"show_parties" boolean DEFAULT true NOT NULL,
	"show_containers" boolean DEFAULT true NOT NULL,
	"show_notes" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("type"::text, '') || E'\n' || coalesce("terms"::text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_templates_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"type" text NOT NULL,
	"without_origin" boolean DEFAULT false NOT NULL,
	"number" text NOT NULL,
	"version" integer NOT NULL,
	"shipment_id" uuid,
	"booking_id" uuid,
	"quote_id" uuid,
	"language" text NOT NULL,
	"file_key" text NOT NULL,
	"bytes" integer NOT NULL,
	"data_hash" text NOT NULL,
	"emailed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_organisation_id_id_pk" PRIMARY KEY("organisation_id","id"),
	CONSTRAINT "documents_type_check" CHECK ("documents"."type" in ('quotation', 'booking_confirmation', 'arrival_notice', 'collection_origin', 'collection_destination', 'hbl', 'hawb'))
);
--> statement-breakpoint
CREATE TABLE "exception_comments" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"exception_id" uuid NOT NULL,
	"user_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exception_comments_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "operation_settings" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"webhook_secret" text NOT NULL,
	"eta_margin_hours" integer DEFAULT 24 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_containers" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"number" text NOT NULL,
	"iso_type" text NOT NULL,
	"seal" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_containers_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"code" text NOT NULL,
	"classifier" text NOT NULL,
	"location" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"container_number" text,
	"vessel" text,
	"voyage" text,
	"source" text NOT NULL,
	"applied" boolean DEFAULT true NOT NULL,
	"delivery_id" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_events_organisation_id_id_pk" PRIMARY KEY("organisation_id","id"),
	CONSTRAINT "shipment_events_type_check" CHECK ("shipment_events"."event_type" in ('SHIPMENT', 'TRANSPORT', 'EQUIPMENT')),
	CONSTRAINT "shipment_events_classifier_check" CHECK ("shipment_events"."classifier" in ('PLN', 'EST', 'ACT'))
);
--> statement-breakpoint
CREATE TABLE "shipment_exceptions" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"cause_key" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"cause_active" boolean DEFAULT true NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"assignee_user_id" uuid,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reopened_count" integer DEFAULT 0 NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolution_note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_exceptions_organisation_id_id_pk" PRIMARY KEY("organisation_id","id"),
	CONSTRAINT "shipment_exceptions_status_check" CHECK ("shipment_exceptions"."status" in ('open', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"number" text NOT NULL,
	"booking_id" uuid,
	"mode" text NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"signoff_status" text DEFAULT 'open' NOT NULL,
	"client_type" text,
	"client_id" uuid,
	"client_name" text NOT NULL,
	"shipper" jsonb,
	"consignee" jsonb,
	"notify_party" jsonb,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"incoterm" text,
	"house_ref" text NOT NULL,
	"master_ref" text,
	"carrier" text,
	"vessel" text,
	"voyage" text,
	"flight" text,
	"legs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cut_offs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"packages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"goods_description" text,
	"etd" timestamp with time zone,
	"etd_recorded_at" timestamp with time zone,
	"eta_planned" timestamp with time zone,
	"eta" timestamp with time zone,
	"eta_recorded_at" timestamp with time zone,
	"atd" timestamp with time zone,
	"ata" timestamp with time zone,
	"free_days" integer DEFAULT 7 NOT NULL,
	"currency" text NOT NULL,
	"charges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_event" jsonb,
	"followers" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"tracking_hash" text,
	"tracking_shows" jsonb,
	"owner_user_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower("number" || E'\n' || "house_ref" || E'\n' || coalesce("master_ref", '') || E'\n' || "client_name" || E'\n' || "origin" || E'\n' || "destination")) STORED,
	CONSTRAINT "shipments_organisation_id_id_pk" PRIMARY KEY("organisation_id","id"),
	CONSTRAINT "shipments_status_check" CHECK ("shipments"."status" in ('booked', 'in_transit', 'arrived', 'delivered', 'closed', 'cancelled')),
	CONSTRAINT "shipments_signoff_check" CHECK ("shipments"."signoff_status" in ('open', 'operations_signed', 'accounts_signed'))
);
--> statement-breakpoint
CREATE TABLE "task_templates" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"mode" text,
	"attach_to" text NOT NULL,
	"anchor" text DEFAULT 'created' NOT NULL,
	"offset_days" integer DEFAULT 0 NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"assignee_user_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("title"::text, '') || E'\n' || coalesce("description"::text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_templates_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "tracking_deliveries" (
	"organisation_id" uuid NOT NULL,
	"delivery_id" text NOT NULL,
	"result" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_deliveries_organisation_id_delivery_id_pk" PRIMARY KEY("organisation_id","delivery_id")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "shipment_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "template_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "shipper" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "consignee" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "notify_party" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "booking_party" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "pol" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "pod" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "place_of_receipt" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "place_of_delivery" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "confirmed_equipment" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "legs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cut_offs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_term" text DEFAULT 'prepaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "carrier_booking_reference" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_templates" ADD CONSTRAINT "document_templates_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_shipment_fk" FOREIGN KEY ("organisation_id","shipment_id") REFERENCES "public"."shipments"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_booking_fk" FOREIGN KEY ("organisation_id","booking_id") REFERENCES "public"."bookings"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exception_comments" ADD CONSTRAINT "exception_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exception_comments" ADD CONSTRAINT "exception_comments_exception_fk" FOREIGN KEY ("organisation_id","exception_id") REFERENCES "public"."shipment_exceptions"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_settings" ADD CONSTRAINT "operation_settings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_containers" ADD CONSTRAINT "shipment_containers_shipment_fk" FOREIGN KEY ("organisation_id","shipment_id") REFERENCES "public"."shipments"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_fk" FOREIGN KEY ("organisation_id","shipment_id") REFERENCES "public"."shipments"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_exceptions" ADD CONSTRAINT "shipment_exceptions_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_exceptions" ADD CONSTRAINT "shipment_exceptions_shipment_fk" FOREIGN KEY ("organisation_id","shipment_id") REFERENCES "public"."shipments"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_exceptions" ADD CONSTRAINT "shipment_exceptions_assignee_fk" FOREIGN KEY ("organisation_id","assignee_user_id") REFERENCES "public"."organisation_members"("organisation_id","user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_booking_fk" FOREIGN KEY ("organisation_id","booking_id") REFERENCES "public"."bookings"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_owner_fk" FOREIGN KEY ("organisation_id","owner_user_id") REFERENCES "public"."organisation_members"("organisation_id","user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_templates" ADD CONSTRAINT "task_templates_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_templates" ADD CONSTRAINT "task_templates_assignee_user_id_fk" FOREIGN KEY ("organisation_id","assignee_user_id") REFERENCES "public"."organisation_members"("organisation_id","user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_deliveries" ADD CONSTRAINT "tracking_deliveries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_templates_created_idx" ON "document_templates" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_templates_type_key" ON "document_templates" USING btree ("organisation_id","type");--> statement-breakpoint
CREATE INDEX "document_templates_search_trgm_idx" ON "document_templates" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "document_templates_language_idx" ON "document_templates" USING btree ("organisation_id","language","id");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_number_version_key" ON "documents" USING btree ("organisation_id","number","version");--> statement-breakpoint
CREATE INDEX "documents_shipment_idx" ON "documents" USING btree ("organisation_id","shipment_id","type","without_origin","version");--> statement-breakpoint
CREATE INDEX "documents_booking_idx" ON "documents" USING btree ("organisation_id","booking_id","type","version");--> statement-breakpoint
CREATE INDEX "documents_created_idx" ON "documents" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "exception_comments_exception_idx" ON "exception_comments" USING btree ("organisation_id","exception_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_containers_number_key" ON "shipment_containers" USING btree ("organisation_id","shipment_id","number");--> statement-breakpoint
CREATE INDEX "shipment_events_timeline_idx" ON "shipment_events" USING btree ("organisation_id","shipment_id","occurred_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_exceptions_cause_key" ON "shipment_exceptions" USING btree ("organisation_id","shipment_id","kind","cause_key");--> statement-breakpoint
CREATE INDEX "shipment_exceptions_status_idx" ON "shipment_exceptions" USING btree ("organisation_id","status","raised_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_number_key" ON "shipments" USING btree ("organisation_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_house_ref_key" ON "shipments" USING btree ("organisation_id","house_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_booking_key" ON "shipments" USING btree ("organisation_id","booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_tracking_hash_key" ON "shipments" USING btree ("tracking_hash");--> statement-breakpoint
CREATE INDEX "shipments_created_idx" ON "shipments" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "shipments_etd_idx" ON "shipments" USING btree ("organisation_id","etd","id");--> statement-breakpoint
CREATE INDEX "shipments_eta_idx" ON "shipments" USING btree ("organisation_id","eta","id");--> statement-breakpoint
CREATE INDEX "shipments_status_idx" ON "shipments" USING btree ("organisation_id","status","eta");--> statement-breakpoint
CREATE INDEX "shipments_search_trgm_idx" ON "shipments" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "task_templates_created_idx" ON "task_templates" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "task_templates_search_trgm_idx" ON "task_templates" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "task_templates_attach_to_idx" ON "task_templates" USING btree ("organisation_id","attach_to","id");--> statement-breakpoint
CREATE INDEX "task_templates_mode_idx" ON "task_templates" USING btree ("organisation_id","mode","id");--> statement-breakpoint
CREATE INDEX "task_templates_title_idx" ON "task_templates" USING btree ("organisation_id","title","id");--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_booking_id_fk" FOREIGN KEY ("organisation_id","booking_id") REFERENCES "public"."bookings"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_shipment_id_fk" FOREIGN KEY ("organisation_id","shipment_id") REFERENCES "public"."shipments"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_template_id_fk" FOREIGN KEY ("organisation_id","template_id") REFERENCES "public"."task_templates"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_shipment_id_idx" ON "tasks" USING btree ("organisation_id","shipment_id","id");--> statement-breakpoint
CREATE INDEX "tasks_booking_id_idx" ON "tasks" USING btree ("organisation_id","booking_id","id");--> statement-breakpoint
CREATE INDEX "tasks_due_on_idx" ON "tasks" USING btree ("organisation_id","due_on","id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment_term_check" CHECK ("bookings"."payment_term" in ('prepaid', 'collect'));
--> statement-breakpoint
-- The list cache's change notices (migrations 0008 and 0010) for the new record tables.
CREATE TRIGGER task_templates_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON task_templates FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER document_templates_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON document_templates FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
-- The permission module `shipments` is now `operations` (bookings, shipments, tracking, exceptions, tasks).
UPDATE "roles" SET "permissions" = (
  SELECT array_agg(DISTINCT regexp_replace(p, '^shipments\.', 'operations.') ORDER BY regexp_replace(p, '^shipments\.', 'operations.')) FROM unnest("roles"."permissions") p
) WHERE EXISTS (SELECT 1 FROM unnest("roles"."permissions") c WHERE c LIKE 'shipments.%');
