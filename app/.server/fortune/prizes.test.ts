import { describe, expect, it } from "vitest";
import { buildProducts } from "../catalog/data";
import { fortuneTr } from "~/shared/texts/fortune.tr";

/**
 * The prize texts of the default (and seeded) periods name products the shop really sells, with the number of
 * cookies they hold (issue 22: 'Heyecanlı Kutu (12 kurabiye)' contradicted the 6-cookie box).
 */
describe("default prize texts", () => {
  const products = buildProducts();
  for (const prize of fortuneTr.defaultPeriod.prizes) {
    it(`'${prize}' is a product of the catalogue with that many cookies`, () => {
      const m = /^(.+) \((\d+) kurabiye\)$/.exec(prize);
      expect(m, "'<product name> (<n> kurabiye)'").not.toBeNull();
      const product = products.find((p) => p.name === m![1]);
      expect(product, `a product named '${m![1]}'`).toBeDefined();
      const cookies = /^(\d+) adet/.exec(product!.packageContent)?.[1];
      expect(cookies, product!.packageContent).toBe(m![2]);
    });
  }
});
