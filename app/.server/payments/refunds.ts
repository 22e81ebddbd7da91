/** Refunds and same-day cancels of a succeeded payment: reserved under a row lock, never more than was paid, mailed. */
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { queueMail } from "../mail/service";
import { cardTypeOfAssociation } from "~/shared/card";
import { istanbulDate } from "~/shared/clock";
import { formatAmount, type Kurus } from "~/shared/money";
import { fmt } from "~/shared/texts/tr";
import { attempt, gatewayFor, T } from "./calls";
import * as repo from "./repo";


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
  /** The order's number, for the buyer's refund mail (kept on the payment; the payment's own reference otherwise). */
  orderLabel?: string;
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
    let i = await repo.lockIntent(tx, input.paymentId);
    if (!i || i.status !== "succeeded" || !i.providerPaymentId) return { error: "not_refundable" as const };
    // the order's number is written on the payment at its first refund, not on every order placed (issue 24 §2)
    if (input.orderLabel && i.orderLabel !== input.orderLabel) {
      await repo.updateIntent(tx, i.id, { orderLabel: input.orderLabel });
      i = { ...i, orderLabel: input.orderLabel };
    }
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
export async function finishRefund(app: AppContext, row: repo.RefundRow, providerRef: string | null): Promise<Extract<RefundResult, { ok: true }> | null> {
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

