import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { parse } from "csv-parse/sync";
import type { TestApp } from "../db/testing";
import { auditLog } from "../db/schema/audit";
import { jobs } from "../db/schema/system";
import { MAIL_JOB } from "../mail/service";
import { orderEvents, orders as ordersTable } from "../db/schema/orders";
import * as orders from "../orders/service";
import { createHarness, type Harness } from "./testing";
import { loadConfig } from "../config";
import { csvCell } from "./csv";
import * as ordersRoute from "~/routes/management/orders";
import * as bulkRoute from "~/routes/management/orders-bulk";
import * as exportRoute from "~/routes/management/orders-export";
import * as productionExportRoute from "~/routes/management/production-export";
import { nextMove, type BulkResult } from "~/shared/batch";
import { batchTr } from "~/shared/texts/batch.tr";

/**
 * Batch work on the order list (issue 28 §1) through the route modules, on PGlite or on PostgreSQL when
 * DATABASE_URL is set: bulk moves through the state machine with one answer per order, and CSV files read back
 * with a real CSV parser.
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

const BUYER = {
  delFullName: "Şule Çağlar",
  delAddress: "Gül Sokak No 5, Daire 2",
  delCityName: "İzmir",
  delCountyName: "Karşıyaka",
  delNeighName: "Bostanlı",
  delPhoneNumber: "5321234567",
  invFullName: "Şule Çağlar",
  invAddress: "Gül Sokak No 5, Daire 2",
  invCityName: "İzmir",
  invCountyName: "Karşıyaka",
  invNeighName: "Bostanlı",
  invPhoneNumber: "5321234567",
  firmName: "",
  taxAuthority: "",
  TID: "",
  type: "Individual",
  isSingleAddress: 1,
};

let seq = 0;
/** An order as checkout leaves it, moved on to `status` by the state machine. */
async function order(opts: { status?: string; deliveryType?: string; readyDate?: string; address?: Record<string, unknown>; giftNote?: string; tracking?: boolean } = {}) {
  const n = ++seq;
  const row = await app.db.transaction((tx) =>
    orders.createOrder(
      app,
      tx,
      {
        userId: null,
        email: `alici${n}@example.com`,
        deliveryType: opts.deliveryType ?? "Delivery",
        deliveryDetails: opts.deliveryType === "Carrier" ? "Standart" : "10:00-13:00",
        readyDate: opts.readyDate ?? "2026-11-24",
        estimatedDelivery: opts.readyDate ?? "2026-11-24",
        address: opts.address ?? BUYER,
        giftNote: opts.giftNote ?? "",
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
  const path = ["preparing", "ready"];
  for (const s of path) {
    if (opts.status === undefined || opts.status === "received") break;
    await orders.transition(app, row.id, s as "preparing", "test");
    if (s === opts.status) break;
  }
  if (opts.tracking) await app.db.update(ordersTable).set({ carrier: "Yurtiçi Kargo", trackingNumber: "YK12345678" }).where(eq(ordersTable.id, row.id));
  return (await orders.getById(app, row.id))!;
}

const mailJobs = async () => Number((await app.db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(eq(jobs.kind, MAIL_JOB)))[0]?.n ?? 0);
const statusOf = async (id: number) => (await orders.getById(app, id))!.status;

describe("next status", () => {
  it.each([
    ["received", "Delivery", "preparing"],
    ["preparing", "Carrier", "ready"],
    ["ready", "Carrier", "shipped"],
    ["ready", "Delivery", "outfordelivery"],
    ["ready", "Store", "collected"],
    ["outfordelivery", "Delivery", "delivered"],
    ["delivered", "Delivery", null],
    ["cancelled", "Store", null],
    ["nonsense", "Store", null],
  ])("%s (%s) → %s", (from, type, to) => expect(nextMove(from, type)).toBe(to));
});

describe("bulk status change", () => {
  it("moves each order through the state machine and reports a refusal per order without stopping the others", async () => {
    const received = await order();
    const preparing = await order({ status: "preparing" });
    const courier = await order({ status: "ready" });
    const parcel = await order({ status: "ready", deliveryType: "Carrier" });
    const tracked = await order({ status: "ready", deliveryType: "Carrier", tracking: true });
    const pickup = await order({ status: "ready", deliveryType: "Store" });
    const stale = await order({ status: "preparing" });
    const mailsBefore = await mailJobs();
    const answer = await h.act("operations", ordersRoute.action, "/management/orders", {
      intent: "bulk",
      [`o.${received.orderNumber}`]: "received",
      [`o.${preparing.orderNumber}`]: "preparing",
      [`o.${courier.orderNumber}`]: "ready",
      [`o.${parcel.orderNumber}`]: "ready",
      [`o.${tracked.orderNumber}`]: "ready",
      [`o.${pickup.orderNumber}`]: "ready",
      // the staff member saw it as 'received'; someone moved it meanwhile
      [`o.${stale.orderNumber}`]: "received",
      "o.2026-999999": "received",
    });
    expect(answer.status).toBe(200);
    const r = answer.data as { ok: boolean; message: string; results: BulkResult[]; moved: number; refused: number };
    const by = Object.fromEntries(r.results.map((x) => [x.orderNumber, x]));
    expect(r.results).toHaveLength(8);
    expect(by[received.orderNumber]).toMatchObject({ ok: true, to: "preparing" });
    expect(by[preparing.orderNumber]).toMatchObject({ ok: true, to: "ready" });
    expect(by[courier.orderNumber]).toMatchObject({ ok: true, to: "outfordelivery" });
    expect(by[tracked.orderNumber]).toMatchObject({ ok: true, to: "shipped" });
    expect(by[pickup.orderNumber]).toMatchObject({ ok: true, to: "collected" });
    expect(by[parcel.orderNumber]).toMatchObject({ ok: false, message: batchTr.bulk.needsTracking });
    expect(by[stale.orderNumber]!.ok).toBe(false);
    expect(by[stale.orderNumber]!.message).toBe("Sipariş bu arada başka biri tarafından 'Hazırlanıyor' durumuna getirildi; değiştirilmedi.");
    expect(by["2026-999999"]).toMatchObject({ ok: false, message: batchTr.bulk.notFound });
    expect(r).toMatchObject({ moved: 5, refused: 3, message: "5 sipariş sıradaki durumuna geçti, 3 sipariş geçemedi." });

    // the database agrees, and a refused order did not move
    expect(await statusOf(parcel.id)).toBe("ready");
    expect(await statusOf(stale.id)).toBe("preparing");
    expect(await statusOf(courier.id)).toBe("outfordelivery");
    // one event and one audit line per moved order, by the staff member
    const events = await app.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, courier.id), eq(orderEvents.toStatus, "outfordelivery")));
    expect(events).toHaveLength(1);
    expect(events[0]!.actor).toBe(`staff:${h.people.operations.id}`);
    const audits = await app.db.select().from(auditLog).where(and(eq(auditLog.action, "order.status"), eq(auditLog.actor, `staff:${h.people.operations.id}`)));
    expect(audits.filter((a) => [received, preparing, courier, tracked, pickup].some((o) => a.entityId === String(o.id)))).toHaveLength(5);
    // the customer mails of the moves that have one: shipped, out for delivery, ready for pickup
    expect((await mailJobs()) - mailsBefore).toBe(3);
  });

  it("'all that match the filter' resolves on the server; the chunk endpoint answers JSON per order", async () => {
    const day = "2026-11-27";
    const mine = [await order({ readyDate: day }), await order({ readyDate: day }), await order({ readyDate: day, status: "ready", deliveryType: "Carrier" })];
    const resolved = await h.act("operations", bulkRoute.action, "/management/orders/bulk", { intent: "resolve", all: "1", dateOf: "ready", from: day, to: day });
    const body = (await resolved.response!.json()) as { ok: boolean; items: { orderNumber: string }[] };
    expect(body.ok).toBe(true);
    expect(body.items.map((i) => i.orderNumber).sort()).toEqual(mine.map((o) => o.orderNumber).sort());
    const chunk = await h.act("operations", bulkRoute.action, "/management/orders/bulk", Object.fromEntries([["intent", "bulk"], ...body.items.map((i) => [`o.${i.orderNumber}`, ""])]));
    const moved = (await chunk.response!.json()) as { results: BulkResult[]; moved: number; refused: number };
    expect(moved).toMatchObject({ moved: 2, refused: 1 });
    // without JavaScript the page's own form moves every match at once
    const page = await h.act("operations", ordersRoute.action, "/management/orders", { intent: "bulk", all: "1", dateOf: "ready", from: day, to: day, status: "preparing" });
    expect((page.data as { moved: number }).moved).toBe(2);
    for (const o of mine.slice(0, 2)) expect(await statusOf(o.id)).toBe("ready");
  });

  it("nothing chosen is told so; marketing may not change orders", async () => {
    const none = await h.act("operations", ordersRoute.action, "/management/orders", { intent: "bulk" });
    expect(none.data).toMatchObject({ ok: false, message: batchTr.bulk.noneSelected });
    const o = await order();
    const denied = await h.act("marketing", ordersRoute.action, "/management/orders", { intent: "bulk", [`o.${o.orderNumber}`]: "received" });
    expect(denied.status).toBe(403);
    const deniedChunk = await h.act("marketing", bulkRoute.action, "/management/orders/bulk", { intent: "bulk", [`o.${o.orderNumber}`]: "received" });
    expect(deniedChunk.status).toBe(403);
    expect(await statusOf(o.id)).toBe("received");
  });

  it("measures a bulk change of 200 orders (ready → out for delivery, one mail each)", async () => {
    const day = "2026-11-30";
    const many = [];
    for (let i = 0; i < 200; i++) many.push(await order({ readyDate: day, status: "ready" }));
    const mailsBefore = await mailJobs();
    const started = performance.now();
    const answer = await h.act("operations", ordersRoute.action, "/management/orders", { intent: "bulk", all: "1", dateOf: "ready", from: day, to: day });
    const ms = performance.now() - started;
    const mails = (await mailJobs()) - mailsBefore;
    expect((answer.data as { moved: number }).moved).toBe(200);
    expect(mails).toBe(200);
    console.log(`[measure] bulk change of 200 orders on ${loadConfig().databaseUrl ? "PostgreSQL" : "PGlite"}: ${Math.round(ms)} ms, ${mails} mails enqueued`);
  }, 120_000);
});

describe("CSV", () => {
  it("guards cells against formula injection", () => {
    expect(["=1+2", "+90532", "-5", "@SUM(A1)", "\tx", "Şule", "", "a=b"].map(csvCell)).toEqual(["'=1+2", "'+90532", "'-5", "'@SUM(A1)", "'\tx", "Şule", "", "a=b"]);
  });

  it("exports the filtered orders: BOM, CRLF, quoting, Turkish letters, no formulas; read back with csv-parse", async () => {
    const day = "2026-12-03";
    const tricky = await order({
      readyDate: day,
      giftNote: "Mutlu yıllar",
      address: { ...BUYER, delFullName: '=HYPERLINK("http://kötü.example","tıkla")', delAddress: 'İğne "Sokak", No 7\nKat 2', isSingleAddress: 0 },
    });
    const plain = await order({ readyDate: day });
    const res = await h.load("marketing", exportRoute.loader, `/management/orders/export?dateOf=ready&from=${day}&to=${day}`);
    expect(res.status).toBe(200);
    expect(res.response!.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.response!.headers.get("content-disposition")).toMatch(/^attachment; filename="siparisler-\d{12}\.csv"$/);
    const bytes = new Uint8Array(await res.response!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.split("\r\n")[0]).toBe(`\uFEFF${batchTr.csv.orderHeader.join(",")}`);
    const rows = parse(text, { bom: true, columns: true, record_delimiter: "\r\n" }) as Record<string, string>[];
    expect(rows).toHaveLength(2);
    const t = rows.find((r) => r["Sipariş no"] === tricky.orderNumber)!;
    expect(t["Alıcı"]).toBe(`'=HYPERLINK("http://kötü.example","tıkla")`);
    expect(t["Adres"]).toBe('Bostanlı, İğne "Sokak", No 7\nKat 2');
    expect(t["İl"]).toBe("İzmir");
    expect(t["Telefon"]).toBe("0532 123 45 67");
    expect(t["Ödenen (TL)"]).toBe("250,00");
    expect(t["Ürünler"]).toBe("2 × Orijinal (6 adet)");
    expect(t["Hediye"]).toBe("Evet (Hediye notu var)");
    expect(t["Hazır olma tarihi"]).toBe("03.12.2026");
    expect(rows.find((r) => r["Sipariş no"] === plain.orderNumber)!["Hediye"]).toBe("Hayır");
    // no cell of the file starts a formula
    for (const r of parse(text, { bom: true }) as string[][]) for (const c of r) expect(c).not.toMatch(/^[=+\-@]/);
    // the export of personal data is in the audit log
    const [entry] = await app.db.select().from(auditLog).where(eq(auditLog.action, "orders.export")).orderBy(sql`${auditLog.id} desc`).limit(1);
    expect(entry).toMatchObject({ actor: `staff:${h.people.marketing.id}`, after: expect.objectContaining({ count: 2 }) });
  });

  it("exports the production list of a day; operations only", async () => {
    const day = "2026-12-04";
    await order({ readyDate: day });
    await order({ readyDate: day });
    const res = await h.load("operations", productionExportRoute.loader, `/management/production/export?day=${day}`);
    expect(res.response!.headers.get("content-disposition")).toBe(`attachment; filename="uretim-${day}.csv"`);
    const rows = parse(await res.response!.text(), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toEqual([{ "Hazır olma tarihi": "04.12.2026", "Ürün no": "10001", Ürün: "Orijinal", Çeşit: expect.any(String), Paket: "6 adet", Adet: "4", "Sipariş sayısı": "2" }]);
    expect((await h.load("marketing", productionExportRoute.loader, `/management/production/export?day=${day}`)).status).toBe(403);
  });

  it("measures a CSV of 1,000 orders", async () => {
    const day = "2026-12-10";
    for (let i = 0; i < 1000; i++) await order({ readyDate: day, giftNote: i % 3 ? "" : "Sevgilerle" });
    const started = performance.now();
    const res = await h.load("operations", exportRoute.loader, `/management/orders/export?dateOf=ready&from=${day}&to=${day}`);
    const body = await res.response!.text();
    const ms = performance.now() - started;
    const rows = parse(body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1000);
    console.log(`[measure] CSV of 1,000 orders on ${loadConfig().databaseUrl ? "PostgreSQL" : "PGlite"}: ${Math.round(ms)} ms, ${Buffer.byteLength(body)} bytes`);
  }, 180_000);
});
