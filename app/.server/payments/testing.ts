import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import type { CardInput } from "./gateway";
import * as payments from "./service";

/** Helpers for tests that pay with the sandbox (payments' own tests and checkout's). Never used by the app. */

export const TEST_BUYER = {
  name: "Ayşe",
  surname: "Yılmaz",
  email: "ayse@example.com",
  phone: "5321234567",
  address: "Moda Cad. No: 1 Kadıköy",
  city: "İstanbul",
  ip: "127.0.0.1",
};

export function testCard(number: string, cvc = number.startsWith("37") ? "4821" : "482"): CardInput {
  return { number, holder: "Ayşe Yılmaz", expMonth: 12, expYear: 2030, cvc };
}

/** The callback fields the sandbox bank sends the browser to (from the redirect URL). */
export function fieldsOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, "http://x.invalid").searchParams);
}

/**
 * What a flow does with a charge, for payments' own tests: books it (running `inTx` in the same transaction, as
 * the place-order flow makes its order there) or, when that throws, voids it. Other outcomes pass through.
 */
export async function settled<O extends payments.ChargeOutcome>(
  app: AppContext,
  outcome: O,
  inTx?: (tx: Tx, e: payments.PaymentSucceeded) => Promise<void>,
): Promise<Exclude<O, payments.Charged> | (payments.PaymentOutcome & Omit<O, keyof payments.Charged>)> {
  if (outcome.status !== "charged") return outcome as Exclude<O, payments.Charged>;
  const c = outcome as payments.Charged;
  const { status: _s, paymentId: _p, orderRef: _o, amount: _a, installment: _i, price: _r, charge: _c, context: _x, ...rest } = c as payments.Charged & Record<string, unknown>;
  try {
    await app.db.transaction(async (tx) => {
      const e = await payments.settleInTx(tx, app, c.paymentId, c.charge);
      if (e && inTx) await inTx(tx, e);
    });
  } catch (err) {
    app.log.warn({ err: String(err), paymentId: c.paymentId }, "test: order refused, voiding");
    await payments.voidCharge(app, c.paymentId, c.charge);
  }
  return { ...rest, ...(await payments.outcomeNow(app, c.paymentId)) } as payments.PaymentOutcome & Omit<O, keyof payments.Charged>;
}

/** Reconcile as the periodic task does it, with `inTx` standing in for the order. */
export async function reconciled(app: AppContext, opts: { olderThanSeconds?: number } = {}, inTx?: (tx: Tx, e: payments.PaymentSucceeded) => Promise<void>) {
  const report = await payments.reconcile(app, opts);
  for (const c of report.charged) await settled(app, c, inTx);
  return report;
}

/**
 * Starts a payment with a new card, passes the sandbox's 3-D Secure challenge with the code it shows, and
 * delivers the callback: the whole buyer journey without a browser.
 */
export async function payWithNewCard(
  app: AppContext,
  input: Omit<payments.StartPaymentInput, "buyer" | "card"> & { card: CardInput | string; buyer?: payments.BuyerInput },
  inTx?: (tx: Tx, e: payments.PaymentSucceeded) => Promise<void>,
): Promise<{ start: payments.PaymentOutcome; callbackUrl?: string; result?: (payments.PaymentOutcome & { redirectTo: string }) | { status: "rejected" } | null }> {
  const card = typeof input.card === "string" ? testCard(input.card) : input.card;
  const start = await settled(app, await payments.startPayment(app, { ...input, buyer: input.buyer ?? TEST_BUYER, card }), inTx);
  if (start.status !== "challenge") return { start };
  const page = await payments.challengePage(app, start.paymentId);
  if (page?.kind !== "sandbox") throw new Error(`expected the sandbox challenge, got ${page?.kind}`);
  const answer = await payments.answerChallenge(app, start.paymentId, { code: page.code });
  if (!answer || !("redirectTo" in answer)) throw new Error("the right code was refused");
  const done = await payments.completeChallenge(app, start.paymentId, fieldsOf(answer.redirectTo));
  const result = done && done.status !== "rejected" ? await settled(app, done, inTx) : done;
  return { start, callbackUrl: answer.redirectTo, result };
}
