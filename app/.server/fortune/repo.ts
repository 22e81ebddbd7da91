import { and, asc, count, countDistinct, desc, eq, gt, isNotNull, isNull, lte, max, ne, or, sql } from "drizzle-orm";
import { readTogether, type DbOrTx } from "../db/client";
import { fortuneEntries, fortuneNicks, fortunePeriods, fortunes, fortuneWinners } from "../db/schema/fortune";

export type FortuneRow = typeof fortunes.$inferSelect;
export type NickRow = typeof fortuneNicks.$inferSelect;
export type PeriodRow = typeof fortunePeriods.$inferSelect;
export type PeriodInsert = typeof fortunePeriods.$inferInsert;
export type WinnerRow = typeof fortuneWinners.$inferSelect;

// fortunes ------------------------------------------------------------------------------------

export async function allFortunes(db: DbOrTx): Promise<FortuneRow[]> {
  return db.select().from(fortunes).orderBy(asc(fortunes.id));
}

export async function insertFortune(db: DbOrTx, text: string): Promise<FortuneRow> {
  const [row] = await db.insert(fortunes).values({ text }).returning();
  return row!;
}

export async function fortuneById(db: DbOrTx, id: number): Promise<FortuneRow | undefined> {
  const [row] = await db.select().from(fortunes).where(eq(fortunes.id, id));
  return row;
}

export async function setFortuneText(db: DbOrTx, id: number, text: string): Promise<void> {
  await db.update(fortunes).set({ text }).where(eq(fortunes.id, id));
}

/** Nicknames flagged as followers (optionally containing `q`), by name, one page, with the total. */
export async function followersPage(db: DbOrTx, q: string, limit: number, offset: number): Promise<{ rows: NickRow[]; total: number }> {
  const where = and(eq(fortuneNicks.follower, true), q ? sql`strpos(${fortuneNicks.nick}, ${q}) > 0` : undefined);
  const [rows, [total]] = await readTogether(db, [
    db.select().from(fortuneNicks).where(where).orderBy(asc(fortuneNicks.nick)).limit(limit).offset(offset),
    db.select({ n: count() }).from(fortuneNicks).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function setFortuneActive(db: DbOrTx, id: number, active: boolean): Promise<boolean> {
  const rows = await db.update(fortunes).set({ active }).where(eq(fortunes.id, id)).returning({ id: fortunes.id });
  return rows.length > 0;
}

// nicknames -----------------------------------------------------------------------------------

export async function readNick(db: DbOrTx, nick: string): Promise<NickRow | undefined> {
  const [row] = await db.select().from(fortuneNicks).where(eq(fortuneNicks.nick, nick));
  return row;
}

/** First fortune of a nickname; does nothing when another request created the row first. */
export async function insertNick(db: DbOrTx, row: typeof fortuneNicks.$inferInsert): Promise<void> {
  await db.insert(fortuneNicks).values(row).onConflictDoNothing();
}

/** A new fortune, only if nobody renewed it since `prevGivenAt` was read (optimistic). */
export async function renewFortune(
  db: DbOrTx,
  nick: string,
  prevGivenAt: Date | null,
  set: { fortuneId: number; fortuneGivenAt: Date; displayNick: string },
): Promise<void> {
  await db
    .update(fortuneNicks)
    .set({ ...set, updatedAt: set.fortuneGivenAt })
    .where(
      and(
        eq(fortuneNicks.nick, nick),
        prevGivenAt ? eq(fortuneNicks.fortuneGivenAt, prevGivenAt) : isNull(fortuneNicks.fortuneGivenAt),
      ),
    );
}

export async function upsertFollower(db: DbOrTx, nick: string, displayNick: string, follower: boolean, at: Date): Promise<void> {
  await db
    .insert(fortuneNicks)
    .values({ nick, displayNick, follower, updatedAt: at })
    .onConflictDoUpdate({ target: fortuneNicks.nick, set: { follower, updatedAt: at } });
}

// periods -------------------------------------------------------------------------------------

/** The period running at `now` (start inclusive, end exclusive). */
export async function currentPeriod(db: DbOrTx, now: Date): Promise<PeriodRow | undefined> {
  const [row] = await db
    .select()
    .from(fortunePeriods)
    .where(and(lte(fortunePeriods.startsAt, now), gt(fortunePeriods.endsAt, now)))
    .orderBy(desc(fortunePeriods.startsAt))
    .limit(1);
  return row;
}

/** The running period, else the last one that has started (its winners stay visible). */
export async function latestStartedPeriod(db: DbOrTx, now: Date): Promise<PeriodRow | undefined> {
  const [row] = await db
    .select()
    .from(fortunePeriods)
    .where(lte(fortunePeriods.startsAt, now))
    .orderBy(desc(fortunePeriods.startsAt))
    .limit(1);
  return row;
}

/** The first period that starts after `now`. */
export async function nextPeriodAfter(db: DbOrTx, now: Date): Promise<PeriodRow | undefined> {
  const [row] = await db.select().from(fortunePeriods).where(gt(fortunePeriods.startsAt, now)).orderBy(asc(fortunePeriods.startsAt)).limit(1);
  return row;
}

/** Serialises creating periods (not the draws, which lock single rows) until the transaction ends. */
export async function lockPeriodsTable(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`lock table ${fortunePeriods} in share row exclusive mode`);
}

/** Locks the period row for the rest of the transaction: draws in one period run one at a time. */
export async function lockPeriod(tx: DbOrTx, id: number): Promise<PeriodRow | undefined> {
  const [row] = await tx.select().from(fortunePeriods).where(eq(fortunePeriods.id, id)).for("update");
  return row;
}

export async function periodById(db: DbOrTx, id: number): Promise<PeriodRow | undefined> {
  const [row] = await db.select().from(fortunePeriods).where(eq(fortunePeriods.id, id));
  return row;
}

export async function listPeriods(db: DbOrTx): Promise<PeriodRow[]> {
  return db.select().from(fortunePeriods).orderBy(asc(fortunePeriods.startsAt));
}

export async function insertPeriod(db: DbOrTx, row: PeriodInsert): Promise<PeriodRow> {
  const [created] = await db.insert(fortunePeriods).values(row).returning();
  return created!;
}

export async function updatePeriod(db: DbOrTx, id: number, patch: Partial<PeriodInsert>): Promise<PeriodRow | undefined> {
  const [row] = await db.update(fortunePeriods).set(patch).where(eq(fortunePeriods.id, id)).returning();
  return row;
}

/** Periods that overlap [startsAt, endsAt), other than `exceptId`. */
export async function overlapping(db: DbOrTx, startsAt: Date, endsAt: Date, exceptId?: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(fortunePeriods)
    .where(
      and(
        sql`${fortunePeriods.startsAt} < ${endsAt}`,
        sql`${fortunePeriods.endsAt} > ${startsAt}`,
        exceptId === undefined ? undefined : ne(fortunePeriods.id, exceptId),
      ),
    );
  return row?.n ?? 0;
}

// entries -------------------------------------------------------------------------------------

export async function countEntries(db: DbOrTx, periodId: number, nick: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(fortuneEntries)
    .where(and(eq(fortuneEntries.periodId, periodId), eq(fortuneEntries.nick, nick)));
  return row?.n ?? 0;
}

/** Distinct nicknames entered in a period from one device cookie or one IP address. */
export async function countNicksFrom(db: DbOrTx, periodId: number, by: { deviceId: string } | { ip: string }): Promise<number> {
  const where = "deviceId" in by ? eq(fortuneEntries.deviceId, by.deviceId) : eq(fortuneEntries.ip, by.ip);
  const [row] = await db
    .select({ n: countDistinct(fortuneEntries.nick) })
    .from(fortuneEntries)
    .where(and(eq(fortuneEntries.periodId, periodId), where));
  return row?.n ?? 0;
}

export async function insertEntry(db: DbOrTx, row: typeof fortuneEntries.$inferInsert): Promise<void> {
  await db.insert(fortuneEntries).values(row);
}

// winners -------------------------------------------------------------------------------------

/** Still in the game at `now`: not rejected, and claimed or within the 24 hours. */
const stillIn = (now: Date) =>
  and(isNull(fortuneWinners.rejectedAt), or(isNotNull(fortuneWinners.claimedAt), gt(fortuneWinners.claimBy, now)));

/** Winners still in the game, in draw order: index + 1 is the place shown. */
export async function activeWinners(db: DbOrTx, periodId: number, now: Date): Promise<WinnerRow[]> {
  return db
    .select()
    .from(fortuneWinners)
    .where(and(eq(fortuneWinners.periodId, periodId), stillIn(now)))
    .orderBy(asc(fortuneWinners.seq));
}

export async function maxSeq(db: DbOrTx, periodId: number): Promise<number> {
  const [row] = await db.select({ m: max(fortuneWinners.seq) }).from(fortuneWinners).where(eq(fortuneWinners.periodId, periodId));
  return row?.m ?? 0;
}

export async function insertWinner(db: DbOrTx, row: typeof fortuneWinners.$inferInsert): Promise<WinnerRow> {
  const [created] = await db.insert(fortuneWinners).values(row).returning();
  return created!;
}

export async function winnerByNick(db: DbOrTx, periodId: number, nick: string): Promise<WinnerRow | undefined> {
  const [row] = await db
    .select()
    .from(fortuneWinners)
    .where(and(eq(fortuneWinners.periodId, periodId), eq(fortuneWinners.nick, nick)));
  return row;
}

export async function winnerByCode(db: DbOrTx, code: string): Promise<WinnerRow | undefined> {
  const [row] = await db.select().from(fortuneWinners).where(eq(fortuneWinners.code, code));
  return row;
}

/** Marks a code claimed once; false when it was claimed, rejected or lapsed meanwhile. */
export async function claimWinner(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(fortuneWinners)
    .set({ claimedAt: now })
    .where(
      and(eq(fortuneWinners.id, id), isNull(fortuneWinners.claimedAt), isNull(fortuneWinners.rejectedAt), gt(fortuneWinners.claimBy, now)),
    )
    .returning({ id: fortuneWinners.id });
  return rows.length > 0;
}

export async function rejectWinner(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(fortuneWinners)
    .set({ rejectedAt: now })
    .where(and(eq(fortuneWinners.id, id), isNull(fortuneWinners.rejectedAt)))
    .returning({ id: fortuneWinners.id });
  return rows.length > 0;
}

export async function winnersOf(db: DbOrTx, periodId: number): Promise<WinnerRow[]> {
  return db.select().from(fortuneWinners).where(eq(fortuneWinners.periodId, periodId)).orderBy(asc(fortuneWinners.seq));
}
