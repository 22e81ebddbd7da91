import { and, count, desc, eq, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { identifierContains, textContains } from "../db/search";
import { contactMessages } from "../db/schema/contact";

export type ContactMessageRow = typeof contactMessages.$inferSelect;

export async function insertMessage(db: DbOrTx, row: typeof contactMessages.$inferInsert): Promise<ContactMessageRow> {
  const [saved] = await db.insert(contactMessages).values(row).returning();
  return saved!;
}

/**
 * Stores a message sent with a form's key, or answers null when a message with that key is stored already (a
 * second send of one form). A send racing the first waits on the key's index until the first commits.
 */
export async function insertKeyedMessage(db: DbOrTx, row: typeof contactMessages.$inferInsert & { sendKey: string }): Promise<ContactMessageRow | null> {
  const [saved] = await db
    .insert(contactMessages)
    .values(row)
    .onConflictDoNothing({ target: contactMessages.sendKey, where: sql`${contactMessages.sendKey} is not null` })
    .returning();
  return saved ?? null;
}

/** The id of the message stored with a form's key. */
export async function idBySendKey(db: DbOrTx, sendKey: string): Promise<number | null> {
  const [r] = await db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.sendKey, sendKey));
  return r?.id ?? null;
}

export function latest(db: DbOrTx, limit = 50): Promise<ContactMessageRow[]> {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(limit);
}

export type InboxState = "new" | "read" | "answered";

function stateCond(state: InboxState | ""): SQL | undefined {
  if (state === "new") return isNull(contactMessages.readAt);
  if (state === "read") return and(isNotNull(contactMessages.readAt), isNull(contactMessages.answeredAt));
  if (state === "answered") return isNotNull(contactMessages.answeredAt);
  return undefined;
}

/** One page of the inbox, newest first, by state and by name, e-mail or text. */
export async function page(db: DbOrTx, f: { state: InboxState | ""; q: string; limit: number; offset: number }) {
  const q = f.q.trim();
  const where = and(
    stateCond(f.state),
    q ? or(textContains(contactMessages.name, q), identifierContains(contactMessages.email, q), textContains(contactMessages.message, q)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(contactMessages).where(where).orderBy(desc(contactMessages.id)).limit(f.limit).offset(f.offset),
    db.select({ n: count() }).from(contactMessages).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function countNew(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  return row?.n ?? 0;
}

export async function byId(db: DbOrTx, id: number): Promise<ContactMessageRow | undefined> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  return row;
}

export async function lock(db: DbOrTx, id: number): Promise<ContactMessageRow | undefined> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).for("update");
  return row;
}

export async function setState(db: DbOrTx, id: number, patch: { readAt: Date | null; answeredAt: Date | null; handledBy: string }): Promise<void> {
  await db.update(contactMessages).set(patch).where(eq(contactMessages.id, id));
}

export async function deleteByEmail(db: DbOrTx, email: string): Promise<number> {
  const rows = await db.delete(contactMessages).where(eq(contactMessages.email, email)).returning({ id: contactMessages.id });
  return rows.length;
}

export function byEmail(db: DbOrTx, email: string): Promise<ContactMessageRow[]> {
  return db.select().from(contactMessages).where(eq(contactMessages.email, email)).orderBy(desc(contactMessages.id));
}
