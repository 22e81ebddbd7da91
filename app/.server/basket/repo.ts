import { and, asc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Companion, DbOrTx } from "../db/client";
import { eqConst } from "../db/literal";
import { basketItems, baskets } from "../db/schema/basket";

export type BasketRow = typeof baskets.$inferSelect;
export type BasketItemRow = typeof basketItems.$inferSelect;

export interface Owner {
  sessionId: string | null;
  userId: number | null;
}

function openOf(owner: Owner) {
  return owner.userId !== null
    ? and(eq(baskets.userId, owner.userId), eqConst(baskets.status, "open"))
    : owner.sessionId
      ? and(eq(baskets.sessionId, owner.sessionId), isNull(baskets.userId), eqConst(baskets.status, "open"))
      : undefined;
}

/** The owner's open basket: the member's when signed in, else the guest basket of this session. */
export async function findOpen(db: DbOrTx, owner: Owner, lock = false): Promise<BasketRow | undefined> {
  const where = openOf(owner);
  if (!where) return undefined;
  const q = db.select().from(baskets).where(where);
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

export async function findGuest(db: DbOrTx, sessionId: string, lock = false): Promise<BasketRow | undefined> {
  const q = db
    .select()
    .from(baskets)
    .where(and(eq(baskets.sessionId, sessionId), isNull(baskets.userId), eqConst(baskets.status, "open")));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

/**
 * The row's version: PostgreSQL's `xmin`, the transaction that wrote this version of the row. Every change of a
 * basket's lines updates its row in the same transaction (`openForChange`, `addToOpenLine`, the merge), so lines
 * read with one version are the basket's lines for as long as the row keeps that version. A row lock does not
 * change it.
 */
const versionOf = sql<string>`${baskets}.xmin::text`;

/** A basket's row locked for the rest of the transaction, with its version as it is under the lock. */
export interface LockedRow {
  row: BasketRow;
  version: string;
}

export async function lockById(db: DbOrTx, id: number): Promise<LockedRow | undefined> {
  const [r] = await db.select({ row: baskets, version: versionOf }).from(baskets).where(eq(baskets.id, id)).for("update");
  return r;
}

/** `lockById` with a companion's row (db/client.ts `Companion`) read in the same statement; only the basket's row is locked. */
export async function lockByIdWith<R>(db: DbOrTx, id: number, companion: Companion<R>): Promise<(LockedRow & { companion: R | null }) | undefined> {
  const [r] = (await db
    .select({ row: baskets, version: versionOf, companion: companion.table })
    .from(baskets)
    .leftJoin(companion.table, companion.on(baskets.id))
    .where(eq(baskets.id, id))
    .for("update", { of: baskets })) as (LockedRow & { companion: R | null })[];
  return r;
}

/** The owner's open basket marked changed at `now`, locked for the rest of the transaction (one statement). */
async function touchOpen(db: DbOrTx, owner: Owner, now: Date): Promise<BasketRow | undefined> {
  const where = openOf(owner);
  if (!where) return undefined;
  const [row] = await db.update(baskets).set({ updatedAt: now }).where(where).returning();
  return row;
}

/** Inserts the owner's open basket unless one exists (unique per owner: a concurrent insert wins quietly). */
export async function insertOpen(db: DbOrTx, owner: Owner, now: Date): Promise<void> {
  await db
    .insert(baskets)
    .values({ sessionId: owner.sessionId, userId: owner.userId, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
}

/**
 * The owner's open basket, locked and marked changed at `now` for a change about to be made in the transaction;
 * inserted first when there is none (unless one appeared meanwhile: unique per owner).
 */
export async function openForChange(db: DbOrTx, owner: Owner, now: Date): Promise<BasketRow> {
  const existing = await touchOpen(db, owner, now);
  if (existing) return existing;
  await insertOpen(db, owner, now);
  const row = await touchOpen(db, owner, now);
  if (!row) throw new Error("basket could not be created");
  return row;
}

/** An open basket with its lines (in the order they were added). */
export interface LoadedBasket<C = never> {
  row: BasketRow;
  items: BasketItemRow[];
  /** the row's version read with the lines (`versionOf`) */
  version: string;
  /** the companion's row read with it (null: none), when one was asked for */
  companion?: C | null;
}

/**
 * Baskets matching `where` with their lines, in ONE statement (a left join, one row per line), and a companion
 * module's row of each basket when asked (one more left join: one row per basket, repeated on its lines).
 */
async function withItems<R = never>(db: DbOrTx, where: SQL | undefined, companion?: Companion<R>): Promise<LoadedBasket<R>[]> {
  if (!where) return [];
  const q = db
    .select(companion ? { basket: baskets, version: versionOf, item: basketItems, companion: companion.table } : { basket: baskets, version: versionOf, item: basketItems })
    .from(baskets)
    .leftJoin(basketItems, eq(basketItems.basketId, baskets.id))
    .$dynamic();
  const rows = (await (companion ? q.leftJoin(companion.table, companion.on(baskets.id)) : q)
    .where(where)
    .orderBy(asc(baskets.id), asc(basketItems.id))) as { basket: BasketRow; version: string; item: BasketItemRow | null; companion?: R | null }[];
  const out: LoadedBasket<R>[] = [];
  for (const r of rows) {
    let b = out.at(-1);
    if (b?.row.id !== r.basket.id) out.push((b = { row: r.basket, items: [], version: r.version, ...(companion ? { companion: r.companion ?? null } : {}) }));
    if (r.item) b.items.push(r.item);
  }
  return out;
}

/** The owner's open basket with its lines (one statement), and a companion's row when asked. */
export async function findOpenWithItems<R = never>(db: DbOrTx, owner: Owner, companion?: Companion<R>): Promise<LoadedBasket<R> | undefined> {
  return (await withItems(db, openOf(owner), companion))[0];
}

/**
 * In one statement, what a member's request needs before it can use its basket: the member's open basket and a guest
 * basket of this session still waiting to be merged (at most one of each), each with its lines (and companion row).
 */
export async function findOpenWithGuestItems<R = never>(
  db: DbOrTx,
  userId: number,
  sessionId: string,
  companion?: Companion<R>,
): Promise<{ own?: LoadedBasket<R>; guest?: LoadedBasket<R> }> {
  const found = await withItems(db, and(eqConst(baskets.status, "open"), or(eq(baskets.userId, userId), and(eq(baskets.sessionId, sessionId), isNull(baskets.userId)))), companion);
  return { own: found.find((b) => b.row.userId === userId), guest: found.find((b) => b.row.userId === null) };
}

export function itemsOf(db: DbOrTx, basketId: number): Promise<BasketItemRow[]> {
  return db.select().from(basketItems).where(eq(basketItems.basketId, basketId)).orderBy(asc(basketItems.id));
}

export async function updateBasket(db: DbOrTx, id: number, patch: Partial<typeof baskets.$inferInsert>): Promise<void> {
  await updateBasketQuery(db, id, patch);
}

/** The update of `updateBasket`, not yet sent, changing the row only where `when` holds (a rider's gate). */
export function updateBasketQuery(db: DbOrTx, id: number, patch: Partial<typeof baskets.$inferInsert>, when?: SQL) {
  return db.update(baskets).set(patch).where(when ? and(eq(baskets.id, id), when) : eq(baskets.id, id));
}
/** The same, answering the basket's id when it changed (for a statement that reads whether it did). */
export const updateBasketReturningQuery = (db: DbOrTx, id: number, patch: Partial<typeof baskets.$inferInsert>, when?: SQL) => updateBasketQuery(db, id, patch, when).returning({ id: baskets.id });

/** Adds to a line (same product, variant and box), creating it when missing; returns the new quantity. */
export async function addToLine(
  db: DbOrTx,
  line: { basketId: number; productId: number; variant: string; boxType: string; quantity: number },
  max: number,
  now: Date,
): Promise<number> {
  const [row] = await db
    .insert(basketItems)
    .values({ ...line, createdAt: now })
    .onConflictDoUpdate({
      target: [basketItems.basketId, basketItems.productId, basketItems.variant, basketItems.boxType],
      set: { quantity: sql`least(${basketItems.quantity} + ${line.quantity}, ${max})` },
    })
    .returning({ quantity: basketItems.quantity });
  return row?.quantity ?? line.quantity;
}

/**
 * Adds to a line of the owner's open basket (same product, variant and box), creating the line when missing, in
 * one statement that also locks the basket's row and marks it changed at `now` (a basket being ordered is waited
 * for, then found closed). The line is added only when `allowed` holds (an SQL condition: the product is on sale
 * with stock for `stockNeeded`, all of the basket's lines of the product plus this one) and stays within `max`.
 * Answers the basket's id (null: the owner has no open basket) and the line's new quantity (null: refused; the
 * caller reads why).
 */
export async function addToOpenLine(
  db: DbOrTx,
  owner: Owner,
  line: { productId: number; variant: string; boxType: string; quantity: number },
  max: number,
  now: Date,
  allowed: (stockNeeded: SQL) => SQL,
): Promise<{ basketId: number | null; quantity: number | null }> {
  const open = openOf(owner);
  if (!open) return { basketId: null, quantity: null };
  const ofProduct = sql`from ${basketItems} i, b where i.basket_id = b.id and i.product_id = ${line.productId}::int`;
  const thisLine = sql`i.variant = ${line.variant}::text and i.box_type = ${line.boxType}::text`;
  const inBasket = sql`(select coalesce(sum(i.quantity), 0) ${ofProduct})`;
  const onLine = sql`(select coalesce(sum(i.quantity), 0) ${ofProduct} and ${thisLine})`;
  const otherLines = sql`(select coalesce(sum(i.quantity), 0) ${ofProduct} and not (${thisLine}))`;
  // a line that exists when the insert meets it (a double click: the other request's line, committed after this
  // statement's snapshot) is checked again on its latest quantity
  const grown = sql`${basketItems}.quantity + excluded.quantity`;
  const r = await db.execute<{ basket_id: number | null; quantity: number | null }>(sql`
    with b as (update ${baskets} set updated_at = ${now.toISOString()}::timestamptz where ${open} returning ${baskets.id} as id),
    added as (
      insert into ${basketItems} (basket_id, product_id, variant, box_type, quantity, created_at)
      select b.id, ${line.productId}::int, ${line.variant}::text, ${line.boxType}::text, ${line.quantity}::int, ${now.toISOString()}::timestamptz from b
      where ${onLine} + ${line.quantity}::int <= ${max}::int and ${allowed(sql`${inBasket} + ${line.quantity}::int`)}
      on conflict (basket_id, product_id, variant, box_type) do update set quantity = ${grown}
        where ${grown} <= ${max}::int and ${allowed(sql`${grown} + ${otherLines}`)}
      returning quantity)
    select (select id from b) as basket_id, (select quantity from added) as quantity`);
  const row = (r as unknown as { rows: { basket_id: number | null; quantity: number | null }[] }).rows[0];
  return { basketId: row?.basket_id == null ? null : Number(row.basket_id), quantity: row?.quantity == null ? null : Number(row.quantity) };
}

export async function setQuantity(db: DbOrTx, basketId: number, itemId: number, quantity: number): Promise<boolean> {
  const rows = await db
    .update(basketItems)
    .set({ quantity })
    .where(and(eq(basketItems.id, itemId), eq(basketItems.basketId, basketId)))
    .returning({ id: basketItems.id });
  return rows.length > 0;
}

export async function deleteItem(db: DbOrTx, basketId: number, itemId: number): Promise<boolean> {
  const rows = await db
    .delete(basketItems)
    .where(and(eq(basketItems.id, itemId), eq(basketItems.basketId, basketId)))
    .returning({ id: basketItems.id });
  return rows.length > 0;
}

export async function deleteAllItems(db: DbOrTx, basketId: number): Promise<void> {
  await db.delete(basketItems).where(eq(basketItems.basketId, basketId));
}

/** Moves every line of `from` into `to`, adding quantities of equal lines (capped at `max`). */
export async function moveItems(db: DbOrTx, from: number, to: number, max: number, now: Date): Promise<void> {
  for (const i of await itemsOf(db, from)) {
    await addToLine(db, { basketId: to, productId: i.productId, variant: i.variant, boxType: i.boxType, quantity: i.quantity }, max, now);
  }
  await deleteAllItems(db, from);
}

// ─── service.ts ─────────────────────────────────────────────────────────────────────────────────

/** KVKK erasure: every basket of the member loses its gift note and media link, marked changed at `at`; answers their ids. */
export async function clearNotesOf(tx: DbOrTx, userId: number, at: Date): Promise<number[]> {
  const rows = await tx
    .update(baskets)
    .set({ notes: "", link: "", updatedAt: at })
    .where(eq(baskets.userId, userId))
    .returning({ id: baskets.id });
  return rows.map((r) => r.id);
}
