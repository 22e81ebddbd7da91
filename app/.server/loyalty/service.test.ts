import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../db/testing";
import { users } from "../db/schema/accounts";
import { loyaltyLedger } from "../db/schema/loyalty";
import * as loyalty from "./service";
import { runDueJobs } from "../jobs/service";

let app: TestApp;
let uid = 0;
async function member(): Promise<number> {
  const now = app.clock.now();
  const [u] = await app.db.insert(users).values({ email: `m${++uid}@example.com`, name: "Üye", createdAt: now, updatedAt: now }).returning();
  return u!.id;
}
const DAY = 86_400_000;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe("loyalty points", () => {
  it("are credited after delivery by the job, at the configured rate, once per order", async () => {
    const u = await member();
    await app.db.transaction((tx) => loyalty.scheduleEarn(app, tx, { id: 501, userId: u, paidForProducts: 50_000 }));
    await app.db.transaction((tx) => loyalty.scheduleEarn(app, tx, { id: 501, userId: u, paidForProducts: 50_000 }));
    await runDueJobs(app, { [loyalty.EARN_JOB]: loyalty.earnJob });
    expect(await loyalty.available(app, u)).toBe(0); // not yet: credited a few days after delivery
    app.clock.advance(3 * DAY + 1000);
    await runDueJobs(app, { [loyalty.EARN_JOB]: loyalty.earnJob });
    await runDueJobs(app, { [loyalty.EARN_JOB]: loyalty.earnJob });
    expect(await loyalty.available(app, u)).toBe(1500); // 3 % of 500 TL
  });

  it("spending never exceeds the balance, even with concurrent orders", async () => {
    const u = await member();
    await loyalty.adjust(app, u, 1000, "hoş geldin", "staff:1");
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => app.db.transaction((tx) => loyalty.spend(app, tx, u, 300, 9000 + i))),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    expect(await loyalty.available(app, u)).toBe(100);
  });

  it("a cancelled order gets its points back once", async () => {
    const u = await member();
    await loyalty.adjust(app, u, 800, "test", "staff:1");
    await app.db.transaction((tx) => loyalty.spend(app, tx, u, 500, 777));
    expect(await loyalty.available(app, u)).toBe(300);
    await app.db.transaction((tx) => loyalty.reverseSpend(app, tx, 777));
    await app.db.transaction((tx) => loyalty.reverseSpend(app, tx, 777));
    expect(await loyalty.available(app, u)).toBe(800);
  });

  it("points expire a year after credit, oldest first, and only what is left of them", async () => {
    const u = await member();
    await loyalty.adjust(app, u, 1000, "eski", "staff:1");
    app.clock.advance(200 * DAY);
    await loyalty.adjust(app, u, 500, "yeni", "staff:1");
    await app.db.transaction((tx) => loyalty.spend(app, tx, u, 600, 888)); // eats 600 of the old 1000
    app.clock.advance(170 * DAY); // the old entry is now past 365 days
    expect(await loyalty.available(app, u)).toBe(500);
    expect(await loyalty.expireDue(app)).toBeGreaterThanOrEqual(400);
    expect(await loyalty.expireDue(app)).toBe(0);
    expect(await loyalty.available(app, u)).toBe(500);
    const rows = await loyalty.history(app, u);
    expect(rows.filter((r) => r.kind === "expired").map((r) => r.amount)).toEqual([-400]);
  });

  it("staff cannot take a balance below zero", async () => {
    const u = await member();
    await expect(loyalty.adjust(app, u, -1, "x", "staff:1")).rejects.toBeInstanceOf(loyalty.InsufficientPoints);
    expect(await app.db.select().from(loyaltyLedger).where((await import("drizzle-orm")).eq(loyaltyLedger.userId, u))).toHaveLength(0);
  });
});
