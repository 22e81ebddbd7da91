import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../db/testing";
import { users } from "../db/schema/accounts";
import { orders } from "../db/schema/orders";
import { jobs } from "../db/schema/system";
import * as basket from "../basket/service";
import * as checkout from "./service";
import { checkChoice, chosenInstallment } from "./installments";
import * as geo from "../geo/service";
import * as payments from "../payments/service";
import * as printing from "../printing/service";
import { cancelOrder as cancel } from "../flows/cancel-order";
import { completeThreeDs, placeOrder } from "../flows/place-order";
import { fieldsOf, testCard } from "../payments/testing";
import { parseDeliveryForm } from "~/shared/checkout-forms";
import { shownDates } from "~/shared/delivery-choice";
import { installmentsTr } from "~/shared/texts/installments.tr";

/** Installments through checkout (issue 27 §3): the payment step's choice reaches the charge, the order, its mail and invoice. */
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
  const email = `taksit${++uid}@example.com`;
  const [u] = await app.db.insert(users).values({ email, name: "Taksit Üye", activatedAt: now, createdAt: now, updatedAt: now }).returning();
  return { id: u!.id, email };
}

async function readyBasket(owner: basket.Owner, pay: checkout.PaymentState, email: string) {
  const added = await basket.addItem(app, owner, { productId: 10003, quantity: 3 });
  if (!added.ok) throw new Error(added.error);
  const b = (await basket.getBasket(app, owner)) as checkout.OpenBasket;
  const opts = await checkout.optionsFor(app, b, { ...ankara });
  if (!opts.ok) throw new Error("no options");
  const dates = shownDates(opts.options, { option: "Standart" })!;
  const form = parseDeliveryForm({
    fullName: "Ayşe Yılmaz",
    address: "Atatürk Bulvarı No 12 Daire 3",
    cityId: String(ankara.cityId),
    countyId: String(ankara.countyId),
    phone: "5321234567",
    invoiceType: "Individual",
    readyDate: dates.ready.dateISO,
    estimatedDelivery: dates.estimated.dateISO,
    option: "Standart",
  });
  if (!form.success) throw new Error(JSON.stringify(form.error.issues));
  const saved = await checkout.saveDelivery(app, b, owner.userId, form.data);
  if (!saved.ok) throw new Error(saved.message);
  await checkout.savePayment(app, b.id, email, pay);
  if (owner.userId === null) await checkout.chooseGuest(app, b.id);
  const ready = (await basket.getBasket(app, owner)) as checkout.OpenBasket;
  return { basket: ready, amount: checkout.finalAmounts(ready, await checkout.getState(app, ready.id)).needToPay };
}

const WORLD: checkout.PaymentState = { mode: "new", saveCard: false, cardHolder: "Ayşe Yılmaz", lastFour: "0000", cardType: "Mastercard", installment: 3, bin: "545103" };

async function pass3ds(challengeUrl: string) {
  const paymentId = challengeUrl.split("/").pop()!;
  const page = await payments.challengePage(app, paymentId);
  const answer = await payments.answerChallenge(app, paymentId, { code: (page as { code: string }).code });
  return completeThreeDs(app, paymentId, fieldsOf((answer as { redirectTo: string }).redirectTo));
}

describe("installments in checkout", () => {
  it("the payment step's choice is checked against the provider's table", async () => {
    const amount = 30_000;
    const three = (await chosenInstallment(app, { count: 3, bin: "545103" }, amount))!;
    expect(three).toMatchObject({ count: 3, total: 31_380, interest: 1_380 });
    expect(await checkChoice(app, { count: 3, bin: "545103", total: 31_380 }, amount)).toEqual({ ok: true, choice: { count: 3, bin: "545103" } });
    expect(await checkChoice(app, { count: 3, bin: "545103", total: 30_000 }, amount)).toEqual({ ok: false, message: installmentsTr.errors.changed });
    expect(await checkChoice(app, { count: 3, bin: "589004", total: 30_000 }, amount)).toEqual({ ok: false, message: installmentsTr.errors.changed });
    expect(await checkChoice(app, { count: 1, bin: null, total: null }, amount)).toEqual({ ok: true, choice: { count: 1 } });
  });

  it("a guest pays in 3 installments: the order keeps count, interest and paid total; mail and invoice show them; a cancel refunds it all", async () => {
    const owner = { sessionId: randomUUID(), userId: null };
    const { basket: b, amount } = await readyBasket(owner, WORLD, "taksit.misafir@example.com");
    const seen = (await chosenInstallment(app, { count: 3, bin: "545103" }, amount))!;
    const start = await placeOrder(app, { basket: b, userId: null, ip: "127.0.0.1", card: testCard("5451030000000000"), installmentTotal: seen.total, acceptPreInfo: true, acceptContract: true });
    expect(start.status).toBe("challenge");
    expect(await pass3ds((start as { challengeUrl: string }).challengeUrl)).toMatchObject({ status: "succeeded", amount: seen.total });
    const [order] = await app.db.select().from(orders).where(eq(orders.basketId, b.id));
    expect(order).toMatchObject({ needToPay: amount, installmentCount: 3, installmentInterest: seen.total - amount, paidTotal: seen.total });
    expect(seen.total).toBeGreaterThan(amount);

    const [mail] = await app.db.select().from(jobs).where(eq(jobs.dedupeKey, `order-confirmation:${order!.id}`));
    const text = (mail!.payload as { text: string }).text;
    expect(text).toContain(installmentsTr.order.installment);
    expect(text).toMatch(/3 taksit × ₺[\d.]+,\d\d/);
    expect(text).toContain(installmentsTr.order.interest);
    expect(text).toContain(installmentsTr.order.paidTotal);
    const invoice = await printing.invoiceView(app, order!);
    expect(invoice.total).toBe(amount);
    expect(invoice.installments?.map(([k]) => k)).toEqual([installmentsTr.order.installment, installmentsTr.order.interest, installmentsTr.order.paidTotal]);

    const r = await cancel(app, order!.id, { actor: "staff:1", expectFrom: ["received"] });
    expect(r.refund).toMatchObject({ status: "refunded", amount: seen.total });
  });

  it("a tampered installment total is refused in Turkish and nothing is charged", async () => {
    const owner = { sessionId: randomUUID(), userId: null };
    const { basket: b, amount } = await readyBasket(owner, WORLD, "taksit.hile@example.com");
    const r = await placeOrder(app, { basket: b, userId: null, ip: "127.0.0.1", card: testCard("5451030000000000"), installmentTotal: amount, acceptPreInfo: true, acceptContract: true });
    expect(r).toMatchObject({ status: "failed" });
    expect((r as { message: string }).message).toContain(installmentsTr.errors.changed);
    expect(await app.db.select().from(orders).where(eq(orders.basketId, b.id))).toHaveLength(0);
    // another card than the one priced at the payment step (a debit card gets no installments)
    const debit = await placeOrder(app, { basket: b, userId: null, ip: "127.0.0.1", card: testCard("5890040000000016"), installmentTotal: (await chosenInstallment(app, { count: 3, bin: "545103" }, amount))!.total, acceptPreInfo: true, acceptContract: true });
    expect(debit).toMatchObject({ status: "failed" });
  });

  it("a member's saved card pays in installments (its BIN is known) at once", async () => {
    const m = await member();
    const saved = await payments.saveCardForUser(app, m.id, m.email, { number: "5400360000000003", holder: "Taksit Üye", expMonth: 12, expYear: 2030 });
    if (!saved.ok) throw new Error(saved.message);
    const owner = { sessionId: randomUUID(), userId: m.id };
    const pay: checkout.PaymentState = { mode: "saved", savedCardId: saved.card.cardId, saveCard: false, lastFour: "0003", cardType: "Mastercard", installment: 6, bin: saved.card.cardBin };
    const { basket: b, amount } = await readyBasket(owner, pay, m.email);
    const six = (await chosenInstallment(app, { count: 6, bin: saved.card.cardBin }, amount))!;
    const r = await placeOrder(app, { basket: b, userId: m.id, ip: "127.0.0.1", installmentTotal: six.total, acceptPreInfo: true, acceptContract: true });
    expect(r.status).toBe("succeeded");
    const [order] = await app.db.select().from(orders).where(eq(orders.basketId, b.id));
    expect(order).toMatchObject({ installmentCount: 6, paidTotal: six.total, installmentInterest: six.total - amount });
    const mails = await app.db.select().from(jobs).where(and(eq(jobs.kind, "mail"), sql`${jobs.payload}->>'to' = ${m.email}`));
    expect(mails.length).toBeGreaterThan(0);
  });

  it("a single payment keeps working as before: paid total equals what the order asks", async () => {
    const owner = { sessionId: randomUUID(), userId: null };
    const { basket: b, amount } = await readyBasket(owner, { ...WORLD, installment: 1 }, "tek.cekim@example.com");
    const start = await placeOrder(app, { basket: b, userId: null, ip: "127.0.0.1", card: testCard("5451030000000000"), acceptPreInfo: true, acceptContract: true });
    expect(await pass3ds((start as { challengeUrl: string }).challengeUrl)).toMatchObject({ status: "succeeded", amount });
    const [order] = await app.db.select().from(orders).where(eq(orders.basketId, b.id));
    expect(order).toMatchObject({ installmentCount: 1, installmentInterest: 0, paidTotal: amount });
  });
});
