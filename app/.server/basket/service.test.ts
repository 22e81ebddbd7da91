import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../db/testing";
import { users } from "../db/schema/accounts";
import { catalogProducts } from "../db/schema/catalog";
import { promoCodes, promoUses } from "../db/schema/promos";
import * as basket from "./service";
import * as promos from "../promos/service";
import * as loyalty from "../loyalty/service";
import * as catalog from "../catalog/service";
import { basketTr } from "~/shared/texts/basket.tr";

let app: TestApp;
let uid = 0;
async function member(): Promise<number> {
  const now = app.clock.now();
  const [u] = await app.db
    .insert(users)
    .values({ email: `sepet${++uid}@example.com`, name: "Sepet Üye", activatedAt: now, createdAt: now, updatedAt: now })
    .returning();
  return u!.id;
}
const guest = (): basket.Owner => ({ sessionId: randomUUID(), userId: null });

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe("basket", () => {
  it("prices lines from the catalogue at every read, with variants and default boxes", async () => {
    const g = guest();
    expect(await basket.addItem(app, g, { productId: 10001, quantity: 2 })).toMatchObject({ ok: true });
    expect(await basket.addItem(app, g, { productId: 20001, variant: "kadife", quantity: 1 })).toMatchObject({ ok: true });
    const b = await basket.getBasket(app, g);
    const cookie = (await catalog.getProduct(app, 10001))!;
    const gift = (await catalog.getProduct(app, 20001))!;
    expect(b.items.map((i) => [i.productId, i.quantity, i.itemPrice])).toEqual([
      [10001, 2, cookie.itemPrice],
      [20001, 1, gift.itemPrice + 2000],
    ]);
    expect(b.items[1]).toMatchObject({ variantName: "Kadife kurdele", boxType: "hediye" });
    expect(b.items[1]!.box?.name).toBeTruthy();
    expect(b.amounts).toMatchObject({ totalItem: 3, productTotal: cookie.itemPrice * 2 + gift.itemPrice + 2000 });
    // a price change shows at the next read: the basket never keeps a price
    await catalog.setPrice(app, 10001, cookie.itemPrice + 1000, cookie.originalPrice + 1000);
    expect((await basket.getBasket(app, g)).items[0]!.itemPrice).toBe(cookie.itemPrice + 1000);
    await catalog.setPrice(app, 10001, cookie.itemPrice, cookie.originalPrice);
  });

  it("adds to the same line, limits quantity to 1–999 and to stock, and refuses unknown products", async () => {
    const g = guest();
    await basket.addItem(app, g, { productId: 20003, quantity: 5 });
    await basket.addItem(app, g, { productId: 20003, quantity: 5 });
    const b = await basket.getBasket(app, g);
    expect(b.items).toHaveLength(1);
    expect(b.items[0]!.quantity).toBe(10);
    // stock of 20003 is 12
    expect(await basket.addItem(app, g, { productId: 20003, quantity: 3 })).toEqual({ ok: false, error: basketTr.errors.outOfStock });
    expect(await basket.updateItem(app, g, b.items[0]!.id, 13)).toEqual({ ok: false, error: basketTr.errors.outOfStock });
    expect(await basket.updateItem(app, g, b.items[0]!.id, 12)).toEqual({ ok: true });
    expect(await basket.updateItem(app, g, b.items[0]!.id, 0)).toEqual({ ok: false, error: basketTr.errors.quantity });
    expect(await basket.addItem(app, g, { productId: 10001, quantity: 1000 })).toEqual({ ok: false, error: basketTr.errors.quantity });
    expect(await basket.addItem(app, g, { productId: 99999, quantity: 1 })).toEqual({ ok: false, error: basketTr.errors.unavailable });
    // gold karamel is sold out in the seed
    const soldOut = (await catalog.getProducts(app, Array.from({ length: 40 }, (_, i) => 10001 + i))).find((p) => p.stock === 0)!;
    expect(await basket.addItem(app, g, { productId: soldOut.id, quantity: 1 })).toEqual({ ok: false, error: basketTr.errors.outOfStock });
    expect(await basket.addItem(app, g, { productId: 20001, variant: "yok", quantity: 1 })).toEqual({ ok: false, error: basketTr.errors.variant });
  });

  it("adding is one statement that still keeps to stock and 999 when the same line is added twice at once", async () => {
    // stock of 20003 is 12: a double click of '6 ekle' twice at once fits (12), a third 6 does not
    const g = guest();
    const twice = await Promise.all([basket.addItem(app, g, { productId: 20003, quantity: 6 }), basket.addItem(app, g, { productId: 20003, quantity: 6 })]);
    expect(twice).toEqual([
      { ok: true, message: basketTr.added },
      { ok: true, message: basketTr.added },
    ]);
    expect((await basket.getBasket(app, g)).items.map((i) => i.quantity)).toEqual([12]);
    // five requests at once for a product with 12 in stock and an empty basket: exactly two of 5 fit
    const h = guest();
    const five = await Promise.all(Array.from({ length: 5 }, () => basket.addItem(app, h, { productId: 20003, quantity: 5 })));
    expect(five.filter((r) => r.ok)).toHaveLength(2);
    expect(five.filter((r) => !r.ok)).toEqual(Array.from({ length: 3 }, () => ({ ok: false, error: basketTr.errors.outOfStock })));
    expect((await basket.getBasket(app, h)).items.map((i) => i.quantity)).toEqual([10]);
    // a made-to-order product (no stock limit) stops at 999 on its line, at once too
    const k = guest();
    const [before] = await app.db.select({ stock: catalogProducts.stock }).from(catalogProducts).where(eq(catalogProducts.id, 10001));
    await app.db.update(catalogProducts).set({ stock: null }).where(eq(catalogProducts.id, 10001));
    await catalog.invalidateCatalog(app);
    try {
      const big = await Promise.all([basket.addItem(app, k, { productId: 10001, quantity: 600 }), basket.addItem(app, k, { productId: 10001, quantity: 600 })]);
      expect(big.filter((r) => r.ok)).toHaveLength(1);
      expect(big.find((r) => !r.ok)).toEqual({ ok: false, error: basketTr.errors.quantity });
      expect((await basket.getBasket(app, k)).items.map((i) => i.quantity)).toEqual([600]);
    } finally {
      await app.db.update(catalogProducts).set({ stock: before!.stock }).where(eq(catalogProducts.id, 10001));
      await catalog.invalidateCatalog(app);
    }
  });

  it("removes a line and empties the basket; another visitor cannot touch it", async () => {
    const g = guest();
    await basket.addItem(app, g, { productId: 10002, quantity: 1 });
    await basket.addItem(app, g, { productId: 10003, quantity: 1 });
    const [first, second] = (await basket.getBasket(app, g)).items;
    const other = guest();
    expect(await basket.removeItem(app, other, first!.id)).toEqual({ ok: false, error: basketTr.errors.itemNotFound });
    expect(await basket.updateItem(app, other, first!.id, 5)).toEqual({ ok: false, error: basketTr.errors.itemNotFound });
    expect(await basket.removeItem(app, g, first!.id)).toEqual({ ok: true });
    expect((await basket.getBasket(app, g)).items.map((i) => i.id)).toEqual([second!.id]);
    await basket.clear(app, g);
    expect((await basket.getBasket(app, g)).items).toHaveLength(0);
    expect(await basket.getSummary(app, g)).toBeNull();
  });

  it("signing in folds the guest basket into the member's: quantities add up, nothing is lost", async () => {
    const u = await member();
    // the member's basket from an earlier visit
    const earlier = { sessionId: randomUUID(), userId: u };
    await basket.addItem(app, earlier, { productId: 10001, quantity: 2 });
    await basket.addItem(app, earlier, { productId: 20004, quantity: 1 });
    await basket.setNote(app, earlier, { notes: "eski not", link: "" });
    // a guest in another browser
    const sessionId = randomUUID();
    await basket.addItem(app, { sessionId, userId: null }, { productId: 10001, quantity: 3 });
    await basket.addItem(app, { sessionId, userId: null }, { productId: 10005, quantity: 1 });
    await basket.setNote(app, { sessionId, userId: null }, { notes: "İyi ki doğdun!", link: "https://youtu.be/abc" });
    // signs in: the same session now belongs to the member
    const merged = await basket.getBasket(app, { sessionId, userId: u });
    expect(merged.items.map((i) => [i.productId, i.quantity]).sort()).toEqual([
      [10001, 5],
      [10005, 1],
      [20004, 1],
    ]);
    expect(merged.notes).toBe("İyi ki doğdun!");
    expect(merged.link).toBe("https://youtu.be/abc");
    // the earlier browser sees the same basket; signing out leaves it on the server
    expect((await basket.getBasket(app, earlier)).id).toBe(merged.id);
    expect((await basket.getBasket(app, { sessionId, userId: null })).items).toHaveLength(0);
    expect((await basket.getBasket(app, { sessionId: randomUUID(), userId: u })).amounts.totalItem).toBe(7);
  });

  it("a guest basket is adopted by a member without one", async () => {
    const u = await member();
    const sessionId = randomUUID();
    await basket.addItem(app, { sessionId, userId: null }, { productId: 10004, quantity: 2 });
    const id = (await basket.getBasket(app, { sessionId, userId: null })).id;
    const after = await basket.getBasket(app, { sessionId, userId: u });
    expect(after.id).toBe(id);
    expect(after.amounts.totalItem).toBe(2);
  });

  it("the header's summary and checkout's basket id merge the same way as the basket page", async () => {
    const u = await member();
    const earlier = { sessionId: randomUUID(), userId: u };
    await basket.addItem(app, earlier, { productId: 10001, quantity: 1 });
    const memberBasket = await basket.openBasketId(app, earlier);
    const sessionId = randomUUID();
    await basket.addItem(app, { sessionId, userId: null }, { productId: 10004, quantity: 2 });
    const guestBasket = await basket.openBasketId(app, { sessionId, userId: null });
    // the first read after sign-in is the header's: it folds the member's earlier basket into this browser's
    const summary = await basket.getSummary(app, { sessionId, userId: u });
    expect(summary?.totalItem).toBe(3);
    expect(summary?.lines.map((l) => [l.productId, l.quantity]).sort()).toEqual([
      [10001, 1],
      [10004, 2],
    ]);
    expect(await basket.openBasketId(app, { sessionId, userId: u })).toBe(guestBasket);
    expect(await basket.openBasketId(app, earlier)).toBe(guestBasket);
    expect(guestBasket).not.toBe(memberBasket);
    // nothing left to merge: the member's basket is the same from any browser
    expect((await basket.getSummary(app, { sessionId: randomUUID(), userId: u }))?.totalItem).toBe(3);
  });

  it("keeps the gift note as typed (escaping is the page's job)", async () => {
    const g = guest();
    await basket.setNote(app, g, { notes: "<script>alert(1)</script>", link: "" });
    expect((await basket.getBasket(app, g)).notes).toBe("<script>alert(1)</script>");
  });
});

describe("promo codes in the basket", () => {
  it("applies a percentage code, drops it below the minimum, and removes it", async () => {
    const g = guest();
    await basket.addItem(app, g, { productId: 20002, quantity: 1 });
    expect(await basket.applyPromo(app, g, "hosgeldin10", "10.0.0.1")).toEqual({ ok: true, message: basketTr.promo.applied });
    const b = await basket.getBasket(app, g);
    expect(b.promo).toMatchObject({ code: "HOSGELDIN10", applies: true });
    expect(b.amounts.discountAmount).toBe(Math.round(b.amounts.productTotal / 10));
    expect(await basket.removePromo(app, g)).toEqual({ ok: true, message: basketTr.promo.removed });
    expect((await basket.getBasket(app, g)).promo).toBeNull();
  });

  it("refuses unknown, expired, members-only and below-minimum codes with their reasons", async () => {
    const g = guest();
    expect(await basket.applyPromo(app, g, "HOSGELDIN10", "10.0.0.2")).toEqual({ ok: false, error: basketTr.promo.errors.emptyBasket });
    await basket.addItem(app, g, { productId: 10001, quantity: 1 });
    expect(await basket.applyPromo(app, g, "YOKBOYLE", "10.0.0.2")).toEqual({ ok: false, error: basketTr.promo.errors.notFound });
    expect(await basket.applyPromo(app, g, "YAZ2025", "10.0.0.2")).toEqual({ ok: false, error: basketTr.promo.errors.expired });
    expect(await basket.applyPromo(app, g, "UYE50", "10.0.0.2")).toEqual({ ok: false, error: basketTr.promo.errors.membersOnly });
    const u = { sessionId: randomUUID(), userId: await member() };
    await basket.addItem(app, u, { productId: 10001, quantity: 1 });
    const r = await basket.applyPromo(app, u, "uye50", "10.0.0.2");
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/ve üzeri sepetlerde geçerlidir$/);
    await basket.addItem(app, u, { productId: 30001, quantity: 1 });
    expect(await basket.applyPromo(app, u, "uye50", "10.0.0.2")).toMatchObject({ ok: true });
    expect((await basket.getBasket(app, u)).amounts.discountAmount).toBe(5000);
  });

  it("limits attempts so codes cannot be guessed", async () => {
    const g = guest();
    await basket.addItem(app, g, { productId: 10001, quantity: 1 });
    const results = [];
    for (let i = 0; i < 12; i++) results.push(await basket.applyPromo(app, g, `TAHMIN${i}`, "10.0.0.3"));
    expect(results.slice(0, 10).every((r) => !r.ok && r.error === basketTr.promo.errors.notFound)).toBe(true);
    expect(results[11]).toMatchObject({ ok: false, error: expect.stringContaining("Çok fazla istek") });
  });

  it("the last use of a code goes to exactly one of 20 racing orders", async () => {
    const now = app.clock.now();
    const [p] = await app.db.insert(promoCodes).values({ code: "SONHAK", kind: "fixed", amount: 1000, maxUses: 1, createdAt: now }).returning();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        app.db.transaction(async (tx) => {
          const r = await promos.consumeUse(tx, app, { promoId: p!.id, orderId: 70_000 + i, userId: null, email: `yaris${i}@example.com`, discount: 1000 });
          if (!r.ok) throw new Error(r.error);
        }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.message)).toEqual(
      Array(19).fill(basketTr.promo.errors.exhausted),
    );
    const [row] = await app.db.select().from(promoCodes).where(eq(promoCodes.id, p!.id));
    expect(row!.usedCount).toBe(1);
    expect(await app.db.select().from(promoUses).where(eq(promoUses.promoId, p!.id))).toHaveLength(1);
  });

  it("uses per customer count the member's account and a guest's e-mail; a cancelled order gives its use back", async () => {
    const now = app.clock.now();
    const [p] = await app.db.insert(promoCodes).values({ code: "BIRKEZ", kind: "percent", percentBp: 500, perCustomer: 1, createdAt: now }).returning();
    const use = (orderId: number, userId: number | null, email: string) =>
      app.db.transaction((tx) => promos.consumeUse(tx, app, { promoId: p!.id, orderId, userId, email, discount: 1 }));
    expect(await use(71_001, null, "misafir@example.com")).toEqual({ ok: true });
    expect(await use(71_002, null, "misafir@example.com")).toEqual({ ok: false, error: basketTr.promo.errors.perCustomer });
    expect(await use(71_003, null, "baska@example.com")).toEqual({ ok: true });
    await app.db.transaction((tx) => promos.releaseUse(tx, 71_001));
    expect(await use(71_004, null, "misafir@example.com")).toEqual({ ok: true });
  });

  it("/p/{code} reserves a code for the session; the next basket load applies it once", async () => {
    const g = guest();
    expect(await promos.reserve(app, { sessionId: g.sessionId!, userId: null, code: "YOKKOD", ip: "10.0.0.4" })).toEqual({
      ok: false,
      error: basketTr.promo.errors.notFound,
    });
    expect(await promos.reserve(app, { sessionId: g.sessionId!, userId: null, code: "tekSefer", ip: "10.0.0.4" })).toMatchObject({ ok: true });
    await basket.addItem(app, g, { productId: 20002, quantity: 1 });
    const first = await basket.getBasket(app, g, { applyReservation: true });
    expect(first.promoNotice).toEqual({ ok: true, text: basketTr.promo.applied });
    expect(first.promo?.code).toBe("TEKSEFER");
    const second = await basket.getBasket(app, g, { applyReservation: true });
    expect(second.promoNotice).toBeUndefined();
    expect(second.promo?.code).toBe("TEKSEFER");
  });
});

describe("loyalty points in the basket", () => {
  it("'Kullan' spends what is available, never more than the basket; 'Kullanma' takes it off", async () => {
    const u = await member();
    const owner = { sessionId: randomUUID(), userId: u };
    await basket.addItem(app, owner, { productId: 40001, quantity: 1 }); // 15 TL
    expect(await basket.setPoints(app, owner, true)).toEqual({ ok: false, error: basketTr.points.none });
    await loyalty.adjust(app, u, 2500, "hoş geldin", "staff:1");
    expect(await basket.setPoints(app, owner, true)).toMatchObject({ ok: true });
    let b = await basket.getBasket(app, owner);
    expect(b.points).toEqual({ available: 2500, requested: 1500 });
    expect(b.amounts).toMatchObject({ usedBonus: 1500, needToPay: 0 });
    await basket.addItem(app, owner, { productId: 40004, quantity: 1 }); // +65 TL
    b = await basket.getBasket(app, owner);
    expect(b.amounts).toMatchObject({ usedBonus: 2500, needToPay: 1500 + 6500 - 2500 });
    expect(await basket.setPoints(app, owner, false)).toMatchObject({ ok: true });
    expect((await basket.getBasket(app, owner)).amounts.usedBonus).toBe(0);
    expect(await basket.setPoints(app, guest(), true)).toEqual({ ok: false, error: basketTr.points.membersOnly });
  });
});

describe("suggestions", () => {
  it("never suggests what is in the basket or sold out", async () => {
    const g = guest();
    await basket.addItem(app, g, { productId: 20002, quantity: 1 });
    const b = await basket.getBasket(app, g);
    const s = await basket.suggestions(app, b);
    expect(s.length).toBeGreaterThan(0);
    expect(s.length).toBeLessThanOrEqual(4);
    expect(s.some((p) => p.id === 20002)).toBe(false);
    expect(s.every((p) => p.stock === null || p.stock > 0)).toBe(true);
  });

  it("a product that went off sale stays visible but does not count", async () => {
    const g = guest();
    await basket.addItem(app, g, { productId: 40002, quantity: 2 });
    await basket.addItem(app, g, { productId: 40003, quantity: 1 });
    await app.db.update(catalogProducts).set({ active: false }).where(eq(catalogProducts.id, 40002));
    await catalog.invalidateCatalog(app);
    const b = await basket.getBasket(app, g);
    expect(b.items.find((i) => i.productId === 40002)?.available).toBe(false);
    expect(b.amounts.productTotal).toBe(2000);
    await app.db.update(catalogProducts).set({ active: true }).where(eq(catalogProducts.id, 40002));
    await catalog.invalidateCatalog(app);
  });
});
