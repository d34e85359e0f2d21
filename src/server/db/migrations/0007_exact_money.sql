-- Percentages become exact decimals, rounded to the 4 places the API now allows (src/shared/money).
ALTER TABLE "client_tiers" ALTER COLUMN "discount_pct" SET DATA TYPE numeric USING trim_scale(round("discount_pct"::numeric, 4));--> statement-breakpoint
ALTER TABLE "client_tiers" ALTER COLUMN "discount_pct" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "commissions" ALTER COLUMN "rate_pct" SET DATA TYPE numeric USING trim_scale(round("rate_pct"::numeric, 4));--> statement-breakpoint
ALTER TABLE "work_allocations" ALTER COLUMN "share_pct" SET DATA TYPE numeric USING trim_scale(round("share_pct"::numeric, 4));--> statement-breakpoint
ALTER TABLE "work_allocations" ALTER COLUMN "share_pct" SET DEFAULT '100';
