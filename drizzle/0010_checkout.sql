CREATE TABLE "checkout_states" (
	"basket_id" integer PRIMARY KEY NOT NULL,
	"delivery" jsonb,
	"email" text,
	"payment" jsonb,
	"guest_chosen" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"addr_name" text DEFAULT '' NOT NULL,
	"full_name" text NOT NULL,
	"address" text NOT NULL,
	"city_id" integer NOT NULL,
	"county_id" integer NOT NULL,
	"area_id" integer,
	"phone" text NOT NULL,
	"firm_name" text DEFAULT '' NOT NULL,
	"tax_authority" text DEFAULT '' NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_addresses" ADD CONSTRAINT "saved_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_addresses_user_idx" ON "saved_addresses" USING btree ("user_id");