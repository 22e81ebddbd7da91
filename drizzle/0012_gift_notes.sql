CREATE TABLE "gift_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"code" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"is_message_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"hidden_at" timestamp with time zone,
	CONSTRAINT "gift_notes_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "gift_notes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "gift_notes" ADD CONSTRAINT "gift_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;