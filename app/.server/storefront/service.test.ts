import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../db/testing";
import * as storefront from "./service";
import * as catalog from "../catalog/service";
import * as catalogRepo from "../catalog/repo";
import * as orders from "../orders/service";
import { addDays, istanbulDate } from "~/shared/clock";
import { TOP_FIVE_REFRESH_MS } from "~/shared/constants";

let app: TestApp;
/** Every key the cache has dropped: locally at once, and again when the database's notice comes back. */
const dropped: string[] = [];
beforeAll(async () => {
  app = await createTestApp();
  app.cache.onDrop((key) => dropped.push(key));
});
afterAll(() => app.close());

/** Runs `change`, then waits until its notice for `key` has come back (so no late drop follows the test's reads). */
async function settled(key: string, change: () => Promise<unknown>): Promise<void> {
  const seen = () => dropped.filter((k) => k === key).length;
  const before = seen();
  await change();
  for (let i = 0; i < 200 && seen() < before + 2; i++) await new Promise((r) => setTimeout(r, 10));
  expect(seen()).toBe(before + 2);
}

describe("top five", () => {
  it("windows are the last 30, 90, 180 days including today, and all time", () => {
    expect(storefront.windowStarts("2026-11-23")).toEqual({ "30": "2026-10-25", "90": "2026-08-26", "180": "2026-05-28", all: null });
  });

  it("the seeded history gives five products per window, and the windows differ", async () => {
    const top = await storefront.getTopFive(app);
    for (const w of ["30", "90", "180", "all"] as const) expect(top[w]).toHaveLength(5);
    expect(top.all[0]!.pLongName).toBe("Orijinal 90 g");
    expect(top["30"].map((t) => t.SID)).not.toEqual(top.all.map((t) => t.SID));
  });

  it("counts history and placed orders by window boundary, ignoring cancelled orders", async () => {
    await catalogRepo.clearHistory(app.db);
    const today = istanbulDate(app.clock.now());
    await catalogRepo.addHistory(app.db, [
      { productId: 10001, day: addDays(today, -29), quantity: 5 }, // inside 30
      { productId: 10002, day: addDays(today, -30), quantity: 50 }, // just outside 30, inside 90
      { productId: 10004, day: addDays(today, -179), quantity: 70 }, // inside 180
      { productId: 10005, day: addDays(today, -400), quantity: 100 }, // all only
    ]);
    const order = {
      email: "a@b.co",
      deliveryType: "Carrier",
      readyDate: today,
      address: {},
      productTotal: 0,
      deliveryCost: 0,
      needToPay: 0,
      taxSnapshot: {},
    };
    const line = (quantity: number) => ({ productId: 10003, name: "Orijinal 90 g", quantity, unitPrice: 11000, originalPrice: 11000, taxRateBp: 100 });
    const placed = await app.db.transaction((tx) => orders.createOrder(app, tx, order, [line(7)], "test"));
    const cancelled = await app.db.transaction((tx) => orders.createOrder(app, tx, order, [line(90)], "test"));
    await orders.transition(app, cancelled.id, "cancelled", "test");
    expect(placed).toBeTruthy();
    await settled("catalog:*", () => catalog.invalidateCatalog(app));
    const top = await storefront.getTopFive(app);
    expect(top["30"].map((t) => [t.SID, t.units])).toEqual([
      [10003, 7],
      [10001, 5],
    ]);
    expect(top["90"].map((t) => t.SID)).toEqual([10002, 10003, 10001]);
    expect(top["180"].map((t) => t.SID)).toEqual([10004, 10002, 10003, 10001]);
    expect(top.all.map((t) => t.SID)).toEqual([10005, 10004, 10002, 10003, 10001]);

    // a new order shows in the top five within TOP_FIVE_REFRESH_MS, without dropping the catalogue
    await app.db.transaction((tx) => orders.createOrder(app, tx, order, [{ ...line(1), productId: 10002 }], "test"));
    expect((await storefront.getTopFive(app))["30"].map((t) => t.SID)).toEqual([10003, 10001]);
    app.clock.advance(TOP_FIVE_REFRESH_MS + 1);
    expect((await storefront.getTopFive(app))["30"].map((t) => [t.SID, t.units])).toEqual([
      [10003, 7],
      [10001, 5],
      [10002, 1],
    ]);
  });
});

describe("home screen", () => {
  it("the main page's widgets carry the top five; a group's page has no widgets; an unknown group is null", async () => {
    const main = await storefront.getHomePage(app);
    expect(main?.widgets?.topFive).toEqual(await storefront.getTopFive(app));
    expect(main?.widgets?.newest).toBeTruthy();
    expect((await storefront.getHomePage(app, { group: "cookie" }))?.widgets).toBeNull();
    expect(await storefront.getHomePage(app, { group: "no-such-group" })).toBeNull();
  });
});
