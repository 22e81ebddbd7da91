ALTER TABLE "orders" ADD COLUMN "installment_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "installment_interest" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_total" integer;--> statement-breakpoint
-- orders placed before installments were paid in one go: the card paid what the order asked
UPDATE "orders" SET "paid_total" = "need_to_pay";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "paid_total" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "installment" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "price" integer;