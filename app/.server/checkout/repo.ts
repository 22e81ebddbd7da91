/** Checkout's SQL: the steps' state per basket, the address book, and the holds taken before a payment. */
import { and, asc, eq, getTableColumns, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { Companion, DbOrTx } from "../db/client";
import { eqConst } from "../db/literal";
import { checkoutHolds, checkoutStates, savedAddresses } from "../db/schema/checkout";

export type StateRow = typeof checkoutStates.$inferSelect;
export type StatePatch = Partial<typeof checkoutStates.$inferInsert>;
export type HoldRow = typeof checkoutHolds.$inferSelect;
export type NewHold = typeof checkoutHolds.$inferInsert;
export type AddressRow = typeof savedAddresses.$inferSelect;

/** The state's row as another module's read carries it: joined on the basket's id (db/client.ts `Companion`). */
export const stateCompanion: Companion<StateRow> = { table: checkoutStates, on: (basketId) => eq(checkoutStates.basketId, basketId) };

export async function findState(db: DbOrTx, basketId: number): Promise<StateRow | undefined> {
  const [row] = await db.select().from(checkoutStates).where(eq(checkoutStates.basketId, basketId));
  return row;
}

export async function upsertState(db: DbOrTx, basketId: number, patch: StatePatch, now: Date): Promise<void> {
  await db
    .insert(checkoutStates)
    .values({ basketId, ...patch, updatedAt: now })
    .onConflictDoUpdate({ target: checkoutStates.basketId, set: { ...patch, updatedAt: now } });
}

export async function deleteStates(db: DbOrTx, basketIds: number[]): Promise<void> {
  if (basketIds.length) await db.delete(checkoutStates).where(inArray(checkoutStates.basketId, basketIds));
}

// ─── address book ───────────────────────────────────────────────────────────────────────────────

export async function findAddress(db: DbOrTx, userId: number, a: { fullName: string; address: string; countyId: number }): Promise<boolean> {
  const rows = await db
    .select({ id: savedAddresses.id })
    .from(savedAddresses)
    .where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.fullName, a.fullName), eq(savedAddresses.address, a.address), eq(savedAddresses.countyId, a.countyId)));
  return rows.length > 0;
}

export async function insertAddress(db: DbOrTx, row: typeof savedAddresses.$inferInsert): Promise<void> {
  await db.insert(savedAddresses).values(row);
}

export function addressesOf(db: DbOrTx, userId: number): Promise<AddressRow[]> {
  return db.select().from(savedAddresses).where(eq(savedAddresses.userId, userId)).orderBy(savedAddresses.id);
}

export async function deleteAddressesOf(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(savedAddresses).where(eq(savedAddresses.userId, userId));
}

// ─── holds ──────────────────────────────────────────────────────────────────────────────────────

/** A hold without its draft (the order as confirmed: large, read only when the order is made). */
export type HeldRow = Omit<HoldRow, "draft">;
const { draft: _draft, ...withoutDraft } = getTableColumns(checkoutHolds);

/** The basket's hold that is still 'held' (expired or not), without its draft, locked for the rest of the transaction. */
export async function lockHeld(tx: DbOrTx, basketId: number): Promise<HeldRow | undefined> {
  const [row] = await tx
    .select(withoutDraft)
    .from(checkoutHolds)
    .where(and(eq(checkoutHolds.basketId, basketId), eqConst(checkoutHolds.status, "held")))
    .for("update");
  return row;
}

export async function lockHold(tx: DbOrTx, id: number): Promise<HoldRow | undefined> {
  const [row] = await tx.select().from(checkoutHolds).where(eq(checkoutHolds.id, id)).for("update");
  return row;
}

/**
 * The hold made into an order, in one statement: 'held' → 'ordered', answered whole (with its draft) and locked
 * for the rest of the transaction. Undefined when it is not 'held' (ordered already, released, or gone).
 */
export async function orderHeld(tx: DbOrTx, id: number): Promise<HoldRow | undefined> {
  const [row] = await tx
    .update(checkoutHolds)
    .set({ status: "ordered" })
    .where(and(eq(checkoutHolds.id, id), eq(checkoutHolds.status, "held")))
    .returning();
  return row;
}

/** `orderHeld` as another module's statement carries it (its gate: db/client.ts `Rider`), answering the hold's id. */
export function orderHeldQuery(db: DbOrTx, id: number, gate: SQL) {
  return db
    .update(checkoutHolds)
    .set({ status: "ordered" })
    .where(and(eq(checkoutHolds.id, id), eq(checkoutHolds.status, "held"), gate))
    .returning({ id: checkoutHolds.id });
}

/** A hold's insert, not yet sent (a rider's: another module's statement carries it), returning its id. */
export const insertHoldQuery = (db: DbOrTx, row: NewHold) => db.insert(checkoutHolds).values(row).returning({ id: checkoutHolds.id });

/** Moves a 'held' hold on; false when it was not 'held' any more. */
export async function finishHold(tx: DbOrTx, id: number, patch: { status: "ordered" | "released" }): Promise<boolean> {
  const rows = await tx
    .update(checkoutHolds)
    .set(patch)
    .where(and(eq(checkoutHolds.id, id), eq(checkoutHolds.status, "held")))
    .returning({ id: checkoutHolds.id });
  return rows.length > 0;
}

export async function extendHold(tx: DbOrTx, id: number, expiresAt: Date): Promise<void> {
  await tx.update(checkoutHolds).set({ expiresAt }).where(eq(checkoutHolds.id, id));
}

/** Live holds (not expired) of a ready date, as a scalar SQL count: they count against its capacity like orders. */
export function countLiveOnSql(readyDate: string, now: Date): SQL {
  return sql`(select count(*) from ${checkoutHolds} where ${and(eq(checkoutHolds.readyDate, readyDate), eqConst(checkoutHolds.status, "held"), sql`${checkoutHolds.expiresAt} > ${now.toISOString()}`)})`;
}

/** Baskets whose hold expired while still 'held' (oldest first). */
export async function expiredBaskets(db: DbOrTx, now: Date, limit = 100): Promise<number[]> {
  const rows = await db
    .select({ basketId: checkoutHolds.basketId })
    .from(checkoutHolds)
    .where(and(eqConst(checkoutHolds.status, "held"), lte(checkoutHolds.expiresAt, now)))
    .orderBy(asc(checkoutHolds.expiresAt))
    .limit(limit);
  return rows.map((r) => r.basketId);
}

/** KVKK erasure: a person's holds that are over (ordered or released); a live one is released by its expiry. */
export async function deleteFinishedHolds(tx: DbOrTx, userId: number, basketIds: number[]): Promise<void> {
  const theirs = basketIds.length ? sql`(${checkoutHolds.userId} = ${userId} or ${inArray(checkoutHolds.basketId, basketIds)})` : sql`${checkoutHolds.userId} = ${userId}`;
  await tx.delete(checkoutHolds).where(and(sql`${checkoutHolds.status} <> 'held'`, theirs));
}
