import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { launch, openPage, waitForHydration } from "./browser";
import { startPreparedShop, type RunningShop } from "./server";
import { readOutbox } from "../../app/.server/mail/outbox";
import type { AppContext } from "~/.server/context";
import * as consent from "~/.server/consent/service";
import { member, readyBasket, savedCard } from "./fixtures";

/**
 * Issue 26 §3 and §4 in Chromium on a 390 × 844 phone: the confirm step's boxes start unticked, the order is
 * placed, the accepted contracts are reachable from the mail's link, the member area and the guest's order page;
 * a marketing consent given at sign-up, and a marketing mail's one-click link that withdraws a consent.
 */
const BUYER = { email: "sozlesme.alici@ornek.com.tr", password: "Sozlesme-Alici-2026", name: "Sözleşme Alıcı" };
const SUBSCRIBER = { email: "abone.uye@ornek.com.tr", password: "Abone-Uye-2026", name: "Abone Üye" };
const NEWCOMER = { email: "yeni.uye@ornek.com.tr", password: "Yeni-Uye-2026-x", name: "Yeni Üye" };

let shop: RunningShop;
let browser: Browser;
let cleanup = () => {};

async function prepare(app: AppContext) {
  const m = await member(app, BUYER);
  const card = await savedCard(app, m.id, m.email);
  await readyBasket(app, { sessionId: randomUUID(), userId: m.id }, { lines: [{ productId: 10003, quantity: 2 }], pay: card.pay, email: m.email });
  // a subscriber who gets a marketing mail (there is no campaign sender yet: the mail is queued as one would be)
  const s = await member(app, SUBSCRIBER);
  await consent.record(app, app.db, { email: s.email, status: "granted", source: "memberarea", ip: "127.0.0.1", userId: s.id });
  await consent.queueMarketingMail(app, app.db, { to: s.email, subject: "Kış kutuları geldi", heading: "Kış kutuları geldi", paragraphs: ["Yeni kutularımıza göz atın."] });
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
    if (found.length) return found[0]!;
    if (Date.now() > deadline) throw new Error(`no mail ${subject} to ${to}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function signIn(page: Page, email: string, password: string) {
  const form = page.locator("form", { has: page.locator('input[name="password"]') });
  const emailField = form.locator('input[name="email"]');
  if ((await emailField.getAttribute("readonly")) === null) await emailField.fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.getByRole("button", { name: "Giriş Yap" }).click();
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

describe("contracts delivered and kept (issue 26 §3)", () => {
  it("unticked boxes at confirm; the order placed; the contracts in the mail's link, the member area and the guest's order page", async () => {
    const t = await openPage(browser, shop.url);
    const p = t.page;
    await t.visit("/auth/login", { axe: false });
    await signIn(p, BUYER.email, BUYER.password);
    await p.waitForURL((u) => !u.pathname.startsWith("/auth/login"));
    await t.visit("/order/confirm");
    await waitForHydration(p);
    const preInfo = p.locator('input[name="onBilgilendirme"]');
    const contract = p.locator('input[name="mesafeli"]');
    const button = p.getByRole("button", { name: /Sözleşme onayı bekleniyor|Siparişi Onayla/ });
    expect(await preInfo.isChecked()).toBe(false);
    expect(await contract.isChecked()).toBe(false);
    expect((await button.textContent())?.trim()).toBe("Sözleşme onayı bekleniyor");
    expect(await button.isDisabled()).toBe(true);
    await preInfo.check();
    expect((await button.textContent())?.trim()).toBe("Sözleşme onayı bekleniyor");
    await contract.check();
    expect((await button.textContent())?.trim()).toBe("Siparişi Onayla");
    await p.screenshot({ path: "test-results/kvkk-confirm.png", fullPage: false });
    await button.click();
    await p.waitForURL("**/order/complete**", { timeout: 20_000 });
    const orderNumber = (await p.getByText(/\d{4}-\d{6}/).first().textContent())!.match(/\d{4}-\d{6}/)![0];

    // the confirmation mail: both documents attached, and a signed link that works without signing in
    const mail = await mailTo(BUYER.email, new RegExp(orderNumber));
    const raw = readdirSync(join(shop.dataDir, "outbox"))
      .map((f) => readFileSync(join(shop.dataDir, "outbox", f), "utf8"))
      .find((x) => x.includes(`on-bilgilendirme-formu-${orderNumber}.html`));
    expect(raw).toContain(`mesafeli-satis-sozlesmesi-${orderNumber}.html`);
    const link = /https?:\/\/\S+\/ordercontracts\/\S+/.exec(mail.text)![0];
    const stranger = await openPage(browser, shop.url);
    expect(await stranger.visit(pathOf(link))).toBe(200);
    await stranger.page.getByRole("heading", { name: "Ön Bilgilendirme Formu" }).waitFor();
    await stranger.page.getByRole("heading", { name: "Mesafeli Satış Sözleşmesi" }).waitFor();
    expect(await stranger.page.getByTestId("contracts-meta").textContent()).toContain(`Sipariş no: ${orderNumber} · Metin sürümü: 2026-11-25`);
    expect(await stranger.page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await stranger.page.screenshot({ path: "test-results/kvkk-contracts.png", fullPage: false });
    // the same page without the signature: nothing
    expect(await (await fetch(`${shop.url}/ordercontracts/${orderNumber}`)).status).toBe(404);

    // the member area links the page
    await t.visit("/memberarea/orders");
    await p.getByRole("link", { name: `${orderNumber} numaralı siparişin sözleşmeleri` }).click();
    await p.waitForURL(`**/ordercontracts/${orderNumber}`);
    await p.getByRole("heading", { name: "Mesafeli Satış Sözleşmesi" }).waitFor();
    expect(await p.locator("main").textContent()).toContain("Unvan: ÖRNEK Kurabiye Atölyesi");

    // the guest's order page (the mail's button for a guest) offers a fresh signed link
    const guestPage = /siparis=([\w-]+)/.exec(readFileSync(join(shop.dataDir, "outbox", (await mailTo(BUYER.email, new RegExp(orderNumber))).file), "utf8"));
    const publicId = new URL(link).pathname.split("/").pop()!;
    const guest = await openPage(browser, shop.url);
    await guest.visit(`/order/complete?siparis=${guestPage?.[1] ?? publicId}`, { axe: false });
    await guest.page.getByRole("link", { name: "Sözleşmeler" }).click();
    await guest.page.getByRole("heading", { name: "Ön Bilgilendirme Formu" }).waitFor();
  });
});

describe("marketing consent (issue 26 §4)", () => {
  it("sign-up offers an unticked opt-in beside the privacy notice; ticked, it shows as given in the member area", async () => {
    const t = await openPage(browser, shop.url);
    const p = t.page;
    await t.visit("/auth/login");
    const box = p.locator('input[name="marketing"]');
    expect(await box.isChecked()).toBe(false);
    await p.getByTestId("privacy-notice").first().getByRole("link", { name: "Aydınlatma Metni" }).waitFor();
    await p.locator('input[name="frmEmail"]').fill(NEWCOMER.email);
    await p.locator('input[name="frmPass1"]').fill(NEWCOMER.password);
    await p.locator('input[name="frmPass2"]').fill(NEWCOMER.password);
    await p.locator('input[name="frmName"]').fill(NEWCOMER.name);
    await box.check();
    await p.getByRole("button", { name: "Üye Ol" }).click();
    await p.getByText("Kayıt başarıyla tamamlandı, lütfen aktivasyon için posta kutunuzu kontrol edin").waitFor();
    const mail = await mailTo(NEWCOMER.email, /Üyeliğinizi etkinleştirin/);
    await t.visit(/https?:\/\/[^/\s]+(\/activation\/[\w-]+)/.exec(mail.text)![1]!, { axe: false });
    await p.getByText("Aktivasyon başarıyla tamamlandı, teşekkürler!").waitFor();
    await t.visit("/memberarea/home", { axe: false });
    await signIn(p, NEWCOMER.email, NEWCOMER.password);
    await p.waitForURL("**/memberarea/home");
    expect(await p.getByTestId("marketing-state").textContent()).toBe("Kampanya e-postaları: açık");
  });

  it("a marketing mail's one-click link withdraws the consent; the member area then shows it off", async () => {
    const mail = await mailTo(SUBSCRIBER.email, /Kış kutuları geldi/);
    // headers as written (long ones folded onto the next line)
    const raw = readFileSync(join(shop.dataDir, "outbox", mail.file), "utf8").replace(/\r?\n[ \t]+/g, " ");
    expect(raw).toMatch(/^List-Unsubscribe: <https?:\/\/\S+\/iletisim-izni\/ayril\?e=/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const link = /https?:\/\/\S+\/iletisim-izni\/ayril\S+/.exec(mail.text)![0];
    const t = await openPage(browser, shop.url);
    expect(await t.visit(pathOf(link))).toBe(200);
    expect(await t.page.getByTestId("unsubscribe-result").textContent()).toContain("kampanya e-postası gönderimi durduruldu");
    expect(await t.page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await t.page.screenshot({ path: "test-results/kvkk-unsubscribe.png", fullPage: false });
    await t.visit("/memberarea/home", { axe: false });
    await signIn(t.page, SUBSCRIBER.email, SUBSCRIBER.password);
    await t.page.waitForURL("**/memberarea/home");
    expect(await t.page.getByTestId("marketing-state").textContent()).toBe("Kampanya e-postaları: kapalı");
    // a forged link does nothing
    const forged = await openPage(browser, shop.url, { allowHttpErrors: [400] });
    expect(await forged.visit(`/iletisim-izni/ayril?e=${encodeURIComponent(SUBSCRIBER.email)}&sig=${"A".repeat(43)}`, { axe: false })).toBe(400);
  });
});
