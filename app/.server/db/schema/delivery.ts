import { boolean, date, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { geoCities, geoNeighbourhoods } from "./geo";

/**
 * Delivery configuration (SPEC §3 Delivery options, §4, §9), editable by staff. Scalar settings are
 * key → JSON rows validated with zod when loaded (app/.server/delivery/config.ts); lists are tables.
 */
export const deliverySettings = pgTable("delivery_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** National cargo firms offered under 'Other' (SPEC §9); {tracking} in the URL is the tracking number. */
export const deliveryCarriers = pgTable("delivery_carriers", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  trackingUrl: text("tracking_url").notNull(),
  position: integer("position").notNull().default(0),
  active: boolean("active").notNull().default(true),
});

/** Workshop / store pickup points with their first and last pickup hour (inclusive). */
export const deliveryPickupLocations = pgTable("delivery_pickup_locations", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  displayName: text("display_name").notNull(),
  details: text("details").notNull().default(""),
  earlyHour: integer("early_hour").notNull(),
  lateHour: integer("late_hour").notNull(),
  position: integer("position").notNull().default(0),
  active: boolean("active").notNull().default(true),
});

/** Days without production or dispatch (public holidays, closures). Closed weekdays are a setting. */
export const deliveryClosedDays = pgTable("delivery_closed_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  reason: text("reason").notNull().default(""),
});

/** Minimum carrier delivery days per city (the coloured city list: 1 green, 2 yellow, ≥ 3 red). */
export const deliveryCityDays = pgTable("delivery_city_days", {
  cityId: integer("city_id")
    .primaryKey()
    .references(() => geoCities.id),
  minDay: integer("min_day").notNull(),
});

/** Neighbourhoods of the same-day city covered by door delivery, with prices in kuruş. */
export const deliveryZoneAreas = pgTable("delivery_zone_areas", {
  neighbourhoodId: integer("neighbourhood_id")
    .primaryKey()
    .references(() => geoNeighbourhoods.id),
  stdPrice: integer("std_price"),
  vipPrice: integer("vip_price"),
  /** Product total from which standard / VIP door delivery is free; null: never free. */
  stdFreeFrom: integer("std_free_from"),
  vipFreeFrom: integer("vip_free_from"),
  active: boolean("active").notNull().default(true),
});
