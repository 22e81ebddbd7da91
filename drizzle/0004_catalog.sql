CREATE TABLE "catalog_box_types" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image_url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_cookies" (
	"pid" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image" text NOT NULL,
	"ingredients" text NOT NULL,
	"first_produced" text NOT NULL,
	"sizes" jsonb NOT NULL,
	"nutrition" jsonb NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_group_products" (
	"group_code" text NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalog_group_products_group_code_product_id_pk" PRIMARY KEY("group_code","product_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_groups" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"headline" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_products" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"desc" text DEFAULT '' NOT NULL,
	"long_desc" text DEFAULT '' NOT NULL,
	"package_content" text DEFAULT '' NOT NULL,
	"item_price" integer NOT NULL,
	"original_price" integer NOT NULL,
	"img_name" text NOT NULL,
	"alt_images" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"default_box" text,
	"inner_texture" integer,
	"group" text NOT NULL,
	"weight_g" integer,
	"contains" text DEFAULT '' NOT NULL,
	"allergens" text DEFAULT '' NOT NULL,
	"care" text DEFAULT '' NOT NULL,
	"heating" text DEFAULT '' NOT NULL,
	"nutrition" jsonb,
	"stock" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_sales_history" (
	"product_id" integer NOT NULL,
	"day" date NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "catalog_sales_history_product_id_day_pk" PRIMARY KEY("product_id","day")
);
--> statement-breakpoint
CREATE TABLE "catalog_storefront" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"stock" integer NOT NULL,
	"produced_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"price_delta" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"findus" text NOT NULL,
	"news" boolean NOT NULL,
	"message" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_group_products" ADD CONSTRAINT "catalog_group_products_group_code_catalog_groups_code_fk" FOREIGN KEY ("group_code") REFERENCES "public"."catalog_groups"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_group_products" ADD CONSTRAINT "catalog_group_products_product_id_catalog_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalog_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD CONSTRAINT "catalog_products_default_box_catalog_box_types_code_fk" FOREIGN KEY ("default_box") REFERENCES "public"."catalog_box_types"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_storefront" ADD CONSTRAINT "catalog_storefront_product_id_catalog_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalog_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_variants" ADD CONSTRAINT "catalog_variants_product_id_catalog_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalog_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_products_created_idx" ON "catalog_products" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "catalog_variants_product_idx" ON "catalog_variants" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");