// CPU time of processes on this machine, from /proc (Linux): the shop's server process, PostgreSQL's
// processes (when the database runs here) and this process. Used by bench:load to split an order's CPU cost.
import { readFileSync, readdirSync } from "node:fs";

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on every Linux this runs on). */
const TICKS = 100;

/** User + system CPU seconds of process `pid` so far, or null where /proc cannot tell. */
export function processCpu(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // the fields after the command name, which is in parentheses and may hold spaces
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(f[11]) + Number(f[12])) / TICKS;
  } catch {
    return null;
  }
}

/** CPU seconds of every PostgreSQL process here (backends, WAL writer, checkpointer…), or null if none is found. */
export function postgresCpu() {
  let total = null;
  let pids;
  try {
    pids = readdirSync("/proc").filter((p) => /^\d+$/.test(p));
  } catch {
    return null;
  }
  for (const pid of pids) {
    let comm;
    try {
      comm = readFileSync(`/proc/${pid}/comm`, "utf8").trim();
    } catch {
      continue;
    }
    if (!comm.startsWith("postgres")) continue;
    const s = processCpu(pid);
    if (s !== null) total = (total ?? 0) + s;
  }
  return total;
}

/** CPU seconds of this process. */
export const ownCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/**
 * Starts counting; `stop()` gives CPU seconds spent meanwhile by the server (`pid`), PostgreSQL (with
 * `postgres`) and this process, each null where it could not be read. PostgreSQL processes that ended
 * meanwhile are not counted (the pool keeps its connections open while a run lasts).
 */
export function cpuMeter(pid, { postgres }) {
  const start = { server: processCpu(pid), postgres: postgres ? postgresCpu() : null, client: ownCpu() };
  return {
    stop() {
      const d = (a, b) => (a === null || b === null ? null : b - a);
      return { server: d(start.server, processCpu(pid)), postgres: postgres ? d(start.postgres, postgresCpu()) : null, client: ownCpu() - start.client };
    },
  };
}
