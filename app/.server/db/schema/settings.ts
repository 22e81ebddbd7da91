import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Shop-wide settings staff can change (tax rates, loyalty earn rate…), key → JSON validated on read. */
export const shopSettings = pgTable("shop_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});
