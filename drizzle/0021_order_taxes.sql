CREATE TABLE "order_taxes" (
	"order_id" integer NOT NULL,
	"rate_bp" integer NOT NULL,
	"net" integer NOT NULL,
	"tax" integer NOT NULL,
	CONSTRAINT "order_taxes_order_id_rate_bp_pk" PRIMARY KEY("order_id","rate_bp")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "net_total" integer;--> statement-breakpoint
ALTER TABLE "order_taxes" ADD CONSTRAINT "order_taxes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at");