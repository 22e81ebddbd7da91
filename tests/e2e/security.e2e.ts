import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { startPreparedShop, startShop, type RunningShop } from "./server";
import { Http } from "./http";
import { member, placeWithSavedCard, readyBasket, savedCard, session, type Visitor } from "./fixtures";
import type { AppContext } from "~/.server/context";
import * as basket from "~/.server/basket/service";
import * as orders from "~/.server/orders/service";
import { giftNotes } from "~/.server/db/schema/notes";
import { tr } from "~/shared/texts/tr";

/**
 * Security checks (issue 13) against the built server over HTTP: CSP without 'unsafe-inline' for scripts, cookie
 * flags (plain http and PUBLIC_URL=https in production), no route that takes an id shows another customer's
 * data, rate limits answer 429 in Turkish, links and return addresses are checked.
 */

const VICTIM = { email: "gizli.zeynep@ornek.com.tr", name: "Zeynep Gizlioğlu", address: "Gizli Sokak No 42 Daire 7 Kavaklıdere" };
const ATTACKER = { email: "merakli.murat@ornek.com.tr", name: "Murat Meraklı", password: "Saldirgan-Parola-2026" };
const VICTIM_CARD = "4766620000000001";

let shop: RunningShop;
let cleanup = () => {};
const victim = {} as { visitor: Visitor; orderNumber: string; publicId: string; noteCode: string; cardId: number; itemId: number; userId: number };
let attacker: Visitor;

async function prepare(app: AppContext) {
  const a = await member(app, VICTIM);
  const card = await savedCard(app, a.id, a.email, VICTIM_CARD);
  const owner = { sessionId: null, userId: a.id };
  await basket.addItem(app, owner, { productId: 10003, quantity: 1 });
  await basket.setNote(app, owner, { notes: "Doğum günün kutlu olsun, gizli not", link: "" });
  const b = await readyBasket(app, owner, { lines: [], pay: card.pay, email: a.email, fullName: VICTIM.name, address: VICTIM.address });
  const publicId = await placeWithSavedCard(app, b, a.id);
  const order = (await orders.getByPublicId(app, publicId))!;
  const [note] = await app.db.select().from(giftNotes).where(eq(giftNotes.orderId, order.id));
  // a second, open basket of the victim (its line must not be touched by anyone else)
  await basket.addItem(app, owner, { productId: 10004, quantity: 1 });
  const open = await basket.getBasket(app, owner);
  Object.assign(victim, { visitor: await session(app, a.id), orderNumber: order.orderNumber, publicId, noteCode: note!.code, cardId: card.cardId, itemId: open.items[0]!.id, userId: a.id });
  const m = await member(app, ATTACKER);
  attacker = await session(app, m.id);
}

beforeAll(async () => {
  ({ shop, cleanup } = await startPreparedShop({}, prepare, { shopNow: "2026-11-24T10:00:00+03:00" }));
});
afterAll(async () => {
  await shop?.stop();
  cleanup();
});

/** Nothing of the victim's order, address, card or note may appear in an answer to someone else. */
function expectNoVictimData(body: string) {
  for (const secret of [VICTIM.name, VICTIM.address, VICTIM.email, victim.orderNumber, victim.publicId, victim.noteCode, "gizli not", "•••• 0001", "**** 0001"]) {
    expect(body, `leaked ${secret}`).not.toContain(secret);
  }
}

/** Route modules that exist (not the placeholder of a screen still being built). */
function routeExists(path: string): boolean {
  const routes = readFileSync("app/routes.ts", "utf8");
  return new RegExp(`route\\("${path}"`).test(routes);
}

describe("Content-Security-Policy", () => {
  it("allows scripts only with this answer's nonce, never 'unsafe-inline'; every inline script carries the nonce", async () => {
    const http = new Http(shop.url);
    for (const path of ["/home", "/product/20002", "/contact", "/auth/login", "/fortune"]) {
      const r = await http.get(path);
      expect(r.status, path).toBe(200);
      const csp = r.headers.get("content-security-policy") ?? "";
      const script = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? "";
      expect(script, path).not.toContain("unsafe-inline");
      expect(script, path).not.toContain("unsafe-eval");
      const nonce = /'nonce-([^']+)'/.exec(script)?.[1];
      expect(nonce, path).toBeTruthy();
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("base-uri 'self'");
      // data blocks (JSON-LD) are never executed; every script that runs must carry the nonce
      const tags = [...r.text.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((t) => !/type="application\/(ld\+)?json"/.test(t));
      expect(tags.length, path).toBeGreaterThan(0);
      for (const tag of tags) expect(tag, path).toContain(`nonce="${nonce}"`);
    }
  });

  it("a cached anonymous page and its CSP header name the same nonce", async () => {
    const first = await new Http(shop.url).get("/sss");
    const second = await new Http(shop.url).get("/sss");
    const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(nonceOf(second.headers.get("content-security-policy"))).toBe(nonceOf(first.headers.get("content-security-policy")));
    expect(second.text).toContain(`nonce="${nonceOf(second.headers.get("content-security-policy"))}"`);
    // a visitor with a session never gets the shared page (nor its nonce)
    const own = await new Http(shop.url, attacker).get("/sss");
    expect(own.headers.get("x-page-cache")).toBeNull();
    expect(own.headers.get("cache-control")).toContain("private");
    expect(nonceOf(own.headers.get("content-security-policy"))).not.toBe(nonceOf(first.headers.get("content-security-policy")));
  });
});

describe("cookies", () => {
  it("the session cookie is HttpOnly and SameSite=Lax, not Secure on plain http", async () => {
    const http = new Http(shop.url);
    const r = await http.post("/basket", { intent: "add", productId: "10003", quantity: "1" });
    expect(r.status).toBeLessThan(400);
    const cookies = r.headers.getSetCookie();
    const sid = cookies.find((c) => c.startsWith("sid="));
    expect(sid).toMatch(/; HttpOnly/i);
    expect(sid).toMatch(/; SameSite=Lax/i);
    expect(sid).toMatch(/; Path=\//i);
    expect(sid).not.toMatch(/; Secure/i);
  });

  it("with PUBLIC_URL=https in production every cookie is Secure (__Host- session), HttpOnly and SameSite", async () => {
    const https = await startShop({ env: { PUBLIC_URL: "https://kurabiye.example.com.tr" } });
    try {
      const http = new Http(https.url);
      const added = await http.post("/basket", { intent: "add", productId: "10003", quantity: "1" });
      const page = await http.get("/home");
      http.csrf = /name="_csrf" value="([\w-]+)"/.exec(page.text)?.[1] ?? "";
      expect(http.csrf).not.toBe("");
      const dismissed = await http.post("/site/dismiss", { which: "bottom", key: "abc123", js: "1" });
      const cookies = [...added.headers.getSetCookie(), ...dismissed.headers.getSetCookie()];
      expect(cookies.some((c) => c.startsWith("__Host-sid="))).toBe(true);
      expect(cookies.some((c) => c.startsWith("dm_bot="))).toBe(true);
      for (const c of cookies) {
        expect(c, c).toMatch(/; Secure/i);
        expect(c, c).toMatch(/; HttpOnly/i);
        expect(c, c).toMatch(/; SameSite=(Lax|Strict)/i);
      }
      expect(cookies.find((c) => c.startsWith("__Host-sid="))).not.toMatch(/; Domain=/i);
    } finally {
      await https.stop();
    }
  });
});

describe("another customer's data", () => {
  // [method, path, form, statuses]: what a signed-in customer could try with identifiers of someone else's order.
  // Order pages by public id, payment pages and gift notes are capability links (unguessable ids, DESIGN): here
  // they are tried with what a stranger can know or guess (the order number, a near miss of the id).
  const REDIRECT = [302, 303];
  const HIDDEN = [302, 303, 403, 404];
  type Row = [string, string, Record<string, string> | undefined, number[]];
  const guesses = (): Row[] => {
    const v = victim;
    const near = (id: string) => `${id.slice(0, -1)}${id.endsWith("A") ? "B" : "A"}`;
    const rows: Row[] = [
      ["GET", `/order/complete?siparis=${v.orderNumber}`, undefined, REDIRECT],
      ["GET", `/order/complete?siparis=${near(v.publicId)}`, undefined, REDIRECT],
      ["GET", `/order/complete?odeme=${"x".repeat(24)}`, undefined, REDIRECT],
      ["GET", `/order/confirm?odeme=${"y".repeat(24)}`, undefined, REDIRECT],
      ["GET", `/odeme/sonuc?odeme=${"z".repeat(24)}`, undefined, [200, ...HIDDEN]],
      ["GET", `/odeme/3ds/${"q".repeat(24)}`, undefined, [404]],
      ["GET", `/s/${near(v.noteCode)}`, undefined, REDIRECT],
      ["GET", `/s/${v.orderNumber}`, undefined, REDIRECT],
      ["GET", "/memberarea/orders", undefined, [200]],
      ["GET", "/memberarea/cards", undefined, [200]],
      ["GET", "/memberarea/home", undefined, [200]],
      ["POST", "/memberarea/orders", { orderNumber: v.orderNumber }, [200, 404]],
      ["POST", "/memberarea/cards", { cardId: String(v.cardId) }, [404]],
      ["POST", "/basket", { intent: "update", itemId: String(v.itemId), quantity: "5" }, [200, 400, 404, ...REDIRECT]],
      ["POST", "/basket", { intent: "delete", itemId: String(v.itemId) }, [200, 400, 404, ...REDIRECT]],
      ["GET", "/basket", undefined, REDIRECT],
      ["GET", "/order/delivery", undefined, REDIRECT],
      ["GET", "/api/checkout/options?cityId=6&countyId=1", undefined, [409]],
      ["GET", "/management", undefined, HIDDEN],
      ["GET", `/management/orders/${v.orderNumber}`, undefined, HIDDEN],
      ["GET", `/management/customers/${v.userId}`, undefined, HIDDEN],
      ["GET", `/management/customers/${v.userId}/export`, undefined, HIDDEN],
    ];
    for (const p of ["printinvoice", "printnote"]) {
      if (!routeExists(`${p}/:order`)) continue;
      rows.push(["GET", `/${p}/${v.orderNumber}`, undefined, [404]], ["GET", `/${p}/${v.publicId}`, undefined, [404]]);
    }
    return rows;
  };

  it("a signed-in customer gets 404, a redirect or only their own (empty) data — never the victim's", async () => {
    const http = new Http(shop.url, attacker);
    for (const [method, path, form, statuses] of guesses()) {
      const r = method === "GET" ? await http.get(path) : await http.post(path, form ?? {});
      expect(statuses, `${method} ${path} → ${r.status}`).toContain(r.status);
      expectNoVictimData(r.text);
      if (r.status >= 300 && r.status < 400) expect(r.location ?? "", `${method} ${path}`).not.toContain(victim.publicId);
    }
  });

  it("an anonymous visitor gets the same", async () => {
    const http = new Http(shop.url);
    for (const [method, path] of guesses()) {
      if (method === "POST") continue;
      const r = await http.get(path);
      expect(r.status, path).toBeLessThan(500);
      if (r.status === 200) expect(path, "only public pages answer a stranger").toMatch(/^\/odeme\/sonuc/);
      expectNoVictimData(r.text);
    }
    // the member area and the staff area send strangers to sign in (or hide)
    expect((await http.get("/memberarea/orders")).status).toBe(302);
    expect([302, 404]).toContain((await http.get("/management/orders")).status);
  });

  it("the victim's order, card and basket line are untouched, and the victim still sees them", async () => {
    const own = new Http(shop.url, victim.visitor);
    const orders = await own.get("/memberarea/orders");
    // still cancellable by its owner: it was not cancelled by the stranger's post
    expect(orders.text).toContain(`name="orderNumber" value="${victim.orderNumber}"`);
    const cards = await own.get("/memberarea/cards");
    expect(cards.text).toContain("0001");
    const b = await own.get("/basket");
    expect(b.status).toBe(200);
    expect(b.text).toContain(`name="itemId" value="${victim.itemId}"`);
    expect(b.text).toMatch(/name="quantity"[^>]*value="1"/);
    // the print pages open for the owner (when built)
    if (routeExists("printinvoice/:order")) expect((await own.get(`/printinvoice/${victim.orderNumber}`)).status).toBe(200);
  });
});

describe("links, uploads and return addresses", () => {
  it("a gift note's media link must be a web address; a script link is refused in Turkish and not stored", async () => {
    const http = new Http(shop.url, victim.visitor);
    for (const link of ["javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)", "ftp://ornek.com.tr/dosya"]) {
      const r = await http.post("/basket.data", { intent: "checkout", notes: "Merhaba", withMedia: "on", link });
      expect(r.status, link).toBeLessThan(500);
      expect(r.text, link).toMatch(/link/i);
      expect(r.text, link).toMatch(/[çğıöşüİ]/);
    }
    const page = await http.get("/basket");
    for (const bad of ["javascript:", "vbscript:", "data:text/html"]) expect(page.text).not.toContain(bad);
  });

  it("uploaded pictures are served only by their content name: other names and paths are 404", async () => {
    const http = new Http(shop.url);
    for (const name of ["..%2F..%2Fpglite%2FPG_VERSION", "..%2Fserver.json", "%2e%2e%2f%2e%2e%2fsecret", "x.svg", "a".repeat(64) + ".html", "resim.png"]) {
      const r = await http.get(`/uploads/products/${name}`);
      expect([400, 404], name).toContain(r.status);
      expect(r.headers.get("content-type") ?? "", name).not.toMatch(/html|svg/);
    }
  });

  it("sign-in never sends the browser to another site", async () => {
    const http = new Http(shop.url);
    const form = await http.get("/auth/login");
    expect(form.status).toBe(200);
    for (const returnUrl of ["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      const h = new Http(shop.url);
      const r = await h.post(`/auth/login?returnUrl=${encodeURIComponent(returnUrl)}`, { intent: "signin", email: ATTACKER.email, password: ATTACKER.password });
      expect(r.status, returnUrl).toBe(302);
      expect(r.location!.startsWith("/") && !r.location!.startsWith("//") && !r.location!.startsWith("/\\"), `${returnUrl} → ${r.location}`).toBe(true);
    }
  });
});

describe("rate limits", () => {
  it("too many sign-in attempts from one address answer 429 with a Turkish message and Retry-After", async () => {
    const http = new Http(shop.url);
    let last: Awaited<ReturnType<Http["postJson"]>> | undefined;
    for (let i = 0; i < 40; i++) {
      last = await http.postJson("/api/auth/signin", { email: `deneme${i}@ornek.com.tr`, password: "Yanlis-Parola-1" });
      if (last.status === 429) break;
      expect(last.status).toBe(401);
    }
    expect(last!.status).toBe(429);
    expect(JSON.parse(last!.text)).toEqual({ error: tr.errors.tooManyRequests });
    expect(tr.errors.tooManyRequests).toMatch(/[çğıöşüİ]/);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
