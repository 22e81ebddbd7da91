import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import { createServer, type Server } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { cacheKey, createPageCache, encodingFor, isCacheablePath } from "./page-cache";

describe("which requests may share a rendered page", () => {
  const key = (url: string, headers: Record<string, string> = {}, method = "GET") => cacheKey(method, url, { host: "shop", ...headers });

  it("only anonymous GET/HEAD of pages without personal data", () => {
    for (const p of ["/home", "/home/cookie", "/home/sub/mini", "/product/20002", "/sss", "/agreement/nda", "/home.data", "/product/1.data", "/ara", "/ara.data"]) expect(isCacheablePath(p), p).toBe(true);
    for (const p of ["/basket", "/order/delivery", "/memberarea/orders", "/auth/login", "/printinvoice/1", "/s/abc", "/p/KOD", "/fortune", "/api/geo/cities", "/management", "/odeme/3ds/x"]) {
      expect(isCacheablePath(p), p).toBe(false);
    }
    expect(key("/home")).toBe("shop/home#");
    expect(key("/home", {}, "HEAD")).toBe("shop/home#");
    expect(key("/home", {}, "POST")).toBeNull();
    expect(key("/basket")).toBeNull();
  });

  it("never for a session, a known user, a sign-in flow or an Authorization header", () => {
    expect(key("/home", { cookie: "sid=abc" })).toBeNull();
    expect(key("/home", { cookie: "__Host-sid=abc" })).toBeNull();
    expect(key("/home", { cookie: "ku=ayse@example.com" })).toBeNull();
    expect(key("/home", { cookie: "fd=device" })).toBeNull();
    expect(key("/home", { authorization: "Bearer x" })).toBeNull();
  });

  it("the dismissed site messages are part of the key", () => {
    expect(key("/home", { cookie: "dm_top=k1" })).toBe("shop/home#k1|");
    expect(key("/home", { cookie: "dm_bot=k2; dm_top=k1" })).toBe("shop/home#k1|k2");
    expect(key("/home?sort=az")).toBe("shop/home?sort=az#");
  });
});

describe("the cache in front of an app", () => {
  let server: Server;
  let base = "";
  let renders = 0;
  let clock = 0;
  let setCookie = false;
  let slow: (() => void) | null = null;
  /** What /agreement/dely shows: the same content render after render unless changed. */
  let stable = "kurabiyeler";
  let partsWritten = 0;
  let partsSize = 0;
  const cache = createPageCache({ ttlSeconds: 10, now: () => clock });

  beforeAll(async () => {
    const app = express();
    app.use((_req, res, next) => {
      res.locals.nonce = `nonce-of-render-${renders}`;
      res.locals.requestId = `request-id-of-render-${renders}`;
      res.setHeader("Content-Security-Policy", `script-src 'nonce-nonce-of-render-${renders}'`);
      res.setHeader("X-Request-Id", res.locals.requestId);
      next();
    });
    app.use(cache.record);
    app.get("/{*splat}", async (req, res) => {
      renders++;
      if (slow) await new Promise<void>((r) => (slow = r));
      if (setCookie) res.setHeader("Set-Cookie", "x=1");
      if (req.path === "/product/9") res.setHeader("Cache-Control", "private, no-store");
      if (req.path === "/home/sub/parts") {
        // a body written in pieces, one with a callback, one as bytes
        res.type("html");
        res.write(`<p nonce="${res.locals.nonce}">one `, () => partsWritten++);
        res.write(Buffer.from("two "));
        res.end(`three ${"x".repeat(partsSize)}`);
        return;
      }
      if (req.path === "/agreement/dely") {
        res.type("html").send(`<script nonce="${res.locals.nonce}">window.requestId = "${res.locals.requestId}"</script>${stable}`);
        return;
      }
      res.type("html").send(`<script nonce="${res.locals.nonce}"></script>page ${req.path} ${renders}`);
    });
    server = createServer((req, res) => void (cache.handle(req, res, app) || app(req, res)));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers });

  it("answers the second anonymous request from the cache, with its nonce in body and CSP, ETag and 304", async () => {
    const first = await get("/home");
    expect(first.headers.get("cache-control")).toBe("no-cache");
    const firstBody = await first.text();
    const second = await get("/home");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(await second.text()).toBe(firstBody);
    expect(second.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
    expect(second.headers.get("vary")).toContain("Cookie");
    const etag = second.headers.get("etag")!;
    expect((await get("/home", { "if-none-match": etag })).status).toBe(304);
    const gz = await fetch(base + "/home", { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("x-page-cache")).toBe("hit");
    expect(renders).toBe(1);
  });

  it("renders for a visitor with a session and marks it private", async () => {
    const r = await get("/home", { cookie: "sid=abc" });
    expect(r.headers.get("x-page-cache")).toBeNull();
    expect(r.headers.get("cache-control")).toBe("private, no-cache");
    expect(await r.text()).toContain("page /home 2");
  });

  it("keeps nothing that sets a cookie or is private", async () => {
    setCookie = true;
    await get("/sss");
    setCookie = false;
    expect((await get("/sss")).headers.get("x-page-cache")).toBeNull();
    await get("/product/9");
    expect((await get("/product/9")).headers.get("x-page-cache")).toBeNull();
  });

  it("expires after its TTL (served stale while one request renders anew) and empties on clear()", async () => {
    const before = renders;
    clock += 11_000;
    // stale: this request renders, the entry is replaced
    await get("/home");
    expect(renders).toBe(before + 1);
    expect((await get("/home")).headers.get("x-page-cache")).toBe("hit");
    cache.clear();
    expect((await get("/home")).headers.get("x-page-cache")).toBeNull();
  });

  it("lets concurrent requests for a page wait for one render", async () => {
    cache.clear();
    const before = renders;
    slow = () => {};
    const first = get("/about");
    await new Promise((r) => setTimeout(r, 50));
    const others = Array.from({ length: 5 }, () => get("/about"));
    await new Promise((r) => setTimeout(r, 50));
    const release = slow;
    slow = null;
    release();
    const answers = await Promise.all([first, ...others]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(renders).toBe(before + 1);
    expect(answers.slice(1).every((a) => a.headers.get("x-page-cache") === "hit")).toBe(true);
  });

  it("does not keep a render that started before an invalidation", async () => {
    cache.clear();
    slow = () => {};
    const pending = get("/process");
    await new Promise((r) => setTimeout(r, 50));
    cache.clear();
    const release = slow;
    slow = null;
    release();
    await pending;
    expect((await get("/process")).headers.get("x-page-cache")).toBeNull();
  });

  it("keeps the ETag of unchanged content across renders: 304 without a CSP header; changed content gets a new one", async () => {
    cache.clear();
    await get("/agreement/dely");
    const first = await get("/agreement/dely");
    expect(first.headers.get("x-page-cache")).toBe("hit");
    const etag = first.headers.get("etag")!;
    const nonce = /'nonce-([^']+)'/.exec(first.headers.get("content-security-policy")!)![1]!;
    expect(await first.text()).toContain(nonce);

    // the entry goes (two TTLs later); the next render has another nonce and request id, the same content
    clock += 25_000;
    await get("/agreement/dely");
    const again = await get("/agreement/dely");
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(again.headers.get("content-security-policy")).not.toContain(nonce);
    expect(again.headers.get("etag")).toBe(etag);
    const revalidated = await get("/agreement/dely", { "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    // the browser keeps the CSP stored with its copy (the old nonce, as in that copy's body)
    expect(revalidated.headers.get("content-security-policy")).toBeNull();
    expect(revalidated.headers.get("etag")).toBe(etag);
    expect(revalidated.headers.get("cache-control")).toBe("no-cache");

    stable = "kurabiyeler ve kutular";
    cache.clear();
    await get("/agreement/dely");
    const changed = await get("/agreement/dely", { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(await changed.text()).toContain("kurabiyeler ve kutular");
  });

  it("the first answer carries the ETag a hit will have; a revalidation the cache no longer holds still gets a 304", async () => {
    cache.clear();
    stable = "kurabiyeler";
    const first = await get("/agreement/dely");
    expect(first.headers.get("x-page-cache")).toBeNull();
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    expect(await first.text()).toContain("kurabiyeler");
    expect((await get("/agreement/dely")).headers.get("etag")).toBe(etag);

    // entry gone: the page renders again, its content has not changed, so the browser's copy stays
    cache.clear();
    const before = renders;
    const again = await get("/agreement/dely", { "if-none-match": `W/${etag}` });
    expect(renders).toBe(before + 1);
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("content-security-policy")).toBeNull();
    expect(again.headers.get("content-type")).toBeNull();
    expect(again.headers.get("cache-control")).toBe("no-cache");
    expect(again.headers.get("vary")).toContain("Cookie");
    // and the render was kept for the next visitor
    expect((await get("/agreement/dely")).headers.get("x-page-cache")).toBe("hit");

    // another ETag: the whole page
    cache.clear();
    const other = await get("/agreement/dely", { "if-none-match": '"something-else"' });
    expect(other.status).toBe(200);
    expect(await other.text()).toContain("kurabiyeler");
    // a page that is not kept (private) is sent as the app wrote it, without the cache's ETag
    const session = await get("/agreement/dely", { cookie: "sid=abc", "if-none-match": etag });
    expect(session.status).toBe(200);
    expect(session.headers.get("etag")).not.toBe(etag);
  });

  it("a body written in pieces is sent whole, its write callbacks called; one over the size limit is sent as it comes and not kept", async () => {
    cache.clear();
    partsWritten = 0;
    const first = await get("/home/sub/parts");
    expect(await first.text()).toMatch(/^<p nonce="[^"]+">one two three $/);
    expect(partsWritten).toBe(1);
    const hit = await get("/home/sub/parts");
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    expect(hit.headers.get("etag")).toBe(first.headers.get("etag"));

    cache.clear();
    partsSize = 2_100_000;
    const big = await get("/home/sub/parts");
    const text = await big.text();
    expect(text.length).toBeGreaterThan(2_100_000);
    expect(text).toMatch(/^<p nonce="[^"]+">one two three x+$/);
    expect(big.headers.get("etag")).toBeNull();
    expect((await get("/home/sub/parts")).headers.get("x-page-cache")).toBeNull();
    partsSize = 0;
  });

  it("a hit is sent as brotli or gzip by Accept-Encoding, each decoding to the same page", async () => {
    await get("/nutrition");
    const { get: httpGet } = await import("node:http");
    const raw = (acceptEncoding: string) =>
      new Promise<{ coding: string | undefined; body: Buffer; hit: unknown }>((resolve, reject) => {
        const chunks: Buffer[] = [];
        const req = new URL(base + "/nutrition");
        httpGet({ host: req.hostname, port: req.port, path: req.pathname, headers: { "accept-encoding": acceptEncoding } }, (res) => {
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ coding: res.headers["content-encoding"], body: Buffer.concat(chunks), hit: res.headers["x-page-cache"] }));
        }).on("error", reject);
      });
    const plain = await raw("identity");
    expect(plain.hit).toBe("hit");
    expect(plain.coding).toBeUndefined();
    expect(plain.body.toString()).toContain("page /nutrition");
    // Chrome's header lists gzip first: brotli still wins at equal q
    const br = await raw("gzip, deflate, br, zstd");
    expect(br.coding).toBe("br");
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gz = await raw("gzip");
    expect(gz.coding).toBe("gzip");
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    // a lower q for brotli, or brotli refused, gets gzip
    expect((await raw("br;q=0.5, gzip")).coding).toBe("gzip");
    expect((await raw("br;q=0, gzip")).coding).toBe("gzip");
    expect((await raw("deflate")).coding).toBeUndefined();
  });

  it("chooses the coding as negotiated: brotli before gzip at equal q, none when neither is taken", () => {
    const pick = (ae?: string) => encodingFor(ae === undefined ? {} : { "accept-encoding": ae });
    expect(pick("gzip, deflate, br")).toBe("br");
    expect(pick("br")).toBe("br");
    expect(pick("gzip")).toBe("gzip");
    expect(pick("gzip;q=1, br;q=0.8")).toBe("gzip");
    expect(pick("*")).toBe("br");
    expect(pick("")).toBe("identity");
    expect(pick()).toBe("identity");
    expect(pick("compress")).toBe("identity");
  });
});
