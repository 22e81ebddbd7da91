import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../db/testing";
import { startFakeIyzico, type FakeIyzico } from "./fake-iyzico";
import { createIyzicoGateway } from "./iyzico";
import * as payments from "./service";
import { reconciled, settled, TEST_BUYER, testCard } from "./testing";

/**
 * Contract of the iyzico adapter against a local server speaking the provider's shapes (no internet):
 * the iyzipay client's IYZWSv2 header is verified by the server, responses are signed and checked.
 */
let fake: FakeIyzico;
let app: TestApp;
let seq = 0;
const ref = () => `IYZ-${++seq}`;
const hookRuns: string[] = [];

beforeAll(async () => {
  fake = await startFakeIyzico();
  app = await createTestApp({
    env: { PAYMENT_PROVIDER: "iyzico", IYZICO_API_KEY: fake.apiKey, IYZICO_SECRET_KEY: fake.secretKey, IYZICO_BASE_URL: fake.url, PUBLIC_URL: "https://kurabiye.example" },
  });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

/** The test's stand-in for the place-order flow: books each charge and counts it per order ref. */
const onPaid = async (_tx: unknown, e: payments.PaymentSucceeded) => void hookRuns.push(e.orderRef);
const startPay = async (input: payments.StartPaymentInput) => settled(app, await payments.startPayment(app, input), onPaid);
const complete = async (id: string, fields: Parameters<typeof payments.completeChallenge>[2]) => {
  const r: Awaited<ReturnType<typeof payments.completeChallenge>> = await payments.completeChallenge(app, id, fields);
  return r && r.status !== "rejected" ? settled(app, r, onPaid) : r;
};

const last = (path: string) => [...fake.requests].reverse().find((r) => r.path === path)!;

/** Starts a 3-D Secure payment and returns the signed callback fields the bank would post. */
async function challenged(number: string, extra: Partial<payments.StartPaymentInput> = {}) {
  const orderRef = ref();
  const start = await startPay({ orderRef, amount: 12_345, buyer: TEST_BUYER, card: testCard(number), ...extra });
  return { orderRef, start };
}

describe("iyzico adapter", () => {
  it("the server refuses a client with the wrong secret (the Authorization header is checked)", async () => {
    const wrong = createIyzicoGateway({ apiKey: fake.apiKey, secretKey: "not-the-secret", baseUrl: fake.url });
    const before = fake.refused;
    expect(await wrong.binLookup("552879")).toMatchObject({ ok: false, code: "1000", message: "Geçersiz imza" });
    expect(fake.refused).toBe(before + 1);
    const right = createIyzicoGateway({ apiKey: fake.apiKey, secretKey: fake.secretKey, baseUrl: fake.url });
    expect(await right.binLookup("552879")).toMatchObject({ ok: true, association: "MASTER_CARD", bankName: "Halkbank", cardType: "CREDIT_CARD" });
  });

  it("3-D Secure: initialise with the callback route, render the bank page, complete after the callback", async () => {
    const { orderRef, start } = await challenged("5528790000000008");
    expect(start).toMatchObject({ status: "challenge" });
    const id = (start as { paymentId: string }).paymentId;
    const init = last("/payment/3dsecure/initialize").body;
    expect(init).toMatchObject({
      locale: "tr",
      conversationId: orderRef,
      basketId: orderRef,
      price: "123.45",
      paidPrice: "123.45",
      currency: "TRY",
      installment: "1",
      paymentChannel: "WEB",
      paymentGroup: "PRODUCT",
      callbackUrl: `https://kurabiye.example/odeme/3ds/${id}/callback`,
      paymentCard: { cardNumber: "5528790000000008", expireMonth: "12", expireYear: "2030", registerCard: "0" },
      buyer: { name: "Ayşe", surname: "Yılmaz", email: "ayse@example.com", identityNumber: "11111111111", city: "İstanbul", ip: "127.0.0.1", gsmNumber: "+905321234567" },
      basketItems: [{ id: orderRef, price: "123.45", itemType: "PHYSICAL" }],
    });
    expect(await payments.challengePage(app, id)).toEqual({ kind: "provider", paymentId: id });
    expect(await payments.providerChallengeHtml(app, id)).toContain('id="iyzico-3ds-form"');

    const providerId = [...fake.payments.values()].find((p) => p.conversationId === orderRef)!.paymentId;
    const fields = fake.callbackFor(providerId);
    const done = await complete(id, fields);
    expect(done).toMatchObject({ status: "succeeded", amount: 12_345, card: { type: "Mastercard", lastFour: "0008" }, redirectTo: `/odeme/sonuc?odeme=${id}` });
    expect(last("/payment/3dsecure/auth").body).toMatchObject({ paymentId: providerId, conversationId: orderRef, conversationData: `cd-${providerId}` });
    expect(hookRuns.filter((r) => r === orderRef)).toHaveLength(1);
    // the bank page is gone once used; a replay charges nothing more
    expect(await payments.providerChallengeHtml(app, id)).toBeNull();
    const auths = fake.requests.filter((r) => r.path === "/payment/3dsecure/auth").length;
    expect(await complete(id, fields)).toMatchObject({ status: "succeeded" });
    expect(fake.requests.filter((r) => r.path === "/payment/3dsecure/auth").length).toBe(auths);
  });

  it("a tampered callback is rejected; a failed 3-D Secure is not charged", async () => {
    const { orderRef, start } = await challenged("5528790000000008");
    const id = (start as { paymentId: string }).paymentId;
    const providerId = [...fake.payments.values()].find((p) => p.conversationId === orderRef)!.paymentId;
    const fields = fake.callbackFor(providerId);
    expect(await complete(id, { ...fields, status: "success", mdStatus: "1", signature: "a".repeat(64) })).toEqual({ status: "rejected" });
    const failed = fake.callbackFor(providerId, { mdStatus: "0" });
    expect(await complete(id, failed)).toMatchObject({ status: "failed" });
    expect(fake.requests.some((r) => r.path === "/payment/3dsecure/auth" && r.body.paymentId === providerId)).toBe(false);
  });

  it("the provider's decline text reaches the buyer", async () => {
    const { orderRef, start } = await challenged("4111111111111129");
    const id = (start as { paymentId: string }).paymentId;
    const providerId = [...fake.payments.values()].find((p) => p.conversationId === orderRef)!.paymentId;
    expect(await complete(id, fake.callbackFor(providerId))).toMatchObject({ status: "failed", code: "10051", message: "Ödeme alınamadı: Kart limiti yetersiz, yetersiz bakiye" });
    const init = await challenged("4151111111111112");
    expect(init.start).toMatchObject({ status: "failed", code: "10217" });
  });

  it("saves the card with the payment, pays with the stored card, deletes it", async () => {
    const { orderRef, start } = await challenged("476662" + "0000000001", { saveCard: true, userId: 42 });
    const id = (start as { paymentId: string }).paymentId;
    expect(last("/payment/3dsecure/initialize").body).toMatchObject({ paymentCard: { registerCard: "1" } });
    const providerId = [...fake.payments.values()].find((p) => p.conversationId === orderRef)!.paymentId;
    expect(await complete(id, fake.callbackFor(providerId))).toMatchObject({ status: "succeeded" });
    const cards = await payments.listSavedCards(app, 42);
    expect(cards).toEqual([expect.objectContaining({ cardBin: "476662", cardLastFour: "0001", cardType: "Visa", cardLogo: "/img/cards/visa.svg" })]);

    const second = ref();
    const paid = await startPay({ orderRef: second, amount: 5_000, buyer: TEST_BUYER, savedCardId: cards[0]!.cardId, userId: 42 });
    expect(paid).toMatchObject({ status: "succeeded", amount: 5_000 });
    const auth = last("/payment/auth").body;
    expect(auth.paymentCard).toEqual({ cardUserKey: expect.stringMatching(/^cuk-/), cardToken: expect.stringMatching(/^ctk-/) });
    expect(auth).toMatchObject({ conversationId: second, price: "50.0" });

    // a second card for the same member goes under the same cardUserKey
    const more = await payments.saveCardForUser(app, 42, "ayse@example.com", { number: "374427000000003", holder: "Ayşe Yılmaz", expMonth: 3, expYear: 2031 });
    expect(more).toMatchObject({ ok: true, card: { cardType: "AMEX", bankName: "Garanti Bankası" } });
    expect(last("/cardstorage/card").body).toMatchObject({ cardUserKey: auth.paymentCard && (auth.paymentCard as { cardUserKey: string }).cardUserKey, externalId: "user-42" });

    expect(await payments.deleteSavedCard(app, 42, cards[0]!.cardId)).toBe(true);
    expect(last("/cardstorage/card")).toMatchObject({ method: "DELETE" });
    expect((await payments.listSavedCards(app, 42)).map((c) => c.cardType)).toEqual(["AMEX"]);
  });

  it("refunds partly against the transaction, and cancels the same day", async () => {
    const { orderRef, start } = await challenged("5528790000000008");
    const id = (start as { paymentId: string }).paymentId;
    const p = [...fake.payments.values()].find((x) => x.conversationId === orderRef)!;
    await complete(id, fake.callbackFor(p.paymentId));
    app.clock.advance(86_400_000);
    expect(await payments.refund(app, { paymentId: id, amount: 2_345, reason: "Eksik ürün", requestedBy: "staff:1" })).toMatchObject({ ok: true, kind: "refund", remaining: 10_000 });
    expect(last("/payment/refund").body).toMatchObject({ paymentTransactionId: p.transactionId, price: "23.45", currency: "TRY" });
    expect(p.refunded).toBe(2_345);

    const other = await challenged("5528790000000008");
    const oid = (other.start as { paymentId: string }).paymentId;
    const op = [...fake.payments.values()].find((x) => x.conversationId === other.orderRef)!;
    await complete(oid, fake.callbackFor(op.paymentId));
    expect(await payments.cancel(app, { paymentId: oid, reason: "Üye iptal etti", requestedBy: "member:1" })).toMatchObject({ ok: true, kind: "cancel" });
    expect(last("/payment/cancel").body).toMatchObject({ paymentId: op.paymentId });
    expect(op.cancelled).toBe(true);
  });

  it("an answer lost after the charge is settled by the reconcile job, once", async () => {
    const { orderRef, start } = await challenged("5528790000000008");
    const id = (start as { paymentId: string }).paymentId;
    const providerId = [...fake.payments.values()].find((p) => p.conversationId === orderRef)!.paymentId;
    fake.dropAnswerOnce("/payment/3dsecure/auth");
    expect(await complete(id, fake.callbackFor(providerId))).toMatchObject({ status: "processing" });
    expect(fake.payments.get(providerId)?.status).toBe("SUCCESS"); // charged at the provider
    expect(hookRuns.filter((r) => r === orderRef)).toHaveLength(0);
    app.clock.advance(5 * 60_000);
    expect(await reconciled(app, {}, onPaid)).toMatchObject({ checked: 1, succeeded: 1 });
    expect(last("/payment/detail").body).toMatchObject({ paymentId: providerId });
    expect(hookRuns.filter((r) => r === orderRef)).toHaveLength(1);
    expect((await payments.getPayment(app, id))?.status).toBe("succeeded");
  });

  it("a response with a forged signature is not trusted", async () => {
    const saved = await payments.saveCardForUser(app, 77, "x@example.com", { number: "5528790000000008", holder: "X", expMonth: 1, expYear: 2031 });
    fake.forgeSignatureOnce("/payment/auth");
    const r = await startPay({ orderRef: ref(), amount: 1_000, buyer: TEST_BUYER, savedCardId: (saved as { card: { cardId: number } }).card.cardId, userId: 77 });
    expect(r.status).toBe("processing"); // not taken as paid; reconcile asks again with a verified answer
    app.clock.advance(5 * 60_000);
    expect(await reconciled(app, {}, onPaid)).toMatchObject({ succeeded: 1 });
  });

  it("an unsigned callback is rejected: the signature is required, so a forged 'success' post charges nothing", async () => {
    const { orderRef, start } = await challenged("5528790000000008");
    const id = (start as { paymentId: string }).paymentId;
    const providerId = [...fake.payments.values()].find((p) => p.conversationId === orderRef)!.paymentId;
    const genuine = fake.callbackFor(providerId);
    const { signature, ...unsigned } = genuine;
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    // the genuine fields without their signature, and a hand-made 'success' post
    expect(await complete(id, unsigned)).toEqual({ status: "rejected" });
    expect(await complete(id, { paymentId: providerId, conversationId: orderRef, status: "success", mdStatus: "1" })).toEqual({ status: "rejected" });
    expect(await complete(id, { ...unsigned, signature: "" })).toEqual({ status: "rejected" });
    expect(fake.requests.some((r) => r.path === "/payment/3dsecure/auth" && r.body.paymentId === providerId)).toBe(false);
    expect(hookRuns.filter((r) => r === orderRef)).toHaveLength(0);
    const refused = (await payments.attemptsOfOrder(app, orderRef)).filter((a) => a.errorCode === "callback_signature");
    expect(refused).toHaveLength(3);
    // the payment still waits for the real callback, which completes it once
    expect(await complete(id, genuine)).toMatchObject({ status: "succeeded" });
    expect(hookRuns.filter((r) => r === orderRef)).toHaveLength(1);
  });

  it("an unsigned payment answer is not trusted either; a signed lookup settles it", async () => {
    const saved = await payments.saveCardForUser(app, 78, "y@example.com", { number: "5528790000000008", holder: "Y", expMonth: 1, expYear: 2031 });
    fake.stripSignatureOnce("/payment/auth");
    const orderRef = ref();
    const r = await startPay({ orderRef, amount: 2_000, buyer: TEST_BUYER, savedCardId: (saved as { card: { cardId: number } }).card.cardId, userId: 78 });
    expect(r.status).toBe("processing");
    expect(hookRuns.filter((x) => x === orderRef)).toHaveLength(0);
    app.clock.advance(5 * 60_000);
    expect(await reconciled(app, {}, onPaid)).toMatchObject({ succeeded: 1 });
    expect(hookRuns.filter((x) => x === orderRef)).toHaveLength(1);
  });
});

describe("iyzico adapter: installments (issue 27)", () => {
  it("asks /payment/iyzipos/installment with binNumber, price, locale and conversationId, and reads installmentDetails", async () => {
    const table = await payments.installmentTable(app, "54003600", 12_345);
    expect(last("/payment/iyzipos/installment").body).toMatchObject({ locale: "tr", binNumber: "54003600", price: "123.45", currency: "TRY", conversationId: "inst-54003600-12345" });
    expect(table).toMatchObject({ queried: true, family: "Bonus", bankName: "Garanti Bankası", cardType: "CREDIT_CARD", association: "MASTER_CARD" });
    expect(table.options.map((o) => o.count)).toEqual([1, 2, 3, 6, 9, 12]);
    // Bonus: 2 and 3 without interest, 6 with the bank's 6.9 %
    expect(table.options.find((o) => o.count === 3)).toEqual({ count: 3, monthly: 4_115, total: 12_345 });
    expect(table.options.find((o) => o.count === 6)).toEqual({ count: 6, monthly: 2_200, total: 13_197 });
    // AMEX and debit cards: the single payment only
    expect((await payments.installmentTable(app, "374427", 12_345)).options).toEqual([{ count: 1, monthly: 12_345, total: 12_345 }]);
    expect((await payments.installmentTable(app, "476662", 12_345)).options).toEqual([{ count: 1, monthly: 12_345, total: 12_345 }]);
    // a BIN the provider does not know: single payment, not an error for the form
    expect(await payments.installmentTable(app, "999999", 12_345)).toMatchObject({ queried: false, options: [{ count: 1, total: 12_345 }] });
  });

  it("3 installments with interest: price stays the order's, paidPrice and installment reach the provider; a full refund returns the paid total", async () => {
    const table = await payments.installmentTable(app, "545103", 12_345);
    const three = table.options.find((o) => o.count === 3)!;
    expect(three.total).toBe(12_913); // World: 4.6 %
    const { orderRef, start } = await challenged("5451030000000000", { installment: { count: 3, total: three.total } });
    expect(start).toMatchObject({ status: "challenge" });
    expect(last("/payment/3dsecure/initialize").body).toMatchObject({ price: "123.45", paidPrice: "129.13", installment: "3", basketItems: [{ price: "123.45" }] });
    const id = (start as { paymentId: string }).paymentId;
    const providerId = [...fake.payments.values()].find((p) => p.conversationId === orderRef)!.paymentId;
    expect(await complete(id, fake.callbackFor(providerId))).toMatchObject({ status: "succeeded", amount: 12_913 });
    const refund = await payments.refund(app, { paymentId: id, reason: "test", requestedBy: "test" });
    expect(refund).toMatchObject({ ok: true, amount: 12_913, remaining: 0 });
  });

  it("a tampered total or a count the card does not get is refused in Turkish before anything is sent", async () => {
    const before = fake.requests.filter((r) => r.path === "/payment/3dsecure/initialize").length;
    const cheap = await challenged("5451030000000000", { installment: { count: 6, total: 12_345 } });
    expect(cheap.start).toMatchObject({ status: "failed", code: "installment" });
    expect((cheap.start as { message: string }).message).toContain("taksit");
    const amex = await challenged("374427000000003", { installment: { count: 3 } });
    expect(amex.start).toMatchObject({ status: "failed", code: "installment" });
    expect(fake.requests.filter((r) => r.path === "/payment/3dsecure/initialize").length).toBe(before);
  });

  it("a saved card pays in installments with its known BIN", async () => {
    const saved = await payments.saveCardForUser(app, 79, "z@example.com", { number: "4543590000000006", holder: "Z", expMonth: 1, expYear: 2031 });
    const cardId = (saved as { card: { cardId: number } }).card.cardId;
    const six = (await payments.installmentTable(app, "454359", 20_000)).options.find((o) => o.count === 6)!;
    const r = await startPay({ orderRef: ref(), amount: 20_000, buyer: TEST_BUYER, savedCardId: cardId, userId: 79, installment: { count: 6, total: six.total } });
    expect(r).toMatchObject({ status: "succeeded", amount: six.total });
    expect(last("/payment/auth").body).toMatchObject({ price: "200.0", paidPrice: "217.0", installment: "6" });
  });
});
