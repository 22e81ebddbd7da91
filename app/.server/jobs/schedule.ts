import type { AppContext } from "../context";

/**
 * A task that runs on a timer in every server process (the list is app/.server/registry.ts). Each task runs
 * once at start, then every `everyMs`; a run never overlaps the previous run of the same task, and a failure is
 * logged and retried at the next tick.
 */
export interface PeriodicTask {
  name: string;
  everyMs: number;
  run(app: AppContext): Promise<unknown>;
}

export function startPeriodic(app: AppContext, tasks: readonly PeriodicTask[]): { stop(): Promise<void> } {
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
