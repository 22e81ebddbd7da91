import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { launch, openPage, waitForHydration, type TestPage } from "./browser";
import { startPreparedShop, type RunningShop } from "./server";
import { readOutbox } from "../../app/.server/mail/outbox";
import type { AppContext } from "~/.server/context";
import { eq } from "drizzle-orm";
import { users } from "~/.server/db/schema/accounts";
import { orders } from "~/.server/db/schema/orders";
import { testPasswordHash } from "~/.server/accounts/testing";
import * as management from "~/.server/management/service";
import { member, placeWithSavedCard, readyBasket, savedCard } from "./fixtures";

/**
 * Issue 22 §3, the spec's words and small behaviours, in Chromium on a 390 × 844 phone at a fixed time (Tuesday
 * 24 November 2026, 09:00 in İstanbul): a guest's promo code named and never contradicted, the empty card form,
 * quick membership's name, the order mail's links; a quantity confirmed with Enter; a member's points and
 * cancellation; a guest's order page after shipping; staff working during maintenance.
 */
const MEMBER = { email: "puanli.uye@ornek.com.tr", password: "Puanli-Uye-2026", name: "Puanlı Üye" };
const ADMIN = { email: "yonetici@kurabiye.test", password: "Yonetici-Sifresi-2026" };

let shop: RunningShop;
let browser: Browser;
let cleanup = () => {};
/** public id of an order that staff shipped (viewed as a guest from the mail's link) */
let shippedPublicId = "";
let cancellableNumber = "";

async function prepare(app: AppContext) {
  const m = await member(app, { ...MEMBER, password: MEMBER.password });
  const card = await savedCard(app, m.id, m.email);
  // one order to cancel (still 'received'), one that staff ship
  const first = await readyBasket(app, { sessionId: randomUUID(), userId: m.id }, { lines: [{ productId: 10001, quantity: 1 }], pay: card.pay, email: m.email });
  const firstId = await placeWithSavedCard(app, first, m.id);
  const second = await readyBasket(app, { sessionId: randomUUID(), userId: m.id }, { lines: [{ productId: 10003, quantity: 2 }], pay: card.pay, email: m.email });
  shippedPublicId = await placeWithSavedCard(app, second, m.id);
  const staff = { id: 0, name: "Test", email: "test@kurabiye.test", role: "admin" as const, actor: "test" };
  const numberOf = async (publicId: string) => (await app.db.select({ n: orders.orderNumber }).from(orders).where(eq(orders.publicId, publicId)))[0]!.n;
  cancellableNumber = await numberOf(firstId);
  const shippedNumber = await numberOf(shippedPublicId);
  for (const to of ["preparing", "ready", "shipped"] as const) {
    const r = await management.changeStatus(app, staff, shippedNumber, { to, reason: "", carrier: to === "shipped" ? "Aras Kargo" : "", trackingNumber: to === "shipped" ? "AR123456789" : "", confirm: false });
    if (!r.ok) throw new Error(`${to}: ${r.message}`);
  }
  const now = app.clock.now();
  await app.db.insert(users).values({ email: ADMIN.email, name: "Yönetici", role: "admin", passwordHash: await testPasswordHash(ADMIN.password), activatedAt: now, createdAt: now, updatedAt: now });
}

beforeAll(async () => {
  [{ shop, cleanup }, browser] = await Promise.all([startPreparedShop({}, prepare, { shopNow: "2026-11-24T09:00:00+03:00" }), launch()]);
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

async function addToBasket(t: TestPage, productId: number) {
  await t.visit(`/product/${productId}`, { axe: false });
  await t.page.getByRole("button", { name: "SEPETE EKLE" }).click();
  await t.page.getByText("Ürün sepetinize eklendi").first().waitFor();
}

async function signIn(page: Page, email: string, password: string) {
  const form = page.locator("form", { has: page.locator('input[name="password"]') });
  const emailField = form.locator('input[name="email"]');
  if ((await emailField.getAttribute("readonly")) === null) await emailField.fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.getByRole("button", { name: "Giriş Yap" }).click();
}

const summaryOf = (page: Page) => page.getByRole("complementary").filter({ has: page.getByRole("heading", { name: "Sipariş Özeti" }) });

describe("the spec's words and small behaviours (issue 22 §3)", () => {
  it("a guest's HOSGELDIN10: said where it is entered, named in every summary, never refused later; the empty card form; quick membership's name; the mail's links", async () => {
    const t = await openPage(browser, shop.url);
    await addToBasket(t, 20002);
    await t.visit("/basket");
    await t.page.getByRole("button", { name: "Promosyon kodu kullan" }).click();
    // which codes a guest may use is said under the field
    await t.page.getByText("Üye girişi yapmadan herkese açık kodları kullanabilirsiniz").waitFor();
    await t.page.getByLabel("Promosyon kodu", { exact: true }).fill("UYE50");
    await t.page.getByRole("button", { name: "Uygula" }).click();
    await t.page.getByText(/yalnızca üyelerimiz için geçerlidir/).first().waitFor();
    await t.page.getByLabel("Promosyon kodu", { exact: true }).fill("hosgeldin10");
    await t.page.getByRole("button", { name: "Uygula" }).click();
    await t.page.getByText("Uygulanan kod: HOSGELDIN10").waitFor();
    await t.page.getByText("İndirim (HOSGELDIN10)").waitFor();
    await t.page.getByLabel("Hediye notunuz").fill("İyi ki doğdun!");
    await t.page.getByRole("button", { name: "Siparişi Tamamla" }).click();
    await t.page.waitForURL("**/order/delivery");
    await waitForHydration(t.page);
    const p = t.page;
    await p.getByLabel("Ad Soyad", { exact: true }).fill("Ayşe Yılmaz");
    await p.getByLabel("İl", { exact: true }).selectOption({ label: "Ankara" });
    await p.getByLabel("İlçe", { exact: true }).locator('option:text-is("Çankaya")').waitFor({ state: "attached" });
    await p.getByLabel("İlçe", { exact: true }).selectOption({ label: "Çankaya" });
    await p.getByLabel("Adres", { exact: true }).fill("Atatürk Bulvarı No 12 Daire 3");
    await p.getByLabel("Cep telefonu").fill("5321234567");
    await p.getByLabel(/^Standart kargo/).first().check();
    await p.getByRole("button", { name: "Devam Et" }).click();
    await p.waitForURL("**/order/payment");
    await waitForHydration(p);
    // the payment step's summary names the code (it showed 'İndirim ()')
    await summaryOf(p).getByText("İndirim (HOSGELDIN10)").waitFor();
    expect(await p.getByText("İndirim ()").count()).toBe(0);

    // an empty card form: the spec's summary notice, and each field's own message beside it
    await p.getByRole("button", { name: "Devam Et" }).click();
    await p.getByText("Lütfen formdaki eksikleri tamamlayınız").first().waitFor();
    const described = async (label: string | RegExp, message: string) => {
      const field = p.getByLabel(label, { exact: typeof label === "string" });
      await expect(field.getAttribute("aria-invalid")).resolves.toBe("true");
      const ids = (await field.getAttribute("aria-describedby")) ?? "";
      const texts = await Promise.all(ids.split(" ").filter(Boolean).map((id) => p.locator(`[id="${id}"]`).textContent()));
      expect(texts, String(label)).toContain(message);
    };
    await described("Kart numarası", "Lütfen kart numaranızı giriniz");
    await described("Kart üzerindeki isim", "Lütfen kart üzerindeki ismi giriniz");
    await described("Ay", "Lütfen son kullanma ayını seçiniz");
    await described("Yıl", "Lütfen son kullanma yılını seçiniz");
    await described("Güvenlik kodu", "Lütfen güvenlik kodunu giriniz");
    await t.axe();

    await p.getByLabel("Kart numarası", { exact: true }).fill("5528790000000008");
    await p.getByLabel("Kart üzerindeki isim").fill("Ayse Yilmaz");
    await p.getByLabel("Ay", { exact: true }).selectOption("12");
    await p.getByLabel("Yıl", { exact: true }).selectOption("2030");
    await p.getByLabel("Güvenlik kodu").fill("123");
    await p.getByLabel(/^E-posta adresiniz/).fill("yeni.misafir@ornek.com.tr");
    await p.getByRole("button", { name: "Devam Et" }).click();
    const dialog = p.getByRole("dialog", { name: "Üye misiniz?" });
    await dialog.waitFor();
    // quick membership: the name defaults from the card holder (SPEC §2.8); every guest sees the same choice, sign-in
    // first (issue 23 §3: the step does not tell whether the e-mail has an account)
    await dialog.getByRole("tab", { name: "Hızlı Üyelik" }).click();
    await expect(dialog.getByLabel("Ad Soyad").inputValue()).resolves.toBe("Ayse Yilmaz");
    await dialog.getByRole("button", { name: "Üye olmadan devam et" }).click();
    await p.waitForURL("**/order/confirm");
    await waitForHydration(p);
    // the code the basket accepted is shown, not refused
    await p.getByText("Uygulanan kod: HOSGELDIN10").waitFor();
    expect(await p.getByText(/üyelere özeldir/).count()).toBe(0);
    await summaryOf(p).getByText("İndirim (HOSGELDIN10)").waitFor();
    // the agreements start unticked (issue 26 §3)
    for (const n of ["onBilgilendirme", "mesafeli"]) await p.locator(`input[name="${n}"]`).check();
    await p.getByRole("button", { name: "Siparişi Onayla" }).click();
    await p.waitForURL("**/odeme/3ds/**");
    const code = /(\d{6})/.exec((await p.getByTestId("sandbox-code").textContent()) ?? "")![1]!;
    await p.getByLabel("Doğrulama kodu").fill(code);
    await p.getByRole("button", { name: "Onayla" }).click();
    await p.waitForURL("**/order/complete?odeme=*");
    await p.getByRole("heading", { name: "Siparişiniz alındı" }).waitFor();

    // the order mail: the code named, the gift note's and the invoice's addresses are links in the HTML part
    const [mail] = await mailTo("yeni.misafir@ornek.com.tr", /Siparişiniz alındı/);
    expect(mail!.html).toContain("İndirim (HOSGELDIN10)");
    expect(mail!.html).toMatch(/<a href="https?:\/\/[^/"]+\/s\/[\w-]+"/);
    expect(mail!.html).toMatch(/<a href="https?:\/\/[^/"]+\/printinvoice\/[^"]+"/);
    await t.close();
  });

  it("a quantity typed in the basket and confirmed with Enter (a phone keyboard's 'Git') is kept, and the totals follow", async () => {
    const t = await openPage(browser, shop.url);
    await addToBasket(t, 10001);
    await t.visit("/basket");
    const lira = (s: string | null) => Number((s ?? "").replace(/[^\d,]/g, "").replace(",", "."));
    const productTotal = () => t.page.locator("dt", { hasText: "Ürün Toplamı" }).locator("xpath=following-sibling::dd[1]").textContent();
    const unit = lira(await productTotal());
    const quantity = () => t.page.getByRole("textbox", { name: /adedi$/ }).first();
    await quantity().fill("3");
    await quantity().press("Enter");
    await expect.poll(async () => lira(await productTotal()), { timeout: 10_000 }).toBeCloseTo(unit * 3, 2);
    await t.page.reload({ waitUntil: "load" });
    await waitForHydration(t.page);
    await expect(quantity().inputValue()).resolves.toBe("3");
    // Enter down to 1 is kept too ('−' came first in the form and took the Enter: 3 became 2)
    await quantity().fill("1");
    await quantity().press("Enter");
    await expect.poll(async () => lira(await productTotal()), { timeout: 10_000 }).toBeCloseTo(unit, 2);
    await expect(quantity().inputValue()).resolves.toBe("1");
    await t.close();
  });

  it("a member's points balance is an amount, never 'Ücretsiz'; cancelling asks first (focus in the dialog, Escape keeps the order)", async () => {
    const t = await openPage(browser, shop.url);
    await t.visit("/auth/login", { axe: false });
    await signIn(t.page, MEMBER.email, MEMBER.password);
    await t.page.waitForURL("**/memberarea/home");
    await waitForHydration(t.page);
    await t.page.getByText("Kullanılabilir puanınız: ₺0,00").waitFor();
    expect(await t.page.getByText(/Kullanılabilir puanınız: Ücretsiz/).count()).toBe(0);

    await t.visit("/memberarea/orders");
    const cancel = t.page.getByRole("button", { name: `${cancellableNumber} numaralı siparişi iptal et` });
    await cancel.click();
    const dialog = t.page.getByRole("dialog", { name: `${cancellableNumber} numaralı sipariş iptal edilsin mi?` });
    await dialog.waitFor();
    await expect(dialog.evaluate((d) => d.contains(document.activeElement))).resolves.toBe(true);
    await t.axe();
    await t.page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await expect(cancel.evaluate((b) => b === document.activeElement)).resolves.toBe(true);
    await t.page.reload({ waitUntil: "load" });
    await waitForHydration(t.page);
    await t.page.getByRole("button", { name: `${cancellableNumber} numaralı siparişi iptal et` }).click();
    await dialog.getByRole("button", { name: "Evet, iptal et" }).click();
    await t.page.getByText(/Siparişiniz iptal edildi/).first().waitFor();
    await t.close();
  });

  it("a guest's 'Siparişimi görüntüle' page shows the order's status, carrier and tracking link after shipping", async () => {
    const t = await openPage(browser, shop.url);
    await t.visit(`/order/complete?siparis=${shippedPublicId}`);
    await t.page.getByRole("heading", { name: "Siparişinizin durumu" }).waitFor();
    await expect(t.page.getByTestId("order-status").textContent()).resolves.toBe("Durum: Kargoya verildi");
    await t.page.getByText("Taşıyıcı: Aras Kargo").waitFor();
    await t.page.getByText(/AR123456789/).first().waitFor();
    const track = t.page.getByRole("link", { name: "Kargo takibi" });
    expect(await track.getAttribute("href")).toContain("AR123456789");
    expect(await t.page.getByRole("heading", { name: "Siparişiniz alındı" }).count()).toBe(0);
    await t.close();
  });

  it("maintenance: customers see the 503 screen; staff sign in and work in /management", async () => {
    const on = await shop.site("maintenance", "on", "--note", "<p>Fırınlarımızı yeniliyoruz.</p>");
    expect(on.code, on.out).toBe(0);
    try {
      const customer = await openPage(browser, shop.url, { allowHttpErrors: [503] });
      // the maintenance screen has no scripts: plain navigations, no hydration to wait for
      const status = async (path: string) => (await customer.page.goto(path, { waitUntil: "load" }))?.status();
      expect(await status("/home")).toBe(503);
      await customer.page.getByText("Fırınlarımızı yeniliyoruz.").waitFor();
      // the sign-in page stays open; a customer who signs in still gets the maintenance screen
      await customer.visit("/auth/login", { axe: false });
      await signIn(customer.page, MEMBER.email, MEMBER.password);
      await customer.page.waitForURL("**/memberarea/home");
      expect(await status("/memberarea/home")).toBe(503);
      await customer.page.getByText("Fırınlarımızı yeniliyoruz.").waitFor();
      expect(await status("/management")).toBe(503);
      expect(await status("/memberarea/orders")).toBe(503);
      await customer.close();

      const staff = await openPage(browser, shop.url, { mobile: false });
      // an anonymous visitor's /management leads to the sign-in page, as outside maintenance
      expect(await staff.visit("/management", { axe: false })).toBe(200);
      expect(new URL(staff.page.url()).pathname).toBe("/auth/login");
      await signIn(staff.page, ADMIN.email, ADMIN.password);
      await staff.page.waitForURL("**/management");
      await waitForHydration(staff.page);
      await staff.page.getByRole("heading", { name: "Yönetim özeti" }).waitFor();
      await staff.page.getByRole("navigation", { name: "Yönetim menüsü" }).getByRole("link", { name: "Siparişler" }).click();
      await staff.page.waitForURL("**/management/orders");
      await staff.page.getByRole("heading", { level: 1 }).waitFor();
      await staff.close();
    } finally {
      const off = await shop.site("maintenance", "off");
      expect(off.code, off.out).toBe(0);
    }
  });
});
