import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../db/testing";
import { loadGeoData } from "./data";
import * as repo from "./repo";
import * as geo from "./service";
import { seedGeo, seedGeoRest } from "./seed";
import { GEO_REST_SEEDS, seedAll } from "../seed";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { GEO_SEED: "full" } });
});
afterAll(() => app.close());

describe("geography", () => {
  it("loads all 81 cities, 973 counties and every neighbourhood", async () => {
    const counts = await repo.countAll(app.db);
    expect(counts.cities).toBe(81);
    expect(counts.counties).toBe(973);
    expect(counts.neighbourhoods).toBe(loadGeoData().neighbourhoods.length);
    expect(counts.neighbourhoods).toBeGreaterThan(70_000);
  });

  it("city ids are plate codes and lists sort in Turkish order ('İstanbul' under İ)", async () => {
    const cities = await geo.listCities(app);
    expect(cities).toHaveLength(81);
    expect(cities.find((c) => c.name === "İstanbul")?.id).toBe(34);
    expect(cities.find((c) => c.name === "Ankara")?.id).toBe(6);
    const names = cities.map((c) => c.name);
    const i = names.indexOf("Iğdır");
    const ist = names.indexOf("İstanbul");
    const izmir = names.indexOf("İzmir");
    const isparta = names.indexOf("Isparta");
    // Turkish alphabet: … H, I, İ, J …: Iğdır and Isparta before İstanbul, İzmir; Çorum after Cankırı? no: C, Ç
    expect(i).toBeLessThan(ist);
    expect(isparta).toBeLessThan(ist);
    expect(ist).toBeLessThan(izmir);
    expect(names.indexOf("Çanakkale")).toBeGreaterThan(names.indexOf("Bursa"));
    expect(names.indexOf("Çorum")).toBeLessThan(names.indexOf("Denizli"));
    expect(names.indexOf("Şanlıurfa")).toBeGreaterThan(names.indexOf("Sivas"));
    expect(names[0]).toBe("Adana");
    expect(names.at(-1)).toBe("Zonguldak");
  });

  it("counties by city and neighbourhoods by county, with postal codes", async () => {
    const counties = await geo.listCounties(app, 34);
    expect(counties).toHaveLength(39);
    const kadikoy = counties.find((c) => c.name === "Kadıköy");
    expect(kadikoy).toBeDefined();
    expect(Math.floor(kadikoy!.id / 100)).toBe(34);
    const names = counties.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "tr")));
    const neigh = await geo.listNeighbourhoods(app, kadikoy!.id);
    expect(neigh.length).toBeGreaterThan(15);
    const moda = neigh.find((n) => n.name.startsWith("Caferağa"));
    expect(moda?.postalCode).toMatch(/^347\d\d$/);
    expect(Math.floor(moda!.id / 1000)).toBe(kadikoy!.id);
    expect(await geo.listCounties(app, 99)).toEqual([]);
  });

  it("every county has neighbourhoods and every county's list loads", async () => {
    const data = loadGeoData();
    const perCounty = new Map<number, number>();
    for (const n of data.neighbourhoods) perCounty.set(n.countyId, (perCounty.get(n.countyId) ?? 0) + 1);
    expect(perCounty.size).toBe(973);
    let total = 0;
    for (const city of await geo.listCities(app)) {
      for (const county of await geo.listCounties(app, city.id)) {
        const list = await geo.listNeighbourhoods(app, county.id);
        expect(list.length, county.name).toBe(perCounty.get(county.id));
        total += list.length;
      }
    }
    expect(total).toBe(data.neighbourhoods.length);
  });

  it("resolveAddress checks that each level belongs to the one above", async () => {
    const kadikoy = (await geo.listCounties(app, 34)).find((c) => c.name === "Kadıköy")!;
    const n = (await geo.listNeighbourhoods(app, kadikoy.id))[0]!;
    expect((await geo.resolveAddress(app, { cityId: 34, countyId: kadikoy.id, neighbourhoodId: n.id })).invalid).toBeUndefined();
    expect((await geo.resolveAddress(app, { cityId: 6, countyId: kadikoy.id })).invalid).toBe("county");
    expect((await geo.resolveAddress(app, { cityId: 34, countyId: kadikoy.id, neighbourhoodId: 1 })).invalid).toBe("neighbourhood");
    expect((await geo.resolveAddress(app, { cityId: 83 })).invalid).toBe("city");
    // a neighbourhood id is checked even without a county: refused, never ignored
    expect(await geo.resolveAddress(app, { cityId: 34, neighbourhoodId: n.id })).toEqual({ city: { id: 34, name: "İstanbul" }, invalid: "neighbourhood" });
    expect((await geo.resolveAddress(app, { cityId: 34, neighbourhoodId: 1 })).invalid).toBe("neighbourhood");
    expect((await geo.resolveAddress(app, { neighbourhoodId: n.id })).invalid).toBe("neighbourhood");
    expect((await geo.resolveAddress(app, { countyId: kadikoy.id })).invalid).toBe("county");
    expect(await geo.resolveAddress(app, { cityId: 34 })).toEqual({ city: { id: 34, name: "İstanbul" } });
  });

  it("seeding again inserts nothing new and is idempotent", async () => {
    await app.db.transaction(async (tx) => {
      await seedGeo(tx as never);
      await seedGeoRest(tx as never);
    });
    const counts = await repo.countAll(app.db);
    expect(counts.counties).toBe(973);
  });
});

describe("minimal geography for unit tests (GEO_SEED=minimal, the createTestApp default)", () => {
  it("has every city and county and İstanbul's neighbourhoods; the rest loads when asked", async () => {
    const small = await createTestApp();
    try {
      const counts = await repo.countAll(small.db);
      expect(counts).toMatchObject({ cities: 81, counties: 973 });
      const istanbul = loadGeoData().neighbourhoods.filter((n) => Math.floor(n.countyId / 100) === 34).length;
      expect(counts.neighbourhoods).toBe(istanbul);
      expect(await geo.listNeighbourhoods(small, 601)).toEqual([]);
      expect(await seedAll(small.database, GEO_REST_SEEDS)).toEqual(["geo-all"]);
      expect((await repo.countAll(small.db)).neighbourhoods).toBe(loadGeoData().neighbourhoods.length);
    } finally {
      await small.close();
    }
  });
});
