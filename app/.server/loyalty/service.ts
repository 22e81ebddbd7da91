import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import { loyaltyLedger } from "../db/schema/loyalty";
import { enqueue, type JobHandler } from "../jobs/service";
import { getSettings } from "../settings/service";

/**
 * Loyalty points (SPEC §6, issue 6): 1 point = 1 kuruş of discount. Earned on delivered orders, credited
 * `creditAfterDays` after delivery by a job, valid `validityDays`. Spending takes the oldest points first, so
 * what expires is what is left of entries older than the validity (FIFO). Every balance change runs under a
 * per-member transaction lock, so concurrent orders can never spend more than the balance.
 */
export class InsufficientPoints extends Error {}

const LOCK_NAMESPACE = 4711;
export const EARN_JOB = "loyalty.earn";

async function lockMember(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${userId})`);
}

interface Totals {
  balance: number;
  positive: number;
  /** Positive entries whose validity ended by `at`. */
  positiveExpired: number;
}

async function totals(db: DbOrTx, userId: number, at: Date): Promise<Totals> {
  const [row] = await db
    .select({
      balance: sql<number>`coalesce(sum(${loyaltyLedger.amount}), 0)::int`,
      positive: sql<number>`coalesce(sum(${loyaltyLedger.amount}) filter (where ${loyaltyLedger.amount} > 0), 0)::int`,
      positiveExpired: sql<number>`coalesce(sum(${loyaltyLedger.amount}) filter (where ${loyaltyLedger.amount} > 0 and ${loyaltyLedger.expiresAt} <= ${at.toISOString()}), 0)::int`,
    })
    .from(loyaltyLedger)
    .where(eq(loyaltyLedger.userId, userId));
  return row ?? { balance: 0, positive: 0, positiveExpired: 0 };
}

/** Points whose validity ended but are not yet written off (FIFO: consumption ate the oldest first). */
function dueToExpire(t: Totals): number {
  const consumed = t.positive - t.balance;
  return Math.max(0, Math.min(t.balance, t.positiveExpired - consumed));
}

/** Spendable points now: the balance less what has already expired. */
export async function available(app: AppContext, userId: number, db: DbOrTx = app.db, heldBy?: number | null): Promise<number> {
  const t = await totals(db, userId, app.clock.now());
  return t.balance - dueToExpire(t) + (heldBy != null ? await heldSpend(db, heldBy) : 0);
}

/** Points a checkout hold has spent and not given back (0 once released or taken over by its order). */
async function heldSpend(db: DbOrTx, holdId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(-sum(${loyaltyLedger.amount}), 0)::int` })
    .from(loyaltyLedger)
    .where(and(eq(loyaltyLedger.holdId, holdId), sql`${loyaltyLedger.orderId} is null`));
  return row?.n ?? 0;
}

/** Spends points for an order inside the caller's transaction; throws InsufficientPoints. */
export async function spend(app: AppContext, tx: DbOrTx, userId: number, amount: number, orderId: number): Promise<void> {
  if (!Number.isSafeInteger(amount) || amount <= 0) return;
  await lockMember(tx, userId);
  if ((await available(app, userId, tx)) < amount) throw new InsufficientPoints();
  await tx.insert(loyaltyLedger).values({ userId, kind: "spent", amount: -amount, orderId, createdAt: app.clock.now() });
}

/**
 * Spends points for a basket whose payment is about to run (issue 24 §3), under the member's lock: the order made
 * from the hold takes the spend over (`attachHeldSpend`); a released hold gets them back (`releaseHeldSpend`).
 */
export async function holdSpend(app: AppContext, tx: DbOrTx, userId: number, amount: number, holdId: number): Promise<void> {
  if (!Number.isSafeInteger(amount) || amount <= 0) return;
  await lockMember(tx, userId);
  if ((await available(app, userId, tx)) < amount) throw new InsufficientPoints();
  await tx.insert(loyaltyLedger).values({ userId, kind: "spent", amount: -amount, holdId, createdAt: app.clock.now() });
}

/** The order made from a hold takes over the points the hold spent. */
export async function attachHeldSpend(tx: DbOrTx, holdId: number, orderId: number): Promise<void> {
  await tx
    .update(loyaltyLedger)
    .set({ orderId })
    .where(and(eq(loyaltyLedger.holdId, holdId), eq(loyaltyLedger.kind, "spent"), sql`${loyaltyLedger.orderId} is null`));
}

/** Gives back what a released hold spent (a 'reversed' entry, as for a cancelled order). Idempotent. */
export async function releaseHeldSpend(app: AppContext, tx: DbOrTx, holdId: number): Promise<void> {
  const [spent] = await tx
    .select()
    .from(loyaltyLedger)
    .where(and(eq(loyaltyLedger.holdId, holdId), eq(loyaltyLedger.kind, "spent"), sql`${loyaltyLedger.orderId} is null`));
  if (!spent) return;
  const [done] = await tx.select({ n: sql<number>`count(*)::int` }).from(loyaltyLedger).where(and(eq(loyaltyLedger.holdId, holdId), eq(loyaltyLedger.kind, "reversed")));
  if ((done?.n ?? 0) > 0) return;
  const s = await getSettings(app, tx);
  const now = app.clock.now();
  await tx.insert(loyaltyLedger).values({
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
  const [spent] = await tx.select().from(loyaltyLedger).where(and(eq(loyaltyLedger.orderId, orderId), eq(loyaltyLedger.kind, "spent")));
  if (!spent) return 0;
  await lockMember(tx, spent.userId);
  const [done] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(loyaltyLedger)
    .where(and(eq(loyaltyLedger.orderId, orderId), eq(loyaltyLedger.kind, "reversed"), sql`${loyaltyLedger.note} = 'spend'`));
  if ((done?.n ?? 0) > 0) return 0;
  const s = await getSettings(app, tx);
  const now = app.clock.now();
  await tx.insert(loyaltyLedger).values({
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
  await app.db
    .insert(loyaltyLedger)
    .values({ userId: p.userId, kind: "earned", amount, orderId: p.orderId, createdAt: now, expiresAt: new Date(now.getTime() + s.loyalty.validityDays * 86_400_000) })
    .onConflictDoNothing();
};

/** Writes off expired points for every member who has some; safe to run any time, any number of times. */
export async function expireDue(app: AppContext): Promise<number> {
  const now = app.clock.now();
  const candidates = await app.db
    .selectDistinct({ userId: loyaltyLedger.userId })
    .from(loyaltyLedger)
    .where(and(sql`${loyaltyLedger.amount} > 0`, sql`${loyaltyLedger.expiresAt} <= ${now.toISOString()}`));
  let written = 0;
  for (const { userId } of candidates) {
    await app.db.transaction(async (tx) => {
      await lockMember(tx, userId);
      const due = dueToExpire(await totals(tx, userId, now));
      if (due > 0) {
        await tx.insert(loyaltyLedger).values({ userId, kind: "expired", amount: -due, createdAt: now });
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
    await lockMember(tx, userId);
    const before = await available(app, userId, tx);
    if (amount < 0 && before < -amount) throw new InsufficientPoints();
    const now = app.clock.now();
    await tx.insert(loyaltyLedger).values({
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

export async function history(app: AppContext, userId: number) {
  return app.db.select().from(loyaltyLedger).where(eq(loyaltyLedger.userId, userId)).orderBy(sql`${loyaltyLedger.id} desc`).limit(100);
}
