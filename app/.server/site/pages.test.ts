import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../db/testing";
import { EXAMPLE_SELLER } from "../seller/env";
import { getInfoPage, INFO_PAGES } from "./pages";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

describe("the legal pages name the configured seller (issue 26 §1)", () => {
  it("the texts in the code hold placeholders only; the pages shown carry the configured title, address, e-mail and phone", async () => {
    for (const key of ["nda", "popd", "dely"] as const) {
      const original = JSON.stringify(INFO_PAGES[key].original);
      expect(original).not.toMatch(/Moda Cad|555 01 20|Limited Şirketi/);
      const shown = JSON.stringify((await getInfoPage(app, key)).page);
      expect(shown, key).not.toMatch(/\{(unvan|adres|eposta|telefon)\}/);
      expect(shown, key).toContain(EXAMPLE_SELLER.email);
    }
    const popd = JSON.stringify((await getInfoPage(app, "popd")).page);
    for (const s of [EXAMPLE_SELLER.title, "ÖRNEK adres, Moda Cad. No: 12, 34710 Kadıköy / İstanbul", EXAMPLE_SELLER.phone]) expect(popd).toContain(s);
  });
});
