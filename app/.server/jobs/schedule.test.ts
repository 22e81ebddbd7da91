import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../db/testing";
import * as accounts from "../accounts/service";
import { startPeriodic, type PeriodicTask } from "./schedule";
import { PERIODIC_TASKS } from "../registry";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("periodic housekeeping", () => {
  it("reconciles payments every minute and purges sessions, rate limits and points hourly", () => {
    const every = Object.fromEntries(PERIODIC_TASKS.map((t) => [t.name, t.everyMs]));
    expect(every).toEqual({
      "payments.reconcile": 60_000,
      "accounts.purgeExpired": 3_600_000,
      "ratelimit.purgeOld": 3_600_000,
      "loyalty.expireDue": 3_600_000,
      "jobs.purgeFailedMessages": 3_600_000,
      "retention.purge": 21_600_000,
      "catalog.upgradeOldUploads": 21_600_000,
    });
  });

  it("runs each task at start and again on its interval, never two runs of one task at once, and survives failures", async () => {
    const runs: string[] = [];
    let inFlight = 0;
    let overlap = false;
    const slow: PeriodicTask = {
      name: "slow",
      everyMs: 10,
      async run() {
        inFlight++;
        if (inFlight > 1) overlap = true;
        runs.push("slow");
        await sleep(35);
        inFlight--;
      },
    };
    const failing: PeriodicTask = {
      name: "failing",
      everyMs: 10,
      async run() {
        runs.push("failing");
        throw new Error("veritabanı meşgul");
      },
    };
    const p = startPeriodic(app, [slow, failing]);
    expect(runs).toEqual(["slow", "failing"]); // at once, at start
    await sleep(150);
    await p.stop();
    const count = (n: string) => runs.filter((r) => r === n).length;
    expect(count("failing")).toBeGreaterThanOrEqual(3);
    expect(count("slow")).toBeGreaterThanOrEqual(2);
    expect(overlap).toBe(false);
    const after = runs.length;
    await sleep(40);
    expect(runs.length).toBe(after); // stopped
  });

  it("the session purge deletes expired sessions from the database", async () => {
    const purge = PERIODIC_TASKS.find((t) => t.name === "accounts.purgeExpired")!;
    const a = await accounts.ensureSession(app, new Request("https://shop.test/"));
    const cookie = a.headers.getSetCookie()[0]!.split(";")[0]!;
    const sameBrowser = () => new Request("https://shop.test/", { headers: { cookie } });
    expect((await accounts.getSession(app, sameBrowser())).sessionId).toBe(a.session.sessionId);
    app.clock.advance(app.config.session.idleMinutes * 60_000 + 1000);
    expect(await purge.run(app)).toBeGreaterThanOrEqual(1);
    const rows = await app.db.execute(sql`select count(*)::int as n from sessions where id = ${a.session.sessionId}`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it("the payment reconcile task runs the reconcile (payments and refunds)", async () => {
    const reconcile = PERIODIC_TASKS.find((t) => t.name === "payments.reconcile")!;
    expect(await reconcile.run(app)).toMatchObject({ checked: 0, refundsChecked: 0 });
  });
});
