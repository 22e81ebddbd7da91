import { sql } from "drizzle-orm";
import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";

/**
 * Messages that failed for good (issue 28 §2): jobs of the message kinds the caller names (the staff desk names
 * mail's and SMS's: management/outbox-desk.ts) that the worker gave up on after MAX_ATTEMPTS (about 21 minutes of
 * backoff). Staff see them with the reason and may put them back in the queue; after FAILED_JOB_RETENTION_DAYS
 * (counted from the last attempt) the purge deletes them. Only messages: a failed job of another kind (a refund,
 * loyalty points) is left for an operator and never purged here. Reached through jobs/service.ts.
 */
const kindsSql = (kinds: readonly string[]) =>
  sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );

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

type Row = { id: number; kind: string; payload: Record<string, unknown>; attempts: number; last_error: string | null; run_at: string | Date };
const rowsOf = (r: unknown) => (r as { rows: Row[] }).rows;

function toMessage<K extends string>(r: Row): FailedMessage<K> {
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
  const kinds = kindsSql(messageKinds);
  const r = await db.execute(sql`
    select id, kind, payload, attempts, last_error, run_at from jobs
    where status = 'failed' and kind in (${kinds}) order by run_at desc, id desc limit ${limit}`);
  const c = await db.execute(sql`select count(*)::int as n from jobs where status = 'failed' and kind in (${kinds})`);
  return { rows: rowsOf(r).map((x) => toMessage<K>(x)), total: (c as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0 };
}

/**
 * Puts failed messages back in the queue, due at once with a fresh set of attempts (all of them when `ids` is
 * omitted). Only jobs still failed are taken, under their row locks (two staff members clicking at once resend
 * once). Returns what was requeued, as it was.
 */
export async function requeue<K extends string>(db: DbOrTx, messageKinds: readonly K[], ids?: number[]): Promise<FailedMessage<K>[]> {
  if (ids && ids.length === 0) return [];
  const kinds = kindsSql(messageKinds);
  const only = ids ? sql`and id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})` : sql``;
  const r = await db.execute(sql`
    with taken as (
      select id, payload, attempts, last_error, run_at from jobs
      where status = 'failed' and kind in (${kinds}) ${only} for update)
    update jobs set status = 'pending', attempts = 0, run_at = ${new Date(0).toISOString()}, locked_until = null, last_error = null
    from taken where jobs.id = taken.id
    returning jobs.id, jobs.kind, taken.payload, taken.attempts, taken.last_error, taken.run_at`);
  return rowsOf(r)
    .map((x) => toMessage<K>(x))
    .sort((a, b) => a.id - b.id);
}

/** Deletes the failed messages older than the configured retention. Returns how many went. */
export async function purgeFailedMessages(app: AppContext, messageKinds: readonly string[]): Promise<number> {
  const kinds = kindsSql(messageKinds);
  const before = new Date(app.clock.now().getTime() - app.config.failedJobRetentionDays * 86_400_000);
  const r = await app.db.execute(sql`delete from jobs where status = 'failed' and kind in (${kinds}) and run_at < ${before.toISOString()} returning id`);
  const n = rowsOf(r).length;
  if (n) app.log.info({ purged: n, before: before.toISOString() }, "failed messages purged");
  return n;
}
