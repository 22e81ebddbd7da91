import type { AppContext } from "../context";
import * as repo from "./repo";
import { loadGeoData } from "./data";

/** Turkish geography, read once per process (it never changes while the shop runs). */
export interface City {
  id: number;
  name: string;
}
export interface County {
  id: number;
  cityId: number;
  name: string;
}
export interface Neighbourhood {
  id: number;
  countyId: number;
  name: string;
  postalCode: string;
}

export const trCompare = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, "tr");

export function listCities(app: AppContext): Promise<City[]> {
  return app.cache.get("geo:cities", async () => (await repo.readCities(app.db)).sort(trCompare));
}

export function listCounties(app: AppContext, cityId: number): Promise<County[]> {
  return app.cache.get(`geo:counties:${cityId}`, async () => (await repo.readCounties(app.db, cityId)).sort(trCompare));
}

export function listNeighbourhoods(app: AppContext, countyId: number): Promise<Neighbourhood[]> {
  return app.cache.get(`geo:neighbourhoods:${countyId}`, async () => (await repo.readNeighbourhoods(app.db, countyId)).sort(trCompare));
}

export async function getCity(app: AppContext, cityId: number): Promise<City | undefined> {
  return (await listCities(app)).find((c) => c.id === cityId);
}

export async function getCounty(app: AppContext, countyId: number): Promise<County | undefined> {
  return app.cache.get(`geo:county:${countyId}`, () => repo.readCounty(app.db, countyId));
}

/**
 * Checks that a county belongs to the city and a neighbourhood to the county; returns the resolved
 * names, or the first level that does not fit. A lower level without the one above it (a county
 * without a city, a neighbourhood without a county) is refused, never silently ignored.
 */
export async function resolveAddress(
  app: AppContext,
  ids: { cityId?: number; countyId?: number; neighbourhoodId?: number },
): Promise<{ city?: City; county?: County; neighbourhood?: Neighbourhood; invalid?: "city" | "county" | "neighbourhood" }> {
  const out: Awaited<ReturnType<typeof resolveAddress>> = {};
  if (ids.cityId === undefined) {
    if (ids.countyId !== undefined) return { invalid: "county" };
    if (ids.neighbourhoodId !== undefined) return { invalid: "neighbourhood" };
    return out;
  }
  out.city = await getCity(app, ids.cityId);
  if (!out.city) return { invalid: "city" };
  if (ids.countyId === undefined) return ids.neighbourhoodId !== undefined ? { city: out.city, invalid: "neighbourhood" } : out;
  const county = await getCounty(app, ids.countyId);
  if (!county || county.cityId !== out.city.id) return { city: out.city, invalid: "county" };
  out.county = county;
  if (ids.neighbourhoodId === undefined) return out;
  const neighbourhood = (await listNeighbourhoods(app, county.id)).find((n) => n.id === ids.neighbourhoodId);
  if (!neighbourhood) return { city: out.city, county, invalid: "neighbourhood" };
  out.neighbourhood = neighbourhood;
  return out;
}

/** Road distance in km between two cities (the package's KGM table); undefined when unknown. */
export function roadDistanceKm(fromCityId: number, toCityId: number): number | undefined {
  const code = (id: number) => String(id).padStart(2, "0");
  return loadGeoData().distances[code(fromCityId)]?.[code(toCityId)];
}

export function allCityIds(): number[] {
  return loadGeoData().cities.map((c) => c.id);
}
