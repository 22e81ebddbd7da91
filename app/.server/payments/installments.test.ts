import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../db/testing";
import { createSandboxGateway } from "./sandbox";
import { SANDBOX_INSTALLMENT_RATES } from "./sandbox-installments";
import * as payments from "./service";
import { TEST_BUYER, payWithNewCard, settled } from "./testing";
import type { PaymentGateway } from "./gateway";
import { installmentsTr } from "~/shared/texts/installments.tr";

/** Installments through the sandbox provider (issue 27 §3): its tables, the server's pricing, refunds. */
let app: TestApp;
let seq = 0;
const ref = () => `INST-${++seq}`;
const events: payments.PaymentSucceeded[] = [];

beforeAll(async () => {
  app = await createTestApp();
});
/** The test's stand-in for the place-order flow: books each charge and keeps the settle event. */
const onPaid = async (_tx: unknown, e: payments.PaymentSucceeded) => void events.push(e);
afterAll(() => app.close());

const counts = async (bin: string, amount = 10_000) => (await payments.installmentTable(app, bin, amount)).options.map((o) => o.count);

describe("sandbox installment tables", () => {
  it("a realistic table per card family; debit, AMEX and unknown cards pay only at once", async () => {
    expect(await counts("540036")).toEqual([1, 2, 3, 6, 9, 12]); // Bonus (Garanti)
    expect(await counts("454359")).toEqual([1, 2, 3, 6, 9, 12]); // Maximum (İş Bankası)
    expect(await counts("545103")).toEqual([1, 2, 3, 6, 9]); // World (Yapı Kredi)
    expect(await counts("552608")).toEqual([1, 2, 3, 6, 9, 12]); // Axess (Akbank)
    expect(await counts("979203")).toEqual([1, 2, 3, 6, 9]); // CardFinans (Troy)
    expect(await counts("552879")).toEqual([1, 2, 3, 6, 9]); // Paraf (Halkbank)
    expect(await counts("589004")).toEqual([1]); // Axess debit
    expect(await counts("476662")).toEqual([1]); // Bonus debit
    expect(await counts("374427")).toEqual([1]); // AMEX
    expect(await counts("411111")).toEqual([1]); // no family
    // newer 8-digit BINs are answered too
    expect(await payments.installmentTable(app, "54003600", 10_000)).toMatchObject({ bin: "54003600", family: "Bonus", queried: true });
  });

  it("with and without interest: the monthly amount and the total the bank charges", async () => {
    const bonus = (await payments.installmentTable(app, "540036", 36_000)).options;
    expect(bonus.find((o) => o.count === 3)).toEqual({ count: 3, monthly: 12_000, total: 36_000 });
    expect(bonus.find((o) => o.count === 6)).toEqual({ count: 6, monthly: 6_414, total: 38_484 });
    const world = (await payments.installmentTable(app, "545103", 36_000)).options;
    expect(world.find((o) => o.count === 3)).toEqual({ count: 3, monthly: 12_552, total: 37_656 });
    expect(Object.keys(SANDBOX_INSTALLMENT_RATES).sort()).toEqual(["Axess", "Bonus", "CardFinans", "Maximum", "Paraf", "World"]);
  });

  it("a provider that does not answer gives the single payment only, and no installment can be charged", async () => {
    const broken: PaymentGateway = { ...createSandboxGateway(app), installments: async () => ({ ok: false, code: "network", message: "down", unknown: true }) };
    payments.useGateway(app, broken);
    try {
      expect(await payments.installmentTable(app, "454359", 12_300)).toEqual({ bin: "454359", options: [{ count: 1, monthly: 12_300, total: 12_300 }], queried: false });
      const r = await payments.startPayment(app, { orderRef: ref(), amount: 12_300, buyer: TEST_BUYER, card: { number: "4543590000000006", holder: "A", expMonth: 12, expYear: 2030, cvc: "123" }, installment: { count: 3, total: 12_300 } });
      expect(r).toMatchObject({ status: "failed", code: "installment" });
      expect((r as { message: string }).message).toContain(installmentsTr.errors.unavailable);
      // the single payment still works
      expect(await payments.startPayment(app, { orderRef: ref(), amount: 12_300, buyer: TEST_BUYER, card: { number: "4543590000000006", holder: "A", expMonth: 12, expYear: 2030, cvc: "123" } })).toMatchObject({ status: "challenge" });
    } finally {
      payments.useGateway(app, createSandboxGateway(app));
    }
  });
});

describe("paying in installments (sandbox)", () => {
  it("3 installments with interest through 3-D Secure: the card is charged the total, the settle event carries count and price", async () => {
    const three = (await payments.installmentTable(app, "545103", 24_990)).options.find((o) => o.count === 3)!;
    expect(three.total).toBe(26_140); // 24 990 × 1.046
    const orderRef = ref();
    const { start, result } = await payWithNewCard(app, { orderRef, amount: 24_990, card: "5451030000000000", installment: { count: 3, total: three.total } }, onPaid);
    expect(start.status).toBe("challenge");
    // the bank's page shows what will be charged
    expect(result).toMatchObject({ status: "succeeded", amount: 26_140 });
    expect(events.find((e) => e.orderRef === orderRef)).toMatchObject({ amount: 26_140, price: 24_990, installment: 3 });
    const view = await payments.paymentOfOrder(app, orderRef);
    expect(view).toMatchObject({ amount: 26_140, status: "succeeded" });
  });

  it("a tampered total, a count the card does not get, or an installment on a debit card is refused in Turkish", async () => {
    const amount = 18_000;
    const six = (await payments.installmentTable(app, "540036", amount)).options.find((o) => o.count === 6)!;
    const card = (n: string) => ({ number: n, holder: "A", expMonth: 12, expYear: 2030, cvc: "123" });
    const tries = [
      { card: card("5400360000000003"), installment: { count: 6, total: six.total - 100 } },
      { card: card("5400360000000003"), installment: { count: 4, total: amount } },
      { card: card("5400360000000003"), installment: { count: 99, total: amount } },
      { card: card("5890040000000016"), installment: { count: 3, total: amount } },
      { card: card("5400360000000003"), installment: { count: 1, total: amount - 1 } },
    ];
    for (const t of tries) {
      const r = await payments.startPayment(app, { orderRef: ref(), amount, buyer: TEST_BUYER, ...t });
      expect(r).toMatchObject({ status: "failed", code: "installment" });
      expect((r as { message: string }).message).toContain(installmentsTr.errors.changed);
    }
    // the provider itself refuses a paidPrice that is not its table's (a shop bug cannot undercharge silently)
    const gw = createSandboxGateway(app);
    const direct = await gw.init3ds({ idempotencyKey: ref(), amount, paidAmount: amount, installment: 6, buyer: { ...TEST_BUYER, id: "x" }, description: "x", card: card("5400360000000003"), registerCard: false, callbackUrl: "/x" });
    expect(direct).toMatchObject({ ok: false, message: installmentsTr.providerInvalid });
  });

  it("a saved card pays in installments with its known BIN; a full refund returns the paid total with interest, a partial one what staff typed", async () => {
    const saved = await payments.saveCardForUser(app, 501, "uye@example.com", { number: "4543590000000006", holder: "Üye", expMonth: 12, expYear: 2030 });
    if (!saved.ok) throw new Error(saved.message);
    const amount = 50_000;
    const nine = (await payments.installmentTable(app, saved.card.cardBin, amount)).options.find((o) => o.count === 9)!;
    expect(nine.total).toBe(56_250); // Maximum 9: 12.5 %
    const orderRef = ref();
    const r = await settled(app, await payments.startPayment(app, { orderRef, amount, buyer: TEST_BUYER, savedCardId: saved.card.cardId, userId: 501, installment: { count: 9, total: nine.total } }), onPaid);
    expect(r).toMatchObject({ status: "succeeded", amount: 56_250 });
    expect(events.find((e) => e.orderRef === orderRef)).toMatchObject({ installment: 9, price: 50_000, amount: 56_250 });
    const paymentId = (r as { paymentId: string }).paymentId;
    // next day: a refund, not a cancel
    app.clock.advance(86_400_000);
    expect(await payments.refund(app, { paymentId, amount: 10_000, reason: "eksik ürün", requestedBy: "staff:1" })).toMatchObject({ ok: true, kind: "refund", amount: 10_000, remaining: 46_250 });
    expect(await payments.refund(app, { paymentId, reason: "iptal", requestedBy: "staff:1" })).toMatchObject({ ok: true, amount: 46_250, refundedTotal: 56_250, remaining: 0 });
  });
});
