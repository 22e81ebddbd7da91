import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { eq } from "drizzle-orm";
import { launch, openPage, waitForHydration } from "./browser";
import { startPreparedShop, type RunningShop } from "./server";
import { member, placeWithSavedCard, readyBasket, savedCard } from "./fixtures";
import { readOutbox } from "../../app/.server/mail/outbox";
import type { AppContext } from "~/.server/context";
import { users } from "~/.server/db/schema/accounts";
import { orders } from "~/.server/db/schema/orders";
import { testPasswordHash } from "~/.server/accounts/testing";
import * as management from "~/.server/management/service";

/**
 * e-Arşiv invoices (issue 26 §2) in Chromium: staff ship a member's order from the order page; the buyer's mail
 * carries the invoice (number, ETTN, the signed link to its readable copy, which opens without signing in); the
 * member opens the copy from the member area on a 390 × 844 phone, and it fits 390 and 360 px wide.
 */
const ADMIN = { email: "yonetici@kurabiye.test", password: "Yonetici-Sifresi-2026" };
const MEMBER = { email: "fatura.alici@ornek.com.tr", password: "Fatura-Alici-2026", name: "Fatura Alıcı" };

let shop: RunningShop;
let browser: Browser;
let cleanup = () => {};
let orderNumber = "";
let publicId = "";

async function prepare(app: AppContext) {
  const m = await member(app, { ...MEMBER });
  const card = await savedCard(app, m.id, m.email);
  const b = await readyBasket(app, { sessionId: randomUUID(), userId: m.id }, { lines: [{ productId: 10003, quantity: 2 }], pay: card.pay, email: m.email, fullName: MEMBER.name });
  publicId = await placeWithSavedCard(app, b, m.id);
  orderNumber = (await app.db.select({ n: orders.orderNumber }).from(orders).where(eq(orders.publicId, publicId)))[0]!.n;
  const staff = { id: 0, name: "Test", email: "test@kurabiye.test", role: "admin" as const, actor: "test" };
  for (const to of ["preparing", "ready"] as const) {
    const r = await management.changeStatus(app, staff, orderNumber, { to, reason: "", carrier: "", trackingNumber: "", confirm: false });
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

async function signIn(page: Page, email: string, password: string) {
  const form = page.locator("form", { has: page.locator('input[name="password"]') });
  const emailField = form.locator('input[name="email"]');
  if ((await emailField.getAttribute("readonly")) === null) await emailField.fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.getByRole("button", { name: "Giriş Yap" }).click();
}

async function mailTo(to: string, subject: RegExp) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = (await readOutbox(join(shop.dataDir, "outbox"))).filter((m) => m.to.includes(to) && subject.test(m.subject));
    if (found.length) return found;
    if (Date.now() > deadline) throw new Error(`no mail ${subject} to ${to}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

let invoiceNumber = "";

describe("e-Arşiv invoice", () => {
  it("staff ship the order; the buyer's mail has the invoice and its link opens the readable copy", async () => {
    const t = await openPage(browser, shop.url, { mobile: false });
    await t.visit(`/management/orders/${orderNumber}`, { axe: false });
    await signIn(t.page, ADMIN.email, ADMIN.password);
    await t.page.waitForURL(`**/management/orders/${orderNumber}`);
    await waitForHydration(t.page);
    await t.page.getByRole("heading", { name: "e-Arşiv faturalar" }).waitFor();
    await t.page.getByText("Henüz fatura düzenlenmedi.").waitFor();
    await t.page.getByLabel("Yeni durum").selectOption({ label: "Kargoya verildi" });
    await t.page.getByLabel("Kargo firması").selectOption({ label: "Aras Kargo" });
    await t.page.getByLabel("Takip numarası").fill("AR123456789");
    await t.page.getByRole("button", { name: "Durumu değiştir" }).click();
    await t.page.getByText("Sipariş durumu 'Kargoya verildi' olarak güncellendi.").first().waitFor();
    const item = t.page.getByTestId("earsiv-invoice");
    await item.waitFor();
    invoiceNumber = /KRB2026\d{9}/.exec((await item.textContent()) ?? "")![0];
    await t.axe();
    await t.close();

    const [mail] = await mailTo(MEMBER.email, /^e-Arşiv faturanız: /);
    expect(mail!.subject).toBe(`e-Arşiv faturanız: ${invoiceNumber} (sipariş ${orderNumber})`);
    expect(mail!.text).toMatch(/ETTN:\s*[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/);
    const link = new RegExp(`https?://[^\\s"<>]+/efatura/${publicId}\\?exp=\\d+&(amp;)?sig=[\\w-]+`).exec(mail!.html)![0].replace(/&amp;/g, "&");
    // the link works without signing in
    const guest = await openPage(browser, shop.url);
    await guest.visit(new URL(link).pathname + new URL(link).search);
    await guest.page.getByRole("heading", { level: 1, name: "e-Arşiv Fatura" }).waitFor();
    expect(await guest.page.getByTestId("earsiv-number").textContent()).toBe(invoiceNumber);
    await guest.page.getByText("İrsaliye yerine geçer.").waitFor();
    await guest.close();
    // without the signature: 404
    expect((await fetch(`${shop.url}/efatura/${publicId}`)).status).toBe(404);
    expect((await fetch(`${shop.url}/efatura/${orderNumber}`)).status).toBe(404);
  });

  it("the member opens the copy from the member area on a 390 × 844 phone; it fits 390 and 360 px", async () => {
    const t = await openPage(browser, shop.url);
    await t.visit("/memberarea/orders", { axe: false });
    await signIn(t.page, MEMBER.email, MEMBER.password);
    await t.page.waitForURL("**/memberarea/orders");
    await waitForHydration(t.page);
    const link = t.page.getByRole("link", { name: `${orderNumber} numaralı siparişin e-Arşiv faturasını aç (yeni sekmede açılır)` });
    const href = await link.getAttribute("href");
    expect(href).toBe(`/efatura/${orderNumber}`);
    await t.visit(href!);
    await t.page.getByRole("heading", { level: 1, name: "e-Arşiv Fatura" }).waitFor();
    const copy = t.page.getByTestId("earsiv-copy");
    await copy.getByText("EARSIVFATURA").waitFor();
    await copy.getByText("Teslimat ücreti").first().waitFor();
    await copy.getByText("Aras Kargo").waitFor();
    expect(await t.page.getByTestId("earsiv-ettn").textContent()).toMatch(/^[0-9a-f-]{36}$/);
    expect(await t.page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await t.page.setViewportSize({ width: 360, height: 780 });
    expect(await t.page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    await t.close();
  });
});
