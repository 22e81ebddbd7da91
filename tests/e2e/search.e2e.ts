import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launch, openPage } from "./browser";
import { startShop, type RunningShop } from "./server";

/**
 * Issue 27 §1 in Chromium on a 390 × 844 phone: the header's search field typed with Turkish input (keyboard
 * only: open, type, Enter, Escape), the search page without JavaScript, 'no results' with its suggestion,
 * noindex and the anonymous page cache, and the server's time per search answer (printed). The matching
 * and ranking table: app/.server/catalog/search.test.ts and search-seeded.test.ts.
 */
let shop: RunningShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop({ captureLog: true, env: { LOG_LEVEL: "info" } }), launch()]);
}, 180_000);
afterAll(async () => {
  await shop?.stop();
  await browser?.close();
});

describe("product search (issue 27 §1)", () => {
  it("the header's field on a phone: Turkish input by keyboard finds Kış Kutusu; Escape closes the row", async () => {
    const t = await openPage(browser, shop.url);
    const p = t.page;
    await t.visit("/home");
    await p.getByRole("button", { name: "Ürün ara" }).focus();
    await p.keyboard.press("Enter");
    // the same button, now named for what it does next
    expect(await p.getByRole("button", { name: "Aramayı kapat" }).getAttribute("aria-expanded")).toBe("true");
    const field = p.getByRole("search", { name: "Ürün arama" }).getByRole("searchbox", { name: "Aradığınız ürün" });
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    // the row fits the phone
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await t.axe();
    // Escape closes the row and gives the focus back to the button
    await p.keyboard.press("Escape");
    await expect.poll(() => field.count()).toBe(0);
    expect(await p.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Ürün ara");

    // typed into the header's row on /home; on the search page the magnifier selects the page's own field
    for (const typed of ["KIŞ", "kis", "kış kutusu"]) {
      await p.getByRole("button", { name: "Ürün ara" }).click();
      await p.keyboard.type(typed);
      await p.keyboard.press("Enter");
      await p.waitForURL((u) => u.pathname === "/ara" && u.searchParams.get("q") === typed);
      await p.getByRole("heading", { level: 1, name: `“${typed}” için arama sonuçları` }).waitFor();
      const first = p.getByRole("main").getByRole("listitem").first();
      await expect.poll(() => first.getByRole("heading", { level: 2 }).textContent()).toBe("Kış Kutusu");
      // the row closed with the navigation; the page's own field holds the query
      expect(await p.locator("#site-search").count()).toBe(0);
      expect(await p.getByRole("main").getByRole("searchbox").inputValue()).toBe(typed);
    }
    await p.getByRole("status").filter({ hasText: /^\d+ ürün bulundu\.$/ }).waitFor();
    await t.axe();

    // on the page: diacritics optional, a typo, contents — then nothing found, with a suggestion that works
    const pageField = p.getByRole("main").getByRole("searchbox");
    await pageField.fill("");
    await pageField.pressSequentially("sicak cikolata");
    await p.keyboard.press("Enter");
    await p.waitForURL(/q=sicak/);
    await expect.poll(() => p.getByRole("main").getByRole("listitem").first().getByRole("heading").textContent()).toBe("Sıcak Çikolata Karışımı");
    await pageField.fill("kavnzoou");
    await p.keyboard.press("Enter");
    await p.getByText("“kavnzoou” ile eşleşen ürün bulamadık.").waitFor();
    await p.getByRole("link", { name: "kavanozu" }).click();
    await p.waitForURL(/q=kavanozu/);
    await expect.poll(() => p.getByRole("main").getByRole("listitem").first().getByRole("heading").textContent()).toBe("Mini Kurabiye Kavanozu");
    await pageField.fill("pizza");
    await p.keyboard.press("Enter");
    await p.getByText("“pizza” ile eşleşen ürün bulamadık.").waitFor();
    await p.getByRole("navigation", { name: "Kategorilere göz atın:" }).getByRole("link", { name: "Hediye Kutuları" }).waitFor();
    expect(await p.getByText("Bunu mu demek istediniz:").count()).toBe(0);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await t.axe();
    await t.close();
  });

  it("without JavaScript: the header's magnifier leads to /ara, whose form searches by GET", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: shop.url, viewport: { width: 390, height: 844 }, locale: "tr-TR" });
    const page = await context.newPage();
    await page.goto("/home");
    await Promise.all([page.waitForURL("**/ara"), page.getByRole("link", { name: "Ürün ara" }).click()]);
    await page.getByRole("heading", { level: 1, name: "Ürün Ara" }).waitFor();
    await page.getByRole("main").getByRole("searchbox", { name: "Aradığınız ürün" }).fill("İSTANBUL'a KIŞ kutusu");
    await Promise.all([page.waitForURL(/\/ara\?q=/), page.getByRole("main").getByRole("button", { name: "Ara" }).click()]);
    // 'istanbul'a' is in no product: every word must be found
    await page.getByText("“İSTANBUL'a KIŞ kutusu” ile eşleşen ürün bulamadık.").waitFor();
    await page.getByRole("main").getByRole("searchbox").fill("KIŞ kutusu");
    await Promise.all([page.waitForURL(/q=KI%C5%9E/), page.getByRole("main").getByRole("button", { name: "Ara" }).click()]);
    expect(await page.getByRole("main").getByRole("listitem").first().getByRole("heading").textContent()).toBe("Kış Kutusu");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await context.close();
  });

  it("noindex, follow; not in the sitemap; anonymous answers come from the page cache; time per answer (printed)", async () => {
    const url = `${shop.url}/ara?q=${encodeURIComponent("kış")}`;
    const r = await fetch(url);
    expect(r.status).toBe(200);
    expect(r.headers.get("x-robots-tag")).toBe("noindex, follow");
    const html = await r.text();
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(html).not.toContain('rel="canonical"');
    const again = await fetch(url);
    expect(again.headers.get("etag")).toBe(r.headers.get("etag"));
    expect((await fetch(url, { headers: { "if-none-match": r.headers.get("etag")! } })).status).toBe(304);
    expect(await (await fetch(`${shop.url}/sitemap.xml`)).text()).not.toContain("/ara");

    // the server's time per search answer, from its access log (request start to finish, as Express saw it):
    // the page rendered (each query once at a new URL, so no cached entry), the client navigation's data
    // (what the header's field fetches with JavaScript); cached pages measured by the client
    const queries = ["kis", "KIŞ KUTUSU", "cikolata", "sicak cikolata", "heyecnalı", "fındık", "dogum gunu", "pizza", "kavnzoou", "tereyağı"];
    const serverMs = async (u: string) => {
      const res = await fetch(u);
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      const id = res.headers.get("x-request-id")!;
      for (let i = 0; i < 50; i++) {
        const line = shop.log.find((l) => l.includes(id));
        if (line) return (JSON.parse(line) as { ms: number }).ms;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no access log line for ${u} (${id}): ${shop.log.slice(-3).join("\n")}`);
    };
    const clientMs = async (u: string) => {
      const t0 = performance.now();
      await (await fetch(u)).arrayBuffer();
      return performance.now() - t0;
    };
    const rendered: number[] = [];
    const data: number[] = [];
    const cached: number[] = [];
    const home: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (const q of queries) {
        const u = `${shop.url}/ara?q=${encodeURIComponent(q)}&r=${round}`;
        rendered.push(await serverMs(u));
        cached.push(await clientMs(u));
        data.push(await serverMs(`${shop.url}/ara.data?q=${encodeURIComponent(q)}&d=${round}`));
        home.push(await serverMs(`${shop.url}/home?r=${round}-${encodeURIComponent(q)}`));
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(1);
    const max = (xs: number[]) => Math.max(...xs).toFixed(1);
    console.log(
      `search answers on the seeded catalogue, ${rendered.length} each: server time of a rendered /ara page median ${median(rendered)} ms (max ${max(rendered)}), ` +
        `of its data for a client navigation median ${median(data)} ms (max ${max(data)}); a cached /ara page answered in ${median(cached)} ms median ` +
        `(client-measured, max ${max(cached)}); for comparison a rendered /home: median ${median(home)} ms (max ${max(home)})`,
    );
  });
});
