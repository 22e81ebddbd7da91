import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer } from "node:net";
import { eq, inArray } from "drizzle-orm";
import { jobs } from "../db/schema/system";
import { enqueue, MAX_ATTEMPTS, runDueJobs } from "../jobs/service";
import { JOB_HANDLERS } from "../registry";
import { PERIODIC_TASKS } from "../registry";
import { queueMail } from "../mail/service";
import { queueSms } from "../sms/service";
import * as audit from "../audit/service";
import { createHarness, type Harness } from "./testing";
import * as outboxRoute from "~/routes/management/outbox";

/**
 * Failed messages in sight (issue 28 §2): a mail and an SMS whose providers cannot be reached fail for good after
 * the queue's retries; staff see them with the reason, resend one or all (audited), and the purge deletes them
 * after the configured days, leaving other failed jobs alone.
 */

let h: Harness;
beforeAll(async () => {
  // a port nobody listens on any more: the SMTP server and Netgsm refuse every connection
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  await new Promise((r) => server.close(r));
  h = await createHarness({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, SMS_PROVIDER: "netgsm", NETGSM_BASE_URL: `http://127.0.0.1:${port}`, NETGSM_USERCODE: "u", NETGSM_PASSWORD: "p", NETGSM_MSGHEADER: "KURABIYE", FAILED_JOB_RETENTION_DAYS: "7" },
  });
});
afterAll(() => h.app.close());

let rounds = 0;
async function failForGood() {
  const { app } = h;
  await app.db.transaction(async (tx) => {
    await queueMail(tx, { to: "ayse@example.com", subject: "Siparişiniz kargoya verildi – 2026-000101", heading: "Kargoda", paragraphs: ["Yolda."] });
    await queueSms(tx, { to: "905321234567", text: "Kurabiye Atölyesi: 2026-000101 numaralı siparişiniz kargoya verildi." });
    await enqueue(tx, "orders.refundCancelled", { orderId: 999999 }, { dedupeKey: `refund-test-${++rounds}` });
  });
  for (let i = 0; i < MAX_ATTEMPTS; i++) {
    await runDueJobs(app, JOB_HANDLERS, 50);
    app.clock.advance(3_600_000);
  }
  // the hours of retries ended the staff sessions: sign in again
  for (const p of Object.values(h.people)) p.cookie = await h.signIn(p.email);
}

describe("failed messages", () => {
  it("a mail and an SMS that could not be sent show with the reason; only operations and admin see them", async () => {
    await failForGood();
    const page = await h.load("operations", outboxRoute.loader, "/management/outbox");
    expect(page.status).toBe(200);
    const d = page.data as Awaited<ReturnType<typeof outboxRoute.loader>>;
    expect(d.total).toBe(2);
    expect(d.retentionDays).toBe(7);
    const byKind = Object.fromEntries(d.rows.map((r) => [r.kind, r]));
    expect(byKind.mail).toMatchObject({ to: "ayse@example.com", summary: "Siparişiniz kargoya verildi – 2026-000101", attempts: MAX_ATTEMPTS, reason: expect.stringMatching(/ECONNREFUSED|connect/i) });
    expect(byKind.sms).toMatchObject({ to: "905321234567", summary: expect.stringContaining("kargoya verildi"), attempts: MAX_ATTEMPTS, reason: expect.stringMatching(/^Netgsm'e ulaşılamadı: .*ECONNREFUSED/) });
    expect((await h.load("admin", outboxRoute.loader, "/management/outbox")).status).toBe(200);
    expect((await h.load("marketing", outboxRoute.loader, "/management/outbox")).status).toBe(403);
    expect((await h.load("customer", outboxRoute.loader, "/management/outbox")).status).toBe(404);
    expect((await h.act("marketing", outboxRoute.action, "/management/outbox", { all: "1" })).status).toBe(403);
  });

  it("resends one, then all; each resend is audited and a second click on the same one is told it is gone", async () => {
    const { app } = h;
    const d = (await h.load("operations", outboxRoute.loader, "/management/outbox")).data as Awaited<ReturnType<typeof outboxRoute.loader>>;
    const sms = d.rows.find((r) => r.kind === "sms")!;
    const one = await h.act("operations", outboxRoute.action, "/management/outbox", { id: String(sms.id) });
    expect(one).toMatchObject({ status: 200, data: { ok: true, message: "İleti yeniden gönderim sırasına alındı." } });
    const [row] = await app.db.select().from(jobs).where(eq(jobs.id, sms.id));
    expect(row).toMatchObject({ status: "pending", attempts: 0, lastError: null });
    expect(row!.runAt.getTime()).toBeLessThanOrEqual(app.clock.now().getTime());
    const again = await h.act("operations", outboxRoute.action, "/management/outbox", { id: String(sms.id) });
    expect(again).toMatchObject({ status: 409, data: { ok: false, message: "Bu ileti artık listede değil (gönderildi ya da silindi)." } });
    const [entry] = await audit.list(app, { entity: "job" });
    expect(entry).toMatchObject({ actor: `staff:${h.people.operations.id}`, action: "message.resend", before: { messages: [{ id: sms.id, kind: "sms", to: "905321234567", reason: sms.reason }] }, after: { status: "pending", count: 1 } });

    const all = await h.act("operations", outboxRoute.action, "/management/outbox", { all: "1" });
    expect(all).toMatchObject({ status: 200, data: { ok: true, message: "1 ileti yeniden gönderim sırasına alındı." } });
    expect((await h.load("operations", outboxRoute.loader, "/management/outbox")).data).toMatchObject({ total: 0, rows: [] });
    expect((await h.act("operations", outboxRoute.action, "/management/outbox", { all: "1" })).status).toBe(409);
    expect((await h.act("operations", outboxRoute.action, "/management/outbox", { id: "x" })).status).toBe(400);
  });

  it("the hourly purge deletes failed messages older than the retention, not newer ones, and never other failed jobs", async () => {
    const { app } = h;
    const purge = PERIODIC_TASKS.find((t) => t.name === "jobs.purgeFailedMessages")!;
    await app.db.delete(jobs).where(inArray(jobs.status, ["pending", "failed"]));
    await failForGood();
    const failed = await app.db.select().from(jobs).where(eq(jobs.status, "failed"));
    expect(failed.map((j) => j.kind).sort()).toEqual(["mail", "orders.refundCancelled", "sms"]);
    app.clock.advance(6 * 86_400_000);
    expect(await purge.run(app)).toBe(0);
    app.clock.advance(86_400_000 + 60_000);
    expect(await purge.run(app)).toBe(2);
    expect((await app.db.select().from(jobs).where(eq(jobs.status, "failed"))).map((j) => j.kind)).toEqual(["orders.refundCancelled"]);
  });
});
