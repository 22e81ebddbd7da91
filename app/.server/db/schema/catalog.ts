import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Nutrition per 100 g (SPEC §2.5): kcal, then grams (salt too). */
export interface Nutrition {
  cal: number;
  fat: number;
  satfat: number;
  carb: number;
  sugar: number;
  pro: number;
  salt: number;
}

/** Alternate images of a product (SPEC §3 altimg: One, Two, Three), each an image name under /img/products. */
export interface AltImages {
  One?: string;
  Two?: string;
  Three?: string;
}

export const PRODUCT_GROUPS = ["single", "cookie", "gift", "corp"] as const;

/**
 * Product lists: the main group (home), top-level groups (/home/{group}) and sub groups (/home/sub/{group}).
 * Which products a list shows, and in which order, is `catalog_group_products`.
 */
export const catalogGroups = pgTable("catalog_groups", {
  code: text("code").primaryKey(),
  kind: text("kind", { enum: ["main", "group", "sub"] }).notNull(),
  name: text("name").notNull(),
  headline: text("headline").notNull(),
  description: text("description").notNull().default(""),
  position: integer("position").notNull().default(0),
  active: boolean("active").notNull().default(true),
});

/** Box types a product can be packed in (SPEC §3 Box type: name and image URL). */
export const catalogBoxTypes = pgTable("catalog_box_types", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  imageUrl: text("image_url").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
});

export const catalogProducts = pgTable(
  "catalog_products",
  {
    /** The productId of SPEC §3 (e.g. 20002 'Heyecanlı Kutu'). */
    id: integer("id").primaryKey(),
    name: text("name").notNull(),
    desc: text("desc").notNull().default(""),
    longDesc: text("long_desc").notNull().default(""),
    packageContent: text("package_content").notNull().default(""),
    /** VAT-inclusive price in kuruş. */
    itemPrice: integer("item_price").notNull(),
    /** Price before discount in kuruş; equal to itemPrice when there is no discount. */
    originalPrice: integer("original_price").notNull(),
    /** Image name under /img/products (without extension). */
    imgName: text("img_name").notNull(),
    altImages: jsonb("alt_images").$type<AltImages>().notNull().default({}),
    defaultBox: text("default_box").references(() => catalogBoxTypes.code),
    /** 1 to 3 drops: how soft and gooey the inside is. */
    innerTexture: integer("inner_texture"),
    group: text("group", { enum: PRODUCT_GROUPS }).notNull(),
    weightG: integer("weight_g"),
    contains: text("contains").notNull().default(""),
    allergens: text("allergens").notNull().default(""),
    care: text("care").notNull().default(""),
    heating: text("heating").notNull().default(""),
    nutrition: jsonb("nutrition").$type<Nutrition>(),
    /** Units that can still be sold; null: made to order without a limit. */
    stock: integer("stock"),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("catalog_products_created_idx").on(t.createdAt)],
);

/** Choices within one product (e.g. ribbon colour of a gift box); the price difference is in kuruş. */
export const catalogVariants = pgTable(
  "catalog_variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => catalogProducts.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    name: text("name").notNull(),
    priceDelta: integer("price_delta").notNull().default(0),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("catalog_variants_product_idx").on(t.productId)],
);

export const catalogGroupProducts = pgTable(
  "catalog_group_products",
  {
    groupCode: text("group_code")
      .notNull()
      .references(() => catalogGroups.code, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => catalogProducts.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.groupCode, t.productId] })],
);

/** The static cookie catalogue ('cookie book', SPEC §3): 15 current and 2 archived varieties. */
export const catalogCookies = pgTable("catalog_cookies", {
  /** pID of the variety. */
  pid: text("pid").primaryKey(),
  name: text("name").notNull(),
  image: text("image").notNull(),
  ingredients: text("ingredients").notNull(),
  /** First production month, 'YYYY-MM'. */
  firstProduced: text("first_produced").notNull(),
  sizes: jsonb("sizes").$type<number[]>().notNull(),
  nutrition: jsonb("nutrition").$type<Nutrition>().notNull(),
  archived: boolean("archived").notNull().default(false),
  position: integer("position").notNull().default(0),
});

/** Products baked today and waiting in the workshop window (/vitrin), with their own stock. */
export const catalogStorefront = pgTable("catalog_storefront", {
  productId: integer("product_id")
    .primaryKey()
    .references(() => catalogProducts.id, { onDelete: "cascade" }),
  stock: integer("stock").notNull(),
  producedOn: date("produced_on", { mode: "string" }).notNull(),
  note: text("note").notNull().default(""),
});

/**
 * Units sold per product and day before this shop's own orders existed (imported history). Top five adds
 * the order lines of placed orders on top of it.
 */
export const catalogSalesHistory = pgTable(
  "catalog_sales_history",
  {
    productId: integer("product_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    quantity: integer("quantity").notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.day] })],
);
