import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../db/testing";
import { users } from "../db/schema/accounts";
import { catalogProducts } from "../db/schema/catalog";
import { orders, orderLines } from "../db/schema/orders";
import { paymentAttempts, sandboxPayments } from "../db/schema/payments";
import { promoCodes } from "../db/schema/promos";
import { giftNotes } from "../db/schema/notes";
import { checkoutHolds, checkoutStates } from "../db/schema/checkout";
import { jobs } from "../db/schema/system";
import * as basket from "../basket/service";
import * as catalog from "../catalog/service";
import * as checkout from "./service";
import { completeThreeDs, placeOrder, settleReconciled } from "../flows/place-order";
import * as geo from "../geo/service";
import * as delivery from "../delivery/service";
import * as loyalty from "../loyalty/service";
import * as payments from "../payments/service";
import { setSetting, DEFAULT_SETTINGS } from "../settings/service";
import { hedef81Cities } from "../db/schema/campaigns";
import { fieldsOf, testCard } from "../payments/testing";
import { parseDeliveryForm } from "~/shared/checkout-forms";
import { shownDates } from "~/shared/delivery-choice";
import { checkoutTr } from "~/shared/texts/checkout.tr";
import { paymentTr } from "~/shared/texts/payment.tr";

let app: TestApp;
let ankara: { cityId: number; countyId: number };
let uid = 0;

beforeAll(async () => {
  app = await createTestApp();
  const city = (await geo.listCities(app)).find((c) => c.name === "Ankara")!;
  const county = (await geo.listCounties(app, city.id)).find((c) => c.name === "Çankaya")!;
  ankara = { cityId: city.id, countyId: county.id };
});
afterAll(() => app.close());

async function member(): Promise<{ id: number; email: string }> {
  const now = app.clock.now();
  const email = `alici${++uid}@example.com`;
  const [u] = await app.db.insert(users).values({ email, name: "Alıcı Üye", activatedAt: now, createdAt: now, updatedAt: now }).returning();
  return { id: u!.id, email };
}

/** A basket with lines, its delivery (standard carrier to Ankara/Çankaya) and payment saved: ready to confirm. */
async function readyBasket(
  owner: basket.Owner,
  lines: { productId: number; quantity: number }[],
  pay: checkout.PaymentState,
  email: string,
  place: { cityId: number; countyId: number } = ankara,
) {
  for (const l of lines) {
    const r = await basket.addItem(app, owner, l);
    if (!r.ok) throw new Error(r.error);
  }
  const b = (await basket.getBasket(app, owner)) as checkout.OpenBasket;
  const opts = await checkout.optionsFor(app, b, { ...place });
  if (!opts.ok) throw new Error("no options");
  const form = parseDeliveryForm({
    fullName: "Ayşe Yılmaz",
    address: "Atatürk Bulvarı No 12 Daire 3",
    cityId: String(place.cityId),
    countyId: String(place.countyId),
    phone: "5321234567",
    invoiceType: "Individual",
    // the dates shown beside the option, as the delivery step sends them
    readyDate: shownDates(opts.options, { option: "Standart" })!.ready.dateISO,
    estimatedDelivery: shownDates(opts.options, { option: "Standart" })!.estimated.dateISO,
    option: "Standart",
  });
  if (!form.success) throw new Error(JSON.stringify(form.error.issues));
  const saved = await checkout.saveDelivery(app, b, owner.userId, form.data);
  if (!saved.ok) throw new Error(saved.message);
  await checkout.savePayment(app, b.id, email, pay);
  if (owner.userId === null) await checkout.chooseGuest(app, b.id);
  return (await basket.getBasket(app, owner)) as checkout.OpenBasket;
}

async function savedCardOf(userId: number, email: string): Promise<checkout.PaymentState> {
  const r = await payments.saveCardForUser(app, userId, email, { number: "5528790000000008", holder: "Alıcı Üye", expMonth: 12, expYear: 2030 });
  if (!r.ok) throw new Error(r.message);
  return { mode: "saved", savedCardId: r.card.cardId, saveCard: false, lastFour: "0008", cardType: "Mastercard" };
}

const NEW_CARD: checkout.PaymentState = { mode: "new", saveCard: false, cardHolder: "Ayşe Yılmaz", lastFour: "0008", cardType: "Mastercard" };

const place_ = (b: checkout.OpenBasket, userId: number | null, card?: payments.CardInput) =>
  placeOrder(app, { basket: b, userId, ip: "127.0.0.1", card, acceptPreInfo: true, acceptContract: true });

async function stockOf(id: number) {
  const [row] = await app.db.select({ stock: catalogProducts.stock }).from(catalogProducts).where(eq(catalogProducts.id, id));
  return row!.stock;
}

/** The year's last order number (the counter's row; 0 before the year's first order). */
async function lastOrderNumber(): Promise<number> {
  const r = (await app.db.execute<{ last: number }>(sql`select coalesce(max(last), 0)::int as last from order_counters`)) as unknown as { rows: { last: number }[] };
  return r.rows[0]!.last;
}

/** The provider calls recorded for a basket's payment, in order: kind, status, the provider's payment id. */
async function callsOf(basketId: number) {
  return app.db
    .select({ kind: paymentAttempts.kind, status: paymentAttempts.status, providerPaymentId: paymentAttempts.providerPaymentId })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderRef, `basket-${basketId}`))
    .orderBy(paymentAttempts.id);
}

/** Charges the sandbox provider took for these baskets (its own table, as its panel would show them), and how many it voided. */
async function chargesAtProvider(basketIds: number[]): Promise<{ charged: number; voided: number }> {
  if (basketIds.length === 0) return { charged: 0, voided: 0 };
  const rows = await app.db
    .select({ cancelled: sandboxPayments.cancelled })
    .from(sandboxPayments)
    .where(and(inArray(sandboxPayments.conversationId, basketIds.map((id) => `basket-${id}`)), eq(sandboxPayments.status, "success")));
  return { charged: rows.length, voided: rows.filter((r) => r.cancelled).length };
}

describe("placing an order", () => {
  it("a guest pays through 3-D Secure: one order with its lines, number, stock taken, gift note, confirmation mail", async () => {
    const owner = { sessionId: randomUUID(), userId: null };
    await basket.addItem(app, owner, { productId: 20002, quantity: 1, variant: "altin" });
    await basket.setNote(app, owner, { notes: "İyi ki doğdun!", link: "https://youtu.be/abc" });
    const b = await readyBasket(owner, [{ productId: 10003, quantity: 2 }], NEW_CARD, "misafir@example.com");
    const before = await stockOf(10003);
    const start = await place_(b, null, testCard("5528790000000008"));
    expect(start.status).toBe("challenge");
    const paymentId = (start as { challengeUrl: string }).challengeUrl.split("/").pop()!;
    const page = await payments.challengePage(app, paymentId);
    const answer = await payments.answerChallenge(app, paymentId, { code: (page as { code: string }).code });
    const done = await completeThreeDs(app, paymentId, fieldsOf((answer as { redirectTo: string }).redirectTo));
    expect(done).toMatchObject({ status: "succeeded", redirectTo: `/order/complete?odeme=${paymentId}` });

    const order = (await app.db.select().from(orders).where(eq(orders.basketId, b.id)))[0]!;
    expect(order).toMatchObject({ status: "received", email: "misafir@example.com", userId: null, paymentRef: paymentId, giftNote: "İyi ki doğdun!", deliveryType: "Carrier" });
    expect(order.orderNumber).toMatch(/^2026-\d{6}$/);
    expect(order.needToPay).toBe(b.amounts.productTotal + order.deliveryCost);
    const lines = await app.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(lines.map((l) => [l.productId, l.quantity, l.variant])).toEqual(
      expect.arrayContaining([
        [20002, 1, "altin"],
        [10003, 2, ""],
      ]),
    );
    expect(lines.every((l) => l.taxRateBp === 1000)).toBe(true);
    expect(await stockOf(10003)).toBe(before! - 2);
    const [note] = await app.db.select().from(giftNotes).where(eq(giftNotes.orderId, order.id));
    expect(note!.code).toMatch(/^[\w-]{12}$/);
    const mails = await app.db.select().from(jobs).where(eq(jobs.dedupeKey, `order-confirmation:${order.id}`));
    expect(mails).toHaveLength(1);
    // the basket is closed; the visitor's next basket is a new, empty one
    expect((await basket.getBasket(app, owner)).items).toHaveLength(0);
    // the contracts accepted are stored with the order
    expect(JSON.stringify(order.contracts)).toContain("Mesafeli Satış Sözleşmesi");
  });

  it("a member pays with a saved card: the order spends the promo use and the points in the same transaction", async () => {
    const m = await member();
    const owner = { sessionId: randomUUID(), userId: m.id };
    await loyalty.adjust(app, m.id, 1000, "test", "staff:1");
    const pay = await savedCardOf(m.id, m.email);
    await basket.addItem(app, owner, { productId: 30001, quantity: 1 });
    expect(await basket.applyPromo(app, owner, "UYE50", "10.1.0.1")).toMatchObject({ ok: true });
    expect(await basket.setPoints(app, owner, true)).toMatchObject({ ok: true });
    const b = await readyBasket(owner, [], pay, m.email);
    const r = await place_(b, m.id);
    expect(r.status).toBe("succeeded");
    const order = await app.db.select().from(orders).where(eq(orders.basketId, b.id));
    expect(order[0]).toMatchObject({ userId: m.id, promoCode: "UYE50", discountAmount: 5000, usedBonus: 1000 });
    expect(await loyalty.available(app, m.id)).toBe(0);
    const [promo] = await app.db.select().from(promoCodes).where(eq(promoCodes.code, "UYE50"));
    expect(promo!.usedCount).toBe(1);
  });

  it("the confirmation mail queued in the order's own statement is the one the long way writes for the stored order", async () => {
    const m = await member();
    const owner = { sessionId: randomUUID(), userId: m.id };
    const b = await readyBasket(owner, [{ productId: 10001, quantity: 2 }, { productId: 30001, quantity: 1 }], await savedCardOf(m.id, m.email), m.email);
    expect((await place_(b, m.id)).status).toBe("succeeded");
    const [order] = await app.db.select().from(orders).where(eq(orders.basketId, b.id));
    const [hold] = await app.db.select().from(checkoutHolds).where(and(eq(checkoutHolds.basketId, b.id), eq(checkoutHolds.status, "ordered")));
    const queued = await app.db.select().from(jobs).where(eq(jobs.dedupeKey, `order-confirmation:${order!.id}`));
    expect(queued).toHaveLength(1);
    const got = queued[0]!.payload as { to: string; subject: string; html: string; text: string; attachments?: { filename: string; content: string }[] };
    expect(got.subject).toContain(order!.orderNumber);
    expect(got.text).toContain(order!.orderNumber);
    expect(JSON.stringify(got)).not.toContain("\u2063");
    // the long way, written from the stored order, in a transaction rolled back afterwards
    let expected: unknown;
    await app.db
      .transaction(async (tx) => {
        await tx.delete(jobs).where(eq(jobs.id, queued[0]!.id));
        await checkout.confirmationMail(app, tx, order!, (hold!.draft as { mailLines: { label: string; lineTotal: number }[] }).mailLines, null);
        expected = (await tx.select().from(jobs).where(eq(jobs.dedupeKey, `order-confirmation:${order!.id}`)))[0]?.payload;
        throw new Error("roll back");
      })
      .catch((e: Error) => expect(e.message).toBe("roll back"));
    expect(got).toEqual(expected);
  });

  it("10 concurrent confirms of one basket make exactly one order and one charge", async () => {
    const m = await member();
    const owner = { sessionId: randomUUID(), userId: m.id };
    const b = await readyBasket(owner, [{ productId: 10004, quantity: 1 }], await savedCardOf(m.id, m.email), m.email);
    const results = await Promise.all(Array.from({ length: 10 }, () => place_(b, m.id)));
    expect(results.filter((r) => r.status === "succeeded").length).toBeGreaterThanOrEqual(1);
    expect(await app.db.select().from(orders).where(eq(orders.basketId, b.id))).toHaveLength(1);
    const charges = await app.db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.orderRef, `basket-${b.id}`), eq(paymentAttempts.kind, "authorise"), eq(paymentAttempts.status, "succeeded")));
    expect(charges).toHaveLength(1);
    // a retry after the order exists: the stored outcome, still one order
    expect((await place_(b, m.id)).status).not.toBe("challenge");
    expect(await app.db.select().from(orders).where(eq(orders.basketId, b.id))).toHaveLength(1);
  });

  it("a basket changed after the confirm step read it: the lines read then are not ordered; read again, the order has the change", async () => {
    // the hold prices the lines this request read while the basket's row keeps the version they were read with;
    // the add changes the row, so they are read again under the lock (read as they were, the order would be for one)
    const m = await member();
    const owner = { sessionId: randomUUID(), userId: m.id };
    const b = await readyBasket(owner, [{ productId: 10001, quantity: 1 }], await savedCardOf(m.id, m.email), m.email);
    expect(await basket.addItem(app, owner, { productId: 10001, quantity: 1 })).toMatchObject({ ok: true });
    const stale = await place_(b, m.id);
    expect(stale).toMatchObject({ status: "failed", kind: "basket" });
    expect(await app.db.select().from(orders).where(eq(orders.basketId, b.id))).toHaveLength(0);
    const fresh = (await basket.getBasket(app, owner)) as checkout.OpenBasket;
    const again = await place_(fresh, m.id);
    expect(again, JSON.stringify(again)).toMatchObject({ status: "succeeded" });
    const [order] = await app.db.select().from(orders).where(eq(orders.basketId, b.id));
    const lines = await app.db.select({ productId: orderLines.productId, quantity: orderLines.quantity }).from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(lines).toEqual([{ productId: 10001, quantity: 2 }]);
  });

  it("a saved card's charge that comes after its hold was let go: the order takes the goods again, once", async () => {
    // the order's statement finds the hold this request made no longer 'held' (the short way), rolls back, and the
    // long way takes the goods again from the hold's draft
    const m = await member();
    const owner = { sessionId: randomUUID(), userId: m.id };
    const b = await readyBasket(owner, [{ productId: 10005, quantity: 2 }], await savedCardOf(m.id, m.email), m.email);
    const before = await stockOf(10005);
    const real = payments.gatewayFor(app);
    let released = 0;
    payments.useGateway(app, {
      ...real,
      authorise: async (req) => {
        // while the bank answers, the hold is let go (as the periodic task does with an expired one): stock given back
        await app.db.transaction(async (tx) => {
          const h = await checkout.lockHeld(tx, b.id);
          if (h && (await checkout.markHoldReleased(tx, h.id))) {
            await catalog.releaseStock(app, tx, h.lines);
            released++;
          }
        });
        return real.authorise(req);
      },
    });
    try {
      const counterBefore = await lastOrderNumber();
      const r = await place_(b, m.id);
      expect(released).toBe(1);
      expect(r.status).toBe("succeeded");
      // the short way's statement was refused as a whole (decision 0055): its order number was not taken
      expect(await lastOrderNumber()).toBe(counterBefore + 1);
      const made = await app.db.select().from(orders).where(eq(orders.basketId, b.id));
      expect(made).toHaveLength(1);
      expect(await app.db.select({ quantity: orderLines.quantity }).from(orderLines).where(eq(orderLines.orderId, made[0]!.id))).toEqual([{ quantity: 2 }]);
      // taken once: given back with the first hold, taken again for the order
      expect(await stockOf(10005)).toBe(before === null ? null : before - 2);
      const holds = await app.db.select({ status: checkoutHolds.status }).from(checkoutHolds).where(eq(checkoutHolds.basketId, b.id));
      expect(holds.map((h) => h.status).sort()).toEqual(["ordered", "released"]);
      expect(await chargesAtProvider([b.id])).toEqual({ charged: 1, voided: 0 });
      // the charge call's answer, written by the booking statement of the long way (the short way's rolled back)
      expect(await callsOf(b.id)).toEqual([{ kind: "authorise", status: "succeeded", providerPaymentId: expect.any(String) }]);
    } finally {
      payments.useGateway(app, real);
    }
  });

  it("a saved card's charge booked by reconcile before the order's statement: that order is the buyer's, nothing voided, no number skipped", async () => {
    // the order's one statement (decision 0055) finds the payment no longer 'pending' and is refused as a whole
    const m = await member();
    const owner = { sessionId: randomUUID(), userId: m.id };
    const b = await readyBasket(owner, [{ productId: 10005, quantity: 1 }], await savedCardOf(m.id, m.email), m.email);
    const real = payments.gatewayFor(app);
    let reconciled = 0;
    payments.useGateway(app, {
      ...real,
      authorise: async (req) => {
        const answer = await real.authorise(req);
        // the answer is late: the periodic task asks the provider meanwhile, finds the charge and takes the order
        app.clock.advance(1000);
        reconciled += (await settleReconciled(app, { olderThanSeconds: 0 })).charged.length;
        return answer;
      },
    });
    try {
      const counterBefore = await lastOrderNumber();
      const r = await place_(b, m.id);
      expect(reconciled).toBe(1);
      const made = await app.db.select().from(orders).where(eq(orders.basketId, b.id));
      expect(made).toHaveLength(1);
      expect(r).toEqual({ status: "succeeded", paymentId: made[0]!.paymentRef, orderPublicId: made[0]!.publicId });
      expect(await lastOrderNumber()).toBe(counterBefore + 1);
      expect(await chargesAtProvider([b.id])).toEqual({ charged: 1, voided: 0 });
      // the charge call was closed by reconcile after it asked the provider; the late answer does not overwrite that
      expect(await callsOf(b.id)).toEqual([
        { kind: "authorise", status: "reconciled", providerPaymentId: null },
        { kind: "retrieve", status: "succeeded", providerPaymentId: null },
      ]);
      const [hold] = await app.db.select({ status: checkoutHolds.status }).from(checkoutHolds).where(eq(checkoutHolds.basketId, b.id));
      expect(hold!.status).toBe("ordered");
    } finally {
      payments.useGateway(app, real);
    }
  });

  it("a saved card's charge that comes after its hold was let go and its goods sold: voided, its call's answer recorded first", async () => {
    const m = await member();
    const owner = { sessionId: randomUUID(), userId: m.id };
    const b = await readyBasket(owner, [{ productId: 10005, quantity: 1 }], await savedCardOf(m.id, m.email), m.email);
    const before = await stockOf(10005);
    const real = payments.gatewayFor(app);
    payments.useGateway(app, {
      ...real,
      authorise: async (req) => {
        // while the bank answers: the hold let go, and the product sold out meanwhile
        await app.db.transaction(async (tx) => {
          const h = await checkout.lockHeld(tx, b.id);
          if (h && (await checkout.markHoldReleased(tx, h.id))) await catalog.releaseStock(app, tx, h.lines);
          await tx.update(catalogProducts).set({ stock: 0 }).where(eq(catalogProducts.id, 10005));
        });
        return real.authorise(req);
      },
    });
    try {
      const r = await place_(b, m.id);
      expect(r).toMatchObject({ status: "failed", kind: "out_of_stock" });
      expect(await app.db.select().from(orders).where(eq(orders.basketId, b.id))).toHaveLength(0);
      expect(await chargesAtProvider([b.id])).toEqual({ charged: 1, voided: 1 });
      const calls = await callsOf(b.id);
      expect(calls).toEqual([
        { kind: "authorise", status: "succeeded", providerPaymentId: expect.any(String) },
        { kind: "void", status: "succeeded", providerPaymentId: null },
      ]);
    } finally {
      payments.useGateway(app, real);
      await app.db.update(catalogProducts).set({ stock: before }).where(eq(catalogProducts.id, 10005));
    }
  });

  it("another member's saved card is refused before any charge, and the hold is let go", async () => {
    const owner = await member();
    const other = await member();
    const theirs = await savedCardOf(other.id, other.email);
    const o = { sessionId: randomUUID(), userId: owner.id };
    const b = await readyBasket(o, [{ productId: 10006, quantity: 1 }], await savedCardOf(owner.id, owner.email), owner.email);
    const before = await stockOf(10006);
    // the steps' state names the other member's card (the payment step refuses that; the payment checks it again)
    await app.db
      .update(checkoutStates)
      .set({ payment: sql`jsonb_set(${checkoutStates.payment}, '{savedCardId}', ${String(theirs.mode === "saved" ? theirs.savedCardId : 0)}::jsonb)` })
      .where(eq(checkoutStates.basketId, b.id));
    const r = await place_(b, owner.id);
    expect(r).toMatchObject({ status: "failed", kind: "payment", message: `Ödeme alınamadı: ${paymentTr.errors.savedCardNotFound}` });
    expect(await app.db.select().from(orders).where(eq(orders.basketId, b.id))).toHaveLength(0);
    expect(await chargesAtProvider([b.id])).toEqual({ charged: 0, voided: 0 });
    expect(await stockOf(10006)).toBe(before);
  });

  it("50 buyers for the last 8 items: exactly 8 orders, the others told it ran out and not charged", async () => {
    const now = app.clock.now();
    const [p] = await app.db
      .insert(catalogProducts)
      .values({ id: 90001, name: "Son Sekiz Kutu", itemPrice: 10000, originalPrice: 10000, imgName: "gift-kis", group: "gift", stock: 8, createdAt: now, updatedAt: now })
      .returning();
    await catalog.invalidateCatalog(app);
    const buyers = [];
    for (let i = 0; i < 50; i++) {
      const m = await member();
      const owner = { sessionId: randomUUID(), userId: m.id };
      buyers.push({ m, b: await readyBasket(owner, [{ productId: p!.id, quantity: 1 }], await savedCardOf(m.id, m.email), m.email) });
    }
    const results = await Promise.all(buyers.map(({ m, b }) => place_(b, m.id)));
    expect(results.filter((r) => r.status === "succeeded")).toHaveLength(8);
    const failed = results.filter((r) => r.status === "failed") as { message: string }[];
    expect(failed).toHaveLength(42);
    for (const f of failed) expect(f.message).toContain("Son Sekiz Kutu");
    expect(await stockOf(p!.id)).toBe(0);
    const [count] = await app.db.select({ n: sql<number>`count(*)::int` }).from(orderLines).where(eq(orderLines.productId, p!.id));
    expect(count!.n).toBe(8);
    const paid = await app.db.execute<{ n: number }>(sql`select count(*)::int as n from payment_intents where status = 'succeeded' and order_ref in (${sql.join(
      buyers.map(({ b }) => sql`${`basket-${b.id}`}`),
      sql`, `,
    )})`);
    expect(Number((paid as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(8);
    // issue 24 §3: the stock was held before any card was charged, so no loser was charged at all — counted at
    // the provider (the sandbox's own books), not only in ours: exactly one charge per order, none voided
    expect(await chargesAtProvider(buyers.map(({ b }) => b.id))).toEqual({ charged: 8, voided: 0 });
    const winners = new Set((await app.db.select({ basketId: orders.basketId }).from(orders).innerJoin(orderLines, eq(orderLines.orderId, orders.id)).where(eq(orderLines.productId, p!.id))).map((r) => r.basketId));
    expect(await chargesAtProvider(buyers.filter(({ b }) => !winners.has(b.id)).map(({ b }) => b.id))).toEqual({ charged: 0, voided: 0 });
  }, 240_000);

  it("20 buyers racing for one single-use code: one discounted order; the others told at once and never charged", async () => {
    const now = app.clock.now();
    await app.db.insert(promoCodes).values({ code: "YARIS20", kind: "fixed", amount: 1000, maxUses: 1, createdAt: now });
    const buyers = [];
    for (let i = 0; i < 20; i++) {
      const m = await member();
      const owner = { sessionId: randomUUID(), userId: m.id };
      await basket.addItem(app, owner, { productId: 10004, quantity: 1 });
      expect(await basket.applyPromo(app, owner, "YARIS20", `10.2.0.${i}`)).toMatchObject({ ok: true });
      buyers.push({ m, b: await readyBasket(owner, [], await savedCardOf(m.id, m.email), m.email) });
    }
    const results = await Promise.all(buyers.map(({ m, b }) => place_(b, m.id)));
    expect(results.filter((r) => r.status === "succeeded")).toHaveLength(1);
    const failed = results.filter((r) => r.status === "failed") as { kind: string; message: string }[];
    expect(failed).toHaveLength(19);
    for (const f of failed) expect(f).toMatchObject({ kind: "promo", message: expect.stringContaining("YARIS20") });
    const discounted = await app.db.select().from(orders).where(eq(orders.promoCode, "YARIS20"));
    expect(discounted).toHaveLength(1);
    const [promo] = await app.db.select().from(promoCodes).where(eq(promoCodes.code, "YARIS20"));
    expect(promo!.usedCount).toBe(1);
    expect(await chargesAtProvider(buyers.map(({ b }) => b.id))).toEqual({ charged: 1, voided: 0 });
  }, 240_000);

  it("a hold is let go when the 3-D Secure payment fails, and one left by an abandoned payment expires", async () => {
    const owner = { sessionId: randomUUID(), userId: null };
    const b = await readyBasket(owner, [{ productId: 10007, quantity: 2 }], NEW_CARD, "birakan@example.com");
    const before = await stockOf(10007);
    const start = await place_(b, null, testCard("5528790000000008"));
    expect(start.status).toBe("challenge");
    // held while the buyer is on the bank's page
    expect(await stockOf(10007)).toBe(before === null ? null : before - 2);
    // the buyer walks away: after the hold's lifetime the periodic task gives the stock back
    app.clock.advance((checkout.HOLD_TTL_SECONDS + 1) * 1000);
    try {
      const report = await settleReconciled(app);
      expect(report.holdsReleased).toBeGreaterThanOrEqual(1);
      expect(await stockOf(10007)).toBe(before);
    } finally {
      app.clock.advance(-(checkout.HOLD_TTL_SECONDS + 1) * 1000);
    }
  });

  it("12 buyers for a ready date with room for 5: exactly 5 orders that day, the others sent back to choose another", async () => {
    const buyers = [];
    for (let i = 0; i < 12; i++) {
      const m = await member();
      const owner = { sessionId: randomUUID(), userId: m.id };
      buyers.push({ m, b: await readyBasket(owner, [{ productId: 10004, quantity: 1 }], await savedCardOf(m.id, m.email), m.email) });
    }
    const day = (await checkout.getState(app, buyers[0]!.b.id)).delivery!.chosen.toBeReady;
    for (const { b } of buyers) expect((await checkout.getState(app, b.id)).delivery!.chosen.toBeReady).toBe(day);
    const dayCount = async () =>
      Number((await app.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(sql`${orders.readyDate} = ${day} and ${orders.status} not in ('cancelled', 'refunded')`))[0]!.n);
    const before = await dayCount();
    const { capacityPerDay: was } = await delivery.getConfig(app);
    await delivery.updateSetting(app, "capacityPerDay", before + 5);
    try {
      const results = await Promise.all(buyers.map(({ m, b }) => place_(b, m.id)));
      expect(results.filter((r) => r.status === "succeeded")).toHaveLength(5);
      const failed = results.filter((r) => r.status === "failed") as { message: string; goTo?: string }[];
      expect(failed).toHaveLength(7);
      for (const f of failed) {
        expect(f).toMatchObject({ kind: "ready_date_full", goTo: "/order/delivery" });
        expect(f.message).toContain("kartınızdan çekim yapılmadı");
      }
      expect(await dayCount()).toBe(before + 5);
      // nobody pays without an order: the losers' charges were voided
      const paid = await app.db.execute<{ n: number }>(sql`select count(*)::int as n from payment_intents where status = 'succeeded' and order_ref in (${sql.join(
        buyers.map(({ b }) => sql`${`basket-${b.id}`}`),
        sql`, `,
      )})`);
      expect(Number((paid as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(5);
      // the day was held before the payment: the seven losers were never charged at the provider
      expect(await chargesAtProvider(buyers.map(({ b }) => b.id))).toEqual({ charged: 5, voided: 0 });
    } finally {
      await delivery.updateSetting(app, "capacityPerDay", was);
    }
  }, 120_000);

  it("a declined card changes nothing: basket, stock and promo stay as they were", async () => {
    const owner = { sessionId: randomUUID(), userId: null };
    const b = await readyBasket(owner, [{ productId: 10005, quantity: 1 }], NEW_CARD, "red@example.com");
    const before = await stockOf(10005);
    const start = await place_(b, null, testCard("4111111111111129"));
    const paymentId = (start as { challengeUrl: string }).challengeUrl.split("/").pop()!;
    const page = await payments.challengePage(app, paymentId);
    const answer = await payments.answerChallenge(app, paymentId, { code: (page as { code: string }).code });
    const done = await completeThreeDs(app, paymentId, fieldsOf((answer as { redirectTo: string }).redirectTo));
    expect(done).toMatchObject({ status: "failed", message: "Ödeme alınamadı: Kart limiti yetersiz, yetersiz bakiye" });
    expect(await app.db.select().from(orders).where(eq(orders.basketId, b.id))).toHaveLength(0);
    expect(await stockOf(10005)).toBe(before);
    expect((await basket.getBasket(app, owner)).items).toHaveLength(1);
    // paying again with a good card works
    const again = await place_(b, null, testCard("4766620000000001"));
    expect(again.status).toBe("challenge");
  });

  it("refuses to confirm without both agreements, and sends a changed delivery back to its step", async () => {
    const owner = { sessionId: randomUUID(), userId: null };
    const b = await readyBasket(owner, [{ productId: 10006, quantity: 1 }], NEW_CARD, "kural@example.com");
    expect(await placeOrder(app, { basket: b, userId: null, ip: "1", acceptPreInfo: true, acceptContract: false })).toEqual({
      status: "failed",
      kind: "agreements",
      message: checkoutTr.confirm.waiting,
    });
    // the chosen ready date passes (two days later): the option is no longer what was chosen
    app.clock.advance(3 * 86_400_000);
    try {
      const r = await place_(b, null, testCard("5528790000000008"));
      expect(r).toMatchObject({ status: "failed", goTo: "/order/delivery" });
    } finally {
      app.clock.advance(-3 * 86_400_000);
    }
  });
});

describe("city campaigns", () => {
  it("HEDEF81: the first order from a city not reached yet is one introduction package for 1 TL; the next one is not", async () => {
    const city = (await geo.listCities(app)).find((c) => c.name === "Ağrı")!;
    const county = (await geo.listCounties(app, city.id))[0]!;
    const place = { cityId: city.id, countyId: county.id };
    const m = await member();
    const owner = { sessionId: randomUUID(), userId: m.id };
    const b = await readyBasket(owner, [{ productId: 20003, quantity: 2 }, { productId: 10003, quantity: 1 }], await savedCardOf(m.id, m.email), m.email, place);
    const state = await checkout.getState(app, b.id);
    expect(await checkout.campaignOffer(app, state)).toMatchObject({ CityName: "Ağrı", coverage: "HEDEF81" });
    expect(await checkout.joinCampaign(app, b, owner)).toEqual({ ok: true });
    const joined = (await basket.getBasket(app, owner)) as checkout.OpenBasket;
    expect(joined.items.map((i) => [i.productId, i.quantity])).toEqual([[11002, 1]]);
    expect(checkout.finalAmounts(joined, await checkout.getState(app, b.id))).toMatchObject({ needToPay: 100, deliveryCost: 0 });
    expect((await place_(joined, m.id)).status).toBe("succeeded");
    const [order] = await app.db.select().from(orders).where(eq(orders.basketId, b.id));
    expect(order).toMatchObject({ needToPay: 100, promoCode: "HEDEF81" });
    expect(await app.db.select().from(hedef81Cities).where(eq(hedef81Cities.cityId, city.id))).toHaveLength(1);
    // the city is reached now: no offer for the next buyer
    const other = await member();
    const o2 = { sessionId: randomUUID(), userId: other.id };
    const b2 = await readyBasket(o2, [{ productId: 10003, quantity: 1 }], await savedCardOf(other.id, other.email), other.email, place);
    expect(await checkout.campaignOffer(app, await checkout.getState(app, b2.id))).toBeNull();
  });

  it("FreeCity: staff name a city; its orders get free delivery once the buyer joins", async () => {
    await setSetting(app, "campaign", { ...DEFAULT_SETTINGS.campaign, freeCityIds: [ankara.cityId] });
    try {
      const owner = { sessionId: randomUUID(), userId: null };
      const b = await readyBasket(owner, [{ productId: 10003, quantity: 1 }], NEW_CARD, "bedava@example.com");
      const state = await checkout.getState(app, b.id);
      expect(checkout.finalAmounts(b, state).deliveryCost).toBeGreaterThan(0);
      expect(await checkout.campaignOffer(app, state)).toMatchObject({ CityName: "Ankara", coverage: "FreeCity" });
      expect(await checkout.joinCampaign(app, b, owner)).toEqual({ ok: true });
      const after = await checkout.getState(app, b.id);
      expect(checkout.finalAmounts(b, after)).toMatchObject({ deliveryCost: 0, needToPay: b.amounts.productTotal });
      expect(await checkout.campaignOffer(app, after)).toBeNull();
    } finally {
      await setSetting(app, "campaign", DEFAULT_SETTINGS.campaign);
    }
  });
});

describe("quick membership", () => {
  it("a guest order placed before the account was activated shows in the member's orders afterwards", async () => {
    const { register, memberOrders } = await import("../accounts/service");
    const owner = { sessionId: randomUUID(), userId: null };
    const b = await readyBasket(owner, [{ productId: 10003, quantity: 1 }], NEW_CARD, "hizli.uye@example.com");
    expect(await register(app, { email: "hizli.uye@example.com", password: "Hizli-Uye-2026", name: "Hızlı Üye", ip: "10.9.9.9" })).toMatchObject({ ok: true });
    const start = await place_(b, null, testCard("5528790000000008"));
    const paymentId = (start as { challengeUrl: string }).challengeUrl.split("/").pop()!;
    const page = await payments.challengePage(app, paymentId);
    const answer = await payments.answerChallenge(app, paymentId, { code: (page as { code: string }).code });
    await completeThreeDs(app, paymentId, fieldsOf((answer as { redirectTo: string }).redirectTo));
    const [u] = await app.db.select().from(users).where(eq(users.email, "hizli.uye@example.com"));
    expect(await memberOrders(app, u!.id)).toHaveLength(0); // not activated yet: the address is not proven
    // activation (by the mailed code) proves the address
    await app.db.update(users).set({ activatedAt: app.clock.now() }).where(eq(users.id, u!.id));
    const list = await memberOrders(app, u!.id);
    expect(list).toHaveLength(1);
    expect(list[0]!.canCancel).toBe(false);
  });
});

describe("after the order", () => {
  it("cancelling refunds the card and the refund mail names the order number", async () => {
    const { cancelOrder: cancel } = await import("../flows/cancel-order");
    const m = await member();
    const owner = { sessionId: randomUUID(), userId: m.id };
    const b = await readyBasket(owner, [{ productId: 10003, quantity: 1 }], await savedCardOf(m.id, m.email), m.email);
    expect((await place_(b, m.id)).status).toBe("succeeded");
    const [order] = await app.db.select().from(orders).where(eq(orders.basketId, b.id));
    const r = await cancel(app, order!.id, { actor: `member:${m.id}`, expectFrom: ["received"] });
    expect(r.refund).toMatchObject({ status: "refunded", amount: order!.needToPay });
    const mails = await app.db.select().from(jobs).where(and(eq(jobs.kind, "mail"), sql`${jobs.payload}->>'to' = ${m.email}`));
    const refundMail = mails.find((j) => /iptal edildi|iade edildi/.test(String((j.payload as { subject: string }).subject)));
    expect((refundMail!.payload as { subject: string }).subject).toContain(order!.orderNumber);
  });
});
