CREATE TABLE "order_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"variant" text DEFAULT '' NOT NULL,
	"box_type" text,
	"name" text NOT NULL,
	"package_content" text DEFAULT '' NOT NULL,
	"thumb_name" text,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"original_price" integer NOT NULL,
	"tax_rate_bp" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"order_number" text NOT NULL,
	"user_id" integer,
	"email" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"delivery_type" text NOT NULL,
	"delivery_details" text DEFAULT '' NOT NULL,
	"ready_date" date NOT NULL,
	"estimated_delivery" date,
	"carrier" text,
	"tracking_number" text,
	"address" jsonb NOT NULL,
	"gift_note" text DEFAULT '' NOT NULL,
	"media_link" text DEFAULT '' NOT NULL,
	"promo_code" text,
	"product_total" integer NOT NULL,
	"delivery_cost" integer NOT NULL,
	"discount_amount" integer DEFAULT 0 NOT NULL,
	"used_bonus" integer DEFAULT 0 NOT NULL,
	"need_to_pay" integer NOT NULL,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"tax_snapshot" jsonb NOT NULL,
	"contracts" jsonb,
	"basket_id" integer,
	"payment_ref" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "orders_order_number_unique" UNIQUE("order_number")
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","ready_date");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_basket_uq" ON "orders" USING btree ("basket_id");