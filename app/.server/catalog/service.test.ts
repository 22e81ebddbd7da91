import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../db/testing";
import * as catalog from "./service";
import { VARIETIES } from "./data";
import { max, sql } from "drizzle-orm";
import { catalogSalesHistory } from "../db/schema/catalog";
import { SEEDS, seedAll } from "../seed";

let app: TestApp;
/** Every key the cache has dropped: locally at once, and again when the database's notice comes back. */
const dropped: string[] = [];
/** Every key the cache has brought up to date from a notice (decision 0056). */
const patches: string[] = [];
beforeAll(async () => {
  app = await createTestApp();
  app.cache.onDrop((key) => dropped.push(key));
  app.cache.onPatched((key) => patches.push(key));
});

/** Runs `change`, then waits until its notice for `key` has come back (so no late drop follows the test's reads). */
async function settled(key: string, change: () => Promise<unknown>): Promise<void> {
  const seen = () => dropped.filter((k) => k === key).length;
  const before = seen();
  await change();
  for (let i = 0; i < 200 && seen() < before + 2; i++) await new Promise((r) => setTimeout(r, 10));
  expect(seen()).toBe(before + 2);
}
afterAll(() => app.close());

describe("seeded catalogue", () => {
  it("has at least 12 cookie varieties in the spec's sizes, one in 105 g", async () => {
    const cookies = await catalog.listGroup(app, "cookie", "group");
    expect(cookies).not.toBeNull();
    const singles = (await catalog.getProducts(app, cookies!.products.map((p) => p.id))).filter((p) => p.group === "single");
    const varieties = new Set(singles.map((p) => p.imgName));
    expect(varieties.size).toBeGreaterThanOrEqual(12);
    const sizes = new Set(singles.map((p) => p.weightG));
    for (const s of [30, 60, 90, 160, 105]) expect(sizes.has(s), `size ${s}`).toBe(true);
    expect(singles.filter((p) => p.weightG === 105)).toHaveLength(1);
  });

  it("product 20002 'Heyecanlı Kutu' is discounted above 10 % and has a default box", async () => {
    const p = await catalog.getProduct(app, 20002);
    expect(p?.name).toBe("Heyecanlı Kutu");
    expect(p!.discount).toBeGreaterThan(10);
    expect(p!.defaultBox?.imageUrl).toMatch(/^\/img\/boxes\//);
    expect(p!.altImages.length).toBeLessThanOrEqual(3);
    expect(p!.nutrition).toMatchObject({ cal: expect.any(Number), salt: expect.any(Number) });
  });

  it("has gift, corporate boxes and add-ons", async () => {
    expect((await catalog.listGroup(app, "gift", "group"))!.products.length).toBeGreaterThanOrEqual(3);
    expect((await catalog.listGroup(app, "corp", "group"))!.products.length).toBeGreaterThanOrEqual(2);
    expect((await catalog.listGroup(app, "ekstralar", "sub"))!.products.length).toBeGreaterThanOrEqual(3);
    expect(await catalog.listGroup(app, "ekstralar", "group")).toBeNull();
    expect(await catalog.listGroup(app, "yok", "group")).toBeNull();
  });

  it("the cookie book holds 15 current and 2 archived varieties", async () => {
    const { current, archived } = await catalog.listCookies(app);
    expect(current).toHaveLength(15);
    expect(archived).toHaveLength(2);
    expect(current[0]).toMatchObject({ pid: "K01", name: "Orijinal", firstProduced: "2017-03" });
    expect(VARIETIES.filter((v) => v.sizes.includes(105))).toHaveLength(1);
  });

  it("the storefront shows the original 90 g with stock 8", async () => {
    const items = await catalog.listStorefront(app);
    expect(items).toHaveLength(1);
    expect(items[0]!.product.name).toBe("Orijinal 90 g");
    expect(items[0]!.stock).toBe(8);
  });

  it("the seed dates the storefront and the sales history from the app clock (SHOP_NOW), not the database's day", async () => {
    // the test clock is 2026-11-23 10:00 Istanbul, whatever the real date is
    expect((await catalog.listStorefront(app))[0]!.producedOn).toBe("2026-11-23");
    const [last] = await app.db.select({ day: max(catalogSalesHistory.day) }).from(catalogSalesHistory);
    expect(last!.day).toBe("2026-11-22");
  });

  it("seeding again, even on a later day, changes nothing", async () => {
    const count = async () => (await app.db.select({ n: sql<number>`count(*)::int` }).from(catalogSalesHistory))[0]!.n;
    const before = await count();
    expect(await seedAll(app.database, SEEDS, "2026-12-01")).toEqual([]);
    expect(await count()).toBe(before);
    expect((await catalog.listStorefront(app))[0]!.producedOn).toBe("2026-11-23");
  });

  it("unknown product ids give null", async () => {
    expect(await catalog.getProduct(app, 99999)).toBeNull();
    expect(await catalog.getProduct(app, Number.NaN)).toBeNull();
  });
});

describe("prices", () => {
  it("a price change is visible at once (cache invalidated) and refuses nonsense", async () => {
    expect(await catalog.setPrice(app, 20002, 45000, 47900)).toMatchObject({ ok: true });
    expect((await catalog.getProduct(app, 20002))!.discount).toBe(6);
    expect((await catalog.listGroup(app, "gift", "group"))!.products.find((p) => p.id === 20002)!.itemPrice).toBe(45000);
    expect(await catalog.setPrice(app, 20002, 50000, 47900)).toEqual({ ok: false, error: "invalid" });
    expect(await catalog.setPrice(app, 12345, 100)).toEqual({ ok: false, error: "notFound" });
    await catalog.setPrice(app, 20002, 39900, 47900);
  });
});

describe("stock in the process cache", () => {
  /** Runs `change`, then waits until its stock notice has come back and brought the cached stock up to date. */
  async function patched(change: () => Promise<unknown>): Promise<void> {
    const before = patches.length;
    await change();
    for (let i = 0; i < 200 && patches.length === before; i++) await new Promise((r) => setTimeout(r, 10));
    expect(patches.length).toBe(before + 1);
  }
  /** The statements a read sends (0: answered from the cache). */
  async function statementsOf(read: () => Promise<unknown>): Promise<number> {
    const before = app.database.queries();
    await read();
    return app.database.queries() - before;
  }

  it("an order's stock change brings every read of the product up to date when it commits, without reading the stock again (decision 0056)", async () => {
    // a product of the main list, so the list's card is checked too
    const id = (await catalog.listGroup(app, catalog.MAIN_GROUP, "main"))!.products[0]!.id;
    await app.db.execute(sql`update catalog_products set stock = 10 where id = ${id}`);
    await settled("catalog:*", () => catalog.invalidateCatalog(app));
    const before = await catalog.getProduct(app, id);
    expect(before?.stock).toBe(10);
    const from = dropped.length;
    // the notice goes out when the transaction commits, with the new stock
    await patched(() =>
      app.db.transaction(async (tx) => {
        expect(await catalog.reserveStock(app, tx, [{ productId: id, quantity: 3 }])).toEqual({ ok: true });
      }),
    );
    expect(dropped.slice(from)).toEqual([]);
    expect(await statementsOf(() => catalog.getProduct(app, id))).toBe(0);
    const after = await catalog.getProduct(app, id);
    expect(after?.stock).toBe(7);
    expect({ ...after, stock: 10 }).toEqual(before);
    const card = (await catalog.getProducts(app, [id]))[0];
    expect(card?.stock).toBe(7);
    const listed = await catalog.listGroup(app, catalog.MAIN_GROUP, "main");
    expect(listed?.products.find((p) => p.id === id)?.stock).toBe(7);
    // a rolled-back order leaves the stock as it was (and sends no notice)
    const mark = patches.length;
    await app.db
      .transaction(async (tx) => {
        await catalog.reserveStock(app, tx, [{ productId: id, quantity: 7 }]);
        throw new Error("rolled back");
      })
      .catch(() => {});
    expect((await catalog.getProduct(app, id))?.stock).toBe(7);
    // several products: each taken only where enough is left, one notice (on the last product's statement) with both
    const other = (await catalog.listGroup(app, catalog.MAIN_GROUP, "main"))!.products[1]!.id;
    await app.db.execute(sql`update catalog_products set stock = 2 where id = ${other}`);
    await settled("catalog:*", () => catalog.invalidateCatalog(app));
    expect(patches.length).toBe(mark);
    const pair = [{ productId: other, quantity: 2 }, { productId: id, quantity: 1 }];
    await catalog.getProduct(app, id); // cached again
    await patched(() => app.db.transaction(async (tx) => expect(await catalog.reserveStock(app, tx, pair)).toEqual({ ok: true })));
    expect(await statementsOf(() => catalog.getProducts(app, [id, other]))).toBe(0);
    expect([(await catalog.getProduct(app, id))?.stock, (await catalog.getProduct(app, other))?.stock]).toEqual([6, 0]);
    // one short: refused naming it (the caller rolls back, so nothing is taken)
    let short: unknown;
    await app.db
      .transaction(async (tx) => {
        short = await catalog.reserveStock(app, tx, [{ productId: id, quantity: 1 }, { productId: other, quantity: 1 }]);
        throw new Error("rolled back");
      })
      .catch(() => {});
    expect(short).toEqual({ ok: false, productId: other });
    expect([(await catalog.getProduct(app, id))?.stock, (await catalog.getProduct(app, other))?.stock]).toEqual([6, 0]);
    // given back: both rows, one notice
    await patched(() => app.db.transaction((tx) => catalog.releaseStock(app, tx, pair)));
    expect([(await catalog.getProduct(app, id))?.stock, (await catalog.getProduct(app, other))?.stock]).toEqual([7, 2]);
    // the cache agrees with the table
    const rows = (await app.db.execute<{ id: number; stock: number | null }>(sql`select id, stock from catalog_products where id in (${id}, ${other}) order by id`)) as unknown as { rows: { id: number; stock: number | null }[] };
    expect(Object.fromEntries(rows.rows.map((r) => [r.id, r.stock]))).toEqual({ [id]: 7, [other]: 2 });
    await app.db.execute(sql`update catalog_products set stock = null where id = ${other}`);
    await app.db.execute(sql`update catalog_products set stock = null where id = ${id}`);
    await catalog.invalidateCatalog(app);
  });
});
