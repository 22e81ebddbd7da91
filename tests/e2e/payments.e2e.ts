import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launch, openPage } from "./browser";
import { startPreparedShop, type RunningShop } from "./server";
import type { AppContext } from "~/.server/context";
import * as payments from "~/.server/payments/service";
import * as accounts from "~/.server/accounts/service";
import { TEST_BUYER, testCard } from "~/.server/payments/testing";

/**
 * The buyer's side of 3-D Secure in Chromium: the sandbox bank's page at /odeme/3ds/:id (code shown, wrong code,
 * Onayla, İptal), the verified callback and the result page; and a member's saved cards. Payments are started
 * through the payments service on the shop's own database (checkout, which starts them in the app, comes later).
 */
const ADMIN = { email: "kasa@example.com", password: "Kasa-Defteri-2026" };

let shop: RunningShop;
let browser: Browser;
const started: Record<string, string> = {};

async function prepare(app: AppContext) {
  for (const [name, number] of [
    ["ok", "5528790000000008"],
    ["declined", "4111111111111129"],
    ["cancel", "4766620000000001"],
  ] as const) {
    const r = await payments.startPayment(app, { orderRef: `E2E-${name}`, amount: 24_990, buyer: TEST_BUYER, card: testCard(number) });
    if (r.status !== "challenge") throw new Error(`expected a challenge for ${name}: ${JSON.stringify(r)}`);
    started[name] = r.paymentId;
  }
  const admin = await accounts.findUserByEmail(app, ADMIN.email);
  if (!admin) throw new Error("admin not created");
  await payments.saveCardForUser(app, admin.id, ADMIN.email, { number: "374427000000003", holder: "Kasa", expMonth: 6, expYear: 2031 });
  await payments.saveCardForUser(app, admin.id, ADMIN.email, { number: "9792030000000000", holder: "Kasa", expMonth: 6, expYear: 2031 });
}

let cleanup = () => {};
beforeAll(async () => {
  const env = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  [{ shop, cleanup }, browser] = await Promise.all([startPreparedShop(env, prepare), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  cleanup();
});

describe("3-D Secure in the browser", () => {
  it("a wrong code is refused with the tries left; the shown code completes the payment", async () => {
    const t = await openPage(browser, shop.url);
    expect(await t.visit(`/odeme/3ds/${started.ok}`)).toBe(200);
    await t.page.getByRole("heading", { name: "3-D Secure Doğrulama" }).waitFor();
    await expect(t.page.getByText("₺249,90").count()).resolves.toBe(1);
    const code = /(\d{6})/.exec((await t.page.getByTestId("sandbox-code").textContent()) ?? "")![1]!;
    await t.page.getByLabel("Doğrulama kodu").fill(code === "000000" ? "111111" : "000000");
    await t.page.getByRole("button", { name: "Onayla" }).click();
    await t.page.getByText("Doğrulama kodu hatalı. Kalan deneme hakkınız: 2").waitFor();
    await t.axe();
    await t.page.getByLabel("Doğrulama kodu").fill(code);
    await t.page.getByRole("button", { name: "Onayla" }).click();
    await t.page.waitForURL(/\/odeme\/sonuc\?odeme=/);
    await t.page.getByRole("heading", { name: "Ödemeniz alındı" }).waitFor();
    await expect(t.page.getByText("₺249,90 tutarındaki ödemeniz **** 0008 ile alındı.").count()).resolves.toBe(1);
    await t.axe();
    // the page of a finished challenge, and a replay of the callback, lead to the same result
    await t.visit(`/odeme/3ds/${started.ok}`, { axe: false });
    expect(new URL(t.page.url()).pathname).toBe("/odeme/sonuc");
    t.assertNoErrors();
    await t.close();
  });

  it("a declined card shows the provider's Turkish text", async () => {
    const t = await openPage(browser, shop.url, { mobile: false });
    await t.visit(`/odeme/3ds/${started.declined}`);
    const code = /(\d{6})/.exec((await t.page.getByTestId("sandbox-code").textContent()) ?? "")![1]!;
    await t.page.getByLabel("Doğrulama kodu").fill(code);
    await t.page.getByRole("button", { name: "Onayla" }).click();
    await t.page.getByRole("heading", { name: "Ödeme alınamadı" }).waitFor();
    await expect(t.page.getByText("Ödeme alınamadı: Kart limiti yetersiz, yetersiz bakiye").count()).resolves.toBe(1);
    await t.axe();
    t.assertNoErrors();
    await t.close();
  });

  it("İptal ends the challenge without payment, and works before JavaScript", async () => {
    const t = await openPage(browser, shop.url);
    await t.page.route("**/*.js", (route) => route.abort());
    await t.page.goto(`/odeme/3ds/${started.cancel}`);
    await t.page.getByRole("button", { name: "İptal" }).click();
    await t.page.waitForURL(/\/odeme\/sonuc\?odeme=/);
    await expect(t.page.getByText("Ödeme alınamadı: 3-D Secure doğrulaması tamamlanamadı").count()).resolves.toBe(1);
    await t.close();
  });

  it("a forged callback is refused and an unknown payment is not found", async () => {
    const forged = await fetch(`${shop.url}/odeme/3ds/${started.cancel}/callback?status=success&mdStatus=1&paymentId=x&signature=${"0".repeat(64)}`, { redirect: "manual" });
    expect(forged.status).toBe(303); // already finished: the stored outcome, nothing charged
    const unknown = await fetch(`${shop.url}/odeme/3ds/yok-boyle-bir-odeme`, { redirect: "manual" });
    expect(unknown.status).toBe(404);
  });
});

describe("saved cards in the member area", () => {
  it("lists logo, type and last four, and deletes a card", async () => {
    const t = await openPage(browser, shop.url);
    await t.visit("/memberarea/cards", { axe: false });
    expect(new URL(t.page.url()).pathname).toBe("/auth/login");
    const form = t.page.locator("form", { has: t.page.locator('input[name="password"]') });
    await form.locator('input[name="email"]').fill(ADMIN.email);
    await form.locator('input[name="password"]').fill(ADMIN.password);
    await form.getByRole("button", { name: "Giriş Yap" }).click();
    await t.page.waitForURL(/\/memberarea\/cards/);
    await t.page.getByRole("heading", { name: "Kayıtlı Kartlarım" }).waitFor();
    await t.axe();
    await expect(t.page.getByRole("img", { name: "American Express logosu" }).count()).resolves.toBe(1);
    await expect(t.page.getByText("**** 0003").count()).resolves.toBe(1);
    await expect(t.page.getByText("**** 0000").count()).resolves.toBe(1);
    await t.page.getByRole("button", { name: "Troy **** 0000 kartını sil" }).click();
    await t.page.getByText("Kartınız silindi").first().waitFor();
    // the notice may come before the list reloads: wait for the card to go
    await t.page.getByText("**** 0000").waitFor({ state: "detached" });
    await expect(t.page.getByText("**** 0003").count()).resolves.toBe(1);
    t.assertNoErrors();
    await t.close();
  });
});
