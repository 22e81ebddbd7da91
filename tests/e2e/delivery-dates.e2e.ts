import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { launch, openPage, waitForHydration, type TestPage } from "./browser";
import { startPreparedShop, type RunningShop } from "./server";
import { readOutbox } from "../../app/.server/mail/outbox";
import type { AppContext } from "~/.server/context";
import { users } from "~/.server/db/schema/accounts";
import { testPasswordHash } from "~/.server/accounts/testing";
import * as payments from "~/.server/payments/service";

/**
 * Issue 22 §1 in Chromium on a 390 × 844 phone at fixed clock times: the shopper picks a delivery option by
 * clicking, and the date shown beside it (and on the 'Hazır olma tarihi' line) is the date the order stores,
 * the confirmation mail (.eml in the outbox) names, and the production board, the staff's order page and the
 * printed invoice show. Also: cutoff notices where the choice is made, a closed VIP slot saying why, the
 * 'first suitable day' button, and both pickup places with their hours. The service-level table of every
 * type × time is app/.server/checkout/dates.test.ts.
 */
const MEMBER = { email: "tarih.uye@ornek.com.tr", password: "Tarih-Uye-2026", name: "Tarih Üye" };
const ADMIN = { email: "yonetici@ornek.com.tr", password: "Yonetici-Sifre-2026" };
const ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };

async function prepare(app: AppContext) {
  const now = app.clock.now();
  const [u] = await app.db
    .insert(users)
    .values({ email: MEMBER.email, name: MEMBER.name, passwordHash: await testPasswordHash(MEMBER.password), activatedAt: now, createdAt: now, updatedAt: now })
    .returning();
  const r = await payments.saveCardForUser(app, u!.id, MEMBER.email, { number: "4766620000000001", holder: "Tarih Uye", expMonth: 10, expYear: 2030 });
  if (!r.ok) throw new Error(r.message);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, email: string, password: string) {
  const form = page.locator("form", { has: page.locator('input[name="password"]') });
  const emailField = form.locator('input[name="email"]');
  if ((await emailField.getAttribute("readonly")) === null) await emailField.fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.getByRole("button", { name: "Giriş Yap" }).click();
}

async function mailFor(shop: RunningShop, number: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = (await readOutbox(join(shop.dataDir, "outbox"))).find((m) => m.subject.includes(number));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail for ${number}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** A signed-in member with one product in the basket, on the delivery step with an İstanbul/Kadıköy/Caferağa address. */
async function toDeliveryStep(t: TestPage) {
  await t.visit("/auth/login", { axe: false });
  await signIn(t.page, MEMBER.email, MEMBER.password);
  await t.page.waitForURL("**/memberarea/home");
  await t.visit("/product/10003", { axe: false });
  await t.page.getByRole("button", { name: "SEPETE EKLE" }).click();
  await t.page.getByText("Ürün sepetinize eklendi").first().waitFor();
  await t.visit("/order/delivery", { axe: false });
  await waitForHydration(t.page);
  const p = t.page;
  await p.getByLabel("Ad Soyad", { exact: true }).fill("Ayşe Yılmaz");
  await p.getByLabel("İl", { exact: true }).selectOption({ label: "İstanbul" });
  await p.getByLabel("İlçe", { exact: true }).locator('option:text-is("Kadıköy")').waitFor({ state: "attached" });
  await p.getByLabel("İlçe", { exact: true }).selectOption({ label: "Kadıköy" });
  const n = p.getByRole("combobox", { name: /^Mahalle/ });
  await n.locator("option", { hasText: "Caferağa" }).first().waitFor({ state: "attached" });
  await n.selectOption((await n.locator("option", { hasText: "Caferağa" }).first().getAttribute("value"))!);
  await p.getByLabel("Adres", { exact: true }).fill("Moda Caddesi No 12 Daire 3");
  await p.getByLabel("Cep telefonu").fill("5321234567");
  await p.getByText("VIP kurye", { exact: false }).first().waitFor();
}

/** The 'Hazır olma tarihi' line of the delivery step. */
const readyLine = async (p: Page) => ((await p.getByTestId("ready-date").locator("strong").textContent()) ?? "").trim();
/** The date note beside an option's radio. */
const noteOf = async (p: Page, label: RegExp) => ((await p.locator("label", { has: p.getByLabel(label) }).locator("[data-shown-date]").textContent()) ?? "").trim();

/** Continue → saved card → confirm → complete; answers the order number. */
async function finish(t: TestPage, shownReady: string) {
  await t.page.getByRole("button", { name: "Devam Et" }).click();
  await t.page.waitForURL("**/order/payment");
  await waitForHydration(t.page);
  await t.page.getByRole("button", { name: "Devam Et" }).click();
  await t.page.waitForURL("**/order/confirm");
  await waitForHydration(t.page);
  // the contract on the confirm step names the same ready day
  await t.page.getByText(`Hazır olma tarihi: ${shownReady}`).first().waitFor();
  await t.page.getByLabel("Ön Bilgilendirme Formu'nu okudum, kabul ediyorum.").check();
  await t.page.getByLabel("Mesafeli Satış Sözleşmesi'ni okudum, kabul ediyorum.").check();
  // the agreements start unticked (issue 26 §3)
  for (const n of ["onBilgilendirme", "mesafeli"]) await t.page.locator(`input[name="${n}"]`).check();
  await t.page.getByRole("button", { name: "Siparişi Onayla" }).click();
  await t.page.waitForURL("**/order/complete?siparis=*");
  const number = /(\d{4}-\d{6})/.exec((await t.page.getByText(/Sipariş numaranız/).first().textContent()) ?? "")![1]!;
  await t.page.getByText(`Hazır olma tarihi: ${shownReady}`).waitFor();
  return number;
}

/** Staff view of an order: production board of the day, the order page and the invoice all show the shown day. */
async function staffSees(shop: RunningShop, number: string, day: string, dayLong: string, section: "routes" | "pickups" | "shipments") {
  const s = await openPage(browser, shop.url);
  await s.visit("/auth/login", { axe: false });
  await signIn(s.page, ADMIN.email, ADMIN.password);
  await s.page.waitForURL(/\/(memberarea|management)/);
  await s.visit(`/management/production?day=${day}`, { axe: false });
  await s.page.locator(`section[aria-labelledby="${section}"]`).getByRole("link", { name: number }).waitFor();
  // the day before does not list it
  await s.visit(`/management/production?day=${new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10)}`, { axe: false });
  await expect(s.page.getByRole("link", { name: number }).count()).resolves.toBe(0);
  await s.visit(`/management/orders/${number}`, { axe: false });
  await s.page.getByText(dayLong).first().waitFor();
  await s.visit(`/printinvoice/${number}`, { axe: false });
  await expect(s.page.getByTestId("invoice-delivery").first().textContent()).resolves.toContain(`Hazır olma tarihi: ${dayLong}`);
  s.assertNoErrors();
  await s.close();
}

describe("the day shown is the day booked, on a phone (issue 22 §1)", () => {
  it("10:30: same-day pickup at 13:00 sets the ready date to today; the VIP 'first suitable day' button moves it to tomorrow", async () => {
    const { shop, cleanup } = await startPreparedShop(ENV, prepare, { shopNow: "2026-11-25T10:30:00+03:00" });
    try {
      const t = await openPage(browser, shop.url);
      await toDeliveryStep(t);
      const p = t.page;
      // before choosing: the default ready date (tomorrow); no shipping cutoff yet, the VIP morning slot says why it is closed
      await expect(p.locator('[data-notice="shippingCutoffPassed"]').count()).resolves.toBe(0);
      await p.getByText("Bugün için son sipariş saati 07:00 idi.").waitFor();
      await expect(p.getByLabel(/VIP kurye — Sabah/).isDisabled()).resolves.toBe(true);
      // the 'first suitable day' button sets the advance date and opens the closed slots for that day
      await p.locator('[data-notice="sameDayPassed"]').getByRole("button", { name: /İlk uygun gün için sipariş ver/ }).click();
      await expect(p.getByLabel("İleri tarihli sipariş").inputValue()).resolves.toBe("2026-11-26");
      await expect.poll(() => p.getByLabel(/VIP kurye — Sabah/).isDisabled()).toBe(false);
      await p.getByLabel(/VIP kurye — Sabah/).check();
      expect(await readyLine(p)).toBe("26 Kasım Perşembe");
      // back to the earliest date: pickup at each place with its own hours, Beşiktaş from 11:00 to 20:00
      await p.getByRole("button", { name: "En erken tarihe dön" }).click();
      await expect.poll(() => noteOf(p, /Atölyeden teslim al: Beşiktaş/)).toContain("Hazır: bugün, 25 Kasım Çarşamba");
      expect(await noteOf(p, /Atölyeden teslim al: Beşiktaş/)).toContain("13:00 – 20:00");
      expect(await noteOf(p, /Atölyeden teslim al: Kadıköy/)).toContain("13:00 – 19:00");
      await p.getByLabel(/Atölyeden teslim al: Kadıköy/).check();
      await p.getByLabel("Teslim alma saati").selectOption("13:00");
      // choosing the option set the ready date to its own day: today
      expect(await readyLine(p)).toBe("bugün, 25 Kasım Çarşamba");
      await t.axe();
      const number = await finish(t, "25 Kasım Çarşamba");
      const mail = await mailFor(shop, number);
      expect(mail.text).toContain("Kurabiyeleriniz 25 Kasım Çarşamba tarihinde hazır olacak");
      expect(mail.text).toContain("13:00, Kadıköy Atölyemiz");
      await staffSees(shop, number, "2026-11-25", "25 Kasım 2026", "pickups");
      t.assertNoErrors();
      await t.close();
    } finally {
      await shop.stop();
      cleanup();
    }
  }, 180_000);

  it("13:15: the evening VIP slot shown for today is booked for today; after 11:00 the courier cutoff is explained", async () => {
    const { shop, cleanup } = await startPreparedShop(ENV, prepare, { shopNow: "2026-11-25T13:15:00+03:00" });
    try {
      const t = await openPage(browser, shop.url);
      await toDeliveryStep(t);
      const p = t.page;
      await expect(p.locator('[data-notice="courierCutoffPassed"]').textContent()).resolves.toContain("11:00");
      await p.getByLabel(/VIP kurye — Akşam/).check();
      const shown = await noteOf(p, /VIP kurye — Akşam/);
      expect(shown).toBe("Tahmini teslimat: bugün, 25 Kasım Çarşamba");
      expect(await readyLine(p)).toBe("bugün, 25 Kasım Çarşamba");
      const number = await finish(t, "25 Kasım Çarşamba");
      const mail = await mailFor(shop, number);
      expect(mail.text).toContain("Kurabiyeleriniz 25 Kasım Çarşamba tarihinde hazır olacak");
      expect(mail.text).toContain("Tahmini teslimat: 25 Kasım Çarşamba");
      expect(mail.text).toContain("16:00-20:00");
      await staffSees(shop, number, "2026-11-25", "25 Kasım 2026", "routes");
      t.assertNoErrors();
      await t.close();
    } finally {
      await shop.stop();
      cleanup();
    }
  }, 180_000);

  it("15:30: the shipping cutoff is explained and the carrier's promised day is the order's; the calculator agrees", async () => {
    const { shop, cleanup } = await startPreparedShop(ENV, prepare, { shopNow: "2026-11-25T15:30:00+03:00" });
    try {
      const t = await openPage(browser, shop.url);
      await toDeliveryStep(t);
      const p = t.page;
      await expect(p.locator('[data-notice="shippingCutoffPassed"]').textContent()).resolves.toContain("26 Kasım Perşembe");
      await expect(p.locator('[data-notice="pickupSameDayPassed"]').count()).resolves.toBe(1);
      await p.getByLabel(/^Standart kargo/).check();
      const shown = await noteOf(p, /^Standart kargo/);
      expect(shown).toBe("Tahmini teslimat: 27 Kasım Cuma");
      expect(await readyLine(p)).toBe("26 Kasım Perşembe");
      // the shipping calculator, same basket, place and time, promises the same day
      const c = await openPage(browser, shop.url);
      await c.page.context().addCookies(await p.context().cookies());
      await c.visit("/deliveryoptions", { axe: false });
      await c.page.getByLabel("İl", { exact: true }).selectOption({ label: "İstanbul" });
      await c.page.getByLabel("İlçe", { exact: true }).locator('option:text-is("Kadıköy")').waitFor({ state: "attached" });
      await c.page.getByLabel("İlçe", { exact: true }).selectOption({ label: "Kadıköy" });
      await c.page.getByRole("button", { name: "Hesapla" }).click();
      await expect(c.page.locator('tr[data-option="standart"]').textContent()).resolves.toContain("27 Kasım Cuma");
      await c.close();
      const number = await finish(t, "26 Kasım Perşembe");
      const mail = await mailFor(shop, number);
      expect(mail.text).toContain("Kurabiyeleriniz 26 Kasım Perşembe tarihinde hazır olacak");
      expect(mail.text).toContain("Tahmini teslimat: 27 Kasım Cuma");
      await staffSees(shop, number, "2026-11-26", "26 Kasım 2026", "shipments");
      t.assertNoErrors();
      await t.close();
    } finally {
      await shop.stop();
      cleanup();
    }
  }, 180_000);
});
