import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import * as repo from "./repo";

/**
 * Messages that failed for good (issue 28 §2): jobs of the message kinds the caller names (the staff desk names
 * mail's and SMS's: management/outbox-desk.ts) that the worker gave up on after MAX_ATTEMPTS (about 21 minutes of
 * backoff). Staff see them with the reason and may put them back in the queue; after FAILED_JOB_RETENTION_DAYS
 * (counted from the last attempt) the purge deletes them. Only messages: a failed job of another kind (a refund,
 * loyalty points) is left for an operator and never purged here. Reached through jobs/service.ts; the SQL is in repo.ts.
 */
export interface FailedMessage<K extends string = string> {
  id: number;
  /** One of the kinds the caller named. */
  kind: K;
  to: string;
  /** The mail's subject or the SMS's text. */
  summary: string;
  reason: string;
  attempts: number;
  failedAt: string;
}

function toMessage<K extends string>(r: repo.FailedRow): FailedMessage<K> {
  const p = r.payload ?? {};
  const str = (v: unknown) => (typeof v === "string" ? v : "");
  return {
    id: r.id,
    kind: r.kind as K,
    to: str(p.to),
    // a mail has its subject, an SMS only its text
    summary: typeof p.subject === "string" ? p.subject : str(p.text),
    reason: r.last_error ?? "",
    attempts: r.attempts,
    failedAt: new Date(r.run_at).toISOString(),
  };
}

/** The failed messages, newest first (at most `limit`), and how many there are. */
export async function listFailed<K extends string>(db: DbOrTx, messageKinds: readonly K[], limit = 200): Promise<{ rows: FailedMessage<K>[]; total: number }> {
  const rows = await repo.failedOfKinds(db, messageKinds, limit);
  const total = await repo.countFailedOfKinds(db, messageKinds);
  return { rows: rows.map((x) => toMessage<K>(x)), total };
}

/**
 * Puts failed messages back in the queue, due at once with a fresh set of attempts (all of them when `ids` is
 * omitted). Only jobs still failed are taken, under their row locks (two staff members clicking at once resend
 * once). Returns what was requeued, as it was.
 */
export async function requeue<K extends string>(db: DbOrTx, messageKinds: readonly K[], ids?: number[]): Promise<FailedMessage<K>[]> {
  if (ids && ids.length === 0) return [];
  return (await repo.requeueFailed(db, messageKinds, ids))
    .map((x) => toMessage<K>(x))
    .sort((a, b) => a.id - b.id);
}

/** Deletes the failed messages older than the configured retention. Returns how many went. */
export async function purgeFailedMessages(app: AppContext, messageKinds: readonly string[]): Promise<number> {
  const before = new Date(app.clock.now().getTime() - app.config.failedJobRetentionDays * 86_400_000);
  const n = await repo.deleteFailedBefore(app.db, messageKinds, before);
  if (n) app.log.info({ purged: n, before: before.toISOString() }, "failed messages purged");
  return n;
}
