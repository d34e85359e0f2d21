ALTER TABLE "shipments" ADD COLUMN "place_of_receipt" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "pol" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "pod" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "place_of_delivery" text;--> statement-breakpoint
-- A confirmed booking's places move to its shipment, which is the record staff change from then on
-- (a booking is edited only while received): the documents print the shipment's.
UPDATE "shipments" s SET "place_of_receipt" = b."place_of_receipt", "pol" = b."pol", "pod" = b."pod", "place_of_delivery" = b."place_of_delivery"
  FROM "bookings" b WHERE b."organisation_id" = s."organisation_id" AND b."id" = s."booking_id";
