import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { launch, openPage, waitForHydration, type TestPage } from "./browser";
import { startPreparedShop, type RunningShop } from "./server";
import { member } from "./fixtures";
import type { AppContext } from "~/.server/context";
import { users } from "~/.server/db/schema/accounts";
import { orders as ordersTable } from "~/.server/db/schema/orders";
import * as orders from "~/.server/orders/service";

/**
 * The numbers of the day (issue 28 §3) in Chromium. Today is Wednesday 25 November 2026, 14:00 Istanbul.
 *   O1 today 10:00     2 × 110,00 @10 % + door delivery 60,00 @20 %   paid 280,00 · net 250,00 · KDV 30,00
 *   O3 today 00:00:00  45,90 @10 %, pickup                            paid  45,90 · net  41,73 · KDV  4,17
 *   O2 the 24th 23:59:59  45,90 @10 %, carrier                        paid  45,90 · net  41,73 · KDV  4,17
 * The admin sees the money on a phone (390 × 844); operations sees the counts only, on a desktop.
 */
const NOW = "2026-11-25T14:00:00+03:00";
const ADMIN = { email: "rakam.yonetici@kurabiye.test", password: "Rakam-Yonetici-2026" };
const OPS = { email: "rakam.operasyon@kurabiye.test", password: "Rakam-Operasyon-2026" };

let shop: RunningShop;
let browser: Browser;
let cleanup = () => {};

async function prepare(app: AppContext) {
  for (const [who, role] of [
    [ADMIN, "admin"],
    [OPS, "operations"],
  ] as const) {
    const u = await member(app, { email: who.email, name: `Rakam ${role}`, password: who.password });
    await app.db.update(users).set({ role }).where(eq(users.id, u.id));
  }
  const place = async (at: string, o: { quantity: number; unitPrice: number; deliveryCost: number; type: string; details: string }) => {
    const productTotal = o.quantity * o.unitPrice;
    const row = await app.db.transaction((tx) =>
      orders.createOrder(
        app,
        tx,
        {
          userId: null,
          email: "rakam.alici@ornek.com.tr",
          deliveryType: o.type,
          deliveryDetails: o.details,
          readyDate: "2026-11-26",
          address: {},
          productTotal,
          deliveryCost: o.deliveryCost,
          needToPay: productTotal + o.deliveryCost,
          taxSnapshot: { deliveryRateBp: 2000 },
        },
        [{ productId: 10001, name: "Orijinal", quantity: o.quantity, unitPrice: o.unitPrice, originalPrice: o.unitPrice, taxRateBp: 1000 }],
        "test",
      ),
    );
    await app.db.update(ordersTable).set({ createdAt: new Date(at) }).where(eq(ordersTable.id, row.id));
  };
  await place("2026-11-25T10:00:00+03:00", { quantity: 2, unitPrice: 11000, deliveryCost: 6000, type: "Delivery", details: "10:00-13:00" });
  await place("2026-11-25T00:00:00+03:00", { quantity: 1, unitPrice: 4590, deliveryCost: 0, type: "Store", details: "14:00-16:00" });
  await place("2026-11-24T23:59:59+03:00", { quantity: 1, unitPrice: 4590, deliveryCost: 0, type: "Carrier", details: "Standart" });
}

beforeAll(async () => {
  [{ shop, cleanup }, browser] = await Promise.all([startPreparedShop({}, prepare, { shopNow: NOW }), launch()]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  cleanup();
});

async function signIn(page: Page, email: string, password: string) {
  const form = page.locator("form", { has: page.locator('input[name="password"]') });
  const emailField = form.locator('input[name="email"]');
  if ((await emailField.getAttribute("readonly")) === null) await emailField.fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.getByRole("button", { name: "Giriş Yap" }).click();
}

const fitsWidth = (t: TestPage) => t.page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
const figure = (t: TestPage, id: string) => t.page.getByTestId(id).locator("dd");

describe("the numbers of the day", () => {
  it("the admin on a phone: today's and a period's revenue with and without KDV, the charts and their tables", async () => {
    const t = await openPage(browser, shop.url);
    await t.visit("/management/figures", { axe: false });
    await signIn(t.page, ADMIN.email, ADMIN.password);
    await t.page.waitForURL("**/management/figures");
    await waitForHydration(t.page);
    await t.page.getByRole("heading", { level: 1, name: "Rakamlar" }).waitFor();
    await t.axe();
    let [scroll, width] = await fitsWidth(t);
    expect(scroll).toBe(width);
    expect(width).toBe(390);

    // today: O1 and O3 (O3 placed at Istanbul midnight)
    const today = t.page.getByRole("region", { name: "Bugün (25 Kasım 2026)" });
    await today.waitFor();
    expect(await figure(t, "today-orders").textContent()).toBe("2");
    expect(await figure(t, "today-gross").textContent()).toBe("₺325,90");
    expect(await figure(t, "today-net").textContent()).toBe("₺291,73");
    expect(await figure(t, "today-kdv").textContent()).toBe("₺34,17");
    expect(await figure(t, "today-average").textContent()).toBe("₺162,95");

    // yesterday through the ready-made link: O2 only, one second before midnight
    await t.page.getByRole("navigation", { name: "Hazır dönemler" }).getByRole("link", { name: "Dün" }).click();
    await t.page.waitForURL("**/management/figures?from=2026-11-24&to=2026-11-24");
    await t.page.getByRole("heading", { name: "Dönem: 24 Kasım 2026 – 24 Kasım 2026" }).waitFor();
    expect(await figure(t, "period-gross").textContent()).toBe("₺45,90");
    expect(await figure(t, "period-kdv").textContent()).toBe("₺4,17");

    // two days typed in: the chart says it in words, its table has a row per day
    await t.page.getByLabel("Başlangıç").fill("2026-11-24");
    await t.page.getByLabel("Bitiş").fill("2026-11-25");
    await t.page.getByRole("button", { name: "Göster" }).click();
    await t.page.waitForURL("**/management/figures?from=2026-11-24&to=2026-11-25");
    await t.page.getByRole("heading", { name: "Dönem: 24 Kasım 2026 – 25 Kasım 2026" }).waitFor();
    expect(await figure(t, "period-gross").textContent()).toBe("₺371,80");
    expect(await figure(t, "period-net").textContent()).toBe("₺333,46");
    await t.page.getByRole("img", { name: "2 günde 3 sipariş; en yoğun gün 25 Kasım 2026 (2 sipariş)." }).waitFor();
    const kdv = t.page.getByRole("table", { name: "KDV oranlarına göre" });
    // 10 %: 20,00 (O1's cookies) + 4,17 + 4,17 on nets 200,00 + 41,73 + 41,73; 20 %: O1's delivery, 10,00 on 50,00
    await kdv.getByRole("row").filter({ hasText: "%10" }).filter({ hasText: "₺283,46" }).filter({ hasText: "₺28,34" }).waitFor();
    await kdv.getByRole("row").filter({ hasText: "%20" }).filter({ hasText: "₺50,00" }).filter({ hasText: "₺10,00" }).waitFor();
    await t.page.getByRole("region", { name: "Günlere göre siparişler" }).getByText("Rakamları tablo olarak göster").click();
    const daily = t.page.getByRole("table", { name: "Günlere göre siparişler" });
    await daily.getByRole("row").filter({ hasText: "25 Kasım 2026" }).filter({ hasText: "₺325,90" }).waitFor();
    await t.page.getByRole("img", { name: /14 günde en dolu gün 26 Kasım 2026: 3 \/ 200 sipariş\./ }).waitFor();
    await t.page.getByRole("table", { name: "Teslimat türü ve saat dilimine göre" }).getByRole("row").filter({ hasText: "10:00-13:00" }).waitFor();
    await t.axe();
    [scroll, width] = await fitsWidth(t);
    expect(scroll).toBe(width);
    await t.page.screenshot({ path: "/tmp/t28-figures-phone.png", fullPage: true });
    await t.close();
  }, 180_000);

  it("operations on a desktop sees the counts but no money", async () => {
    const t = await openPage(browser, shop.url, { mobile: false });
    await t.visit("/management/figures?from=2026-11-24&to=2026-11-25", { axe: false });
    await signIn(t.page, OPS.email, OPS.password);
    await t.page.waitForURL("**/management/figures?from=2026-11-24&to=2026-11-25");
    await waitForHydration(t.page);
    await t.page.getByText("Tutarları yalnızca yönetici rolü görür; size sipariş sayıları gösteriliyor.").waitFor();
    expect(await figure(t, "period-orders").textContent()).toBe("3");
    expect(await t.page.getByTestId("period-gross").count()).toBe(0);
    expect(await t.page.getByRole("table", { name: "KDV oranlarına göre" }).count()).toBe(0);
    expect(await t.page.locator("main").textContent()).not.toContain("₺371,80");
    await t.page.getByRole("navigation", { name: "Yönetim menüsü" }).getByRole("link", { name: "Rakamlar" }).waitFor();
    await t.axe();
    const [scroll, width] = await fitsWidth(t);
    expect(scroll).toBe(width);
    await t.page.screenshot({ path: "/tmp/t28-figures-desktop.png", fullPage: true });
    await t.close();
  }, 180_000);
});
