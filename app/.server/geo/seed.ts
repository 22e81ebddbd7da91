import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { geoCities, geoCounties } from "../db/schema/geo";
import { loadGeoData, type GeoData } from "./data";

const CHUNK = 25_000;

/**
 * Cities whose neighbourhoods the core seed always loads: İstanbul, the workshop's city and the
 * same-day delivery zone (the delivery seed prices its neighbourhoods).
 */
export const CORE_CITY_IDS = [34];
const isCore = (countyId: number) => CORE_CITY_IDS.includes(Math.floor(countyId / 100));

/**
 * Core geography: all 81 cities, all 973 counties and the neighbourhoods of CORE_CITY_IDS (≈ 1 k rows,
 * a few tens of ms). Inserting twice changes nothing.
 */
export async function seedGeo(db: Db): Promise<void> {
  const data = loadGeoData();
  await db.insert(geoCities).values(data.cities).onConflictDoNothing();
  await db.insert(geoCounties).values(data.counties).onConflictDoNothing();
  await insertNeighbourhoods(db, data.neighbourhoods.filter((n) => isCore(n.countyId)));
}

/**
 * Every other neighbourhood (≈ 72 k rows) in a few JSON batches expanded by PostgreSQL
 * (`json_to_recordset`) inside the seed's one transaction: ≈ 1–2 s on in-memory PGlite, more on a
 * busy machine. Always run by `npm start`; unit tests skip it unless they ask (GEO_SEED=full).
 */
export async function seedGeoRest(db: Db): Promise<void> {
  await insertNeighbourhoods(db, loadGeoData().neighbourhoods.filter((n) => !isCore(n.countyId)));
}

async function insertNeighbourhoods(db: Db, rows: GeoData["neighbourhoods"]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const batch = JSON.stringify(
      rows.slice(i, i + CHUNK).map((n) => ({ id: n.id, county_id: n.countyId, name: n.name, postal_code: n.postalCode })),
    );
    await db.execute(sql`
      insert into geo_neighbourhoods (id, county_id, name, postal_code)
      select id, county_id, name, postal_code
      from json_to_recordset(${batch}::json) as x(id integer, county_id integer, name text, postal_code text)
      on conflict (id) do nothing`);
  }
}
