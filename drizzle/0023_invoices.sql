CREATE TABLE "invoice_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "invoice_counters_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"ettn" uuid NOT NULL,
	"ref_invoice_id" integer,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"total" integer NOT NULL,
	"xml" text NOT NULL,
	"copy" jsonb NOT NULL,
	"provider_ref" text,
	"last_error" text,
	"issued_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_ettn_unique" UNIQUE("ettn")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_kind_uq" ON "invoices" USING btree ("order_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_year_seq_uq" ON "invoices" USING btree ("series","year","seq");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status");