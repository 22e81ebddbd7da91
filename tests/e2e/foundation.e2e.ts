import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launch, openPage, waitForHydration } from "./browser";
import { startShop, type RunningShop } from "./server";

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

describe("site chrome and routes", () => {
  it("home renders with header and footer, version and © 2020", async () => {
    const t = await openPage(browser, shop.url);
    expect(await t.visit("/home")).toBe(200);
    await expect(t.page.getByRole("banner").count()).resolves.toBe(1);
    const footer = t.page.getByRole("contentinfo");
    await expect(footer.textContent()).resolves.toMatch(/© 2020/);
    await expect(footer.textContent()).resolves.toMatch(/Sürüm 0\.\d+\.\d+/);
    await expect(t.page.getByRole("link", { name: /Kurabiye Atölyesi — Ana Sayfa/ }).getAttribute("href")).resolves.toBe("/home");
    t.assertNoErrors();
    await t.close();
  });

  it("/ redirects to /home; /order and /auth children redirect as the route table says", async () => {
    const t = await openPage(browser, shop.url);
    await t.visit("/", { axe: false });
    expect(new URL(t.page.url()).pathname).toBe("/home");
    // /order → /order/delivery; with an empty basket the delivery step then goes home
    const order = await fetch(`${shop.url}/order`, { redirect: "manual" });
    expect([301, 302]).toContain(order.status);
    expect(order.headers.get("location")).toBe("/order/delivery");
    await t.visit("/order", { axe: false });
    expect(new URL(t.page.url()).pathname).toBe("/home");
    await t.visit("/order/nereye", { axe: false });
    expect(new URL(t.page.url()).pathname).toBe("/home");
    await t.visit("/agreement", { axe: false });
    expect(new URL(t.page.url()).pathname).toBe("/agreement/nda");
    await t.visit("/auth/bilinmeyen?returnUrl=%2Fbasket", { axe: false });
    expect(new URL(t.page.url()).pathname + new URL(t.page.url()).search).toBe("/auth/login?returnUrl=%2Fbasket");
    t.assertNoErrors();
    await t.close();
  });

  it("/jpb and /printnote have neither header nor footer", async () => {
    const t = await openPage(browser, shop.url);
    for (const path of ["/jpb", "/mcappsss", "/advr"]) {
      await t.visit(path);
      expect(await t.page.getByRole("banner").count(), path).toBe(0);
      expect(await t.page.getByRole("contentinfo").count(), path).toBe(0);
    }
    t.assertNoErrors();
    await t.close();
  });

  it("an unknown path shows the home screen with HTTP 404", async () => {
    const t = await openPage(browser, shop.url);
    expect(await t.visit("/boyle-bir-sayfa/yok", { expectStatus: 404 })).toBe(404);
    await expect(t.page.getByRole("heading", { level: 1 }).textContent()).resolves.toMatch(/El yapımı/);
    await expect(t.page.getByRole("banner").count()).resolves.toBe(1);
    await t.close();
  });

  it("the benchmark's routes are off unless BENCH_ROUTES=1: /bench/empty is an unknown path, /bench/queries a bare 404", async () => {
    const empty = await fetch(`${shop.url}/bench/empty`);
    expect(empty.status).toBe(404);
    expect(await empty.text()).toMatch(/El yapımı/);
    const queries = await fetch(`${shop.url}/bench/queries`);
    expect(queries.status).toBe(404);
    expect(await queries.text()).toBe("");
    // its action (the floor of a form's POST in bench:load) answers as an unknown path's POST does
    const post = (path: string) =>
      fetch(`${shop.url}${path}`, { method: "POST", headers: { origin: shop.url, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" }, body: "a=1" });
    for (const suffix of ["", ".data"]) {
      const [bench, unknown] = await Promise.all([post(`/bench/empty${suffix}`), post(`/boyle-bir-sayfa/yok${suffix}`)]);
      expect([bench.status, unknown.status]).toEqual([405, 405]);
      expect(await bench.text()).not.toMatch(/"ok"/);
    }
  });

  it("clicking the empty basket shows 'Sepetiniz boş'", async () => {
    const t = await openPage(browser, shop.url);
    await t.visit("/home", { axe: false });
    await t.page.getByRole("banner").getByRole("link", { name: /^Sepet/ }).click();
    await t.page.getByText("Sepetiniz boş").waitFor();
    expect(new URL(t.page.url()).pathname).toBe("/home");
    t.assertNoErrors();
    await t.close();
  });

  it("side menu is a dialog: opens, shows the sub-menu of tile 8, closes with Escape", async () => {
    const t = await openPage(browser, shop.url);
    await t.visit("/home", { axe: false });
    await t.page.getByRole("button", { name: "Menüyü aç" }).click();
    const dialog = t.page.getByRole("dialog", { name: "Menü" });
    await dialog.waitFor();
    await t.axe();
    await dialog.getByRole("button", { name: /Bilgi/ }).click();
    await dialog.getByRole("link", { name: /Sıkça Sorulan Sorular/ }).waitFor();
    await t.page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    t.assertNoErrors();
    await t.close();
  });
});

describe("anonymous page cache in the browser", () => {
  it("a reload after the page was rendered anew (another nonce) gets 304, from the cache or from the render itself; the browser's copy keeps its own CSP and hydrates", async () => {
    const short = await startShop({ env: { PAGE_CACHE_SECONDS: "2" } });
    try {
      const t = await openPage(browser, short.url);
      await fetch(`${short.url}/sss`); // the render that fills the entry; the browser gets a hit, with its ETag
      const first = await t.page.goto("/sss", { waitUntil: "load" });
      expect(first?.headers()["x-page-cache"]).toBe("hit");
      const etag = first!.headers().etag!;
      const nonce = /'nonce-([^']+)'/.exec(first!.headers()["content-security-policy"]!)![1]!;
      await waitForHydration(t.page);
      // two lifetimes later the entry is gone; the next visitor's request renders it again, with a new nonce
      await new Promise((r) => setTimeout(r, 4_500));
      await fetch(`${short.url}/sss`);
      const renewed = await fetch(`${short.url}/sss`);
      expect(renewed.headers.get("x-page-cache")).toBe("hit");
      expect(renewed.headers.get("content-security-policy")).not.toContain(nonce);
      expect(renewed.headers.get("etag")).toBe(etag);

      // Chromium shows a revalidated copy as 200; the raw headers are the server's 304 (no CSP, no body headers)
      const [reload] = await Promise.all([t.page.waitForResponse((r) => new URL(r.url()).pathname === "/sss"), t.page.reload({ waitUntil: "load" })]);
      expect((await reload.request().allHeaders())["if-none-match"]).toBe(etag);
      const raw = await reload.allHeaders();
      expect(raw.etag).toBe(etag);
      expect(raw["content-security-policy"]).toBeUndefined();
      expect(raw["content-type"]).toBeUndefined();
      await waitForHydration(t.page);
      // the page is the kept copy, whose scripts carry the old nonce: they ran (hydration) with no CSP error (close)
      expect(await t.page.evaluate((n) => [...document.scripts].some((el) => el.nonce === n), nonce)).toBe(true);

      // the entry gone again and no other visitor: the reload itself renders the page, and that render answers
      // 304 too (the ETag is made before the first answer goes out)
      await new Promise((r) => setTimeout(r, 4_500));
      const [rendered] = await Promise.all([t.page.waitForResponse((r) => new URL(r.url()).pathname === "/sss"), t.page.reload({ waitUntil: "load" })]);
      const renderedRaw = await rendered.allHeaders();
      expect(renderedRaw["x-page-cache"]).toBeUndefined();
      expect(renderedRaw.etag).toBe(etag);
      expect(renderedRaw["content-security-policy"]).toBeUndefined();
      expect(renderedRaw["content-type"]).toBeUndefined();
      await waitForHydration(t.page);
      expect(await t.page.evaluate((n) => [...document.scripts].some((el) => el.nonce === n), nonce)).toBe(true);
      await t.close();
    } finally {
      await short.stop();
    }
  }, 180_000);
});

describe("maintenance and site messages", () => {
  it("maintenance on shows only the maintenance screen with 503; off brings the shop back", async () => {
    const on = await shop.site("maintenance", "on", "--note", "<p>Fırınlarımızı yeniliyoruz.</p><script>alert(1)</script>");
    expect(on.code, on.out).toBe(0);
    const t = await openPage(browser, shop.url);
    t.allowHttpStatus(503);
    const res = await t.page.goto("/home");
    expect(res?.status()).toBe(503);
    expect(res?.headers()["retry-after"]).toBeTruthy();
    await t.page.getByText("Fırınlarımızı yeniliyoruz.").waitFor();
    expect(await t.page.locator("script").count()).toBe(0);
    expect(await t.page.getByRole("banner").count()).toBe(0);
    await t.axe();
    expect((await fetch(`${shop.url}/healthz`)).status).toBe(200);
    const off = await shop.site("maintenance", "off");
    expect(off.code, off.out).toBe(0);
    expect(await t.visit("/home")).toBe(200);
    await expect(t.page.getByRole("banner").count()).resolves.toBe(1);
    await t.close();
  });

  it("the top message can be dismissed and stays dismissed after reload", async () => {
    const r = await shop.site("message", "--top", "Yılbaşı siparişleri için son gün 28 Aralık!");
    expect(r.code, r.out).toBe(0);
    const t = await openPage(browser, shop.url);
    await t.visit("/home");
    const msg = t.page.getByText("Yılbaşı siparişleri için son gün 28 Aralık!");
    await msg.waitFor();
    const bottom = t.page.getByText("Hediyenizle birlikte resim, müzik, video gönderebilirsiniz!");
    await bottom.waitFor();
    await Promise.all([
      t.page.waitForResponse((r) => r.url().includes("/site/dismiss") && r.ok()),
      t.page.getByRole("region", { name: "Duyuru" }).getByRole("button", { name: "Mesajı kapat" }).click(),
    ]);
    await msg.waitFor({ state: "detached" });
    await t.page.reload({ waitUntil: "networkidle" });
    expect(await msg.count()).toBe(0);
    expect(await bottom.count()).toBe(1);
    t.assertNoErrors();
    await t.close();
  });

  it("the messages are part of the header: hidden wherever header and footer are (mcapp, print, jpb, advr)", async () => {
    const top = "Bayram boyunca siparişler 3 gün sonra kargoda";
    const r = await shop.site("message", "--top", top, "--bottom", "Hediyenizle birlikte resim, müzik, video gönderebilirsiniz!");
    expect(r.code, r.out).toBe(0);
    const t = await openPage(browser, shop.url);
    await t.visit("/sss");
    expect(await t.page.getByRole("region", { name: "Duyuru" }).getByText(top).count(), "/sss").toBe(1);
    expect(await t.page.getByRole("region", { name: "Bilgi" }).getByText(/Hediyenizle birlikte/).count(), "/sss").toBe(1);
    for (const path of ["/jpb", "/advr", "/mcappsss", "/mcapphedef81", "/mcappdonation"]) {
      await t.visit(path);
      expect(await t.page.getByRole("banner").count(), path).toBe(0);
      expect(await t.page.getByRole("contentinfo").count(), path).toBe(0);
      expect(await t.page.getByText(top).count(), path).toBe(0);
      expect(await t.page.getByText(/Hediyenizle birlikte/).count(), path).toBe(0);
    }
    t.allowHttpStatus(401, 403, 404);
    await t.page.goto("/printnote/1", { waitUntil: "networkidle" });
    if (new URL(t.page.url()).pathname.startsWith("/print")) {
      expect(await t.page.getByText(top).count()).toBe(0);
      expect(await t.page.getByText(/Hediyenizle birlikte/).count()).toBe(0);
    }
    await t.close();
  });
});

describe("the end-to-end harness", () => {
  it("close() fails on a console error; expected HTTP errors and requests the test aborts do not count", async () => {
    const t = await openPage(browser, shop.url);
    await t.visit("/about", { axe: false });
    await Promise.all([t.page.waitForEvent("console"), t.page.evaluate(() => console.error("beklenmeyen hata"))]);
    expect(t.unexpectedErrors()).toEqual(["beklenmeyen hata"]);
    await expect(t.close()).rejects.toThrow(/beklenmeyen hata/);

    const notFound = await openPage(browser, shop.url);
    await notFound.visit("/yok-boyle-sayfa", { axe: false });
    expect(notFound.unexpectedErrors().join("\n")).toMatch(/status of 404/);
    await notFound.page.context().close();

    const expected = await openPage(browser, shop.url);
    expect(await expected.visit("/yok-boyle-sayfa", { axe: false, expectStatus: 404 })).toBe(404);
    await expected.close();

    const noScript = await openPage(browser, shop.url);
    await noScript.page.route("**/*.js", (r) => r.abort());
    await noScript.page.goto("/home", { waitUntil: "networkidle" });
    await noScript.page.getByRole("heading", { level: 1 }).waitFor();
    await noScript.close();
  });

  it("an abandoned request's AbortError is no page error; any other uncaught rejection still is", async () => {
    // React Router 7.18 leaves such a rejection unwatched when an action's redirect supersedes its own answer
    // before that answer closed (CI, stop 33: 'pageerror: signal is aborted without reason' in the checkout walk)
    const t = await openPage(browser, shop.url);
    await t.visit("/about", { axe: false });
    const errorSeen = t.page.waitForEvent("pageerror");
    await t.page.evaluate(async () => {
      const aborted = new AbortController();
      aborted.abort();
      void Promise.reject(aborted.signal.reason as Error);
      const reading = fetch("/home", { signal: aborted.signal });
      void reading; // rejected and never watched, as in the router
      await new Promise((r) => setTimeout(r, 200));
      void Promise.reject(new Error("gerçek bir hata"));
    });
    expect((await errorSeen).message).toBe("gerçek bir hata");
    expect(t.unexpectedErrors()).toEqual(["pageerror: gerçek bir hata"]);
    await t.page.context().close();
  });
});

describe("robustness at the edge", () => {
  it("malformed URLs, huge query strings and unknown methods get a clean 4xx page", async () => {
    const bad = await fetch(`${shop.url}/%E0%A4%A`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Geçersiz istek");
    const long = await fetch(`${shop.url}/home?q=${"a".repeat(6000)}`);
    expect(long.status).toBe(414);
    const method = await fetch(`${shop.url}/home`, { method: "PROPFIND" });
    expect(method.status).toBe(405);
    expect(method.headers.get("allow")).toContain("GET");
    // the server is still fine afterwards
    expect((await fetch(`${shop.url}/healthz`)).status).toBe(200);
  });

  it("security headers: nonce CSP without unsafe-inline scripts, no framing, nosniff, compression", async () => {
    const r = await fetch(`${shop.url}/home`, { headers: { "accept-encoding": "br, gzip" } });
    const csp = r.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(r.headers.get("x-content-type-options")).toBe("nosniff");
    expect(r.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.headers.get("content-encoding")).toMatch(/br|gzip/);
    const html = await r.text();
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const a = await fetch(shop.url + asset);
    expect(a.headers.get("cache-control")).toContain("immutable");
  });

  it("the build's files are sent as their brotli or gzip copy made at build time, by Accept-Encoding, and decode to the same bytes", async () => {
    const { request } = await import("node:http");
    const { brotliDecompressSync, gunzipSync } = await import("node:zlib");
    const { readFileSync } = await import("node:fs");
    /** Raw bytes and headers, undecoded (fetch would decode them). */
    const raw = (path: string, acceptEncoding: string) =>
      new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
        request(shop.url + path, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
          const parts: Buffer[] = [];
          res.on("data", (c: Buffer) => parts.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
        })
          .on("error", reject)
          .end();
      });
    const html = await (await fetch(`${shop.url}/home`)).text();
    const assets = [html.match(/\/assets\/[^"]+\.js/)?.[0], html.match(/\/assets\/[^"]+\.css/)?.[0]];
    for (const path of assets) {
      expect(path).toBeTruthy();
      const plain = await raw(path!, "identity");
      expect(plain.status).toBe(200);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      const br = await raw(path!, "gzip, deflate, br");
      expect(br.headers["content-encoding"]).toBe("br");
      expect(String(br.headers["content-type"]).toLowerCase()).toBe(String(plain.headers["content-type"]).toLowerCase());
      expect(br.headers["cache-control"]).toContain("immutable");
      expect(br.headers.vary).toContain("Accept-Encoding");
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      const gz = await raw(path!, "gzip");
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
      // the copies made at build time, not compressed again per request
      const built = `${process.env.BUILD_DIR ?? "build"}/client${path}`;
      expect(br.body.equals(readFileSync(`${built}.br`))).toBe(true);
      expect(gz.body.equals(readFileSync(`${built}.gz`))).toBe(true);
      expect(br.body.length).toBeLessThan(gz.body.length);
    }
    // a product picture outside /assets too
    const svg = await raw("/img/products/cookie-orijinal.svg", "br");
    expect(svg.status).toBe(200);
    expect(svg.headers["content-encoding"]).toBe("br");
    expect(svg.headers["content-type"]).toContain("image/svg+xml");
    // a build file that is not there (an earlier build's chunk), or a path that is not valid percent-encoding:
    // a short plain 404 in Turkish, not the library's English nor a rendered page
    for (const missing of ["/assets/entry.client-0000000.js", "/assets/%E0"]) {
      const r = await fetch(shop.url + missing);
      expect(r.status).toBe(404);
      expect(r.headers.get("content-type")).toContain("text/plain");
      expect(r.headers.get("cache-control")).toBe("no-store");
      expect(await r.text()).toBe("Aradığınız dosya bulunamadı.");
    }
  });

  it("data survives a restart; a bad config value stops start-up with one line naming it", async () => {
    const { startShop: start } = await import("./server");
    const first = await start();
    const msg = "Yeniden başlatma testi";
    expect((await first.site("message", "--bottom", msg)).code).toBe(0);
    // restart on the same data directory / database
    first.process.kill("SIGTERM");
    await new Promise((r) => first.process.once("exit", r));
    const { spawn } = await import("node:child_process");
    const again = spawn(process.execPath, ["server.js"], { env: first.env, stdio: "ignore" });
    try {
      let html = "";
      for (let i = 0; i < 150 && !html.includes(msg); i++) {
        await new Promise((r) => setTimeout(r, 200));
        html = await fetch(`${first.url}/home`).then((r) => r.text(), () => "");
      }
      expect(html).toContain(msg);
    } finally {
      const exited = new Promise((r) => again.once("exit", r));
      again.kill("SIGTERM");
      await exited;
      await first.stop();
    }
    const bad = spawn(process.execPath, ["server.js"], { env: { ...first.env, PORT: "seksen" }, stdio: ["ignore", "pipe", "pipe"] });
    let err = "";
    bad.stderr.on("data", (d) => (err += String(d)));
    const code = await new Promise((r) => bad.once("exit", r));
    expect(code).toBe(1);
    expect(err.trim().split("\n")).toHaveLength(1);
    expect(err).toContain("PORT");
  });
});
