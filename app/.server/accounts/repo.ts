import { and, eq, gt, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { accountTokens, sessions, users, type UserRole } from "../db/schema/accounts";

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type TokenRow = typeof accountTokens.$inferSelect;
export type TokenPurpose = TokenRow["purpose"];

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByOidc(db: DbOrTx, subject: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.oidcSubject, subject));
  return row;
}

/** Inserts a user unless the e-mail exists; returns the new row or undefined (race-safe). */
export async function insertUser(db: DbOrTx, u: typeof users.$inferInsert): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(u).onConflictDoNothing({ target: users.email }).returning();
  return row;
}

export async function updateUser(db: DbOrTx, id: number, patch: Partial<typeof users.$inferInsert>): Promise<void> {
  await db.update(users).set(patch).where(eq(users.id, id));
}

export async function insertToken(db: DbOrTx, t: typeof accountTokens.$inferInsert): Promise<TokenRow> {
  const [row] = await db.insert(accountTokens).values(t).returning();
  return row!;
}

/** The token row under a row lock (so two uses of one code cannot both succeed). */
export async function lockToken(db: DbOrTx, purpose: TokenPurpose, tokenHash: string): Promise<TokenRow | undefined> {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose)))
    .for("update");
  return row;
}

export async function findToken(db: DbOrTx, purpose: TokenPurpose, tokenHash: string): Promise<TokenRow | undefined> {
  const [row] = await db.select().from(accountTokens).where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose)));
  return row;
}

/** Marks every unused token of a user and purpose as used (a used reset link retires its siblings). */
export async function useTokens(db: DbOrTx, userId: number, purpose: TokenPurpose, at: Date): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: at })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}

export async function insertSession(db: DbOrTx, s: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(s).returning();
  return row!;
}

export async function findSessionByTokenHash(db: DbOrTx, tokenHash: string): Promise<{ session: SessionRow; user: UserRow | null } | undefined> {
  const [row] = await db.select().from(sessions).leftJoin(users, eq(sessions.userId, users.id)).where(eq(sessions.tokenHash, tokenHash));
  return row ? { session: row.sessions, user: row.users } : undefined;
}

export async function updateSession(db: DbOrTx, id: string, patch: Partial<typeof sessions.$inferInsert>): Promise<void> {
  await db.update(sessions).set(patch).where(eq(sessions.id, id));
}

export async function deleteSession(db: DbOrTx, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Ends every session of a user, except `keepId` when given. */
export async function deleteUserSessions(db: DbOrTx, userId: number, keepId?: string): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return rows.length;
}

export async function countUserSessions(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sessions).where(eq(sessions.userId, userId));
  return row?.n ?? 0;
}

export async function deleteExpiredSessions(db: DbOrTx, now: Date, idleBefore: Date): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleBefore)))
    .returning({ id: sessions.id });
  return rows.length;
}

export async function deleteOldTokens(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(accountTokens).where(lt(accountTokens.expiresAt, before));
}

export async function setRole(db: DbOrTx, userId: number, role: UserRole, at: Date): Promise<void> {
  await db.update(users).set({ role, updatedAt: at }).where(eq(users.id, userId));
}

export async function hasValidToken(db: DbOrTx, userId: number, purpose: TokenPurpose, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: accountTokens.id })
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
    .limit(1);
  return Boolean(row);
}
