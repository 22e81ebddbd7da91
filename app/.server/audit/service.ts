import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import * as repo from "./repo";

export type AuditEntry = repo.AuditRow;

/** Records one change, in the caller's transaction so the entry exists exactly when the change does. */
export async function record(
  app: AppContext,
  db: DbOrTx,
  e: { actor: string; action: string; entity: string; entityId?: string | number; before?: unknown; after?: unknown },
): Promise<void> {
  await repo.insert(db, {
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
  return repo.list(app.db, opts, Math.min(200, opts.limit ?? 50));
}
