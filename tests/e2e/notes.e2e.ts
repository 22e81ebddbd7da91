import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { launch, openPage, waitForHydration } from "./browser";
import { startPreparedShop, type RunningShop } from "./server";
import type { AppContext } from "~/.server/context";
import { users } from "~/.server/db/schema/accounts";
import { testPasswordHash } from "~/.server/accounts/testing";
import * as basket from "~/.server/basket/service";
import * as catalog from "~/.server/catalog/service";
import * as checkout from "~/.server/checkout/service";
import * as flows from "~/.server/flows/place-order";
import * as geo from "~/.server/geo/service";
import * as notes from "~/.server/notes/service";
import * as orders from "~/.server/orders/service";
import * as payments from "~/.server/payments/service";
import * as printing from "~/.server/printing/service";
import { parseDeliveryForm } from "~/shared/checkout-forms";
import { shownDates } from "~/shared/delivery-choice";

/**
 * Gift notes and printables in Chromium (issue 10): a member's order with a note and a media link (placed through
 * the checkout services with a saved card) → the recipient's page with the overlay → 'MESAJI BİR DAHA GÖSTERME'
 * → a reload shows no overlay; the printed note's controls and its one-page A6 PDF; the invoice with three copies
 * on one A4 page; and who may open the print pages.
 */
const NOW = "2026-11-24T09:00:00+03:00";
const MEMBER = { email: "hediye.gonderen@ornek.com.tr", password: "Hediye-Gonderen-2026", name: "Hediye Gönderen" };
const NOTE = "İyi ki doğdun Elif!\n<script>alert('x')</script> javascript:alert(1)";
const LINK = "https://www.youtube.com/watch?v=kurabiye";

let shop: RunningShop;
let browser: Browser;
let cleanup = () => {};
const placed = { orderNumber: "", code: "", signedInvoice: "", plainOrderNumber: "", secondCode: "", longOrderNumber: "" };

const LINES = [
  { productId: 20002, quantity: 1, variant: "altin" },
  { productId: 10003, quantity: 2 },
];

async function placeOrder(app: AppContext, userId: number, withNote: boolean, lines: { productId: number; quantity: number; variant?: string }[] = LINES): Promise<orders.OrderRow> {
  const owner = { sessionId: randomUUID(), userId };
  for (const l of lines) {
    const r = await basket.addItem(app, owner, l);
    if (!r.ok) throw new Error(r.error);
  }
  if (withNote) await basket.setNote(app, owner, { notes: NOTE, link: LINK });
  const b = (await basket.getBasket(app, owner)) as checkout.OpenBasket;
  const city = (await geo.listCities(app)).find((c) => c.name === "Ankara")!;
  const county = (await geo.listCounties(app, city.id)).find((c) => c.name === "Çankaya")!;
  const opts = await checkout.optionsFor(app, b, { cityId: city.id, countyId: county.id });
  if (!opts.ok) throw new Error("no delivery options");
  const form = parseDeliveryForm({
    fullName: "Elif Kaya",
    address: "Atatürk Bulvarı No 12 Daire 3",
    cityId: String(city.id),
    countyId: String(county.id),
    phone: "5321234567",
    invoiceType: "Corporate",
    firmName: "Kaya Tasarım Ltd. Şti.",
    taxAuthority: "Çankaya",
    taxId: "1234567890",
    // the dates shown beside the option, as the delivery step sends them
    readyDate: shownDates(opts.options, { option: "Standart" })!.ready.dateISO,
    estimatedDelivery: shownDates(opts.options, { option: "Standart" })!.estimated.dateISO,
    option: "Standart",
  });
  if (!form.success) throw new Error(JSON.stringify(form.error.issues));
  const saved = await checkout.saveDelivery(app, b, userId, form.data);
  if (!saved.ok) throw new Error(saved.message);
  const card = await payments.saveCardForUser(app, userId, MEMBER.email, { number: "5528790000000008", holder: "Hediye Gonderen", expMonth: 12, expYear: 2030 });
  if (!card.ok) throw new Error(card.message);
  await checkout.savePayment(app, b.id, MEMBER.email, { mode: "saved", savedCardId: card.card.cardId, saveCard: false, lastFour: "0008", cardType: "Mastercard" } as checkout.PaymentState);
  const ready = (await basket.getBasket(app, owner)) as checkout.OpenBasket;
  const r = await flows.placeOrder(app, { basket: ready, userId, ip: "127.0.0.1", acceptPreInfo: true, acceptContract: true });
  if (r.status !== "succeeded") throw new Error(`order not placed: ${JSON.stringify(r)}`);
  return (await orders.getByBasket(app.db, b.id))!;
}

async function prepare(app: AppContext) {
  const now = app.clock.now();
  const [u] = await app.db
    .insert(users)
    .values({ email: MEMBER.email, name: MEMBER.name, passwordHash: await testPasswordHash(MEMBER.password), activatedAt: now, createdAt: now, updatedAt: now })
    .returning();
  const order = await placeOrder(app, u!.id, true);
  const note = await notes.findByOrder(app, order.id);
  placed.orderNumber = order.orderNumber;
  placed.code = note!.code;
  placed.signedInvoice = printing.signedPrintUrl(app, "invoice", order.orderNumber, 3_600_000);
  placed.plainOrderNumber = (await placeOrder(app, u!.id, false)).orderNumber;
  placed.secondCode = (await notes.findByOrder(app, (await placeOrder(app, u!.id, true)).id))!.code;
  // a long order: fourteen lines must still fit each copy into its third of the page
  const singles = (await catalog.getProducts(app, Array.from({ length: 40 }, (_, i) => 10001 + i))).filter((p) => p.stock !== 0).slice(0, 13);
  placed.longOrderNumber = (await placeOrder(app, u!.id, false, [...LINES.slice(0, 1), ...singles.map((p) => ({ productId: p.id, quantity: 1 }))])).orderNumber;
}

beforeAll(async () => {
  [{ shop, cleanup }, browser] = await Promise.all([startPreparedShop({ SHOP_NOW: NOW }, prepare, { shopNow: NOW }), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  cleanup();
});

async function signIn(page: Page) {
  await page.goto("/auth/login");
  await waitForHydration(page);
  const form = page.locator("form", { has: page.locator('input[name="password"]') });
  await form.locator('input[name="email"]').fill(MEMBER.email);
  await form.locator('input[name="password"]').fill(MEMBER.password);
  await form.getByRole("button", { name: "Giriş Yap" }).click();
  await page.waitForURL("**/memberarea/home");
}

/** Number of pages in a PDF (page objects, not the page tree). */
const pageCount = (pdf: Buffer) => (pdf.toString("latin1").match(/\/Type\s*\/Page(?![a-z])/g) ?? []).length;

/** The first page's size in millimetres, from its MediaBox (PDF points). */
function pageSizeMm(pdf: Buffer): [number, number] {
  const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf.toString("latin1"))!;
  return [Math.round((Number(box[1]) * 25.4) / 72), Math.round((Number(box[2]) * 25.4) / 72)];
}

describe("digital gift note", () => {
  it("order with a note and a link → overlay → 'MESAJI BİR DAHA GÖSTERME' → a reload shows no overlay", async () => {
    const t = await openPage(browser, shop.url);
    const dialogs: string[] = [];
    t.page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    expect(await t.visit(`/s/${placed.code}`)).toBe(200);
    const overlay = t.page.getByRole("dialog", { name: "Hediye notunuz" });
    await overlay.waitFor();
    // the note is text: the <script> shows as typed and never runs
    await expect(overlay.locator("p.whitespace-pre-wrap").textContent()).resolves.toBe(NOTE);
    const link = overlay.getByRole("link", { name: "Size gönderilen içeriği aç (yeni sekmede açılır)" });
    await expect(link.getAttribute("href")).resolves.toBe(LINK);
    await expect(link.getAttribute("rel")).resolves.toBe("noopener noreferrer");
    await expect(link.getAttribute("target")).resolves.toBe("_blank");
    // what was sent, never what it cost
    const body = (await t.page.locator("main").textContent()) ?? "";
    expect(body).toContain("Heyecanlı Kutu");
    expect(body).toContain("Üretim tarihi");
    expect(body).not.toMatch(/₺|TL\b/);

    // KAPAT closes, 'MESAJI GÖSTER' opens it again
    await overlay.getByRole("button", { name: "KAPAT" }).click();
    await overlay.waitFor({ state: "detached" });
    await t.page.getByRole("heading", { name: "Size özel bir mesaj var!" }).waitFor();
    await t.axe();
    await t.page.getByRole("link", { name: "MESAJI GÖSTER" }).click();
    await overlay.waitFor();

    await overlay.getByRole("button", { name: "MESAJI BİR DAHA GÖSTERME" }).click();
    await overlay.waitFor({ state: "detached" });
    await t.page.getByText("Mesaj bir daha gösterilmeyecek.").first().waitFor();
    await t.page.reload({ waitUntil: "networkidle" });
    await waitForHydration(t.page);
    await t.page.getByRole("heading", { name: "Afiyet olsun!" }).waitFor();
    await expect(t.page.getByRole("dialog").count()).resolves.toBe(0);
    expect((await t.page.locator("main").textContent()) ?? "").not.toContain("İyi ki doğdun");
    await t.axe();
    expect(dialogs).toEqual([]);

    // an unknown code goes home
    await t.page.goto("/s/BoyleBirKodYok");
    await t.page.waitForURL("**/home");
    await t.close();
  });

  it("works without JavaScript: the overlay comes with the page, 'KAPAT' and 'MESAJI BİR DAHA GÖSTERME' still work", async () => {
    const context = await browser.newContext({ baseURL: shop.url, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/s/${placed.secondCode}`);
    const overlay = page.getByRole("dialog", { name: "Hediye notunuz" });
    await overlay.waitFor();
    await overlay.getByRole("button", { name: "KAPAT" }).click();
    await page.waitForURL(/kapat=1/);
    await page.getByRole("heading", { name: "Size özel bir mesaj var!" }).waitFor();
    await expect(page.getByRole("dialog").count()).resolves.toBe(0);
    await page.getByRole("link", { name: "MESAJI GÖSTER" }).click();
    await overlay.waitFor();
    await overlay.getByRole("button", { name: "MESAJI BİR DAHA GÖSTERME" }).click();
    await page.getByRole("heading", { name: "Afiyet olsun!" }).waitFor();
    await page.goto(`/s/${placed.secondCode}`);
    await page.getByRole("heading", { name: "Afiyet olsun!" }).waitFor();
    await expect(page.getByRole("dialog").count()).resolves.toBe(0);
    await context.close();
  });
});

describe("printed gift note", () => {
  it("the owner prints it: font, margin and colour controls; the QR code points to the viewer; one A6 page", async () => {
    const t = await openPage(browser, shop.url, { mobile: false });
    await signIn(t.page);
    await t.visit("/memberarea/orders");
    const noteLink = t.page.getByRole("link", { name: `${placed.orderNumber} numaralı siparişin hediye notunu yazdır (yeni sekmede açılır)` });
    await expect(noteLink.getAttribute("href")).resolves.toBe(`/printnote/${placed.orderNumber}`);
    await expect(t.page.getByRole("link", { name: `${placed.plainOrderNumber} numaralı siparişin hediye notunu yazdır (yeni sekmede açılır)` }).count()).resolves.toBe(0);
    await expect(t.page.getByRole("link", { name: `${placed.plainOrderNumber} numaralı siparişin faturasını yazdır (yeni sekmede açılır)` }).count()).resolves.toBe(1);

    expect(await t.visit(`/printnote/${placed.orderNumber}`)).toBe(200);
    // no site chrome
    await expect(t.page.getByRole("banner").count()).resolves.toBe(0);
    await expect(t.page.getByRole("contentinfo").count()).resolves.toBe(0);
    const card = t.page.getByTestId("note-card");
    const text = t.page.getByTestId("note-text");
    await expect(text.textContent()).resolves.toBe(NOTE);
    await t.page.getByText("Bu hediyeyle birlikte size özel etkileşimli bir içerik gönderildi.").waitFor();
    const short = (await t.page.getByTestId("note-short-address").textContent())!;
    expect(short.endsWith(`/s/${placed.code}`)).toBe(true);
    const qr = t.page.getByRole("img", { name: `${short} adresine götüren QR kod` });
    await expect(qr.getAttribute("src")).resolves.toMatch(/^data:image\/svg\+xml;base64,/);

    const fontPt = async () => Number((await text.evaluate((el) => getComputedStyle(el).fontSize)).replace("px", ""));
    const padding = async () => (await card.locator("> div").evaluate((el) => getComputedStyle(el).paddingTop)).replace("px", "");
    const status = t.page.getByTestId("note-status");
    const base = await fontPt();
    await t.page.getByRole("button", { name: "Yazıyı büyüt" }).click();
    await expect(status.textContent()).resolves.toContain("%110");
    expect((await fontPt()) / base).toBeCloseTo(1.1, 2);
    await t.page.getByRole("button", { name: "Yazıyı küçült" }).click();
    await t.page.getByRole("button", { name: "Yazıyı küçült" }).click();
    expect((await fontPt()) / base).toBeCloseTo(0.9, 2);
    expect(await padding()).toBe("20");
    await t.page.getByRole("button", { name: "Kenar boşluğunu artır" }).click();
    expect(await padding()).toBe("25");
    await t.page.getByRole("button", { name: "Kenar boşluğunu azalt" }).click();
    await t.page.getByRole("button", { name: "Kenar boşluğunu azalt" }).click();
    expect(await padding()).toBe("15");
    const colours: string[] = [];
    for (let i = 0; i < 5; i++) {
      colours.push(await card.evaluate((el) => `${el.getAttribute("data-background")}:${getComputedStyle(el).color}`));
      await t.page.getByRole("button", { name: /^Arka planı değiştir/ }).click();
    }
    expect(new Set(colours).size).toBe(5);
    await expect(card.getAttribute("data-background")).resolves.toBe("0"); // back to the first after five
    await t.axe();

    // printed: the buttons are gone and the note is exactly one A6 page
    await t.page.emulateMedia({ media: "print" });
    await expect(t.page.getByRole("button", { name: "Yazıyı büyüt" }).isVisible()).resolves.toBe(false);
    const box = (await card.boundingBox())!;
    expect(Math.round(box.width)).toBe(397); // 105 mm at 96 dpi
    // page.pdf prints with the print media (emulating 'screen' would make it print the screen layout)
    const pdf = await t.page.pdf({ preferCSSPageSize: true, printBackground: true });
    mkdirSync("test-results", { recursive: true });
    writeFileSync("test-results/printnote.pdf", pdf);
    expect(pageCount(pdf)).toBe(1);
    expect(pageSizeMm(pdf)).toEqual([105, 148]); // A6
    // what the printer gets, as a picture
    await t.page.setViewportSize({ width: 397, height: 560 });
    await t.page.screenshot({ path: "test-results/printnote.png" });
    await t.close();
  });
});

describe("printed invoice", () => {
  it("three copies on one A4 page, amounts from the stored order", async () => {
    const t = await openPage(browser, shop.url, { mobile: false });
    await signIn(t.page);
    expect(await t.visit(`/printinvoice/${placed.orderNumber}`)).toBe(200);
    await expect(t.page.getByRole("banner").count()).resolves.toBe(0);
    const copies = t.page.getByTestId("invoice-copy");
    await expect(copies.count()).resolves.toBe(3);
    for (const label of ["Müşteri nüshası", "İşletme nüshası", "Sevk nüshası"]) await expect(t.page.getByText(label).count()).resolves.toBe(1);
    const first = copies.first();
    for (const s of ["Kaya Tasarım Ltd. Şti.", "Elif Kaya", "Çankaya / Ankara", "Vergi dairesi: Çankaya", "Vergi no / TCKN: 1234567890", "Heyecanlı Kutu", "Orijinal", "Teslimat ücreti", "Ara toplam", "KDV %10", "KDV %20", "Ödenecek tutar"]) {
      await expect(first.getByText(s, { exact: false }).count(), s).resolves.toBeGreaterThan(0);
    }
    await first.getByRole("img", { name: "Heyecanlı Kutu kutusu" }).waitFor();
    const totals = await copies.evaluateAll((els) => els.map((el) => el.querySelector("[data-testid=invoice-total]")?.textContent));
    expect(new Set(totals).size).toBe(1);
    await t.axe();

    await t.page.emulateMedia({ media: "print" });
    await expect(t.page.getByRole("button", { name: "Yazdır" }).isVisible()).resolves.toBe(false);
    const pdf = await t.page.pdf({ preferCSSPageSize: true, printBackground: true });
    expect(pageCount(pdf)).toBe(1);
    expect(pageSizeMm(pdf)).toEqual([210, 297]); // A4
    mkdirSync("test-results", { recursive: true });
    writeFileSync("test-results/printinvoice.pdf", pdf);
    await t.page.screenshot({ path: "test-results/printinvoice.png", fullPage: true });

    // fourteen lines and a delivery row: still three copies on one page
    expect(await t.visit(`/printinvoice/${placed.longOrderNumber}`, { axe: false })).toBe(200);
    await expect(t.page.getByTestId("invoice-copy").first().locator("tbody tr").count()).resolves.toBeGreaterThanOrEqual(14);
    // every row is inside its copy (nothing cut off by the copy's fixed height)
    const fits = await t.page.getByTestId("invoice-copy").evaluateAll((els) =>
      els.map((el) => el.querySelector("tbody tr:last-child")!.getBoundingClientRect().bottom <= el.getBoundingClientRect().bottom),
    );
    expect(fits).toEqual([true, true, true]);
    const long = await t.page.pdf({ preferCSSPageSize: true, printBackground: true });
    expect(pageCount(long)).toBe(1);
    writeFileSync("test-results/printinvoice-long.pdf", long);
    await t.page.screenshot({ path: "test-results/printinvoice-long.png", fullPage: true });
    await t.close();
  });
});

describe("who may open the print pages", () => {
  it("a visitor gets 404 for an existing and a made-up order alike; a signed link opens the invoice only", async () => {
    const t = await openPage(browser, shop.url, { allowHttpErrors: [404] });
    // the error page of a missing order is a plain document: checked by status and text
    const status = async (path: string) => (await t.page.goto(path, { waitUntil: "networkidle" }))!.status();
    expect(await status(`/printinvoice/${placed.orderNumber}`)).toBe(404);
    const existing = await t.page.locator("body").innerText();
    expect(await status(`/printnote/${placed.orderNumber}`)).toBe(404);
    expect(await status("/printinvoice/2026-999999")).toBe(404);
    expect(await t.page.locator("body").innerText()).toBe(existing);
    await t.page.getByRole("heading", { name: "Aradığınız sayfa bulunamadı" }).waitFor();
    expect(await t.visit(placed.signedInvoice)).toBe(200);
    await expect(t.page.getByTestId("invoice-copy").count()).resolves.toBe(3);
    expect(await status(placed.signedInvoice.replace("/printinvoice/", "/printnote/"))).toBe(404);
    await t.close();
  });
});
