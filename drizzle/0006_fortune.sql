CREATE TABLE "fortune_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_id" integer NOT NULL,
	"nick" text NOT NULL,
	"chance_no" integer NOT NULL,
	"device_id" text NOT NULL,
	"ip" text NOT NULL,
	"won" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fortune_nicks" (
	"nick" text PRIMARY KEY NOT NULL,
	"display_nick" text NOT NULL,
	"follower" boolean DEFAULT false NOT NULL,
	"fortune_id" integer,
	"fortune_given_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fortune_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"prize_count" integer NOT NULL,
	"reserve_count" integer DEFAULT 0 NOT NULL,
	"prizes" jsonb NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"win_chance_bp" integer DEFAULT 1500 NOT NULL,
	"follower_chances" integer DEFAULT 3 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fortune_winners" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"nick" text NOT NULL,
	"display_nick" text NOT NULL,
	"code" text NOT NULL,
	"won_at" timestamp with time zone NOT NULL,
	"claim_by" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	CONSTRAINT "fortune_winners_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "fortunes" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fortune_entries" ADD CONSTRAINT "fortune_entries_period_id_fortune_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."fortune_periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fortune_nicks" ADD CONSTRAINT "fortune_nicks_fortune_id_fortunes_id_fk" FOREIGN KEY ("fortune_id") REFERENCES "public"."fortunes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fortune_winners" ADD CONSTRAINT "fortune_winners_period_id_fortune_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."fortune_periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fortune_entries_chance_uq" ON "fortune_entries" USING btree ("period_id","nick","chance_no");--> statement-breakpoint
CREATE INDEX "fortune_entries_device_idx" ON "fortune_entries" USING btree ("period_id","device_id");--> statement-breakpoint
CREATE INDEX "fortune_entries_ip_idx" ON "fortune_entries" USING btree ("period_id","ip");--> statement-breakpoint
CREATE INDEX "fortune_periods_time_idx" ON "fortune_periods" USING btree ("starts_at","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fortune_winners_seq_uq" ON "fortune_winners" USING btree ("period_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "fortune_winners_nick_uq" ON "fortune_winners" USING btree ("period_id","nick");