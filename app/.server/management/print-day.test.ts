import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../db/testing";
import * as orders from "../orders/service";
import { createHarness, type Harness } from "./testing";
import { packingList } from "./print-desk";
import * as printRoute from "~/routes/management/production-print";

/**
 * The print-for-the-day document and the courier route sheets (issue 28 §1) through the route module on a real
 * database: production order, the gift rule deciding the paper in the box, the packing list per box.
 */

let app: TestApp;
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ now: "2026-11-24T09:00:00+03:00" });
  app = h.app;
});
afterAll(async () => {
  await app.close();
});

const BUYER = { delFullName: "Ali Veli", delAddress: "Çınar Sokak 3", delCityName: "Ankara", delCountyName: "Çankaya", invFullName: "Ali Veli", invAddress: "Çınar Sokak 3", invCityName: "Ankara", invCountyName: "Çankaya", isSingleAddress: 0 };

async function order(o: { deliveryType: string; details: string; option?: string; giftNote?: string; address?: Record<string, unknown>; quantity?: number }) {
  return app.db.transaction((tx) =>
    orders.createOrder(
      app,
      tx,
      {
        userId: null,
        email: "alici@example.com",
        deliveryType: o.deliveryType,
        deliveryDetails: o.details,
        deliveryOption: o.option ?? null,
        readyDate: "2026-12-20",
        estimatedDelivery: "2026-12-20",
        address: o.address ?? BUYER,
        giftNote: o.giftNote ?? "",
        productTotal: 37_500,
        deliveryCost: 0,
        needToPay: 37_500,
        taxSnapshot: { productRateBp: 1000, deliveryRateBp: 2000 },
        paymentRef: null,
      },
      [
        { productId: 10001, name: "Orijinal", packageContent: "6 adet", quantity: o.quantity ?? 2, unitPrice: 12_500, originalPrice: 12_500, taxRateBp: 1000 },
        { productId: 10002, name: "Bademli", packageContent: "12 adet", quantity: 1, unitPrice: 12_500, originalPrice: 12_500, taxRateBp: 1000 },
      ],
      "test",
    ),
  );
}

describe("print for a ready date", () => {
  it("numbers the boxes line after line", () => {
    expect(packingList([{ quantity: 3, name: "A", packageContent: "6", boxType: "kraft" }, { quantity: 1, name: "B", packageContent: "", boxType: null }], () => "Kraft kutu")).toEqual([
      { boxes: "1–3", quantity: 3, name: "A", packageContent: "6", boxType: "Kraft kutu" },
      { boxes: "4", quantity: 1, name: "B", packageContent: "", boxType: null },
    ]);
  });

  it("puts a price-free slip beside the note in a gift's box and the priced copy in the buyer's own box, in production order", async () => {
    const own = await order({ deliveryType: "Delivery", details: "13:00-16:00" });
    const withNote = await order({ deliveryType: "Carrier", details: "Standart", giftNote: "Yeni yılın kutlu olsun!" });
    const toSomeoneElse = await order({ deliveryType: "Delivery", details: "10:00-13:00", address: { ...BUYER, delFullName: "Zeynep Kaya", delAddress: "Lale Sokak 9" }, quantity: 3 });
    const res = await h.load("operations", printRoute.loader, "/management/production/print?day=2026-12-20");
    const d = res.data as { what: string; boxes: { sheets: { orderNumber: string; gift: string | null; invoice: { total: number } | null; note: { notes: string } | null; packing: { boxes: string }[] }[] } };
    expect(d.what).toBe("boxes");
    const sheets = d.boxes.sheets;
    // the board's order: carrier before door delivery, then slot
    expect(sheets.map((s) => s.orderNumber)).toEqual([withNote.orderNumber, toSomeoneElse.orderNumber, own.orderNumber]);
    const by = Object.fromEntries(sheets.map((s) => [s.orderNumber, s]));
    expect(by[own.orderNumber]).toMatchObject({ gift: null, note: null });
    expect(by[own.orderNumber]!.invoice!.total).toBe(37_500);
    expect(by[withNote.orderNumber]).toMatchObject({ gift: "note", invoice: null, note: { notes: "Yeni yılın kutlu olsun!" } });
    expect(by[toSomeoneElse.orderNumber]).toMatchObject({ gift: "recipient", invoice: null, note: null });
    expect(by[toSomeoneElse.orderNumber]!.packing.map((p) => p.boxes)).toEqual(["1–3", "4"]);
    // no amount anywhere on a gift's sheet
    expect(JSON.stringify(by[withNote.orderNumber])).not.toMatch(/12500|37500|"total"/);
    expect((await h.load("marketing", printRoute.loader, "/management/production/print?day=2026-12-20")).status).toBe(403);
  });

  it("prints the courier route sheet per slot, a VIP courier stop marked as such", async () => {
    // a VIP slot with the same hours as a standard one: only the mark tells the courier
    const vip = await order({ deliveryType: "Delivery", details: "13:00-16:00", option: "DeliveryAfternoon" });
    const res = await h.load("operations", printRoute.loader, "/management/production/print?day=2026-12-20&what=routes");
    const r = (res.data as { routes: { slots: { slot: string; stops: { orderNumber: string; gift: boolean; vip: boolean }[] }[] } }).routes;
    expect(r.slots.map((s) => s.slot)).toEqual(["10:00-13:00", "13:00-16:00"]);
    expect(r.slots[0]!.stops[0]).toMatchObject({ gift: true, vip: false });
    expect(r.slots[1]!.stops.map((s) => [s.orderNumber === vip.orderNumber, s.vip, s.gift])).toEqual([
      [false, false, false],
      [true, true, false],
    ]);
  });
});
