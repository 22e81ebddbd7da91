import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { TestApp } from "../db/testing";
import { auditLog } from "../db/schema/audit";
import { jobs } from "../db/schema/system";
import { orderNotes } from "../db/schema/orders";
import * as orders from "../orders/service";
import * as printing from "../printing/service";
import { createHarness, type Harness } from "./testing";
import * as orderRoute from "~/routes/management/order";
import * as memberOrdersRoute from "~/routes/member-orders";
import * as printInvoiceRoute from "~/routes/printinvoice";
import * as printNoteRoute from "~/routes/printnote";
import { batchTr } from "~/shared/texts/batch.tr";

/**
 * Internal notes on an order (issue 28 §1) through the route modules on a real database: staff add and read
 * them, each is audited, and their text never reaches the customer's pages, the guest's signed print links or
 * a mail.
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

const SECRET = "GİZLİ-NOT: müşteri kapıda nakit istedi, Şükrü'ye sor";

async function memberOrder() {
  return app.db.transaction((tx) =>
    orders.createOrder(
      app,
      tx,
      {
        userId: h.people.customer.id,
        email: h.people.customer.email,
        deliveryType: "Store",
        deliveryDetails: "14:00",
        readyDate: "2026-11-24",
        estimatedDelivery: "2026-11-24",
        address: { delFullName: "Ayşe Yılmaz", delAddress: "Moda", delCityName: "İstanbul", isSingleAddress: 1 },
        giftNote: "İyi ki varsın",
        productTotal: 25_000,
        deliveryCost: 0,
        needToPay: 25_000,
        taxSnapshot: { productRateBp: 1000, deliveryRateBp: 2000 },
        paymentRef: null,
      },
      [{ productId: 10001, name: "Orijinal", packageContent: "6 adet", quantity: 2, unitPrice: 12_500, originalPrice: 12_500, taxRateBp: 1000 }],
      "test",
    ),
  );
}

describe("internal notes", () => {
  it("staff add a note; it is audited and shown on the order page only", async () => {
    const o = await memberOrder();
    const path = `/management/orders/${o.orderNumber}`;
    const params = { orderNumber: o.orderNumber };
    const added = await h.act("operations", orderRoute.action, path, { intent: "note", body: `  ${SECRET}\r\nikinci satır  ` }, params);
    expect(added.data).toMatchObject({ ok: true, message: batchTr.notes.added, form: "note" });
    const empty = await h.act("operations", orderRoute.action, path, { intent: "note", body: "   " }, params);
    expect(empty).toMatchObject({ status: 400, data: { ok: false, fields: { body: batchTr.notes.required }, form: "note" } });
    expect((await h.act("operations", orderRoute.action, path, { intent: "note", body: "x".repeat(1001) }, params)).data).toMatchObject({ fields: { body: batchTr.notes.tooLong } });
    expect((await h.act("marketing", orderRoute.action, path, { intent: "note", body: "pazarlama notu" }, params)).status).toBe(403);

    const page = await h.load("marketing", orderRoute.loader, path, params);
    const notes = (page.data as { staffNotes: { body: string; actor: string }[] }).staffNotes;
    expect(notes).toEqual([expect.objectContaining({ body: `${SECRET}\nikinci satır`, actor: `operations kişi (${h.people.operations.email})` })]);
    const [entry] = await app.db.select().from(auditLog).where(eq(auditLog.action, "order.note"));
    expect(entry).toMatchObject({ actor: `staff:${h.people.operations.id}`, entityId: String(o.id), after: { orderNumber: o.orderNumber, length: notes[0]!.body.length } });
    expect(JSON.stringify(entry)).not.toContain("GİZLİ");

    // the customer's own pages, the signed links a guest gets, and every mail written for the order
    await h.act("operations", orderRoute.action, path, { intent: "status", to: "preparing", from: "received" }, params);
    await h.act("operations", orderRoute.action, path, { intent: "status", to: "ready", from: "preparing" }, params);
    await h.act("operations", orderRoute.action, path, { intent: "status", to: "collected", from: "ready" }, params);
    const customerViews = [
      await h.load("customer", memberOrdersRoute.loader, "/memberarea/orders"),
      await h.load("visitor", printInvoiceRoute.loader, printing.signedPrintUrl(app, "invoice", o.publicId), { order: o.publicId }),
      await h.load("visitor", printNoteRoute.loader, printing.signedPrintUrl(app, "note", o.publicId), { order: o.publicId }),
      await h.load("customer", printInvoiceRoute.loader, `/printinvoice/${o.orderNumber}`, { order: o.orderNumber }),
    ];
    for (const v of customerViews) {
      expect(v.status).toBe(200);
      const seen = JSON.stringify(v.data ?? (await v.response?.text()));
      // the views really show this order (the printed note reads the digital note module, empty here)
      if (v !== customerViews[2]) expect(seen).toContain(o.orderNumber);
      expect(seen).not.toContain("GİZLİ");
      expect(seen).not.toContain("Şükrü");
    }
    const mails = await app.db.select().from(jobs);
    expect(mails.length).toBeGreaterThan(0);
    expect(JSON.stringify(mails)).toContain(o.orderNumber);
    expect(JSON.stringify(mails)).not.toContain("GİZLİ");
  });

  it("a KVKK erasure removes the order's notes with the rest of the person's data", async () => {
    const o = await memberOrder();
    await h.act("operations", orderRoute.action, `/management/orders/${o.orderNumber}`, { intent: "note", body: SECRET }, { orderNumber: o.orderNumber });
    expect(await app.db.select().from(orderNotes).where(eq(orderNotes.orderId, o.id))).toHaveLength(1);
    await app.db.transaction((tx) => orders.anonymise(app, tx, { userId: h.people.customer.id, email: h.people.customer.email }, "silindi@example.invalid"));
    expect(await app.db.select().from(orderNotes).where(eq(orderNotes.orderId, o.id))).toHaveLength(0);
  });
});
