// CPU time of processes on this machine, from /proc (Linux): the shop's server process, PostgreSQL's
// processes (when the database runs here) and this process. Used by bench:load to split an order's CPU cost.
import { readFileSync, readdirSync } from "node:fs";

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on every Linux this runs on). */
const TICKS = 100;

/** User and system CPU seconds of process `pid` so far, or null where /proc cannot tell. */
function processCpuParts(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // the fields after the command name, which is in parentheses and may hold spaces
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { user: Number(f[11]) / TICKS, system: Number(f[12]) / TICKS };
  } catch {
    return null;
  }
}

/** User + system CPU seconds of process `pid` so far, or null where /proc cannot tell. */
export function processCpu(pid) {
  const p = processCpuParts(pid);
  return p === null ? null : p.user + p.system;
}

/**
 * CPU seconds of every PostgreSQL process here (backends, WAL writer, checkpointer…), or null if none is found;
 * `split` gets them added up by kind: the backends' user and system time, and the other processes' (the
 * postmaster, WAL writer, checkpointer, background writer, autovacuum).
 */
export function postgresCpu(split) {
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
    const p = processCpuParts(pid);
    if (p === null) continue;
    total = (total ?? 0) + p.user + p.system;
    if (split) {
      let args = "";
      try {
        args = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      } catch {
        // ended between the two reads: counted in the total, as other processes
      }
      // a backend's title: "postgres: 15/main: <user> <database> <host>(<port>) <state>" (or "[local]")
      const backend = /^postgres: [^:]+: \S+ \S+ (\S+\(\d+\)|\[local\])/.test(args);
      if (backend) {
        split.backendUser += p.user;
        split.backendSystem += p.system;
      } else split.other += p.user + p.system;
    }
  }
  return total;
}

/** CPU seconds of this process. */
export const ownCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/**
 * Starts counting; `stop()` gives CPU seconds spent meanwhile by the server (`pid`; null: no server, as in bench
 * (m)), PostgreSQL (with `postgres`; also `postgresSplit`, the same seconds by kind: see `postgresCpu`) and this
 * process, each null where it could not be read. PostgreSQL processes that ended meanwhile are not counted (the
 * pool keeps its connections open while a run lasts).
 */
export function cpuMeter(pid, { postgres }) {
  const newSplit = () => ({ backendUser: 0, backendSystem: 0, other: 0 });
  const split0 = newSplit();
  const start = { server: pid === null ? null : processCpu(pid), postgres: postgres ? postgresCpu(split0) : null, client: ownCpu() };
  return {
    stop() {
      const d = (a, b) => (a === null || b === null ? null : b - a);
      const split1 = newSplit();
      const pg = postgres ? d(start.postgres, postgresCpu(split1)) : null;
      const postgresSplit = pg === null ? null : Object.fromEntries(Object.keys(split0).map((k) => [k, split1[k] - split0[k]]));
      return { server: pid === null ? null : d(start.server, processCpu(pid)), postgres: pg, postgresSplit, client: ownCpu() - start.client };
    },
  };
}
