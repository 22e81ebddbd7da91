import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Card payments (issue 9). No table here holds a card number or a security code: only the provider's
 * tokens, the BIN (first six), the last four digits, the card type and the bank.
 */

/** One payment of one order (the order's reference is the idempotency key): its state and its outcome. */
export const paymentIntents = pgTable(
  "payment_intents",
  {
    /** Random and unguessable: it appears in the 3-D Secure and result URLs. */
    id: text("id").primaryKey(),
    orderRef: text("order_ref").notNull(),
    /** What the buyer knows the order by (the order number): written at the first refund, for its mail. */
    orderLabel: text("order_label"),
    userId: integer("user_id"),
    provider: text("provider", { enum: ["sandbox", "iyzico"] }).notNull(),
    /** kuruş: what the card is charged (with installments, the bank's interest included) */
    amount: integer("amount").notNull(),
    /** Installments (issue 27): the count, and the order's amount before the bank's interest (null: same as amount). */
    installment: integer("installment").notNull().default(1),
    price: integer("price"),
    currency: text("currency").notNull().default("TRY"),
    /**
     * challenge: 3-D Secure started, waiting for the buyer; pending: we asked the provider to charge and have no
     * answer yet (the reconcile job settles these); succeeded; failed; expired (challenge abandoned);
     * voided (charged, then cancelled because the shop could not take the order); cancelled (same-day cancel);
     * refunded (refunded in full).
     */
    status: text("status", {
      enum: ["challenge", "pending", "succeeded", "failed", "expired", "voided", "cancelled", "refunded"],
    }).notNull(),
    method: text("method", { enum: ["card", "saved_card"] }).notNull(),
    saveCard: boolean("save_card").notNull().default(false),
    savedCardId: integer("saved_card_id"),
    cardHolder: text("card_holder"),
    cardBin: text("card_bin"),
    cardLastFour: text("card_last_four"),
    cardType: text("card_type"),
    cardAssociation: text("card_association"),
    cardFamily: text("card_family"),
    bankName: text("bank_name"),
    buyerEmail: text("buyer_email").notNull(),
    buyerIp: text("buyer_ip"),
    providerPaymentId: text("provider_payment_id"),
    /** The provider's transaction id that refunds are made against. */
    providerTransactionId: text("provider_transaction_id"),
    /** iyzico only: the bank's 3-D Secure page (base64 HTML) until the buyer has been sent there. */
    threeDsHtml: text("three_ds_html"),
    /** What the caller needs to finish the purchase once the payment is charged (the place-order flow's context). */
    context: jsonb("hook_context"),
    returnUrl: text("return_url"),
    errorCode: text("error_code"),
    message: text("message"),
    refundedAmount: integer("refunded_amount").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    // an order is paid at most once, whatever callbacks arrive
    uniqueIndex("payment_intents_one_success_idx").on(t.orderRef).where(sql`status in ('succeeded', 'pending')`),
    index("payment_intents_order_idx").on(t.orderRef),
    index("payment_intents_status_idx").on(t.status, t.updatedAt),
  ],
);

/** Every call to the provider and its result, for support ('was I charged?'). Never card numbers or codes. */
export const paymentAttempts = pgTable(
  "payment_attempts",
  {
    id: serial("id").primaryKey(),
    intentId: text("intent_id"),
    orderRef: text("order_ref"),
    userId: integer("user_id"),
    provider: text("provider").notNull(),
    kind: text("kind", {
      enum: ["authorise", "3ds_init", "3ds_complete", "store_card", "delete_card", "refund", "cancel", "bin", "retrieve", "void"],
    }).notNull(),
    /** pending = asked the provider, no answer recorded yet ('pending at provider'). */
    status: text("status", { enum: ["pending", "succeeded", "failed", "error", "reconciled"] }).notNull(),
    amount: integer("amount"),
    providerPaymentId: text("provider_payment_id"),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    /** Sanitised summary of request and response (BIN, last four, ids, amounts). */
    detail: jsonb("detail").notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("payment_attempts_pending_idx").on(t.status, t.createdAt),
    index("payment_attempts_intent_idx").on(t.intentId),
    index("payment_attempts_order_idx").on(t.orderRef),
  ],
);

/** Refunds and same-day cancellations of a payment. */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: serial("id").primaryKey(),
    intentId: text("intent_id").notNull(),
    /** Caller's idempotency key (e.g. 'order-cancel:123'): the same key never refunds twice. */
    key: text("key").unique(),
    kind: text("kind", { enum: ["refund", "cancel"] }).notNull(),
    amount: integer("amount").notNull(),
    reason: text("reason").notNull().default(""),
    requestedBy: text("requested_by").notNull().default(""),
    status: text("status", { enum: ["pending", "succeeded", "failed"] }).notNull(),
    providerRef: text("provider_ref"),
    message: text("message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("payment_refunds_intent_idx").on(t.intentId)],
);

/** A member's saved cards (SPEC §2.8): provider tokens plus what the list shows. user_id's FK comes with accounts. */
export const savedCards = pgTable(
  "saved_cards",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull(),
    provider: text("provider", { enum: ["sandbox", "iyzico"] }).notNull(),
    cardUserKey: text("card_user_key").notNull(),
    cardToken: text("card_token").notNull().unique(),
    alias: text("alias").notNull().default(""),
    bin: text("bin").notNull(),
    lastFour: text("last_four").notNull(),
    /** CREDIT_CARD, DEBIT_CARD, PREPAID_CARD */
    cardType: text("card_type"),
    /** VISA, MASTER_CARD, AMERICAN_EXPRESS, TROY */
    cardAssociation: text("card_association"),
    cardFamily: text("card_family"),
    bankName: text("bank_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("saved_cards_user_idx").on(t.userId)],
);

/**
 * The offline sandbox provider's own books (what a real provider keeps on its side): payments with their
 * 3-D Secure challenge, and stored cards. The challenge lives here so a restart does not lose it.
 * A card's behaviour (the published test cards' outcomes) is kept instead of its number.
 */
export const sandboxPayments = pgTable(
  "sandbox_payments",
  {
    id: text("id").primaryKey(),
    conversationId: text("conversation_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    amount: integer("amount").notNull(),
    status: text("status", { enum: ["init_3ds", "callback_3ds", "success", "failure"] }).notNull(),
    outcome: text("outcome").notNull(),
    bin: text("bin").notNull(),
    lastFour: text("last_four").notNull(),
    registerCard: boolean("register_card").notNull().default(false),
    cardUserKey: text("card_user_key"),
    cardToken: text("card_token"),
    email: text("email"),
    challengeCode: text("challenge_code"),
    challengeTriesLeft: integer("challenge_tries_left").notNull().default(3),
    mdStatus: text("md_status"),
    callbackUrl: text("callback_url"),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    refunded: integer("refunded").notNull().default(0),
    cancelled: boolean("cancelled").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [index("sandbox_payments_conversation_idx").on(t.conversationId), index("sandbox_payments_key_idx").on(t.idempotencyKey)],
);

export const sandboxCards = pgTable("sandbox_cards", {
  cardToken: text("card_token").primaryKey(),
  cardUserKey: text("card_user_key").notNull(),
  email: text("email"),
  bin: text("bin").notNull(),
  lastFour: text("last_four").notNull(),
  outcome: text("outcome").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});
