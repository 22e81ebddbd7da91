import { eq } from "drizzle-orm";
import { readTogether, type DbOrTx } from "../db/client";
import { geoCities, geoCounties, geoNeighbourhoods } from "../db/schema/geo";

export type CityRow = typeof geoCities.$inferSelect;
export type CountyRow = typeof geoCounties.$inferSelect;
export type NeighbourhoodRow = typeof geoNeighbourhoods.$inferSelect;

export function readCities(db: DbOrTx): Promise<CityRow[]> {
  return db.select().from(geoCities);
}

export function readCounties(db: DbOrTx, cityId: number): Promise<CountyRow[]> {
  return db.select().from(geoCounties).where(eq(geoCounties.cityId, cityId));
}

export async function readCounty(db: DbOrTx, countyId: number): Promise<CountyRow | undefined> {
  const [row] = await db.select().from(geoCounties).where(eq(geoCounties.id, countyId));
  return row;
}

export function readNeighbourhoods(db: DbOrTx, countyId: number): Promise<NeighbourhoodRow[]> {
  return db.select().from(geoNeighbourhoods).where(eq(geoNeighbourhoods.countyId, countyId));
}

export async function readNeighbourhood(db: DbOrTx, id: number): Promise<NeighbourhoodRow | undefined> {
  const [row] = await db.select().from(geoNeighbourhoods).where(eq(geoNeighbourhoods.id, id));
  return row;
}

export async function countAll(db: DbOrTx): Promise<{ cities: number; counties: number; neighbourhoods: number }> {
  const [cities, counties, neighbourhoods] = await readTogether(db, [
    db.$count(geoCities),
    db.$count(geoCounties),
    db.$count(geoNeighbourhoods),
  ]);
  return { cities, counties, neighbourhoods };
}
