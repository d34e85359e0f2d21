CREATE TABLE "pay_components" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"structure_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"calc" text NOT NULL,
	"amount_minor" bigint,
	"percentage" text,
	"of" text,
	"formula" text,
	"position" integer DEFAULT 0 NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("code"::text, '') || E'\n' || coalesce("name"::text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_components_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "payroll_runs" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_runs_organisation_id_id_pk" PRIMARY KEY("organisation_id","id"),
	CONSTRAINT "payroll_runs_status_check" CHECK ("payroll_runs"."status" in ('draft', 'approved', 'paid')),
	CONSTRAINT "payroll_runs_period_check" CHECK ("payroll_runs"."period_end" >= "payroll_runs"."period_start")
);
--> statement-breakpoint
CREATE TABLE "payslips" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"period_working_days" text NOT NULL,
	"payment_days" text NOT NULL,
	"unpaid_leave_days" text NOT NULL,
	"base_minor" bigint NOT NULL,
	"gross_minor" bigint NOT NULL,
	"deductions_minor" bigint NOT NULL,
	"net_minor" bigint NOT NULL,
	"lines" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payslips_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "salary_assignments" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"structure_id" uuid NOT NULL,
	"valid_from" date NOT NULL,
	"notes" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("notes"::text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "salary_assignments_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "salary_structures" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "salary_structures_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
ALTER TABLE "pay_components" ADD CONSTRAINT "pay_components_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_components" ADD CONSTRAINT "pay_components_structure_id_fk" FOREIGN KEY ("organisation_id","structure_id") REFERENCES "public"."salary_structures"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD CONSTRAINT "payroll_runs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD CONSTRAINT "payroll_runs_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD CONSTRAINT "payroll_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_run_fk" FOREIGN KEY ("organisation_id","run_id") REFERENCES "public"."payroll_runs"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_employee_fk" FOREIGN KEY ("organisation_id","employee_id") REFERENCES "public"."employees"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_assignments" ADD CONSTRAINT "salary_assignments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_assignments" ADD CONSTRAINT "salary_assignments_employee_id_fk" FOREIGN KEY ("organisation_id","employee_id") REFERENCES "public"."employees"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_assignments" ADD CONSTRAINT "salary_assignments_structure_id_fk" FOREIGN KEY ("organisation_id","structure_id") REFERENCES "public"."salary_structures"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_structures" ADD CONSTRAINT "salary_structures_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pay_components_created_idx" ON "pay_components" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_components_structure_id_code_key" ON "pay_components" USING btree ("organisation_id","structure_id","code");--> statement-breakpoint
CREATE INDEX "pay_components_search_trgm_idx" ON "pay_components" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pay_components_structure_id_idx" ON "pay_components" USING btree ("organisation_id","structure_id","id");--> statement-breakpoint
CREATE INDEX "pay_components_code_idx" ON "pay_components" USING btree ("organisation_id","code","id");--> statement-breakpoint
CREATE INDEX "payroll_runs_period_idx" ON "payroll_runs" USING btree ("organisation_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "payslips_run_employee_key" ON "payslips" USING btree ("organisation_id","run_id","employee_id");--> statement-breakpoint
CREATE INDEX "payslips_employee_idx" ON "payslips" USING btree ("organisation_id","employee_id");--> statement-breakpoint
CREATE INDEX "salary_assignments_created_idx" ON "salary_assignments" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "salary_assignments_employee_id_valid_from_key" ON "salary_assignments" USING btree ("organisation_id","employee_id","valid_from");--> statement-breakpoint
CREATE INDEX "salary_assignments_search_trgm_idx" ON "salary_assignments" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "salary_assignments_employee_id_idx" ON "salary_assignments" USING btree ("organisation_id","employee_id","id");--> statement-breakpoint
CREATE INDEX "salary_assignments_structure_id_idx" ON "salary_assignments" USING btree ("organisation_id","structure_id","id");--> statement-breakpoint
CREATE INDEX "salary_structures_created_idx" ON "salary_structures" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "salary_structures_name_key" ON "salary_structures" USING btree ("organisation_id","name");--> statement-breakpoint
CREATE INDEX "salary_structures_search_trgm_idx" ON "salary_structures" USING gin ("organisation_id","search_text" gin_trgm_ops);
--> statement-breakpoint
-- The list cache's change notices (migrations 0008 and 0010) for the new record tables.
CREATE TRIGGER salary_structures_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON salary_structures FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER pay_components_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pay_components FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER salary_assignments_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON salary_assignments FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
