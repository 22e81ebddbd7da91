/** SMS's SQL: its jobs in the queue, read and deleted for an erasure. */
import { eq, inArray } from "drizzle-orm";
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
