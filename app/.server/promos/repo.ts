import { and, count, desc, eq, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { identifierContains, textContains } from "../db/search";
import { promoCodes, promoReservations, promoUses } from "../db/schema/promos";

export type PromoRow = typeof promoCodes.$inferSelect;
export type NewPromo = typeof promoCodes.$inferInsert;
export type PromoUseRow = typeof promoUses.$inferSelect;

export async function findByCode(db: DbOrTx, code: string): Promise<PromoRow | undefined> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
  return row;
}

export async function findById(db: DbOrTx, id: number): Promise<PromoRow | undefined> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id));
  return row;
}

/** The promo row locked for the rest of the transaction (consuming a use). */
export async function lockById(db: DbOrTx, id: number): Promise<PromoRow | undefined> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id)).for("update");
  return row;
}

/** Paid uses of a code by one customer: the member's account, or for guests the order e-mail. */
export async function countUses(db: DbOrTx, promoId: number, who: { userId: number | null; email: string | null }): Promise<number> {
  const byUser = who.userId !== null ? sql`${promoUses.userId} = ${who.userId}` : sql`false`;
  const byEmail = who.email ? sql`${promoUses.email} = ${who.email}` : sql`false`;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(promoUses)
    .where(and(eq(promoUses.promoId, promoId), sql`(${byUser} or ${byEmail})`));
  return row?.n ?? 0;
}

export async function insertUse(db: DbOrTx, use: typeof promoUses.$inferInsert): Promise<void> {
  await db.insert(promoUses).values(use);
}

export async function incrementUsed(db: DbOrTx, id: number): Promise<void> {
  await db.update(promoCodes).set({ usedCount: sql`${promoCodes.usedCount} + 1` }).where(eq(promoCodes.id, id));
}

/** Removes an order's use and gives it back to the code (order cancelled). Returns whether there was one. */
export async function deleteUseOfOrder(db: DbOrTx, orderId: number): Promise<boolean> {
  const [use] = await db.delete(promoUses).where(eq(promoUses.orderId, orderId)).returning();
  if (!use) return false;
  await db
    .update(promoCodes)
    .set({ usedCount: sql`greatest(${promoCodes.usedCount} - 1, 0)` })
    .where(eq(promoCodes.id, use.promoId));
  return true;
}

/** Whether a checkout hold (not yet an order) counts a use of this code. */
export async function holdHasUse(db: DbOrTx, holdId: number, promoId: number): Promise<boolean> {
  const rows = await db
    .select({ id: promoUses.id })
    .from(promoUses)
    .where(and(eq(promoUses.holdId, holdId), eq(promoUses.promoId, promoId), sql`${promoUses.orderId} is null`));
  return rows.length > 0;
}

/** The order made from a hold takes over the hold's use. */
export async function attachHeldUse(db: DbOrTx, holdId: number, orderId: number): Promise<void> {
  await db.update(promoUses).set({ orderId }).where(and(eq(promoUses.holdId, holdId), sql`${promoUses.orderId} is null`));
}

/** Removes a released hold's use (not taken over by an order) and gives it back to the code. */
export async function deleteHeldUse(db: DbOrTx, holdId: number): Promise<boolean> {
  const [use] = await db.delete(promoUses).where(and(eq(promoUses.holdId, holdId), sql`${promoUses.orderId} is null`)).returning();
  if (!use) return false;
  await db
    .update(promoCodes)
    .set({ usedCount: sql`greatest(${promoCodes.usedCount} - 1, 0)` })
    .where(eq(promoCodes.id, use.promoId));
  return true;
}

export async function insertPromo(db: DbOrTx, row: NewPromo): Promise<PromoRow> {
  const [created] = await db.insert(promoCodes).values(row).returning();
  return created!;
}

export async function updatePromo(db: DbOrTx, id: number, patch: Partial<NewPromo>): Promise<void> {
  await db.update(promoCodes).set(patch).where(eq(promoCodes.id, id));
}

export function listPromos(db: DbOrTx, limit: number, offset: number): Promise<PromoRow[]> {
  return db.select().from(promoCodes).orderBy(desc(promoCodes.id)).limit(limit).offset(offset);
}

export function usesOf(db: DbOrTx, promoId: number): Promise<PromoUseRow[]> {
  return db.select().from(promoUses).where(eq(promoUses.promoId, promoId)).orderBy(desc(promoUses.id)).limit(500);
}

export async function upsertReservation(db: DbOrTx, row: typeof promoReservations.$inferInsert): Promise<void> {
  await db
    .insert(promoReservations)
    .values(row)
    .onConflictDoUpdate({ target: promoReservations.sessionId, set: { promoId: row.promoId, createdAt: row.createdAt, expiresAt: row.expiresAt } });
}

/** Takes (reads and deletes) the session's reservation, if one is still valid at `now`. */
export async function takeReservation(db: DbOrTx, sessionId: string, now: Date): Promise<number | null> {
  const [row] = await db.delete(promoReservations).where(eq(promoReservations.sessionId, sessionId)).returning();
  if (!row || row.expiresAt <= now) return null;
  return row.promoId;
}

export async function listPage(db: DbOrTx, code: string, text: string, limit: number, offset: number): Promise<{ rows: PromoRow[]; total: number }> {
  const where = text ? or(identifierContains(promoCodes.code, code), textContains(promoCodes.description, text)) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(promoCodes).where(where).orderBy(desc(promoCodes.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(promoCodes).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function usesPage(db: DbOrTx, promoId: number, limit: number, offset: number): Promise<{ rows: PromoUseRow[]; total: number; discount: number }> {
  const [rows, [sum]] = await Promise.all([
    db.select().from(promoUses).where(eq(promoUses.promoId, promoId)).orderBy(desc(promoUses.id)).limit(limit).offset(offset),
    db
      .select({ n: count(), discount: sql<number>`coalesce(sum(${promoUses.discount}), 0)::int` })
      .from(promoUses)
      .where(eq(promoUses.promoId, promoId)),
  ]);
  return { rows, total: sum?.n ?? 0, discount: Number(sum?.discount ?? 0) };
}

// ─── service.ts ─────────────────────────────────────────────────────────────────────────────────

/** A person's code uses keep their amounts under another e-mail (KVKK erasure). */
export async function replaceUseEmail(db: DbOrTx, email: string, replacement: string): Promise<void> {
  await db.update(promoUses).set({ email: replacement }).where(eq(promoUses.email, email));
}
