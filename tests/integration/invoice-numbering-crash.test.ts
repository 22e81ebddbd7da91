import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { eq, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "~/.server/db/testing";
import { loadConfig } from "~/.server/config";
import * as orders from "~/.server/orders/service";
import * as invoices from "~/.server/invoices/service";
import { invoices as invoiceTable } from "~/.server/db/schema/invoices";

/**
 * Gapless e-Arşiv numbers after a crash (issue 26 §2), on PostgreSQL (a second process needs a server; PGlite
 * belongs to one process): another process takes the next number in its transaction and is killed with SIGKILL
 * before committing, while this process is waiting to issue. The number the dead process held comes back to the
 * next issue: no gap, no duplicate.
 */
const url = loadConfig().databaseUrl;
let app: TestApp;
beforeAll(async () => {
  if (url) app = await createTestApp({ now: "2026-11-24T10:00:00+03:00" });
});
afterAll(() => app?.close());

const line = { productId: 10001, name: "Orijinal", quantity: 1, unitPrice: 12500, originalPrice: 12500, taxRateBp: 1000 };
async function readyOrder() {
  const o = await app.db.transaction((tx) =>
    orders.createOrder(app, tx, { userId: null, email: "a@example.com", deliveryType: "Store", readyDate: "2026-11-25", address: { delFullName: "Ali Veli" }, productTotal: 12500, deliveryCost: 0, needToPay: 12500, taxSnapshot: { deliveryRateBp: 2000 } }, [line], "test"),
  );
  await orders.transition(app, o.id, "preparing", "staff:1");
  await orders.transition(app, o.id, "ready", "staff:1");
  return o;
}

describe.skipIf(!url)("e-Arşiv numbering after kill -9 (PostgreSQL)", () => {
  it("the number a killed process had taken is given back; the sequence stays gapless", async () => {
    for (let i = 0; i < 3; i++) await orders.transition(app, (await readyOrder()).id, "collected", "staff:1");
    const waiting = await readyOrder();
    const dbName = ((await app.db.execute<{ db: string }>(sql`select current_database() as db`)) as unknown as { rows: { db: string }[] }).rows[0]!.db;
    const u = new URL(url!);
    u.pathname = `/${dbName}`;
    const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(new URL("./invoice-crash-child.ts", import.meta.url)), u.toString(), app.config.invoice.series, "2026"], { stdio: ["ignore", "pipe", "inherit"] });
    const taken = await new Promise<number>((resolve, reject) => {
      let out = "";
      child.stdout!.on("data", (d: Buffer) => {
        out += d.toString();
        const m = /taken (\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.once("exit", (code) => reject(new Error(`child exited early (${code})`)));
    });
    expect(taken).toBe(4);
    // this process now waits on the counter row the child holds
    const t0 = performance.now();
    const issuing = orders.transition(app, waiting.id, "collected", "staff:1");
    await new Promise((r) => setTimeout(r, 300));
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGKILL");
    await exited;
    await issuing;
    const waitedMs = performance.now() - t0;
    await orders.transition(app, (await readyOrder()).id, "collected", "staff:1");
    const rows = await app.db.select().from(invoiceTable).where(eq(invoiceTable.series, app.config.invoice.series));
    const seqs = rows.map((r) => r.seq).sort((a, b) => a - b);
    expect(seqs).toEqual([1, 2, 3, 4, 5]);
    expect((await invoices.forOrder(app, waiting.id))[0]!.seq).toBe(4);
    console.info(`[invoices] kill -9 while holding number ${taken}: the waiting issue got ${taken} after ${Math.round(waitedMs)} ms; sequences ${seqs.join(",")}`);
  }, 60_000);
});
