import type { AppContext } from "../context";
import { purgeExpired } from "../accounts/service";
import { expireDue } from "../loyalty/service";
import { reconcile } from "../payments/service";
import { purgeOld } from "../ratelimit/service";
import { purgeFailedMessages } from "./failed";
import { purge as retentionPurge } from "../retention/service";

/**
 * Housekeeping that runs on a timer in every server process (each task is safe to run in many processes at
 * once): payments and refunds left pending by a crash, expired sessions and codes, old rate-limit counters,
 * expired loyalty points. Each task runs once at start, then every `everyMs`; a run never overlaps the
 * previous run of the same task, and a failure is logged and retried at the next tick.
 */
export interface PeriodicTask {
  name: string;
  everyMs: number;
  run(app: AppContext): Promise<unknown>;
}

export const PERIODIC_TASKS: readonly PeriodicTask[] = [
  { name: "payments.reconcile", everyMs: 60_000, run: (app) => reconcile(app) },
  { name: "accounts.purgeExpired", everyMs: 3_600_000, run: purgeExpired },
  { name: "ratelimit.purgeOld", everyMs: 3_600_000, run: purgeOld },
  { name: "loyalty.expireDue", everyMs: 3_600_000, run: expireDue },
  { name: "jobs.purgeFailedMessages", everyMs: 3_600_000, run: purgeFailedMessages },
  // issue 26 §4: retention periods (docs/retention.md)
  { name: "retention.purge", everyMs: 6 * 3_600_000, run: retentionPurge },
];

export function startPeriodic(app: AppContext, tasks: readonly PeriodicTask[] = PERIODIC_TASKS): { stop(): Promise<void> } {
  let stopped = false;
  const running = new Set<Promise<void>>();
  const timers = tasks.map((task) => {
    let busy = false;
    const tick = () => {
      if (stopped || busy) return;
      busy = true;
      const p = task
        .run(app)
        .then(
          () => undefined,
          (err: unknown) => app.log.warn({ err, task: task.name }, "periodic task failed"),
        )
        .finally(() => {
          busy = false;
          running.delete(p);
        });
      running.add(p);
    };
    tick();
    const timer = setInterval(tick, task.everyMs);
    timer.unref();
    return timer;
  });
  return {
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.all(running);
    },
  };
}
