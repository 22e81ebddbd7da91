import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../db/testing";
import { enqueue, MAX_ATTEMPTS, runDueJobs } from "./service";
import { JOB_HANDLERS } from "../registry";
import { jobs } from "../db/schema/system";
import { queueMail } from "../mail/service";
import { readOutbox } from "../mail/outbox";
import { hit, hitAll, perSubject } from "../ratelimit/service";

let app: TestApp;
let outbox: string;
beforeAll(async () => {
  outbox = mkdtempSync(join(tmpdir(), "outbox-"));
  app = await createTestApp({ env: { MAIL_OUTBOX_DIR: outbox } });
});
afterAll(async () => {
  await app.close();
  rmSync(outbox, { recursive: true, force: true });
});

describe("outbox jobs", () => {
  it("a job enqueued in a rolled-back transaction never exists", async () => {
    await app.db
      .transaction(async (tx) => {
        await enqueue(tx, "test", { n: 1 }, { dedupeKey: "rolled-back" });
        throw new Error("abort");
      })
      .catch(() => {});
    expect(await app.db.select().from(jobs).where(eq(jobs.dedupeKey, "rolled-back"))).toHaveLength(0);
  });

  it("the same dedupe key is one job", async () => {
    await enqueue(app.db, "test", { n: 1 }, { dedupeKey: "once" });
    await enqueue(app.db, "test", { n: 2 }, { dedupeKey: "once" });
    expect(await app.db.select().from(jobs).where(eq(jobs.dedupeKey, "once"))).toHaveLength(1);
  });

  it("failures are retried with backoff and finally marked failed", async () => {
    let calls = 0;
    const handlers = { flaky: async () => void calls++ , test: async () => {}, boom: async () => { throw new Error("kaboom"); } };
    await enqueue(app.db, "boom", {}, { dedupeKey: "boom" });
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      await runDueJobs(app, handlers);
      app.clock.advance(3_600_000);
    }
    const [row] = await app.db.select().from(jobs).where(eq(jobs.dedupeKey, "boom"));
    expect(row?.status).toBe("failed");
    expect(row?.attempts).toBe(MAX_ATTEMPTS);
    expect(row?.lastError).toBe("kaboom");
    expect(calls).toBe(0);
  });

  it("a stopping worker finishes the job it runs and hands the rest of its batch back untouched", async () => {
    const ran: number[] = [];
    let stopping = false;
    const handlers = { slow: async (_app: unknown, payload: unknown) => void (ran.push((payload as { n: number }).n), (stopping = true)) };
    for (const n of [1, 2, 3]) await enqueue(app.db, "slow", { n }, { dedupeKey: `slow-${n}` });
    expect(await runDueJobs(app, handlers, 20, () => stopping)).toBe(1);
    expect(ran).toEqual([1]);
    const rows = await app.db.select().from(jobs).where(eq(jobs.kind, "slow")).orderBy(jobs.id);
    expect(rows.map((r) => [r.status, r.attempts, r.lockedUntil])).toEqual([
      ["done", 1, null],
      ["pending", 0, null],
      ["pending", 0, null],
    ]);
    // another process takes them at once
    expect(await runDueJobs(app, handlers)).toBe(2);
    expect(ran).toEqual([1, 2, 3]);
  });

  it("a busy worker writes its jobs' ends together (a group commit): fewer statements than jobs, each job done with its own progress", async () => {
    const handlers = { quick: async (_app: unknown, payload: unknown) => ({ progress: { handled: (payload as { n: number }).n } }) };
    for (let n = 1; n <= 10; n++) await enqueue(app.db, "quick", { n }, { dedupeKey: `quick-${n}` });
    const before = app.database.queries();
    expect(await runDueJobs(app, handlers)).toBe(10);
    const statements = app.database.queries() - before;
    // the claim, then the first job's mark at once and the others' while it was on its way
    expect(statements).toBeGreaterThanOrEqual(2);
    expect(statements).toBeLessThan(1 + 10);
    const rows = await app.db.select().from(jobs).where(eq(jobs.kind, "quick")).orderBy(jobs.id);
    expect(rows.map((r) => [r.status, r.lockedUntil, r.payload])).toEqual(Array.from({ length: 10 }, (_, i) => ["done", null, { n: i + 1, handled: i + 1 }]));
    expect(rows.every((r) => r.doneAt !== null)).toBe(true);
  });

  it("a mail is written once to the outbox as .eml with Turkish HTML and text", async () => {
    await app.db.transaction(async (tx) => {
      await queueMail(tx, { to: "ayşe@example.com", subject: "Hoş geldiniz", heading: "Merhaba Ayşe", paragraphs: ["Çikolatalı kurabiyeler <yolda>!"], button: { label: "Siparişlerim", url: "https://shop.test/memberarea/orders" } });
    });
    await runDueJobs(app, JOB_HANDLERS);
    // a second run (as after a crash before 'done') must not add a second mail
    await app.db.update(jobs).set({ status: "pending", lockedUntil: null }).where(eq(jobs.kind, "mail"));
    await runDueJobs(app, JOB_HANDLERS);
    const mails = await readOutbox(outbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: "Hoş geldiniz" });
    expect(mails[0]!.to).toContain("ayşe@example.com");
    expect(mails[0]!.text).toContain("Çikolatalı kurabiyeler <yolda>!");
    expect(mails[0]!.html).toContain("Çikolatalı kurabiyeler &lt;yolda&gt;!");
  });
});

describe("rate limits", () => {
  it("allows up to the limit per window, then refuses until the window ends", async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hit(app, perSubject("t", "ip", "1"), 3, 60));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThan(0);
    app.clock.advance(61_000);
    expect((await hit(app, perSubject("t", "ip", "1"), 3, 60)).allowed).toBe(true);
  });

  it("counts exactly under concurrency", async () => {
    const rs = await Promise.all(Array.from({ length: 20 }, () => hit(app, perSubject("t", "race", "1"), 5, 600)));
    expect(rs.filter((r) => r.allowed)).toHaveLength(5);
  });

  it("hitAll refuses when any one limit is exceeded", async () => {
    await hit(app, perSubject("t", "acct", "x"), 1, 600);
    const r = await hitAll(app, [
      { key: perSubject("t", "ip", "9"), limit: 10, windowSeconds: 600 },
      { key: perSubject("t", "acct", "x"), limit: 1, windowSeconds: 600 },
    ]);
    expect(r.allowed).toBe(false);
  });
});
