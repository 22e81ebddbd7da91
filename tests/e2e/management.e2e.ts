import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { launch, openPage, waitForHydration } from "./browser";
import { startPreparedShop, type RunningShop } from "./server";
import { readOutbox } from "../../app/.server/mail/outbox";
import type { AppContext } from "~/.server/context";
import { users } from "~/.server/db/schema/accounts";
import { testPasswordHash } from "~/.server/accounts/testing";
import * as basket from "~/.server/basket/service";
import * as checkout from "~/.server/checkout/service";
import { placeOrder } from "~/.server/flows/place-order";
import * as geo from "~/.server/geo/service";
import * as payments from "~/.server/payments/service";
import { parseDeliveryForm } from "~/shared/checkout-forms";
import { shownDates } from "~/shared/delivery-choice";

/**
 * The staff area in Chromium (issue 12): a staff member signs in, moves a member's order from received to
 * shipped with a tracking number; the member's area shows the carrier and the tracking number, and the shipped
 * mail is in the outbox. A customer who finds the address gets 404.
 */
const ADMIN = { email: "yonetici@kurabiye.test", password: "Yonetici-Sifresi-2026" };
const MEMBER = { email: "siparis.veren@ornek.com.tr", password: "Siparis-Veren-2026", name: "Sipariş Veren" };
const MARKETER = { email: "pazarlama@kurabiye.test", password: "Pazarlama-Sifresi-2026", name: "Pazarlama Ekibi" };

let shop: RunningShop;
let browser: Browser;
let cleanup = () => {};
let orderNumber = "";

/** A member's order placed through checkout with a saved card (standard carrier to Ankara / Çankaya). */
async function prepare(app: AppContext) {
  const now = app.clock.now();
  const [u] = await app.db
    .insert(users)
    .values({ email: MEMBER.email, name: MEMBER.name, passwordHash: await testPasswordHash(MEMBER.password), activatedAt: now, createdAt: now, updatedAt: now })
    .returning();
  await app.db
    .insert(users)
    .values({ email: MARKETER.email, name: MARKETER.name, role: "marketing", passwordHash: await testPasswordHash(MARKETER.password), activatedAt: now, createdAt: now, updatedAt: now });
  const saved = await payments.saveCardForUser(app, u!.id, MEMBER.email, { number: "5528790000000008", holder: "Siparis Veren", expMonth: 12, expYear: 2030 });
  if (!saved.ok) throw new Error(saved.message);
  const owner = { sessionId: randomUUID(), userId: u!.id };
  const added = await basket.addItem(app, owner, { productId: 10001, quantity: 2 });
  if (!added.ok) throw new Error(added.error);
  const city = (await geo.listCities(app)).find((c) => c.name === "Ankara")!;
  const county = (await geo.listCounties(app, city.id)).find((c) => c.name === "Çankaya")!;
  const b = (await basket.getBasket(app, owner)) as checkout.OpenBasket;
  const opts = await checkout.optionsFor(app, b, { cityId: city.id, countyId: county.id });
  if (!opts.ok) throw new Error("no delivery options");
  const form = parseDeliveryForm({
    fullName: "Sipariş Veren",
    address: "Atatürk Bulvarı No 12 Daire 3",
    cityId: String(city.id),
    countyId: String(county.id),
    phone: "5321234567",
    invoiceType: "Individual",
    // the dates shown beside the option, as the delivery step sends them
    readyDate: shownDates(opts.options, { option: "Standart" })!.ready.dateISO,
    estimatedDelivery: shownDates(opts.options, { option: "Standart" })!.estimated.dateISO,
    option: "Standart",
  });
  if (!form.success) throw new Error(JSON.stringify(form.error.issues));
  const delivery = await checkout.saveDelivery(app, b, u!.id, form.data);
  if (!delivery.ok) throw new Error(delivery.message);
  await checkout.savePayment(app, b.id, MEMBER.email, { mode: "saved", savedCardId: saved.card.cardId, saveCard: false, lastFour: "0008", cardType: "Mastercard" });
  const ready = (await basket.getBasket(app, owner)) as checkout.OpenBasket;
  const placed = await placeOrder(app, { basket: ready, userId: u!.id, ip: "127.0.0.1", acceptPreInfo: true, acceptContract: true });
  if (placed.status !== "succeeded") throw new Error(`order not placed: ${JSON.stringify(placed)}`);
}

beforeAll(async () => {
  [{ shop, cleanup }, browser] = await Promise.all([startPreparedShop({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, prepare), launch()]);
});
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

async function mailTo(to: string, subject: RegExp) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = (await readOutbox(join(shop.dataDir, "outbox"))).filter((m) => m.to.includes(to) && subject.test(m.subject));
    if (found.length) return found;
    if (Date.now() > deadline) throw new Error(`no mail ${subject} to ${to}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe("management", () => {
  it("staff signs in and ships an order with a tracking number; the member sees the carrier; the shipped mail is sent", async () => {
    const t = await openPage(browser, shop.url, { mobile: false });
    // not signed in: the sign-in page, coming back to the area
    await t.visit("/management", { axe: false });
    expect(new URL(t.page.url()).pathname + new URL(t.page.url()).search).toBe("/auth/login?returnUrl=%2Fmanagement");
    await signIn(t.page, ADMIN.email, ADMIN.password);
    await t.page.waitForURL("**/management");
    await waitForHydration(t.page);
    await t.page.getByRole("heading", { name: "Yönetim özeti" }).waitFor();
    await t.axe();

    const nav = t.page.getByRole("navigation", { name: "Yönetim menüsü" });
    await nav.getByRole("link", { name: "Siparişler" }).click();
    await t.page.waitForURL("**/management/orders");
    await t.page.getByRole("heading", { name: "Siparişler" }).waitFor();
    await t.axe();
    await t.page.getByLabel("Durum", { exact: true }).selectOption("received");
    await t.page.getByRole("button", { name: "Filtrele" }).click();
    await t.page.waitForURL("**/management/orders?*status=received*");
    const link = t.page.getByRole("link", { name: /numaralı siparişi aç$/ }).first();
    orderNumber = ((await link.textContent()) ?? "").trim();
    expect(orderNumber).toMatch(/^\d{4}-\d{6}$/);
    await link.click();
    await t.page.waitForURL(`**/management/orders/${orderNumber}`);
    await t.page.getByRole("heading", { name: `Sipariş ${orderNumber}` }).waitFor();
    await t.page.getByRole("link", { name: "Faturayı yazdır" }).waitFor();
    await t.axe();

    const move = async (label: string, done: string) => {
      await t.page.getByLabel("Yeni durum").selectOption({ label });
      await t.page.getByRole("button", { name: "Durumu değiştir" }).click();
      await t.page.getByText(done).first().waitFor();
    };
    await move("Hazırlanıyor (fırına girdi)", "Sipariş durumu 'Hazırlanıyor (fırına girdi)' olarak güncellendi.");
    await move("Hazır", "Sipariş durumu 'Hazır' olarak güncellendi.");
    await t.page.getByLabel("Yeni durum").selectOption({ label: "Kargoya verildi" });
    // the carrier and tracking number are checked in the browser with the server's schema
    await t.page.getByRole("button", { name: "Durumu değiştir" }).click();
    await t.page.getByText("Kargo firması seçilmelidir.").waitFor();
    await t.page.getByLabel("Kargo firması").selectOption({ label: "Aras Kargo" });
    await t.page.getByLabel("Takip numarası").fill("AR123456789");
    await t.axe();
    await t.page.getByRole("button", { name: "Durumu değiştir" }).click();
    await t.page.getByText("Sipariş durumu 'Kargoya verildi' olarak güncellendi.").first().waitFor();
    await t.page.locator("main").getByText("AR123456789").first().waitFor();
    await t.page.getByRole("heading", { name: "Kargo bilgisi" }).waitFor();
    await t.axe();
    // the admin's other sections: accessible, and never stored by a shared cache
    for (const [path, heading] of [
      ["/management/production", /^Üretim panosu/],
      ["/management/customers", /^Müşteriler$/],
      ["/management/staff", /^Personel$/],
      ["/management/audit", /^İşlem kaydı$/],
    ] as const) {
      const res = await t.page.goto(path, { waitUntil: "load" });
      expect(res?.headers()["cache-control"]).toBe("private, no-store");
      await waitForHydration(t.page);
      await t.page.getByRole("heading", { level: 1, name: heading }).waitFor();
      await t.axe();
    }
    await t.page.getByRole("cell", { name: /Sipariş durumu|Kargoya verildi|order\.status/ }).first().waitFor();
    // a tablet held upright: the order table becomes cards, still a table to assistive technology
    await t.page.setViewportSize({ width: 820, height: 1180 });
    await t.visit("/management/orders");
    const row = t.page.getByRole("row").filter({ hasText: orderNumber });
    expect(await row.evaluate((el) => getComputedStyle(el).display)).toBe("block");
    await t.close();

    const [mail] = await mailTo(MEMBER.email, new RegExp(`Siparişiniz kargoya verildi – ${orderNumber}`));
    expect(mail!.text).toContain("Aras Kargo");
    expect(mail!.text).toContain("AR123456789");
    expect(mail!.text).toContain("kargotakip.araskargo.com.tr");

    // the member: carrier and tracking number in the member area; the staff area does not exist for them
    const m = await openPage(browser, shop.url);
    await m.visit("/memberarea/orders", { axe: false });
    await signIn(m.page, MEMBER.email, MEMBER.password);
    await m.page.waitForURL("**/memberarea/orders");
    await waitForHydration(m.page);
    const card = m.page.locator("main li", { hasText: orderNumber });
    await card.getByText("Taşıyıcı: Aras Kargo").waitFor();
    await card.getByText("Takip No: AR123456789").waitFor();
    await m.axe();
    m.allowHttpStatus(404);
    const hidden = await m.page.goto("/management/orders", { waitUntil: "load" });
    expect(hidden?.status()).toBe(404);
    await m.page.getByRole("heading", { name: "Aradığınız sayfa bulunamadı" }).waitFor();
    expect(await m.page.getByText("Yönetim menüsü").count()).toBe(0);
    await m.close();
  }, 180_000);

  it("marketing creates a promotion code, a visitor applies it in the basket; marketing's sections pass axe", async () => {
    const t = await openPage(browser, shop.url, { mobile: false });
    await t.visit("/management/promos", { axe: false });
    expect(new URL(t.page.url()).search).toBe("?returnUrl=%2Fmanagement%2Fpromos");
    await signIn(t.page, MARKETER.email, MARKETER.password);
    await t.page.waitForURL("**/management/promos");
    await waitForHydration(t.page);
    await t.page.getByRole("heading", { level: 1, name: "Promosyon ve puan" }).waitFor();
    await t.axe();
    // marketing's menu: no orders desk actions, no delivery settings, no staff
    const nav = t.page.getByRole("navigation", { name: "Yönetim menüsü" });
    expect(await nav.getByRole("link", { name: "Teslimat ayarları" }).count()).toBe(0);
    expect(await nav.getByRole("link", { name: "Personel" }).count()).toBe(0);

    // the browser checks the form with the server's schema before sending it
    await t.page.getByLabel("Kod", { exact: true }).fill("e2e-kış15");
    await t.page.getByRole("button", { name: "Kodu oluştur" }).click();
    await t.page.getByText("İndirim yüzdesi 0'dan büyük, en fazla 100 olmalıdır (ör. 10 ya da 12,5).").waitFor();
    await t.page.getByLabel("İndirim (%)").fill("15");
    await t.page.getByLabel("Toplam kullanım").fill("50");
    await t.axe();
    await t.page.getByRole("button", { name: "Kodu oluştur" }).click();
    await t.page.getByText("E2E-KIŞ15 kodu oluşturuldu.").first().waitFor();
    await t.page.getByRole("link", { name: "E2E-KIŞ15 kodunu aç" }).click();
    await t.page.waitForURL("**/management/promos/*");
    await t.page.getByRole("heading", { level: 1, name: "Promosyon kodu E2E-KIŞ15" }).waitFor();
    await t.page.getByText("Bu kod henüz kullanılmadı.").waitFor();
    await t.axe();

    // a visitor puts a cookie in the basket and uses the code
    const v = await openPage(browser, shop.url);
    await v.visit("/product/10001", { axe: false });
    await v.page.getByRole("button", { name: "SEPETE EKLE" }).click();
    await v.page.getByText("Ürün sepetinize eklendi").first().waitFor();
    await v.visit("/basket", { axe: false });
    await v.page.getByRole("button", { name: "Promosyon kodu kullan" }).click();
    await v.page.getByLabel("Promosyon kodu").fill("e2e-kış15");
    await v.page.getByRole("button", { name: "Uygula" }).click();
    await v.page.getByText("Promosyon kodu uygulandı").first().waitFor();
    await v.page.getByText("İndirim (E2E-KIŞ15)").waitFor();
    await v.axe();
    await v.close();

    // marketing's other sections, each accessible
    for (const [path, heading] of [
      ["/management/catalog", /^Katalog ve stok$/],
      ["/management/catalog/20002", /^Ürün 20002: /],
      ["/management/menu", /^Menü kutucukları$/],
      ["/management/pages", /^Bilgi sayfaları$/],
      ["/management/game", /^Kurabiye falı$/],
      ["/management/site", /^Site$/],
      ["/management/messages", /^Mesajlar$/],
    ] as const) {
      const res = await t.page.goto(path, { waitUntil: "load" });
      expect(res?.headers()["cache-control"]).toBe("private, no-store");
      await waitForHydration(t.page);
      await t.page.getByRole("heading", { level: 1, name: heading }).waitFor();
      await t.axe();
    }
    // a new product: made off sale from the catalogue, its own page opens with what is left to do
    await t.visit("/management/catalog");
    await t.page.getByRole("button", { name: "Ürünü oluştur" }).click();
    await t.page.getByText("Ürün adı 2–120 karakter olmalıdır.").waitFor();
    await t.page.getByLabel("Ürün adı").first().fill("E2E Kestaneli Kutu");
    await t.page.getByLabel("Tür").first().selectOption("gift");
    await t.page.getByLabel("Satış fiyatı (TL)").fill("450");
    await t.page.getByRole("button", { name: "Ürünü oluştur" }).click();
    await t.page.waitForURL(/\/management\/catalog\/2\d{4}\?yeni=1$/);
    await t.page.getByRole("heading", { level: 1, name: /^Ürün 2\d{4}: E2E Kestaneli Kutu$/ }).waitFor();
    await t.page.getByText(/'E2E Kestaneli Kutu' ürünü 2\d{4} numarasıyla oluşturuldu\. Satışta değil/).first().waitFor();
    expect(await t.page.getByLabel("Satışta").isChecked()).toBe(false);
    await t.axe();
    await t.visit("/management/game");
    await t.page.getByRole("link", { name: /^Dönem #\d+: kazananlar ve düzenleme$/ }).first().click();
    await t.page.getByRole("heading", { level: 1, name: /^Dönem #\d+/ }).waitFor();
    await t.axe();
    // a section marketing may not open: 'Yetkiniz yok' inside the area
    t.allowHttpStatus(403);
    await t.page.goto("/management/delivery", { waitUntil: "load" });
    await t.page.getByRole("heading", { name: "Yetkiniz yok" }).waitFor();
    await t.close();
  }, 180_000);

  it("the admin edits delivery settings; closed days and the zone pass axe", async () => {
    const a = await openPage(browser, shop.url, { mobile: false });
    await a.visit("/management/delivery", { axe: false });
    await signIn(a.page, ADMIN.email, ADMIN.password);
    await a.page.waitForURL("**/management/delivery");
    await waitForHydration(a.page);
    await a.page.getByRole("heading", { level: 1, name: "Teslimat ayarları" }).waitFor();
    await a.axe();
    const notice = a.page.getByRole("region", { name: "Teslimat seçenekleriyle gösterilen duyuru" });
    await notice.getByRole("textbox").fill("Yılbaşı haftası teslimatlar bir gün gecikebilir.");
    await notice.getByRole("button", { name: "Kaydet" }).click();
    await a.page.getByText("Teslimat ayarları kaydedildi.").first().waitFor();
    for (const [path, heading] of [
      ["/management/delivery/days", /^Kapalı günler ve tatiller$/],
      ["/management/delivery/zone?county=3401", /^Adrese teslim bölgesi$/],
    ] as const) {
      await a.visit(path, { axe: false });
      await a.page.getByRole("heading", { level: 1, name: heading }).waitFor();
      await a.axe();
    }
    await a.close();
  });

  it("npm run site -- staff add gives a member a staff role through the running shop", async () => {
    const r = await shop.site("staff", "add", "--email", MEMBER.email, "--role", "marketing");
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain("personel olarak eklendi (Pazarlama)");
    const list = await shop.site("staff", "list");
    expect(list.out).toContain(`${MEMBER.email}\tmarketing`);
  });
});
