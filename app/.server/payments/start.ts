/**
 * Starting a payment (start/authorise): a member's saved card is charged at once (no 3-D Secure) and answered
 * 'charged' for the caller to settle; a new card starts 3-D Secure ('challenge'), finished in three-ds.ts.
 */
import { pausePoint } from "../system/service";
import type { AppContext } from "../context";
import { cardNumberSchema, cardTypeOf, binOf, lastFour } from "~/shared/card";
import { binFrom } from "~/shared/installments";
import type { BuyerInfo } from "./gateway";
import { attemptStarting, cardDetail, doneDetail, failedMessage, gatewayFor, isUniqueViolation, newId, T } from "./calls";
import { callbackPath, challengeUrl, outcomeOf, safeReturnUrl, type ChargeOutcome, type StartPaymentInput } from "./outcome";
import { chargeAnswered } from "./settle";
import * as installments from "./installments";
import * as repo from "./repo";

export async function startPayment(app: AppContext, input: StartPaymentInput): Promise<ChargeOutcome> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) return { status: "failed", code: "amount", message: failedMessage(T.errors.amountInvalid) };
  if (input.card) {
    const number = cardNumberSchema.safeParse(input.card.number);
    if (!number.success) return { status: "failed", code: "invalid_card", message: failedMessage(T.validation.cardNumberInvalid) };
  } else if (input.savedCardId === undefined) {
    return { status: "failed", code: "no_card", message: failedMessage(T.validation.cardNumberRequired) };
  }

  // an earlier payment of this order that is paid or being charged answers instead of a new one (a saved card's
  // insert below meets it through the unique index on the order's active payment: one read less on the way)
  if (input.card) {
    const active = await repo.activeIntentForOrder(app.db, input.orderRef);
    if (active) return outcomeOf(active);
  }

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
    context: input.context ?? null,
    returnUrl: safeReturnUrl(input.returnUrl),
    createdAt: now,
    updatedAt: now,
  };

  // ── a member's saved card: charged at once, no 3-D Secure
  if (!input.card) {
    if (!userId) return { status: "failed", code: "saved_card", message: failedMessage(T.errors.savedCardNotFound) };
    const card = input.savedCardAsRead ? input.savedCardAsRead.row : await repo.cardOfUser(app.db, userId, input.savedCardId!);
    if (!card || card.id !== input.savedCardId || card.userId !== userId || card.provider !== gw.name) return { status: "failed", code: "saved_card", message: failedMessage(T.errors.savedCardNotFound) };
    const inst = await installments.chargeFor(app, gw, input.amount, card.bin, input.installment);
    if (!inst.ok) return { status: "failed", code: inst.code, message: failedMessage(inst.message) };
    // the payment's row and the record of the charge call go in together; an active payment of this order
    // (a second click, another tab) meets the first through the unique index, before anything is charged
    let started: { intent: repo.IntentRow; result: Awaited<ReturnType<typeof gw.authorise>>; answer?: repo.CallAnswer };
    try {
      started = await attemptStarting(
        app,
        {
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
        },
        { orderRef: input.orderRef, userId, kind: "authorise", amount: inst.paid, detail: { method: "saved_card", installment: inst.count, ...cardDetail(card) } },
        () => gw.authorise({ idempotencyKey: input.orderRef, amount: input.amount, ...installments.requestFields(inst), buyer, description, stored: { cardUserKey: card.cardUserKey, cardToken: card.cardToken } }),
        doneDetail,
        // a charge's answer is written by the statement that books it (or by the void)
        true,
      );
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      const other = await repo.activeIntentForOrder(app.db, input.orderRef);
      return other ? outcomeOf(other) : { status: "failed", code: "conflict", message: failedMessage(T.errors.system) };
    }
    const { intent, result: r, answer } = started;
    if (r.ok) await pausePoint(app, "payment.charged");
    return chargeAnswered(app, intent, r.ok && answer ? { ...r, answer } : r);
  }

  // ── a new card: 3-D Secure
  const card = input.card;
  const inst = await installments.chargeFor(app, gw, input.amount, binFrom(card.number), input.installment);
  if (!inst.ok) return { status: "failed", code: inst.code, message: failedMessage(inst.message) };
  const existing = input.saveCard && userId ? (await repo.cardsOfUser(app.db, userId)).find((c) => c.provider === gw.name) : undefined;
  // the callback address is known before the insert: the payment's id is made here
  const callbackUrl = gw.name === "sandbox" ? callbackPath(base.id) : `${app.config.publicUrl}${callbackPath(base.id)}`;
  const saveCard = Boolean(input.saveCard && userId);
  const cardBin = binOf(card.number);
  const cardLastFour = lastFour(card.number);
  const { intent, result: r } = await attemptStarting(
    app,
    {
      ...base,
      ...installments.intentFields(inst),
      status: "challenge",
      method: "card",
      saveCard,
      cardHolder: card.holder.trim().slice(0, 50),
      cardBin,
      cardLastFour,
      cardAssociation: null,
      cardType: null,
    },
    { orderRef: input.orderRef, userId, kind: "3ds_init", amount: inst.paid, detail: { method: "card", installment: inst.count, bin: cardBin, lastFour: cardLastFour } },
    () => gw.init3ds({ idempotencyKey: input.orderRef, amount: input.amount, ...installments.requestFields(inst), buyer, description, card, registerCard: saveCard, cardUserKey: existing?.cardUserKey, callbackUrl }),
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

