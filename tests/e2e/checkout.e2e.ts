import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { launch, openPage, waitForHydration, type TestPage } from "./browser";
import { startPreparedShop, withShopDb, type RunningShop } from "./server";
import { readOutbox } from "../../app/.server/mail/outbox";
import type { AppContext } from "~/.server/context";
import { users } from "~/.server/db/schema/accounts";
import { testPasswordHash } from "~/.server/accounts/testing";
import * as payments from "~/.server/payments/service";
import { setStock } from "~/.server/catalog/admin";
import { member, readyBasket, savedCard, session } from "./fixtures";

/**
 * The whole purchase in Chromium (issue 8), at a fixed time (Tuesday 09:00 in İstanbul, before the same-day
 * cutoffs): a guest with a same-day door slot and a new card through 3-D Secure; a member picking up at the
 * workshop with a saved card; a guest whose e-mail has an account signs in from the overlay and ships by a
 * chosen carrier. Each ends on the complete page with the confirmation mail in the outbox.
 */
const MEMBER = { email: "kayitli.uye@ornek.com.tr", password: "Kayitli-Uye-2026", name: "Kayıtlı Üye" };

let shop: RunningShop;
let browser: Browser;
let cleanup = () => {};

/** Two members whose ready baskets each hold the last Bitter 90 g (issue 24 §3 in the browser). */
const LAST_ONE = 10006;
const RIVALS = [
  { email: "hizli.uye@ornek.com.tr", name: "Hızlı Üye" },
  { email: "yavas.uye@ornek.com.tr", name: "Yavaş Üye" },
];
const rivalCookies: string[] = [];
const rivalBaskets: number[] = [];

async function prepare(app: AppContext) {
  for (const r of RIVALS) {
    const m = await member(app, r);
    const { pay } = await savedCard(app, m.id, m.email);
    rivalBaskets.push((await readyBasket(app, { sessionId: null, userId: m.id }, { lines: [{ productId: LAST_ONE, quantity: 1 }], pay, email: m.email })).id);
    rivalCookies.push((await session(app, m.id)).cookie);
  }
  const stock = await app.db.transaction((tx) => setStock(app, tx, LAST_ONE, 1));
  if (!stock.ok) throw new Error(stock.error);
  const now = app.clock.now();
  const [u] = await app.db
    .insert(users)
    .values({ email: MEMBER.email, name: MEMBER.name, passwordHash: await testPasswordHash(MEMBER.password), activatedAt: now, createdAt: now, updatedAt: now })
    .returning();
  const r = await payments.saveCardForUser(app, u!.id, MEMBER.email, { number: "4766620000000001", holder: "Kayitli Uye", expMonth: 10, expYear: 2030 });
  if (!r.ok) throw new Error(r.message);
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

async function toDelivery(t: TestPage) {
  await t.visit("/basket", { axe: false });
  await t.page.getByRole("button", { name: "Siparişi Tamamla" }).click();
  await t.page.waitForURL("**/order/delivery");
  await waitForHydration(t.page);
}

async function address(page: Page, a: { city: string; county: string; neighbourhood?: string }) {
  await page.getByLabel("Ad Soyad", { exact: true }).fill("Ayşe Yılmaz");
  await page.getByLabel("İl", { exact: true }).selectOption({ label: a.city });
  await page.getByLabel("İlçe", { exact: true }).locator(`option:text-is("${a.county}")`).waitFor({ state: "attached" });
  await page.getByLabel("İlçe", { exact: true }).selectOption({ label: a.county });
  if (a.neighbourhood) {
    const n = page.getByRole("combobox", { name: /^Mahalle/ });
    await n.locator("option", { hasText: a.neighbourhood }).first().waitFor({ state: "attached" });
    const value = await n.locator("option", { hasText: a.neighbourhood }).first().getAttribute("value");
    await n.selectOption(value!);
  }
  await page.getByLabel("Adres", { exact: true }).fill("Moda Caddesi No 12 Daire 3");
}

async function payWithNewCard(page: Page, email: string) {
  await page.getByLabel("Kart numarası", { exact: true }).fill("5528790000000008");
  await page.getByLabel("Kart üzerindeki isim").fill("Ayse Yilmaz");
  await page.getByLabel("Ay", { exact: true }).selectOption("12");
  await page.getByLabel("Yıl", { exact: true }).selectOption("2030");
  await page.getByLabel("Güvenlik kodu").fill("123");
  await page.getByLabel(/^E-posta adresiniz/).fill(email);
  await page.getByRole("button", { name: "Devam Et" }).click();
}

async function pass3ds(page: Page) {
  await page.waitForURL("**/odeme/3ds/**");
  const code = /(\d{6})/.exec((await page.getByTestId("sandbox-code").textContent()) ?? "")![1]!;
  await page.getByLabel("Doğrulama kodu").fill(code);
  await page.getByRole("button", { name: "Onayla" }).click();
}

describe("checkout", () => {
  it("a guest: same-day door slot, a new card with 3-D Secure, confirmation mail", async () => {
    const t = await openPage(browser, shop.url);
    await addToBasket(t, 20002);
    await toDelivery(t);
    await t.axe();
    // the form's own messages
    await t.page.getByRole("button", { name: "Devam Et" }).click();
    await t.page.getByText("Lütfen geçerli bir teslimat adresi giriniz").first().waitFor();
    await address(t.page, { city: "İstanbul", county: "Kadıköy", neighbourhood: "Caferağa" });
    await t.page.getByLabel("Cep telefonu").fill("05321234567".slice(0, 10));
    await t.page.getByRole("button", { name: "Devam Et" }).click();
    await t.page.getByText("Cep telefonu numarasını başında sıfır olmadan giriniz").first().waitFor();
    await t.page.getByLabel("Cep telefonu").fill("5321234567");
    await t.page.getByLabel(/Standart kurye/).check();
    // 09:00: the 10–12 slot is already closed for today, the afternoon ones are open
    await t.page.getByRole("combobox", { name: "Teslimat saati" }).selectOption("14-16");
    await t.axe();
    await t.page.getByRole("button", { name: "Devam Et" }).click();
    await t.page.waitForURL("**/order/payment");
    await waitForHydration(t.page);
    await t.axe();
    await payWithNewCard(t.page, "misafir.alici@ornek.com.tr");
    const dialog = t.page.getByRole("dialog", { name: "Üye misiniz?" });
    await dialog.waitFor();
    await t.axe();
    await dialog.getByRole("button", { name: "Üye olmadan devam et" }).click();
    await t.page.waitForURL("**/order/confirm");
    await waitForHydration(t.page);
    await t.page.getByText("Ön Bilgilendirme Formu", { exact: true }).first().waitFor();
    await t.axe();
    // the button waits for both agreements
    await t.page.getByLabel("Mesafeli Satış Sözleşmesi'ni okudum, kabul ediyorum.").uncheck();
    await t.page.getByRole("button", { name: "Sözleşme onayı bekleniyor" }).waitFor();
    await t.page.getByLabel("Mesafeli Satış Sözleşmesi'ni okudum, kabul ediyorum.").check();
    // the agreements start unticked (issue 26 §3)
    for (const n of ["onBilgilendirme", "mesafeli"]) await t.page.locator(`input[name="${n}"]`).check();
    await t.page.getByRole("button", { name: "Siparişi Onayla" }).click();
    await pass3ds(t.page);
    await t.page.waitForURL("**/order/complete?odeme=*");
    await t.page.getByRole("heading", { name: "Siparişiniz alındı" }).waitFor();
    const number = /(\d{4}-\d{6})/.exec((await t.page.getByText(/Sipariş numaranız/).textContent()) ?? "")![1]!;
    // the delivery's fee and the paid total each under its own name (the total once read as the courier's fee)
    const amounts = (await t.page.getByTestId("complete-amounts").innerText()).replace(/\s+/g, " ");
    const [, fee, total] = /^Teslimat ücreti (₺[\d.]+,\d\d) Ödenen toplam (₺[\d.]+,\d\d)$/.exec(amounts) ?? [];
    expect(fee && total && fee !== total).toBe(true);
    // the number stays on one line on a phone (it would break at its hyphen)
    expect(await t.page.getByText(number, { exact: true }).evaluate((el) => getComputedStyle(el).whiteSpace)).toBe("nowrap");
    // and the time window is one line box (at 390 px a VIP window broke at its hyphen: "16:00-" / "20:00")
    expect(await t.page.getByText("14:00-16:00", { exact: true }).evaluate((el) => el.getClientRects().length)).toBe(1);
    await t.axe();
    const [mail] = await mailTo("misafir.alici@ornek.com.tr", /Siparişiniz alındı/);
    expect(mail!.subject).toContain(number);
    // the page's figures are the mail's
    expect(mail!.text.replace(/\s+/g, " ")).toMatch(new RegExp(`Teslimat ücreti\\W+${fee!.replace(/[.₺]/g, "\\$&")}`));
    expect(mail!.text.replace(/\s+/g, " ")).toMatch(new RegExp(`Ödenen toplam\\W+${total!.replace(/[.₺]/g, "\\$&")}`));
    expect(mail!.text).not.toMatch(/5528790000000008|\b123\b/);
    // the basket is empty now: the header says so and /order goes home
    await t.visit("/order/delivery", { axe: false });
    expect(new URL(t.page.url()).pathname).toBe("/home");
    t.assertNoErrors();
    await t.close();
  });

  it("a member picks up at the workshop and pays with a saved card", async () => {
    const t = await openPage(browser, shop.url);
    await t.visit("/auth/login", { axe: false });
    const form = t.page.locator("form", { has: t.page.locator('input[name="password"]') });
    await form.locator('input[name="email"]').fill(MEMBER.email);
    await form.locator('input[name="password"]').fill(MEMBER.password);
    await form.getByRole("button", { name: "Giriş Yap" }).click();
    await t.page.waitForURL("**/memberarea/home");
    await addToBasket(t, 10003);
    await toDelivery(t);
    await address(t.page, { city: "Ankara", county: "Çankaya" });
    await t.page.getByLabel("Cep telefonu").fill("5321234567");
    await t.page.getByLabel(/Atölyeden teslim al: Kadıköy/).check();
    await t.page.getByRole("button", { name: "Devam Et" }).click();
    await t.page.getByText("Mağaza teslim saati seçilmelidir").first().waitFor();
    await t.page.getByLabel("Teslim alma saati").selectOption("15:00");
    await t.page.getByRole("button", { name: "Devam Et" }).click();
    await t.page.waitForURL("**/order/payment");
    await waitForHydration(t.page);
    // saved-card mode is on by default for a member with cards
    await t.page.getByRole("radio", { name: /0001/ }).waitFor();
    await expect(t.page.getByLabel(/^E-posta adresiniz/).inputValue()).resolves.toBe(MEMBER.email);
    await t.page.getByRole("button", { name: "Devam Et" }).click();
    await t.page.waitForURL("**/order/confirm");
    await waitForHydration(t.page);
    // the agreements start unticked (issue 26 §3)
    for (const n of ["onBilgilendirme", "mesafeli"]) await t.page.locator(`input[name="${n}"]`).check();
    await t.page.getByRole("button", { name: "Siparişi Onayla" }).click();
    await t.page.waitForURL("**/order/complete?siparis=*");
    await t.page.getByRole("link", { name: /Sipariş numaranız/ }).waitFor();
    await mailTo(MEMBER.email, /Siparişiniz alındı/);
    await t.visit("/memberarea/orders", { axe: false });
    await t.page.locator("main").getByText(/2026-\d{6}/).first().waitFor();
    t.assertNoErrors();
    await t.close();
  });

  it("two members confirm the last one: the slower is told on the confirm step what ran out and that nothing was charged, and is taken to the basket", async () => {
    const [fast, slow] = await Promise.all(
      rivalCookies.map(async (cookie) => {
        const t = await openPage(browser, shop.url);
        const [name, value] = cookie.split("=") as [string, string];
        await t.page.context().addCookies([{ name, value, url: shop.url }]);
        await t.visit("/order/confirm", { axe: false });
        await waitForHydration(t.page);
        for (const n of ["onBilgilendirme", "mesafeli"]) await t.page.locator(`input[name="${n}"]`).check();
        return t;
      }),
    );
    // both saw the confirm step with the last one in it; the first to press gets it
    await fast!.page.getByRole("button", { name: "Siparişi Onayla" }).click();
    await fast!.page.waitForURL("**/order/complete?siparis=*");
    await slow!.page.getByRole("button", { name: "Siparişi Onayla" }).click();
    // told what ran out, in Turkish, inside the screen, and taken where it can be fixed
    const notice = slow!.page.getByTestId("notices").getByText("Sepetinizdeki 'Bitter 90 g' ürününden yeterli stok kalmadı; kartınızdan çekim yapılmadı.", { exact: false });
    await notice.waitFor();
    await slow!.page.waitForURL("**/basket");
    const box = (await notice.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    // no call to the payment provider was made for the slower one's basket (PostgreSQL: the database can be read
    // beside the running shop; on PGlite the process owns it; the 50-buyer race of checkout/service.test.ts counts the provider calls on both)
    if (shop.env.DATABASE_URL) {
      await withShopDb(shop.env, async (app) => {
        expect(await payments.attemptsOfOrder(app, `basket-${rivalBaskets[0]}`)).toHaveLength(1);
        expect(await payments.attemptsOfOrder(app, `basket-${rivalBaskets[1]}`)).toEqual([]);
      });
    }
    fast!.assertNoErrors();
    slow!.assertNoErrors();
    await fast!.close();
    await slow!.close();
  });

  it("a guest whose e-mail has an account signs in from the overlay and ships by a chosen carrier", async () => {
    const t = await openPage(browser, shop.url);
    await addToBasket(t, 10004);
    await toDelivery(t);
    await address(t.page, { city: "İzmir", county: "Karşıyaka" });
    await t.page.getByLabel("Cep telefonu").fill("5321234567");
    await t.page.getByLabel(/Tercih ettiğim kargo firması/).check();
    await t.page.getByRole("button", { name: "Devam Et" }).click();
    await t.page.getByText("Tercih edilen kargo firması seçilmelidir").first().waitFor();
    await t.page.getByLabel("Kargo firması", { exact: true }).selectOption({ index: 1 });
    await t.page.getByRole("button", { name: "Devam Et" }).click();
    await t.page.waitForURL("**/order/payment");
    await waitForHydration(t.page);
    await payWithNewCard(t.page, MEMBER.email);
    const dialog = t.page.getByRole("dialog", { name: "Üye misiniz?" });
    await dialog.waitFor();
    // the same choice as for any guest (issue 23 §3: the step does not say whether the e-mail has an account)
    await expect(dialog.getByRole("tab", { name: "Hızlı Üyelik" }).isDisabled()).resolves.toBe(false);
    await expect(dialog.getByRole("tab", { name: "Üye Girişi" }).getAttribute("aria-selected")).resolves.toBe("true");
    await dialog.getByLabel("Şifre", { exact: true }).fill(MEMBER.password);
    await dialog.getByRole("button", { name: "Giriş Yap" }).click();
    await t.page.waitForURL("**/order/confirm");
    await waitForHydration(t.page);
    // signing in kept the basket and the delivery
    await t.page.getByText("İzmir", { exact: false }).first().waitFor();
    // the card typed before signing in is still in this tab's memory
    // the agreements start unticked (issue 26 §3)
    for (const n of ["onBilgilendirme", "mesafeli"]) await t.page.locator(`input[name="${n}"]`).check();
    await t.page.getByRole("button", { name: "Siparişi Onayla" }).click();
    await pass3ds(t.page);
    await t.page.waitForURL("**/order/complete?odeme=*");
    await t.page.getByRole("heading", { name: "Siparişiniz alındı" }).waitFor();
    t.assertNoErrors();
    await t.close();
  });
});
