/** Campaigns' SQL: the cities HEDEF81 has reached (hedef81_cities). */
import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { hedef81Cities } from "../db/schema/campaigns";

export type ReachedRow = typeof hedef81Cities.$inferSelect;
export type NewReached = typeof hedef81Cities.$inferInsert;

export async function findReached(db: DbOrTx, cityId: number): Promise<ReachedRow | undefined> {
  const [row] = await db.select().from(hedef81Cities).where(eq(hedef81Cities.cityId, cityId));
  return row;
}

/** Marks a city reached unless it is already; false when it was. */
export async function insertReached(db: DbOrTx, row: NewReached): Promise<boolean> {
  const rows = await db.insert(hedef81Cities).values(row).onConflictDoNothing().returning({ cityId: hedef81Cities.cityId });
  return rows.length > 0;
}

/** Marks these cities reached, leaving those already reached as they are (the seed). */
export async function insertReachedMany(db: DbOrTx, rows: NewReached[]): Promise<void> {
  await db.insert(hedef81Cities).values(rows).onConflictDoNothing();
}

/** The reached cities by plate code. */
export function listReached(db: DbOrTx): Promise<ReachedRow[]> {
  return db.select().from(hedef81Cities).orderBy(asc(hedef81Cities.cityId));
}

/** Marks a city not reached; false when it was not. */
export async function deleteReached(db: DbOrTx, cityId: number): Promise<boolean> {
  const rows = await db.delete(hedef81Cities).where(eq(hedef81Cities.cityId, cityId)).returning({ cityId: hedef81Cities.cityId });
  return rows.length > 0;
}
