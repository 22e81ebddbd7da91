/**
 * Card payments (SPEC §1, §2.8, §3 Payment details and Saved card; issue 9).
 *
 * CONTRACT — how checkout, orders and the member area use this module
 * ───────────────────────────────────────────────────────────────────
 * startPayment(app, { orderRef, amount, buyer, card | savedCardId, saveCard, userId, hook, hookContext, returnUrl })
 *   orderRef is the idempotency key: an order is charged at most once (a unique index allows one 'pending' or
 *   'succeeded' payment per orderRef). Returns one of
 *     { status: 'succeeded', paymentId, amount, card }       saved card (no 3-D Secure), charged now
 *     { status: 'challenge', paymentId, challengeUrl }       new card: send the buyer to challengeUrl (3-D Secure)
 *     { status: 'failed', paymentId?, code, message }        message is 'Ödeme alınamadı: {provider text}'
 *     { status: 'processing', paymentId }                    this order is being charged right now
 *   A card number failing Luhn is refused here, before the gateway (code 'invalid_card').
 *   `paymentId` is our payment's id (store it on the order, e.g. orders.payment_ref); it is unguessable.
 *
 * "On success" is a HOOK, not a return value, because a 3-D Secure payment succeeds later, in the callback
 * request. Register it once at module load with
 *     onPaymentSucceeded('checkout.placeOrder', async (tx, event) => { … create or confirm the order … })
 *   and pass hook: 'checkout.placeOrder' (plus any JSON hookContext) to startPayment. The hook runs inside the
 *   transaction that marks the payment succeeded, exactly once per payment — a replayed or duplicated callback,
 *   a double click or the reconcile job never run it twice. If the hook throws, the payment is cancelled at the
 *   provider (voided) and the buyer sees paymentTr.errors.shopRejected.
 *
 * completeChallenge(app, paymentId, providerFields) — the 3-D Secure callback route calls this. Verifies the
 *   provider's signature and that the callback belongs to this payment, then charges (once). Idempotent: a replay
 *   returns the stored outcome. Returns the outcome plus `redirectTo` (the payment's returnUrl with ?odeme=<id>).
 * getPayment(app, paymentId) — state for the result page and checkout (status, amount, card, message).
 * refund(app, { paymentId, amount?, reason, requestedBy, key? }) — full or partial refund; a same-day full refund
 *   becomes a cancel. `key` (e.g. 'order-cancel:123') makes it idempotent. Recorded and mailed to the buyer.
 * cancel(app, { paymentId, reason, requestedBy, key? }) — same-day cancel of the whole payment only.
 * listSavedCards(app, userId), deleteSavedCard(app, userId, cardId), saveCardForUser(app, …) — a member's cards;
 *   ownership is checked on every call; only provider tokens, BIN and last four are stored.
 * binLookup(app, bin) — card type, association and bank for the logo while typing.
 * reconcile(app, { olderThanSeconds }) — run every minute by the server: settles payments and refunds left
 *   'pending at provider' by a crash or timeout by asking the provider, and expires abandoned 3-D Secure challenges.
 *
 * Card numbers and security codes only pass through to the gateway: never stored, logged or mailed.
 */
import { sql } from "drizzle-orm";
import { pausePoint } from "../system/service";
import { randomBytes } from "node:crypto";
import type { AppContext } from "../context";
import type { DbOrTx, Tx } from "../db/client";
import { queueMail } from "../mail/service";
import { cardLogo, cardNumberSchema, cardTypeOf, cardTypeOfAssociation, binOf, lastFour, type CardType } from "~/shared/card";
import { istanbulDate } from "~/shared/clock";
import { binFrom } from "~/shared/installments";
import { formatAmount, type Kurus } from "~/shared/money";
import { fmt } from "~/shared/texts/tr";
import { paymentTr } from "~/shared/texts/payment.tr";
import type { BuyerInfo, CallbackFields, CardInfo, CardInput, PaymentDone, PaymentGateway, ProviderFailure } from "./gateway";
import { createIyzicoGateway } from "./iyzico";
import { answerSandboxChallenge, createSandboxGateway, sandboxChallenge } from "./sandbox";
import * as repo from "./repo";
import * as installments from "./installments";

const T = paymentTr;

// ─── gateway choice ─────────────────────────────────────────────────────────────────────────────

const gateways = new WeakMap<AppContext, PaymentGateway>();

/** The gateway of PAYMENT_PROVIDER for this app (one per AppContext). */
export function gatewayFor(app: AppContext): PaymentGateway {
  let gw = gateways.get(app);
  if (!gw) {
    const c = app.config;
    gw =
      c.paymentProvider === "iyzico"
        ? createIyzicoGateway({ apiKey: c.iyzico.apiKey!, secretKey: c.iyzico.secretKey!, baseUrl: c.iyzico.baseUrl!, log: app.log, now: () => app.clock.now() })
        : createSandboxGateway(app);
    gateways.set(app, gw);
  }
  return gw;
}

/** Replaces the gateway of an app (fault injection in tests, or a provider wired by hand). */
export function useGateway(app: AppContext, gateway: PaymentGateway): void {
  gateways.set(app, gateway);
}

// ─── success hooks ──────────────────────────────────────────────────────────────────────────────

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
export type SuccessHook = (tx: Tx, event: PaymentSucceeded, app: AppContext) => Promise<void>;
export type { CardInput } from "./gateway";

const hooks = new Map<string, SuccessHook>();

/**
 * What a success hook throws when the shop, as expected, cannot take the order it was paid for (stock or a ready
 * date taken by a buyer who was quicker, a basket changed meanwhile): the charge is voided and this is logged as
 * a warning. Anything else a hook throws is a fault.
 */
export class OrderRefused extends Error {}

/** Registers the code that must run exactly once when a payment succeeds (see the contract above). */
export function onPaymentSucceeded(name: string, hook: SuccessHook): void {
  hooks.set(name, hook);
}

// ─── types ──────────────────────────────────────────────────────────────────────────────────────

export type BuyerInput = Omit<BuyerInfo, "id"> & { id?: string };

export interface StartPaymentInput {
  orderRef: string;
  amount: Kurus;
  buyer: BuyerInput;
  card?: CardInput;
  savedCardId?: number;
  saveCard?: boolean;
  userId?: number | null;
  hook?: string;
  hookContext?: unknown;
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

export type PaymentOutcome =
  | { status: "succeeded"; paymentId: string; amount: Kurus; card: CardSummary }
  | { status: "challenge"; paymentId: string; challengeUrl: string }
  | { status: "failed"; paymentId?: string; code: string; message: string }
  | { status: "processing"; paymentId: string };

export const DEFAULT_RETURN_URL = "/odeme/sonuc";

// ─── helpers ────────────────────────────────────────────────────────────────────────────────────

const newId = () => randomBytes(18).toString("base64url");
const failedMessage = (detail: string) => fmt(T.errors.failed, { detail });

function isUniqueViolation(e: unknown): boolean {
  for (let x: unknown = e; x && typeof x === "object"; x = (x as { cause?: unknown }).cause) {
    if ((x as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

function summary(i: Pick<repo.IntentRow, "cardBin" | "cardLastFour" | "cardAssociation" | "bankName">): CardSummary {
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

function withPaymentParam(url: string, id: string): string {
  const u = new URL(url, "http://x.invalid");
  u.searchParams.set("odeme", id);
  return `${u.pathname}${u.search}`;
}

/** Only paths on our own site are accepted as return URLs. */
function safeReturnUrl(url: string | undefined): string {
  return url && url.startsWith("/") && !url.startsWith("//") && !url.includes("\\") ? url : DEFAULT_RETURN_URL;
}

/** Calls that may move money: an unknown outcome leaves them 'pending at provider'. */
const CHARGING = new Set<repo.NewAttempt["kind"]>(["authorise", "3ds_complete", "refund", "cancel", "void"]);

async function attempt<T extends { ok: boolean }>(
  app: AppContext,
  base: { intentId?: string | null; orderRef?: string | null; userId?: number | null; kind: repo.NewAttempt["kind"]; amount?: number | null; detail?: Record<string, unknown> },
  run: () => Promise<T>,
  describe: (r: T) => Record<string, unknown> = () => ({}),
): Promise<T> {
  const gw = gatewayFor(app);
  const id = await repo.insertAttempt(app.db, {
    intentId: base.intentId ?? null,
    orderRef: base.orderRef ?? null,
    userId: base.userId ?? null,
    provider: gw.name,
    kind: base.kind,
    status: "pending",
    amount: base.amount ?? null,
    detail: base.detail ?? {},
    createdAt: app.clock.now(),
  });
  let result: T;
  try {
    result = await run();
  } catch (err) {
    app.log.error({ err, attemptId: id, kind: base.kind, intentId: base.intentId }, "payment provider call threw");
    result = { ok: false, code: "exception", message: "exception", unknown: true } as unknown as T;
  }
  const failure = result.ok ? null : (result as unknown as ProviderFailure);
  const extra = describe(result);
  // an unknown outcome stays 'pending' for the reconcile job
  if (!failure?.unknown) {
    await repo.finishAttempt(app.db, id, {
      status: failure ? "failed" : "succeeded",
      errorCode: failure?.code ?? null,
      errorMessage: failure?.message ?? null,
      providerPaymentId: (extra.providerPaymentId as string | undefined) ?? null,
      detail: { ...base.detail, ...extra },
      finishedAt: app.clock.now(),
    });
  } else if (CHARGING.has(base.kind)) {
    await repo.finishAttempt(app.db, id, { errorCode: failure.code, detail: { ...base.detail, ...extra, unknownOutcome: true } });
  } else {
    await repo.finishAttempt(app.db, id, { status: "error", errorCode: failure.code, errorMessage: failure.message, finishedAt: app.clock.now() });
  }
  app.log.info({ attemptId: id, kind: base.kind, intentId: base.intentId, orderRef: base.orderRef, ok: result.ok, code: failure?.code }, "payment attempt");
  return result;
}

const cardDetail = (c: { bin?: string | null; lastFour?: string | null }) => ({ bin: c.bin ?? null, lastFour: c.lastFour ?? null });
const doneDetail = (r: { ok: boolean } & Partial<PaymentDone>) => (r.ok ? { providerPaymentId: r.providerPaymentId, amount: r.amount } : {});

// ─── start ──────────────────────────────────────────────────────────────────────────────────────

export async function startPayment(app: AppContext, input: StartPaymentInput): Promise<PaymentOutcome> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) return { status: "failed", code: "amount", message: failedMessage(T.errors.amountInvalid) };
  if (input.card) {
    const number = cardNumberSchema.safeParse(input.card.number);
    if (!number.success) return { status: "failed", code: "invalid_card", message: failedMessage(T.validation.cardNumberInvalid) };
  } else if (input.savedCardId === undefined) {
    return { status: "failed", code: "no_card", message: failedMessage(T.validation.cardNumberRequired) };
  }

  const active = await repo.activeIntentForOrder(app.db, input.orderRef);
  if (active) return outcomeOf(active);

  const gw = gatewayFor(app);
  const now = app.clock.now();
  const userId = input.userId ?? null;
  const buyer: BuyerInfo = { ...input.buyer, id: input.buyer.id ?? (userId ? `user-${userId}` : `guest-${input.orderRef}`) };
  const description = input.description ?? input.orderRef;
  const base = {
    id: newId(),
    orderRef: input.orderRef,
    userId,
    provider: gw.name,
    amount: input.amount,
    buyerEmail: input.buyer.email,
    buyerIp: input.buyer.ip,
    hook: input.hook ?? null,
    hookContext: input.hookContext ?? null,
    returnUrl: safeReturnUrl(input.returnUrl),
    createdAt: now,
    updatedAt: now,
  };

  // ── a member's saved card: charged at once, no 3-D Secure
  if (!input.card) {
    if (!userId) return { status: "failed", code: "saved_card", message: failedMessage(T.errors.savedCardNotFound) };
    const card = await repo.cardOfUser(app.db, userId, input.savedCardId!);
    if (!card || card.provider !== gw.name) return { status: "failed", code: "saved_card", message: failedMessage(T.errors.savedCardNotFound) };
    const inst = await installments.chargeFor(app, gw, input.amount, card.bin, input.installment);
    if (!inst.ok) return { status: "failed", code: inst.code, message: failedMessage(inst.message) };
    let intent: repo.IntentRow;
    try {
      intent = await repo.insertIntent(app.db, {
        ...base,
        ...installments.intentFields(inst),
        status: "pending",
        method: "saved_card",
        savedCardId: card.id,
        cardBin: card.bin,
        cardLastFour: card.lastFour,
        cardType: card.cardType,
        cardAssociation: card.cardAssociation,
        cardFamily: card.cardFamily,
        bankName: card.bankName,
      });
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      const other = await repo.activeIntentForOrder(app.db, input.orderRef);
      return other ? outcomeOf(other) : { status: "failed", code: "conflict", message: failedMessage(T.errors.system) };
    }
    const r = await attempt(
      app,
      { intentId: intent.id, orderRef: intent.orderRef, userId, kind: "authorise", amount: inst.paid, detail: { method: "saved_card", installment: inst.count, ...cardDetail(card) } },
      () => gw.authorise({ idempotencyKey: input.orderRef, amount: input.amount, ...installments.requestFields(inst), buyer, description, stored: { cardUserKey: card.cardUserKey, cardToken: card.cardToken } }),
      doneDetail,
    );
    if (r.ok) await pausePoint(app, "payment.charged");
    return settle(app, intent.id, r);
  }

  // ── a new card: 3-D Secure
  const card = input.card;
  const inst = await installments.chargeFor(app, gw, input.amount, binFrom(card.number), input.installment);
  if (!inst.ok) return { status: "failed", code: inst.code, message: failedMessage(inst.message) };
  const existing = input.saveCard && userId ? (await repo.cardsOfUser(app.db, userId)).find((c) => c.provider === gw.name) : undefined;
  const intent = await repo.insertIntent(app.db, {
    ...base,
    ...installments.intentFields(inst),
    status: "challenge",
    method: "card",
    saveCard: Boolean(input.saveCard && userId),
    cardHolder: card.holder.trim().slice(0, 50),
    cardBin: binOf(card.number),
    cardLastFour: lastFour(card.number),
    cardAssociation: null,
    cardType: null,
  });
  const callbackUrl = gw.name === "sandbox" ? callbackPath(intent.id) : `${app.config.publicUrl}${callbackPath(intent.id)}`;
  const r = await attempt(
    app,
    { intentId: intent.id, orderRef: intent.orderRef, userId, kind: "3ds_init", amount: inst.paid, detail: { method: "card", installment: inst.count, bin: intent.cardBin, lastFour: intent.cardLastFour } },
    () => gw.init3ds({ idempotencyKey: input.orderRef, amount: input.amount, ...installments.requestFields(inst), buyer, description, card, registerCard: intent.saveCard, cardUserKey: existing?.cardUserKey, callbackUrl }),
    (x) => (x.ok ? { providerPaymentId: (x as unknown as { providerPaymentId: string }).providerPaymentId } : {}),
  );
  if (!r.ok) {
    await repo.updateIntent(app.db, intent.id, { status: "failed", errorCode: r.code, message: failedMessage(r.unknown ? T.errors.system : r.message), updatedAt: app.clock.now(), completedAt: app.clock.now() });
    return { status: "failed", paymentId: intent.id, code: r.code, message: failedMessage(r.unknown ? T.errors.system : r.message) };
  }
  // the card's brand is known from its number now; the provider confirms it on completion
  const brand = cardTypeOf(card.number);
  await repo.updateIntent(app.db, intent.id, {
    providerPaymentId: r.providerPaymentId,
    threeDsHtml: r.challenge.kind === "html" ? r.challenge.htmlBase64 : null,
    cardAssociation: brand === "Mastercard" ? "MASTER_CARD" : brand === "Visa" || brand === "VisaElectron" ? "VISA" : brand === "AMEX" ? "AMERICAN_EXPRESS" : brand === "Troy" ? "TROY" : null,
    updatedAt: app.clock.now(),
  });
  return { status: "challenge", paymentId: intent.id, challengeUrl: challengeUrl(intent.id) };
}

// ─── settle: the one place a payment becomes succeeded or failed ──────────────────────────────────

async function settle(app: AppContext, intentId: string, r: ({ ok: true } & PaymentDone) | ProviderFailure): Promise<PaymentOutcome> {
  if (!r.ok) {
    if (r.unknown) {
      // we do not know whether the provider charged: stays 'pending' for reconcile
      return { status: "processing", paymentId: intentId };
    }
    const message = failedMessage(r.message);
    await repo.moveIntent(app.db, intentId, "pending", { status: "failed", errorCode: r.code, message, updatedAt: app.clock.now(), completedAt: app.clock.now() });
    const i = await repo.findIntent(app.db, intentId);
    return i ? outcomeOf(i) : { status: "failed", paymentId: intentId, code: r.code, message };
  }
  try {
    await app.db.transaction(async (tx) => {
      const i = await repo.lockIntent(tx, intentId);
      if (!i || i.status !== "pending") return; // already settled: never a second hook run
      const now = app.clock.now();
      let savedCardId = i.savedCardId;
      if (i.saveCard && i.userId && r.stored) {
        const saved = await repo.upsertCard(tx, {
          userId: i.userId,
          provider: i.provider,
          cardUserKey: r.stored.cardUserKey,
          cardToken: r.stored.cardToken,
          bin: r.card.bin || i.cardBin || "",
          lastFour: r.card.lastFour ?? i.cardLastFour ?? "",
          cardType: r.card.cardType ?? null,
          cardAssociation: r.card.association ?? i.cardAssociation,
          cardFamily: r.card.family ?? null,
          bankName: r.card.bankName ?? i.bankName,
          createdAt: now,
        });
        savedCardId = saved.id;
      }
      const patch = {
        status: "succeeded" as const,
        providerPaymentId: r.providerPaymentId,
        providerTransactionId: r.transactionId,
        cardBin: r.card.bin || i.cardBin,
        cardLastFour: r.card.lastFour ?? i.cardLastFour,
        cardType: r.card.cardType ?? i.cardType,
        cardAssociation: r.card.association ?? i.cardAssociation,
        cardFamily: r.card.family ?? i.cardFamily,
        bankName: r.card.bankName ?? i.bankName,
        savedCardId,
        threeDsHtml: null,
        errorCode: null,
        message: null,
        updatedAt: now,
        completedAt: now,
      };
      await repo.updateIntent(tx, i.id, patch);
      if (i.hook) {
        const hook = hooks.get(i.hook);
        if (!hook) throw new Error(`payment success hook '${i.hook}' is not registered`);
        await hook(tx, {
          paymentId: i.id,
          orderRef: i.orderRef,
          amount: i.amount,
          userId: i.userId,
          providerPaymentId: r.providerPaymentId,
          card: { bin: patch.cardBin, lastFour: patch.cardLastFour, type: cardTypeOfAssociation(patch.cardAssociation, patch.cardBin ?? undefined), bankName: patch.bankName },
          savedCardId,
          installment: i.installment,
          price: i.price ?? i.amount,
          context: i.hookContext,
        }, app);
      }
    });
  } catch (err) {
    if (err instanceof OrderRefused) app.log.warn({ reason: err.message, intentId }, "payment succeeded but the order was refused: voiding");
    else app.log.error({ err, intentId }, "payment succeeded but the shop could not take the order: voiding");
    await voidPayment(app, intentId, r);
  }
  const i = await repo.findIntent(app.db, intentId);
  return i ? outcomeOf(i) : { status: "processing", paymentId: intentId };
}

/** The shop could not take an order the provider charged for: cancel (or refund) the charge. */
async function voidPayment(app: AppContext, intentId: string, r: PaymentDone): Promise<void> {
  const i = await repo.findIntent(app.db, intentId);
  if (!i || i.status !== "pending") return;
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
    // stays 'pending': the reconcile job retries the whole settlement (hook included) later
    app.log.error({ intentId }, "payment could not be voided; left pending for reconcile");
  }
}

// ─── 3-D Secure ─────────────────────────────────────────────────────────────────────────────────

export type ChallengePage =
  | { kind: "sandbox"; paymentId: string; code: string; amount: Kurus; lastFour: string; bankName: string; triesLeft: number; open: boolean }
  | { kind: "provider"; paymentId: string }
  | { kind: "finished"; redirectTo: string };

/** What the 3-D Secure page at /odeme/3ds/:id shows. Null when there is no such payment. */
export async function challengePage(app: AppContext, paymentId: string): Promise<ChallengePage | null> {
  const i = await repo.findIntent(app.db, paymentId);
  if (!i) return null;
  if (i.status !== "challenge") return { kind: "finished", redirectTo: withPaymentParam(i.returnUrl ?? DEFAULT_RETURN_URL, i.id) };
  if (i.provider !== "sandbox" || !i.providerPaymentId) return { kind: "provider", paymentId: i.id };
  const c = await sandboxChallenge(app, i.providerPaymentId);
  if (!c) return null;
  return { kind: "sandbox", paymentId: i.id, code: c.code, amount: c.amount, lastFour: c.lastFour, bankName: c.bankName, triesLeft: c.triesLeft, open: c.open };
}

/** The bank's own 3-D Secure page (iyzico), decoded; served once per challenge by our app. */
export async function providerChallengeHtml(app: AppContext, paymentId: string): Promise<string | null> {
  const i = await repo.findIntent(app.db, paymentId);
  if (!i || i.status !== "challenge" || !i.threeDsHtml) return null;
  return Buffer.from(i.threeDsHtml, "base64").toString("utf8");
}

/** The buyer answers the sandbox bank's challenge: a wrong code, or where to send the browser (the callback). */
export async function answerChallenge(
  app: AppContext,
  paymentId: string,
  answer: { code: string } | { cancel: true },
): Promise<{ redirectTo: string } | { wrong: true; triesLeft: number } | null> {
  const i = await repo.findIntent(app.db, paymentId);
  if (!i || i.provider !== "sandbox" || !i.providerPaymentId) return null;
  if (i.status !== "challenge") return { redirectTo: withPaymentParam(i.returnUrl ?? DEFAULT_RETURN_URL, i.id) };
  const r = await answerSandboxChallenge(app, i.providerPaymentId, answer);
  if (!r) return null;
  return "wrong" in r ? r : { redirectTo: r.callbackUrl };
}

export type CallbackResult = PaymentOutcome & { redirectTo: string };

/**
 * The provider's 3-D Secure callback. Null: no such payment. `rejected`: the callback is forged or belongs to
 * another payment (nothing changes). Otherwise the payment's outcome; replays return the stored outcome.
 */
export async function completeChallenge(app: AppContext, paymentId: string, fields: CallbackFields): Promise<CallbackResult | { status: "rejected" } | null> {
  const i = await repo.findIntent(app.db, paymentId);
  if (!i) return null;
  const redirectTo = withPaymentParam(i.returnUrl ?? DEFAULT_RETURN_URL, i.id);
  if (i.status !== "challenge") return { ...outcomeOf(i), redirectTo };

  const gw = gatewayFor(app);
  const check = gw.verifyCallback(fields);
  if (!check.ok || check.paymentId !== i.providerPaymentId || (fields.conversationId && fields.conversationId !== i.orderRef)) {
    await repo.insertAttempt(app.db, {
      intentId: i.id,
      orderRef: i.orderRef,
      userId: i.userId,
      provider: gw.name,
      kind: "3ds_complete",
      status: "failed",
      errorCode: check.ok ? "callback_mismatch" : `callback_${check.reason}`,
      detail: { providerPaymentId: fields.paymentId ?? null },
      createdAt: app.clock.now(),
      finishedAt: app.clock.now(),
    });
    app.log.warn({ intentId: i.id, reason: check.ok ? "mismatch" : check.reason }, "3-D Secure callback rejected");
    return { status: "rejected" };
  }
  const now = app.clock.now();
  if (!check.authenticated) {
    const cancelled = fields.mdStatus === "0" || fields.status !== "success";
    const message = failedMessage(cancelled ? T.errors.threeDsFailed : T.errors.threeDsFailed);
    await repo.moveIntent(app.db, i.id, "challenge", { status: "failed", errorCode: `md_${fields.mdStatus ?? "x"}`, message, threeDsHtml: null, updatedAt: now, completedAt: now });
    const after = await repo.findIntent(app.db, i.id);
    return { ...outcomeOf(after!), redirectTo };
  }
  // challenge → pending exactly once; a duplicate callback in flight sees 'pending' and charges nothing
  let moved: boolean;
  try {
    moved = await repo.moveIntent(app.db, i.id, "challenge", { status: "pending", threeDsHtml: null, updatedAt: now });
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    // another payment of this order is paid or being charged: this one is not charged
    await repo.moveIntent(app.db, i.id, "challenge", { status: "failed", errorCode: "already_paid", message: failedMessage(T.errors.alreadyPaid), updatedAt: now, completedAt: now });
    const after = await repo.findIntent(app.db, i.id);
    return { ...outcomeOf(after!), redirectTo };
  }
  if (!moved) {
    const after = await repo.findIntent(app.db, i.id);
    return { ...outcomeOf(after!), redirectTo };
  }
  const r = await attempt(
    app,
    { intentId: i.id, orderRef: i.orderRef, userId: i.userId, kind: "3ds_complete", amount: i.amount, detail: { providerPaymentId: i.providerPaymentId, ...cardDetail({ bin: i.cardBin, lastFour: i.cardLastFour }) } },
    () => gw.complete3ds({ providerPaymentId: i.providerPaymentId!, conversationId: i.orderRef, conversationData: check.conversationData }),
    doneDetail,
  );
  // crash tests stop here: the provider charged, the shop has not taken the order yet (reconcile settles it)
  if (r.ok) await pausePoint(app, "payment.charged");
  return { ...(await settle(app, i.id, r)), redirectTo };
}

// ─── reading ────────────────────────────────────────────────────────────────────────────────────

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
  createdAt: Date;
  completedAt: Date | null;
}

/** Names the order a payment paid for (its order number), inside the order's transaction: mails use it. */
export async function labelOrder(tx: Tx, paymentId: string, orderLabel: string): Promise<void> {
  await repo.updateIntent(tx, paymentId, { orderLabel });
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

/** The installment table for a card's BIN (6 or 8 digits) and an amount (issue 27; see installments.ts). */
export const installmentTable = (app: AppContext, bin: string, amount: Kurus) => installments.installmentTable(app, gatewayFor(app), bin, amount);

export async function binLookup(app: AppContext, bin: string): Promise<(CardInfo & { type: CardType; logo: string }) | null> {
  if (!/^\d{6}$/.test(bin)) return null;
  return app.cache.get(`payments:bin:${gatewayFor(app).name}:${bin}`, async () => {
    const r = await attempt(app, { kind: "bin", detail: { bin } }, () => gatewayFor(app).binLookup(bin));
    const type = r.ok ? cardTypeOfAssociation(r.association, bin) : cardTypeOf(bin);
    const info: CardInfo = r.ok ? { bin, cardType: r.cardType, association: r.association, family: r.family, bankName: r.bankName } : { bin };
    return { ...info, type, logo: cardLogo(type) };
  });
}

// ─── saved cards ────────────────────────────────────────────────────────────────────────────────

/** SPEC §3 Saved card: cardId, cardLogo, cardBin, cardLastFour, cardType (+ bank for the list). */
export interface SavedCardView {
  cardId: number;
  cardLogo: string;
  cardBin: string;
  cardLastFour: string;
  cardType: CardType;
  cardTypeName: string;
  bankName: string | null;
}

export async function listSavedCards(app: AppContext, userId: number | null | undefined): Promise<SavedCardView[]> {
  if (!userId) return [];
  const provider = gatewayFor(app).name;
  return (await repo.cardsOfUser(app.db, userId))
    .filter((c) => c.provider === provider)
    .map((c) => {
      const type = cardTypeOfAssociation(c.cardAssociation, c.bin);
      return { cardId: c.id, cardLogo: cardLogo(type), cardBin: c.bin, cardLastFour: c.lastFour, cardType: type, cardTypeName: T.cardTypes[type], bankName: c.bankName };
    });
}

/** Deletes a member's card at the provider and here. False when the card is not this member's. */
export async function deleteSavedCard(app: AppContext, userId: number | null | undefined, cardId: number): Promise<boolean> {
  if (!userId) return false;
  const card = await repo.cardOfUser(app.db, userId, cardId);
  if (!card) return false;
  const gw = gatewayFor(app);
  if (card.provider === gw.name) {
    const r = await attempt(app, { userId, kind: "delete_card", detail: cardDetail(card) }, () => gw.deleteCard({ cardUserKey: card.cardUserKey, cardToken: card.cardToken }));
    // a card the provider no longer knows is deleted here too; any other failure keeps it
    if (!r.ok && r.code !== "1001") return false;
  }
  return repo.deleteCard(app.db, userId, cardId);
}

/** Stores a card for a member outside a payment (provider token only). */
export async function saveCardForUser(
  app: AppContext,
  userId: number,
  email: string,
  card: Omit<CardInput, "cvc">,
): Promise<{ ok: true; card: SavedCardView } | { ok: false; message: string }> {
  if (!cardNumberSchema.safeParse(card.number).success) return { ok: false, message: T.validation.cardNumberInvalid };
  const gw = gatewayFor(app);
  const existing = (await repo.cardsOfUser(app.db, userId)).find((c) => c.provider === gw.name);
  const r = await attempt(app, { userId, kind: "store_card", detail: { bin: binOf(card.number), lastFour: lastFour(card.number) } }, () =>
    gw.storeCard({ cardUserKey: existing?.cardUserKey, email, externalId: `user-${userId}`, card }),
  );
  if (!r.ok) return { ok: false, message: r.unknown ? T.errors.saveFailed : r.message };
  const row = await repo.upsertCard(app.db, {
    userId,
    provider: gw.name,
    cardUserKey: r.cardUserKey,
    cardToken: r.cardToken,
    bin: r.bin,
    lastFour: r.lastFour,
    cardType: r.cardType ?? null,
    cardAssociation: r.association ?? null,
    cardFamily: r.family ?? null,
    bankName: r.bankName ?? null,
    createdAt: app.clock.now(),
  });
  const view = (await listSavedCards(app, userId)).find((c) => c.cardId === row.id)!;
  return { ok: true, card: view };
}

// ─── refunds ────────────────────────────────────────────────────────────────────────────────────

export type RefundResult =
  | { ok: true; refundId: number; kind: "refund" | "cancel"; amount: Kurus; refundedTotal: Kurus; remaining: Kurus }
  | { ok: false; code: string; message: string };

export interface RefundInput {
  paymentId: string;
  /** kuruş; default: everything not yet refunded */
  amount?: Kurus;
  reason: string;
  requestedBy: string;
  /** Idempotency key of the caller, e.g. 'order-cancel:123'. */
  key?: string;
  ip?: string;
}

/** Full or partial refund; a same-day refund of the whole payment is a cancel instead. */
export async function refund(app: AppContext, input: RefundInput): Promise<RefundResult> {
  return refundOrCancel(app, input, "auto");
}

/** Same-day cancel of the whole payment (fails on another day or after a partial refund). */
export async function cancel(app: AppContext, input: Omit<RefundInput, "amount">): Promise<RefundResult> {
  return refundOrCancel(app, input, "cancel");
}

async function refundOrCancel(app: AppContext, input: RefundInput, mode: "auto" | "cancel"): Promise<RefundResult> {
  if (input.key) {
    const previous = await repo.findRefundByKey(app.db, input.key);
    if (previous?.status === "succeeded") {
      const i = await repo.findIntent(app.db, previous.intentId);
      return { ok: true, refundId: previous.id, kind: previous.kind, amount: previous.amount, refundedTotal: i?.refundedAmount ?? 0, remaining: (i?.amount ?? 0) - (i?.refundedAmount ?? 0) };
    }
    // under way, or its outcome at the provider is unknown: never a second call (reconcile settles it)
    if (previous?.status === "pending") return { ok: false, code: "pending", message: T.errors.refundPending };
  }
  // reserve the amount under a row lock so two refunds together never exceed the payment
  const reserved = await app.db.transaction(async (tx) => {
    const i = await repo.lockIntent(tx, input.paymentId);
    if (!i || i.status !== "succeeded" || !i.providerPaymentId) return { error: "not_refundable" as const };
    // a failed refund of this key may be tried again: the old row keeps its history under a retired key
    if (input.key) await repo.retireFailedRefundKey(tx, input.key);
    const taken = await repo.reservedRefunds(tx, i.id);
    const left = i.amount - taken;
    const amount = mode === "cancel" ? i.amount : (input.amount ?? left);
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left) return { error: "too_large" as const };
    const sameDay = i.completedAt !== null && istanbulDate(i.completedAt) === istanbulDate(app.clock.now());
    const kind: "refund" | "cancel" = mode === "cancel" || (taken === 0 && amount === i.amount && sameDay) ? "cancel" : "refund";
    if (mode === "cancel" && (taken > 0 || !sameDay)) return { error: "not_cancellable" as const };
    const row = await repo.insertRefund(tx, {
      intentId: i.id,
      key: input.key ?? null,
      kind,
      amount,
      reason: input.reason.slice(0, 500),
      requestedBy: input.requestedBy.slice(0, 100),
      status: "pending",
      createdAt: app.clock.now(),
    });
    return { intent: i, row };
  });
  if ("error" in reserved) {
    const message = reserved.error === "too_large" ? T.errors.refundTooLarge : T.errors.refundNotPossible;
    return { ok: false, code: reserved.error!, message };
  }
  const { intent: i } = reserved;
  let row = reserved.row;
  const gw = gatewayFor(app);
  const ip = input.ip ?? i.buyerIp ?? "127.0.0.1";
  const call = (kind: "refund" | "cancel") =>
    attempt(app, { intentId: i.id, orderRef: i.orderRef, userId: i.userId, kind, amount: row.amount, detail: { refundId: row.id, providerPaymentId: i.providerPaymentId } }, () =>
      kind === "cancel"
        ? gw.cancel({ providerPaymentId: i.providerPaymentId!, ip, reason: input.reason })
        : gw.refund({ providerPaymentId: i.providerPaymentId!, transactionId: i.providerTransactionId ?? "", amount: row.amount, ip, reason: input.reason }),
    );
  let r = await call(row.kind);
  if (!r.ok && !r.unknown && row.kind === "cancel" && mode === "auto") {
    // the provider no longer cancels (e.g. its day ended): refund instead
    await repo.updateRefund(app.db, row.id, { kind: "refund" });
    row = { ...row, kind: "refund" };
    r = await call("refund");
  }
  if (!r.ok) {
    if (r.unknown) return { ok: false, code: "unknown", message: T.errors.system }; // stays pending: support checks
    await repo.updateRefund(app.db, row.id, { status: "failed", message: r.message, finishedAt: app.clock.now() });
    return { ok: false, code: r.code, message: r.message };
  }
  const done = await finishRefund(app, row, r.providerRef);
  return done ?? { ok: false, code: "unknown", message: T.errors.system };
}

/** Books a refund the provider confirmed: once (the row must still be pending), with its mail. */
async function finishRefund(app: AppContext, row: repo.RefundRow, providerRef: string | null): Promise<Extract<RefundResult, { ok: true }> | null> {
  return app.db.transaction(async (tx) => {
    const cur = await repo.lockIntent(tx, row.intentId);
    if (!cur) return null;
    const refundedTotal = cur.refundedAmount + row.amount;
    if (!(await repo.moveRefund(tx, row.id, "pending", { status: "succeeded", providerRef, finishedAt: app.clock.now() }))) return null;
    const full = refundedTotal >= cur.amount;
    await repo.updateIntent(tx, cur.id, {
      refundedAmount: refundedTotal,
      ...(full ? { status: row.kind === "cancel" ? ("cancelled" as const) : ("refunded" as const) } : {}),
      updatedAt: app.clock.now(),
    });
    await mailRefund(tx, cur, row, refundedTotal);
    return { ok: true as const, refundId: row.id, kind: row.kind, amount: row.amount, refundedTotal, remaining: cur.amount - refundedTotal };
  });
}

async function mailRefund(tx: Tx, i: repo.IntentRow, row: repo.RefundRow, refundedTotal: Kurus): Promise<void> {
  const m = T.mail;
  const type = cardTypeOfAssociation(i.cardAssociation, i.cardBin ?? undefined);
  const card = `${T.cardTypes[type]} **** ${i.cardLastFour ?? ""}`.trim();
  const vars = { orderRef: i.orderLabel ?? i.orderRef, amount: formatAmount(row.amount), card };
  const isCancel = row.kind === "cancel";
  const table: [string, string][] = [
    [m.refunded, formatAmount(refundedTotal)],
    [m.remaining, formatAmount(i.amount - refundedTotal)],
  ];
  if (row.reason) table.unshift([m.reason, row.reason]);
  await queueMail(
    tx,
    {
      to: i.buyerEmail,
      subject: fmt(isCancel ? m.cancelSubject : m.refundSubject, vars),
      heading: isCancel ? m.cancelHeading : m.refundHeading,
      paragraphs: [fmt(isCancel ? m.cancelBody : m.refundBody, vars), m.bankNote],
      table,
    },
    { dedupeKey: `payment-refund:${row.id}` },
  );
}

export async function refundsOf(app: AppContext, paymentId: string) {
  return repo.refundsOf(app.db, paymentId);
}

// ─── reconcile ──────────────────────────────────────────────────────────────────────────────────

export interface ReconcileReport {
  checked: number;
  succeeded: number;
  failed: number;
  unresolved: number;
  expired: number;
  /** Refunds left 'pending' by a lost answer: looked at, confirmed by the provider, marked failed. */
  refundsChecked: number;
  refundsSucceeded: number;
  refundsFailed: number;
}

/** How long a buyer may take on the bank's 3-D Secure page before the challenge expires. */
export const CHALLENGE_TTL_SECONDS = 30 * 60;
/**
 * A refund whose outcome the provider cannot tell us (its books do not show refunds, or it does not answer) is
 * marked failed after this long, so it can be tried again; support is told through the error log.
 */
export const REFUND_UNKNOWN_TTL_SECONDS = 15 * 60;

/**
 * Settles payments left 'pending at provider' (our server crashed or the provider did not answer) by asking the
 * provider what happened, and expires abandoned challenges. Safe to run at any time, in many processes.
 */
export async function reconcile(app: AppContext, opts: { olderThanSeconds?: number } = {}): Promise<ReconcileReport> {
  const report: ReconcileReport = { checked: 0, succeeded: 0, failed: 0, unresolved: 0, expired: 0, refundsChecked: 0, refundsSucceeded: 0, refundsFailed: 0 };
  const now = app.clock.now();
  const before = new Date(now.getTime() - (opts.olderThanSeconds ?? 60) * 1000);
  const gw = gatewayFor(app);

  for (const i of await repo.staleIntents(app.db, "pending", before)) {
    report.checked++;
    const r = await attempt(app, { intentId: i.id, orderRef: i.orderRef, kind: "retrieve", detail: { providerPaymentId: i.providerPaymentId } }, () =>
      gw.retrieve({ providerPaymentId: i.providerPaymentId ?? undefined, conversationId: i.orderRef }),
    );
    if (!r.ok) {
      report.unresolved++;
      continue;
    }
    let outcome: PaymentOutcome;
    if (r.status === "succeeded" && r.payment) {
      outcome = await settle(app, i.id, { ok: true, ...r.payment });
    } else {
      outcome = await settle(app, i.id, { ok: false, code: "not_charged", message: T.errors.threeDsFailed });
    }
    if (outcome.status === "succeeded") report.succeeded++;
    else if (outcome.status === "failed") report.failed++;
    else report.unresolved++;
    // close the calls that were left without an answer
    for (const a of await repo.attemptsFor(app.db, { intentId: i.id })) {
      if (a.status === "pending" && a.kind !== "retrieve") {
        await repo.finishAttempt(app.db, a.id, { status: "reconciled", detail: { ...(a.detail as object), reconciledAs: outcome.status }, finishedAt: app.clock.now() });
      }
    }
  }

  const ttl = new Date(now.getTime() - CHALLENGE_TTL_SECONDS * 1000);
  for (const i of await repo.staleIntents(app.db, "challenge", ttl)) {
    if (await repo.moveIntent(app.db, i.id, "challenge", { status: "expired", threeDsHtml: null, errorCode: "expired", message: failedMessage(T.errors.expired), updatedAt: now, completedAt: now })) {
      report.expired++;
    }
  }
  await reconcileRefunds(app, before, report);
  if (report.checked || report.expired || report.refundsChecked) app.log.info({ ...report }, "payments reconciled");
  return report;
}

/**
 * Refunds left 'pending' (the provider's answer was lost): the provider's books say whether the money went
 * back (its refunded total covers this refund, or the payment is cancelled) or not. When the provider cannot
 * tell, the refund is marked failed after REFUND_UNKNOWN_TTL_SECONDS and logged for support.
 */
async function reconcileRefunds(app: AppContext, before: Date, report: ReconcileReport): Promise<void> {
  const gw = gatewayFor(app);
  const now = app.clock.now();
  const giveUpBefore = new Date(now.getTime() - REFUND_UNKNOWN_TTL_SECONDS * 1000);
  for (const row of await repo.staleRefunds(app.db, before)) {
    report.refundsChecked++;
    const i = await repo.findIntent(app.db, row.intentId);
    if (!i) continue;
    const r = await attempt(app, { intentId: i.id, orderRef: i.orderRef, kind: "retrieve", detail: { refundId: row.id, providerPaymentId: i.providerPaymentId } }, () =>
      gw.retrieve({ providerPaymentId: i.providerPaymentId ?? undefined, conversationId: i.orderRef }),
    );
    let verdict: "succeeded" | "failed" | "unknown" = "unknown";
    if (r.ok && r.status !== "not_found") {
      if (r.cancelled !== undefined && row.kind === "cancel") verdict = r.cancelled ? "succeeded" : "failed";
      else if (r.cancelled) verdict = "failed"; // the whole payment was cancelled: no refund can have happened on top
      else if (r.refunded !== undefined) verdict = r.refunded >= i.refundedAmount + row.amount ? "succeeded" : "failed";
    }
    if (verdict === "unknown" && row.createdAt > giveUpBefore) continue;
    if (verdict === "succeeded") {
      if (await finishRefund(app, row, `reconciled:${row.id}`)) report.refundsSucceeded++;
    } else {
      const message = verdict === "failed" ? "not refunded at the provider" : "outcome unknown: check the provider's panel";
      if (verdict === "unknown") app.log.error({ refundId: row.id, intentId: i.id, orderRef: i.orderRef }, "refund outcome unknown; marked failed for a retry");
      if (await repo.moveRefund(app.db, row.id, "pending", { status: "failed", message, finishedAt: app.clock.now() })) report.refundsFailed++;
    }
    for (const a of await repo.attemptsFor(app.db, { intentId: i.id })) {
      if (a.status === "pending" && (a.kind === "refund" || a.kind === "cancel") && (a.detail as { refundId?: number }).refundId === row.id) {
        await repo.finishAttempt(app.db, a.id, { status: "reconciled", detail: { ...(a.detail as object), reconciledAs: verdict }, finishedAt: app.clock.now() });
      }
    }
  }
}

/** Payment attempts by their outcome so far (shop-wide): the metrics' `shop_payments_total{result}`. */
export async function countByResult(app: AppContext): Promise<Record<string, number>> {
  const r = await app.db.execute<{ status: string; n: number }>(sql`select status, count(*)::int as n from payment_intents group by status`);
  return Object.fromEntries((r as unknown as { rows: { status: string; n: number }[] }).rows.map((x) => [x.status, x.n]));
}

/**
 * KVKK erasure (issue 26 §4): the order-placement context a payment carried (it repeats the buyer's e-mail)
 * takes the replacement address. The payment's own buyer e-mail, amount and card fields stay: financial
 * records kept 10 years (decision 0004).
 */
export async function forgetHookEmail(tx: DbOrTx, email: string, replacement: string): Promise<void> {
  await tx.execute(
    sql`update payment_intents set hook_context = jsonb_set(hook_context, '{email}', to_jsonb(${replacement}::text)) where hook_context is not null and lower(hook_context->>'email') = lower(${email})`,
  );
}
