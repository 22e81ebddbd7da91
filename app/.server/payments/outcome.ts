/** Payments' public shapes: what a caller passes in and the outcomes it gets back. */
import { cardLogo, cardTypeOfAssociation, type CardType } from "~/shared/card";
import type { Kurus } from "~/shared/money";
import type { BuyerInfo, CardInput, PaymentDone } from "./gateway";
import { failedMessage, T } from "./calls";
import type * as repo from "./repo";

export type BuyerInput = Omit<BuyerInfo, "id"> & { id?: string };

export interface StartPaymentInput {
  orderRef: string;
  amount: Kurus;
  buyer: BuyerInput;
  card?: CardInput;
  savedCardId?: number;
  /**
   * The saved card `savedCardId` as the caller has already read it in this request (`savedCardCompanion`: with
   * another statement of its own; null: not found): not read again.
   */
  savedCardAsRead?: { row: repo.SavedCardRow | null };
  saveCard?: boolean;
  userId?: number | null;
  /** JSON the caller needs to finish its purchase when the charge succeeds later (3-D Secure return, reconcile). */
  context?: unknown;
  /** Path on our site the buyer returns to after 3-D Secure (gets ?odeme=<paymentId>). */
  returnUrl?: string;
  description?: string;
  /** Installments (issue 27): the count chosen and the total the buyer saw; priced again here, refused if it differs. */
  installment?: { count: number; total?: Kurus };
}

export interface CardSummary {
  bin: string | null;
  lastFour: string | null;
  type: CardType;
  logo: string;
  bankName: string | null;
}

/**
 * The provider took the money but the shop has not booked it yet: the caller books it with `settleInTx` in the
 * transaction that takes the order, or gives it back with `voidCharge`. The payment stays 'pending' until then
 * (a crash here is finished by reconcile).
 */
export interface Charged {
  status: "charged";
  paymentId: string;
  orderRef: string;
  amount: Kurus;
  /** Installments (issue 27), as the payment was made: the count; `amount` is what the card paid, `price` the order's amount before interest. */
  installment: number;
  price: Kurus;
  charge: Charge;
  context: unknown;
}

/**
 * A charge as the provider answered it. `answer`: the record of that call's answer, not written yet: the statement
 * that books the charge (`settleInTx`) writes it, or `voidCharge` does first. A crash before either leaves the call
 * without its answer, which reconcile closes after asking the provider (as for a crash during the call).
 */
export type Charge = PaymentDone & { answer?: repo.CallAnswer };


export type PaymentOutcome =
  | { status: "succeeded"; paymentId: string; amount: Kurus; card: CardSummary }
  | { status: "challenge"; paymentId: string; challengeUrl: string }
  | { status: "failed"; paymentId?: string; code: string; message: string }
  | { status: "processing"; paymentId: string };

/** What starting or completing a payment answers: an outcome, or a charge the caller must settle or void. */
export type ChargeOutcome = PaymentOutcome | Charged;

export const DEFAULT_RETURN_URL = "/odeme/sonuc";

export function summary(i: Pick<repo.IntentRow, "cardBin" | "cardLastFour" | "cardAssociation" | "bankName">): CardSummary {
  const type = cardTypeOfAssociation(i.cardAssociation, i.cardBin ?? undefined);
  return { bin: i.cardBin, lastFour: i.cardLastFour, type, logo: cardLogo(type), bankName: i.bankName };
}

/** The outcome a payment row stands for (used for replays and the result page). */
export function outcomeOf(i: repo.IntentRow): PaymentOutcome {
  switch (i.status) {
    case "succeeded":
    case "refunded":
    case "cancelled":
      return { status: "succeeded", paymentId: i.id, amount: i.amount, card: summary(i) };
    case "challenge":
      return { status: "challenge", paymentId: i.id, challengeUrl: challengeUrl(i.id) };
    case "pending":
      return { status: "processing", paymentId: i.id };
    default:
      return { status: "failed", paymentId: i.id, code: i.errorCode ?? i.status, message: i.message ?? failedMessage(T.errors.threeDsFailed) };
  }
}

export const challengeUrl = (id: string) => `/odeme/3ds/${id}`;
export const callbackPath = (id: string) => `/odeme/3ds/${id}/callback`;

export function withPaymentParam(url: string, id: string): string {
  const u = new URL(url, "http://x.invalid");
  u.searchParams.set("odeme", id);
  return `${u.pathname}${u.search}`;
}

/** Only paths on our own site are accepted as return URLs. */
export function safeReturnUrl(url: string | undefined): string {
  return url && url.startsWith("/") && !url.startsWith("//") && !url.includes("\\") ? url : DEFAULT_RETURN_URL;
}
