import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { and, inArray, like, sql } from "drizzle-orm";
import { startPreparedShop, withShopDb, type RunningShop } from "./server";
import { Http } from "./http";
import { member, NEW_CARD, readyBasket, session, type Visitor } from "./fixtures";
import type { AppContext } from "~/.server/context";
import { readOutbox } from "~/.server/mail/outbox";
import { orders } from "~/.server/db/schema/orders";
import { jobs } from "~/.server/db/schema/system";

/**
 * Crash safety (issue 13): the real server process is killed with SIGKILL in the middle of two checkouts at
 * once — buyer A between the 3-D Secure challenge and the bank's callback, buyer B right after the provider
 * charged the card and before the shop took the order (TEST_PAUSE_AT=payment.charged holds that request there).
 * After a restart (five minutes later on the shop's clock, so the payment left pending counts as stale) A's
 * basket and delivery data are still there and A can finish; B's order is made once by the reconcile at start;
 * each buyer has exactly one order and one confirmation mail.
 */

const T0 = "2026-11-24T10:00:00+03:00";
const T1 = "2026-11-24T10:05:00+03:00";
const A = { email: "carpma.a@ornek.com.tr", name: "Aslı Çökmez", address: "Yedek Sokak No 5 Daire 2 Bahçelievler" };
const B = { email: "carpma.b@ornek.com.tr", name: "Bora Kesinti", address: "Elektrik Caddesi No 9 Kızılay" };

let shop: RunningShop;
let cleanup = () => {};
let restarted: ChildProcess | undefined;
const buyers = {} as Record<"a" | "b", Visitor & { userId: number }>;

async function prepare(app: AppContext) {
  for (const [key, who] of [
    ["a", A],
    ["b", B],
  ] as const) {
    const m = await member(app, who);
    await readyBasket(app, { sessionId: null, userId: m.id }, { lines: [{ productId: 10003, quantity: 2 }], pay: NEW_CARD, email: who.email, fullName: who.name, address: who.address });
    buyers[key] = { ...(await session(app, m.id)), userId: m.id };
  }
}

beforeAll(async () => {
  ({ shop, cleanup } = await startPreparedShop({ TEST_PAUSE_AT: "payment.charged" }, prepare, { shopNow: T0 }));
});
afterAll(async () => {
  if (restarted && restarted.exitCode === null) {
    const gone = new Promise((r) => restarted!.once("exit", r));
    restarted.kill("SIGTERM");
    await gone;
  }
  await shop?.stop();
  cleanup();
});

const CARD = { cardNumber: "5528790000000008", cardHolder: "Test Alici", month: "12", year: "2030", secCode: "123", onBilgilendirme: "on", mesafeli: "on" };

/** Confirm with a new card: the bank's challenge page, and the code the sandbox bank shows on it. */
async function toChallenge(http: Http): Promise<{ path: string; code: string }> {
  const confirm = await http.post("/order/confirm", CARD);
  expect(confirm.status, confirm.text.slice(0, 300)).toBe(302);
  const path = confirm.location!;
  expect(path).toMatch(/^\/odeme\/3ds\/[\w-]+$/);
  const page = await http.get(path);
  expect(page.status).toBe(200);
  const code = /doğrulama kodunuz (\w+)/.exec(page.text)?.[1];
  expect(code).toBeTruthy();
  return { path, code: code! };
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function startAgain(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["server.js"], { env, stdio: ["ignore", "inherit", "inherit"] });
  await waitFor("the restarted shop", async () => {
    if (child.exitCode !== null) throw new Error(`restarted shop exited with ${child.exitCode}`);
    return fetch(`${shop.url}/healthz`).then((r) => r.ok, () => false);
  }, 180_000);
  return child;
}

describe("SIGKILL at the payment step", () => {
  it("keeps the basket and delivery, finishes the charged payment once, and sends one mail per order", async () => {
    const a = new Http(shop.url, buyers.a);
    const b = new Http(shop.url, buyers.b);

    // A: at the bank's challenge page (the payment waits for the callback)
    const challengeA = await toChallenge(a);

    // B: answers the challenge; the callback charges the card and stops there (TEST_PAUSE_AT)
    const challengeB = await toChallenge(b);
    const answered = await b.post(challengeB.path, { code: challengeB.code });
    expect(answered.status).toBe(303);
    const callbackB = answered.location!;
    expect(callbackB).toContain("/callback");
    const hanging = b.get(callbackB).catch(() => "killed");
    const marker = join(shop.dataDir, "pause-payment.charged");
    await waitFor("the pause after the charge", async () => existsSync(marker));

    // the crash
    const died = new Promise((r) => shop.process.once("exit", r));
    shop.process.kill("SIGKILL");
    await died;
    expect(await hanging).toBe("killed");

    // restart, five minutes later: no pause point
    const env = { ...shop.env, SHOP_NOW: T1 };
    delete (env as Record<string, string | undefined>).TEST_PAUSE_AT;
    restarted = await startAgain(env);

    // B: the reconcile at start settled the charged payment into an order; the browser's retry finds it
    const paymentB = callbackB.split("/")[3]!;
    await waitFor("B's order after reconcile", async () => (await b.get(`/order/complete?odeme=${paymentB}`)).status === 200);
    const replay = await b.get(callbackB);
    expect(replay.status).toBe(303);
    expect(replay.location).toBe(`/order/complete?odeme=${paymentB}`);

    // A: the basket and the delivery data survived the crash
    const confirmA = await a.get("/order/confirm");
    expect(confirmA.status).toBe(200);
    expect(confirmA.text).toContain(A.name);
    expect(confirmA.text).toContain(A.address);
    // … and the challenge can be finished after the restart
    const page = await a.get(challengeA.path);
    expect(page.status).toBe(200);
    const answeredA = await a.post(challengeA.path, { code: challengeA.code });
    expect(answeredA.status).toBe(303);
    const doneA = await a.get(answeredA.location!);
    expect(doneA.status).toBe(303);
    expect((await a.get(doneA.location!)).status).toBe(200);

    // one confirmation mail each, and no second one later
    const outbox = join(shop.dataDir, "outbox");
    const mailsTo = async (to: string) => (await readOutbox(outbox)).filter((m) => m.to.includes(to) && /sipariş/i.test(m.subject));
    await waitFor("both confirmation mails", async () => (await mailsTo(A.email)).length > 0 && (await mailsTo(B.email)).length > 0);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await mailsTo(A.email)).toHaveLength(1);
    expect(await mailsTo(B.email)).toHaveLength(1);

    // exactly one order each, and one confirmation job each (read after the shop stopped: PGlite has one owner)
    const gone = new Promise((r) => restarted!.once("exit", r));
    restarted.kill("SIGTERM");
    await gone;
    const counts = await withShopDb(shop.env, async (app) => {
      const ids = [buyers.a.userId, buyers.b.userId];
      const made = await app.db.select({ id: orders.id, userId: orders.userId }).from(orders).where(inArray(orders.userId, ids));
      const mailJobs = await app.db
        .select({ n: sql<number>`count(*)::int` })
        .from(jobs)
        .where(and(like(jobs.dedupeKey, "order-confirmation:%"), inArray(jobs.dedupeKey, made.map((o) => `order-confirmation:${o.id}`))));
      return { perUser: ids.map((id) => made.filter((o) => o.userId === id).length), mailJobs: mailJobs[0]!.n, orderIds: made.map((o) => o.id) };
    });
    expect(counts.perUser).toEqual([1, 1]);
    expect(counts.mailJobs).toBe(2);
  }, 150_000);
});
