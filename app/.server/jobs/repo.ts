/** The job queue's SQL: the outbox's insert, the worker's claim and ends (decision 0055), the backlog, failed messages. */
import { and, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { jobs } from "../db/schema/system";

const DUE_AT_ONCE = new Date(0);

/** A job as the worker claimed it. */
export type ClaimedJob = { id: number; kind: string; payload: unknown; attempts: number };

/** A job's 'done' mark: its handler's progress (merged into its payload), or null. */
export type DoneMark = { id: number; progress: Record<string, unknown> | null };

/**
 * `enqueue`'s insert, not yet sent (for a rider: another module's statement carries it), answering the job's id
 * (none when its dedupe key was taken). `payload` and the dedupe key may be SQL made by the carrying statement.
 */
export function enqueueQuery(db: DbOrTx, kind: string, payload: unknown, opts: { dedupeKey?: string | SQL; runAt?: Date } = {}) {
  // A job without runAt is due at once. It is stored as the epoch rather than the database's now(), so
  // it is due whatever the app clock says (tests and SHOP_NOW set a clock that differs from the server's).
  return db
    .insert(jobs)
    .values({ kind, payload, dedupeKey: opts.dedupeKey ?? null, runAt: opts.runAt ?? DUE_AT_ONCE })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
}

/**
 * Claims up to `limit` jobs due at `now` (FOR UPDATE SKIP LOCKED: safe with many processes), locked until
 * `lockedUntil`, their attempt counted. In no particular order (UPDATE … RETURNING gives none).
 */
export async function claimDue(db: DbOrTx, now: Date, lockedUntil: Date, limit: number): Promise<ClaimedJob[]> {
  const claimed = await db.execute<ClaimedJob>(sql`
    update jobs set locked_until = ${lockedUntil.toISOString()}, attempts = attempts + 1
    where id in (
      select id from jobs
      where status = 'pending' and run_at <= ${now.toISOString()}
        and (locked_until is null or locked_until < ${now.toISOString()})
      order by id limit ${limit}
      for update skip locked)
    returning id, kind, payload, attempts`);
  return (claimed as unknown as { rows: ClaimedJob[] }).rows;
}

/** Claimed jobs handed back unstarted: unlocked, their attempt not counted. `ids` must not be empty. */
export async function handBack(db: DbOrTx, ids: number[]): Promise<void> {
  await db.execute(sql`update jobs set locked_until = null, attempts = attempts - 1 where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
}

/** A job's failed attempt: back to 'pending' (due at `runAt`, after its backoff) or 'failed' for good (`runAt`: when it gave up). */
export async function markAttemptFailed(db: DbOrTx, id: number, s: { status: "pending" | "failed"; lastError: string; runAt: Date }): Promise<void> {
  await db
    .update(jobs)
    .set({ status: s.status, lockedUntil: null, lastError: s.lastError, runAt: s.runAt })
    .where(and(eq(jobs.id, id)));
}

/** Jobs finished at `now`: each 'done', its handler's progress merged into its payload, in one statement. */
export async function markDone(db: DbOrTx, marks: DoneMark[], now: Date): Promise<void> {
  // one parameter whatever the number of marks: one statement text (decision 0046's named statements)
  await db.execute(sql`
    update jobs set status = 'done', done_at = ${now.toISOString()}, locked_until = null, last_error = null,
      payload = case when d.progress is null then jobs.payload else jobs.payload || d.progress end
    from jsonb_to_recordset(${JSON.stringify(marks)}::jsonb) as d(id int, progress jsonb)
    where jobs.id = d.id`);
}

/** The queue's counts at `now`: pending jobs due, failed jobs, and the oldest due job's run_at (null: none). */
export async function backlogCounts(db: DbOrTx, now: Date): Promise<{ due: number; failed: number; oldest: string | Date | null } | undefined> {
  const r = await db.execute<{ due: number; failed: number; oldest: string | null }>(sql`
    select count(*) filter (where status = 'pending' and run_at <= ${now.toISOString()})::int as due,
           count(*) filter (where status = 'failed')::int as failed,
           min(run_at) filter (where status = 'pending' and run_at <= ${now.toISOString()}) as oldest
    from jobs where status in ('pending', 'failed')`);
  return (r as unknown as { rows: { due: number; failed: number; oldest: string | Date | null }[] }).rows[0];
}

// ─── failed messages ────────────────────────────────────────────────────────────────────────────

const kindsSql = (kinds: readonly string[]) =>
  sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );

/** A failed job's row as the failed-messages statements answer it. */
export type FailedRow = { id: number; kind: string; payload: Record<string, unknown>; attempts: number; last_error: string | null; run_at: string | Date };
const rowsOf = (r: unknown) => (r as { rows: FailedRow[] }).rows;

/** The failed jobs of `kinds`, newest first (at most `limit`). */
export async function failedOfKinds(db: DbOrTx, kinds: readonly string[], limit: number): Promise<FailedRow[]> {
  const r = await db.execute(sql`
    select id, kind, payload, attempts, last_error, run_at from jobs
    where status = 'failed' and kind in (${kindsSql(kinds)}) order by run_at desc, id desc limit ${limit}`);
  return rowsOf(r);
}

/** How many failed jobs of `kinds` there are. */
export async function countFailedOfKinds(db: DbOrTx, kinds: readonly string[]): Promise<number> {
  const c = await db.execute(sql`select count(*)::int as n from jobs where status = 'failed' and kind in (${kindsSql(kinds)})`);
  return (c as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/**
 * The failed jobs of `kinds` (only `ids` when given; it must not be empty) made pending again, due at once with a
 * fresh set of attempts, under their row locks; answers them as they were.
 */
export async function requeueFailed(db: DbOrTx, kinds: readonly string[], ids?: number[]): Promise<FailedRow[]> {
  const only = ids ? sql`and id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})` : sql``;
  const r = await db.execute(sql`
    with taken as (
      select id, payload, attempts, last_error, run_at from jobs
      where status = 'failed' and kind in (${kindsSql(kinds)}) ${only} for update)
    update jobs set status = 'pending', attempts = 0, run_at = ${new Date(0).toISOString()}, locked_until = null, last_error = null
    from taken where jobs.id = taken.id
    returning jobs.id, jobs.kind, taken.payload, taken.attempts, taken.last_error, taken.run_at`);
  return rowsOf(r);
}

/** Deletes the failed jobs of `kinds` whose last attempt was before `before`; answers how many went. */
export async function deleteFailedBefore(db: DbOrTx, kinds: readonly string[], before: Date): Promise<number> {
  const r = await db.execute(sql`delete from jobs where status = 'failed' and kind in (${kindsSql(kinds)}) and run_at < ${before.toISOString()} returning id`);
  return rowsOf(r).length;
}

// ─── jobs of one kind, read and deleted for an erasure (mail, SMS) and by the retention purge ─────────────────

/** Every job of `kind` (queued or done), with its payload. */
export function jobsOfKind(db: DbOrTx, kind: string): Promise<{ id: number; payload: unknown }[]> {
  return db.select({ id: jobs.id, payload: jobs.payload }).from(jobs).where(eq(jobs.kind, kind));
}

/** Deletes the jobs `ids` (not empty). */
export async function deleteJobs(db: DbOrTx, ids: number[]): Promise<void> {
  await db.delete(jobs).where(inArray(jobs.id, ids));
}

/** Jobs of this kind done before `before` (sent mails, sent SMS); answers their ids. */
export function deleteDoneJobsOfKind(db: DbOrTx, kind: string, before: Date): Promise<{ id: number }[]> {
  return db
    .delete(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.status, "done"), lt(jobs.doneAt, before)))
    .returning({ id: jobs.id });
}

/** Jobs of any kind done before `before`; answers their ids. */
export function deleteDoneJobs(db: DbOrTx, before: Date): Promise<{ id: number }[]> {
  return db
    .delete(jobs)
    .where(and(eq(jobs.status, "done"), lt(jobs.doneAt, before)))
    .returning({ id: jobs.id });
}
