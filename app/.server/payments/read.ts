/** Reading payments (result page, checkout, support) and naming the order a payment paid for. */
import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import type { Kurus } from "~/shared/money";
import { DEFAULT_RETURN_URL, outcomeOf, summary, type CardSummary, type PaymentOutcome } from "./outcome";
import * as repo from "./repo";

export interface PaymentView {
  paymentId: string;
  orderRef: string;
  status: repo.IntentRow["status"];
  outcome: PaymentOutcome;
  amount: Kurus;
  refundedAmount: Kurus;
  card: CardSummary;
  cardHolder: string | null;
  message: string | null;
  returnUrl: string;
  userId: number | null;
  /** What the caller stored with the payment (startPayment's `context`), unparsed. */
  context: unknown;
  createdAt: Date;
  completedAt: Date | null;
}

export async function getPayment(app: AppContext, paymentId: string): Promise<PaymentView | null> {
  const i = await repo.findIntent(app.db, paymentId);
  if (!i) return null;
  return {
    paymentId: i.id,
    orderRef: i.orderRef,
    status: i.status,
    outcome: outcomeOf(i),
    amount: i.amount,
    refundedAmount: i.refundedAmount,
    card: summary(i),
    cardHolder: i.cardHolder,
    message: i.message,
    returnUrl: i.returnUrl ?? DEFAULT_RETURN_URL,
    userId: i.userId,
    context: i.context,
    createdAt: i.createdAt,
    completedAt: i.completedAt,
  };
}

/** The paid (or being charged) payment of an order, if any. */
export async function paymentOfOrder(app: AppContext, orderRef: string): Promise<PaymentView | null> {
  const i = await repo.activeIntentForOrder(app.db, orderRef);
  return i ? getPayment(app, i.id) : null;
}

/** Support's view: every call to the provider for an order ('was I charged?'). */
export async function attemptsOfOrder(app: AppContext, orderRef: string) {
  return repo.attemptsFor(app.db, { orderRef });
}

/** Payment attempts by their outcome so far (shop-wide): the metrics' `shop_payments_total{result}`. */
export async function countByResult(app: AppContext): Promise<Record<string, number>> {
  const rows = await repo.countIntentsByStatus(app.db);
  return Object.fromEntries(rows.map((x) => [x.status, x.n]));
}

/**
 * KVKK erasure (issue 26 §4): the order-placement context a payment carried (it repeats the buyer's e-mail)
 * takes the replacement address. The payment's own buyer e-mail, amount and card fields stay: financial
 * records kept 10 years (decision 0004).
 */
export async function forgetHookEmail(tx: DbOrTx, email: string, replacement: string): Promise<void> {
  await repo.replaceContextEmail(tx, email, replacement);
}
