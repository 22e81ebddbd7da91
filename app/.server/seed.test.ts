import { describe, expect, it } from "vitest";
import { SEEDS, seedsFor } from "./seed";

describe("SEED switch", () => {
  it("demo seeds everything; catalog leaves out the demo promotion codes; none leaves out the products too", () => {
    const names = (mode: "demo" | "catalog" | "none") => seedsFor(mode).map(([n]) => n);
    expect(names("demo")).toEqual(SEEDS.map(([n]) => n));
    expect(names("catalog")).not.toContain("promos");
    expect(names("catalog")).toContain("catalog");
    expect(names("none")).not.toContain("promos");
    expect(names("none")).not.toContain("catalog");
    // what every shop needs stays
    for (const mode of ["catalog", "none"] as const) for (const n of ["site", "geo", "delivery", "fortune"]) expect(names(mode)).toContain(n);
  });
});
