import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestApp } from "../db/testing";
import * as audit from "../audit/service";
import * as basket from "../basket/service";
import * as campaigns from "../campaigns/service";
import * as catalog from "../catalog/service";
import * as contact from "../contact/service";
import * as delivery from "../delivery/service";
import * as fortune from "../fortune/service";
import * as geo from "../geo/service";
import * as loyalty from "../loyalty/service";
import * as orders from "../orders/service";
import * as promos from "../promos/service";
import * as site from "../site/service";
import { createHarness, type Harness } from "./testing";
import sharp from "sharp";
import { productImage, productShareImage } from "~/shared/catalog";
import { toIstanbulLocal } from "~/shared/management-forms";
import * as productPageRoute from "~/routes/product";
import * as uploadsRoute from "~/routes/uploads";
import * as catalogRoute from "~/routes/management/catalog";
import * as productRoute from "~/routes/management/product";
import * as menuRoute from "~/routes/management/menu";
import * as pagesRoute from "~/routes/management/pages";
import * as sssRoute from "~/routes/sss";
import * as infoRoute from "~/routes/info";
import * as promosRoute from "~/routes/management/promos";
import * as promoRoute from "~/routes/management/promo";
import * as customerRoute from "~/routes/management/customer";
import * as gameRoute from "~/routes/management/game";
import * as periodRoute from "~/routes/management/game-period";
import * as deliveryRoute from "~/routes/management/delivery";
import * as daysRoute from "~/routes/management/delivery-days";
import * as zoneRoute from "~/routes/management/delivery-zone";
import * as siteRoute from "~/routes/management/site";
import * as messagesRoute from "~/routes/management/messages";
import * as messageRoute from "~/routes/management/message";

/**
 * The second half of the management area (issue 12 items 4–8) through its route modules, as staff use it:
 * each change takes effect where customers see it, is refused when invalid, and is written to the audit log.
 * Who may call which loader and action is the route table of service.test.ts.
 */

let h: Harness;
let app: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "management-sections-"));
  h = await createHarness({ env: { DATA_DIR: dataDir } });
  app = h.app;
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Result = { ok: boolean; message: string; fields?: Record<string, string> };
const resultOf = (a: { data?: unknown }) => a.data as Result;
const lastAudit = async (entity: string, entityId: string | number) => (await audit.list(app, { entity, entityId: String(entityId), limit: 1 }))[0];

// ─── catalogue and stock ────────────────────────────────────────────────────────────────────────

describe("catalogue and stock", () => {
  const path = "/management/catalog/20002";
  const params = { productId: "20002" };
  /** The product form as the page sends it, with some fields changed. */
  async function productForm(change: Record<string, string>) {
    const page = (await h.load("marketing", productRoute.loader, path, params)).data as Awaited<ReturnType<typeof productRoute.loader>>;
    const p = page.product;
    const lira = (k: number) => (k / 100).toFixed(2).replace(".", ",");
    const fields: Record<string, string> = {
      intent: "product",
      name: p.name,
      desc: p.desc,
      longDesc: p.longDesc,
      packageContent: p.packageContent,
      itemPrice: lira(p.itemPrice),
      originalPrice: lira(p.originalPrice),
      group: p.group,
      defaultBox: p.defaultBox,
      innerTexture: String(p.innerTexture ?? ""),
      weightG: String(p.weightG ?? ""),
      contains: p.contains,
      allergens: p.allergens,
      care: p.care,
      heating: p.heating,
      ...(p.active ? { active: "on" } : {}),
      ...Object.fromEntries(page.lists.map((l) => [`list:${l}`, "on"])),
    };
    return { ...fields, ...change };
  }

  it("lists every product with search, filters and pages", async () => {
    const all = (await h.load("operations", catalogRoute.loader, "/management/catalog")).data as Awaited<ReturnType<typeof catalogRoute.loader>>;
    expect(all.rows.length).toBe(Math.min(25, all.total));
    const found = (await h.load("operations", catalogRoute.loader, "/management/catalog?q=heyecan")).data as typeof all;
    expect(found.rows.map((r) => r.id)).toEqual([20002]);
    expect((await h.load("operations", catalogRoute.loader, "/management/catalog?q=20002")).data).toMatchObject({ total: 1 });
    const gifts = (await h.load("operations", catalogRoute.loader, "/management/catalog?kind=gift&state=active")).data as typeof all;
    expect(gifts.rows.every((r) => r.group === "gift" && r.active)).toBe(true);
  });

  it("a price change shows on the product page at once; the sale price may not exceed the list price; audited", async () => {
    const before = (await h.call(productPageRoute.loader, new Request("https://shop.test/product/20002"), { rP: "20002" })).data as { product: { itemPrice: number } };
    expect(before.product.itemPrice).toBe(39_900);
    const bad = await h.act("marketing", productRoute.action, path, await productForm({ itemPrice: "500,00", originalPrice: "479,00" }), params);
    expect(bad.status).toBe(400);
    expect(resultOf(bad).fields).toMatchObject({ itemPrice: "Satış fiyatı liste fiyatından yüksek olamaz." });
    const zero = await h.act("marketing", productRoute.action, path, await productForm({ itemPrice: "0" }), params);
    expect(resultOf(zero).fields).toMatchObject({ itemPrice: "Tutar sıfırdan büyük olmalıdır." });

    const saved = await h.act("marketing", productRoute.action, path, await productForm({ itemPrice: "349,90", name: "Heyecanlı Kutu Yeni" }), params);
    expect(saved).toMatchObject({ status: 200, data: { ok: true, message: "'Heyecanlı Kutu Yeni' kaydedildi." } });
    const after = (await h.call(productPageRoute.loader, new Request("https://shop.test/product/20002"), { rP: "20002" })).data as { product: { itemPrice: number; name: string; discount: number } };
    expect(after.product).toMatchObject({ itemPrice: 34_990, name: "Heyecanlı Kutu Yeni", discount: 27 });
    expect(await lastAudit("product", 20002)).toMatchObject({
      action: "product.edit",
      actor: `staff:${h.people.marketing.id}`,
      before: { itemPrice: 39_900, name: "Heyecanlı Kutu" },
      after: { itemPrice: 34_990, name: "Heyecanlı Kutu Yeni" },
    });
    // the same form again changes nothing and writes nothing
    const again = await h.act("marketing", productRoute.action, path, await productForm({}), params);
    expect(resultOf(again)).toMatchObject({ ok: true, message: "Değişiklik yapılmadı." });
  });

  it("nutrition all or nothing, inside texture 1–3, lists; archiving hides the product from the shop and back", async () => {
    const partial = await h.act("marketing", productRoute.action, path, await productForm({ nCal: "480" }), params);
    expect(partial.status).toBe(400);
    expect(Object.keys(resultOf(partial).fields ?? {})).toContain("nFat");
    const texture = await h.act("marketing", productRoute.action, path, await productForm({ innerTexture: "4" }), params);
    expect(Object.keys(resultOf(texture).fields ?? {})).toEqual(["innerTexture"]);
    const nutrition = { nCal: "480", nFat: "24,5", nSatfat: "14", nCarb: "58", nSugar: "32", nPro: "6", nSalt: "0,4" };
    const withNutrition = await h.act("marketing", productRoute.action, path, await productForm({ ...nutrition, "list:cookie": "on" }), params);
    expect(resultOf(withNutrition).ok).toBe(true);
    expect((await catalog.getProduct(app, 20002))?.nutrition).toEqual({ cal: 480, fat: 24.5, satfat: 14, carb: 58, sugar: 32, pro: 6, salt: 0.4 });
    expect((await catalog.listGroup(app, "cookie", "group"))?.products.map((p) => p.id)).toContain(20002);

    const form = await productForm({});
    delete form.active;
    expect(resultOf(await h.act("marketing", productRoute.action, path, form, params)).ok).toBe(true);
    expect((await h.call(productPageRoute.loader, new Request("https://shop.test/product/20002"), { rP: "20002" })).status).toBe(404);
    expect((await h.load("marketing", catalogRoute.loader, "/management/catalog?state=archived")).data).toMatchObject({ rows: [expect.objectContaining({ id: 20002 })] });
    expect(resultOf(await h.act("marketing", productRoute.action, path, await productForm({ active: "on" }), params)).ok).toBe(true);
    expect(await catalog.getProduct(app, 20002)).not.toBeNull();
  });

  it("marketing makes a new product off sale; its page opens to fill in the rest; put on sale it shows in the shop; audited", async () => {
    const list = "/management/catalog";
    const bad = await h.act("marketing", catalogRoute.action, list, { name: "K", group: "kurabiye", itemPrice: "0" });
    expect(bad.status).toBe(400);
    expect(resultOf(bad).fields).toEqual({ name: "Ürün adı 2–120 karakter olmalıdır.", group: expect.any(String), itemPrice: "Tutar sıfırdan büyük olmalıdır." });
    const totalBefore = ((await h.load("marketing", catalogRoute.loader, list)).data as { total: number }).total;
    expect(((await h.load("marketing", catalogRoute.loader, list)).data as { mayCreate: boolean }).mayCreate).toBe(true);
    expect(((await h.load("operations", catalogRoute.loader, list)).data as { mayCreate: boolean }).mayCreate).toBe(false);

    const made = await h.act("marketing", catalogRoute.action, list, { name: "Kestaneli Kutu", group: "gift", itemPrice: "450" });
    expect(made.status).toBe(302);
    // the next number of its kind (the demo gift boxes are 20001–20005)
    expect(made.location).toBe("/management/catalog/20006?yeni=1");
    const page = (await h.load("marketing", productRoute.loader, "/management/catalog/20006?yeni=1", { productId: "20006" })).data as Awaited<ReturnType<typeof productRoute.loader>>;
    expect(page).toMatchObject({ created: true, lists: [], product: { id: 20006, name: "Kestaneli Kutu", group: "gift", itemPrice: 45_000, originalPrice: 45_000, active: false, stock: null } });
    expect(page.images[0]).toMatchObject({ slot: "main", src: "/img/products/yeni-urun.svg", uploaded: false });
    expect(((await h.load("marketing", catalogRoute.loader, list)).data as { total: number }).total).toBe(totalBefore + 1);
    expect(await lastAudit("product", 20006)).toMatchObject({
      action: "product.create",
      actor: `staff:${h.people.marketing.id}`,
      before: null,
      after: { name: "Kestaneli Kutu", group: "gift", itemPrice: 45_000, active: false },
    });
    // off sale: not in the shop until it is put on sale on its page
    expect(await catalog.getProduct(app, 20006)).toBeNull();
    expect((await h.call(productPageRoute.loader, new Request("https://shop.test/product/20006"), { rP: "20006" })).status).toBe(404);
    const lira = (k: number) => (k / 100).toFixed(2).replace(".", ",");
    const p = page.product;
    const onSale = await h.act(
      "marketing",
      productRoute.action,
      "/management/catalog/20006",
      { intent: "product", name: p.name, desc: "Kestane şekerli altı kurabiye", longDesc: "", packageContent: "6 adet 90 g kurabiye", itemPrice: lira(p.itemPrice), originalPrice: lira(p.originalPrice), group: p.group, defaultBox: "", innerTexture: "", weightG: "", contains: "", allergens: "", care: "", heating: "", active: "on", "list:gift": "on" },
      { productId: "20006" },
    );
    expect(resultOf(onSale)).toMatchObject({ ok: true });
    expect(await catalog.getProduct(app, 20006)).toMatchObject({ id: 20006, name: "Kestaneli Kutu", itemPrice: 45_000 });
    expect((await catalog.listGroup(app, "gift", "group"))?.products.map((x) => x.id)).toContain(20006);

    // two at once get two numbers, one after the other
    const [a, b] = await Promise.all([
      h.act("marketing", catalogRoute.action, list, { name: "Deneme Bir", group: "corp", itemPrice: "1000" }),
      h.act("marketing", catalogRoute.action, list, { name: "Deneme İki", group: "corp", itemPrice: "1000" }),
    ]);
    expect([a.location, b.location].sort()).toEqual(["/management/catalog/30004?yeni=1", "/management/catalog/30005?yeni=1"]);
    // operations may see the catalogue but not make products
    expect((await h.act("operations", catalogRoute.action, list, { name: "Olmaz", group: "single", itemPrice: "10" })).status).toBe(403);
  });

  it("operations set the stock and the storefront; the shop sees both; audited", async () => {
    const stock = await h.act("operations", productRoute.action, path, { intent: "stock", stock: "7" }, params);
    expect(stock).toMatchObject({ status: 200, data: { ok: true, message: "Stok 7 olarak güncellendi." } });
    expect((await catalog.getProduct(app, 20002))?.stock).toBe(7);
    expect(await lastAudit("product", 20002)).toMatchObject({ action: "product.stock", before: { stock: 18 }, after: { stock: 7 } });
    expect(resultOf(await h.act("operations", productRoute.action, path, { intent: "stock", stock: "" }, params)).message).toBe("Stok sınırı kaldırıldı (siparişe göre üretim).");
    expect((await catalog.getProduct(app, 20002))?.stock).toBeNull();
    expect((await h.act("operations", productRoute.action, path, { intent: "stock", stock: "-1" }, params)).status).toBe(400);

    const shelf = await h.act("operations", productRoute.action, path, { intent: "storefront", stock: "5", producedOn: "2026-11-23", note: "Bugün pişti" }, params);
    expect(resultOf(shelf).ok).toBe(true);
    expect((await catalog.listStorefront(app)).find((s) => s.product.id === 20002)).toMatchObject({ stock: 5, producedOn: "2026-11-23", note: "Bugün pişti" });
    await h.act("operations", productRoute.action, path, { intent: "storefront", stock: "0", producedOn: "2026-11-23", note: "" }, params);
    expect((await catalog.listStorefront(app)).some((s) => s.product.id === 20002)).toBe(false);
    // marketing may not touch the stock
    expect((await h.act("marketing", productRoute.action, path, { intent: "stock", stock: "1" }, params)).status).toBe(403);
  });

  it("uploads: PNG, JPEG, WebP up to 1 MB, checked by their bytes; served with their type and a sandboxing CSP (nosniff: on every answer, http/security.ts)", async () => {
    const png = new Uint8Array(await sharp({ create: { width: 800, height: 500, channels: 4, background: { r: 90, g: 50, b: 20, alpha: 0.8 } } }).png().toBuffer());
    const up = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string, slot = "main") =>
      h.act("marketing", productRoute.action, path, { intent: "image", slot, image: new File([bytes], name, { type }) }, params);

    const ok = await up(png, "kutu.png", "image/png");
    expect(ok).toMatchObject({ status: 200, data: { ok: true, message: "Resim yüklendi." } });
    const product = (await catalog.getProduct(app, 20002))!;
    expect(product.imgName).toMatch(/^upload\/[a-f0-9]{32}-w800\.png$/);
    const src = productImage(product.imgName);
    expect(src).toMatch(/^\/uploads\/products\/[a-f0-9]{32}\.png$/);
    const served = await h.call(uploadsRoute.loader, new Request(`https://shop.test${src}`), { file: src.split("/").pop()! });
    expect(served.response!.status).toBe(200);
    expect(served.response!.headers.get("content-type")).toBe("image/png");
    // nosniff comes from the server for every answer (one header, not two: tests/e2e/hardening.e2e.ts)
    expect(served.response!.headers.get("x-content-type-options")).toBeNull();
    expect(new Uint8Array(await served.response!.arrayBuffer())).toEqual(png);
    expect(await lastAudit("product", 20002)).toMatchObject({ action: "product.image", after: { slot: "main", bytes: png.length } });

    // issue 27 §2: the product page shares the 1200 × 630 JPEG made at upload, and its copies are served too
    const page = await h.call(productPageRoute.loader, new Request("https://shop.test/product/20002"), { rP: "20002" });
    const loaderData = page.data as Parameters<typeof productPageRoute.meta>[0]["loaderData"];
    const tags = productPageRoute.meta({ loaderData, location: { pathname: "/product/20002" }, matches: [{ id: "root", data: { publicUrl: "https://shop.test" } }] } as never) as Record<string, unknown>[];
    const tag = (property: string) => tags.filter((t) => t.property === property || t.name === property).map((t) => t.content);
    const share = productShareImage(product.imgName);
    expect(share).toMatch(/^\/uploads\/products\/[a-f0-9]{32}-share\.jpg$/);
    expect(tag("og:image")).toEqual([`https://shop.test${share}`]);
    expect(tag("twitter:image")).toEqual([`https://shop.test${share}`]);
    expect([tag("og:image:type"), tag("og:image:width"), tag("og:image:height")]).toEqual([["image/jpeg"], ["1200"], ["630"]]);
    const shared = await h.call(uploadsRoute.loader, new Request(`https://shop.test${share}`), { file: share.split("/").pop()! });
    expect(shared.response!.headers.get("content-type")).toBe("image/jpeg");
    expect(shared.response!.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await sharp(Buffer.from(await shared.response!.arrayBuffer())).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    const copy = src.replace(/\.png$/, "-640.webp");
    const webp = await h.call(uploadsRoute.loader, new Request(`https://shop.test${copy}`), { file: copy.split("/").pop()! });
    expect(webp.response!.headers.get("content-type")).toBe("image/webp");
    expect(await sharp(Buffer.from(await webp.response!.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 640, height: 400 });

    // an SVG (scripts), HTML named .png, a broken picture, an empty file, a file over 1 MB: refused, nothing changes
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(resultOf(await up(svg, "x.svg", "image/svg+xml")).message).toBe("Yalnızca PNG, JPEG ya da WebP resimleri yüklenebilir.");
    expect(resultOf(await up(new TextEncoder().encode("<html><script>alert(1)</script>"), "x.png", "image/png")).message).toBe("Yalnızca PNG, JPEG ya da WebP resimleri yüklenebilir.");
    const broken = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(7)]);
    expect(resultOf(await up(broken, "bozuk.png", "image/png")).message).toBe("Bu resim açılamadı: dosya bozuk ya da yarım kalmış olabilir. Resmi bir resim programında yeniden kaydedip tekrar yükleyin.");
    expect(resultOf(await up(new Uint8Array(), "bos.png", "image/png")).message).toBe("Lütfen bir resim dosyası seçin.");
    const big = new Uint8Array(1_000_001);
    big.set(png.subarray(0, 8));
    expect(resultOf(await up(big, "buyuk.png", "image/png")).message).toBe("Resim en fazla 1 MB olabilir.");
    expect((await catalog.getProduct(app, 20002))!.imgName).toBe(product.imgName);
    // a body far over the limit is not even read
    const huge = await h.act("marketing", productRoute.action, path, { intent: "image", slot: "main", image: new File([new Uint8Array(3_000_000)], "x.png", { type: "image/png" }) }, params);
    expect(huge.status).toBe(413);

    // an alternate picture (WebP), then taken off again
    const alt = new Uint8Array(await sharp({ create: { width: 300, height: 300, channels: 3, background: "#c08040" } }).webp().toBuffer());
    expect(resultOf(await up(alt, "yan.webp", "image/webp", "Two")).ok).toBe(true);
    expect((await catalog.getProduct(app, 20002))!.altImages.some((a) => a.endsWith(".webp"))).toBe(true);
    expect(resultOf(await h.act("marketing", productRoute.action, path, { intent: "removeImage", slot: "Two" }, params)).ok).toBe(true);
    expect((await catalog.getProduct(app, 20002))!.altImages.some((a) => a.endsWith(".webp"))).toBe(false);

    // unknown or malformed names are never read from disk
    for (const file of ["../../etc/passwd", "x.svg", "0".repeat(32) + ".png"]) {
      expect((await h.call(uploadsRoute.loader, new Request("https://shop.test/uploads/products/x"), { file })).response!.status).toBe(404);
    }
  });

  it("menu tiles: texts, link and colours; hidden tiles leave the menu; audited", async () => {
    const tiles = ((await h.load("marketing", menuRoute.loader, "/management/menu")).data as Awaited<ReturnType<typeof menuRoute.loader>>).tiles;
    const tile = tiles.find((t) => t.pageId === 4)!;
    const fields = { pageId: "4", name: "Atölye Vitrini", header: "Bugün hazır", subHeader: tile.subHeader, description: "", link: "/vitrin", size: "big", position: "4", bgColour: "#3f5b2f", textColour: "#ffffff", active: "on" };
    expect((await h.act("marketing", menuRoute.action, "/management/menu", { ...fields, link: "javascript:alert(1)" })).status).toBe(400);
    expect((await h.act("marketing", menuRoute.action, "/management/menu", { ...fields, bgColour: "red" })).status).toBe(400);
    expect(resultOf(await h.act("marketing", menuRoute.action, "/management/menu", fields))).toMatchObject({ ok: true });
    expect((await site.getMenu(app)).find((t) => t.pageId === 4)).toMatchObject({ name: "Atölye Vitrini", header: "Bugün hazır", size: "big" });
    const { active: _active, ...hidden } = fields;
    await h.act("marketing", menuRoute.action, "/management/menu", hidden);
    expect((await site.getMenu(app)).some((t) => t.pageId === 4)).toBe(false);
    expect(await lastAudit("menu", 4)).toMatchObject({ action: "menu.tile", before: { active: true }, after: { active: false } });
  });
});

// ─── information pages ──────────────────────────────────────────────────────────────────────────

describe("information pages", () => {
  const page = async (path: string) => ((await infoRoute.loader({ request: new Request(`http://localhost${path}`), context: { app }, params: {} } as never)) as Awaited<ReturnType<typeof infoRoute.loader>>).page;
  const save = (fields: Record<string, string>) => h.act("marketing", pagesRoute.action, "/management/pages", fields);

  it("marketing rewrites 'about' as plain text; visitors see it at once; going back restores the original; audited", async () => {
    const pages = ((await h.load("marketing", pagesRoute.loader, "/management/pages")).data as Awaited<ReturnType<typeof pagesRoute.loader>>).pages;
    expect(pages.map((p) => p.path)).toEqual(["/about", "/process", "/responsibility", "/sss", "/agreement/nda", "/agreement/popd", "/agreement/dely"]);
    const original = await page("/about");
    expect(pages[0]).toMatchObject({ title: original.title, edited: null });

    expect(resultOf(await save({ page: "about", text: "Başlıksız bir metin" }))).toMatchObject({ ok: false, fields: { text: expect.stringContaining("'# '") } });
    expect(resultOf(await save({ page: "about", text: "# Yalnız başlık" }))).toMatchObject({ ok: false });
    expect(resultOf(await save({ page: "yok", text: "# Başlık\nMetin" }))).toMatchObject({ ok: false, message: "Böyle bir bilgi sayfası yok." });
    expect(await page("/about")).toEqual(original);
    // one very long line (a heading or a paragraph) within the size limit is stored, not a server error
    const long = `# Uzun\n## ${"b".repeat(30_000)}\n${"p".repeat(29_000)}`;
    expect(resultOf(await save({ page: "process", text: long }))).toMatchObject({ ok: true });
    expect(resultOf(await save({ page: "process", intent: "reset" }))).toMatchObject({ ok: true });

    const text = "# Biz Kimiz\nModa'da küçük bir atölye.\n\n## Ekibimiz\nBeş kişiyiz.\n\n- Fırın\n- Paketleme\n\n<script>alert(1)</script>";
    expect(resultOf(await save({ page: "about", text }))).toMatchObject({ ok: true, message: "'Biz Kimiz' sayfası kaydedildi." });
    const edited = await page("/about");
    // shown as text: the script tag is a paragraph React escapes, never markup
    expect(edited).toEqual({ title: "Biz Kimiz", intro: ["Moda'da küçük bir atölye."], sections: [{ heading: "Ekibimiz", paragraphs: ["Beş kişiyiz.", "<script>alert(1)</script>"], items: ["Fırın", "Paketleme"] }] });
    expect(await lastAudit("page", "about")).toMatchObject({ action: "page.save", before: { title: original.title }, after: { title: "Biz Kimiz" } });
    const listed = ((await h.load("marketing", pagesRoute.loader, "/management/pages")).data as Awaited<ReturnType<typeof pagesRoute.loader>>).pages[0]!;
    expect(listed.edited).toMatchObject({ by: "marketing kişi" });
    expect(resultOf(await save({ page: "about", text }))).toMatchObject({ ok: true, message: "Değişiklik yapılmadı." });

    expect(resultOf(await save({ page: "about", intent: "reset" }))).toMatchObject({ ok: true, message: `'${original.title}' sayfası özgün metnine döndü.` });
    expect(await page("/about")).toEqual(original);
    expect(await lastAudit("page", "about")).toMatchObject({ action: "page.reset", before: { title: "Biz Kimiz" } });
    // the app's variant of a page shows the same text
    expect(await page("/mcappdonation")).toEqual(await page("/responsibility"));
  });

  it("the FAQ is edited the same way: questions with '? ', its answers under them; /sss and /mcappsss show it", async () => {
    const faqOf = async (path: string) =>
      ((await sssRoute.loader({ request: new Request(`http://localhost${path}`), context: { app }, params: {} } as never)) as Awaited<ReturnType<typeof sssRoute.loader>>).faq;
    const original = await faqOf("/sss");
    const listed = ((await h.load("marketing", pagesRoute.loader, "/management/pages")).data as Awaited<ReturnType<typeof pagesRoute.loader>>).pages;
    expect(listed.map((p) => p.path)).toContain("/sss");
    const row = listed.find((p) => p.key === "sss")!;
    expect(row).toMatchObject({ title: original.title, edited: null, faq: true });
    expect(row.text).toContain(`? ${original.sections[0]!.qa[0]!.q}`);

    expect(resultOf(await save({ page: "sss", text: "# SSS\n## Bölüm\n? Cevapsız soru" }))).toMatchObject({ ok: false, fields: { text: expect.stringContaining("cevabını") } });
    expect(await faqOf("/sss")).toEqual(original);
    const text = "# Sorular\nKısaca.\n\n## Teslimat\n? Kargo kaç gün?\nGenelde 1–3 iş günü.\n\n? <b>Kalın</b> mı?\nHayır, düz yazı.";
    expect(resultOf(await save({ page: "sss", text }))).toMatchObject({ ok: true, message: "'Sorular' sayfası kaydedildi." });
    const edited = await faqOf("/sss");
    expect(edited).toEqual({
      title: "Sorular",
      intro: "Kısaca.",
      sections: [{ heading: "Teslimat", qa: [{ q: "Kargo kaç gün?", a: "Genelde 1–3 iş günü." }, { q: "<b>Kalın</b> mı?", a: "Hayır, düz yazı." }] }],
      contactPrompt: original.contactPrompt,
      contactLink: original.contactLink,
    });
    expect(await faqOf("/mcappsss")).toEqual(edited);
    expect(await lastAudit("page", "sss")).toMatchObject({ action: "page.save", before: { title: original.title }, after: { title: "Sorular" } });
    expect(resultOf(await save({ page: "sss", text }))).toMatchObject({ ok: true, message: "Değişiklik yapılmadı." });
    expect(resultOf(await save({ page: "sss", intent: "reset" }))).toMatchObject({ ok: true, message: `'${original.title}' sayfası özgün metnine döndü.` });
    expect(await faqOf("/sss")).toEqual(original);
    expect(resultOf(await save({ page: "sss", intent: "reset" }))).toMatchObject({ ok: true, message: "Değişiklik yapılmadı." });
  });
});

// ─── promotions and points ──────────────────────────────────────────────────────────────────────

describe("promotions and points", () => {
  const create = (fields: Record<string, string>) =>
    h.act("marketing", promosRoute.action, "/management/promos", { intent: "create", kind: "percent", audience: "all", active: "on", ...fields });

  it("marketing creates a code with its rules; a customer uses it in the basket; its uses are listed; off means off", async () => {
    expect(resultOf(await create({ code: "kış", percent: "0" })).fields).toMatchObject({ percent: expect.any(String) });
    expect(resultOf(await create({ code: "KIS-20", percent: "20", startsAt: "2026-12-01T00:00", endsAt: "2026-11-30T00:00" })).fields).toMatchObject({ endsAt: "Bitiş, başlangıçtan sonra olmalıdır." });
    const made = await create({ code: "kış-20", description: "Kış kampanyası", percent: "20", maxDiscount: "50,00", minBasket: "100", maxUses: "100", perCustomer: "1", endsAt: "2026-12-31T23:59" });
    expect(made).toMatchObject({ status: 200, data: { ok: true, message: "KIŞ-20 kodu oluşturuldu." } });
    const promo = (await promos.findByCode(app, "KIŞ-20"))!;
    expect(promo).toMatchObject({ kind: "percent", percentBp: 2000, maxDiscount: 5_000, minBasket: 10_000, maxUses: 100, perCustomer: 1, audience: "all", active: true, createdBy: `staff:${h.people.marketing.id}` });
    expect(promo.endsAt?.toISOString()).toBe("2026-12-31T20:59:00.000Z");
    expect(await lastAudit("promo", promo.id)).toMatchObject({ action: "promo.create", after: { code: "KIŞ-20" } });
    expect(resultOf(await create({ code: "KIŞ-20", percent: "5" }))).toMatchObject({ ok: false, fields: { code: "Bu kod zaten var." } });

    // a customer's basket: 2 × Heyecanlı Kutu (349,90) − 20 % capped at 50 TL
    const owner = { sessionId: randomUUID(), userId: null };
    expect(await basket.addItem(app, owner, { productId: 20002, quantity: 2 })).toMatchObject({ ok: true });
    expect(await basket.applyPromo(app, owner, "kış-20", "10.1.1.1")).toMatchObject({ ok: true });
    expect((await basket.getBasket(app, owner)).amounts).toMatchObject({ discountAmount: 5_000 });

    // a paid order's use shows on the code's page
    const order = await app.db.transaction(async (tx) => {
      const o = await orders.createOrder(app, tx, { userId: null, email: "kis@example.com", deliveryType: "Carrier", readyDate: "2026-11-24", address: {}, productTotal: 69_980, deliveryCost: 0, needToPay: 64_980, taxSnapshot: {} }, [], "test");
      expect(await promos.consumeUse(tx, app, { promoId: promo.id, orderId: o.id, userId: null, email: "kis@example.com", discount: 5_000 })).toEqual({ ok: true });
      return o;
    });
    const detail = (await h.load("marketing", promoRoute.loader, `/management/promos/${promo.id}`, { promoId: String(promo.id) })).data as Awaited<ReturnType<typeof promoRoute.loader>>;
    expect(detail).toMatchObject({ usesTotal: 1, discountTotal: 5_000, uses: [{ orderNumber: order.orderNumber, email: "kis@example.com", discount: 5_000 }] });
    const list = (await h.load("marketing", promosRoute.loader, "/management/promos?q=kış")).data as Awaited<ReturnType<typeof promosRoute.loader>>;
    expect(list.rows.map((r) => r.code)).toEqual(["KIŞ-20"]);

    // deactivated: refused in a basket; back on: accepted
    const off = await h.act("marketing", promoRoute.action, `/management/promos/${promo.id}`, { active: "" }, { promoId: String(promo.id) });
    expect(off).toMatchObject({ status: 200, data: { ok: true, message: "KIŞ-20 kodu durduruldu." } });
    const other = { sessionId: randomUUID(), userId: null };
    await basket.addItem(app, other, { productId: 20002, quantity: 1 });
    expect(await basket.applyPromo(app, other, "KIŞ-20", "10.1.1.2")).toMatchObject({ ok: false });
    await h.act("marketing", promoRoute.action, `/management/promos/${promo.id}`, { active: "on" }, { promoId: String(promo.id) });
    expect(await basket.applyPromo(app, other, "KIŞ-20", "10.1.1.2")).toMatchObject({ ok: true });
    expect((await audit.list(app, { entity: "promo", entityId: String(promo.id) })).map((e) => e.action)).toEqual(["promo.activate", "promo.deactivate", "promo.create"]);
  });

  it("a fixed amount code for members only", async () => {
    const made = await create({ code: "UYE25", kind: "fixed", amount: "25", audience: "members" });
    expect(resultOf(made).ok).toBe(true);
    expect(await promos.findByCode(app, "uye25")).toMatchObject({ kind: "fixed", amount: 2_500, percentBp: null, audience: "members" });
    expect(resultOf(await create({ code: "BOS", kind: "fixed" })).fields).toMatchObject({ amount: "Tutar sıfırdan büyük olmalıdır." });
  });

  it("points corrected with a reason: the ledger entry shows on the customer page; never below zero; audited", async () => {
    const c = await h.createUser("puanli@example.com", "customer", "Puanlı Müşteri");
    const add = await h.act("marketing", promosRoute.action, "/management/promos", { intent: "points", email: "Puanli@Example.com", amount: "25,00", reason: "Geciken sipariş için özür" });
    expect(add).toMatchObject({ status: 200, data: { ok: true } });
    expect(resultOf(add).message).toContain("Yeni bakiye: ₺25,00");
    expect(await loyalty.available(app, c.id)).toBe(2_500);
    const page = (await h.load("admin", customerRoute.loader, `/management/customers/${c.id}`, { userId: String(c.id) })).data as Awaited<ReturnType<typeof customerRoute.loader>>;
    expect(page.points).toMatchObject({ available: 2_500, history: [{ kind: "adjusted", amount: 2_500, note: "Geciken sipariş için özür" }] });
    expect(page.may.points).toBe(true);
    expect(await lastAudit("user", c.id)).toMatchObject({ action: "loyalty.adjust", actor: `staff:${h.people.marketing.id}`, before: { points: 0 }, after: { points: 2_500, amount: 2_500 } });

    const tooMuch = await h.act("admin", customerRoute.action, `/management/customers/${c.id}`, { intent: "points", amount: "-30", reason: "Düzeltme" }, { userId: String(c.id) });
    expect(tooMuch).toMatchObject({ status: 409, data: { ok: false, message: "Müşterinin puanı bu kadar düşülmeye yetmiyor." } });
    expect(resultOf(await h.act("admin", customerRoute.action, `/management/customers/${c.id}`, { intent: "points", amount: "-10", reason: "Düzeltme" }, { userId: String(c.id) })).ok).toBe(true);
    expect(await loyalty.available(app, c.id)).toBe(1_500);
    expect((await h.act("marketing", promosRoute.action, "/management/promos", { intent: "points", email: "yok@example.com", amount: "5", reason: "Deneme" })).status).toBe(409);
    expect((await h.act("marketing", promosRoute.action, "/management/promos", { intent: "points", email: c.email, amount: "0", reason: "Deneme" })).status).toBe(400);
    // staff accounts have no points to correct
    expect((await h.act("marketing", promosRoute.action, "/management/promos", { intent: "points", email: h.people.operations.email, amount: "5", reason: "Deneme" })).status).toBe(409);
  });
});

// ─── the prize game ─────────────────────────────────────────────────────────────────────────────

describe("the prize game", () => {
  const periodFields = (p: { startsAt: Date | string; endsAt: Date | string }, change: Record<string, string> = {}) => ({
    intent: "period",
    startsAt: toIstanbulLocal(p.startsAt),
    endsAt: toIstanbulLocal(p.endsAt),
    prizeCount: "2",
    reserveCount: "1",
    prizes: "Hediye kutusu\n3 kurabiye",
    chance: "100",
    followerChances: "3",
    info: "Kazananlar her pazartesi açıklanır.",
    ...change,
  });

  it("creates a period (no overlaps), edits one; audited", async () => {
    const periods = await fortune.listPeriods(app);
    const last = periods.at(-1)!;
    const next = { startsAt: last.endsAt, endsAt: new Date(last.endsAt.getTime() + 30 * 86_400_000) };
    const overlap = await h.act("marketing", gameRoute.action, "/management/game", periodFields({ startsAt: last.startsAt, endsAt: next.endsAt }));
    expect(overlap).toMatchObject({ status: 409, data: { ok: false, message: "Bu tarihlerle çakışan bir dönem var." } });
    const made = await h.act("marketing", gameRoute.action, "/management/game", periodFields(next));
    expect(resultOf(made).ok).toBe(true);
    const created = (await fortune.listPeriods(app)).at(-1)!;
    expect(created).toMatchObject({ prizeCount: 2, reserveCount: 1, winChanceBp: 10_000, prizes: ["Hediye kutusu", "3 kurabiye"], startsAt: next.startsAt });
    expect(await lastAudit("period", created.id)).toMatchObject({ action: "game.period", after: { prizeCount: 2 } });
    expect((await h.act("marketing", gameRoute.action, "/management/game", periodFields(next, { chance: "120", prizes: "" }))).status).toBe(400);
    const page = (await h.load("marketing", gameRoute.loader, "/management/game")).data as Awaited<ReturnType<typeof gameRoute.loader>>;
    expect(page.periods.some((p) => p.state === "running")).toBe(true);
  });

  it("winners with asil / yedek, a claim and a rejection move the places", async () => {
    const now = app.clock.now();
    const current = (await fortune.ensureCurrentPeriod(app, now))!;
    const edit = await h.act("marketing", periodRoute.action, `/management/game/periods/${current.id}`, periodFields(current), { periodId: String(current.id) });
    expect(resultOf(edit).ok).toBe(true);
    const codes: string[] = [];
    for (const [i, nick] of ["ayse", "mehmet", "zeynep"].entries()) {
      const r = await fortune.ask(app, { nick, deviceId: `device-${i}`, ip: `192.0.2.${i + 10}` });
      if (!r.ok) throw new Error(r.error);
      codes.push(r.result.obj.code);
    }
    const load = async () => ((await h.load("marketing", periodRoute.loader, `/management/game/periods/${current.id}`, { periodId: String(current.id) })).data as Awaited<ReturnType<typeof periodRoute.loader>>).winners;
    expect((await load()).map((w) => [w.nick, w.state, w.place, w.reserveNo])).toEqual([
      ["ayse", "asil", 1, null],
      ["mehmet", "asil", 2, null],
      ["zeynep", "yedek", 3, 1],
    ]);
    const path = "/management/game";
    const wrongSender = await h.act("marketing", gameRoute.action, path, { intent: "claim", code: codes[0]!, nick: "baskasi" });
    expect(resultOf(wrongSender).ok).toBe(false);
    const claimed = await h.act("marketing", gameRoute.action, path, { intent: "claim", code: codes[0]!.toLowerCase(), nick: "@Ayse" });
    expect(resultOf(claimed)).toMatchObject({ ok: true, message: "Kod alındı: ayse, 1. sıra — Hediye kutusu" });
    expect(resultOf(await h.act("marketing", gameRoute.action, path, { intent: "claim", code: codes[0]!, nick: "ayse" })).ok).toBe(false);
    const rejected = await h.act("marketing", periodRoute.action, `/management/game/periods/${current.id}`, { intent: "reject", code: codes[1]! }, { periodId: String(current.id) });
    expect(resultOf(rejected).ok).toBe(true);
    expect((await load()).map((w) => [w.nick, w.state, w.place, w.out])).toEqual([
      ["ayse", "asil", 1, null],
      ["mehmet", "out", null, "rejected"],
      ["zeynep", "asil", 2, null],
    ]);
    expect((await audit.list(app, { entity: "prize" })).map((e) => e.action).slice(0, 2)).toEqual(["game.reject", "game.claim"]);
  });

  it("fortune texts: add, reword, retire; followers flagged per nickname", async () => {
    const path = "/management/game";
    expect(resultOf(await h.act("marketing", gameRoute.action, path, { intent: "fortuneAdd", text: "Bugün şans senden yana." })).ok).toBe(true);
    const added = (await fortune.listFortunes(app)).at(-1)!;
    expect(added.text).toBe("Bugün şans senden yana.");
    const texts = (await h.load("marketing", gameRoute.loader, path)).data as Awaited<ReturnType<typeof gameRoute.loader>>;
    expect(texts.fortunes[0]).toMatchObject({ id: added.id });
    expect(texts.fortunes.length).toBeLessThanOrEqual(20);
    expect(texts.textPages).toBe(Math.ceil((await fortune.listFortunes(app)).length / 20));
    expect(resultOf(await h.act("marketing", gameRoute.action, path, { intent: "fortuneEdit", id: String(added.id), text: "Bugün şans kesinlikle senden yana." })).ok).toBe(true);
    expect((await h.act("marketing", gameRoute.action, path, { intent: "fortuneEdit", id: String(added.id), text: "x" })).status).toBe(400);
    await h.act("marketing", gameRoute.action, path, { intent: "fortuneActive", id: String(added.id), active: "" });
    expect((await fortune.listFortunes(app)).find((f) => f.id === added.id)).toMatchObject({ text: "Bugün şans kesinlikle senden yana.", active: false });
    expect((await audit.list(app, { entity: "fortune", entityId: String(added.id) })).map((e) => e.action)).toEqual(["game.fortuneOff", "game.fortuneEdit", "game.fortuneAdd"]);

    expect(resultOf(await h.act("marketing", gameRoute.action, path, { intent: "follower", nick: "@İrem.Kurabiye", follower: "on" })).ok).toBe(true);
    const page = (await h.load("marketing", gameRoute.loader, `${path}?q=irem`)).data as Awaited<ReturnType<typeof gameRoute.loader>>;
    expect(page.followers.map((f) => f.displayNick)).toEqual(["İrem.Kurabiye"]);
    await h.act("marketing", gameRoute.action, path, { intent: "follower", nick: "İrem.Kurabiye" });
    expect(((await h.load("marketing", gameRoute.loader, `${path}?q=irem`)).data as typeof page).followersTotal).toBe(0);
    expect((await audit.list(app, { entity: "nick" })).map((e) => e.action)).toEqual(["game.follower", "game.follower"]);
  });
});

// ─── delivery settings ──────────────────────────────────────────────────────────────────────────

describe("delivery settings", () => {
  const path = "/management/delivery";
  const BASKET = { basket: { itemCount: 2, productTotal: 40_000 } };

  it("a notice, prices and thresholds show in the delivery options at once; audited per setting", async () => {
    expect(resultOf(await h.act("operations", deliveryRoute.action, path, { intent: "notice", notice: "Bayram haftası teslimatlar gecikebilir." })).ok).toBe(true);
    const r = await delivery.getOptions(app, { cityId: 6 }, BASKET);
    expect(r.ok && r.options.doNotShowMsg).toBe("Bayram haftası teslimatlar gecikebilir.");
    expect(await lastAudit("delivery", "notice")).toMatchObject({ action: "delivery.setting", before: "", after: "Bayram haftası teslimatlar gecikebilir." });

    const shipping = { intent: "shipping", standartPrice: "95,00", standartDays: "", expressPrice: "150", expressDays: "1", otherPrice: "90", otherDays: "", specialPrice: "250", specialDays: "1" };
    expect(resultOf(await h.act("operations", deliveryRoute.action, path, shipping)).ok).toBe(true);
    const priced = await delivery.getOptions(app, { cityId: 6 }, BASKET);
    expect(priced.ok && priced.options.shipping.slots.standart.listPrice).toBe(9_500);
    expect((await h.act("operations", deliveryRoute.action, path, { intent: "thresholds", freeFrom: "500", reasonableFrom: "900", reasonableCost: "5" })).status).toBe(400);
    expect(resultOf(await h.act("operations", deliveryRoute.action, path, { intent: "thresholds", freeFrom: "500", reasonableFrom: "300", reasonableCost: "5" })).ok).toBe(true);
    const reasonable = await delivery.getOptions(app, { cityId: 6 }, BASKET);
    expect(reasonable.ok && reasonable.options.shipping.slots.standart.price).toBe(500);
    expect(reasonable.ok && reasonable.options.shipping.remainingtoFree).toBe(10_000);

    // VIP night slot opened, a door slot added, Sunday open for production
    const vip = Object.fromEntries(
      [["morning", 9, 12], ["afternoon", 12, 16], ["evening", 16, 20], ["night", 20, 23]].flatMap(([c, f, t]) => [[`${c}From`, String(f)], [`${c}To`, String(t)], [`${c}Open`, "on"]]),
    );
    expect(resultOf(await h.act("operations", deliveryRoute.action, path, { intent: "vipSlots", ...vip })).ok).toBe(true);
    expect((await delivery.getConfig(app)).vipSlots.find((s) => s.code === "night")?.open).toBe(true);
    const door = { intent: "doorSlots", slot0From: "10", slot0To: "12", slot1From: "14", slot1To: "16", slot2From: "20", slot2To: "22" };
    expect(resultOf(await h.act("operations", deliveryRoute.action, path, door)).ok).toBe(true);
    expect((await delivery.getConfig(app)).doorSlots.map((s) => s.code)).toEqual(["10-12", "14-16", "20-22"]);
    expect((await h.act("operations", deliveryRoute.action, path, { intent: "doorSlots", slot0From: "12", slot0To: "10" })).status).toBe(400);
    const weekdays = { intent: "weekdays", rest0: "on" };
    expect(resultOf(await h.act("operations", deliveryRoute.action, path, weekdays)).ok).toBe(true);
    expect((await delivery.getConfig(app))).toMatchObject({ closedWeekdays: [], carrierRestWeekdays: [0] });
    expect((await h.act("operations", deliveryRoute.action, path, { intent: "cutoffs", shippingSameDay: "25:00", courierSameDay: "11:00", pickupSameDay: "15:00" })).status).toBe(400);
    const general = { intent: "general", sameDayCityId: "34", capacityPerDay: "150", horizonDays: "45", defaultMinDay: "3" };
    expect(resultOf(await h.act("operations", deliveryRoute.action, path, general)).ok).toBe(true);
    expect(await delivery.getConfig(app)).toMatchObject({ capacityPerDay: 150, horizonDays: 45 });
    const settingsAudit = (await audit.list(app, { entity: "delivery", limit: 200 })).map((e) => e.entityId);
    expect(settingsAudit).toEqual(expect.arrayContaining(["capacityPerDay", "horizonDays", "closedWeekdays", "doorSlots", "vipSlots", "thresholds", "shipping", "notice"]));
    expect(settingsAudit).not.toContain("sameDayCityId"); // unchanged: no entry
  });

  it("staff numbers are decimal digits only, and a repeated field is refused (issue 23 §6)", async () => {
    const path = "/management/delivery";
    const general = { intent: "general", sameDayCityId: "34", capacityPerDay: "150", horizonDays: "45", defaultMinDay: "3" };
    expect(resultOf(await h.act("operations", deliveryRoute.action, path, general)).ok).toBe(true);
    for (const capacityPerDay of ["0x10", "1e3", " 12 ", "12.0", "+12", "١٢", "0b11", "12 "]) {
      const r = await h.act("operations", deliveryRoute.action, path, { ...general, capacityPerDay });
      expect(r.status, capacityPerDay).toBe(400);
    }
    expect((await delivery.getConfig(app)).capacityPerDay).toBe(150);
    const repeated = await h.act("operations", deliveryRoute.action, path, [...Object.entries(general), ["capacityPerDay", "99999"]]);
    expect(repeated.status).toBe(400);
    expect(repeated.data).toMatchObject({ reason: "repeated" });
    expect((await delivery.getConfig(app)).capacityPerDay).toBe(150);
    expect(resultOf(await h.act("operations", deliveryRoute.action, path, { ...general, capacityPerDay: "016" })).ok).toBe(true);
    expect((await delivery.getConfig(app)).capacityPerDay).toBe(16);
  });

  it("pickup hours and carriers; a carrier's tracking link", async () => {
    const pickup = { intent: "pickup", code: "kadikoy", name: "Kadıköy Atölye", displayName: "Kadıköy Atölyemiz", details: "Moda Cad. No: 12", earlyHour: "9", lateHour: "18", active: "on" };
    expect(resultOf(await h.act("operations", deliveryRoute.action, path, pickup)).ok).toBe(true);
    expect((await delivery.getConfig(app)).pickupLocations.find((l) => l.code === "kadikoy")).toMatchObject({ earlyHour: 9, lateHour: 18 });
    expect((await h.act("operations", deliveryRoute.action, path, { ...pickup, earlyHour: "19" })).status).toBe(400);
    const carrier = { intent: "carrier", isNew: "1", code: "ptt", name: "PTT Kargo", trackingUrl: "https://gonderitakip.ptt.gov.tr/Track/Verify?q={tracking}", active: "on" };
    expect(resultOf(await h.act("operations", deliveryRoute.action, path, carrier)).ok).toBe(true);
    expect(await delivery.trackingUrl(app, "ptt", "AB 12")).toBe("https://gonderitakip.ptt.gov.tr/Track/Verify?q=AB%2012");
    expect((await h.act("operations", deliveryRoute.action, path, { ...carrier, trackingUrl: "javascript:alert(1)" })).status).toBe(400);
    expect(await lastAudit("carrier", "ptt")).toMatchObject({ action: "delivery.carrier", before: null });
  });

  it("a closed day moves the suggested date; opening it again moves it back", async () => {
    const before = await delivery.getOptions(app, { cityId: 6 }, BASKET);
    expect(before.ok && before.options.shipping.suggested.dateISO).toBe("2026-11-23");
    const add = await h.act("operations", daysRoute.action, "/management/delivery/days", { intent: "add", day: "2026-11-23", reason: "Envanter sayımı" });
    expect(add).toMatchObject({ status: 200, data: { ok: true } });
    const moved = await delivery.getOptions(app, { cityId: 6 }, BASKET);
    expect(moved.ok && moved.options.shipping.suggested.dateISO).toBe("2026-11-24");
    const year = (await h.load("operations", daysRoute.loader, "/management/delivery/days?year=2026")).data as Awaited<ReturnType<typeof daysRoute.loader>>;
    expect(year.days).toContainEqual({ day: "2026-11-23", reason: "Envanter sayımı" });
    expect(year.days).toContainEqual({ day: "2026-10-29", reason: "Cumhuriyet Bayramı" });
    await h.act("operations", daysRoute.action, "/management/delivery/days", { intent: "remove", day: "2026-11-23" });
    const back = await delivery.getOptions(app, { cityId: 6 }, BASKET);
    expect(back.ok && back.options.shipping.suggested.dateISO).toBe("2026-11-23");
    expect((await h.act("operations", daysRoute.action, "/management/delivery/days", { intent: "remove", day: "2026-11-23" })).status).toBe(409);
    expect((await audit.list(app, { entity: "closedDay", entityId: "2026-11-23" })).map((e) => e.action)).toEqual(["delivery.openDay", "delivery.closedDay"]);
  });

  it("covered neighbourhoods: a whole county, one neighbourhood's prices, out again; MinDay per city", async () => {
    const silivri = (await geo.listCounties(app, 34)).find((c) => c.name === "Silivri")!;
    const n = (await geo.listNeighbourhoods(app, silivri.id))[0]!;
    expect(await delivery.doorCost(app, n.id)).toBeNull();
    const zonePath = "/management/delivery/zone";
    const all = await h.act("operations", zoneRoute.action, zonePath, { intent: "zone", countyId: String(silivri.id), covered: "on", stdPrice: "200", vipPrice: "", stdFreeFrom: "", vipFreeFrom: "" });
    expect(resultOf(all).ok).toBe(true);
    expect(await delivery.doorCost(app, n.id, { itemCount: 1, productTotal: 10_000 })).toEqual({ std: { cost: 20_000, remainingtoFree: null }, vip: { cost: null, remainingtoFree: null } });
    const one = await h.act("operations", zoneRoute.action, zonePath, { intent: "zone", countyId: String(silivri.id), neighbourhoodId: String(n.id), covered: "on", stdPrice: "180", vipPrice: "300", stdFreeFrom: "1000", vipFreeFrom: "" });
    expect(resultOf(one).ok).toBe(true);
    expect((await delivery.doorCost(app, n.id, { itemCount: 1, productTotal: 10_000 }))?.std).toEqual({ cost: 18_000, remainingtoFree: 90_000 });
    const page = (await h.load("operations", zoneRoute.loader, `${zonePath}?county=${silivri.id}`)).data as Awaited<ReturnType<typeof zoneRoute.loader>>;
    expect(page.county).toMatchObject({ name: "Silivri", covered: page.neighbourhoods.length });
    expect(page.neighbourhoods.find((x) => x.id === n.id)?.area).toMatchObject({ stdPrice: 18_000, vipPrice: 30_000 });
    const r = await delivery.getOptions(app, { cityId: 34, countyId: silivri.id, areaId: n.id }, BASKET);
    expect(r.ok && r.options.delivery.inZone).toBe(true);
    expect((await h.act("operations", zoneRoute.action, zonePath, { intent: "zone", countyId: String(silivri.id), covered: "on" })).status).toBe(409);
    await h.act("operations", zoneRoute.action, zonePath, { intent: "zone", countyId: String(silivri.id) });
    expect(await delivery.doorCost(app, n.id)).toBeNull();
    // a county of another city is refused
    expect((await h.act("operations", zoneRoute.action, zonePath, { intent: "zone", countyId: "601", covered: "on", stdPrice: "10" })).status).toBe(409);

    expect(resultOf(await h.act("operations", zoneRoute.action, zonePath, { intent: "cityDays", cityId: "65", minDay: "2" })).ok).toBe(true);
    expect((await delivery.cityList(app)).find((c) => c.id === 65)).toMatchObject({ minDay: 2, colour: "yellow" });
    expect(await lastAudit("city", 65)).toMatchObject({ action: "delivery.cityDays", before: { minDay: 3 }, after: { minDay: 2 } });
  });
});

// ─── site ───────────────────────────────────────────────────────────────────────────────────────

describe("site", () => {
  const path = "/management/site";

  it("maintenance on with a sanitised note, then off; the header messages; audited", async () => {
    const on = await h.act("marketing", siteRoute.action, path, { intent: "maintenance", maintenance: "on", note: '<p onclick="x()">Kısa bir bakımdayız. <a href="javascript:alert(1)">x</a></p><script>alert(1)</script>' });
    expect(on).toMatchObject({ status: 200, data: { ok: true, message: "Bakım modu açıldı: ziyaretçiler yalnızca bakım sayfasını görüyor." } });
    const status = await site.getStatus(app);
    expect(status.maintenance).toBe(true);
    expect(status.maintenanceNote).toContain("Kısa bir bakımdayız.");
    expect(status.maintenanceNote).not.toMatch(/script|onclick|javascript/);
    // the area keeps working during maintenance
    expect((await h.load("marketing", siteRoute.loader, path)).status).toBe(200);
    const off = await h.act("marketing", siteRoute.action, path, { intent: "maintenance", note: status.maintenanceNote });
    expect(resultOf(off).message).toBe("Bakım modu kapatıldı.");
    expect((await site.getStatus(app)).maintenance).toBe(false);
    expect((await audit.list(app, { entity: "site", entityId: "status" })).map((e) => [e.action, (e.after as { maintenance: boolean }).maintenance])).toEqual([
      ["site.maintenance", false],
      ["site.maintenance", true],
    ]);

    expect(resultOf(await h.act("marketing", siteRoute.action, path, { intent: "messages", top: "Kargo gecikmesi", bottom: "" })).ok).toBe(true);
    expect(await site.getStatus(app)).toMatchObject({ topMsg: "Kargo gecikmesi", botMsg: "" });
  });

  it("city campaigns: FreeCity cities, HEDEF81 on or off, reached cities", async () => {
    const form = { intent: "campaign", hedef81Active: "on", introProductId: "11002", freeCityIds: "6, 35" };
    expect((await h.act("marketing", siteRoute.action, path, { ...form, freeCityIds: "6, 99" })).status).toBe(409);
    expect((await h.act("marketing", siteRoute.action, path, { ...form, introProductId: "99999" })).status).toBe(409);
    expect((await h.act("marketing", siteRoute.action, path, { ...form, freeCityIds: "altı" })).status).toBe(400);
    expect(resultOf(await h.act("marketing", siteRoute.action, path, form)).ok).toBe(true);
    expect(await campaigns.forCity(app, 35)).toMatchObject({ coverage: "FreeCity" });
    const reached = (await campaigns.reachedCities(app)).map((c) => c.cityId);
    const unreached = (await geo.listCities(app)).find((c) => !reached.includes(c.id) && ![6, 35].includes(c.id))!;
    expect(await campaigns.forCity(app, unreached.id)).toMatchObject({ coverage: "HEDEF81" });
    expect(resultOf(await h.act("marketing", siteRoute.action, path, { intent: "reach", cityId: String(unreached.id) })).ok).toBe(true);
    expect(await campaigns.forCity(app, unreached.id)).toBeNull();
    await h.act("marketing", siteRoute.action, path, { intent: "unreach", cityId: String(unreached.id) });
    expect(await campaigns.forCity(app, unreached.id)).toMatchObject({ coverage: "HEDEF81" });
    await h.act("marketing", siteRoute.action, path, { ...form, hedef81Active: "" });
    expect(await campaigns.forCity(app, unreached.id)).toBeNull();
    expect(await lastAudit("settings", "campaign")).toMatchObject({ action: "site.campaign", after: { hedef81Active: false, freeCityIds: [6, 35] } });
  });

  it("contact inbox: new → read → answered, filtered by state; audited", async () => {
    const sent = await contact.send(app, { name: "Deniz Kaya", email: "deniz@example.com", findus: "friend", news: true, message: "Doğum günü için 40 kutu sipariş verebilir miyiz?" }, "10.7.7.7");
    if (!sent.ok) throw new Error("not sent");
    const list = async (q: string) => (await h.load("operations", messagesRoute.loader, `/management/messages?${q}`)).data as Awaited<ReturnType<typeof messagesRoute.loader>>;
    expect((await list("state=new")).rows.map((r) => r.id)).toContain(sent.id);
    const unread = (await list("")).unread;
    const params = { messageId: String(sent.id) };
    const mpath = `/management/messages/${sent.id}`;
    expect(((await h.load("marketing", messageRoute.loader, mpath, params)).data as { state: string }).state).toBe("new");
    expect(resultOf(await h.act("operations", messageRoute.action, mpath, { state: "read" }, params))).toMatchObject({ ok: true, message: "Mesaj okundu olarak işaretlendi." });
    expect((await list("")).unread).toBe(unread - 1);
    expect(resultOf(await h.act("marketing", messageRoute.action, mpath, { state: "answered" }, params)).ok).toBe(true);
    const m = (await h.load("operations", messageRoute.loader, mpath, params)).data as { state: string; readAt: string; answeredAt: string };
    expect(m).toMatchObject({ state: "answered", readAt: expect.any(String), answeredAt: expect.any(String) });
    expect((await list("state=answered&q=deniz")).rows.map((r) => r.id)).toEqual([sent.id]);
    expect((await list("state=new&q=deniz")).total).toBe(0);
    await h.act("operations", messageRoute.action, mpath, { state: "new" }, params);
    expect((await list("state=new&q=deniz")).total).toBe(1);
    expect((await audit.list(app, { entity: "contact", entityId: String(sent.id) })).map((e) => (e.after as { state: string }).state)).toEqual(["new", "answered", "read"]);
    expect((await h.load("operations", messageRoute.loader, "/management/messages/999999", { messageId: "999999" })).status).toBe(404);
  });
});
