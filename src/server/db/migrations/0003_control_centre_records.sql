CREATE TABLE "addresses" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
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
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addresses_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "client_assignments" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"staff_user_id" uuid NOT NULL,
	"is_primary" boolean DEFAULT true NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_assignments_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "commissions" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"basis" text NOT NULL,
	"rate_pct" double precision NOT NULL,
	"staff_user_id" uuid,
	"work_classification_id" uuid,
	"valid_from" date,
	"valid_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commissions_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"rate" numeric NOT NULL,
	"valid_from" date NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "organisation_currencies" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"currency" text NOT NULL,
	"is_base" boolean DEFAULT false NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_currencies_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "standards_certifications" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"issuer" text NOT NULL,
	"certificate_number" text,
	"valid_from" date,
	"valid_until" date,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standards_certifications_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "supply_chain_networks" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"membership_number" text,
	"member_since" date,
	"renewal_due" date,
	"website" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supply_chain_networks_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'todo' NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"due_on" date,
	"assignee_user_id" uuid,
	"partner_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "work_allocations" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"work_classification_id" uuid NOT NULL,
	"department_id" uuid,
	"staff_user_id" uuid,
	"share_pct" double precision DEFAULT 100 NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_allocations_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "work_classifications" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_classifications_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_location_code_locations_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_assignments" ADD CONSTRAINT "client_assignments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_assignments" ADD CONSTRAINT "client_assignments_partner_id_fk" FOREIGN KEY ("organisation_id","partner_id") REFERENCES "public"."partners"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_assignments" ADD CONSTRAINT "client_assignments_staff_user_id_fk" FOREIGN KEY ("organisation_id","staff_user_id") REFERENCES "public"."organisation_members"("organisation_id","user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_staff_user_id_fk" FOREIGN KEY ("organisation_id","staff_user_id") REFERENCES "public"."organisation_members"("organisation_id","user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_work_classification_id_fk" FOREIGN KEY ("organisation_id","work_classification_id") REFERENCES "public"."work_classifications"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_currencies" ADD CONSTRAINT "organisation_currencies_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standards_certifications" ADD CONSTRAINT "standards_certifications_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_chain_networks" ADD CONSTRAINT "supply_chain_networks_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_user_id_fk" FOREIGN KEY ("organisation_id","assignee_user_id") REFERENCES "public"."organisation_members"("organisation_id","user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_partner_id_fk" FOREIGN KEY ("organisation_id","partner_id") REFERENCES "public"."partners"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_allocations" ADD CONSTRAINT "work_allocations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_allocations" ADD CONSTRAINT "work_allocations_work_classification_id_fk" FOREIGN KEY ("organisation_id","work_classification_id") REFERENCES "public"."work_classifications"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_allocations" ADD CONSTRAINT "work_allocations_department_id_fk" FOREIGN KEY ("organisation_id","department_id") REFERENCES "public"."departments"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_allocations" ADD CONSTRAINT "work_allocations_staff_user_id_fk" FOREIGN KEY ("organisation_id","staff_user_id") REFERENCES "public"."organisation_members"("organisation_id","user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_classifications" ADD CONSTRAINT "work_classifications_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_created_idx" ON "addresses" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_is_primary_key" ON "addresses" USING btree ("organisation_id") WHERE "addresses"."is_primary";--> statement-breakpoint
CREATE INDEX "addresses_label_idx" ON "addresses" USING btree ("organisation_id","label","id");--> statement-breakpoint
CREATE INDEX "addresses_town_idx" ON "addresses" USING btree ("organisation_id","town","id");--> statement-breakpoint
CREATE INDEX "client_assignments_created_idx" ON "client_assignments" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_assignments_partner_id_staff_user_id_key" ON "client_assignments" USING btree ("organisation_id","partner_id","staff_user_id");--> statement-breakpoint
CREATE INDEX "client_assignments_staff_user_id_idx" ON "client_assignments" USING btree ("organisation_id","staff_user_id","id");--> statement-breakpoint
CREATE INDEX "commissions_created_idx" ON "commissions" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "commissions_name_idx" ON "commissions" USING btree ("organisation_id","name","id");--> statement-breakpoint
CREATE INDEX "commissions_staff_user_id_idx" ON "commissions" USING btree ("organisation_id","staff_user_id","id");--> statement-breakpoint
CREATE INDEX "commissions_work_classification_id_idx" ON "commissions" USING btree ("organisation_id","work_classification_id","id");--> statement-breakpoint
CREATE INDEX "exchange_rates_created_idx" ON "exchange_rates" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_base_quote_valid_from_key" ON "exchange_rates" USING btree ("organisation_id","base","quote","valid_from");--> statement-breakpoint
CREATE INDEX "exchange_rates_valid_from_idx" ON "exchange_rates" USING btree ("organisation_id","valid_from","id");--> statement-breakpoint
CREATE INDEX "organisation_currencies_created_idx" ON "organisation_currencies" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_currencies_currency_key" ON "organisation_currencies" USING btree ("organisation_id","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_currencies_one_is_base_key" ON "organisation_currencies" USING btree ("organisation_id") WHERE "organisation_currencies"."is_base";--> statement-breakpoint
CREATE INDEX "standards_certifications_created_idx" ON "standards_certifications" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "standards_certifications_name_idx" ON "standards_certifications" USING btree ("organisation_id","name","id");--> statement-breakpoint
CREATE INDEX "supply_chain_networks_created_idx" ON "supply_chain_networks" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "supply_chain_networks_name_idx" ON "supply_chain_networks" USING btree ("organisation_id","name","id");--> statement-breakpoint
CREATE INDEX "tasks_created_idx" ON "tasks" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_status_idx" ON "tasks" USING btree ("organisation_id","status","id");--> statement-breakpoint
CREATE INDEX "tasks_priority_idx" ON "tasks" USING btree ("organisation_id","priority","id");--> statement-breakpoint
CREATE INDEX "tasks_assignee_user_id_idx" ON "tasks" USING btree ("organisation_id","assignee_user_id","id");--> statement-breakpoint
CREATE INDEX "tasks_partner_id_idx" ON "tasks" USING btree ("organisation_id","partner_id","id");--> statement-breakpoint
CREATE INDEX "tasks_title_idx" ON "tasks" USING btree ("organisation_id","title","id");--> statement-breakpoint
CREATE INDEX "work_allocations_created_idx" ON "work_allocations" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "work_allocations_work_classification_id_idx" ON "work_allocations" USING btree ("organisation_id","work_classification_id","id");--> statement-breakpoint
CREATE INDEX "work_allocations_department_id_idx" ON "work_allocations" USING btree ("organisation_id","department_id","id");--> statement-breakpoint
CREATE INDEX "work_allocations_staff_user_id_idx" ON "work_allocations" USING btree ("organisation_id","staff_user_id","id");--> statement-breakpoint
CREATE INDEX "work_classifications_created_idx" ON "work_classifications" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "work_classifications_code_key" ON "work_classifications" USING btree ("organisation_id","code");--> statement-breakpoint
CREATE INDEX "work_classifications_name_idx" ON "work_classifications" USING btree ("organisation_id","name","id");