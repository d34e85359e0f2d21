CREATE TABLE "ai_calls" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"organisation_id" uuid,
	"user_id" uuid,
	"feature" text NOT NULL,
	"request_id" text NOT NULL,
	"engine" text NOT NULL,
	"model" text,
	"status" text NOT NULL,
	"tokens_in" integer DEFAULT 0 NOT NULL,
	"tokens_out" integer DEFAULT 0 NOT NULL,
	"credits" integer NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"output" jsonb,
	"error" text,
	"subject_type" text,
	"subject_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_credit_alerts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"threshold" integer NOT NULL,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_credit_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"organisation_id" uuid,
	"actor_user_id" uuid,
	"kind" text NOT NULL,
	"pool" text NOT NULL,
	"credits" integer NOT NULL,
	"feature" text,
	"request_id" text,
	"period_start" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_credit_entries_kind" CHECK (kind in ('grant', 'purchase', 'consume', 'refund', 'expire', 'adjust')),
	CONSTRAINT "ai_credit_entries_pool" CHECK (pool in ('allowance', 'purchased'))
);
--> statement-breakpoint
CREATE TABLE "ai_member_caps" (
	"organisation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"monthly_cap" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_member_caps_organisation_id_user_id_pk" PRIMARY KEY("organisation_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "ai_calls" ADD CONSTRAINT "ai_calls_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_calls" ADD CONSTRAINT "ai_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_credit_entries" ADD CONSTRAINT "ai_credit_entries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_member_caps" ADD CONSTRAINT "ai_member_caps_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_member_caps" ADD CONSTRAINT "ai_member_caps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_calls_request_idx" ON "ai_calls" USING btree ("account_id","request_id");--> statement-breakpoint
CREATE INDEX "ai_calls_account_idx" ON "ai_calls" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_credit_alerts_once_idx" ON "ai_credit_alerts" USING btree ("account_id","period_start","threshold");--> statement-breakpoint
CREATE INDEX "ai_credit_entries_account_idx" ON "ai_credit_entries" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_credit_entries_grant_idx" ON "ai_credit_entries" USING btree ("account_id","period_start") WHERE kind = 'grant';--> statement-breakpoint
CREATE UNIQUE INDEX "ai_credit_entries_request_idx" ON "ai_credit_entries" USING btree ("account_id","request_id","kind","pool") WHERE request_id is not null;--> statement-breakpoint
-- The ledger is append-only: a correction is a new entry (adjust, refund), never an edit.
CREATE FUNCTION ai_credit_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ai_credit_entries is append-only: add an entry instead';
END $$;
--> statement-breakpoint
CREATE TRIGGER ai_credit_entries_no_update BEFORE UPDATE ON ai_credit_entries FOR EACH ROW EXECUTE FUNCTION ai_credit_entries_append_only();
