ALTER TABLE "payment_refunds" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_key_unique" UNIQUE("key");