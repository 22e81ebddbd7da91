/** Mail's SQL: its jobs in the queue (read and deleted for an erasure), and the payload a rider's insert stores. */
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { jobs } from "../db/schema/system";

/** Every job of `kind` (queued or done), with its payload. */
export function jobsOfKind(db: DbOrTx, kind: string): Promise<{ id: number; payload: unknown }[]> {
  return db.select({ id: jobs.id, payload: jobs.payload }).from(jobs).where(eq(jobs.kind, kind));
}

/** Deletes the jobs `ids` (not empty). */
export async function deleteJobs(db: DbOrTx, ids: number[]): Promise<void> {
  await db.delete(jobs).where(inArray(jobs.id, ids));
}

/**
 * A job's payload as SQL: the JSON text `json` with each hole replaced by its value (SQL `replace`, applied in the
 * order given), as jsonb. Each value goes in as it is (no escaping).
 */
export function filledPayloadSql(json: string, fills: readonly (readonly [hole: string, value: SQL])[]): SQL {
  let payload = sql`${json}::text`;
  for (const [hole, value] of fills) payload = sql`replace(${payload}, ${hole}, (${value})::text)`;
  return sql`(${payload})::jsonb`;
}
