import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launch, openPage } from "./browser";
import { startShop, type RunningShop } from "./server";

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  // the full geography, as `npm start` seeds it (all 81 cities with every neighbourhood)
  [shop, browser] = await Promise.all([startShop({ shopNow: "2026-11-23T10:00:00+03:00", env: { GEO_SEED: "full" } }), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function json<T>(path: string): Promise<{ status: number; cache: string | null; body: T }> {
  const r = await fetch(shop.url + path);
  return { status: r.status, cache: r.headers.get("cache-control"), body: (await r.json()) as T };
}

type Obj<T> = { obj: T };

describe("geography and delivery calls", () => {
  it("cities, counties and neighbourhoods with long cache headers", async () => {
    const cities = await json<Obj<{ cityID: number; cityName: string; disabled: boolean }[]>>("/api/geo/cities");
    expect(cities.status).toBe(200);
    expect(cities.body.obj.filter((c) => !c.disabled)).toHaveLength(81);
    expect(cities.body.obj.find((c) => c.cityID === 83)?.disabled).toBe(true);
    expect(cities.cache).toMatch(/public, max-age=\d+/);
    const counties = await json<Obj<{ countyID: number; countyName: string }[]>>("/api/geo/cities/34/counties");
    expect(counties.body.obj).toHaveLength(39);
    expect(counties.cache).toMatch(/max-age=604800/);
    const kadikoy = counties.body.obj.find((c) => c.countyName === "Kadıköy")!;
    const neigh = await json<Obj<{ neighborhoodID: number; neighborhoodName: string; postalCode: string }[]>>(
      `/api/geo/counties/${kadikoy.countyID}/neighbourhoods`,
    );
    expect(neigh.body.obj.length).toBeGreaterThan(15);
    const caferaga = neigh.body.obj.find((n) => n.neighborhoodName.startsWith("Caferağa"))!;
    const cost = await json<Obj<{ std: { cost: number }; vip: { cost: number } }>>(`/api/delivery/door-cost/${caferaga.neighborhoodID}`);
    expect(cost.body.obj.std.cost).toBe(12_000);
    const options = await json<Obj<{ shipping: { suggested: { date: string } }; notices: { code: string }[] }>>(
      `/api/delivery/options?cityId=34&countyId=${kadikoy.countyID}&areaId=${caferaga.neighborhoodID}&date=`,
    );
    expect(options.status).toBe(200);
    expect(options.cache).toMatch(/no-store/);
    expect(options.body.obj.shipping.suggested.date).toBe("24 Kasım Salı"); // empty basket: tomorrow
    expect(options.body.obj.notices.map((n) => n.code)).toEqual(["basketEmpty"]);
    expect((await json("/api/delivery/options?cityId=6&countyId=" + kadikoy.countyID)).status).toBe(400);
    expect((await json("/api/geo/cities/99/counties")).status).toBe(404);
    expect((await json("/api/delivery/door-cost/1")).status).toBe(404);
  });
});

describe("shipping-cost calculator (/deliveryoptions)", () => {
  it("works with JavaScript: lists reload, Turkish search, costs for a neighbourhood", async () => {
    const t = await openPage(browser, shop.url);
    expect(await t.visit("/deliveryoptions")).toBe(200);
    const page = t.page;
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Teslimat Seçenekleri");
    // delivery-time info coloured by MinDay
    await expect(page.locator('[data-testid=city-days] li[data-colour="green"]', { hasText: "İstanbul" }).count()).resolves.toBe(1);
    await expect(page.locator('[data-testid=city-days] li[data-colour="disabled"]').count()).resolves.toBe(1);

    const city = page.getByLabel("İl", { exact: true });
    await expect(city.locator('option[value="83"]').isDisabled()).resolves.toBe(true);
    // search the city list with Turkish letters, Enter picks the first match
    await page.getByLabel("İl ara").fill("İSTANBUL");
    await page.getByLabel("İl ara").press("Enter");
    await expect(city.inputValue()).resolves.toBe("34");
    const county = page.getByLabel("İlçe", { exact: true });
    await county.locator("option", { hasText: "Kadıköy" }).waitFor({ state: "attached" });
    await page.getByLabel("İlçe ara").fill("kadikoy");
    await page.getByLabel("İlçe ara").press("Enter");
    const neighbourhood = page.getByLabel("Mahalle (isteğe bağlı)", { exact: true });
    await neighbourhood.locator("option", { hasText: "Caferağa" }).waitFor({ state: "attached" });
    await expect(page.getByText("Gün içi teslimat seçeneğini görmek için gereklidir.").first().isVisible()).resolves.toBe(true);
    const caferaga = await neighbourhood.locator("option", { hasText: "Caferağa" }).getAttribute("value");
    await neighbourhood.selectOption(caferaga!);

    // choosing another county clears the neighbourhood and reloads the list for that county
    await Promise.all([
      page.waitForResponse((r) => /\/api\/geo\/counties\/\d+\/neighbourhoods$/.test(new URL(r.url()).pathname) && r.ok()),
      county.selectOption({ label: "Üsküdar" }),
    ]);
    await expect(neighbourhood.inputValue()).resolves.toBe("");
    await neighbourhood.locator("option", { hasText: "Altunizade" }).waitFor({ state: "attached" });
    await expect(neighbourhood.locator("option", { hasText: "Caferağa" }).count()).resolves.toBe(0);
    await county.selectOption({ label: "Kadıköy" });
    await neighbourhood.locator("option", { hasText: "Caferağa" }).waitFor({ state: "attached" });
    await expect(neighbourhood.locator("option", { hasText: "Altunizade" }).count()).resolves.toBe(0);
    await neighbourhood.selectOption(caferaga!);

    // choosing another city clears county and neighbourhood
    await city.selectOption("6");
    await expect(county.inputValue()).resolves.toBe("");
    await expect(neighbourhood.inputValue()).resolves.toBe("");
    await county.locator("option", { hasText: "Çankaya" }).waitFor({ state: "attached" });
    await city.selectOption("34");
    await county.locator("option", { hasText: "Kadıköy" }).waitFor({ state: "attached" });
    await county.selectOption({ label: "Kadıköy" });
    await neighbourhood.locator("option", { hasText: "Caferağa" }).waitFor({ state: "attached" });
    await neighbourhood.selectOption(caferaga!);

    await page.getByRole("button", { name: "Hesapla" }).click();
    await page.getByRole("heading", { name: /Caferağa.*Kadıköy, İstanbul için teslimat ücretleri/ }).waitFor();
    const table = page.getByRole("table", { name: "Kargo ile gönderim" });
    await expect(table.getByRole("row", { name: /Standart Kargo/ }).textContent()).resolves.toMatch(/₺90,00.*25 Kasım Çarşamba/);
    // the basket is empty, so door delivery is not offered and express shipping is (SPEC §4)
    await expect(table.getByRole("row", { name: /Hızlı Kargo/ }).textContent()).resolves.toMatch(/₺150,00/);
    await page.getByText("Sepetiniz boş; ücretler boş sepet için gösterilmektedir.").waitFor();
    await expect(table.getByRole("row", { name: /Diğer Kargo/ }).textContent()).resolves.toMatch(/Yurtiçi Kargo, Aras Kargo, MNG Kargo/);
    await expect(page.locator('[data-option="door-std"]').textContent()).resolves.toMatch(/₺120,00/);
    await expect(page.locator('[data-option="door-vip"]').textContent()).resolves.toMatch(/₺220,00/);
    await expect(page.locator('[data-notice="basketEmpty"]').count()).resolves.toBe(1);
    await t.axe();
    t.assertNoErrors();
    await t.close();
  });

  it("an uncovered county shows the notice with a contact link and express shipping", async () => {
    const t = await openPage(browser, shop.url);
    const counties = await json<Obj<{ countyID: number; countyName: string }[]>>("/api/geo/cities/34/counties");
    const silivri = counties.body.obj.find((c) => c.countyName === "Silivri")!;
    await t.visit(`/deliveryoptions?cityId=34&countyId=${silivri.countyID}&calc=1`);
    const notice = t.page.locator('[data-notice="areaNotCovered"]');
    await expect(notice.textContent()).resolves.toMatch(/gün içi teslimat bölgelerimiz arasında bulunmamaktadır/);
    await expect(notice.getByRole("link", { name: "Bize ulaşın" }).getAttribute("href")).resolves.toBe("/contact");
    await expect(t.page.getByRole("row", { name: /Hızlı Kargo/ }).textContent()).resolves.toMatch(/₺150,00/);
    t.assertNoErrors();
    await t.close();
  });

  it("works without JavaScript as a GET form; city and county are required", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: "tr-TR", baseURL: shop.url });
    const page = await context.newPage();
    await page.goto("/deliveryoptions");
    await page.getByRole("button", { name: "Hesapla" }).click();
    await page.getByRole("alert").filter({ hasText: "Lütfen il seçiniz" }).waitFor(); // field errors are announced
    await page.getByLabel("İl", { exact: true }).selectOption("6");
    await page.getByRole("button", { name: "Hesapla" }).click();
    await page.getByText("Lütfen ilçe seçiniz").waitFor();
    expect(new URL(page.url()).searchParams.get("cityId")).toBe("6");
    await page.getByLabel("İlçe", { exact: true }).selectOption({ label: "Çankaya" });
    await page.getByRole("button", { name: "Hesapla" }).click();
    await page.getByRole("heading", { name: "Çankaya, Ankara için teslimat ücretleri" }).waitFor();
    await expect(page.getByRole("row", { name: /Standart Kargo/ }).textContent()).resolves.toMatch(/₺90,00.*26 Kasım Perşembe/);
    await expect(page.getByText("Gün içi adrese teslim yalnızca İstanbul içinde").count()).resolves.toBe(1);
    // a county left over from another city is dropped, not trusted
    await page.getByLabel("İl", { exact: true }).selectOption("34");
    await page.getByRole("button", { name: "Hesapla" }).click();
    await page.getByText("Lütfen ilçe seçiniz").waitFor();
    await expect(page.getByLabel("İlçe", { exact: true }).locator("option", { hasText: "Kadıköy" }).count()).resolves.toBe(1);
    await context.close();
  });
});

describe("the calculator and the delivery calls use the visitor's basket", () => {
  it("costs, thresholds and same-day options follow what is in the basket", async () => {
    const t = await openPage(browser, shop.url);
    await t.visit("/product/20002", { axe: false });
    await t.page.getByLabel("Adet", { exact: true }).fill("3");
    await t.page.getByRole("button", { name: "SEPETE EKLE" }).click();
    await t.page.getByText("Ürün sepetinize eklendi").first().waitFor();

    const counties = await json<Obj<{ countyID: number; countyName: string }[]>>("/api/geo/cities/34/counties");
    const kadikoy = counties.body.obj.find((c) => c.countyName === "Kadıköy")!;
    const neigh = await json<Obj<{ neighborhoodID: number; neighborhoodName: string }[]>>(`/api/geo/counties/${kadikoy.countyID}/neighbourhoods`);
    const caferaga = neigh.body.obj.find((n) => n.neighborhoodName.startsWith("Caferağa"))!;

    // the JSON calls carry the browser's session cookie, so they see its basket
    const optionsRes = await t.page.request.get(`/api/delivery/options?cityId=34&countyId=${kadikoy.countyID}&areaId=${caferaga.neighborhoodID}`);
    expect(optionsRes.status()).toBe(200);
    const o = ((await optionsRes.json()) as Obj<{
      shipping: { basketDetails: { itemCount: number; productTotal: number }; suggested: { dateISO: string }; slots: { express: unknown } };
      delivery: { std: { available: boolean; isToday: boolean; remainingtoFree: number } };
      notices: { code: string }[];
    }>).obj;
    expect(o.shipping.basketDetails.itemCount).toBe(3);
    const total = o.shipping.basketDetails.productTotal;
    expect(total).toBeGreaterThan(0);
    // no 'basket must contain products' any more; at 10:00 only the VIP morning slot (09:00) has passed its order time
    expect(o.notices.map((n) => n.code)).toEqual(["sameDayPassed"]);
    expect(o.shipping.suggested.dateISO).toBe("2026-11-23"); // same day: before 15:00 with products
    expect(o.delivery.std).toMatchObject({ available: true, isToday: true, remainingtoFree: Math.max(0, 200_000 - total) });
    expect(o.shipping.slots.express).toBeNull(); // door delivery offered and cheaper than express

    const door = (await (await t.page.request.get(`/api/delivery/door-cost/${caferaga.neighborhoodID}`)).json()) as Obj<{ std: { remainingtoFree: number } }>;
    expect(door.obj.std.remainingtoFree).toBe(Math.max(0, 200_000 - total));
    // a visitor without the cookie still gets the empty basket
    const anon = await json<Obj<{ shipping: { basketDetails: { itemCount: number } } }>>(`/api/delivery/options?cityId=6`);
    expect(anon.body.obj.shipping.basketDetails.itemCount).toBe(0);

    await t.visit(`/deliveryoptions?cityId=34&countyId=${kadikoy.countyID}&areaId=${caferaga.neighborhoodID}&calc=1`);
    await t.page.getByText(/^Sepetinizdeki ürün tutarı: ₺/).waitFor();
    await expect(t.page.locator('[data-notice="basketEmpty"]').count()).resolves.toBe(0);
    await expect(t.page.getByRole("row", { name: /Hızlı Kargo/ }).count()).resolves.toBe(0);
    t.assertNoErrors();
    await t.close();
  });
});
