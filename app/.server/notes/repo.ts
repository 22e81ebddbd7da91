import { eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { giftNotes } from "../db/schema/notes";

export type GiftNoteRow = typeof giftNotes.$inferSelect;

export async function insert(db: DbOrTx, row: typeof giftNotes.$inferInsert): Promise<GiftNoteRow> {
  const [created] = await db.insert(giftNotes).values(row).onConflictDoNothing({ target: giftNotes.orderId }).returning();
  if (created) return created;
  const [existing] = await db.select().from(giftNotes).where(eq(giftNotes.orderId, row.orderId));
  return existing!;
}

export async function findByCode(db: DbOrTx, code: string): Promise<GiftNoteRow | undefined> {
  const [row] = await db.select().from(giftNotes).where(eq(giftNotes.code, code));
  return row;
}

export async function findByOrder(db: DbOrTx, orderId: number): Promise<GiftNoteRow | undefined> {
  const [row] = await db.select().from(giftNotes).where(eq(giftNotes.orderId, orderId));
  return row;
}

export async function hide(db: DbOrTx, code: string, at: Date): Promise<boolean> {
  const rows = await db.update(giftNotes).set({ isMessageActive: false, hiddenAt: at }).where(eq(giftNotes.code, code)).returning({ id: giftNotes.id });
  return rows.length > 0;
}

export async function orderIdsWithNotes(db: DbOrTx, orderIds: number[]): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const rows = await db.select({ orderId: giftNotes.orderId }).from(giftNotes).where(inArray(giftNotes.orderId, orderIds));
  return rows.map((r) => r.orderId);
}

// ─── service.ts ─────────────────────────────────────────────────────────────────────────────────

/** The notes of these orders lose their text and link and stop showing (KVKK erasure). */
export async function forgetOrders(db: DbOrTx, orderIds: number[], at: Date): Promise<void> {
  await db.update(giftNotes).set({ notes: "", link: "", isMessageActive: false, hiddenAt: at }).where(inArray(giftNotes.orderId, orderIds));
}
