import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer } from "node:net";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../db/testing";
import { jobs } from "../db/schema/system";
import { runDueJobs } from "../jobs/service";
import { JOB_HANDLERS } from "../registry";
import * as orders from "../orders/service";
import * as management from "../management/service";
import type { Staff } from "../management/outcome";
import { netgsmSend, SmsFailed } from "./netgsm";
import { startFakeNetgsm, type FakeNetgsm } from "./fake-netgsm";
import { readSmsOutbox, SMS_JOB } from "./service";

/**
 * SMS to buyers (issue 28 §2): the Netgsm client against the in-repo fake that follows Netgsm's REST v2
 * documentation (credentials, sender name, numbers, text, refusals, timeouts), and the order's status changes
 * queueing the buyer's SMS, sent by the folder provider and by Netgsm.
 */

let fake: FakeNetgsm;
beforeAll(async () => {
  fake = await startFakeNetgsm();
});
afterAll(() => fake.close());

const cfg = () => ({ baseUrl: fake.url, usercode: fake.usercode, password: fake.password, msgheader: fake.msgheader, timeoutMs: 2_000 });
const TURKISH = "Çağrı'nın şekerli İğdır kurabiyeleri: ç ğ ı İ ö ş ü Ç Ğ Ö Ş Ü";

describe("Netgsm REST v2 (contract against the fake)", () => {
  it("sends one SMS with Basic credentials, the sender name, Turkish encoding and no İYS filter; the job id comes back", async () => {
    const before = fake.sent.length;
    const jobid = await netgsmSend(cfg(), "905321234567", TURKISH);
    expect(jobid).toMatch(/^\d{10}$/);
    expect(fake.sent.slice(before)).toEqual([{ no: "905321234567", msg: TURKISH, encoding: "TR", iysfilter: "0", jobid }]);
  });

  it.each([
    ["a wrong password", { password: "yanlış" }, /^Netgsm 30: /],
    ["an unknown sender name", { msgheader: "BASKA" }, /^Netgsm 40: /],
    ["a number that is not a mobile", { to: "902121234567" }, /^Netgsm 70: /],
    ["an empty text", { text: " " }, /^Netgsm 20: /],
    ["a text longer than six parts", { text: "ş".repeat(901) }, /^Netgsm 20: /],
  ])("refuses %s with Netgsm's code as the reason", async (_what, change: { password?: string; msgheader?: string; to?: string; text?: string }, reason) => {
    const before = fake.sent.length;
    const err = await netgsmSend({ ...cfg(), ...change }, change.to ?? "905321234567", change.text ?? "Merhaba").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsFailed);
    expect((err as Error).message).toMatch(reason);
    expect(fake.sent.length).toBe(before);
  });

  it("names a limit refusal, a proxy's HTML error, a provider that does not answer in time and one that cannot be reached", async () => {
    fake.failNextWith("80");
    await expect(netgsmSend(cfg(), "905321234567", "x")).rejects.toThrow("Netgsm 80: gönderim sınırı aşıldı");
    fake.failNextWith("99");
    await expect(netgsmSend(cfg(), "905321234567", "x")).rejects.toThrow("Netgsm 99: simulated");
    fake.badGatewayNext();
    await expect(netgsmSend(cfg(), "905321234567", "x")).rejects.toThrow("Netgsm yanıtı okunamadı (HTTP 502)");
    fake.hangNext();
    const t0 = performance.now();
    await expect(netgsmSend({ ...cfg(), timeoutMs: 300 }, "905321234567", "x")).rejects.toThrow("Netgsm 0.3 saniye içinde yanıt vermedi");
    expect(performance.now() - t0).toBeLessThan(2_000);
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as { port: number }).port;
    await new Promise((r) => closed.close(r));
    await expect(netgsmSend({ ...cfg(), baseUrl: `http://127.0.0.1:${port}` }, "905321234567", "x")).rejects.toThrow(/^Netgsm'e ulaşılamadı: .*ECONNREFUSED/);
  });
});

// ─── the order's SMS ────────────────────────────────────────────────────────────────────────────

const ADDRESS = {
  delFullName: "Deniz Alıcı",
  delPhoneNumber: "5441112233",
  invFullName: "Ayşe Yılmaz",
  invPhoneNumber: "5321234567",
  delCityName: "İstanbul",
  delCountyName: "Kadıköy",
};

async function newOrder(app: TestApp, opts: { deliveryType?: string; deliveryDetails?: string; invPhoneNumber?: string } = {}) {
  const order = await app.db.transaction((tx) =>
    orders.createOrder(
      app,
      tx,
      {
        userId: null,
        email: "ayse@example.com",
        deliveryType: opts.deliveryType ?? "Carrier",
        deliveryDetails: opts.deliveryDetails ?? "Standart",
        readyDate: "2026-11-24",
        estimatedDelivery: "2026-11-25",
        pickupPlace: opts.deliveryType === "Store" ? "Kadıköy Atölye, Moda Cad. 5" : null,
        address: { ...ADDRESS, invPhoneNumber: opts.invPhoneNumber ?? ADDRESS.invPhoneNumber },
        productTotal: 25_000,
        deliveryCost: 0,
        needToPay: 25_000,
        taxSnapshot: { productRateBp: 1000, deliveryRateBp: 2000 },
      },
      [{ productId: 10001, name: "Orijinal", packageContent: "6 adet", quantity: 2, unitPrice: 12_500, originalPrice: 12_500, taxRateBp: 1000 }],
      "checkout",
    ),
  );
  return order;
}

const staff: Staff = { id: 1, name: "Operasyon", email: "ops@kurabiye.test", role: "operations", actor: "staff:1" };

async function moveTo(app: TestApp, orderNumber: string, path: string[], last: Parameters<typeof management.changeStatus>[3]) {
  let from = "received";
  for (const to of path) {
    expect(await management.changeStatus(app, staff, orderNumber, { to, from, reason: "" } as never)).toMatchObject({ ok: true });
    from = to;
  }
  return management.changeStatus(app, staff, orderNumber, { ...last, from } as never);
}

const smsJobs = (app: TestApp) => app.db.select().from(jobs).where(eq(jobs.kind, SMS_JOB)).orderBy(jobs.id);

describe("the buyer's SMS, folder provider (the default)", () => {
  let app: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "sms-outbox-"));
    app = await createTestApp({ env: { SMS_OUTBOX_DIR: dir, MAIL_OUTBOX_DIR: join(dir, "mail") } });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("shipped, out for delivery and ready for pickup each write one SMS to the buyer's mobile (never to the gift's recipient)", async () => {
    const cargo = await newOrder(app);
    expect(await moveTo(app, cargo.orderNumber, ["preparing", "ready"], { to: "shipped", carrier: "aras", trackingNumber: "AR123456789", reason: "" } as never)).toMatchObject({ ok: true });
    const courier = await newOrder(app, { deliveryType: "Delivery", deliveryDetails: "14:00 - 18:00", invPhoneNumber: "0532 765 43 21" });
    expect(await moveTo(app, courier.orderNumber, ["preparing", "ready"], { to: "outfordelivery", reason: "" } as never)).toMatchObject({ ok: true });
    const pickup = await newOrder(app, { deliveryType: "Store", deliveryDetails: "16:00" });
    expect(await moveTo(app, pickup.orderNumber, ["preparing", "ready"], { to: "collected", reason: "" } as never)).toMatchObject({ ok: true });
    await runDueJobs(app, JOB_HANDLERS, 50);
    const sms = readSmsOutbox(dir);
    expect(sms.map((s) => [s.to, s.encoding])).toEqual([
      ["905321234567", "TR"],
      ["905327654321", "TR"],
      ["905321234567", "TR"],
    ]);
    expect(sms[0]!.text).toBe(`Kurabiye Atölyesi: ${cargo.orderNumber} numaralı siparişiniz Aras Kargo ile kargoya verildi. Takip: https://kargotakip.araskargo.com.tr/mainpage.aspx?code=AR123456789`);
    expect(sms[1]!.text).toBe(`Kurabiye Atölyesi: ${courier.orderNumber} numaralı siparişiniz kuryemizle yola çıktı. Teslimat aralığı: 14:00 - 18:00`);
    expect(sms[2]!.text).toBe(`Kurabiye Atölyesi: ${pickup.orderNumber} numaralı siparişiniz hazır. Teslim alma saati: 16:00, adres: Kadıköy Atölye, Moda Cad. 5`);
    // a second worker pass (as after a crash before 'done') rewrites the same files: still three
    await app.db.update(jobs).set({ status: "pending", lockedUntil: null }).where(eq(jobs.kind, SMS_JOB));
    await runDueJobs(app, JOB_HANDLERS, 50);
    expect(readSmsOutbox(dir)).toHaveLength(3);
  });

  it("a corrected tracking number sends the new link once; no SMS for preparing or ready, nor to a landline or a foreign number", async () => {
    const before = (await smsJobs(app)).length;
    const order = await newOrder(app);
    await moveTo(app, order.orderNumber, ["preparing", "ready"], { to: "shipped", carrier: "aras", trackingNumber: "AR1", reason: "" } as never);
    expect(await management.updateShipment(app, staff, order.orderNumber, { carrier: "aras", trackingNumber: "AR2" })).toMatchObject({ ok: true });
    expect(await management.updateShipment(app, staff, order.orderNumber, { carrier: "aras", trackingNumber: "AR2" })).toMatchObject({ ok: true });
    const mine = (await smsJobs(app)).slice(before);
    expect(mine.map((j) => (j.payload as { text: string }).text.slice(-3))).toEqual(["AR1", "AR2"]);
    for (const phone of ["2161234567", "+4915112345678", ""]) {
      const other = await newOrder(app, { invPhoneNumber: phone });
      expect(await moveTo(app, other.orderNumber, ["preparing", "ready"], { to: "shipped", carrier: "aras", trackingNumber: "AR9", reason: "" } as never)).toMatchObject({ ok: true });
    }
    expect((await smsJobs(app)).length).toBe(before + 2);
  });
});

describe("the buyer's SMS through Netgsm", () => {
  let app: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "sms-netgsm-"));
    app = await createTestApp({
      env: { SMS_PROVIDER: "netgsm", NETGSM_BASE_URL: fake.url, NETGSM_USERCODE: fake.usercode, NETGSM_PASSWORD: fake.password, NETGSM_MSGHEADER: fake.msgheader, SMS_TIMEOUT_MS: "500", MAIL_OUTBOX_DIR: dir },
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a provider that is down never holds up the order: the status changes at once, the SMS is retried and sent once", async () => {
    const order = await newOrder(app);
    fake.hangNext();
    const t0 = performance.now();
    expect(await moveTo(app, order.orderNumber, ["preparing", "ready"], { to: "shipped", carrier: "aras", trackingNumber: "AR777", reason: "" } as never)).toMatchObject({ ok: true });
    expect(performance.now() - t0).toBeLessThan(2_000);
    expect((await orders.getById(app, order.id))?.status).toBe("shipped");
    await runDueJobs(app, JOB_HANDLERS, 50);
    const [job] = (await smsJobs(app)).filter((j) => (j.payload as { text: string }).text.includes("AR777"));
    expect(job).toMatchObject({ status: "pending", attempts: 1, lastError: "Netgsm 0.5 saniye içinde yanıt vermedi" });
    const before = fake.sent.length;
    app.clock.advance(60_000);
    await runDueJobs(app, JOB_HANDLERS, 50);
    expect(fake.sent.slice(before).map((s) => [s.no, s.encoding])).toEqual([["905321234567", "TR"]]);
    const [done] = await app.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(done).toMatchObject({ status: "done", lastError: null, payload: { sentAt: expect.any(String), providerRef: fake.sent.at(-1)!.jobid } });
    // run again as after a crash between Netgsm's acceptance and 'done': not sent twice
    await app.db.update(jobs).set({ status: "pending", lockedUntil: null }).where(eq(jobs.id, job!.id));
    await runDueJobs(app, JOB_HANDLERS, 50);
    expect(fake.sent.length).toBe(before + 1);
  });
});
