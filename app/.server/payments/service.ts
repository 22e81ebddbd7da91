/**
 * Card payments (SPEC §1, §2.8, §3 Payment details and Saved card; issues 9 and 24).
 *
 * CONTRACT — the primitives the flows (app/.server/flows) and the member area use. No hooks: a caller that
 * takes an order for a payment does so itself, in its own transaction, with `settleInTx`.
 * ──────────────────────────────────────────────────────────────────────────────────────────────────────────
 * startPayment(app, { orderRef, amount, buyer, card | savedCardId, saveCard, userId, context, returnUrl })   start.ts
 *   orderRef is the idempotency key: an order is charged at most once (a unique index allows one 'pending' or
 *   'succeeded' payment per orderRef). Answers one of
 *     { status: 'charged', paymentId, amount, charge, context }  saved card (no 3-D Secure): the money is taken;
 *                                                                the caller settles it or voids it (below)
 *     { status: 'challenge', paymentId, challengeUrl }           new card: send the buyer there (3-D Secure)
 *     { status: 'failed', paymentId?, code, message }            message is 'Ödeme alınamadı: {provider text}'
 *     { status: 'processing', paymentId }                        being charged right now, or the answer was lost
 *     { status: 'succeeded', … }                                 this order was paid already (a replay)
 *   A card number failing Luhn is refused here, before the gateway (code 'invalid_card').
 * completeChallenge(app, paymentId, providerFields)                                                    three-ds.ts
 *   The 3-D Secure callback: verifies the provider's signature and that the callback belongs to this payment,
 *   then charges once. Answers the same outcomes plus `redirectTo`; a replay answers the stored outcome.
 * settleInTx(tx, app, paymentId, charge) → PaymentSucceeded | null                                       settle.ts
 *   Books a charge as succeeded inside the caller's transaction; null when it is no longer 'pending' (someone
 *   else settled it): the caller then takes nothing, so an order is taken once per payment. A saved card's
 *   charge carries its call's answer (`charge.answer`), written by this statement whatever it books.
 * settleStep(db, app, paymentId, charge) → Step                                                           settle.ts
 *   The same booking as the first step of another module's statement (decision 0055: the order's insert), for a
 *   charge that saves no card; that statement is refused with NOT_PENDING when the payment was not 'pending', and
 *   `recordAnswer(app, charge)` then writes the call's answer.
 * voidCharge(app, paymentId, charge) — the compensation: the provider cancels (or refunds) the charge, 'voided';
 *   the call's answer the booking would have written is written first.
 * refund(app, { paymentId, amount?, reason, requestedBy, key? }) / cancel(…)                            refunds.ts
 *   Full or partial refund; a same-day full refund becomes a cancel. `key` makes it idempotent. Mailed.
 * reconcile(app, { olderThanSeconds }) → report with `charged` (for the caller to settle or void),            reconcile.ts
 *   `failedRefs` and `expiredRefs` (for the caller to let go what it held). Run every minute.
 * getPayment, paymentOfOrder, attemptsOfOrder, countByResult, forgetHookEmail (KVKK)               read.ts
 * listSavedCards, deleteSavedCard, saveCardForUser, binLookup                                                cards.ts
 * challengePage, providerChallengeHtml, answerChallenge                                                 three-ds.ts
 *
 * Card numbers and security codes only pass through to the gateway: never stored, logged or mailed.
 */
export type { CardInput } from "./gateway";
export type { SavedCardRow } from "./repo";
export { gatewayFor, useGateway } from "./calls";
export {
  callbackPath,
  challengeUrl,
  DEFAULT_RETURN_URL,
  outcomeOf,
  type BuyerInput,
  type CardSummary,
  type Charged,
  type ChargeOutcome,
  type PaymentOutcome,
  type StartPaymentInput,
} from "./outcome";
export { startPayment } from "./start";
export { answerChallenge, challengePage, completeChallenge, providerChallengeHtml, type CallbackResult, type ChallengePage } from "./three-ds";
export { NOT_PENDING, outcomeNow, recordAnswer, settleInTx, settleStep, voidCharge, type PaymentSucceeded } from "./settle";
export { cancel, refund, refundsOf, type RefundInput, type RefundResult } from "./refunds";
export { CHALLENGE_TTL_SECONDS, reconcile, REFUND_UNKNOWN_TTL_SECONDS, type ReconcileReport } from "./reconcile";
export { attemptsOfOrder, countByResult, forgetHookEmail, getPayment, paymentOfOrder, type PaymentView } from "./read";
export { installmentTable } from "./cards";
export { binLookup, deleteSavedCard, listSavedCards, saveCardForUser, savedCardCompanion, type SavedCardView } from "./cards";
