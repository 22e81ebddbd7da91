CREATE TABLE "loyalty_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"order_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"actor" text DEFAULT 'system' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"intent_id" text,
	"order_ref" text,
	"user_id" integer,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount" integer,
	"provider_payment_id" text,
	"error_code" text,
	"error_message" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"order_ref" text NOT NULL,
	"user_id" integer,
	"provider" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'TRY' NOT NULL,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"save_card" boolean DEFAULT false NOT NULL,
	"saved_card_id" integer,
	"card_holder" text,
	"card_bin" text,
	"card_last_four" text,
	"card_type" text,
	"card_association" text,
	"card_family" text,
	"bank_name" text,
	"buyer_email" text NOT NULL,
	"buyer_ip" text,
	"provider_payment_id" text,
	"provider_transaction_id" text,
	"three_ds_html" text,
	"hook" text,
	"hook_context" jsonb,
	"return_url" text,
	"error_code" text,
	"message" text,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"intent_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"requested_by" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"provider_ref" text,
	"message" text,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_cards" (
	"card_token" text PRIMARY KEY NOT NULL,
	"card_user_key" text NOT NULL,
	"email" text,
	"bin" text NOT NULL,
	"last_four" text NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"outcome" text NOT NULL,
	"bin" text NOT NULL,
	"last_four" text NOT NULL,
	"register_card" boolean DEFAULT false NOT NULL,
	"card_user_key" text,
	"card_token" text,
	"email" text,
	"challenge_code" text,
	"challenge_tries_left" integer DEFAULT 3 NOT NULL,
	"md_status" text,
	"callback_url" text,
	"error_code" text,
	"error_message" text,
	"refunded" integer DEFAULT 0 NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"card_user_key" text NOT NULL,
	"card_token" text NOT NULL,
	"alias" text DEFAULT '' NOT NULL,
	"bin" text NOT NULL,
	"last_four" text NOT NULL,
	"card_type" text,
	"card_association" text,
	"card_family" text,
	"bank_name" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saved_cards_card_token_unique" UNIQUE("card_token")
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_user_idx" ON "loyalty_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_order_kind_uq" ON "loyalty_ledger" USING btree ("order_id","kind") WHERE "loyalty_ledger"."order_id" is not null and "loyalty_ledger"."kind" in ('earned', 'spent');--> statement-breakpoint
CREATE INDEX "payment_attempts_pending_idx" ON "payment_attempts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payment_attempts_intent_idx" ON "payment_attempts" USING btree ("intent_id");--> statement-breakpoint
CREATE INDEX "payment_attempts_order_idx" ON "payment_attempts" USING btree ("order_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_one_success_idx" ON "payment_intents" USING btree ("order_ref") WHERE status in ('succeeded', 'pending');--> statement-breakpoint
CREATE INDEX "payment_intents_order_idx" ON "payment_intents" USING btree ("order_ref");--> statement-breakpoint
CREATE INDEX "payment_intents_status_idx" ON "payment_intents" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "payment_refunds_intent_idx" ON "payment_refunds" USING btree ("intent_id");--> statement-breakpoint
CREATE INDEX "sandbox_payments_conversation_idx" ON "sandbox_payments" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "sandbox_payments_key_idx" ON "sandbox_payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "saved_cards_user_idx" ON "saved_cards" USING btree ("user_id");