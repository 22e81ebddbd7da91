import { and, asc, desc, eq, gt, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { identifierContains, textContains } from "../db/search";
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

// ─── admin.ts: staff and customer administration ───────────────────────────────────────────────

/** The columns of a user that the management area lists. */
export type UserSummaryRow = Pick<UserRow, "id" | "email" | "name" | "role" | "createdAt" | "activatedAt" | "disabledAt" | "erasedAt">;

const summaryColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  createdAt: users.createdAt,
  activatedAt: users.activatedAt,
  disabledAt: users.disabledAt,
  erasedAt: users.erasedAt,
};

/** Staff accounts (every role but customer), admins first. */
export async function listStaff(db: DbOrTx): Promise<UserSummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(users)
    .where(ne(users.role, "customer"))
    .orderBy(sql`case ${users.role} when 'admin' then 0 when 'operations' then 1 else 2 end`, asc(users.email));
}

/** A page of customers whose name or e-mail contains `term` (newest first; every customer for ''), and how many match. */
export async function searchCustomers(db: DbOrTx, term: string, limit: number, offset: number): Promise<{ rows: UserSummaryRow[]; total: number }> {
  const conds: SQL[] = [eq(users.role, "customer")];
  if (term) {
    conds.push(or(textContains(users.name, term), identifierContains(users.email, term))!);
  }
  const where = and(...conds);
  const [rows, [count]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findUserSummary(db: DbOrTx, id: number): Promise<UserSummaryRow | undefined> {
  const [row] = await db.select(summaryColumns).from(users).where(eq(users.id, id));
  return row;
}

/** Name and e-mail of the users with these ids (`ids` not empty). */
export async function namesOfUsers(db: DbOrTx, ids: number[]): Promise<{ id: number; name: string; email: string }[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(sql`${users.id} in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
}

export async function countActiveAdmins(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, "admin"), isNull(users.disabledAt)));
  return Number(row?.n ?? 0);
}

/** The user row under a row lock. */
export async function lockUser(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for("update");
  return row;
}

/** Deletes every code (activation, reset) of a user, used or not. */
export async function deleteTokensOf(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(accountTokens).where(eq(accountTokens.userId, userId));
}
