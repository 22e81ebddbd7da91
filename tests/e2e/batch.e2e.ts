import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { parse } from "csv-parse/sync";
import { launch, openPage, waitForHydration, type TestPage } from "./browser";
import { startPreparedShop, type RunningShop } from "./server";
import type { AppContext } from "~/.server/context";
import * as orders from "~/.server/orders/service";

/**
 * Batch work for staff in Chromium (issue 28 §1): select orders with the keyboard, move them to their next
 * status together and read the per-order report, move 'all that match', download the CSV and read it back, add
 * an internal note, open the print-for-the-day document and the route sheets; at 390 × 844 and at 1280 wide.
 */

const ADMIN = { email: "yonetici@kurabiye.test", password: "Yonetici-Sifresi-2026" };
const NOW = "2026-11-24T09:00:00+03:00";
const DAY = "2026-11-24";
const BUYER = { delFullName: "Çiğdem Öztürk", delAddress: "Işık Sokak 4", delCityName: "İstanbul", delCountyName: "Üsküdar", delPhoneNumber: "5321234567", isSingleAddress: 1 };

let shop: RunningShop;
let browser: Browser;
let cleanup = () => {};

async function prepare(app: AppContext) {
  const make = async (o: { deliveryType: string; details: string; status?: "ready"; giftNote?: string; address?: Record<string, unknown> }) => {
    const row = await app.db.transaction((tx) =>
      orders.createOrder(
        app,
        tx,
        {
          userId: null,
          email: "alici@example.com",
          deliveryType: o.deliveryType,
          deliveryDetails: o.details,
          readyDate: DAY,
          estimatedDelivery: DAY,
          address: o.address ?? BUYER,
          giftNote: o.giftNote ?? "",
          productTotal: 25_000,
          deliveryCost: 0,
          needToPay: 25_000,
          taxSnapshot: { productRateBp: 1000, deliveryRateBp: 2000 },
          paymentRef: null,
        },
        [{ productId: 10001, name: "Orijinal", packageContent: "6 adet", quantity: 2, unitPrice: 12_500, originalPrice: 12_500, taxRateBp: 1000 }],
        "test",
      ),
    );
    if (o.status === "ready") {
      await orders.transition(app, row.id, "preparing", "test");
      await orders.transition(app, row.id, "ready", "test");
    }
  };
  for (let i = 0; i < 6; i++) await make({ deliveryType: "Delivery", details: i % 2 ? "10:00-13:00" : "13:00-16:00" });
  await make({ deliveryType: "Carrier", details: "Standart", status: "ready" });
  await make({ deliveryType: "Carrier", details: "Standart", status: "ready" });
  await make({ deliveryType: "Delivery", details: "10:00-13:00", giftNote: "Doğum günün kutlu olsun Şebnem!", address: { ...BUYER, isSingleAddress: 0, invFullName: "Gönderen Kişi", invAddress: "Başka Sokak" } });
}

beforeAll(async () => {
  [{ shop, cleanup }, browser] = await Promise.all([startPreparedShop({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, prepare, { shopNow: NOW }), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  cleanup();
});

async function signIn(t: TestPage, path: string) {
  await t.visit(path, { axe: false });
  const form = t.page.locator("form", { has: t.page.locator('input[name="password"]') });
  await form.locator('input[name="email"]').fill(ADMIN.email);
  await form.locator('input[name="password"]').fill(ADMIN.password);
  await form.getByRole("button", { name: "Giriş Yap" }).click();
  await t.page.waitForURL(`**${path}`);
  await waitForHydration(t.page);
}

const fits = async (page: Page) => {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll).toBe(width);
};

describe("batch work", () => {
  it("desktop: keyboard selection, bulk move with a per-order report, all that match with progress, CSV, note, print", async () => {
    const t = await openPage(browser, shop.url, { mobile: false });
    await signIn(t, "/management/orders?status=ready");
    await t.page.getByRole("heading", { name: "Toplu işlem" }).waitFor();
    await t.axe();
    // both ready parcels, chosen with the keyboard; neither has a tracking number
    const boxes = t.page.getByRole("checkbox", { name: /numaralı siparişi seç$/ });
    expect(await boxes.count()).toBe(2);
    for (const i of [0, 1]) {
      await boxes.nth(i).focus();
      await t.page.keyboard.press("Space");
    }
    await t.page.getByText("2 sipariş seçili").waitFor();
    await t.page.getByRole("button", { name: "Sıradaki duruma geçir" }).press("Enter");
    const report = t.page.getByTestId("bulk-report");
    await report.getByText("0 sipariş sıradaki durumuna geçti, 2 sipariş geçemedi.").waitFor();
    expect(await report.getByRole("list", { name: "Geçemeyen siparişler" }).getByText(/Kargo takip numarası girilmemiş/).count()).toBe(2);
    await t.axe();

    // every received order at once: the progress bar, then the report; the list follows
    await t.visit("/management/orders?status=received");
    await t.page.getByLabel(/^Filtreye uyan tüm siparişler \(7\)$/).check();
    await t.page.getByRole("button", { name: "Sıradaki duruma geçir" }).click();
    await report.getByText("7 sipariş sıradaki durumuna geçti, 0 sipariş geçemedi.").waitFor();
    await t.page.getByText("0 sonuç").or(t.page.getByText(/Sonuç bulunamadı|bulunamadı/)).first().waitFor();
    await t.axe();

    // the CSV of every order of the day: BOM, Turkish letters, one row per order
    await t.visit(`/management/orders?dateOf=ready&from=${DAY}&to=${DAY}`);
    const [download] = await Promise.all([t.page.waitForEvent("download"), t.page.getByRole("link", { name: "CSV olarak indir" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^siparisler-\d{12}\.csv$/);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(bytes.toString("utf8"), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(9);
    expect(rows.filter((r) => r["Durum"] === "Hazırlanıyor")).toHaveLength(7);
    expect(rows.every((r) => r["Alıcı"] === "Çiğdem Öztürk" && r["İlçe"] === "Üsküdar")).toBe(true);
    expect(rows.filter((r) => (r["Hediye"] ?? "").startsWith("Evet"))).toHaveLength(1);

    // an internal note on an order
    await t.page.getByRole("link", { name: /numaralı siparişi aç$/ }).first().click();
    await t.page.getByRole("heading", { name: "İç notlar" }).waitFor();
    await waitForHydration(t.page);
    await t.page.getByLabel("Yeni not").fill("Kapı zili bozuk, arayın.");
    await t.page.getByRole("button", { name: "Notu ekle" }).click();
    await t.page.getByRole("list", { name: "İç notlar" }).getByText("Kapı zili bozuk, arayın.").waitFor();
    await t.axe();

    // the day's print: the gift's box gets the slip and the note, the others the priced copy
    await t.visit(`/management/production/print?day=${DAY}`);
    await t.page.getByRole("heading", { level: 1, name: /^Günün baskısı/ }).waitFor();
    expect(await t.page.getByTestId("day-sheet").count()).toBe(9);
    expect(await t.page.getByTestId("gift-badge").count()).toBe(1);
    expect(await t.page.getByTestId("own-badge").count()).toBe(8);
    expect(await t.page.getByTestId("packing-slip").count()).toBe(1);
    await t.page.getByTestId("day-gift-note").getByText("Doğum günün kutlu olsun Şebnem!").waitFor();
    expect(await t.page.getByTestId("packing-slip").textContent()).not.toMatch(/₺|TL/);
    await t.page.getByRole("link", { name: "Kurye rota föyleri" }).click();
    await t.page.getByRole("heading", { level: 1, name: /^Kurye rota föyü/ }).waitFor();
    expect(await t.page.getByTestId("route-sheet").count()).toBe(2);
    await t.axe();
    await t.close();
  }, 240_000);

  it("phone 390 × 844: the list, the bulk report and the print pages fit; one order moves", async () => {
    const t = await openPage(browser, shop.url, { phone: { width: 390, height: 844 } });
    await signIn(t, "/management/orders?status=preparing");
    await fits(t.page);
    const box = t.page.getByRole("checkbox", { name: /numaralı siparişi seç$/ }).first();
    await box.check();
    await t.page.getByRole("button", { name: "Sıradaki duruma geçir" }).click();
    await t.page.getByTestId("bulk-report").getByText("1 sipariş sıradaki durumuna geçti, 0 sipariş geçemedi.").waitFor();
    await fits(t.page);
    await t.axe();
    for (const path of [`/management/production/print?day=${DAY}`, `/management/production/print?day=${DAY}&what=routes`, `/management/production?day=${DAY}`]) {
      await t.visit(path);
      await fits(t.page);
    }
    await t.close();
  }, 240_000);
});
