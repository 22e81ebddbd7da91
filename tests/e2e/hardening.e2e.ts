import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { startPreparedShop, type RunningShop } from "./server";
import { member, NEW_CARD, readyBasket, session, type Visitor } from "./fixtures";
import type { AppContext } from "~/.server/context";
import { readOutbox } from "~/.server/mail/outbox";
import { users } from "~/.server/db/schema/accounts";
import { eq } from "drizzle-orm";
import { tr } from "~/shared/texts/tr";
import { checkoutTr } from "~/shared/texts/checkout.tr";

/**
 * Issue 23: the attacks a security probe found, each against the built server over HTTP. Distinct loopback source
 * addresses (127.0.0.N; the whole 127/8 is local on Linux) stand in for distinct clients.
 */

const OWNER = { email: "sahip.selin@ornek.com.tr", name: "Selin Sahipoğlu", password: "Sahibin-Parolasi-2026" };
const STAFF = { email: "mutfak.mert@ornek.com.tr", name: "Mert Mutfak", password: "Mutfak-Parolasi-2026" };
const BUYER = { email: "alici.ali@ornek.com.tr", name: "Ali Alıcı" };

let shop: RunningShop;
let cleanup = () => {};
const guests: (Visitor & { sessionId: string })[] = [];

async function prepare(app: AppContext) {
  await member(app, OWNER);
  const s = await member(app, STAFF);
  await app.db.update(users).set({ role: "operations" }).where(eq(users.id, s.id));
  await member(app, BUYER);
  // guests at the payment step who have not chosen yet: the step asks them 'Üye misiniz?'
  for (let i = 0; i < 3; i++) {
    const g = await session(app, null);
    await readyBasket(app, { sessionId: g.sessionId, userId: null }, { lines: [{ productId: 10003, quantity: 1 }], pay: NEW_CARD, email: `misafir${i}@ornek.com.tr`, guestChosen: false });
    guests.push(g);
  }
}

beforeAll(async () => {
  ({ shop, cleanup } = await startPreparedShop({ LOG_LEVEL: "info" }, prepare, { shopNow: "2026-11-24T10:00:00+03:00", captureLog: true }));
}, 180_000);
afterAll(async () => {
  await shop?.stop();
  cleanup();
});

interface Answer {
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  text: string;
}

/** One request from the client at `from` (a loopback address): node:http with that source address. */
function send(method: string, path: string, opts: { from?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Answer> {
  const url = new URL(shop.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, method, path, agent: false, localAddress: opts.from ?? "127.0.0.1", headers: { ...(opts.body !== undefined ? { "content-length": String(Buffer.byteLength(opts.body)) } : {}), ...opts.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? "", headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    req.on("error", reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

const sameOrigin = () => ({ origin: shop.url, "sec-fetch-site": "same-origin" });
const json = (body: unknown, from: string, path = "/api/auth/signin") =>
  send("POST", path, { from, headers: { ...sameOrigin(), "content-type": "application/json" }, body: JSON.stringify(body) });
const formPost = (path: string, fields: Record<string, string>, opts: { from?: string; cookie?: string; csrf?: string; headers?: Record<string, string> } = {}) =>
  send("POST", path, {
    from: opts.from,
    headers: { ...sameOrigin(), "content-type": "application/x-www-form-urlencoded", ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
    body: new URLSearchParams({ ...fields, ...(opts.csrf ? { _csrf: opts.csrf } : {}) }).toString(),
  });

function expectSecurityHeaders(a: Answer, what: string) {
  expect(a.headers["content-security-policy"], what).toMatch(/default-src/);
  expect(a.headers["content-security-policy"], what).toMatch(/frame-ancestors 'none'/);
  expect(a.headers["x-frame-options"], what).toBe("DENY");
  expect(a.headers["x-content-type-options"], what).toBe("nosniff");
  expect(a.headers["permissions-policy"], what).toMatch(/camera=\(\)/);
}

describe("§1 a stranger cannot lock the owner out", () => {
  it("app channel: 10 wrong passwords from A, then the right one from B signs in; A is held back", async () => {
    const A = "127.0.0.2";
    for (let i = 0; i < 10; i++) expect((await json({ email: OWNER.email, password: `Yanlis-Parola-${i}` }, A)).status).toBe(401);
    const eleventh = await json({ email: OWNER.email, password: OWNER.password }, A);
    expect(eleventh.status).toBe(429);
    expect(JSON.parse(eleventh.text)).toEqual({ error: tr.errors.tooManyRequests });
    const owner = await json({ email: OWNER.email, password: OWNER.password }, "127.0.0.3");
    expect(owner.status, owner.text).toBe(200);
    expect(JSON.parse(owner.text).token).toMatch(/^[\w-]{20,}$/);
    // the owner's successes are not counted: twenty more sign-ins from B all work
    for (let i = 0; i < 20; i++) expect((await json({ email: OWNER.email, password: OWNER.password }, "127.0.0.3")).status).toBe(200);
  }, 180_000);

  it("web, staff account: 10 wrong from A, then the right one from B signs in", async () => {
    const A = "127.0.0.4";
    for (let i = 0; i < 10; i++) {
      const r = await formPost("/auth/login", { intent: "signin", email: STAFF.email, password: `Yanlis-Parola-${i}` }, { from: A });
      expect(r.status).toBe(200);
      expect(r.text).toContain("Giriş yapılamadı");
    }
    expect((await formPost("/auth/login", { intent: "signin", email: STAFF.email, password: STAFF.password }, { from: A })).status).toBe(429);
    const staff = await formPost("/auth/login?returnUrl=%2Fmanagement", { intent: "signin", email: STAFF.email, password: STAFF.password }, { from: "127.0.0.5" });
    expect(staff.status, staff.text.slice(0, 300)).toBe(302);
    expect(staff.headers.location).toBe("/management");
  }, 180_000);

  it("50 wrong passwords from A across 50 accounts are stopped", async () => {
    const A = "127.0.0.6";
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push((await json({ email: `tahmin${i}@ornek.com.tr`, password: "Yanlis-Parola-1" }, A)).status);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    // and the right password of a real account from A too, while another client signs in
    expect((await json({ email: BUYER.email, password: "Yanlis-Parola-1" }, A)).status).toBe(429);
  }, 180_000);

  it("a stranger's reset requests do not stop the owner's: B's reset reaches the outbox; every answer is the same", async () => {
    const outbox = join(shop.dataDir, "outbox");
    const resetsTo = async (to: string) => (await readOutbox(outbox)).filter((m) => m.to.includes(to) && m.text.includes("/resetpass/")).length;
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await formPost("/auth/reset", { intent: "send", email: OWNER.email }, { from: "127.0.0.7" });
      expect(r.status).toBe(200);
      answers.push(r.text.replace(/nonce="[^"]*"|"nonce-[^"]*"|[\da-f]{8}-[\da-f-]{27}/g, ""));
    }
    const waitFor = async (n: number) => {
      const deadline = Date.now() + 15_000;
      while ((await resetsTo(OWNER.email)) < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
      return resetsTo(OWNER.email);
    };
    expect(await waitFor(3)).toBe(3);
    const own = await formPost("/auth/reset", { intent: "send", email: OWNER.email }, { from: "127.0.0.8" });
    expect(own.status).toBe(200);
    expect(own.text).toContain("gönderildi");
    expect(await waitFor(4)).toBe(4);
    // the stranger's 4th and 5th requests sent nothing and were answered like the first
    expect(new Set(answers).size).toBe(1);
  }, 180_000);
});

/** Every path of the route table (params filled in), and the endpoints server.ts mounts itself. */
function allPaths(): { path: string; file: string }[] {
  const out: { path: string; file: string }[] = [];
  const walk = (entries: RouteConfigEntry[], prefix: string) => {
    for (const e of entries) {
      const path = e.index ? prefix : `${prefix}/${e.path ?? ""}`.replace(/\/+/g, "/");
      out.push({ path: path.replace(/:(\w+)\?/g, "x$1").replace(/:(\w+)/g, "x$1").replace(/\*$/, "baska") || "/", file: e.file });
      if (e.children) walk(e.children, path);
    }
  };
  walk(routes as RouteConfigEntry[], "");
  const server = readFileSync("server.ts", "utf8");
  for (const m of server.matchAll(/app\.(post|put|patch|delete|all)\(\s*"([^"]+)"/g)) {
    if (!m[2]!.includes("*")) out.push({ path: m[2]!.replace(/:(\w+)/g, "x$1"), file: "server.ts" });
  }
  return out;
}

describe("§2 no forgeable post: every state-changing request from another site is refused", () => {
  it("the probe's attack: a no-cors text/plain post 'x=application/json' to /games/getFortune from another site", async () => {
    const r = await send("POST", "/games/getFortune", {
      headers: { origin: "https://kotu.example", "sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors", "content-type": "text/plain; x=application/json" },
      body: JSON.stringify({ nick: "kurban_ayse" }),
    });
    expect(r.status, r.text).toBe(403);
    expect(JSON.parse(r.text)).toEqual({ ok: false, error: tr.errors.crossSiteBody });
    // from the shop itself the media type is read exactly: text/plain with a parameter naming JSON is not JSON
    const own = await send("POST", "/games/getFortune", { headers: { ...sameOrigin(), "content-type": "text/plain; x=application/json" }, body: JSON.stringify({ nick: "kurban_ayse" }) });
    expect(own.status).toBe(415);
    expect(JSON.parse(own.text)).toEqual({ error: tr.errors.unsupportedMediaType });
  });

  const ATTACKS: [string, Record<string, string>][] = [
    ["cross-site no-cors JSON in text/plain", { origin: "https://kotu.example", "sec-fetch-site": "cross-site", "content-type": "text/plain; x=application/json" }],
    ["cross-site form", { origin: "https://kotu.example", "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" }],
    ["cross-site JSON (Origin only)", { origin: "http://127.0.0.1.kotu.example", "content-type": "application/json" }],
    ["sandboxed frame (Origin null)", { origin: "null", "content-type": "application/x-www-form-urlencoded" }],
    ["same-site subdomain", { origin: shop?.url ?? "", "sec-fetch-site": "same-site", "content-type": "application/x-www-form-urlencoded" }],
  ];

  it("table: every route of app/routes.ts and server.ts, as a page and as data, for each method, is refused with 403 in Turkish", async () => {
    const paths = allPaths();
    expect(paths.length).toBeGreaterThan(80);
    expect(paths.some((p) => p.path === "/games/getFortune")).toBe(true);
    const tried: string[] = [];
    for (const { path, file } of paths) {
      const callback = /^\/odeme\/3ds\/[^/]+\/callback$/.test(path);
      for (const target of [path, `${path === "/" ? "/_root" : path}.data`]) {
        for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
          for (const [name, headers] of ATTACKS) {
            const h = name === "same-site subdomain" ? { ...headers, origin: shop.url } : headers;
            const r = await send(method, target, { headers: h, body: headers["content-type"]!.includes("json") ? '{"nick":"kurban","email":"a@b.c"}' : "intent=add&productId=10003&quantity=1&nick=kurban" });
            const what = `${method} ${target} (${file}) ${name} → ${r.status} ${r.text.slice(0, 120)}`;
            tried.push(what);
            if (callback && target === path && method === "POST") {
              // the bank's page posts the buyer back from its own site: let through, and refused without the provider's signature
              expect([400, 404], what).toContain(r.status);
              continue;
            }
            expect(r.status, what).toBe(403);
            expect(r.text, what).toContain(tr.errors.crossSiteBody.slice(0, 40));
            expectSecurityHeaders(r, what);
          }
        }
      }
    }
    expect(tried.length).toBe(paths.length * 2 * 4 * ATTACKS.length);
  }, 300_000);
});

describe("§3 the payment step is no account lookup", () => {
  const save = (g: Visitor, email: string, from: string) =>
    formPost("/order/payment.data", { intent: "save", email, mode: "new", cardHolder: "Misafir Alıcı", lastFour: "0008", cardType: "Mastercard" }, { from, cookie: g.cookie, csrf: g.csrf });

  it("a guest gets the same answer for a member's, a staff member's and a new e-mail", async () => {
    const from = "127.0.0.20";
    const answers = [];
    for (const email of [OWNER.email, STAFF.email, "hic.olmayan@ornek.com.tr"]) {
      const r = await save(guests[0]!, email, from);
      expect(r.status, r.text).toBe(200);
      answers.push(r.text.replaceAll(email, "E-POSTA"));
    }
    expect(answers[1]).toBe(answers[0]);
    expect(answers[2]).toBe(answers[0]);
    expect(answers[0]).not.toMatch(/existing|"new"/);
  });

  it("is limited per client like sign-in (20 in 15 minutes) with the Turkish 429", async () => {
    const from = "127.0.0.21";
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await save(guests[1]!, `tahmin${i}@ornek.com.tr`, from)).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    const r = await save(guests[1]!, "bir.tane.daha@ornek.com.tr", from);
    expect(r.status).toBe(429);
    expect(r.text).toContain(tr.errors.tooManyRequests);
    // another client (the real buyer) is not held back
    expect((await save(guests[2]!, BUYER.email, "127.0.0.22")).status).toBe(200);
  }, 180_000);

  it("the overlay offers sign-in, quick membership and going on as a guest to everyone", () => {
    expect(checkoutTr.overlay.intro).toMatch(/giriş/i);
    expect(checkoutTr.overlay.intro).toMatch(/üye olmadan/i);
  });
});

describe("§5 every answer: security headers, Turkish text, the right status, no error-level log", () => {
  it("table of refusals before and after the router", async () => {
    const logFrom = shop.log.length;
    const long = `/home?q=${"a".repeat(5000)}`;
    const guest = guests[2]!;
    const rows: [string, () => Promise<Answer>, number, string, { notText?: string }?][] = [
      ["unknown method", () => send("PROPFIND", "/home"), 405, tr.errors.methodNotAllowedBody],
      ["address too long", () => send("GET", long), 414, tr.errors.uriTooLongBody],
      ["malformed address", () => send("GET", "/%E0%A4%A"), 400, tr.errors.badRequestBody],
      ["body too large", () => send("POST", "/contact", { headers: { ...sameOrigin(), "content-type": "application/x-www-form-urlencoded", "content-length": "3000000" }, body: "" }), 413, tr.errors.tooLargeBody],
      ["cross-site post to a page", () => send("POST", "/basket", { headers: { origin: "https://kotu.example", "content-type": "application/x-www-form-urlencoded" }, body: "intent=add" }), 403, tr.errors.crossSiteBody],
      ["cross-site post as data", () => send("POST", "/basket.data", { headers: { origin: "https://kotu.example", "content-type": "application/x-www-form-urlencoded" }, body: "intent=add" }), 403, tr.errors.crossSiteBody, { notText: "Bad Request" }],
      ["an upload that is not there", () => send("GET", "/uploads/products/resim.png"), 404, tr.errors.fileNotFound, { notText: "Not found" }],
      ["a build file that is not there", () => send("GET", "/assets/yok-123.js"), 404, tr.errors.fileNotFound],
      ["a post to a page without an action", () => formPost("/home", { a: "b" }), 405, tr.errors.noActionBody, { notText: tr.errors.pageBody }],
      ["a post without the session's token, as data", () => formPost("/basket.data", { intent: "add", productId: "10003", quantity: "1" }, { cookie: guest.cookie }), 403, "Oturumunuzun süresi dolmuş", { notText: "Internal Server Error" }],
      ["a post without the session's token, as a page", () => formPost("/basket", { intent: "add", productId: "10003", quantity: "1" }, { cookie: guest.cookie }), 403, "Oturumunuzun süresi dolmuş", { notText: tr.errors.pageBody }],
      ["an unreadable form, as data", () => send("POST", "/contact.data", { headers: { ...sameOrigin(), "content-type": "multipart/form-data" }, body: "x" }), 400, tr.errors.formUnreadable, { notText: "Internal Server Error" }],
      ["an unknown page (SPEC: shows the home screen)", () => send("GET", "/home/yok/yok/yok"), 404, ""],
      ["a static file", () => send("GET", "/favicon.svg"), 200, ""],
    ];
    for (const [what, go, status, text, opt] of rows) {
      const r = await go();
      expect(r.status, `${what}: ${r.text.slice(0, 200)}`).toBe(status);
      if (text) expect(r.text, what).toContain(text);
      if (opt?.notText) expect(r.text + r.statusText, what).not.toContain(opt.notText);
      expect(r.statusText, what).not.toBe("Internal Server Error");
      expectSecurityHeaders(r, what);
    }
    // node:http's own refusal (a header block over its limit) carries them too
    const raw = await new Promise<string>((resolve) => {
      const url = new URL(shop.url);
      const s = connect(Number(url.port), url.hostname, () => s.write(`GET /home HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`));
      let got = "";
      s.on("data", (d) => (got += String(d)));
      s.on("close", () => resolve(got));
      s.on("error", () => resolve(got));
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431/);
    expect(raw).toMatch(/X-Frame-Options: DENY/i);
    expect(raw).toMatch(/X-Content-Type-Options: nosniff/i);
    expect(raw).toMatch(/Content-Security-Policy: default-src 'none'/i);
    expect(raw).toContain(tr.errors.uriTooLongTitle);
    // logged: the refusals at info or warn, nothing at error
    await new Promise((r) => setTimeout(r, 300));
    const lines = shop.log.slice(logFrom).map((l) => JSON.parse(l) as { level: number; msg: string; status?: number });
    expect(lines.length).toBeGreaterThan(rows.length);
    const errors = lines.filter((l) => l.level >= 50);
    expect(errors, JSON.stringify(errors).slice(0, 2000)).toEqual([]);
    expect(lines.some((l) => l.level === 40 && l.msg === "cross-site request refused")).toBe(true);
  }, 180_000);
});
