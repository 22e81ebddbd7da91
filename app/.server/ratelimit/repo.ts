/** The rate limits' SQL: fixed-window counters per key. */
import { and, eq, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { rateLimits } from "../db/schema/ratelimit";

/** Counts one hit on `key` in the window starting at `windowStart`; answers the window's hits with this one (undefined: none answered). */
export async function addHit(db: DbOrTx, key: string, windowStart: Date): Promise<number | undefined> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, hits: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { hits: sql`${rateLimits.hits} + 1` } })
    .returning({ hits: rateLimits.hits });
  return row?.hits;
}

/** The hits of `key` in the window starting at `windowStart` (undefined: no hit yet). */
export async function hitsOf(db: DbOrTx, key: string, windowStart: Date): Promise<number | undefined> {
  const [row] = await db
    .select({ hits: rateLimits.hits })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
  return row?.hits;
}

/** Deletes the windows that started before `before`. */
export async function deleteWindowsBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, before));
}
