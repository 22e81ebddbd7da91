/** Loyalty's SQL: the points ledger and the per-member lock that every balance change takes. */
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { loyaltyLedger } from "../db/schema/loyalty";

export type LedgerRow = typeof loyaltyLedger.$inferSelect;
export type NewLedgerEntry = typeof loyaltyLedger.$inferInsert;

const LOCK_NAMESPACE = 4711;

/** The member's transaction lock (an advisory lock held until the transaction ends). */
export async function lockMember(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${userId})`);
}

export interface Totals {
  balance: number;
  positive: number;
  /** Positive entries whose validity ended by `at`. */
  positiveExpired: number;
}

export async function totals(db: DbOrTx, userId: number, at: Date): Promise<Totals> {
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

/** Points a checkout hold has spent and not given back (0 once released or taken over by its order). */
export async function heldSpend(db: DbOrTx, holdId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(-sum(${loyaltyLedger.amount}), 0)::int` })
    .from(loyaltyLedger)
    .where(and(eq(loyaltyLedger.holdId, holdId), sql`${loyaltyLedger.orderId} is null`));
  return row?.n ?? 0;
}

export async function insertEntry(db: DbOrTx, entry: NewLedgerEntry): Promise<void> {
  await db.insert(loyaltyLedger).values(entry);
}

/** Inserts the entry unless the ledger has it already (an order earns once: `loyalty_order_kind_uq`). */
export async function insertEntryOnce(db: DbOrTx, entry: NewLedgerEntry): Promise<void> {
  await db.insert(loyaltyLedger).values(entry).onConflictDoNothing();
}

/** Gives the hold's spend, not yet taken over, to the order. */
export async function attachHeldSpend(tx: DbOrTx, holdId: number, orderId: number): Promise<void> {
  await tx
    .update(loyaltyLedger)
    .set({ orderId })
    .where(and(eq(loyaltyLedger.holdId, holdId), eq(loyaltyLedger.kind, "spent"), sql`${loyaltyLedger.orderId} is null`));
}

/** The hold's spend that no order has taken over. */
export async function findHeldSpend(tx: DbOrTx, holdId: number): Promise<LedgerRow | undefined> {
  const [spent] = await tx
    .select()
    .from(loyaltyLedger)
    .where(and(eq(loyaltyLedger.holdId, holdId), eq(loyaltyLedger.kind, "spent"), sql`${loyaltyLedger.orderId} is null`));
  return spent;
}

/** How many 'reversed' entries the hold has. */
export async function countHoldReversals(tx: DbOrTx, holdId: number): Promise<number> {
  const [done] = await tx.select({ n: sql<number>`count(*)::int` }).from(loyaltyLedger).where(and(eq(loyaltyLedger.holdId, holdId), eq(loyaltyLedger.kind, "reversed")));
  return done?.n ?? 0;
}

/** The order's spend. */
export async function findOrderSpend(tx: DbOrTx, orderId: number): Promise<LedgerRow | undefined> {
  const [spent] = await tx.select().from(loyaltyLedger).where(and(eq(loyaltyLedger.orderId, orderId), eq(loyaltyLedger.kind, "spent")));
  return spent;
}

/** How many 'reversed' entries gave back the order's spend (note 'spend'). */
export async function countSpendReversals(tx: DbOrTx, orderId: number): Promise<number> {
  const [done] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(loyaltyLedger)
    .where(and(eq(loyaltyLedger.orderId, orderId), eq(loyaltyLedger.kind, "reversed"), sql`${loyaltyLedger.note} = 'spend'`));
  return done?.n ?? 0;
}

/** Members with a positive entry whose validity ended by `at`. */
export async function membersWithExpired(db: DbOrTx, at: Date): Promise<{ userId: number }[]> {
  return db
    .selectDistinct({ userId: loyaltyLedger.userId })
    .from(loyaltyLedger)
    .where(and(sql`${loyaltyLedger.amount} > 0`, sql`${loyaltyLedger.expiresAt} <= ${at.toISOString()}`));
}

/** The member's last 100 entries, newest first. */
export function history(db: DbOrTx, userId: number): Promise<LedgerRow[]> {
  return db.select().from(loyaltyLedger).where(eq(loyaltyLedger.userId, userId)).orderBy(sql`${loyaltyLedger.id} desc`).limit(100);
}
