import { and, desc, eq, lt } from "drizzle-orm";
import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import { auditLog } from "../db/schema/audit";

export type AuditEntry = typeof auditLog.$inferSelect;

/** Records one change, in the caller's transaction so the entry exists exactly when the change does. */
export async function record(
  app: AppContext,
  db: DbOrTx,
  e: { actor: string; action: string; entity: string; entityId?: string | number; before?: unknown; after?: unknown },
): Promise<void> {
  await db.insert(auditLog).values({
    actor: e.actor,
    action: e.action,
    entity: e.entity,
    entityId: e.entityId === undefined ? "" : String(e.entityId),
    before: e.before ?? null,
    after: e.after ?? null,
    at: app.clock.now(),
  });
}

/** Newest first, paginated by id (keyset), optionally for one entity. */
export async function list(
  app: AppContext,
  opts: { entity?: string; entityId?: string; beforeId?: number; limit?: number } = {},
): Promise<AuditEntry[]> {
  const conds = [];
  if (opts.entity) conds.push(eq(auditLog.entity, opts.entity));
  if (opts.entityId) conds.push(eq(auditLog.entityId, opts.entityId));
  if (opts.beforeId) conds.push(lt(auditLog.id, opts.beforeId));
  return app.db
    .select()
    .from(auditLog)
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(Math.min(200, opts.limit ?? 50));
}
