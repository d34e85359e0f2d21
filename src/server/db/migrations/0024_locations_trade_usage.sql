ALTER TABLE "locations" ADD COLUMN "coordinates" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "coordinates_flag" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "trade_name" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "trade_functions" text[];--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "port_code" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "city_code" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "emissions_unavailable" jsonb;