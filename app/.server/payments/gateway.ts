import type { InstallmentOption } from "~/shared/installments";
import type { Kurus } from "~/shared/money";

/**
 * The card payment provider, as the shop sees it. Two implementations: `sandbox.ts` (offline, in-process,
 * the provider's published test cards) and `iyzico.ts` (the real provider through the `iyzipay` client).
 * Amounts are kuruş. Card numbers and security codes pass through these calls and are never kept.
 */

export interface CardInput {
  number: string;
  holder: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface BuyerInfo {
  /** Our id of the buyer (user id, or 'guest-…'). */
  id: string;
  name: string;
  surname: string;
  email: string;
  phone?: string;
  /** T.C. kimlik no; the provider accepts a placeholder for buyers who did not give one. */
  identityNumber?: string;
  address: string;
  city: string;
  country?: string;
  zipCode?: string;
  ip: string;
}

/** What the provider knows about a card from its BIN. */
export interface CardInfo {
  bin: string;
  lastFour?: string;
  /** CREDIT_CARD, DEBIT_CARD, PREPAID_CARD */
  cardType?: string;
  /** VISA, MASTER_CARD, AMERICAN_EXPRESS, TROY */
  association?: string;
  family?: string;
  bankName?: string;
}

export interface StoredCardRef {
  cardUserKey: string;
  cardToken: string;
}

export interface StoredCard extends StoredCardRef, CardInfo {
  lastFour: string;
}

/** A payment the provider took. */
export interface PaymentDone {
  providerPaymentId: string;
  /** Refunds are made against this (iyzico paymentTransactionId). */
  transactionId: string;
  amount: Kurus;
  card: CardInfo;
  /** The installment count the provider charged with (1: single payment). */
  installment?: number;
  /** Present when the card was stored with this payment. */
  stored?: StoredCardRef;
}

export interface ProviderFailure {
  ok: false;
  code: string;
  /** The provider's text, shown to the buyer as 'Ödeme alınamadı: {message}'. */
  message: string;
  /** true when the outcome is unknown (network error, timeout): the reconcile job must ask again later. */
  unknown?: boolean;
}

export type Result<T> = ({ ok: true } & T) | ProviderFailure;

export interface PaymentRequest {
  /** The order's reference: the provider's conversation/basket id; the same key never charges twice. */
  idempotencyKey: string;
  amount: Kurus;
  buyer: BuyerInfo;
  description: string;
  /** Installments (issue 27): the count, and what the card is charged with the bank's interest (default: amount). */
  installment?: number;
  paidAmount?: Kurus;
}

/** The provider's installment table for a card (by BIN) and an amount. */
export interface ProviderInstallments extends CardInfo {
  bankCode?: number;
  force3ds?: boolean;
  commercial?: boolean;
  /** The counts this card may pay in, each with its monthly amount and total; the single payment included. */
  options: InstallmentOption[];
}

export interface ThreeDsStart {
  providerPaymentId: string;
  /** sandbox: our own challenge page; iyzico: the bank's page (HTML, base64) rendered by our app. */
  challenge: { kind: "sandbox" } | { kind: "html"; htmlBase64: string };
}

/** The fields the provider posts to our callback URL after 3-D Secure. */
export interface CallbackFields {
  status?: string;
  paymentId?: string;
  conversationId?: string;
  conversationData?: string;
  mdStatus?: string;
  signature?: string;
}

export type CallbackCheck =
  | { ok: true; authenticated: boolean; paymentId: string; conversationData?: string }
  | { ok: false; reason: "signature" | "fields" };

export interface RetrievedPayment {
  status: "succeeded" | "failed" | "not_found";
  payment?: PaymentDone;
  /** Total refunded at the provider, when its answer tells (undefined: unknown). */
  refunded?: Kurus;
  /** Whether the whole payment was cancelled (voided) at the provider, when its answer tells. */
  cancelled?: boolean;
}

export interface PaymentGateway {
  readonly name: "sandbox" | "iyzico";
  /** Authorise and capture at once, without 3-D Secure (used for saved cards). */
  authorise(req: PaymentRequest & { card?: CardInput; stored?: StoredCardRef }): Promise<Result<PaymentDone>>;
  /** Start 3-D Secure for a new card; `registerCard` stores the card with the payment. */
  init3ds(
    req: PaymentRequest & { card: CardInput; registerCard: boolean; cardUserKey?: string; callbackUrl: string },
  ): Promise<Result<ThreeDsStart>>;
  /** Check the provider's callback (signature, required fields). Does not charge. */
  verifyCallback(fields: CallbackFields): CallbackCheck;
  /** Complete 3-D Secure after the callback: this is the charge. */
  complete3ds(req: { providerPaymentId: string; conversationId: string; conversationData?: string }): Promise<Result<PaymentDone>>;
  storeCard(req: { cardUserKey?: string; email: string; externalId: string; card: Omit<CardInput, "cvc">; alias?: string }): Promise<Result<StoredCard>>;
  deleteCard(req: StoredCardRef): Promise<Result<object>>;
  refund(req: { providerPaymentId: string; transactionId: string; amount: Kurus; ip: string; reason: string }): Promise<Result<{ providerRef: string }>>;
  /** Same-day cancel (void) of a whole payment. */
  cancel(req: { providerPaymentId: string; ip: string; reason: string }): Promise<Result<{ providerRef: string }>>;
  /** What happened to a payment whose answer we lost (crash, timeout). */
  retrieve(req: { providerPaymentId?: string; conversationId: string }): Promise<Result<RetrievedPayment>>;
  binLookup(bin: string): Promise<Result<CardInfo>>;
  /** Installment table for a card's BIN (6 or 8 digits) and an amount (iyzico: /payment/iyzipos/installment). */
  installments(req: { bin: string; amount: Kurus; conversationId: string }): Promise<Result<ProviderInstallments>>;
}

/** Lira text the provider expects ('12.5' for 1250 kuruş). */
export function liraText(kurus: Kurus): string {
  const s = (kurus / 100).toFixed(2).replace(/0+$/, "").replace(/\.$/, ".0");
  return s;
}

export function kurusFromLira(text: string | number | undefined): Kurus {
  const n = typeof text === "number" ? text : Number(text ?? Number.NaN);
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
}
