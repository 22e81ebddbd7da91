import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inArray } from "drizzle-orm";
import { jobs } from "../db/schema/system";
import { runDueJobs } from "../jobs/service";
import { JOB_HANDLERS } from "../registry";
import { readOutbox } from "../mail/outbox";
import * as orders from "../orders/service";
import * as accounts from "../accounts/service";
import { createHarness, type Harness } from "../management/testing";
import { CLOSE_TO_CUTOFF_MINUTES, orderPlacedRider, since, urgencyOf } from "./service";
import * as alertsRoute from "~/routes/management/alerts";
import { BACKGROUND_POLL_HEADER } from "~/shared/background-poll";

/** Staff alerts for new orders (issue 28 §2): what counts as urgent, the alert mail, the live feed. */

const CUTOFFS = { cutoffs: { shippingSameDay: "15:00", courierSameDay: "11:00", pickupSameDay: "15:00" } };

describe("close to the cutoff", () => {
  // [placed at (Istanbul), delivery type, ready date, urgent?]
  it.each([
    ["2026-11-25T14:29:00+03:00", "Carrier", "2026-11-25", null],
    ["2026-11-25T14:30:00+03:00", "Carrier", "2026-11-25", { cutoff: "15:00", minutesLeft: 30 }],
    ["2026-11-25T14:59:00+03:00", "Carrier", "2026-11-25", { cutoff: "15:00", minutesLeft: 1 }],
    ["2026-11-25T15:00:00+03:00", "Carrier", "2026-11-25", { cutoff: "15:00", minutesLeft: 0 }],
    ["2026-11-25T15:01:00+03:00", "Carrier", "2026-11-25", null],
    ["2026-11-25T14:45:00+03:00", "Carrier", "2026-11-26", null],
    ["2026-11-25T10:40:00+03:00", "Delivery", "2026-11-25", { cutoff: "11:00", minutesLeft: 20 }],
    ["2026-11-25T10:29:00+03:00", "Delivery", "2026-11-25", null],
    ["2026-11-25T14:50:00+03:00", "Store", "2026-11-25", { cutoff: "15:00", minutesLeft: 10 }],
    // 23:50 UTC on the 24th is 02:50 on the 25th in Istanbul: the day is Istanbul's
    ["2026-11-24T23:50:00Z", "Carrier", "2026-11-24", null],
  ])("placed %s, %s, ready %s → %j", (at, deliveryType, readyDate, expected) => {
    expect(urgencyOf(CUTOFFS, { deliveryType, readyDate, createdAt: new Date(at) })).toEqual(expected);
  });

  it("the window is half an hour", () => expect(CLOSE_TO_CUTOFF_MINUTES).toBe(30));
});

let h: Harness;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "alerts-"));
  h = await createHarness({ env: { STAFF_ALERT_EMAIL: "atolye@kurabiye.test", MAIL_OUTBOX_DIR: dir }, now: "2026-11-25T14:40:00+03:00" });
});
afterAll(async () => {
  await h.app.close();
  rmSync(dir, { recursive: true, force: true });
});

async function placeOrder(opts: { readyDate: string; deliveryType?: string }) {
  const { app } = h;
  return app.db.transaction(async (tx) => {
    // as the place-order flow does: the alert rides on the order's own statement
    const alert = await orderPlacedRider(app, tx);
    const { order } = await orders.createOrderWith(
      app,
      tx,
      {
        userId: null,
        email: "ayse@example.com",
        deliveryType: opts.deliveryType ?? "Carrier",
        deliveryDetails: "Standart",
        readyDate: opts.readyDate,
        estimatedDelivery: opts.readyDate,
        address: { invPhoneNumber: "5321234567" },
        productTotal: 25_000,
        deliveryCost: 0,
        needToPay: 25_000,
        taxSnapshot: { productRateBp: 1000, deliveryRateBp: 2000 },
      },
      [{ productId: 10001, name: "Orijinal", packageContent: "6 adet", quantity: 2, unitPrice: 12_500, originalPrice: 12_500, taxRateBp: 1000 }],
      "checkout",
      (toBe) => (alert ? [alert(toBe)] : []),
    );
    return order;
  });
}

describe("alerts for new orders", () => {
  it("each new order is mailed once to the configured address; a same-day one near its cutoff is marked urgent", async () => {
    const later = await placeOrder({ readyDate: "2026-11-27" });
    const today = await placeOrder({ readyDate: "2026-11-25" });
    await runDueJobs(h.app, JOB_HANDLERS, 50);
    const mails = (await readOutbox(dir)).filter((m) => m.to.includes("atolye@kurabiye.test"));
    expect(mails.map((m) => m.subject)).toEqual([`Yeni sipariş ${later.orderNumber}`, `ACİL: aynı gün siparişi ${today.orderNumber} (son saat 15:00)`]);
    expect(mails[1]!.text).toContain("15:00 son saatine 20 dakika kala");
    expect(mails[1]!.text).toContain(`https://shop.test/management/orders/${today.orderNumber}`);
    // one job per order, keyed on its id (filled in by the order's statement)
    const keyed = await h.app.db.select({ key: jobs.dedupeKey }).from(jobs).where(inArray(jobs.dedupeKey, [`staff-alert:${later.id}`, `staff-alert:${today.id}`]));
    expect(keyed).toHaveLength(2);
  });

  it("the live feed starts where the page opened and then gives each newer order once, urgent ones flagged", async () => {
    const start = await since(h.app, null);
    expect(start.alerts).toEqual([]);
    expect(await since(h.app, start.latest)).toEqual({ latest: start.latest, alerts: [] });
    const o = await placeOrder({ readyDate: "2026-11-25", deliveryType: "Store" });
    const next = await since(h.app, start.latest);
    expect(next.latest).toBe(o.id);
    expect(next.alerts).toEqual([{ id: o.id, orderNumber: o.orderNumber, urgent: true, text: `Acil — aynı gün teslim, son saate 20 dakika kala: ${o.orderNumber} (Atölyeden teslim, son saat 15:00)` }]);
    expect((await since(h.app, next.latest)).alerts).toEqual([]);
  });

  it("staff read it as JSON; customers get 404, visitors the sign-in; polling does not keep a staff session alive", async () => {
    const r = await h.load("marketing", alertsRoute.loader, "/management/alerts?after=0");
    expect(r.status).toBe(200);
    expect(r.response!.headers.get("content-type")).toContain("application/json");
    expect(r.response!.headers.get("cache-control")).toBe("private, no-store");
    expect(((await r.response!.json()) as { alerts: unknown[] }).alerts.length).toBeGreaterThanOrEqual(3);
    expect((await h.load("customer", alertsRoute.loader, "/management/alerts")).status).toBe(404);
    expect((await h.load("visitor", alertsRoute.loader, "/management/alerts")).status).toBe(302);

    const cookie = h.people.operations.cookie;
    const poll = () => h.call(alertsRoute.loader, new Request("https://shop.test/management/alerts?after=0", { headers: { cookie, [BACKGROUND_POLL_HEADER]: "1" } }));
    // 25 minutes of polling every 5 minutes, no other request: the 30-minute idle limit still counts from sign-in
    for (let i = 0; i < 5; i++) {
      h.app.clock.advance(5 * 60_000);
      expect((await poll()).status).toBe(200);
    }
    h.app.clock.advance(6 * 60_000);
    expect((await poll()).status).toBe(302);
    expect((await accounts.getSession(h.app, new Request("https://shop.test/", { headers: { cookie } }))).user).toBeNull();
  });
});
