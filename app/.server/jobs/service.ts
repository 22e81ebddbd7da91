import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import * as repo from "./repo";
import { enqueueQuery, type ClaimedJob, type DoneMark } from "./repo";

/**
 * Transactional outbox. `enqueue` runs inside the caller's transaction, so the job exists exactly when the
 * change that caused it committed. The worker claims due jobs with FOR UPDATE SKIP LOCKED (safe with many
 * processes), runs the handler, and retries with backoff. Handlers must be idempotent per job id.
 */
export type JobHandler = (app: AppContext, payload: unknown, job: { id: number; attempts: number }) => Promise<void | JobDone>;

/**
 * What a handler reports with its success: `progress` is merged into the job's payload in the statement that marks
 * it done, so a handler that did something it must not do twice (a mail the SMTP server took, an SMS the provider
 * took) records that in the same statement as the job's end: nothing runs between the two.
 */
export interface JobDone {
  progress: Record<string, unknown>;
}

export const MAX_ATTEMPTS = 8;
const LOCK_SECONDS = 120;
/** Jobs of a batch run side by side (mails, SMS: mostly waiting on the provider); their ends are written together. */
const JOBS_AT_ONCE = 4;

export async function enqueue(
  db: DbOrTx,
  kind: string,
  payload: unknown,
  opts: { dedupeKey?: string; runAt?: Date } = {},
): Promise<void> {
  await enqueueQuery(db, kind, payload, opts);
}

/** `enqueue`'s insert, not yet sent: a rider's query (another module's statement carries it; repo.ts). */
export { enqueueQuery };

/** The queue's rows by kind, for a module's erasure (mail, SMS) and the retention purge. */
export { jobsOfKind, deleteJobs, deleteDoneJobsOfKind, deleteDoneJobs } from "./repo";

/**
 * Claims and runs the jobs that are due now. Returns how many ran (successfully or not). When `stopping()` turns
 * true (the process is shutting down) the jobs being run are finished and the rest of the batch is handed back
 * at once (unlocked, its attempt not counted) for another process to take.
 */
export async function runDueJobs(app: AppContext, handlers: Record<string, JobHandler>, limit = 20, stopping: () => boolean = () => false): Promise<number> {
  const now = app.clock.now();
  const lockedUntil = new Date(now.getTime() + LOCK_SECONDS * 1000);
  // oldest first (UPDATE … RETURNING gives no order)
  const rows = (await repo.claimDue(app.db, now, lockedUntil, limit)).sort((a, b) => a.id - b.id);
  const done = doneMarks(app);
  try {
    return await runEach(app, handlers, rows, stopping, done);
  } finally {
    await done.flushed();
  }
}

/**
 * Runs a claimed batch, JOBS_AT_ONCE jobs at a time, oldest first (jobs of one batch may run side by side, as jobs
 * claimed by two processes always could: handlers are idempotent per job and make their own transactions).
 */
async function runEach(
  app: AppContext,
  handlers: Record<string, JobHandler>,
  rows: ClaimedJob[],
  stopping: () => boolean,
  done: ReturnType<typeof doneMarks>,
): Promise<number> {
  let next = 0;
  let started = 0;
  const lane = async () => {
    while (next < rows.length) {
      if (stopping()) {
        // the jobs not started go back at once (unlocked, their attempt not counted) for another process
        const left = rows.slice(next).map((j) => j.id);
        next = rows.length;
        await repo.handBack(app.db, left);
        return;
      }
      started++;
      await runOne(app, handlers, rows[next++]!, done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(JOBS_AT_ONCE, rows.length) }, lane));
  return started;
}

async function runOne(app: AppContext, handlers: Record<string, JobHandler>, job: ClaimedJob, done: ReturnType<typeof doneMarks>): Promise<void> {
  const handler = handlers[job.kind];
  try {
    if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
    const finished = await handler(app, job.payload, { id: job.id, attempts: job.attempts });
    done.mark(job.id, finished ? finished.progress : null);
  } catch (err) {
    const failed = job.attempts >= MAX_ATTEMPTS;
    const backoffMs = Math.min(3_600_000, 2 ** job.attempts * 5_000);
    await repo.markAttemptFailed(app.db, job.id, {
      status: failed ? "failed" : "pending",
      lastError: err instanceof Error ? err.message.slice(0, 500) : String(err).slice(0, 500),
      // a job that failed for good keeps the time it gave up (the failed-messages page shows it, the purge counts from it)
      runAt: failed ? app.clock.now() : new Date(app.clock.now().getTime() + backoffMs),
    });
    app.log.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, failed, err }, "job failed");
  }
}

/**
 * The 'done' marks of a batch, written as they come, several in one statement (a group commit, decision 0055):
 * a job's mark is sent at once when no mark is on its way to the database; marks that come meanwhile (the next
 * jobs run while one is written) wait for it and then go together. So a job's end and its progress are written
 * at most one statement after it finished, and a busy worker writes far fewer statements than it runs jobs.
 */
function doneMarks(app: AppContext) {
  let waiting: DoneMark[] = [];
  let writing: Promise<void> = Promise.resolve();
  let busy = false;
  let failure: unknown = null;
  const write = async () => {
    busy = true;
    try {
      while (waiting.length > 0) {
        const marks = waiting;
        waiting = [];
        await markDone(app, marks).catch((err: unknown) => {
          failure ??= err;
        });
      }
    } finally {
      busy = false;
    }
  };
  return {
    mark(id: number, progress: Record<string, unknown> | null) {
      waiting.push({ id, progress });
      if (!busy) writing = write();
    },
    /** Every mark written; throws the first write's error (the jobs stay locked and run again after the lock). */
    async flushed() {
      await writing;
      if (waiting.length > 0) await write();
      if (failure) throw failure;
    },
  };
}

/** Jobs finished: each 'done', its handler's progress merged into its payload, in one statement. */
async function markDone(app: AppContext, marks: DoneMark[]): Promise<void> {
  await repo.markDone(app.db, marks, app.clock.now());
}

/** Polls for due jobs until stopped. One per process; safe to run in many processes. */
export function startWorker(app: AppContext, handlers: Record<string, JobHandler>, intervalMs = 1000): { stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = async () => {
    if (stopped) return;
    try {
      // drain: keep going while full batches come back
      while (!stopped && (await runDueJobs(app, handlers, 20, () => stopped)) === 20);
    } catch (err) {
      app.log.error({ err }, "worker tick failed");
    }
  };
  const timer = setInterval(() => {
    running = running.then(tick);
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

export interface JobBacklog {
  /** Pending jobs whose time has come (not yet run). */
  due: number;
  /** Seconds the oldest due job has waited (0 when none). */
  oldestDueSeconds: number;
  /** Jobs that gave up after MAX_ATTEMPTS (need an operator). */
  failed: number;
}

/** The job queue's state for the readiness check and the metrics. */
export async function backlog(app: AppContext): Promise<JobBacklog> {
  const now = app.clock.now();
  const row = await repo.backlogCounts(app.db, now);
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : undefined;
  return { due: row?.due ?? 0, failed: row?.failed ?? 0, oldestDueSeconds: oldest === undefined ? 0 : Math.max(0, Math.round((now.getTime() - oldest) / 1000)) };
}

/** Messages that failed for good: listed, put back in the queue and purged by the kinds the caller names. */
export { listFailed, requeue, purgeFailedMessages, type FailedMessage } from "./failed";
