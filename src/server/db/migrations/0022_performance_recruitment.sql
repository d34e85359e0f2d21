CREATE TABLE "goals" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"cycle_id" uuid,
	"parent_id" uuid,
	"title" text NOT NULL,
	"description" text,
	"weight" text DEFAULT '1' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"due_date" date,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goals_organisation_id_id_pk" PRIMARY KEY("organisation_id","id"),
	CONSTRAINT "goals_progress_check" CHECK ("goals"."progress" between 0 and 100),
	CONSTRAINT "goals_status_check" CHECK ("goals"."status" in ('open', 'done', 'dropped')),
	CONSTRAINT "goals_not_own_parent_check" CHECK ("goals"."parent_id" is null or "goals"."parent_id" <> "goals"."id")
);
--> statement-breakpoint
CREATE TABLE "review_criteria" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"cycle_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"weight" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_criteria_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "review_cycles" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"self_review_due" date,
	"manager_review_due" date,
	"rating_scale_max" integer DEFAULT 5 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_cycles_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "review_ratings" (
	"organisation_id" uuid NOT NULL,
	"review_id" uuid NOT NULL,
	"criterion_id" uuid NOT NULL,
	"by" text NOT NULL,
	"rating" integer NOT NULL,
	"comment" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_ratings_organisation_id_review_id_criterion_id_by_pk" PRIMARY KEY("organisation_id","review_id","criterion_id","by"),
	CONSTRAINT "review_ratings_by_check" CHECK ("review_ratings"."by" in ('self', 'manager')),
	CONSTRAINT "review_ratings_rating_check" CHECK ("review_ratings"."rating" >= 1)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"cycle_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"reviewer_id" uuid,
	"status" text DEFAULT 'self_review' NOT NULL,
	"self_comment" text,
	"manager_comment" text,
	"self_submitted_at" timestamp with time zone,
	"manager_submitted_at" timestamp with time zone,
	"final_score" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_organisation_id_id_pk" PRIMARY KEY("organisation_id","id"),
	CONSTRAINT "reviews_status_check" CHECK ("reviews"."status" in ('self_review', 'manager_review', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "applicants" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"opening_id" uuid NOT NULL,
	"stage_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"cover_letter" text,
	"cv_file_key" text,
	"cv_name" text,
	"cv_type" text,
	"cv_bytes" integer,
	"source" text DEFAULT 'public' NOT NULL,
	"employee_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applicants_organisation_id_id_pk" PRIMARY KEY("organisation_id","id"),
	CONSTRAINT "applicants_status_check" CHECK ("applicants"."status" in ('active', 'hired', 'rejected', 'withdrawn')),
	CONSTRAINT "applicants_source_check" CHECK ("applicants"."source" in ('public', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "interviews" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"interviewer_id" uuid,
	"scheduled_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer DEFAULT 60 NOT NULL,
	"kind" text DEFAULT 'video' NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"feedback" text,
	"rating" integer,
	"recommendation" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interviews_organisation_id_id_pk" PRIMARY KEY("organisation_id","id"),
	CONSTRAINT "interviews_kind_check" CHECK ("interviews"."kind" in ('phone', 'video', 'onsite')),
	CONSTRAINT "interviews_status_check" CHECK ("interviews"."status" in ('scheduled', 'held', 'cancelled')),
	CONSTRAINT "interviews_rating_check" CHECK ("interviews"."rating" is null or "interviews"."rating" between 1 and 5),
	CONSTRAINT "interviews_recommendation_check" CHECK ("interviews"."recommendation" is null or "interviews"."recommendation" in ('strong_yes', 'yes', 'no', 'strong_no'))
);
--> statement-breakpoint
CREATE TABLE "job_openings" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"title" text NOT NULL,
	"department_id" uuid,
	"hiring_manager_id" uuid,
	"location" text NOT NULL,
	"employment_type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"salary_min_minor" bigint,
	"salary_max_minor" bigint,
	"salary_currency" text,
	"closes_on" date,
	"status" text DEFAULT 'draft' NOT NULL,
	"public_slug" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_openings_organisation_id_id_pk" PRIMARY KEY("organisation_id","id"),
	CONSTRAINT "job_openings_status_check" CHECK ("job_openings"."status" in ('draft', 'open', 'closed')),
	CONSTRAINT "job_openings_salary_check" CHECK ("job_openings"."salary_min_minor" is null or "job_openings"."salary_max_minor" is null or "job_openings"."salary_max_minor" >= "job_openings"."salary_min_minor")
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"job_title" text NOT NULL,
	"contract_type" text NOT NULL,
	"start_date" date NOT NULL,
	"salary_minor" bigint NOT NULL,
	"salary_currency" text NOT NULL,
	"salary_period" text NOT NULL,
	"hours_per_week" text NOT NULL,
	"probation_months" integer DEFAULT 0 NOT NULL,
	"notice_days" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"contract_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_organisation_id_id_pk" PRIMARY KEY("organisation_id","id"),
	CONSTRAINT "offers_status_check" CHECK ("offers"."status" in ('draft', 'sent', 'accepted', 'declined', 'withdrawn')),
	CONSTRAINT "offers_period_check" CHECK ("offers"."salary_period" in ('month', 'year'))
);
--> statement-breakpoint
CREATE TABLE "recruitment_stages" (
	"organisation_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"kind" text DEFAULT 'active' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recruitment_stages_organisation_id_id_pk" PRIMARY KEY("organisation_id","id")
);
--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_employee_fk" FOREIGN KEY ("organisation_id","employee_id") REFERENCES "public"."employees"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_cycle_fk" FOREIGN KEY ("organisation_id","cycle_id") REFERENCES "public"."review_cycles"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_parent_fk" FOREIGN KEY ("organisation_id","parent_id") REFERENCES "public"."goals"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_criteria" ADD CONSTRAINT "review_criteria_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_criteria" ADD CONSTRAINT "review_criteria_cycle_id_fk" FOREIGN KEY ("organisation_id","cycle_id") REFERENCES "public"."review_cycles"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cycles" ADD CONSTRAINT "review_cycles_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_ratings" ADD CONSTRAINT "review_ratings_review_fk" FOREIGN KEY ("organisation_id","review_id") REFERENCES "public"."reviews"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_ratings" ADD CONSTRAINT "review_ratings_criterion_fk" FOREIGN KEY ("organisation_id","criterion_id") REFERENCES "public"."review_criteria"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_cycle_fk" FOREIGN KEY ("organisation_id","cycle_id") REFERENCES "public"."review_cycles"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_employee_fk" FOREIGN KEY ("organisation_id","employee_id") REFERENCES "public"."employees"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_opening_fk" FOREIGN KEY ("organisation_id","opening_id") REFERENCES "public"."job_openings"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_stage_fk" FOREIGN KEY ("organisation_id","stage_id") REFERENCES "public"."recruitment_stages"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_employee_fk" FOREIGN KEY ("organisation_id","employee_id") REFERENCES "public"."employees"("organisation_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_applicant_fk" FOREIGN KEY ("organisation_id","applicant_id") REFERENCES "public"."applicants"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_interviewer_fk" FOREIGN KEY ("organisation_id","interviewer_id") REFERENCES "public"."organisation_members"("organisation_id","user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_openings" ADD CONSTRAINT "job_openings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_openings" ADD CONSTRAINT "job_openings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_openings" ADD CONSTRAINT "job_openings_department_fk" FOREIGN KEY ("organisation_id","department_id") REFERENCES "public"."departments"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_openings" ADD CONSTRAINT "job_openings_manager_fk" FOREIGN KEY ("organisation_id","hiring_manager_id") REFERENCES "public"."organisation_members"("organisation_id","user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_applicant_fk" FOREIGN KEY ("organisation_id","applicant_id") REFERENCES "public"."applicants"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_contract_fk" FOREIGN KEY ("organisation_id","contract_id") REFERENCES "public"."contracts"("organisation_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_stages" ADD CONSTRAINT "recruitment_stages_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goals_employee_idx" ON "goals" USING btree ("organisation_id","employee_id","cycle_id");--> statement-breakpoint
CREATE INDEX "goals_parent_idx" ON "goals" USING btree ("organisation_id","parent_id");--> statement-breakpoint
CREATE INDEX "review_criteria_created_idx" ON "review_criteria" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_criteria_cycle_id_name_key" ON "review_criteria" USING btree ("organisation_id","cycle_id","name");--> statement-breakpoint
CREATE INDEX "review_criteria_search_trgm_idx" ON "review_criteria" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "review_criteria_cycle_id_idx" ON "review_criteria" USING btree ("organisation_id","cycle_id","id");--> statement-breakpoint
CREATE INDEX "review_criteria_position_idx" ON "review_criteria" USING btree ("organisation_id","position","id");--> statement-breakpoint
CREATE INDEX "review_cycles_created_idx" ON "review_cycles" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_cycles_name_key" ON "review_cycles" USING btree ("organisation_id","name");--> statement-breakpoint
CREATE INDEX "review_cycles_search_trgm_idx" ON "review_cycles" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "review_cycles_period_start_idx" ON "review_cycles" USING btree ("organisation_id","period_start","id");--> statement-breakpoint
CREATE INDEX "review_cycles_status_idx" ON "review_cycles" USING btree ("organisation_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_cycle_employee_key" ON "reviews" USING btree ("organisation_id","cycle_id","employee_id");--> statement-breakpoint
CREATE INDEX "reviews_employee_idx" ON "reviews" USING btree ("organisation_id","employee_id");--> statement-breakpoint
CREATE INDEX "reviews_reviewer_idx" ON "reviews" USING btree ("organisation_id","reviewer_id","status");--> statement-breakpoint
CREATE INDEX "applicants_opening_idx" ON "applicants" USING btree ("organisation_id","opening_id","stage_id","created_at");--> statement-breakpoint
CREATE INDEX "applicants_email_idx" ON "applicants" USING btree ("organisation_id","email");--> statement-breakpoint
CREATE INDEX "interviews_applicant_idx" ON "interviews" USING btree ("organisation_id","applicant_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "interviews_interviewer_idx" ON "interviews" USING btree ("organisation_id","interviewer_id","scheduled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "job_openings_public_slug_key" ON "job_openings" USING btree ("public_slug");--> statement-breakpoint
CREATE INDEX "job_openings_status_idx" ON "job_openings" USING btree ("organisation_id","status","created_at");--> statement-breakpoint
CREATE INDEX "offers_applicant_idx" ON "offers" USING btree ("organisation_id","applicant_id","created_at");--> statement-breakpoint
CREATE INDEX "recruitment_stages_created_idx" ON "recruitment_stages" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "recruitment_stages_name_key" ON "recruitment_stages" USING btree ("organisation_id","name");--> statement-breakpoint
CREATE INDEX "recruitment_stages_search_trgm_idx" ON "recruitment_stages" USING gin ("organisation_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "recruitment_stages_position_idx" ON "recruitment_stages" USING btree ("organisation_id","position","id");--> statement-breakpoint
-- The list cache's change notices (migrations 0008 and 0010) for the new record tables.
CREATE TRIGGER review_cycles_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON review_cycles FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER review_criteria_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON review_criteria FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
CREATE TRIGGER recruitment_stages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON recruitment_stages FOR EACH STATEMENT EXECUTE FUNCTION fyn_table_changed();
--> statement-breakpoint
-- The new permission module `recruitment`: Owner and Admin hold it as they hold every module; Staff
-- does not read applicants (their CVs are personal data).
UPDATE "roles" SET "permissions" = (
  SELECT array_agg(DISTINCT p ORDER BY p) FROM (
    SELECT unnest("roles"."permissions") p
    UNION SELECT 'recruitment.' || a FROM unnest(array['view','create','update','delete','export']) a
  ) x
) WHERE "builtin" IN ('owner', 'admin');
--> statement-breakpoint
-- Every organisation gets the standard pipeline (new ones get it when they are made).
INSERT INTO "recruitment_stages" ("organisation_id", "id", "name", "position", "kind")
SELECT o.id, gen_random_uuid(), s.name, s.position, s.kind
  FROM "organisations" o
 CROSS JOIN (VALUES ('Applied', 0, 'active'), ('Screening', 1, 'active'), ('Interview', 2, 'active'), ('Offer', 3, 'active'), ('Hired', 4, 'hired'), ('Rejected', 5, 'rejected')) AS s(name, position, kind)
 WHERE NOT EXISTS (SELECT 1 FROM "recruitment_stages" r WHERE r.organisation_id = o.id);
--> statement-breakpoint
-- Organisations made before migrations 0016 and 0019 got no standard leave types, annual leave
-- policy or task checklists (new ones get them when they are made: crm/service.ts
-- createReferenceLists). Those without any get the same standard set now, editable as ever.
INSERT INTO "leave_types" ("organisation_id", "id", "code", "name", "paid", "deducts_balance", "requires_hr_approval", "allow_half_days")
SELECT o.id, gen_random_uuid(), s.code, s.name, s.paid, s.deducts, s.hr, s.half
  FROM "organisations" o
 CROSS JOIN (VALUES
   ('ANNUAL', 'Annual leave', true, true, false, true),
   ('SICK', 'Sick leave', true, false, false, true),
   ('UNPAID', 'Unpaid leave', false, false, true, true),
   ('PARENTAL', 'Parental leave', true, false, true, false),
   ('COMPASSIONATE', 'Compassionate leave', true, false, false, true)
 ) AS s(code, name, paid, deducts, hr, half)
 WHERE NOT EXISTS (SELECT 1 FROM "leave_types" t WHERE t.organisation_id = o.id);
--> statement-breakpoint
INSERT INTO "leave_policies" ("organisation_id", "id", "leave_type_id", "name", "yearly_allowance", "accrual", "carry_forward_limit", "carry_forward_expiry_months")
SELECT t.organisation_id, gen_random_uuid(), t.id, 'Annual leave', '25', 'monthly', '5', 3
  FROM "leave_types" t
 WHERE t.code = 'ANNUAL' AND NOT EXISTS (SELECT 1 FROM "leave_policies" p WHERE p.organisation_id = t.organisation_id);
--> statement-breakpoint
INSERT INTO "task_templates" ("organisation_id", "id", "title", "attach_to", "anchor", "offset_days", "mode", "priority")
SELECT o.id, gen_random_uuid(), s.title, s.attach_to, s.anchor, s.offset_days, s.mode, s.priority
  FROM "organisations" o
 CROSS JOIN (VALUES
   ('Check the booking against the quotation and send it to the carrier', 'booking', 'created', 0, NULL, 'high'),
   ('Collect the VGM and send it to the carrier', 'shipment', 'etd', -3, 'sea_fcl', 'high'),
   ('Issue the house bill of lading draft for the shipper’s approval', 'shipment', 'etd', -2, 'sea_fcl', 'normal'),
   ('Issue the house bill of lading draft for the shipper’s approval', 'shipment', 'etd', -2, 'sea_lcl', 'normal'),
   ('Send the arrival notice to the consignee', 'shipment', 'eta', -3, 'sea_fcl', 'normal'),
   ('Send the arrival notice to the consignee', 'shipment', 'eta', -3, 'sea_lcl', 'normal'),
   ('Book the haulier for delivery within free time', 'shipment', 'eta', 0, 'sea_fcl', 'high'),
   ('Confirm the flight and issue the house air waybill', 'shipment', 'etd', -1, 'air', 'high'),
   ('Send the arrival notice to the consignee', 'shipment', 'eta', 0, 'air', 'normal'),
   ('Send the collection note to the haulier', 'shipment', 'etd', -1, 'road_ftl', 'normal'),
   ('Get the signed CMR back (proof of delivery)', 'shipment', 'eta', 2, 'road_ftl', 'normal'),
   ('Check costs against the quotation and sign the job off', 'shipment', 'eta', 7, NULL, 'normal')
 ) AS s(title, attach_to, anchor, offset_days, mode, priority)
 WHERE NOT EXISTS (SELECT 1 FROM "task_templates" t WHERE t.organisation_id = o.id);
