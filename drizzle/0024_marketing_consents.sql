CREATE TABLE "marketing_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"user_id" integer,
	"text_version" text NOT NULL,
	"source" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "marketing_consents_recipient_idx" ON "marketing_consents" USING btree ("recipient","channel","id");--> statement-breakpoint
CREATE INDEX "marketing_consents_user_idx" ON "marketing_consents" USING btree ("user_id");