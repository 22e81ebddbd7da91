ALTER TABLE "orders" ADD COLUMN "pickup_location" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_place" text;