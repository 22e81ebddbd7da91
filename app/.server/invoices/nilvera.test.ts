import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { startFakeNilvera, type FakeNilvera } from "./fake-nilvera";
import { nilveraProvider } from "./nilvera";
import { buildDocument } from "./document";
import { buildEarsivXml } from "./ubl";
import { createTestApp, type TestApp } from "../db/testing";
import * as orders from "../orders/service";
import * as invoices from "./service";
import { runDueJobs } from "../jobs/service";
import { JOB_HANDLERS } from "../registry";
import { jobs } from "../db/schema/system";
import { EXAMPLE_SELLER } from "../seller/env";
import { formatInvoiceNumber } from "~/shared/earsiv";

/**
 * The Nilvera provider against the in-repo fake that follows Nilvera's published REST contract (nilvera.ts):
 * authentication, send, the same ETTN twice, status, cancel, a refused document, server errors and timeouts; then
 * the shop with INVOICE_PROVIDER=nilvera: a failing integrator never blocks shipping, the invoice waits in the
 * outbox with its error and goes out on a later try.
 */
let fake: FakeNilvera;
beforeAll(async () => {
  fake = await startFakeNilvera();
});
afterAll(() => fake.close());

function xml(seq: number, over: { profile?: string } = {}) {
  const ettn = randomUUID();
  const number = formatInvoiceNumber("KRB", 2026, seq);
  const doc = buildDocument(
    { orderNumber: "2026-000001", createdAt: new Date("2026-11-24T07:00:00Z"), email: "a@example.com", deliveryType: "Carrier", carrier: "Aras Kargo", address: { delFullName: "Ali Veli" }, discountAmount: 0, usedBonus: 0, deliveryCost: 0, needToPay: 12500, paymentRef: "p", taxSnapshot: { deliveryRateBp: 2000 } },
    [{ name: "Orijinal", quantity: 1, unitPrice: 12500, taxRateBp: 1000 }],
    EXAMPLE_SELLER,
    { kind: "SATIS", number, ettn, issueDate: "2026-11-24", issueTime: "10:00:00", orderDate: "2026-11-24", dispatchDate: "2026-11-24", handover: "carrier", gift: false, returnOf: null, fallbackDeliveryRateBp: 2000 },
  );
  let x = buildEarsivXml(doc);
  if (over.profile) x = x.replace("<cbc:ProfileID>EARSIVFATURA</cbc:ProfileID>", `<cbc:ProfileID>${over.profile}</cbc:ProfileID>`);
  return { number, ettn, kind: "SATIS" as const, xml: x };
}

describe("Nilvera provider (contract against the fake)", () => {
  const provider = () => nilveraProvider({ baseUrl: fake.url, apiKey: fake.apiKey, timeoutMs: 2_000 });

  it("a wrong API key is refused (401), not worth retrying as such", async () => {
    const r = await nilveraProvider({ baseUrl: fake.url, apiKey: "wrong", timeoutMs: 2_000 }).send(xml(1));
    expect(r).toMatchObject({ ok: false, code: "401", retry: false });
  });

  it("send → held with its ETTN; the same ETTN again is not a second invoice; status; cancel", async () => {
    const inv = xml(2);
    expect(await provider().send(inv)).toEqual({ ok: true, providerRef: inv.ettn });
    expect(await provider().send(inv)).toEqual({ ok: true, providerRef: inv.ettn });
    expect([...fake.invoices.values()].filter((i) => i.number === inv.number)).toHaveLength(1);
    expect(await provider().status(inv.ettn)).toMatchObject({ ok: true, state: "accepted" });
    expect(await provider().cancel(inv.ettn)).toEqual({ ok: true });
    expect(await provider().status(inv.ettn)).toMatchObject({ ok: true, state: "cancelled" });
    expect(await provider().status(randomUUID())).toMatchObject({ ok: false, code: "404", retry: false });
  });

  it("a document the integrator refuses (422) says why and is not retried as such", async () => {
    const r = await provider().send(xml(3, { profile: "TEMELFATURA" }));
    expect(r).toMatchObject({ ok: false, code: "1002", retry: false });
    expect(r.ok === false && r.message).toContain("EARSIVFATURA");
  });

  it("server errors and rate limits are retried; a slow answer times out", async () => {
    fake.failNext(503);
    expect(await provider().send(xml(4))).toMatchObject({ ok: false, code: "503", retry: true });
    fake.failNext(429);
    expect(await provider().send(xml(5))).toMatchObject({ ok: false, retry: true });
    fake.delayMs = 400;
    const r = await nilveraProvider({ baseUrl: fake.url, apiKey: fake.apiKey, timeoutMs: 100 }).send(xml(6));
    fake.delayMs = 0;
    expect(r).toMatchObject({ ok: false, code: "timeout", retry: true });
    expect(await nilveraProvider({ baseUrl: "http://127.0.0.1:1", apiKey: "k", timeoutMs: 500 }).send(xml(7))).toMatchObject({ ok: false, retry: true });
  });

  it("the fake: a forced failure belongs to the next request to arrive, not to a slow earlier one whose caller timed out", async () => {
    fake.delayMs = 300;
    const slow = await nilveraProvider({ baseUrl: fake.url, apiKey: fake.apiKey, timeoutMs: 50 }).send(xml(8));
    expect(slow).toMatchObject({ ok: false, code: "timeout" });
    fake.delayMs = 0;
    fake.failNext(503);
    // the slow request is still in the fake and finishes first
    await new Promise((r) => setTimeout(r, 400));
    expect(await provider().send(xml(9))).toMatchObject({ ok: false, code: "503", retry: true });
  });
});

describe("the shop with INVOICE_PROVIDER=nilvera", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ now: "2026-11-24T10:00:00+03:00", env: { INVOICE_PROVIDER: "nilvera", NILVERA_API_KEY: fake.apiKey, NILVERA_BASE_URL: fake.url, INVOICE_PROVIDER_TIMEOUT_MS: "300" } });
  });
  afterAll(() => app.close());

  it("a down or slow integrator never blocks shipping: the invoice waits in the outbox with its error, then goes out", async () => {
    const line = { productId: 10001, name: "Orijinal", quantity: 1, unitPrice: 12500, originalPrice: 12500, taxRateBp: 1000 };
    const o = await app.db.transaction((tx) =>
      orders.createOrder(app, tx, { userId: null, email: "b@example.com", deliveryType: "Carrier", readyDate: "2026-11-25", address: { delFullName: "Ali Veli" }, productTotal: 12500, deliveryCost: 0, needToPay: 12500, taxSnapshot: { deliveryRateBp: 2000 } }, [line], "test"),
    );
    for (const to of ["preparing", "ready"] as const) await orders.transition(app, o.id, to, "staff:1");
    fake.failNext(503);
    await orders.transition(app, o.id, "shipped", "staff:1"); // the status change does not wait for the integrator
    expect((await orders.getById(app, o.id))!.status).toBe("shipped");
    await runDueJobs(app, JOB_HANDLERS);
    let [inv] = await invoices.forOrder(app, o.id);
    expect(inv).toMatchObject({ status: "queued", provider: "nilvera", providerRef: null });
    expect(inv!.lastError).toContain("503");
    expect((await invoices.waiting(app)).map((i) => i.id)).toContain(inv!.id);
    // slow: times out, still queued
    app.clock.advance(60_000);
    fake.delayMs = 600;
    await runDueJobs(app, JOB_HANDLERS);
    fake.delayMs = 0;
    [inv] = await invoices.forOrder(app, o.id);
    expect(inv!.status).toBe("queued");
    expect(inv!.lastError).toContain("timeout");
    // the next try goes through; the buyer is mailed once
    app.clock.advance(3_600_000);
    await runDueJobs(app, JOB_HANDLERS);
    [inv] = await invoices.forOrder(app, o.id);
    expect(inv).toMatchObject({ status: "sent", providerRef: inv!.ettn, lastError: null });
    expect(fake.invoices.get(inv!.ettn)?.number).toBe(inv!.number);
    expect(await app.db.select().from(jobs).where(eq(jobs.dedupeKey, `earsiv-mail:${inv!.id}`))).toHaveLength(1);
  });
});
