import { describe, expect, it } from "vitest";
import { calculatorSchema, foldTr, matchesTr, optionsQuerySchema } from "./geo";

describe("Turkish search", () => {
  it("matches with or without Turkish letters", () => {
    expect(matchesTr("İstanbul", "ist")).toBe(true);
    expect(matchesTr("İstanbul", "İST")).toBe(true);
    expect(matchesTr("Iğdır", "ığd")).toBe(true);
    expect(matchesTr("Iğdır", "igdir")).toBe(true);
    expect(matchesTr("Kadıköy", "kadikoy")).toBe(true);
    expect(matchesTr("Kadıköy", "KADIKÖY")).toBe(true);
    expect(matchesTr("Şişli", "şiş")).toBe(true);
    expect(matchesTr("Şişli", "kad")).toBe(false);
    expect(foldTr("ÇAĞLAYAN")).toBe("caglayan");
  });
});

describe("calculator schema", () => {
  it("requires city and county with the Turkish messages", () => {
    const r = calculatorSchema.safeParse({ cityId: "", countyId: "" });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual(["Lütfen il seçiniz", "Lütfen ilçe seçiniz"]);
    expect(calculatorSchema.parse({ cityId: "34", countyId: "3415", areaId: "" })).toEqual({ cityId: 34, countyId: 3415, areaId: undefined });
  });
  it("options query ignores empty values and refuses junk", () => {
    expect(optionsQuerySchema.parse({ cityId: "6", date: "" })).toEqual({ cityId: 6 });
    expect(optionsQuerySchema.safeParse({ cityId: "x" }).success).toBe(false);
    expect(optionsQuerySchema.safeParse({ date: "23.11.2026" }).success).toBe(false);
  });
});
