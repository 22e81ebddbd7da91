import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config";
import { EXAMPLE_SELLER, EXAMPLE_SELLER_ENV, SELLER_REQUIRED } from "./env";
import { getSellerIdentity, installSellerIdentity } from "./service";

const REAL = {
  SELLER_TITLE: "Deneme Gıda Sanayi ve Ticaret A.Ş.",
  SELLER_MERSIS: "0123456789000015",
  SELLER_VKN: "1234567890",
  SELLER_TAX_OFFICE: "Kadıköy",
  SELLER_ADDRESS: "Caferağa Mah. Moda Cad. No: 12",
  SELLER_DISTRICT: "Kadıköy",
  SELLER_CITY: "İstanbul",
  SELLER_POSTAL_CODE: "34710",
  SELLER_KEP: "deneme@hs01.kep.tr",
  SELLER_PHONE: "0216 555 01 20",
  SELLER_EMAIL: "bilgi@deneme.com.tr",
  SELLER_ETBIS_NUMBER: "7530465892",
  SELLER_ETBIS_URL: "https://etbis.ticaret.gov.tr/tr/SiteDogrulama/7530465892",
};

describe("the seller's identity as configuration (issue 26 §1)", () => {
  it("development with no SELLER_* variable: the demo's example identity, marked", () => {
    const c = loadConfig({ NODE_ENV: "development" });
    expect(c.seller).toEqual(EXAMPLE_SELLER);
    expect(c.seller.example).toBe(true);
    expect(c.seller.title).toContain("ÖRNEK");
  });

  it("a real shop in production (SEED=catalog|none) refuses to start without it, naming the first missing variable", () => {
    for (const SEED of ["catalog", "none"]) {
      expect(() => loadConfig({ NODE_ENV: "production", SEED })).toThrow(ConfigError);
      expect(() => loadConfig({ NODE_ENV: "production", SEED })).toThrow(/SELLER_TITLE is required in production/);
    }
    for (const k of SELLER_REQUIRED) {
      const env: Record<string, string> = { NODE_ENV: "production", SEED: "catalog", ...REAL };
      delete env[k];
      expect(() => loadConfig(env), k).toThrow(new RegExp(`${k} is required`));
    }
  });

  it("the demo that `npm start` serves (production, SEED=demo, the default) runs with the marked example", () => {
    for (const env of [{ NODE_ENV: "production" }, { NODE_ENV: "production", SEED: "demo" }]) {
      const c = loadConfig(env);
      expect(c.seller).toEqual(EXAMPLE_SELLER);
      expect(c.seller.example).toBe(true);
    }
    // a partly set identity is still refused there
    expect(() => loadConfig({ NODE_ENV: "production", SELLER_TITLE: "Deneme Ltd. Şti." })).toThrow(ConfigError);
  });

  it("production with every value: used as given, not an example", () => {
    const c = loadConfig({ NODE_ENV: "production", PUBLIC_URL: "https://deneme.com.tr", ...REAL });
    expect(c.seller).toEqual({
      title: REAL.SELLER_TITLE,
      brand: "Kurabiye Atölyesi",
      mersis: REAL.SELLER_MERSIS,
      vkn: REAL.SELLER_VKN,
      taxOffice: "Kadıköy",
      address: { line: REAL.SELLER_ADDRESS, district: "Kadıköy", city: "İstanbul", postalCode: "34710" },
      kep: REAL.SELLER_KEP,
      phone: REAL.SELLER_PHONE,
      phoneE164: "+902165550120",
      email: REAL.SELLER_EMAIL,
      web: "https://deneme.com.tr",
      etbis: { number: REAL.SELLER_ETBIS_NUMBER, url: REAL.SELLER_ETBIS_URL },
      bank: null,
      example: false,
    });
    const withBank = loadConfig({ NODE_ENV: "production", ...REAL, SELLER_BANK: "Deneme Bankası", SELLER_IBAN: "tr33 0006 1005 1978 6457 8413 26", SELLER_WEB: "https://www.deneme.com.tr/" });
    expect(withBank.seller.bank).toEqual({ name: "Deneme Bankası", iban: "TR330006100519786457841326" });
    expect(withBank.seller.web).toBe("https://www.deneme.com.tr");
  });

  it("every rule: a bad value stops start-up with the variable and the rule", () => {
    const bad: [string, string, RegExp][] = [
      ["SELLER_VKN", "1234567891", /SELLER_VKN must be a VKN: 10 digits with a valid check digit/],
      ["SELLER_VKN", "123456789", /SELLER_VKN must be a VKN/],
      ["SELLER_MERSIS", "012345678900001", /SELLER_MERSIS must be a MERSİS number: 16 digits/],
      ["SELLER_POSTAL_CODE", "3471", /SELLER_POSTAL_CODE/],
      ["SELLER_PHONE", "12345", /SELLER_PHONE must be a Turkish phone number/],
      ["SELLER_EMAIL", "bilgi", /SELLER_EMAIL/],
      ["SELLER_KEP", "deneme.kep.tr", /SELLER_KEP/],
      ["SELLER_ETBIS_URL", "http://etbis.ticaret.gov.tr/", /SELLER_ETBIS_URL must be the https/],
      ["SELLER_IBAN", "TR340006100519786457841326", /SELLER_IBAN must be a Turkish IBAN/],
      ["SELLER_TITLE", "  ", /SELLER_TITLE/],
    ];
    for (const [k, v, re] of bad) {
      const env = { NODE_ENV: "production", ...REAL, SELLER_BANK: "Deneme Bankası", SELLER_IBAN: "TR330006100519786457841326", [k]: v };
      expect(() => loadConfig(env), `${k}=${v}`).toThrow(re);
    }
    expect(() => loadConfig({ NODE_ENV: "production", ...REAL, SELLER_BANK: "Deneme Bankası" })).toThrow(/SELLER_IBAN must be set together/);
  });

  it("outside production, a partly set identity is refused too (no mixing with the example)", () => {
    expect(() => loadConfig({ NODE_ENV: "development", SELLER_TITLE: "Deneme A.Ş." })).toThrow(/SELLER_MERSIS is required once any SELLER_\* variable is set/);
  });

  it("the example as variables passes every rule (the e2e harness starts production with it)", () => {
    const c = loadConfig({ NODE_ENV: "production", ...EXAMPLE_SELLER_ENV });
    expect({ ...c.seller, example: true }).toEqual(EXAMPLE_SELLER);
  });

  it("getSellerIdentity() returns the identity boot installed", () => {
    const c = loadConfig({ NODE_ENV: "test", ...REAL });
    installSellerIdentity(c);
    expect(getSellerIdentity().title).toBe(REAL.SELLER_TITLE);
    installSellerIdentity(loadConfig({ NODE_ENV: "test" }));
    expect(getSellerIdentity()).toEqual(EXAMPLE_SELLER);
  });
});
