import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../db/testing";
import * as catalog from "./service";

/**
 * Product search on the seeded catalogue (issue 27 §1), through the service the page uses: Turkish input finds
 * the seeded products, cards carry current stock, a catalogue change is searched at once. Prints the time per
 * search (the issue asks ≤ 20 ms per answer on the server; printed, not asserted: the machine is shared).
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const first = async (q: string) => (await catalog.searchProducts(app, q)).products[0]?.name;

describe("search on the seeded catalogue", () => {
  it.each(["kis", "KIŞ", "kış", "Kis kutusu", "KIŞ KUTUSU", "kış kutsu"])("%s finds Kış Kutusu first", async (q) => {
    expect(await first(q)).toBe("Kış Kutusu");
  });

  it("diacritics optional, typos in longer words, contents and allergens", async () => {
    const names = async (q: string) => (await catalog.searchProducts(app, q)).products.map((p) => p.name);
    expect(await first("sicak cikolata")).toBe("Sıcak Çikolata Karışımı");
    expect(await first("cikolata")).toBe("Sıcak Çikolata Karışımı"); // the only name with the word
    expect((await names("çikolata")).length).toBeGreaterThan(10); // every cookie holds Belçika çikolatası
    expect(await first("dogum gunu")).toBe("Doğum Günü Kutusu");
    expect(await first("DOĞUM GÜNÜ MUMU")).toBe("Doğum Günü Mumu");
    expect(await first("heyecanli")).toBe("Heyecanlı Kutu");
    expect(await first("heyecnalı")).toBe("Heyecanlı Kutu");
    expect(await names("findik")).toEqual(expect.arrayContaining([expect.stringMatching(/^Fındıklı/)]));
    expect((await names("giresun")).every((n) => /^Fındıklı/.test(n))).toBe(true);
    expect(await first("yer fistigi")).toMatch(/^Yer Fıstığı Ezmeli/);
  });

  it("nothing found: no cards, a suggestion when a name word is near", async () => {
    expect(await catalog.searchProducts(app, "pizza")).toEqual({ products: [], suggestion: null });
    const r = await catalog.searchProducts(app, "kavnzoou");
    expect(r.products).toEqual([]);
    expect(r.suggestion).toBe("kavanozu");
  });

  it("a price change is searched at once (the index follows the cached catalogue)", async () => {
    const before = (await catalog.searchProducts(app, "kış kutusu")).products[0]!;
    const res = await catalog.setPrice(app, before.id, before.itemPrice + 100);
    expect(res.ok).toBe(true);
    const after = (await catalog.searchProducts(app, "kış kutusu")).products[0]!;
    expect(after.itemPrice).toBe(before.itemPrice + 100);
  });

  it("time per search on the seeded catalogue (printed)", async () => {
    const queries = ["kis", "KIŞ KUTUSU", "cikolata", "sicak cikolata", "heyecnalı", "fındık", "dogum gunu mumu", "pizza", "kavnzoou", "tereyağı süt gluten"];
    await catalog.invalidateCatalog(app);
    let t = performance.now();
    await catalog.searchProducts(app, "kis"); // reads the catalogue and builds the index
    const cold = performance.now() - t;
    t = performance.now();
    await catalog.searchProducts(app, "kış"); // index built, catalogue cached
    const firstWarm = performance.now() - t;
    const times: number[] = [];
    for (let round = 0; round < 20; round++) {
      for (const q of queries) {
        t = performance.now();
        await catalog.searchProducts(app, q);
        times.push(performance.now() - t);
      }
    }
    times.sort((a, b) => a - b);
    const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!.toFixed(2);
    const products = (await catalog.searchProducts(app, "")).products.length;
    console.log(
      `search timing (${times.length} searches of ${queries.length} queries): cold (catalogue read + index) ${cold.toFixed(1)} ms, ` +
        `first warm ${firstWarm.toFixed(2)} ms, median ${pct(50)} ms, p95 ${pct(95)} ms, max ${pct(100)} ms`,
    );
    expect(products).toBe(0); // an empty query searches nothing
    expect(times).toHaveLength(200);
  });
});
