import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { Browser, Locator, Page } from "playwright-core";
import { launch, openPage, type TestPage } from "./browser";
import { startPreparedShop, type RunningShop } from "./server";
import { member, placeWithSavedCard, readyBasket, savedCard, session, type Visitor } from "./fixtures";
import type { AppContext } from "~/.server/context";

/**
 * Issue 29: a purchase and a cancellation with the keyboard alone. After the first page load the test only
 * presses keys (keyboard.press / keyboard.type; no click, no fill), and after every key press it checks that the
 * focus is on a control that is on screen, not under the fixed header or the bottom message bar, and drawn with a
 * focus ring. Phone-sized window; the green bottom message is on, as in the seeded shop.
 */
const NOW = "2026-11-24T09:00:00+03:00";
const GUEST_EMAIL = "klavye.alici@ornek.com.tr";

let shop: RunningShop;
let browser: Browser;
let cleanup = () => {};
const who = { member: null as unknown as Visitor };

async function prepare(app: AppContext) {
  const m = await member(app, { email: "klavye.uye@ornek.com.tr", name: "Klavye Üyesi", password: "Klavye-Uye-2026" });
  const card = await savedCard(app, m.id, m.email);
  const ready = await readyBasket(app, { sessionId: randomUUID(), userId: m.id }, { lines: [{ productId: 10001, quantity: 2 }], pay: card.pay, email: m.email });
  await placeWithSavedCard(app, ready, m.id);
  who.member = await session(app, m.id);
}

beforeAll(async () => {
  [{ shop, cleanup }, browser] = await Promise.all([startPreparedShop({ SHOP_NOW: NOW }, prepare, { shopNow: NOW }), launch()]);
  const r = await shop.site("message", "--bottom", "Hediyenizle birlikte resim, müzik, video gönderebilirsiniz!");
  expect(r.code, r.out).toBe(0);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  cleanup();
});

interface FocusState {
  ok: boolean;
  what: string;
  why: string[];
}

/** Where the focus is and whether a sighted keyboard user can see it. */
async function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const why: string[] = [];
    if (!el || el === document.body || el === document.documentElement) return { ok: false, what: "body", why: ["the focus is on the page body"] };
    const label = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 50);
    const what = `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}> ${label}`;
    const r = el.getBoundingClientRect();
    const cs = getComputedStyle(el);
    const ring = (cs.outlineStyle !== "none" && parseFloat(cs.outlineWidth) >= 1) || (cs.boxShadow !== "none" && cs.boxShadow !== "");
    if (!ring) why.push("no focus ring (outline and box-shadow are none)");
    if (r.width < 1 || r.height < 1) why.push("it has no size");
    if (r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth) why.push(`outside the window (${Math.round(r.top)}..${Math.round(r.bottom)})`);
    // what a finger would touch at the control's centre and near its top and bottom edges, notices aside
    const x = Math.min(Math.max(r.left + r.width / 2, 1), innerWidth - 1);
    const ys = [r.top + r.height / 2, r.top + Math.min(4, r.height / 2), r.bottom - Math.min(4, r.height / 2)].map((y) => Math.min(Math.max(y, 1), innerHeight - 1));
    const notices = document.querySelector('[data-testid="notices"]');
    for (const y of ys) {
      const hit = document.elementsFromPoint(x, y).find((h) => !notices?.contains(h));
      const own = hit && (hit === el || el.contains(hit) || [...((el as HTMLInputElement).labels ?? [])].some((l) => l.contains(hit)));
      if (!own) {
        const cover = hit?.closest("header, [role=region], [role=status], dialog, [role=dialog]");
        why.push(`covered at y=${Math.round(y)} by <${hit?.tagName.toLowerCase()}> ${cover ? `in <${cover.tagName.toLowerCase()} ${cover.getAttribute("aria-label") ?? ""}>` : ""}`);
        break;
      }
    }
    return { ok: why.length === 0, what, why };
  });
}

/** Keys pressed so far and the focus after each one (for the failure message). */
class Keyboard {
  log: string[] = [];
  constructor(readonly page: Page) {}

  /** Presses a key and checks the focus it leaves. */
  async press(key: string) {
    await this.page.keyboard.press(key);
    await this.settle();
    await this.expectVisibleFocus(key);
  }

  /** Types text into the focused control (one key press per character) and checks the focus. */
  async type(text: string) {
    await this.page.keyboard.type(text, { delay: 10 });
    await this.settle();
    await this.expectVisibleFocus(`type "${text}"`);
  }

  /** Presses Tab (or Shift+Tab) until `target` has the focus, checking every control passed on the way. */
  async tabTo(target: Locator, opts: { back?: boolean; max?: number } = {}) {
    for (let i = 0; i < (opts.max ?? 80); i++) {
      if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
      await this.press(opts.back ? "Shift+Tab" : "Tab");
    }
    throw new Error(`Tab never reached ${target}\n${this.log.slice(-15).join("\n")}`);
  }

  async expectVisibleFocus(step: string) {
    const s = await focusState(this.page);
    this.log.push(`${step} → ${s.what}${s.ok ? "" : ` ✗ ${s.why.join("; ")}`}`);
    expect(s.ok, `after ${step} on ${this.page.url()}: ${s.what}: ${s.why.join("; ")}\n${this.log.slice(-12).join("\n")}`).toBe(true);
  }

  /** Lets a page change, a fetch answer or a dialog settle (no input is sent). */
  async settle() {
    await this.page.waitForLoadState("domcontentloaded");
    await this.page.waitForFunction(() => !document.querySelector('[aria-busy="true"]') && document.documentElement.dataset.hydrated === "1", null, { timeout: 15_000 });
  }

  /**
   * Presses the key that submits or follows a link and checks the focus on the page it leads to. The page being
   * left is not checked: while it waits for the server its progress overlay may cover the pressed button, by design.
   */
  async leave(key: string, url: string) {
    await this.page.keyboard.press(key);
    this.log.push(`${key} → leaving for ${url}`);
    await newPage(this, url);
  }

  async isFocused(target: Locator) {
    return target.evaluate((el) => el === document.activeElement);
  }
}

/** A page reached without a reload: its main heading has the focus (visible and ringed). */
async function newPage(k: Keyboard, url: string) {
  await k.page.waitForURL(url);
  await k.page.waitForFunction(() => document.activeElement?.tagName === "H1" && document.getElementById("main")?.contains(document.activeElement), null, { timeout: 15_000 });
  await k.settle();
  await k.expectVisibleFocus(`new page ${url}`);
}

/**
 * Picks a select's option as a keyboard user does: by typing its first letters (the browser's type-ahead) when
 * they are on the keyboard, else with the arrow keys.
 */
async function typeAhead(k: Keyboard, select: Locator, text: string, label: string) {
  const chosen = () => select.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent?.trim());
  if (/^[\x20-\x7e]+$/.test(text)) {
    await k.page.keyboard.type(text, { delay: 30 });
    await k.settle();
  } else {
    for (let i = 0; i < 100 && (await chosen()) !== label; i++) await k.press("ArrowDown");
  }
  await expect(chosen()).resolves.toBe(label);
  await k.expectVisibleFocus(`choose "${label}"`);
}

describe("a purchase with the keyboard alone", () => {
  it("guest: product → basket → delivery (an empty submit first) → payment → 'Üye misiniz?' (Escape, then again) → confirm → 3-D Secure → complete", async () => {
    const t: TestPage = await openPage(browser, shop.url);
    const { page } = t;
    await t.visit("/product/10001");
    const k = new Keyboard(page);

    // product: Enter on 'SEPETE EKLE' adds; the button keeps the focus and the notice is said in the live region
    const add = page.getByRole("button", { name: "SEPETE EKLE" });
    await k.tabTo(add);
    await k.press("Enter");
    const region = page.getByRole("status", { name: "Bildirimler" });
    await region.getByText("Ürün sepetinize eklendi").waitFor();
    await expect(region.getAttribute("aria-live")).resolves.toBe("polite");
    await k.settle();
    expect(await k.isFocused(add)).toBe(true);
    await k.expectVisibleFocus("after the add");

    // back up to the header's basket icon, Enter opens the basket; the new page starts at its heading
    await k.tabTo(page.getByRole("link", { name: /^Sepet, \d+ ürün/ }), { back: true });
    await k.leave("Enter", "**/basket");

    // the '+' of the line: the quantity change is said; the button keeps the focus
    const plus = page.getByRole("button", { name: /adedini artır$/ }).first();
    await k.tabTo(plus);
    await k.press("Enter");
    await region.getByText(/sepetteki adet 2/).waitFor({ state: "attached" });
    expect(await k.isFocused(plus)).toBe(true);

    await k.tabTo(page.getByRole("button", { name: "Siparişi Tamamla" }));
    await k.leave("Enter", "**/order/delivery");

    // an empty submit: the focus goes to the first field at fault, its message tied to it
    const submit = page.getByRole("button", { name: "Devam Et" });
    await k.tabTo(submit);
    await k.press("Enter");
    const fullName = page.getByLabel("Ad Soyad", { exact: true });
    await page.waitForFunction(() => document.activeElement?.getAttribute("aria-invalid") === "true");
    expect(await k.isFocused(fullName)).toBe(true);
    const described = await fullName.evaluate((el) =>
      (el.getAttribute("aria-describedby") ?? "")
        .split(" ")
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" "),
    );
    expect(described).toMatch(/\S/);
    await k.expectVisibleFocus("after the empty submit");

    await k.type("Ayşe Yılmaz");
    const city = page.getByLabel("İl", { exact: true });
    await k.tabTo(city);
    await typeAhead(k, city, "Ankara", "Ankara");
    const county = page.getByLabel("İlçe", { exact: true });
    await page.waitForFunction(() => {
      const s = [...document.querySelectorAll("select")].find((x) => x.labels?.[0]?.textContent?.trim() === "İlçe");
      return s && !s.disabled && s.options.length > 1;
    });
    await k.tabTo(county);
    await typeAhead(k, county, "Çankaya", "Çankaya");
    // the options for Çankaya arrive and are announced
    await region.getByText("Teslimat seçenekleri güncellendi.").waitFor({ state: "attached" });
    await k.tabTo(page.getByLabel("Adres", { exact: true }));
    await k.type("Atatürk Bulvarı No 12 Daire 3");
    await k.tabTo(page.getByLabel("Cep telefonu"));
    await k.type("5321234567");
    // into the delivery options: Tab lands on a radio, the arrows move to standard shipping (and choose it)
    await k.tabTo(page.locator('input[name="option"]').first());
    for (let i = 0; i < 15 && !(await page.locator("#opt-Standart").evaluate((el) => el === document.activeElement)); i++) await k.press("ArrowUp");
    await k.press("Space");
    await expect(page.locator("#opt-Standart").isChecked()).resolves.toBe(true);
    await k.tabTo(submit);
    await k.leave("Enter", "**/order/payment");

    // payment: a new card, typed
    await k.tabTo(page.getByLabel("Kart numarası", { exact: true }));
    await k.type("5528790000000008");
    await k.tabTo(page.getByLabel("Kart üzerindeki isim"));
    await k.type("Ayse Yilmaz");
    const month = page.getByLabel("Ay", { exact: true });
    await k.tabTo(month);
    await typeAhead(k, month, "12", "12");
    const year = page.getByLabel("Yıl", { exact: true });
    await k.tabTo(year);
    await typeAhead(k, year, "2030", "2030");
    await k.tabTo(page.getByLabel("Güvenlik kodu"));
    await k.type("123");
    await k.tabTo(page.getByLabel(/^E-posta adresiniz/));
    await k.type(GUEST_EMAIL);
    const next = page.getByRole("button", { name: "Devam Et" });
    await k.tabTo(next);
    await k.press("Enter");

    // 'Üye misiniz?': the focus is inside; Escape closes it and gives the focus back to 'Devam Et'
    const dialog = page.getByRole("dialog", { name: "Üye misiniz?" });
    await dialog.waitFor();
    await k.settle();
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await k.expectVisibleFocus("overlay open");
    await k.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await k.isFocused(next)).toBe(true);
    await k.expectVisibleFocus("overlay closed");

    // again, and on as a guest
    await k.press("Enter");
    await dialog.waitFor();
    await k.settle();
    await k.tabTo(dialog.getByRole("button", { name: "Üye olmadan devam et" }));
    await k.leave("Enter", "**/order/confirm");

    // the agreements start unticked (issue 26 §3): ticked with Space
    for (const n of ["onBilgilendirme", "mesafeli"]) {
      await k.tabTo(page.locator(`input[name="${n}"]`));
      await k.press("Space");
    }
    await k.tabTo(page.getByRole("button", { name: "Siparişi Onayla" }));
    await k.press("Enter");
    await page.waitForURL("**/odeme/3ds/**");
    await k.settle();
    const code = /(\d{6})/.exec((await page.getByTestId("sandbox-code").textContent()) ?? "")![1]!;
    await k.tabTo(page.getByLabel("Doğrulama kodu"));
    await k.type(code);
    await k.press("Enter");
    await page.waitForURL("**/order/complete?odeme=*");
    await page.getByRole("heading", { name: "Siparişiniz alındı" }).waitFor();
    await k.settle();
    // a reloaded page starts on the body: the first Tab lands on a visible control
    const focused = await focusState(page);
    if (!focused.ok) await k.press("Tab");
    else await k.expectVisibleFocus("complete page");
    await t.close();
  }, 240_000);

  it("member: cancels an order before baking, answering a confirmation if one is asked", async () => {
    const t = await openPage(browser, shop.url);
    const [name, value] = who.member.cookie.split("=") as [string, string];
    await t.page.context().addCookies([{ name, value, url: shop.url, httpOnly: true, sameSite: "Lax" }]);
    await t.visit("/memberarea/orders");
    const k = new Keyboard(t.page);
    const cancel = t.page.getByRole("button", { name: /numaralı siparişi iptal et$|numaralı sipariş iptal edilsin mi\?$/ }).first();
    await k.tabTo(cancel);
    await k.press("Enter");
    // a confirmation step (a dialog) is answered with its confirm button
    const dialog = t.page.locator("dialog[open], [role=dialog]").filter({ visible: true });
    await Promise.race([dialog.first().waitFor({ timeout: 10_000 }).catch(() => {}), t.page.getByText(/Siparişiniz iptal edildi/).first().waitFor({ timeout: 10_000 }).catch(() => {})]);
    if (await dialog.count()) {
      await k.settle();
      await k.expectVisibleFocus("confirmation open");
      await k.tabTo(dialog.first().getByRole("button", { name: /iptal|evet|onayla/i }).last());
      await k.press("Enter");
    }
    await t.page.getByText(/Siparişiniz iptal edildi/).first().waitFor();
    await cancel.waitFor({ state: "detached" });
    await k.settle();
    // the cancel button is gone with the answer: the focus is on the answer, not on the body
    await k.expectVisibleFocus("after the cancellation");
    await expect(t.page.evaluate(() => document.activeElement?.textContent ?? "")).resolves.toMatch(/Siparişiniz iptal edildi/);
    await t.close();
  }, 180_000);
});
