CREATE TABLE "delivery_carriers" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tracking_url" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_city_days" (
	"city_id" integer PRIMARY KEY NOT NULL,
	"min_day" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_closed_days" (
	"day" date PRIMARY KEY NOT NULL,
	"reason" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_pickup_locations" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"early_hour" integer NOT NULL,
	"late_hour" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_zone_areas" (
	"neighbourhood_id" integer PRIMARY KEY NOT NULL,
	"std_price" integer,
	"vip_price" integer,
	"std_free_from" integer,
	"vip_free_from" integer,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "geo_cities" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "geo_counties" (
	"id" integer PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "geo_neighbourhoods" (
	"id" integer PRIMARY KEY NOT NULL,
	"county_id" integer NOT NULL,
	"name" text NOT NULL,
	"postal_code" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_city_days" ADD CONSTRAINT "delivery_city_days_city_id_geo_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."geo_cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_zone_areas" ADD CONSTRAINT "delivery_zone_areas_neighbourhood_id_geo_neighbourhoods_id_fk" FOREIGN KEY ("neighbourhood_id") REFERENCES "public"."geo_neighbourhoods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geo_counties" ADD CONSTRAINT "geo_counties_city_id_geo_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."geo_cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geo_neighbourhoods" ADD CONSTRAINT "geo_neighbourhoods_county_id_geo_counties_id_fk" FOREIGN KEY ("county_id") REFERENCES "public"."geo_counties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "geo_counties_city_idx" ON "geo_counties" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "geo_neighbourhoods_county_idx" ON "geo_neighbourhoods" USING btree ("county_id");