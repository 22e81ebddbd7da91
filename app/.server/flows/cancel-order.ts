/**
 * CANCEL ORDER — staff (order page) or the member (before baking) cancels an order. Top to bottom:
 *
 *   cancelOrder
 *     1. one transaction, under the order's row lock:
 *          orders.transition → 'cancelled' (refused: IllegalTransition / UnexpectedStatus)
 *          catalog.releaseStock       the lines' stock back
 *          loyalty.reverseSpend       the points spent back to the member
 *          promos.releaseUse          the code's use back to the code
 *          opts.inTx                  the caller's part (staff: audit entry and the customer's mail)
 *          jobs.enqueue(REFUND_JOB)   the safety net for step 2, due in 5 minutes
 *     2. after the commit: refundCancelled — payments.refund (same day: cancelled at the provider), keyed
 *        'order-cancel:<id>' so it happens once, then orders.markRefunded → 'refunded'.
 *        Not confirmed now (provider down, answer lost): the job (and payments' reconcile) finish it.
 *
 *   cancelMemberOrder — the member area's cancel: only their own order, only while 'received' (SPEC §6).
 */
import type { AppContext } from "../context";
import * as accounts from "../accounts/service";
import * as catalog from "../catalog/service";
import { enqueue, type JobHandler } from "../jobs/service";
import * as loyalty from "../loyalty/service";
import * as orders from "../orders/service";
import * as payments from "../payments/service";
import * as promos from "../promos/service";
import { ordersTr } from "~/shared/texts/orders.tr";

export const REFUND_JOB = "orders.refundCancelled";
/** The safety net: if the refund right after a cancel did not finish (crash, provider down), the job does it. */
const REFUND_RETRY_AFTER_MS = 5 * 60_000;

/**
 * Cancels an order: the one place that undoes everything an order holds (see above). Throws OrderNotFound,
 * IllegalTransition (and its UnexpectedStatus).
 */
export async function cancelOrder(app: AppContext, orderId: number, opts: orders.CancelOptions): Promise<orders.Cancelled> {
  const reason = opts.reason ?? "";
  // 1.
  const { order } = await app.db.transaction(async (tx) => {
    const moved = await orders.transition(app, orderId, "cancelled", opts.actor, reason, tx, { expectFrom: opts.expectFrom });
    await catalog.releaseStock(app, tx, await orders.linesIn(tx, orderId));
    await loyalty.reverseSpend(app, tx, orderId, opts.actor);
    await promos.releaseUse(tx, orderId);
    if (opts.inTx) await opts.inTx(tx, moved.order, moved.from);
    if (orders.needsRefund(moved.order)) {
      await enqueue(tx, REFUND_JOB, { orderId, actor: opts.actor, reason }, {
        dedupeKey: `${REFUND_JOB}:${orderId}`,
        runAt: new Date(app.clock.now().getTime() + REFUND_RETRY_AFTER_MS),
      });
    }
    return moved;
  });
  if (!orders.needsRefund(order)) return { order, refund: { status: "none" } };
  // 2.
  const refunded = await refundCancelled(app, orderId, opts.actor, reason);
  return { order: refunded.order ?? order, refund: refunded.refund };
}

/**
 * Refunds the payment of a cancelled order (idempotent: keyed by order) and marks the order 'refunded' once the
 * provider confirmed. Safe to call any number of times, from any process.
 */
export async function refundCancelled(
  app: AppContext,
  orderId: number,
  actor = "system",
  reason = "",
): Promise<{ order: orders.OrderRow | null; refund: orders.RefundState }> {
  const order = await orders.getById(app, orderId);
  if (!order) throw new orders.OrderNotFound(String(orderId));
  if (order.status === "refunded") return { order, refund: { status: "refunded", amount: order.refundedAmount } };
  if (order.status !== "cancelled" || !orders.needsRefund(order)) return { order, refund: { status: "none" } };
  const r = await payments.refund(app, { paymentId: order.paymentRef!, reason: reason || ordersTr.cancelledReason, requestedBy: actor, key: `order-cancel:${orderId}`, orderLabel: order.orderNumber });
  if (!r.ok) {
    app.log.warn({ orderId, code: r.code }, "refund of a cancelled order not completed yet");
    return { order, refund: { status: "pending", message: r.message } };
  }
  const done = await orders.markRefunded(app, orderId, r.refundedTotal, actor, reason);
  return { order: done ? { ...done, refundedAmount: r.refundedTotal } : order, refund: { status: "refunded", amount: r.refundedTotal } };
}

/** Job: finishes the refund of a cancelled order; throws while it is not confirmed, so the worker retries. */
export const refundCancelledJob: JobHandler = async (app, payload) => {
  const p = payload as { orderId: number; actor?: string; reason?: string };
  const r = await refundCancelled(app, p.orderId, p.actor, p.reason);
  if (r.refund.status === "pending") throw new Error(`refund of order ${p.orderId} not confirmed yet`);
};

/** The member area's cancel (SPEC §6): their own order, while it is still 'received'; the answer's text by the refund. */
export async function cancelMemberOrder(app: AppContext, userId: number, orderNumber: string): Promise<accounts.CancelResult> {
  const order = await accounts.mayCancelMemberOrder(app, userId, orderNumber);
  if (!order.ok) return order;
  try {
    const done = await cancelOrder(app, order.id, { actor: `member:${userId}`, reason: accounts.MEMBER_CANCEL.reason(), expectFrom: accounts.MEMBER_CANCEL.statuses });
    return { ok: true, message: accounts.memberCancelMessage(done.refund) };
  } catch (err) {
    // the bakery started meanwhile (checked under the order's row lock)
    if (err instanceof orders.IllegalTransition) return accounts.MEMBER_CANCEL.cannotCancel();
    throw err;
  }
}
