CREATE TABLE "checkout_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"basket_id" integer NOT NULL,
	"status" text NOT NULL,
	"lines" jsonb NOT NULL,
	"ready_date" date NOT NULL,
	"promo_id" integer,
	"used_bonus" integer DEFAULT 0 NOT NULL,
	"user_id" integer,
	"draft" jsonb NOT NULL,
	"fingerprint" text NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promo_uses" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD COLUMN "hold_id" integer;--> statement-breakpoint
ALTER TABLE "promo_uses" ADD COLUMN "hold_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_holds_basket_held_uq" ON "checkout_holds" USING btree ("basket_id") WHERE status = 'held';--> statement-breakpoint
CREATE INDEX "checkout_holds_ready_idx" ON "checkout_holds" USING btree ("ready_date") WHERE status = 'held';--> statement-breakpoint
CREATE INDEX "checkout_holds_expiry_idx" ON "checkout_holds" USING btree ("expires_at") WHERE status = 'held';--> statement-breakpoint
ALTER TABLE "payment_intents" DROP COLUMN "hook";--> statement-breakpoint
ALTER TABLE "promo_uses" ADD CONSTRAINT "promo_uses_hold_id_unique" UNIQUE("hold_id");