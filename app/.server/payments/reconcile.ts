/**
 * Reconcile: payments and refunds left 'pending at provider' by a crash or a lost answer are settled from the
 * provider's books; abandoned 3-D Secure challenges expire. A payment found charged is handed back to the caller
 * (`report.charged`) to settle with the order or void, exactly as when the charge answered at once.
 */
import type { AppContext } from "../context";
import { attempt, failedMessage, gatewayFor, T } from "./calls";
import type { Charged } from "./outcome";
import { finishRefund } from "./refunds";
import { chargeAnswered } from "./settle";
import * as repo from "./repo";


export interface ReconcileReport {
  checked: number;
  /** Charged at the provider while we did not know: for the caller to settle with its order (or void). */
  charged: Charged[];
  /** Payments found not charged (marked failed): their order refs, so the caller can let go what it held. */
  failedRefs: string[];
  /** Challenges abandoned (marked expired): their order refs. */
  expiredRefs: string[];
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
  const report: ReconcileReport = { checked: 0, charged: [], failedRefs: [], expiredRefs: [], succeeded: 0, failed: 0, unresolved: 0, expired: 0, refundsChecked: 0, refundsSucceeded: 0, refundsFailed: 0 };
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
    const outcome =
      r.status === "succeeded" && r.payment
        ? await chargeAnswered(app, i, { ok: true, ...r.payment })
        : await chargeAnswered(app, i, { ok: false, code: "not_charged", message: T.errors.threeDsFailed });
    if (outcome.status === "charged") {
      report.succeeded++;
      report.charged.push(outcome);
    } else if (outcome.status === "failed") {
      report.failed++;
      report.failedRefs.push(i.orderRef);
    } else report.unresolved++;
    // close the calls that were left without an answer
    for (const a of await repo.attemptsFor(app.db, { intentId: i.id })) {
      if (a.status === "pending" && a.kind !== "retrieve") {
        await repo.finishAttempt(app.db, a.id, { status: "reconciled", detail: { ...(a.detail as object), reconciledAs: outcome.status === "charged" ? "succeeded" : outcome.status }, finishedAt: app.clock.now() });
      }
    }
  }

  const ttl = new Date(now.getTime() - CHALLENGE_TTL_SECONDS * 1000);
  for (const i of await repo.staleIntents(app.db, "challenge", ttl)) {
    if (await repo.moveIntent(app.db, i.id, "challenge", { status: "expired", threeDsHtml: null, errorCode: "expired", message: failedMessage(T.errors.expired), updatedAt: now, completedAt: now })) {
      report.expired++;
      report.expiredRefs.push(i.orderRef);
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

