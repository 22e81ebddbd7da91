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
import { setSetting } from "~/.server/settings/service";

/**
 * Installments in Chromium at 390 × 844 (issue 27 §3), with the sandbox provider's tables: the product page's line
 * from the seller's campaigns; a guest types a World card, picks 3 installments (with the bank's interest), pays
 * through 3-D Secure and sees the installments on the complete page, in the confirmation mail (.eml), on the
 * invoice and on staff's order page; a member pays 6 installments with a saved Maximum card; a failed table query
 * leaves the single payment and a working form.
 */
const MEMBER = { email: "taksitli.uye@ornek.com.tr", password: "Taksitli-Uye-2026", name: "Taksitli Üye" };
const ADMIN = { email: "yonetici@kurabiye.test", password: "Yonetici-Sifresi-2026" };

let shop: RunningShop;
let browser: Browser;
let cleanup = () => {};

async function prepare(app: AppContext) {
  const now = app.clock.now();
  const [u] = await app.db
    .insert(users)
    .values({ email: MEMBER.email, name: MEMBER.name, passwordHash: await testPasswordHash(MEMBER.password), activatedAt: now, createdAt: now, updatedAt: now })
    .returning();
  const r = await payments.saveCardForUser(app, u!.id, MEMBER.email, { number: "4543590000000006", holder: "Taksitli Uye", expMonth: 10, expYear: 2030 });
  if (!r.ok) throw new Error(r.message);
  await setSetting(app, "installments", { campaigns: [{ families: ["Bonus", "Maximum"], count: 3, minAmount: 0 }] });
}

beforeAll(async () => {
  [{ shop, cleanup }, browser] = await Promise.all([
    startPreparedShop({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, prepare, { shopNow: "2026-11-24T09:00:00+03:00" }),
    launch(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  cleanup();
});

async function mailTo(to: string, subject: RegExp) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = (await readOutbox(join(shop.dataDir, "outbox"))).filter((m) => m.to.includes(to) && subject.test(m.subject));
    if (found.length) return found;
    if (Date.now() > deadline) throw new Error(`no mail ${subject} to ${to}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function fitsWidth(page: Page) {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll).toBe(width);
}

async function toPaymentStep(t: TestPage, productId: number, member: boolean) {
  await t.visit(`/product/${productId}`, { axe: false });
  await t.page.getByRole("button", { name: "SEPETE EKLE" }).click();
  await t.page.getByText("Ürün sepetinize eklendi").first().waitFor();
  await t.visit("/basket", { axe: false });
  await t.page.getByRole("button", { name: "Siparişi Tamamla" }).click();
  await t.page.waitForURL("**/order/delivery");
  await waitForHydration(t.page);
  const page = t.page;
  await page.getByLabel("Ad Soyad", { exact: true }).fill("Ayşe Yılmaz");
  await page.getByLabel("İl", { exact: true }).selectOption({ label: "Ankara" });
  await page.getByLabel("İlçe", { exact: true }).locator('option:text-is("Çankaya")').waitFor({ state: "attached" });
  await page.getByLabel("İlçe", { exact: true }).selectOption({ label: "Çankaya" });
  await page.getByLabel("Adres", { exact: true }).fill("Atatürk Bulvarı No 12 Daire 3");
  await page.getByLabel("Cep telefonu").fill("5321234567");
  if (member) {
    await page.getByLabel(/Atölyeden teslim al: Kadıköy/).check();
    await page.getByLabel("Teslim alma saati").selectOption("15:00");
  } else {
    await page.getByLabel(/Tercih ettiğim kargo firması/).check();
    await page.getByLabel("Kargo firması", { exact: true }).selectOption({ index: 1 });
  }
  await page.getByRole("button", { name: "Devam Et" }).click();
  await page.waitForURL("**/order/payment");
  await waitForHydration(page);
}

async function pass3ds(page: Page) {
  await page.waitForURL("**/odeme/3ds/**");
  const code = /(\d{6})/.exec((await page.getByTestId("sandbox-code").textContent()) ?? "")![1]!;
  await page.getByLabel("Doğrulama kodu").fill(code);
  await page.getByRole("button", { name: "Onayla" }).click();
}

describe("installments", () => {
  it("a guest picks 3 installments of a World card, pays with 3-D Secure; complete page, mail, invoice and staff's order page show them", async () => {
    const t = await openPage(browser, shop.url);
    // the product page: the seller's campaign line
    await t.visit("/product/20002", { axe: false });
    const line = (await t.page.getByTestId("product-installment").textContent()) ?? "";
    expect(line).toMatch(/^₺[\d.]+,\d\d × 3 taksitle \(Bonus, Maximum kartlara vade farksız\)$/);
    await t.page.setViewportSize({ width: 360, height: 800 });
    await fitsWidth(t.page);
    await t.page.setViewportSize({ width: 390, height: 844 });
    await toPaymentStep(t, 20002, false);
    const table = t.page.getByTestId("installments");
    await table.getByText("Kart numaranızın ilk 6 hanesini yazdığınızda").waitFor();

    // the provider's answer lost: the single payment stays, said in words
    await t.page.route("**/api/checkout/installments**", (r) => r.abort());
    await t.page.getByLabel("Kart numarası", { exact: true }).fill("545103");
    await table.getByText("Taksit seçenekleri şu an alınamadı").waitFor();
    await expect(table.getByRole("radio").count()).resolves.toBe(1);
    await t.page.unroute("**/api/checkout/installments**");

    // a slow answer shows its progress, then the table
    await t.page.route("**/api/checkout/installments**", async (r) => {
      await new Promise((ok) => setTimeout(ok, 800));
      await r.continue();
    });
    await t.page.getByLabel("Kart numarası", { exact: true }).fill("");
    await t.page.getByLabel("Kart numarası", { exact: true }).fill("5451030000000000");
    await table.getByText("Taksit seçenekleri yükleniyor").waitFor();
    const three = t.page.getByRole("radio", { name: /^3 taksit/ });
    await three.waitFor();
    await t.page.unroute("**/api/checkout/installments**");
    await expect(table.getByRole("radio").count()).resolves.toBe(5); // World: 1, 2, 3, 6, 9
    const threeLabel = (await t.page.locator('label[for="installment-3"]').textContent()) ?? "";
    expect(threeLabel).toMatch(/Aylık ₺[\d.]+,\d\d · Toplam ₺[\d.]+,\d\dVade farkı ₺[\d.]+,\d\d/);
    await three.check();
    await t.axe();
    await fitsWidth(t.page);
    await t.page.screenshot({ path: "test-results/installments-payment.png", fullPage: true });
    await t.page.setViewportSize({ width: 360, height: 800 });
    await fitsWidth(t.page);
    await t.page.setViewportSize({ width: 390, height: 844 });
    // the answer's size (the table of one card for the basket's amount)
    const answer = await t.page.evaluate(async () => (await (await fetch("/api/checkout/installments?bin=545103")).text()).length);
    expect(answer).toBeLessThan(2_000);

    await t.page.getByLabel("Kart üzerindeki isim").fill("Ayse Yilmaz");
    await t.page.getByLabel("Ay", { exact: true }).selectOption("12");
    await t.page.getByLabel("Yıl", { exact: true }).selectOption("2030");
    await t.page.getByLabel("Güvenlik kodu").fill("123");
    await t.page.getByLabel(/^E-posta adresiniz/).fill("taksit.misafir@ornek.com.tr");
    await t.page.getByRole("button", { name: "Devam Et" }).click();
    const dialog = t.page.getByRole("dialog", { name: "Üye misiniz?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Üye olmadan devam et" }).click();
    await t.page.waitForURL("**/order/confirm");
    await waitForHydration(t.page);
    const confirmLine = (await t.page.getByTestId("confirm-installment").textContent()) ?? "";
    expect(confirmLine).toMatch(/^3 × ₺[\d.]+,\d\d = ₺[\d.]+,\d\d$/);
    const paidTotal = (await t.page.getByTestId("checkout-paid-total").textContent())!.trim();
    expect(confirmLine.endsWith(paidTotal)).toBe(true);
    await fitsWidth(t.page);
    // the agreements start unticked (issue 26 §3)
    for (const n of ["onBilgilendirme", "mesafeli"]) await t.page.locator(`input[type=checkbox][name="${n}"]`).check();
    await t.page.getByRole("button", { name: "Siparişi Onayla" }).click();
    await pass3ds(t.page);
    await t.page.waitForURL("**/order/complete?odeme=*");
    await t.page.getByRole("heading", { name: "Siparişiniz alındı" }).waitFor();
    const complete = (await t.page.getByTestId("complete-installment").textContent()) ?? "";
    expect(complete).toContain("3 taksit ×");
    expect(complete).toContain("Vade farkı");
    expect(complete).toContain(`Karttan çekilen toplam${paidTotal}`);
    await fitsWidth(t.page);
    const number = /(\d{4}-\d{6})/.exec((await t.page.getByText(/Sipariş numaranız/).textContent()) ?? "")![1]!;

    // the mail (.eml in the outbox)
    const [mail] = await mailTo("taksit.misafir@ornek.com.tr", /Siparişiniz alındı/);
    expect(mail!.text).toMatch(/Sipariş tutarı: ₺[\d.]+,\d\d\nTaksit: 3 taksit × ₺[\d.]+,\d\d\nVade farkı: ₺[\d.]+,\d\d\nKarttan çekilen toplam: ₺/);
    expect(mail!.text).toContain(paidTotal);

    // the invoice from the complete page's link
    const invoiceHref = await t.page.getByRole("link", { name: /Fatura/ }).first().getAttribute("href");
    await t.visit(invoiceHref!, { axe: false });
    const invoice = (await t.page.locator("body").textContent()) ?? "";
    expect(invoice).toContain("3 taksit ×");
    expect(invoice).toContain(paidTotal);
    await t.close();

    // staff's order page
    const s = await openPage(browser, shop.url);
    await s.visit("/auth/login", { axe: false });
    const form = s.page.locator("form", { has: s.page.locator('input[name="password"]') });
    await form.locator('input[name="email"]').fill(ADMIN.email);
    await form.locator('input[name="password"]').fill(ADMIN.password);
    await form.getByRole("button", { name: "Giriş Yap" }).click();
    await s.page.waitForURL((u) => !u.pathname.startsWith("/auth"));
    await s.visit(`/management/orders/${number}`, { axe: false });
    const staffPage = (await s.page.locator("main").textContent()) ?? "";
    expect(staffPage).toContain("3 taksit ×");
    expect(staffPage).toContain("Vade farkı");
    expect(staffPage).toContain(paidTotal);
    await s.page.getByTestId("refund-installment").waitFor();
    await s.page.screenshot({ path: "test-results/installments-staff.png", fullPage: true });
    await s.close();
  });

  it("a member pays 6 installments with a saved card (its BIN is known), no 3-D Secure", async () => {
    const t = await openPage(browser, shop.url);
    await t.visit("/auth/login", { axe: false });
    const form = t.page.locator("form", { has: t.page.locator('input[name="password"]') });
    await form.locator('input[name="email"]').fill(MEMBER.email);
    await form.locator('input[name="password"]').fill(MEMBER.password);
    await form.getByRole("button", { name: "Giriş Yap" }).click();
    await t.page.waitForURL("**/memberarea/home");
    await toPaymentStep(t, 10003, true);
    await t.page.getByRole("radio", { name: /0006/ }).waitFor();
    const six = t.page.getByRole("radio", { name: /^6 taksit/ });
    await six.waitFor();
    await six.check();
    await t.page.getByRole("button", { name: "Devam Et" }).click();
    await t.page.waitForURL("**/order/confirm");
    await waitForHydration(t.page);
    expect(await t.page.getByTestId("confirm-installment").textContent()).toMatch(/^6 × ₺/);
    for (const n of ["onBilgilendirme", "mesafeli"]) await t.page.locator(`input[type=checkbox][name="${n}"]`).check();
    await t.page.getByRole("button", { name: "Siparişi Onayla" }).click();
    await t.page.waitForURL("**/order/complete?siparis=*");
    expect(await t.page.getByTestId("complete-installment").textContent()).toContain("6 taksit ×");
    const [mail] = await mailTo(MEMBER.email, /Siparişiniz alındı/);
    expect(mail!.text).toMatch(/6 taksit × ₺/);
    await t.close();
  });
});
