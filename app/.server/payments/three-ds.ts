/**
 * 3-D Secure: the challenge page (sandbox bank or the provider's own page) and the provider's callback, which
 * verifies the signature and charges once; money taken is answered 'charged' for the caller to settle.
 */
import { pausePoint } from "../system/service";
import type { AppContext } from "../context";
import type { Kurus } from "~/shared/money";
import type { CallbackFields } from "./gateway";
import { attempt, cardDetail, doneDetail, failedMessage, gatewayFor, isUniqueViolation, T } from "./calls";
import { DEFAULT_RETURN_URL, outcomeOf, withPaymentParam, type ChargeOutcome } from "./outcome";
import { answerSandboxChallenge, sandboxChallenge } from "./sandbox";
import { chargeAnswered } from "./settle";
import * as repo from "./repo";


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

export type CallbackResult = ChargeOutcome & { redirectTo: string };

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
  return { ...(await chargeAnswered(app, i, r)), redirectTo };
}

