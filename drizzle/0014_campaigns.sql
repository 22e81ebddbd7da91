CREATE TABLE "hedef81_cities" (
	"city_id" integer PRIMARY KEY NOT NULL,
	"order_id" integer,
	"reached_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_states" ADD COLUMN "campaign" text;