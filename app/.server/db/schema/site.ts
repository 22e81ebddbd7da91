import { boolean, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** One row (id = 1): maintenance state and the header messages (SPEC §2.2, §2.3). */
export const siteStatus = pgTable("site_status", {
  id: integer("id").primaryKey(),
  maintenance: boolean("maintenance").notNull().default(false),
  /** Sanitised HTML shown on the maintenance screen. */
  maintenanceNote: text("maintenance_note").notNull().default(""),
  topMsg: text("top_msg").notNull().default(""),
  botMsg: text("bot_msg").notNull().default(""),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Side-menu tiles, pages 1–11 (SPEC §2.3, §3 Menu item and Page). */
export const menuItems = pgTable("menu_items", {
  id: serial("id").primaryKey(),
  pageId: integer("page_id").notNull().unique(),
  /** The tile that opens this one as a sub-menu entry (pages 9–11 belong to 8). */
  parentPageId: integer("parent_page_id"),
  position: integer("position").notNull(),
  size: text("size", { enum: ["small", "big", "info", "full"] }).notNull().default("small"),
  name: text("name").notNull(),
  link: text("link"),
  header: text("header").notNull().default(""),
  subHeader: text("sub_header").notNull().default(""),
  description: text("description").notNull().default(""),
  image: text("image"),
  bgColour: text("bg_colour").notNull().default("#5b3a29"),
  textColour: text("text_colour").notNull().default("#ffffff"),
  active: boolean("active").notNull().default(true),
});
