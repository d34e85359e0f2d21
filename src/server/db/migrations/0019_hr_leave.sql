CREATE TABLE "leave_entries" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"leave_type_id" uuid NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"days" text NOT NULL,
	"note" text,
	"request_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_entries_organisation_id_id_pk" PRIMARY KEY("organisation_id","id"),
	CONSTRAINT "leave_entries_kind_check" CHECK ("leave_entries"."kind" in ('taken', 'adjustment'))
);
--> statement-breakpoint
CREATE TABLE "leave_policies" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"leave_type_id" uuid NOT NULL,
	"name" text NOT NULL,
	"country" text,
	"yearly_allowance" text NOT NULL,
	"accrual" text DEFAULT 'monthly' NOT NULL,
	"carry_forward_limit" text DEFAULT '0' NOT NULL,
	"carry_forward_expiry_months" integer,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_policies_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "leave_requests" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"leave_type_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"half_day_start" boolean DEFAULT false NOT NULL,
	"half_day_end" boolean DEFAULT false NOT NULL,
	"working_days" text NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"reason" text,
	"manager_decided_by" uuid,
	"hr_decided_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_requests_organisation_id_id_pk" PRIMARY KEY("organisation_id","id"),
	CONSTRAINT "leave_requests_status_check" CHECK ("leave_requests"."status" in ('pending_manager', 'pending_hr', 'approved', 'rejected', 'cancelled')),
	CONSTRAINT "leave_requests_dates_check" CHECK ("leave_requests"."end_date" >= "leave_requests"."start_date")
);
--> statement-breakpoint
CREATE TABLE "leave_types" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"paid" boolean DEFAULT true NOT NULL,
	"deducts_balance" boolean DEFAULT true NOT NULL,
	"requires_hr_approval" boolean DEFAULT false NOT NULL,
	"allow_half_days" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("code"::text, '') || E'\n' || coalesce("name"::text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_types_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
ALTER TABLE "leave_entries" ADD CONSTRAINT "leave_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_entries" ADD CONSTRAINT "leave_entries_employee_fk" FOREIGN KEY ("organisation_id","employee_id") REFERENCES "public"."employees"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_entries" ADD CONSTRAINT "leave_entries_type_fk" FOREIGN KEY ("organisation_id","leave_type_id") REFERENCES "public"."leave_types"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_policies" ADD CONSTRAINT "leave_policies_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_policies" ADD CONSTRAINT "leave_policies_leave_type_id_fk" FOREIGN KEY ("organisation_id","leave_type_id") REFERENCES "public"."leave_types"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_manager_decided_by_users_id_fk" FOREIGN KEY ("manager_decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_hr_decided_by_users_id_fk" FOREIGN KEY ("hr_decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_employee_fk" FOREIGN KEY ("organisation_id","employee_id") REFERENCES "public"."employees"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_type_fk" FOREIGN KEY ("organisation_id","leave_type_id") REFERENCES "public"."leave_types"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_types" ADD CONSTRAINT "leave_types_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leave_entries_employee_idx" ON "leave_entries" USING btree ("organisation_id","employee_id","leave_type_id","date");--> statement-breakpoint
CREATE INDEX "leave_policies_created_idx" ON "leave_policies" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "leave_policies_leave_type_id_country_key" ON "leave_policies" USING btree ("organisation_id","leave_type_id","country");--> statement-breakpoint
CREATE INDEX "leave_policies_search_trgm_idx" ON "leave_policies" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leave_policies_name_idx" ON "leave_policies" USING btree ("organisation_id","name","id");--> statement-breakpoint
CREATE INDEX "leave_requests_employee_idx" ON "leave_requests" USING btree ("organisation_id","employee_id","start_date");--> statement-breakpoint
CREATE INDEX "leave_requests_status_idx" ON "leave_requests" USING btree ("organisation_id","status","start_date");--> statement-breakpoint
CREATE INDEX "leave_types_created_idx" ON "leave_types" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "leave_types_code_key" ON "leave_types" USING btree ("organisation_id","code");--> statement-breakpoint
CREATE INDEX "leave_types_search_trgm_idx" ON "leave_types" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leave_types_name_idx" ON "leave_types" USING btree ("organisation_id","name","id");--> statement-breakpoint
-- The list cache's change notices (migrations 0008 and 0010) for the new record tables.
CREATE TRIGGER leave_types_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON leave_types FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER leave_policies_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON leave_policies FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
