import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import { enqueue, type JobHandler } from "../jobs/service";
import { getSettings } from "../settings/service";
import * as repo from "./repo";

/**
 * Loyalty points (SPEC §6, issue 6): 1 point = 1 kuruş of discount. Earned on delivered orders, credited
 * `creditAfterDays` after delivery by a job, valid `validityDays`. Spending takes the oldest points first, so
 * what expires is what is left of entries older than the validity (FIFO). Every balance change runs under a
 * per-member transaction lock, so concurrent orders can never spend more than the balance.
 */
export class InsufficientPoints extends Error {}

export const EARN_JOB = "loyalty.earn";

/** Points whose validity ended but are not yet written off (FIFO: consumption ate the oldest first). */
function dueToExpire(t: repo.Totals): number {
  const consumed = t.positive - t.balance;
  return Math.max(0, Math.min(t.balance, t.positiveExpired - consumed));
}

/** Spendable points now: the balance less what has already expired. */
export async function available(app: AppContext, userId: number, db: DbOrTx = app.db, heldBy?: number | null): Promise<number> {
  const t = await repo.totals(db, userId, app.clock.now());
  return t.balance - dueToExpire(t) + (heldBy != null ? await repo.heldSpend(db, heldBy) : 0);
}

/** Spends points for an order inside the caller's transaction; throws InsufficientPoints. */
export async function spend(app: AppContext, tx: DbOrTx, userId: number, amount: number, orderId: number): Promise<void> {
  if (!Number.isSafeInteger(amount) || amount <= 0) return;
  await repo.lockMember(tx, userId);
  if ((await available(app, userId, tx)) < amount) throw new InsufficientPoints();
  await repo.insertEntry(tx, { userId, kind: "spent", amount: -amount, orderId, createdAt: app.clock.now() });
}

/**
 * Spends points for a basket whose payment is about to run (issue 24 §3), under the member's lock: the order made
 * from the hold takes the spend over (`attachHeldSpend`); a released hold gets them back (`releaseHeldSpend`).
 */
export async function holdSpend(app: AppContext, tx: DbOrTx, userId: number, amount: number, holdId: number): Promise<void> {
  if (!Number.isSafeInteger(amount) || amount <= 0) return;
  await repo.lockMember(tx, userId);
  if ((await available(app, userId, tx)) < amount) throw new InsufficientPoints();
  await repo.insertEntry(tx, { userId, kind: "spent", amount: -amount, holdId, createdAt: app.clock.now() });
}

/** The order made from a hold takes over the points the hold spent. */
export async function attachHeldSpend(tx: DbOrTx, holdId: number, orderId: number): Promise<void> {
  await repo.attachHeldSpend(tx, holdId, orderId);
}

/** Gives back what a released hold spent (a 'reversed' entry, as for a cancelled order). Idempotent. */
export async function releaseHeldSpend(app: AppContext, tx: DbOrTx, holdId: number): Promise<void> {
  const spent = await repo.findHeldSpend(tx, holdId);
  if (!spent) return;
  if ((await repo.countHoldReversals(tx, holdId)) > 0) return;
  const s = await getSettings(app, tx);
  const now = app.clock.now();
  await repo.insertEntry(tx, {
    userId: spent.userId,
    kind: "reversed",
    amount: -spent.amount,
    holdId,
    note: "hold",
    createdAt: now,
    expiresAt: new Date(now.getTime() + s.loyalty.validityDays * 86_400_000),
  });
}

/** Gives back the points an order spent (order cancelled or payment failed after spending). Idempotent. */
export async function reverseSpend(app: AppContext, tx: DbOrTx, orderId: number, actor = "system"): Promise<number> {
  const spent = await repo.findOrderSpend(tx, orderId);
  if (!spent) return 0;
  await repo.lockMember(tx, spent.userId);
  if ((await repo.countSpendReversals(tx, orderId)) > 0) return 0;
  const s = await getSettings(app, tx);
  const now = app.clock.now();
  await repo.insertEntry(tx, {
    userId: spent.userId,
    kind: "reversed",
    amount: -spent.amount,
    orderId,
    note: "spend",
    actor,
    createdAt: now,
    expiresAt: new Date(now.getTime() + s.loyalty.validityDays * 86_400_000),
  });
  return -spent.amount;
}

/** Points an order earns: a share of what was paid for products (after promo and points, without delivery). */
export async function pointsFor(app: AppContext, paidForProducts: number): Promise<number> {
  const s = await getSettings(app);
  return Math.floor((Math.max(0, paidForProducts) * s.loyalty.earnRateBp) / 10_000);
}

/** Called when an order is delivered: schedules the credit `creditAfterDays` later, once per order. */
export async function scheduleEarn(app: AppContext, tx: DbOrTx, order: { id: number; userId: number | null; paidForProducts: number }): Promise<void> {
  if (!order.userId) return;
  const s = await getSettings(app, tx);
  const runAt = new Date(app.clock.now().getTime() + s.loyalty.creditAfterDays * 86_400_000);
  await enqueue(tx, EARN_JOB, { orderId: order.id, userId: order.userId, paidForProducts: order.paidForProducts }, { dedupeKey: `${EARN_JOB}:${order.id}`, runAt });
}

export const earnJob: JobHandler = async (app, payload) => {
  const p = payload as { orderId: number; userId: number; paidForProducts: number };
  const amount = await pointsFor(app, p.paidForProducts);
  if (amount <= 0) return;
  const s = await getSettings(app);
  const now = app.clock.now();
  await repo.insertEntryOnce(app.db, {
    userId: p.userId,
    kind: "earned",
    amount,
    orderId: p.orderId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + s.loyalty.validityDays * 86_400_000),
  });
};

/** Writes off expired points for every member who has some; safe to run any time, any number of times. */
export async function expireDue(app: AppContext): Promise<number> {
  const now = app.clock.now();
  const candidates = await repo.membersWithExpired(app.db, now);
  let written = 0;
  for (const { userId } of candidates) {
    await app.db.transaction(async (tx) => {
      await repo.lockMember(tx, userId);
      const due = dueToExpire(await repo.totals(tx, userId, now));
      if (due > 0) {
        await repo.insertEntry(tx, { userId, kind: "expired", amount: -due, createdAt: now });
        written += due;
      }
    });
  }
  return written;
}

/**
 * Staff correction with a reason (issue 12). Never takes the balance below zero. `inTx` runs in the same
 * transaction with the balances before and after (the staff area writes its audit entry there).
 */
export async function adjust(
  app: AppContext,
  userId: number,
  amount: number,
  reason: string,
  actor: string,
  inTx?: (tx: DbOrTx, balance: { before: number; after: number }) => Promise<void>,
): Promise<void> {
  const s = await getSettings(app);
  await app.db.transaction(async (tx) => {
    await repo.lockMember(tx, userId);
    const before = await available(app, userId, tx);
    if (amount < 0 && before < -amount) throw new InsufficientPoints();
    const now = app.clock.now();
    await repo.insertEntry(tx, {
      userId,
      kind: "adjusted",
      amount,
      note: reason,
      actor,
      createdAt: now,
      expiresAt: amount > 0 ? new Date(now.getTime() + s.loyalty.validityDays * 86_400_000) : null,
    });
    await inTx?.(tx, { before, after: before + amount });
  });
}

/** The member's last 100 ledger entries, newest first. */
export async function history(app: AppContext, userId: number): Promise<repo.LedgerRow[]> {
  return repo.history(app.db, userId);
}
