import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { TestApp } from "../db/testing";
import { orders as ordersTable, orderLines, orderTaxes } from "../db/schema/orders";
import { paymentRefunds } from "../db/schema/payments";
import { promoCodes, promoUses } from "../db/schema/promos";
import * as orders from "../orders/service";
import { countMissing } from "../orders/tax-split";
import { createHarness, type Harness } from "./testing";
import type { SalesFigures } from "./figures-desk";
import * as figuresRoute from "~/routes/management/figures";

/**
 * The numbers of the day (issue 28 §3) on a seeded set of orders whose figures are worked out by hand below.
 * Today is Wednesday 25 November 2026, 14:00 Istanbul. The period asked is Tuesday the 24th (Istanbul midnight
 * to midnight). Revenue rule: orders placed in the period that are not cancelled or refunded now; amounts as the
 * invoice computes them (net per line after the promo and points spread, rounded to the kuruş, per rate).
 *
 *  A  24th 00:00:00  2 × 110,00 @10 %, promo KIS10 −22,00, points −11,00, delivery 60,00 @20 %, door 10:00-13:00
 *                    paid 247,00 · net 170,00 @10 % (KDV 17,00) + 50,00 @20 % (KDV 10,00) = 220,00
 *  B  24th 15:30     101,00 @1 % + 120,00 @20 %, promo KIS10 −22,10 (10,10 and 12,00 by line value), carrier Standart
 *                    paid 198,90 · net 90,00 @1 % (KDV 0,90) + 90,00 @20 % (KDV 18,00) = 180,00
 *  C  24th 23:59:59  3 × 45,90 @10 %, delivery 39,99 @20 %, carrier Express
 *                    paid 177,69 · 137,70 → net 125,18 (KDV 12,52); 39,99 → net 33,33 (33,325 rounds up; KDV 6,66) = 158,51
 *  D  24th 12:00     110,00 @10 %, promo KIS10 −10,00; cancelled today 09:00 → not a sale; today's cancellation
 *  G  24th 10:00     45,90 @10 %, delivered and refunded in full today 10:00 → not a sale; today's refund
 *  H  24th 09:00     placed before the split was stored (net_total null): 108,00 @8 % + delivery 11,80 @18 %, pickup
 *                    paid 119,80 · net 100,00 @8 % (KDV 8,00) + 10,00 @18 % (KDV 1,80) = 110,00
 *  E  23rd 23:59:59  110,00 @10 % → before the period
 *  F  25th 00:00:00  2 × 110,00 @10 %, pickup 14:00-16:00 → today, after the period · net 200,00 KDV 20,00
 *  a refund of 50,00 on the 24th at 18:00 (a partial one of another payment)
 */

let h: Harness;
let app: TestApp;
const ids: Record<string, number> = {};

const line = (productId: number, name: string, quantity: number, unitPrice: number, taxRateBp: number) => ({ productId, name, quantity, unitPrice, originalPrice: unitPrice, taxRateBp });

async function place(
  key: string,
  at: string,
  o: { lines: ReturnType<typeof line>[]; deliveryCost?: number; discount?: number; points?: number; type: string; details: string; readyDate: string; promo?: string },
) {
  app.clock.set(at);
  const productTotal = o.lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
  const needToPay = productTotal - (o.discount ?? 0) - (o.points ?? 0) + (o.deliveryCost ?? 0);
  const row = await app.db.transaction((tx) =>
    orders.createOrder(
      app,
      tx,
      {
        userId: null,
        email: `${key.toLowerCase()}@ornek.com.tr`,
        deliveryType: o.type,
        deliveryDetails: o.details,
        readyDate: o.readyDate,
        address: {},
        promoCode: o.promo ?? null,
        productTotal,
        deliveryCost: o.deliveryCost ?? 0,
        discountAmount: o.discount ?? 0,
        usedBonus: o.points ?? 0,
        needToPay,
        taxSnapshot: { deliveryRateBp: 2000 },
      },
      o.lines,
      "test",
    ),
  );
  ids[key] = row.id;
  return row;
}

async function figures(who: "admin" | "operations" | "marketing", query: string): Promise<SalesFigures> {
  const r = await h.load(who, figuresRoute.loader, `/management/figures${query}`);
  expect(r.status).toBe(200);
  return r.data as SalesFigures;
}

beforeAll(async () => {
  h = await createHarness({ now: "2026-11-25T14:00:00+03:00" });
  app = h.app;
  const [kis] = await app.db.insert(promoCodes).values({ code: "KIS10", kind: "fixed", amount: 2200, createdAt: app.clock.now() }).returning();

  await place("A", "2026-11-24T00:00:00+03:00", { lines: [line(10001, "Orijinal", 2, 11000, 1000)], discount: 2200, points: 1100, deliveryCost: 6000, type: "Delivery", details: "10:00-13:00", readyDate: "2026-11-26", promo: "KIS10" });
  await place("B", "2026-11-24T15:30:00+03:00", { lines: [line(10002, "Fındıklı", 1, 10100, 100), line(10003, "Hediye kutusu", 1, 12000, 2000)], discount: 2210, type: "Carrier", details: "Standart", readyDate: "2026-11-27", promo: "KIS10" });
  await place("C", "2026-11-24T23:59:59+03:00", { lines: [line(10001, "Orijinal", 3, 4590, 1000)], deliveryCost: 3999, type: "Carrier", details: "Express", readyDate: "2026-11-26" });
  await place("D", "2026-11-24T12:00:00+03:00", { lines: [line(10001, "Orijinal", 1, 11000, 1000)], discount: 1000, type: "Carrier", details: "Standart", readyDate: "2026-11-26", promo: "KIS10" });
  await place("G", "2026-11-24T10:00:00+03:00", { lines: [line(10005, "Tarçınlı", 1, 4590, 1000)], type: "Store", details: "10:00-12:00", readyDate: "2026-11-24" });
  await place("E", "2026-11-23T23:59:59+03:00", { lines: [line(10001, "Orijinal", 1, 11000, 1000)], type: "Carrier", details: "Standart", readyDate: "2026-11-24" });
  await place("F", "2026-11-25T00:00:00+03:00", { lines: [line(10001, "Orijinal", 2, 11000, 1000)], type: "Store", details: "14:00-16:00", readyDate: "2026-11-25" });

  // H: an order from before the split was kept (as the migration leaves them), delivery rate 18 % in its snapshot
  const [hRow] = await app.db
    .insert(ordersTable)
    .values({
      publicId: "legacy-h",
      orderNumber: "2026-900001",
      email: "h@ornek.com.tr",
      deliveryType: "Store",
      deliveryDetails: "",
      readyDate: "2026-11-25",
      address: {},
      productTotal: 10800,
      deliveryCost: 1180,
      needToPay: 11980,
      paidTotal: 11980,
      taxSnapshot: { deliveryRateBp: 1800 },
      createdAt: new Date("2026-11-24T09:00:00+03:00"),
      updatedAt: new Date("2026-11-24T09:00:00+03:00"),
    })
    .returning();
  ids.H = hRow!.id;
  await app.db.insert(orderLines).values({ orderId: hRow!.id, productId: 10004, name: "Çikolatalı", quantity: 1, unitPrice: 10800, originalPrice: 10800, taxRateBp: 800 });

  await app.db.insert(promoUses).values([
    { promoId: kis!.id, orderId: ids.A!, email: "a@ornek.com.tr", discount: 2200, at: new Date("2026-11-24T00:00:00+03:00") },
    { promoId: kis!.id, orderId: ids.B!, email: "b@ornek.com.tr", discount: 2210, at: new Date("2026-11-24T15:30:00+03:00") },
    { promoId: kis!.id, orderId: ids.D!, email: "d@ornek.com.tr", discount: 1000, at: new Date("2026-11-24T12:00:00+03:00") },
  ]);

  for (const [to, at] of [["preparing", "2026-11-24T10:10:00+03:00"], ["ready", "2026-11-24T10:20:00+03:00"], ["collected", "2026-11-24T10:30:00+03:00"], ["delivered", "2026-11-24T11:00:00+03:00"], ["refunded", "2026-11-25T10:00:00+03:00"]] as const) {
    app.clock.set(at);
    await orders.transition(app, ids.G!, to, "staff:1");
  }
  app.clock.set("2026-11-25T09:00:00+03:00");
  await orders.transition(app, ids.D!, "cancelled", "staff:1");

  const refund = (amount: number, at: string, key: string) => ({ intentId: key, key, kind: "refund" as const, amount, status: "succeeded" as const, createdAt: new Date(at), finishedAt: new Date(at) });
  await app.db.insert(paymentRefunds).values([refund(5000, "2026-11-24T18:00:00+03:00", "partial-1"), refund(4590, "2026-11-25T10:00:00+03:00", "order-g")]);
  app.clock.set("2026-11-25T14:00:00+03:00");
});
afterAll(() => app.close());

describe("the KDV split stored with each order", () => {
  it("is written at placing by the invoice rule, and filled in for older orders on the first look", async () => {
    const split = async (key: string) =>
      (await app.db.select({ rateBp: orderTaxes.rateBp, net: orderTaxes.net, tax: orderTaxes.tax }).from(orderTaxes).where(eq(orderTaxes.orderId, ids[key]!))).sort((a, b) => a.rateBp - b.rateBp);
    expect(await split("A")).toEqual([
      { rateBp: 1000, net: 17000, tax: 1700 },
      { rateBp: 2000, net: 5000, tax: 1000 },
    ]);
    expect(await split("C")).toEqual([
      { rateBp: 1000, net: 12518, tax: 1252 },
      { rateBp: 2000, net: 3333, tax: 666 },
    ]);
    expect(await countMissing(app.db)).toBe(1);
    await figures("admin", "?from=2026-11-24&to=2026-11-24");
    expect(await countMissing(app.db)).toBe(0);
    expect(await split("H")).toEqual([
      { rateBp: 800, net: 10000, tax: 800 },
      { rateBp: 1800, net: 1000, tax: 180 },
    ]);
  });
});

describe("the figures of a period and of today", () => {
  it("adds up the sales of the 24th to the kuruş, KDV split per rate, cancelled and refunded orders left out", async () => {
    const f = await figures("admin", "?from=2026-11-24&to=2026-11-24");
    expect(f.period).toEqual({ from: "2026-11-24", to: "2026-11-24", adjusted: false });
    expect(f.money).toBe(true);
    expect(f.totals).toEqual({
      placed: 6, // A B C D G H
      orders: 4, // A B C H
      gross: 24700 + 19890 + 17769 + 11980, // 743,39
      net: 22000 + 18000 + 15851 + 11000, // 668,51
      kdv: 7488,
      averageBasket: 18585, // 743,39 / 4 = 185,8475
      discount: 2200 + 2210,
      points: 1100,
      delivery: 6000 + 3999 + 1180,
      withdrawn: 2, // D and G
      cancelled: 0, // D was cancelled on the 25th
      cancelledValue: 0,
      refunds: 1,
      refunded: 5000,
    });
    expect(f.taxes).toEqual([
      { rateBp: 100, net: 9000, tax: 90 },
      { rateBp: 800, net: 10000, tax: 800 },
      { rateBp: 1000, net: 17000 + 12518, tax: 1700 + 1252 },
      { rateBp: 1800, net: 1000, tax: 180 },
      { rateBp: 2000, net: 5000 + 9000 + 3333, tax: 1000 + 1800 + 666 },
    ]);
    expect(f.taxes!.reduce((s, r) => s + r.tax, 0)).toBe(f.totals.kdv);
    expect(f.daily).toEqual([{ day: "2026-11-24", orders: 4, gross: 74339, cancelled: 0 }]);
    expect(f.top).toEqual([
      { productId: 10001, name: "Orijinal", units: 5, gross: 22000 + 13770, orders: 2 },
      { productId: 10002, name: "Fındıklı", units: 1, gross: 10100, orders: 1 },
      { productId: 10003, name: "Hediye kutusu", units: 1, gross: 12000, orders: 1 },
      { productId: 10004, name: "Çikolatalı", units: 1, gross: 10800, orders: 1 },
    ]);
    expect(f.byDelivery).toEqual([
      { type: "Carrier", details: "Express", orders: 1, gross: 17769 },
      { type: "Carrier", details: "Standart", orders: 1, gross: 19890 },
      { type: "Delivery", details: "10:00-13:00", orders: 1, gross: 24700 },
      { type: "Store", details: "", orders: 1, gross: 11980 },
    ]);
    expect(f.promos).toEqual([{ code: "KIS10", uses: 2, discount: 4410, gross: 24700 + 19890 }]);
  });

  it("today (the 25th from Istanbul midnight) is F, D's cancellation and G's refund", async () => {
    const f = await figures("admin", "?from=2026-11-24&to=2026-11-24");
    expect(f.today).toBe("2026-11-25");
    expect(f.todayTotals).toEqual({
      placed: 1,
      orders: 1,
      gross: 22000,
      net: 20000,
      kdv: 2000,
      averageBasket: 22000,
      discount: 0,
      points: 0,
      delivery: 0,
      withdrawn: 0,
      cancelled: 1,
      cancelledValue: 11000 - 1000,
      refunds: 1,
      refunded: 4590,
    });
  });

  it("moves each order across Istanbul midnight: the 23rd holds E only, two days hold both", async () => {
    const e = await figures("admin", "?from=2026-11-23&to=2026-11-23");
    expect(e.totals).toMatchObject({ placed: 1, orders: 1, gross: 11000, net: 10000, kdv: 1000 });
    const two = await figures("admin", "?from=2026-11-24&to=2026-11-23");
    expect(two.period).toMatchObject({ from: "2026-11-23", to: "2026-11-24" });
    expect(two.daily.map((d) => [d.day, d.orders])).toEqual([
      ["2026-11-23", 1],
      ["2026-11-24", 4],
    ]);
    expect(two.totals.gross).toBe(74339 + 11000);
  });

  it("counts capacity per ready date from today for 14 days, cancelled and refunded orders free theirs", async () => {
    const f = await figures("operations", "");
    expect(f.capacity.perDay).toBe(200);
    expect(f.capacity.days).toHaveLength(14);
    expect(f.capacity.days.slice(0, 3)).toEqual([
      { day: "2026-11-25", booked: 2 }, // F, H
      { day: "2026-11-26", booked: 2 }, // A, C (D cancelled)
      { day: "2026-11-27", booked: 1 }, // B
    ]);
    // no period asked: the last seven days up to today
    expect(f.period).toEqual({ from: "2026-11-19", to: "2026-11-25", adjusted: false });
    expect(f.daily).toHaveLength(7);
  });
});

describe("who sees what", () => {
  it("operations and marketing see counts but no money; the admin sees both", async () => {
    for (const who of ["operations", "marketing"] as const) {
      const f = await figures(who, "?from=2026-11-24&to=2026-11-24");
      expect(f.money).toBe(false);
      expect(f.totals).toMatchObject({ orders: 4, placed: 6, gross: null, net: null, kdv: null, averageBasket: null, refunded: null, cancelledValue: null });
      expect(f.taxes).toBeNull();
      expect(f.daily[0]!.gross).toBeNull();
      expect(f.top[0]).toMatchObject({ units: 5, gross: null });
      expect(f.byDelivery.every((d) => d.gross === null)).toBe(true);
      expect(JSON.stringify(f)).not.toContain("74339");
    }
  });

  it("a visitor is sent to sign in and a customer gets 404", async () => {
    const visitor = await h.load("visitor", figuresRoute.loader, "/management/figures");
    expect(visitor.status).toBe(302);
    expect(visitor.location).toContain("/auth/login");
    expect((await h.load("customer", figuresRoute.loader, "/management/figures")).status).toBe(404);
  });

  it("an unreadable or too long period is adjusted and said so", async () => {
    const f = await figures("admin", "?from=2026-02-30&to=2026-11-24");
    expect(f.period).toEqual({ from: "2026-11-24", to: "2026-11-24", adjusted: true });
    const long = await figures("admin", "?from=2025-01-01&to=2026-11-24");
    expect(long.period).toEqual({ from: "2026-08-25", to: "2026-11-24", adjusted: true });
    expect(long.daily).toHaveLength(92);
  });
});
