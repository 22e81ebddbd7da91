import { integer, pgTable, timestamp } from "drizzle-orm/pg-core";

/**
 * HEDEF81 (SPEC §2.5, §4 city campaign): the cities our cookies have reached. A city not in this table is a
 * campaign city: its first order costs 1 TL. The row is inserted by that order's transaction (primary key:
 * two first orders from one city cannot both win).
 */
export const hedef81Cities = pgTable("hedef81_cities", {
  cityId: integer("city_id").primaryKey(),
  orderId: integer("order_id"),
  reachedAt: timestamp("reached_at", { withTimezone: true }).notNull(),
});
