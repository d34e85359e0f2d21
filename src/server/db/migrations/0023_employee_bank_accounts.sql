CREATE TABLE "employee_bank_accounts" (
	"organisation_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"holder" text NOT NULL,
	"iban" text,
	"bic" text,
	"account_number" text,
	"bank_code" text,
	"bank_name" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_bank_accounts_organisation_id_employee_id_pk" PRIMARY KEY("organisation_id","employee_id"),
	CONSTRAINT "employee_bank_accounts_number_check" CHECK ("employee_bank_accounts"."iban" is not null or "employee_bank_accounts"."account_number" is not null)
);
--> statement-breakpoint
ALTER TABLE "employee_bank_accounts" ADD CONSTRAINT "employee_bank_accounts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_bank_accounts" ADD CONSTRAINT "employee_bank_accounts_employee_fk" FOREIGN KEY ("organisation_id","employee_id") REFERENCES "public"."employees"("organisation_id","id") ON DELETE cascade ON UPDATE no action;