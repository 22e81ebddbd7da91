import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../db/testing";
import { jobs } from "../db/schema/system";
import { paymentAttempts, paymentIntents, sandboxCards, sandboxPayments } from "../db/schema/payments";
import * as payments from "./service";
import { createSandboxGateway } from "./sandbox";
import type { PaymentGateway } from "./gateway";
import { fieldsOf, payWithNewCard, reconciled, settled, TEST_BUYER, testCard } from "./testing";
import type { Rider, Tx } from "../db/client";
import { paymentTr } from "~/shared/texts/payment.tr";

let app: TestApp;
let seq = 0;
const ref = () => `T-${++seq}`;
const hookRuns: { orderRef: string; context: unknown }[] = [];

/** What the test's stand-in for a flow does when a payment of an order ref succeeds (default: takes the order). */
const behaviour = new Map<string, "order" | "refuse">();
const onPaid = async (tx: Tx, e: payments.PaymentSucceeded) => {
  // runs in the transaction that books the payment: it sees the payment as succeeded
  const [row] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, e.paymentId));
  expect(row?.status).toBe("succeeded");
  if (behaviour.get(e.orderRef) === "refuse") throw new Error("out of stock");
  hookRuns.push({ orderRef: e.orderRef, context: e.context });
};
const startPay = async (input: payments.StartPaymentInput) => settled(app, await payments.startPayment(app, input), onPaid);
const complete = async (id: string, fields: Record<string, string | undefined>) => {
  const r = await payments.completeChallenge(app, id, fields);
  return r && r.status !== "rejected" ? settled(app, r, onPaid) : r;
};
const reconcile = (opts: { olderThanSeconds?: number } = {}) => reconciled(app, opts, onPaid);

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const runsFor = (orderRef: string) => hookRuns.filter((h) => h.orderRef === orderRef).length;

describe("sandbox test cards through 3-D Secure", () => {
  it.each([
    ["5528790000000008", "Mastercard", "Halkbank"],
    ["5890040000000016", "Mastercard", "Akbank"],
    ["4766620000000001", "Visa", "Denizbank"],
    ["374427000000003", "AMEX", "Garanti Bankası"],
    ["9792030000000000", "Troy", "QNB Finansbank"],
    ["4242424242424242", "Visa", paymentTr.sandboxProvider.bankName],
  ])("%s succeeds (%s, %s)", async (number, type, bank) => {
    const orderRef = ref();
    const { start, result } = await payWithNewCard(app, { orderRef, amount: 12_345, card: number, context: { basket: 7 } }, onPaid);
    expect(start.status).toBe("challenge");
    expect(result).toMatchObject({ status: "succeeded", amount: 12_345, card: { type, bankName: bank, lastFour: number.slice(-4) } });
    expect(hookRuns.filter((h) => h.orderRef === orderRef)).toEqual([{ orderRef, context: { basket: 7 } }]);
    const attempts = await payments.attemptsOfOrder(app, orderRef);
    expect(attempts.map((a) => [a.kind, a.status])).toEqual([
      ["3ds_init", "succeeded"],
      ["3ds_complete", "succeeded"],
    ]);
    expect(attempts[1]?.amount).toBe(12_345);
  });

  it.each([
    ["4111111111111129", "Ödeme alınamadı: Kart limiti yetersiz, yetersiz bakiye", "10051"],
    ["4129111111111111", "Ödeme alınamadı: Bankanız bu işlemi onaylamadı", "10005"],
    ["4124111111111116", "Ödeme alınamadı: CVC geçersiz", "10084"],
  ])("%s fails after the challenge with the provider's text", async (number, message, code) => {
    const orderRef = ref();
    const { result } = await payWithNewCard(app, { orderRef, amount: 5_000, card: number }, onPaid);
    expect(result).toMatchObject({ status: "failed", code, message });
    expect(runsFor(orderRef)).toBe(0);
    const view = await payments.getPayment(app, (result as { paymentId: string }).paymentId);
    expect(view?.status).toBe("failed");
    expect(view?.message).toBe(message);
    const attempts = await payments.attemptsOfOrder(app, orderRef);
    expect(attempts.at(-1)).toMatchObject({ kind: "3ds_complete", status: "failed", errorCode: code });
  });

  it("4151111111111112 fails when 3-D Secure starts", async () => {
    const orderRef = ref();
    const { start } = await payWithNewCard(app, { orderRef, amount: 5_000, card: "4151111111111112" }, onPaid);
    expect(start).toMatchObject({ status: "failed", message: "Ödeme alınamadı: 3-D Secure başlatılamadı" });
    expect((await payments.attemptsOfOrder(app, orderRef)).map((a) => [a.kind, a.status])).toEqual([["3ds_init", "failed"]]);
  });

  it("a number failing Luhn is refused before the gateway", async () => {
    const orderRef = ref();
    const r = await startPay({ orderRef, amount: 5_000, buyer: TEST_BUYER, card: testCard("5528790000000009") });
    expect(r).toMatchObject({ status: "failed", code: "invalid_card", message: `Ödeme alınamadı: ${paymentTr.validation.cardNumberInvalid}` });
    expect(await payments.attemptsOfOrder(app, orderRef)).toEqual([]);
    expect(await app.db.select().from(sandboxPayments).where(eq(sandboxPayments.conversationId, orderRef))).toEqual([]);
  });

  it("refuses amounts that are not positive whole kuruş", async () => {
    expect(await startPay({ orderRef: ref(), amount: 10.5, buyer: TEST_BUYER, card: testCard("5528790000000008") })).toMatchObject({ status: "failed", code: "amount" });
    expect(await startPay({ orderRef: ref(), amount: 0, buyer: TEST_BUYER, card: testCard("5528790000000008") })).toMatchObject({ status: "failed", code: "amount" });
  });
});

describe("the challenge page", () => {
  it("shows a code; wrong codes count down; the right one leads to the signed callback", async () => {
    const orderRef = ref();
    const start = await startPay({ orderRef, amount: 2_500, buyer: TEST_BUYER, card: testCard("5528790000000008"), returnUrl: "/order/confirm" });
    expect(start).toMatchObject({ status: "challenge", challengeUrl: expect.stringMatching(/^\/odeme\/3ds\/[\w-]{24}$/) });
    const id = (start as { paymentId: string }).paymentId;
    const page = await payments.challengePage(app, id);
    expect(page).toMatchObject({ kind: "sandbox", amount: 2_500, lastFour: "0008", bankName: "Halkbank", triesLeft: 3, open: true, code: expect.stringMatching(/^\d{6}$/) });
    const code = (page as { code: string }).code;
    expect(await payments.answerChallenge(app, id, { code: code === "000000" ? "111111" : "000000" })).toEqual({ wrong: true, triesLeft: 2 });
    const ok = await payments.answerChallenge(app, id, { code });
    const url = (ok as { redirectTo: string }).redirectTo;
    expect(url).toMatch(new RegExp(`^/odeme/3ds/${id}/callback\\?`));
    expect(fieldsOf(url)).toMatchObject({ status: "success", mdStatus: "1", conversationId: orderRef, signature: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const done = await complete(id, fieldsOf(url));
    expect(done).toMatchObject({ status: "succeeded", redirectTo: `/order/confirm?odeme=${id}` });
    // the page of a finished challenge sends the buyer on
    expect(await payments.challengePage(app, id)).toEqual({ kind: "finished", redirectTo: `/order/confirm?odeme=${id}` });
  });

  it("İptal fails the payment without charging", async () => {
    const start = await startPay({ orderRef: ref(), amount: 2_500, buyer: TEST_BUYER, card: testCard("5528790000000008") });
    const id = (start as { paymentId: string }).paymentId;
    const r = await payments.answerChallenge(app, id, { cancel: true });
    const done = await complete(id, fieldsOf((r as { redirectTo: string }).redirectTo));
    expect(done).toMatchObject({ status: "failed", message: `Ödeme alınamadı: ${paymentTr.errors.threeDsFailed}` });
    const view = await payments.getPayment(app, id);
    const rows = await app.db.select().from(sandboxPayments).where(eq(sandboxPayments.conversationId, view!.orderRef));
    expect(rows.map((p) => p.status)).toEqual(["failure"]);
  });

  it("three wrong codes end the challenge as failed", async () => {
    const start = await startPay({ orderRef: ref(), amount: 2_500, buyer: TEST_BUYER, card: testCard("5528790000000008") });
    const id = (start as { paymentId: string }).paymentId;
    const { code } = (await payments.challengePage(app, id)) as { code: string };
    const wrong = code === "999999" ? "888888" : "999999";
    await payments.answerChallenge(app, id, { code: wrong });
    await payments.answerChallenge(app, id, { code: wrong });
    const last = await payments.answerChallenge(app, id, { code: wrong });
    expect(last).toHaveProperty("redirectTo");
    const done = await complete(id, fieldsOf((last as { redirectTo: string }).redirectTo));
    expect(done).toMatchObject({ status: "failed" });
    // the right code no longer helps
    expect(await payments.answerChallenge(app, id, { code })).toEqual({ redirectTo: `/odeme/sonuc?odeme=${id}` });
  });

  it("the challenge lives in the database: a fresh gateway (restart) still completes it", async () => {
    const orderRef = ref();
    const start = await startPay({ orderRef, amount: 3_000, buyer: TEST_BUYER, card: testCard("4766620000000001") });
    const id = (start as { paymentId: string }).paymentId;
    payments.useGateway(app, createSandboxGateway(app)); // nothing in memory survives
    const { code } = (await payments.challengePage(app, id)) as { code: string };
    const r = await payments.answerChallenge(app, id, { code });
    expect(await complete(id, fieldsOf((r as { redirectTo: string }).redirectTo))).toMatchObject({ status: "succeeded" });
  });

  it("abandoned challenges expire after 30 minutes", async () => {
    const start = await startPay({ orderRef: ref(), amount: 3_000, buyer: TEST_BUYER, card: testCard("4766620000000001") });
    const id = (start as { paymentId: string }).paymentId;
    app.clock.advance(29 * 60_000);
    expect((await reconcile()).expired).toBe(0);
    app.clock.advance(2 * 60_000);
    expect((await reconcile()).expired).toBeGreaterThanOrEqual(1);
    expect((await payments.getPayment(app, id))?.outcome).toMatchObject({ status: "failed", message: `Ödeme alınamadı: ${paymentTr.errors.expired}` });
  });
});

describe("callbacks are safe", () => {
  async function challenged(orderRef = ref(), then: "order" | "refuse" = "order") {
    behaviour.set(orderRef, then);
    const started = await startPay({ orderRef, amount: 4_000, buyer: TEST_BUYER, card: testCard("5528790000000008") });
    const id = (started as { paymentId: string }).paymentId;
    const { code } = (await payments.challengePage(app, id)) as { code: string };
    const r = (await payments.answerChallenge(app, id, { code })) as { redirectTo: string };
    return { id, orderRef, fields: fieldsOf(r.redirectTo) };
  }
  const successes = async (orderRef: string) =>
    (await app.db.select().from(sandboxPayments).where(and(eq(sandboxPayments.conversationId, orderRef), eq(sandboxPayments.status, "success")))).length;

  it("a replayed callback never charges twice nor runs the hook twice", async () => {
    const { id, orderRef, fields } = await challenged();
    const first = await complete(id, fields);
    const again = await complete(id, fields);
    expect(first).toMatchObject({ status: "succeeded" });
    expect(again).toEqual(first);
    expect(runsFor(orderRef)).toBe(1);
    expect(await successes(orderRef)).toBe(1);
    expect((await payments.attemptsOfOrder(app, orderRef)).filter((a) => a.kind === "3ds_complete")).toHaveLength(1);
  });

  it("duplicated callbacks arriving together charge once", async () => {
    const { id, orderRef, fields } = await challenged();
    const all = await Promise.all([1, 2, 3, 4].map(() => complete(id, fields)));
    expect(all.filter((r) => r?.status === "succeeded").length).toBeGreaterThanOrEqual(1);
    expect(all.every((r) => r?.status === "succeeded" || r?.status === "processing")).toBe(true);
    expect(runsFor(orderRef)).toBe(1);
    expect(await successes(orderRef)).toBe(1);
  });

  it("what rides on the payment's booking changes only when that statement books it (not when settled or voided before)", async () => {
    const { id, fields } = await challenged();
    const charged = await payments.completeChallenge(app, id, fields);
    if (charged?.status !== "charged") throw new Error(`expected a charge, got ${charged?.status}`);
    // a row another module would change with the booking (here a job row's note), counting each time it rode
    const [mark] = await app.db.insert(jobs).values({ kind: "test-rider", payload: {}, status: "done" }).returning({ id: jobs.id });
    const rider: Rider = (db, gate) =>
      db.$with("marked").as(db.update(jobs).set({ attempts: sql`${jobs.attempts} + 1` }).where(and(eq(jobs.id, mark!.id), gate)).returning({ id: jobs.id }));
    const rode = async () => (await app.db.select({ n: jobs.attempts }).from(jobs).where(eq(jobs.id, mark!.id)))[0]!.n;
    const booked = await app.db.transaction((tx) => payments.settleInTx(tx, app, id, charged.charge, [rider]));
    expect(booked?.paymentId).toBe(id);
    expect(await rode()).toBe(1);
    // booked already: nothing booked again, nothing rides
    expect(await app.db.transaction((tx) => payments.settleInTx(tx, app, id, charged.charge, [rider]))).toBeNull();
    expect(await rode()).toBe(1);
    // a voided payment met again (a late duplicate callback or reconcile): nothing rides either
    const other = await challenged();
    const second = await payments.completeChallenge(app, other.id, other.fields);
    if (second?.status !== "charged") throw new Error(`expected a charge, got ${second?.status}`);
    await payments.voidCharge(app, other.id, second.charge);
    expect((await app.db.select({ status: paymentIntents.status }).from(paymentIntents).where(eq(paymentIntents.id, other.id)))[0]?.status).toBe("voided");
    expect(await app.db.transaction((tx) => payments.settleInTx(tx, app, other.id, second.charge, [rider]))).toBeNull();
    expect(await rode()).toBe(1);
  });

  it("a forged or altered callback is rejected and changes nothing", async () => {
    const { id, orderRef, fields } = await challenged();
    expect(await complete(id, { ...fields, signature: "0".repeat(64) })).toEqual({ status: "rejected" });
    expect(await complete(id, { ...fields, mdStatus: "0" })).toEqual({ status: "rejected" });
    expect(await complete(id, { ...fields, signature: undefined })).toEqual({ status: "rejected" });
    expect(await complete("no-such-payment", fields)).toBeNull();
    // another payment's genuine callback does not complete this one
    const other = await challenged();
    expect(await complete(id, other.fields)).toEqual({ status: "rejected" });
    expect((await payments.getPayment(app, id))?.status).toBe("challenge");
    expect(await successes(orderRef)).toBe(0);
    const rejected = (await payments.attemptsOfOrder(app, orderRef)).filter((a) => a.kind === "3ds_complete");
    expect(rejected.map((a) => a.errorCode)).toEqual(["callback_signature", "callback_signature", "callback_fields", "callback_mismatch"]);
    // the genuine callback still works afterwards
    expect(await complete(id, fields)).toMatchObject({ status: "succeeded" });
  });

  it("an order already paid is not charged again by a second payment", async () => {
    const orderRef = ref();
    const a = await challenged(orderRef);
    const b = await challenged(orderRef); // the buyer opened the payment twice
    expect(await complete(a.id, a.fields)).toMatchObject({ status: "succeeded" });
    expect(await complete(b.id, b.fields)).toMatchObject({ status: "failed", code: "already_paid" });
    expect(await successes(orderRef)).toBe(1);
    expect(runsFor(orderRef)).toBe(1);
    // and starting once more answers with the payment already made
    const again = await startPay({ orderRef, amount: 4_000, buyer: TEST_BUYER, card: testCard("5528790000000008") });
    expect(again).toMatchObject({ status: "succeeded", paymentId: a.id });
  });

  it("when the shop cannot take the order the charge is voided", async () => {
    const { id, orderRef, fields } = await challenged(ref(), "refuse");
    const r = await complete(id, fields);
    expect(r).toMatchObject({ status: "failed", code: "shop_rejected", message: `Ödeme alınamadı: ${paymentTr.errors.shopRejected}` });
    const [p] = await app.db.select().from(sandboxPayments).where(eq(sandboxPayments.conversationId, orderRef));
    expect(p).toMatchObject({ status: "success", cancelled: true });
    expect((await payments.attemptsOfOrder(app, orderRef)).map((a) => a.kind)).toContain("void");
  });
});

describe("saved cards (SPEC §2.8)", () => {
  const alice = 101;
  const bob = 202;
  let aliceCard: number;

  it("'save card' stores only the provider token, BIN and last four", async () => {
    const { result } = await payWithNewCard(app, { orderRef: ref(), amount: 1_000, card: "5528790000000008", saveCard: true, userId: alice }, onPaid);
    expect(result?.status).toBe("succeeded");
    const list = await payments.listSavedCards(app, alice);
    expect(list).toEqual([
      { cardId: expect.any(Number), cardLogo: "/img/cards/mastercard.svg", cardBin: "552879", cardLastFour: "0008", cardType: "Mastercard", cardTypeName: "Mastercard", bankName: "Halkbank" },
    ]);
    aliceCard = list[0]!.cardId;
    const [stored] = await app.db.select().from(sandboxCards).where(eq(sandboxCards.bin, "552879"));
    expect(stored).toBeDefined();
  });

  it("a guest's 'save card' saves nothing", async () => {
    await payWithNewCard(app, { orderRef: ref(), amount: 1_000, card: "4766620000000001", saveCard: true, userId: null }, onPaid);
    expect(await payments.listSavedCards(app, null)).toEqual([]);
  });

  it("pays with a saved card at once", async () => {
    const orderRef = ref();
    const r = await startPay({ orderRef, amount: 2_200, buyer: TEST_BUYER, savedCardId: aliceCard, userId: alice });
    expect(r).toMatchObject({ status: "succeeded", amount: 2_200, card: { lastFour: "0008", type: "Mastercard" } });
    expect(runsFor(orderRef)).toBe(1);
    expect((await payments.attemptsOfOrder(app, orderRef)).map((a) => [a.kind, a.status])).toEqual([["authorise", "succeeded"]]);
  });

  it("five payments of one order with a saved card at once: one payment row, one recorded call, one charge at the provider", async () => {
    const orderRef = ref();
    const answers = await Promise.all(Array.from({ length: 5 }, () => startPay({ orderRef, amount: 2_300, buyer: TEST_BUYER, savedCardId: aliceCard, userId: alice })));
    // the first is charged and settled; the others meet it through the unique index before any call
    expect(answers.map((a) => a.status).sort()).toContain("succeeded");
    expect(answers.every((a) => ["processing", "succeeded"].includes(a.status))).toBe(true);
    expect(runsFor(orderRef)).toBe(1);
    expect(await app.db.select().from(paymentIntents).where(eq(paymentIntents.orderRef, orderRef))).toHaveLength(1);
    expect((await payments.attemptsOfOrder(app, orderRef)).map((a) => [a.kind, a.status])).toEqual([["authorise", "succeeded"]]);
    expect(await app.db.select().from(sandboxPayments).where(eq(sandboxPayments.idempotencyKey, orderRef))).toHaveLength(1);
  });

  it("the sandbox provider with a stored card: the same key answers the same payment, an unknown card is refused", async () => {
    const sandbox = createSandboxGateway(app);
    const stored = await sandbox.storeCard({ card: { number: "5528790000000008", holder: "Ayşe", expMonth: 12, expYear: 2030 }, email: "a@example.com", externalId: "user-test" });
    if (!stored.ok) throw new Error("stored");
    const req = { idempotencyKey: ref(), amount: 1_500, buyer: { ...TEST_BUYER, id: "user-test" }, description: "test", stored: { cardUserKey: stored.cardUserKey, cardToken: stored.cardToken } };
    const first = await sandbox.authorise(req);
    const again = await sandbox.authorise(req);
    expect(first).toMatchObject({ ok: true, card: { lastFour: "0008" } });
    expect(again).toEqual(first);
    expect(await app.db.select().from(sandboxPayments).where(eq(sandboxPayments.idempotencyKey, req.idempotencyKey))).toHaveLength(1);
    expect(await sandbox.authorise({ ...req, idempotencyKey: ref(), stored: { ...req.stored, cardToken: "ctk_unknown" } })).toMatchObject({ ok: false, code: "1001" });
    expect(await sandbox.deleteCard({ cardUserKey: stored.cardUserKey, cardToken: stored.cardToken })).toEqual({ ok: true });
  });

  it("another user or a logged-out visitor can never see or use it", async () => {
    expect(await payments.listSavedCards(app, bob)).toEqual([]);
    expect(await payments.listSavedCards(app, undefined)).toEqual([]);
    for (const userId of [bob, null]) {
      const r = await startPay({ orderRef: ref(), amount: 2_200, buyer: TEST_BUYER, savedCardId: aliceCard, userId });
      expect(r).toMatchObject({ status: "failed", message: `Ödeme alınamadı: ${paymentTr.errors.savedCardNotFound}` });
    }
    expect(await payments.deleteSavedCard(app, bob, aliceCard)).toBe(false);
    expect(await payments.deleteSavedCard(app, null, aliceCard)).toBe(false);
    expect(await payments.listSavedCards(app, alice)).toHaveLength(1);
  });

  it("a saved failing card fails with the provider's text", async () => {
    const saved = await payments.saveCardForUser(app, bob, "bob@example.com", { number: "4111111111111129", holder: "Bob", expMonth: 1, expYear: 2031 });
    expect(saved).toMatchObject({ ok: true, card: { cardBin: "411111", cardLastFour: "1129", cardType: "Visa", cardLogo: "/img/cards/visa.svg" } });
    const r = await startPay({ orderRef: ref(), amount: 900, buyer: TEST_BUYER, savedCardId: (saved as { card: { cardId: number } }).card.cardId, userId: bob });
    expect(r).toMatchObject({ status: "failed", message: "Ödeme alınamadı: Kart limiti yetersiz, yetersiz bakiye" });
  });

  it("the owner deletes it here and at the provider", async () => {
    expect(await payments.deleteSavedCard(app, alice, aliceCard)).toBe(true);
    expect(await payments.listSavedCards(app, alice)).toEqual([]);
    expect(await app.db.select().from(sandboxCards).where(eq(sandboxCards.bin, "552879"))).toEqual([]);
    const r = await startPay({ orderRef: ref(), amount: 2_200, buyer: TEST_BUYER, savedCardId: aliceCard, userId: alice });
    expect(r.status).toBe("failed");
  });

  it("BIN lookup gives type, association and bank for the logo", async () => {
    expect(await payments.binLookup(app, "374427")).toMatchObject({ type: "AMEX", association: "AMERICAN_EXPRESS", bankName: "Garanti Bankası", logo: "/img/cards/amex.svg" });
    expect(await payments.binLookup(app, "979203")).toMatchObject({ type: "Troy", logo: "/img/cards/troy.svg" });
    expect(await payments.binLookup(app, "12")).toBeNull();
  });
});

describe("refunds", () => {
  async function paid(amount = 10_000) {
    const orderRef = ref();
    const { result } = await payWithNewCard(app, { orderRef, amount, card: "4766620000000001", buyer: { ...TEST_BUYER, email: `${orderRef.toLowerCase()}@example.com` } }, onPaid);
    return { id: (result as { paymentId: string }).paymentId, orderRef };
  }
  const mailsTo = async (to: string) =>
    (await app.db.select().from(jobs).where(eq(jobs.kind, "mail"))).filter((j) => (j.payload as { to: string }).to === to).map((j) => j.payload as { subject: string; text: string });

  it("a same-day full refund is a cancel, recorded and mailed", async () => {
    const { id, orderRef } = await paid();
    const r = await payments.refund(app, { paymentId: id, reason: "Üye pişirmeden önce iptal etti", requestedBy: "member:1" });
    expect(r).toMatchObject({ ok: true, kind: "cancel", amount: 10_000, refundedTotal: 10_000, remaining: 0 });
    expect((await payments.getPayment(app, id))?.status).toBe("cancelled");
    const mails = await mailsTo(`${orderRef.toLowerCase()}@example.com`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Ödemeniz iptal edildi – Sipariş ${orderRef}`);
    expect(mails[0]!.text).toContain("₺100,00");
    expect(await payments.refund(app, { paymentId: id, amount: 1, reason: "", requestedBy: "staff:1" })).toMatchObject({ ok: false });
  });

  it("partial refunds on a later day, never more than was paid", async () => {
    const { id, orderRef } = await paid(10_000);
    app.clock.advance(86_400_000);
    expect(await payments.cancel(app, { paymentId: id, reason: "", requestedBy: "staff:1" })).toMatchObject({ ok: false, message: paymentTr.errors.refundNotPossible });
    expect(await payments.refund(app, { paymentId: id, amount: 2_500, reason: "Eksik ürün", requestedBy: "staff:1" })).toMatchObject({ ok: true, kind: "refund", refundedTotal: 2_500, remaining: 7_500 });
    expect(await payments.refund(app, { paymentId: id, amount: 8_000, reason: "", requestedBy: "staff:1" })).toMatchObject({ ok: false, message: paymentTr.errors.refundTooLarge });
    // two refunds together cannot exceed the payment either
    const both = await Promise.all([5_000, 5_000].map((amount) => payments.refund(app, { paymentId: id, amount, reason: "", requestedBy: "staff:2" })));
    expect(both.filter((b) => b.ok)).toHaveLength(1);
    const rest = await payments.refund(app, { paymentId: id, reason: "Kalan", requestedBy: "staff:1" });
    expect(rest).toMatchObject({ ok: true, amount: 2_500, refundedTotal: 10_000, remaining: 0 });
    expect((await payments.getPayment(app, id))?.status).toBe("refunded");
    expect((await payments.refundsOf(app, id)).filter((x) => x.status === "succeeded").map((x) => x.amount)).toEqual([2_500, 5_000, 2_500]);
    expect(await mailsTo(`${orderRef.toLowerCase()}@example.com`)).toHaveLength(3);
    const [p] = await app.db.select().from(sandboxPayments).where(eq(sandboxPayments.conversationId, orderRef));
    expect(p?.refunded).toBe(10_000);
  });

  it("the same key refunds once", async () => {
    const { id } = await paid(6_000);
    app.clock.advance(86_400_000);
    const a = await payments.refund(app, { paymentId: id, amount: 1_000, reason: "", requestedBy: "staff:1", key: `k-${id}` });
    const b = await payments.refund(app, { paymentId: id, amount: 1_000, reason: "", requestedBy: "staff:1", key: `k-${id}` });
    expect(b).toEqual(a);
    expect((await payments.getPayment(app, id))?.refundedAmount).toBe(1_000);
  });
});

describe("crash reconciliation", () => {
  /** A gateway that reaches the provider but loses the answer, like a crash or timeout right after the charge. */
  function losingAnswers(inner: PaymentGateway, lose: { authorise?: boolean; complete3ds?: boolean; before?: boolean }): PaymentGateway {
    const lost = { ok: false as const, code: "network", message: "socket hang up", unknown: true };
    return {
      ...inner,
      async authorise(req) {
        if (lose.before) return lost; // never reached the provider
        const r = await inner.authorise(req);
        return lose.authorise ? lost : r;
      },
      async complete3ds(req) {
        const r = await inner.complete3ds(req);
        return lose.complete3ds ? lost : r;
      },
    };
  }

  it("a 3-D Secure payment charged while we crashed is found and completed once", async () => {
    const sandbox = createSandboxGateway(app);
    payments.useGateway(app, losingAnswers(sandbox, { complete3ds: true }));
    const orderRef = ref();
    const { result } = await payWithNewCard(app, { orderRef, amount: 7_700, card: "5528790000000008" }, onPaid);
    expect(result).toMatchObject({ status: "processing" });
    expect(runsFor(orderRef)).toBe(0);
    const [attempt] = await app.db.select().from(paymentAttempts).where(and(eq(paymentAttempts.orderRef, orderRef), eq(paymentAttempts.kind, "3ds_complete")));
    expect(attempt?.status).toBe("pending");

    payments.useGateway(app, createSandboxGateway(app)); // "restart"
    expect(await reconcile({ olderThanSeconds: 60 })).toMatchObject({ checked: 0 }); // too fresh
    app.clock.advance(61_000);
    expect(await reconcile({ olderThanSeconds: 60 })).toMatchObject({ checked: 1, succeeded: 1 });
    expect(runsFor(orderRef)).toBe(1);
    const view = (await payments.paymentOfOrder(app, orderRef))!;
    expect(view.status).toBe("succeeded");
    const attempts = await payments.attemptsOfOrder(app, orderRef);
    expect(attempts.find((a) => a.id === attempt!.id)?.status).toBe("reconciled");
    expect(attempts.at(-1)).toMatchObject({ kind: "retrieve", status: "succeeded" });
    // running again changes nothing
    app.clock.advance(61_000);
    expect(await reconcile()).toMatchObject({ checked: 0 });
    expect(runsFor(orderRef)).toBe(1);
    // the buyer's late callback replay finds it paid
    const replay = await complete(view.paymentId, {});
    expect(replay).toMatchObject({ status: "succeeded" });
  });

  it("a saved-card charge whose answer was lost is settled from the provider's books", async () => {
    const saved = await payments.saveCardForUser(app, 303, "c@example.com", { number: "4766620000000001", holder: "C", expMonth: 5, expYear: 2030 });
    const cardId = (saved as { card: { cardId: number } }).card.cardId;
    payments.useGateway(app, losingAnswers(createSandboxGateway(app), { authorise: true }));
    const orderRef = ref();
    const r = await startPay({ orderRef, amount: 3_300, buyer: TEST_BUYER, savedCardId: cardId, userId: 303 });
    expect(r.status).toBe("processing");
    // while it is pending, the same order is not charged again
    expect(await startPay({ orderRef, amount: 3_300, buyer: TEST_BUYER, savedCardId: cardId, userId: 303 })).toMatchObject({ status: "processing" });
    payments.useGateway(app, createSandboxGateway(app));
    app.clock.advance(120_000);
    expect(await reconcile()).toMatchObject({ succeeded: 1 });
    expect(runsFor(orderRef)).toBe(1);
    const n = await app.db.execute(sql`select count(*)::int as n from sandbox_payments where conversation_id = ${orderRef} and status = 'success'`);
    expect((n as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });

  it("a charge that never reached the provider is marked failed", async () => {
    const saved = await payments.saveCardForUser(app, 304, "d@example.com", { number: "4766620000000001", holder: "D", expMonth: 5, expYear: 2030 });
    payments.useGateway(app, losingAnswers(createSandboxGateway(app), { before: true }));
    const orderRef = ref();
    const r = await startPay({ orderRef, amount: 3_300, buyer: TEST_BUYER, savedCardId: (saved as { card: { cardId: number } }).card.cardId, userId: 304 });
    expect(r.status).toBe("processing");
    payments.useGateway(app, createSandboxGateway(app));
    app.clock.advance(120_000);
    expect(await reconcile()).toMatchObject({ failed: 1 });
    expect(runsFor(orderRef)).toBe(0);
    expect((await payments.getPayment(app, (r as { paymentId: string }).paymentId))?.status).toBe("failed");
  });

  /** A gateway whose refund and cancel calls lose their answer: after reaching the provider, or before. */
  function losingRefunds(inner: PaymentGateway, opts: { before?: boolean; noBooks?: boolean } = {}): PaymentGateway {
    const lost = { ok: false as const, code: "timeout", message: "timeout", unknown: true };
    return {
      ...inner,
      async refund(req) {
        if (!opts.before) await inner.refund(req);
        return lost;
      },
      async cancel(req) {
        if (!opts.before) await inner.cancel(req);
        return lost;
      },
      async retrieve(req) {
        const r = await inner.retrieve(req);
        // a provider whose payment lookup does not show refunds (like iyzico's payment detail)
        return opts.noBooks && r.ok ? { ...r, refunded: undefined, cancelled: undefined } : r;
      },
    };
  }
  async function paidNow(amount: number) {
    const orderRef = ref();
    const { result } = await payWithNewCard(app, { orderRef, amount, card: "4766620000000001", buyer: { ...TEST_BUYER, email: `${orderRef.toLowerCase()}@example.com` } }, onPaid);
    return { id: (result as { paymentId: string }).paymentId, orderRef, email: `${orderRef.toLowerCase()}@example.com` };
  }
  const refundMails = async (to: string) => (await app.db.select().from(jobs).where(eq(jobs.kind, "mail"))).filter((j) => (j.payload as { to: string }).to === to);

  it("a refund whose answer was lost stays pending, is never sent twice, and is confirmed from the provider's books", async () => {
    const { id, email } = await paidNow(8_000);
    payments.useGateway(app, losingRefunds(createSandboxGateway(app)));
    const key = `order-cancel:${id}`;
    expect(await payments.refund(app, { paymentId: id, reason: "İptal", requestedBy: "member:1", key })).toMatchObject({ ok: false, code: "unknown" });
    // the caller (e.g. the order's refund job) asks again with its key: no second call to the provider
    expect(await payments.refund(app, { paymentId: id, reason: "İptal", requestedBy: "member:1", key })).toMatchObject({ ok: false, code: "pending" });
    expect((await payments.refundsOf(app, id)).map((r) => [r.kind, r.status])).toEqual([["cancel", "pending"]]);
    expect(await refundMails(email)).toHaveLength(0);

    payments.useGateway(app, createSandboxGateway(app)); // restart
    app.clock.advance(61_000);
    expect(await reconcile()).toMatchObject({ refundsChecked: 1, refundsSucceeded: 1, refundsFailed: 0 });
    expect(await payments.getPayment(app, id)).toMatchObject({ status: "cancelled", refundedAmount: 8_000 });
    expect((await payments.refundsOf(app, id)).map((r) => r.status)).toEqual(["succeeded"]);
    expect(await refundMails(email)).toHaveLength(1);
    const attempts = await payments.attemptsOfOrder(app, (await payments.getPayment(app, id))!.orderRef);
    expect(attempts.find((a) => a.kind === "cancel")?.status).toBe("reconciled");
    // now the key answers with the confirmed refund; reconcile has nothing left
    expect(await payments.refund(app, { paymentId: id, reason: "İptal", requestedBy: "member:1", key })).toMatchObject({ ok: true, amount: 8_000, remaining: 0 });
    app.clock.advance(61_000);
    expect(await reconcile()).toMatchObject({ refundsChecked: 0 });
    expect(await refundMails(email)).toHaveLength(1);
  });

  it("a partial refund that never reached the provider is marked failed, and the same key can then try again", async () => {
    const { id } = await paidNow(9_000);
    app.clock.advance(86_400_000); // another day: a refund, not a cancel
    payments.useGateway(app, losingRefunds(createSandboxGateway(app), { before: true }));
    const key = `staff-refund:${id}`;
    expect(await payments.refund(app, { paymentId: id, amount: 3_000, reason: "Eksik ürün", requestedBy: "staff:1", key })).toMatchObject({ ok: false, code: "unknown" });
    payments.useGateway(app, createSandboxGateway(app));
    app.clock.advance(61_000);
    expect(await reconcile()).toMatchObject({ refundsChecked: 1, refundsFailed: 1, refundsSucceeded: 0 });
    expect(await payments.getPayment(app, id)).toMatchObject({ status: "succeeded", refundedAmount: 0 });
    const again = await payments.refund(app, { paymentId: id, amount: 3_000, reason: "Eksik ürün", requestedBy: "staff:1", key });
    expect(again).toMatchObject({ ok: true, kind: "refund", amount: 3_000, remaining: 6_000 });
    expect((await payments.refundsOf(app, id)).map((r) => r.status)).toEqual(["failed", "succeeded"]);
  });

  it("when the provider's books cannot tell, a pending refund is left alone for a while, then marked failed", async () => {
    const { id } = await paidNow(4_000);
    const gw = losingRefunds(createSandboxGateway(app), { noBooks: true });
    payments.useGateway(app, gw);
    expect(await payments.refund(app, { paymentId: id, reason: "İptal", requestedBy: "staff:1" })).toMatchObject({ ok: false, code: "unknown" });
    app.clock.advance(61_000);
    expect(await reconcile()).toMatchObject({ refundsChecked: 1, refundsSucceeded: 0, refundsFailed: 0 });
    expect((await payments.refundsOf(app, id))[0]?.status).toBe("pending");
    app.clock.advance(payments.REFUND_UNKNOWN_TTL_SECONDS * 1000);
    expect(await reconcile()).toMatchObject({ refundsChecked: 1, refundsFailed: 1 });
    expect((await payments.refundsOf(app, id))[0]).toMatchObject({ status: "failed", message: "outcome unknown: check the provider's panel" });
    payments.useGateway(app, createSandboxGateway(app));
  });
});
