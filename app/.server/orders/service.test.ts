import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancelOrder, REFUND_JOB } from "../flows/cancel-order";
import { createTestApp, type TestApp } from "../db/testing";
import * as orders from "./service";
import { eq, sql } from "drizzle-orm";
import * as catalog from "../catalog/service";
import { catalogProducts } from "../db/schema/catalog";
import { jobs } from "../db/schema/system";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ now: "2026-12-31T23:30:00+03:00" });
});
afterAll(() => app.close());

const sample = (basketId: number | null = null) => ({
  userId: 7,
  email: "ali@example.com",
  deliveryType: "Carrier",
  readyDate: "2027-01-02",
  address: { delFullName: "Ali Veli" },
  productTotal: 25000,
  deliveryCost: 0,
  needToPay: 25000,
  taxSnapshot: { productRateBp: 1000, deliveryRateBp: 2000 },
  basketId,
});
const line = { productId: 1, name: "Orijinal", quantity: 2, unitPrice: 12500, originalPrice: 12500, taxRateBp: 1000 };

describe("orders", () => {
  it("numbers orders per Istanbul year and gives each an unguessable public id", async () => {
    const a = await app.db.transaction((tx) => orders.createOrder(app, tx, sample(), [line], "test"));
    expect(a.orderNumber).toBe("2026-000001");
    expect(a.publicId).toMatch(/^[\w-]{16}$/);
    app.clock.set("2027-01-01T00:10:00+03:00");
    const b = await app.db.transaction((tx) => orders.createOrder(app, tx, sample(), [line], "test"));
    expect(b.orderNumber).toBe("2027-000001");
    expect(await orders.linesOf(app, [a.id])).toHaveLength(1);
    expect((await orders.eventsOf(app, a.id)).map((e) => e.toStatus)).toEqual(["received"]);
  });

  it("the returned order is the stored one (types included), with its lines, KDV split and event; numbers keep six digits and grow past them", async () => {
    const o = await app.db.transaction((tx) => orders.createOrder(app, tx, sample(), [line, { ...line, productId: 2, quantity: 1 }], "test"));
    const stored = await orders.getById(app, o.id);
    expect(o).toEqual(stored);
    expect(o.createdAt).toBeInstanceOf(Date);
    expect(await orders.linesOf(app, [o.id])).toHaveLength(2);
    const year = Number(o.orderNumber.slice(0, 4));
    await app.db.execute(sql`update order_counters set last = 999998 where year = ${year}`);
    const six = await app.db.transaction((tx) => orders.createOrder(app, tx, sample(), [line], "test"));
    const seven = await app.db.transaction((tx) => orders.createOrder(app, tx, sample(), [line], "test"));
    expect([six.orderNumber, seven.orderNumber]).toEqual([`${year}-999999`, `${year}-1000000`]);
  });

  it("20 orders placed at once get 20 distinct consecutive numbers", async () => {
    const rows = await Promise.all(Array.from({ length: 20 }, () => app.db.transaction((tx) => orders.createOrder(app, tx, sample(), [line], "test"))));
    const nums = rows.map((r) => Number(r.orderNumber.split("-")[1])).sort((x, y) => x - y);
    expect(new Set(nums).size).toBe(20);
    expect(nums.at(-1)! - nums[0]!).toBe(19);
  });

  it("a delivered order schedules its loyalty points (once), credited by the job", async () => {
    const o = await app.db.transaction((tx) => orders.createOrder(app, tx, sample(), [line], "test"));
    for (const to of ["preparing", "ready", "shipped", "delivered"] as const) await orders.transition(app, o.id, to, "staff:1");
    const earn = await app.db.select().from(jobs).where(eq(jobs.dedupeKey, `loyalty.earn:${o.id}`));
    expect(earn).toHaveLength(1);
    expect(earn[0]!.payload).toMatchObject({ orderId: o.id, userId: 7, paidForProducts: 25000 });
    expect(earn[0]!.runAt.getTime()).toBeGreaterThan(app.clock.now().getTime());
  });

  it("one order per basket", async () => {
    await app.db.transaction((tx) => orders.createOrder(app, tx, sample(99), [line], "test"));
    await expect(app.db.transaction((tx) => orders.createOrder(app, tx, sample(99), [line], "test"))).rejects.toThrow();
  });

  it("transitions record who and why, and illegal ones are refused", async () => {
    const o = await app.db.transaction((tx) => orders.createOrder(app, tx, sample(), [line], "test"));
    await orders.transition(app, o.id, "preparing", "staff:1", "fırına girdi");
    await expect(orders.transition(app, o.id, "delivered", "staff:1")).rejects.toBeInstanceOf(orders.IllegalTransition);
    await orders.transition(app, o.id, "ready", "staff:1");
    await orders.transition(app, o.id, "shipped", "staff:1");
    const events = await orders.eventsOf(app, o.id);
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actor])).toEqual([
      [null, "received", "test"],
      ["received", "preparing", "staff:1"],
      ["preparing", "ready", "staff:1"],
      ["ready", "shipped", "staff:1"],
    ]);
    expect(events[1]!.reason).toBe("fırına girdi");
    expect((await orders.getById(app, o.id))?.status).toBe("shipped");
  });

  it("two staff moving the same order at once: exactly one wins", async () => {
    const o = await app.db.transaction((tx) => orders.createOrder(app, tx, sample(), [line], "test"));
    const results = await Promise.allSettled([orders.transition(app, o.id, "cancelled", "a"), orders.transition(app, o.id, "cancelled", "b")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("expectFrom narrows the starting status under the lock; without it a move works as before", async () => {
    const o = await app.db.transaction((tx) => orders.createOrder(app, tx, sample(), [line], "test"));
    await orders.transition(app, o.id, "preparing", "staff:1");
    const err = await orders.transition(app, o.id, "cancelled", "member:7", "", undefined, { expectFrom: ["received"] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(orders.UnexpectedStatus);
    expect(err).toBeInstanceOf(orders.IllegalTransition); // existing callers catching IllegalTransition still do
    expect((await orders.getById(app, o.id))?.status).toBe("preparing");
    expect((await orders.transition(app, o.id, "cancelled", "staff:1", "müşteri aradı")).from).toBe("preparing");
  });

  it("cancel of an order paid without a card (points or a code only): stock back, no refund job, stays cancelled", async () => {
    const [before] = await app.db.select({ stock: catalogProducts.stock }).from(catalogProducts).where(eq(catalogProducts.id, 10001));
    const o = await app.db.transaction(async (tx) => {
      expect(await catalog.reserveStock(app, tx, [{ productId: 10001, quantity: 3 }])).toEqual({ ok: true });
      return orders.createOrder(app, tx, { ...sample(), needToPay: 0, usedBonus: 25000 }, [{ ...line, productId: 10001, quantity: 3 }], "test");
    });
    const r = await cancelOrder(app, o.id, { actor: "staff:1", reason: "stok hatası" });
    expect(r.refund).toEqual({ status: "none" });
    expect(r.order.status).toBe("cancelled");
    const [after] = await app.db.select({ stock: catalogProducts.stock }).from(catalogProducts).where(eq(catalogProducts.id, 10001));
    expect(after!.stock).toBe(before!.stock);
    expect(await app.db.select().from(jobs).where(eq(jobs.dedupeKey, `${REFUND_JOB}:${o.id}`))).toHaveLength(0);
    await expect(cancelOrder(app, o.id, { actor: "staff:1" })).rejects.toBeInstanceOf(orders.IllegalTransition);
    const [again] = await app.db.select({ stock: catalogProducts.stock }).from(catalogProducts).where(eq(catalogProducts.id, 10001));
    expect(again!.stock).toBe(before!.stock); // released once
  });
});
