/**
 * Settlement primitives: after the provider answered a charge, the caller either books it with `settleInTx`
 * inside the transaction that takes the order (so the payment and the order commit together), or gives the
 * money back with `voidCharge` when the order cannot be taken. A provider refusal is booked by `chargeAnswered`.
 */
import type { AppContext } from "../context";
import type { DbOrTx, Rider, Step, Tx } from "../db/client";
import { cardTypeOfAssociation, type CardType } from "~/shared/card";
import type { Kurus } from "~/shared/money";
import type { ProviderFailure } from "./gateway";
import { attempt, failedMessage, gatewayFor, T } from "./calls";
import { outcomeOf, type Charge, type ChargeOutcome, type PaymentOutcome } from "./outcome";
import * as repo from "./repo";

/** A payment booked as succeeded (what `settleInTx` answers). */
export interface PaymentSucceeded {
  paymentId: string;
  orderRef: string;
  amount: Kurus;
  userId: number | null;
  providerPaymentId: string;
  card: { bin: string | null; lastFour: string | null; type: CardType; bankName: string | null };
  savedCardId: number | null;
  /** Installments (issue 27): the count; `amount` is what the card paid, `price` the order's amount before interest. */
  installment: number;
  price: Kurus;
  context: unknown;
}

/**
 * What the provider answered for a charge of a 'pending' payment: a refusal is booked as failed here; an unknown
 * outcome stays 'pending' for reconcile ('processing'); money taken is handed to the caller ('charged').
 */
export async function chargeAnswered(app: AppContext, intent: Pick<repo.IntentRow, "id" | "orderRef" | "amount" | "installment" | "price" | "context">, r: ({ ok: true } & Charge) | ProviderFailure): Promise<ChargeOutcome> {
  if (!r.ok) {
    if (r.unknown) return { status: "processing", paymentId: intent.id };
    const message = failedMessage(r.message);
    await repo.moveIntent(app.db, intent.id, "pending", { status: "failed", errorCode: r.code, message, updatedAt: app.clock.now(), completedAt: app.clock.now() });
    const i = await repo.findIntent(app.db, intent.id);
    return i ? outcomeOf(i) : { status: "failed", paymentId: intent.id, code: r.code, message };
  }
  // what the intent was made with (its id, order, amount and context never change after it is made)
  const { ok: _ok, ...charge } = r;
  return { status: "charged", paymentId: intent.id, orderRef: intent.orderRef, amount: intent.amount, installment: intent.installment, price: intent.price ?? intent.amount, charge, context: intent.context };
}

/**
 * Books a charged payment as succeeded inside the caller's transaction (the one that takes the order), saving
 * the card when the buyer asked. Null when the payment is no longer 'pending' (settled by a concurrent callback
 * or reconcile): the caller then does nothing, so an order is taken once per payment. `riders`: other modules'
 * changes sent in the same statement, made only when this call books the payment (db/client.ts `Rider`).
 */
export async function settleInTx(tx: Tx, app: AppContext, intentId: string, charge: Charge, riders: readonly Rider[] = []): Promise<PaymentSucceeded | null> {
  const now = app.clock.now();
  const c = charge.card;
  const i = await repo.settleIntent(tx, intentId, settlementOf(charge, now), riders, charge.answer);
  if (!i) return null;
  let savedCardId = i.savedCardId;
  if (i.saveCard && i.userId && charge.stored) {
    const saved = await repo.upsertCard(tx, {
      userId: i.userId,
      provider: i.provider,
      cardUserKey: charge.stored.cardUserKey,
      cardToken: charge.stored.cardToken,
      bin: i.cardBin ?? "",
      lastFour: i.cardLastFour ?? "",
      cardType: c.cardType ?? null,
      cardAssociation: i.cardAssociation,
      cardFamily: c.family ?? null,
      bankName: i.bankName,
      createdAt: now,
    });
    savedCardId = saved.id;
    await repo.updateIntent(tx, i.id, { savedCardId });
  }
  return {
    paymentId: i.id,
    orderRef: i.orderRef,
    amount: i.amount,
    userId: i.userId,
    providerPaymentId: charge.providerPaymentId,
    card: { bin: i.cardBin, lastFour: i.cardLastFour, type: cardTypeOfAssociation(i.cardAssociation, i.cardBin ?? undefined), bankName: i.bankName },
    savedCardId,
    installment: i.installment,
    price: i.price ?? i.amount,
    context: i.context,
  };
}

const settlementOf = (charge: Charge, at: Date): repo.Settlement => {
  const c = charge.card;
  return {
    providerPaymentId: charge.providerPaymentId,
    providerTransactionId: charge.transactionId ?? null,
    card: { bin: c.bin || null, lastFour: c.lastFour ?? null, cardType: c.cardType ?? null, association: c.association ?? null, family: c.family ?? null, bankName: c.bankName ?? null },
    at,
  };
};

/** Why a statement carrying `settleStep` was refused: the payment was not 'pending' (booked or voided before). */
export const NOT_PENDING = "payment not pending";

/**
 * `settleInTx`'s booking as the first step of another module's statement (decision 0055: the order's insert makes
 * it, or is refused with NOT_PENDING and changes nothing), for a charge that saves no card (`charge.stored` unset:
 * saving one is a statement of its own, in `settleInTx`). The call's answer goes with it; when the statement is
 * refused, `recordAnswer` writes it.
 */
export function settleStep(db: DbOrTx, app: AppContext, intentId: string, charge: Charge): Step {
  if (charge.stored) throw new Error(`payment ${intentId}: a charge that saves a card is booked with settleInTx`);
  return {
    ride: db.$with("settled").as(repo.settleQuery(db, intentId, settlementOf(charge, app.clock.now()))),
    refusal: NOT_PENDING,
    ...(charge.answer ? { also: [db.$with("answered").as(repo.answerQuery(db, charge.answer))] } : {}),
  };
}

/** Writes a charge call's answer when the statement that would have written it was refused (`settleStep`). */
export async function recordAnswer(app: AppContext, charge: Charge): Promise<void> {
  if (charge.answer) await repo.answerQuery(app.db, charge.answer);
}

/**
 * The shop could not take an order the provider charged for: cancel (or refund) the charge and mark the payment
 * 'voided'. When the provider cannot be reached the payment stays 'pending' and reconcile hands it back later.
 */
export async function voidCharge(app: AppContext, intentId: string, r: Charge): Promise<PaymentOutcome> {
  // the charge call's answer first, when the order's transaction that would have written it rolled back
  if (r.answer) await repo.answerQuery(app.db, r.answer);
  const i = await repo.findIntent(app.db, intentId);
  if (!i || i.status !== "pending") return i ? outcomeOf(i) : { status: "processing", paymentId: intentId };
  const gw = gatewayFor(app);
  const ip = i.buyerIp ?? "127.0.0.1";
  let v = await attempt(app, { intentId, orderRef: i.orderRef, kind: "void", amount: i.amount, detail: { providerPaymentId: r.providerPaymentId } }, () =>
    gw.cancel({ providerPaymentId: r.providerPaymentId, ip, reason: "shop could not take the order" }),
  );
  if (!v.ok && !v.unknown) {
    v = await attempt(app, { intentId, orderRef: i.orderRef, kind: "refund", amount: i.amount, detail: { providerPaymentId: r.providerPaymentId } }, () =>
      gw.refund({ providerPaymentId: r.providerPaymentId, transactionId: r.transactionId, amount: i.amount, ip, reason: "shop could not take the order" }),
    );
  }
  if (v.ok) {
    await repo.moveIntent(app.db, intentId, "pending", {
      status: "voided",
      providerPaymentId: r.providerPaymentId,
      providerTransactionId: r.transactionId,
      errorCode: "shop_rejected",
      message: failedMessage(T.errors.shopRejected),
      updatedAt: app.clock.now(),
      completedAt: app.clock.now(),
    });
  } else {
    // stays 'pending': reconcile finds the charge again and the caller decides again
    app.log.error({ intentId }, "payment could not be voided; left pending for reconcile");
  }
  const after = await repo.findIntent(app.db, intentId);
  return after ? outcomeOf(after) : { status: "processing", paymentId: intentId };
}

/** The outcome of a payment as stored now (after the caller settled or voided it). */
export async function outcomeNow(app: AppContext, intentId: string): Promise<PaymentOutcome> {
  const i = await repo.findIntent(app.db, intentId);
  return i ? outcomeOf(i) : { status: "processing", paymentId: intentId };
}
