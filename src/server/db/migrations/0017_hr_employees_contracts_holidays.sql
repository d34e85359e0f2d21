-- Exclusion constraints over uuid equality and date ranges need btree_gist (PGlite loads it too, db/client.ts).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "contracts" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"probation_months" integer DEFAULT 0 NOT NULL,
	"notice_days" integer DEFAULT 0 NOT NULL,
	"hours_per_week" text NOT NULL,
	"salary_minor" bigint NOT NULL,
	"salary_currency" text NOT NULL,
	"salary_period" text NOT NULL,
	"reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_organisation_id_id_pk" PRIMARY KEY("organisation_id","id"),
	CONSTRAINT "contracts_status_check" CHECK ("contracts"."status" in ('draft', 'active', 'ended', 'terminated')),
	CONSTRAINT "contracts_dates_check" CHECK ("contracts"."end_date" is null or "contracts"."end_date" >= "contracts"."start_date"),
	CONSTRAINT "contracts_period_check" CHECK ("contracts"."salary_period" in ('month', 'year'))
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"job_title" text NOT NULL,
	"department_id" uuid,
	"manager_id" uuid,
	"work_location" text NOT NULL,
	"employment_type" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"working_pattern" text DEFAULT 'mon_fri' NOT NULL,
	"salary_currency" text NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("job_title"::text, '') || E'\n' || coalesce("work_location"::text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employees_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"country" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL,
	"counts" boolean DEFAULT true NOT NULL,
	"note" text,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holidays_organisation_id_id_pk" PRIMARY KEY("organisation_id","id"),
	CONSTRAINT "holidays_source_check" CHECK ("holidays"."source" in ('date-holidays', 'manual'))
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_employee_fk" FOREIGN KEY ("organisation_id","employee_id") REFERENCES "public"."employees"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_user_id_fk" FOREIGN KEY ("organisation_id","user_id") REFERENCES "public"."organisation_members"("organisation_id","user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_manager_id_fk" FOREIGN KEY ("organisation_id","manager_id") REFERENCES "public"."organisation_members"("organisation_id","user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_department_id_fk" FOREIGN KEY ("organisation_id","department_id") REFERENCES "public"."departments"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holidays" ADD CONSTRAINT "holidays_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_employee_idx" ON "contracts" USING btree ("organisation_id","employee_id","start_date");--> statement-breakpoint
CREATE INDEX "contracts_status_idx" ON "contracts" USING btree ("organisation_id","status","end_date");--> statement-breakpoint
CREATE INDEX "employees_created_idx" ON "employees" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_user_id_start_date_key" ON "employees" USING btree ("organisation_id","user_id","start_date");--> statement-breakpoint
CREATE INDEX "employees_search_trgm_idx" ON "employees" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "employees_department_id_idx" ON "employees" USING btree ("organisation_id","department_id","id");--> statement-breakpoint
CREATE INDEX "employees_manager_id_idx" ON "employees" USING btree ("organisation_id","manager_id","id");--> statement-breakpoint
CREATE INDEX "employees_start_date_idx" ON "employees" USING btree ("organisation_id","start_date","id");--> statement-breakpoint
CREATE INDEX "employees_job_title_idx" ON "employees" USING btree ("organisation_id","job_title","id");--> statement-breakpoint
CREATE UNIQUE INDEX "holidays_day_key" ON "holidays" USING btree ("organisation_id","country","region","date","name");--> statement-breakpoint
CREATE INDEX "holidays_country_idx" ON "holidays" USING btree ("organisation_id","country","date");
--> statement-breakpoint
-- Two active contracts of one employee never overlap (issue 13): a constraint, so that two activations at once cannot both pass.
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_no_overlap" EXCLUDE USING gist (
  "organisation_id" WITH =, "employee_id" WITH =, daterange("start_date", "end_date", '[]') WITH &&
) WHERE ("status" = 'active');
--> statement-breakpoint
-- The list cache's change notices (migrations 0008 and 0010) for the new record table.
CREATE TRIGGER employees_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON employees FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
