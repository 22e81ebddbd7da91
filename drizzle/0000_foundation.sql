CREATE TABLE "menu_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"parent_page_id" integer,
	"position" integer NOT NULL,
	"size" text DEFAULT 'small' NOT NULL,
	"name" text NOT NULL,
	"link" text,
	"header" text DEFAULT '' NOT NULL,
	"sub_header" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"bg_colour" text DEFAULT '#5b3a29' NOT NULL,
	"text_colour" text DEFAULT '#ffffff' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "menu_items_page_id_unique" UNIQUE("page_id")
);
--> statement-breakpoint
CREATE TABLE "site_status" (
	"id" integer PRIMARY KEY NOT NULL,
	"maintenance" boolean DEFAULT false NOT NULL,
	"maintenance_note" text DEFAULT '' NOT NULL,
	"top_msg" text DEFAULT '' NOT NULL,
	"bot_msg" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"dedupe_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "jobs_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "seed_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "jobs_pending_idx" ON "jobs" USING btree ("status","run_at");