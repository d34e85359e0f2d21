ALTER TABLE "contracts" ADD COLUMN "end_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "probation_reminded_at" timestamp with time zone;