import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launch, openPage, waitForHydration } from "./browser";
import { startPreparedShop } from "./server";
import type { AppContext } from "~/.server/context";
import { users } from "~/.server/db/schema/accounts";
import { testPasswordHash } from "~/.server/accounts/testing";
import * as payments from "~/.server/payments/service";

/**
 * Issue 27 §4 in Chromium on a 390 × 844 phone at a fixed shop time (Wednesday 10:30): the product page says
 * '11:00'e kadar sipariş verirsen bugün kapında' for İstanbul with the time left, the city can be changed and
 * is remembered (also in the basket), and the date the product page showed is the date the order books when
 * the shopper then chooses that option at checkout. The service-level table: app/.server/checkout/earliest.test.ts.
 */
const MEMBER = { email: "erken.uye@ornek.com.tr", password: "Erken-Uye-2026", name: "Erken Üye" };

async function prepare(app: AppContext) {
  const now = app.clock.now();
  const [u] = await app.db
    .insert(users)
    .values({ email: MEMBER.email, name: MEMBER.name, passwordHash: await testPasswordHash(MEMBER.password), activatedAt: now, createdAt: now, updatedAt: now })
    .returning();
  const r = await payments.saveCardForUser(app, u!.id, MEMBER.email, { number: "4766620000000001", holder: "Erken Uye", expMonth: 10, expYear: 2030 });
  if (!r.ok) throw new Error(r.message);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const line = (p: Page) => p.getByTestId("earliest-delivery");
const shownDate = async (p: Page) => (await line(p).locator("[data-earliest-date]").getAttribute("data-earliest-date"))!;

async function chooseCity(p: Page, name: string) {
  await line(p).getByRole("button", { name: "İli değiştir" }).click();
  await line(p).getByLabel("Teslimat ili").selectOption({ label: name });
  await line(p).getByText(new RegExp(`^${name} · `)).waitFor();
}

describe("the delivery day up front (issue 27 §4)", () => {
  it("10:30 on a phone: product page and basket show the day; the shown day is the day the order books", async () => {
    const { shop, cleanup } = await startPreparedShop({}, prepare, { shopNow: "2026-11-25T10:30:00+03:00" });
    try {
      const t = await openPage(browser, shop.url);
      const p = t.page;
      // an anonymous visitor (cached page): İstanbul by default, same day until the courier cutoff, 30 minutes left
      await t.visit("/product/10003");
      await line(p).getByText("11:00'e kadar sipariş verirsen bugün kapında").waitFor();
      await line(p).getByText("İstanbul · standart kurye ile · 30 dk kaldı").waitFor();
      const productDate = await shownDate(p);
      expect(productDate).toBe("2026-11-25");
      // another city: the carrier's earliest day, remembered on the next page
      await chooseCity(p, "Ankara");
      await line(p).getByText(/^Bugün sipariş verirsen en erken (yarın, )?\d+ \S+ \S+ kapında$/).waitFor();
      expect(await line(p).textContent()).toContain("kargo ile");
      await t.visit("/product/20002");
      await line(p).getByText(/^Ankara · kargo ile/).waitFor();
      await chooseCity(p, "İstanbul");
      await t.axe();
      // the line fits the phone (the footer's own overflow is issue 22's)
      const box = (await line(p).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);

      // sign in, put the product in the basket: the basket shows the same line
      await t.visit("/auth/login", { axe: false });
      const form = p.locator("form", { has: p.locator('input[name="password"]') });
      await form.locator('input[name="email"]').fill(MEMBER.email);
      await form.locator('input[name="password"]').fill(MEMBER.password);
      await form.getByRole("button", { name: "Giriş Yap" }).click();
      await p.waitForURL("**/memberarea/home");
      await t.visit("/product/10003", { axe: false });
      await p.getByRole("button", { name: "SEPETE EKLE" }).click();
      await p.getByText("Ürün sepetinize eklendi").first().waitFor();
      await t.visit("/basket");
      await line(p).getByText("11:00'e kadar sipariş verirsen bugün kapında").waitFor();
      expect(await shownDate(p)).toBe(productDate);

      // checkout: İstanbul/Kadıköy/Caferağa, standard courier — the date beside it and the order's are the product page's
      await t.visit("/order/delivery", { axe: false });
      await waitForHydration(p);
      await p.getByLabel("Ad Soyad", { exact: true }).fill("Ayşe Yılmaz");
      await p.getByLabel("İl", { exact: true }).selectOption({ label: "İstanbul" });
      await p.getByLabel("İlçe", { exact: true }).locator('option:text-is("Kadıköy")').waitFor({ state: "attached" });
      await p.getByLabel("İlçe", { exact: true }).selectOption({ label: "Kadıköy" });
      const n = p.getByRole("combobox", { name: /^Mahalle/ });
      await n.locator("option", { hasText: "Caferağa" }).first().waitFor({ state: "attached" });
      await n.selectOption((await n.locator("option", { hasText: "Caferağa" }).first().getAttribute("value"))!);
      await p.getByLabel("Adres", { exact: true }).fill("Moda Caddesi No 12 Daire 3");
      await p.getByLabel("Cep telefonu").fill("5321234567");
      await p.getByLabel(/^Standart kurye/).check();
      // the first slot still open today (10:00-12:00 has closed: it needs two hours' notice)
      await p.locator("#slot").selectOption((await p.locator('#slot option:not([disabled]):not([value=""])').first().getAttribute("value"))!);
      const note = (await p.locator("label", { has: p.getByLabel(/^Standart kurye/) }).locator("[data-shown-date]").textContent()) ?? "";
      expect(note).toContain("25 Kasım Çarşamba");
      await p.getByRole("button", { name: "Devam Et" }).click();
      await p.waitForURL("**/order/payment");
      await waitForHydration(p);
      await p.getByRole("button", { name: "Devam Et" }).click();
      await p.waitForURL("**/order/confirm");
      await waitForHydration(p);
      await p.getByLabel("Ön Bilgilendirme Formu'nu okudum, kabul ediyorum.").check();
      await p.getByLabel("Mesafeli Satış Sözleşmesi'ni okudum, kabul ediyorum.").check();
      // the agreements start unticked (issue 26 §3)
      for (const n of ["onBilgilendirme", "mesafeli"]) await p.locator(`input[name="${n}"]`).check();
      await p.getByRole("button", { name: "Siparişi Onayla" }).click();
      await p.waitForURL("**/order/complete?siparis=*");
      // the order's day, as the complete page shows it, is the product page's
      await p.getByText("Hazır olma tarihi: 25 Kasım Çarşamba").first().waitFor();
      await t.close();
    } finally {
      await shop.stop();
      cleanup();
    }
  }, 240_000);
});
