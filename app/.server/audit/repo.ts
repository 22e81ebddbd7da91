/** The audit log's SQL. */
import { and, desc, eq, lt } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { auditLog } from "../db/schema/audit";

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

export async function insert(db: DbOrTx, row: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}

/** Newest first, `limit` entries with an id below `beforeId` (keyset), optionally for one entity. */
export function list(db: DbOrTx, opts: { entity?: string; entityId?: string; beforeId?: number }, limit: number): Promise<AuditRow[]> {
  const conds = [];
  if (opts.entity) conds.push(eq(auditLog.entity, opts.entity));
  if (opts.entityId) conds.push(eq(auditLog.entityId, opts.entityId));
  if (opts.beforeId) conds.push(lt(auditLog.id, opts.beforeId));
  return db
    .select()
    .from(auditLog)
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(limit);
}
