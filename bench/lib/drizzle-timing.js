// Preloaded into the bench server by `DRIZZLE_TIMING=1 node bench/profile-order.js`: times drizzle's building of
// each statement (the dialect's build*Query and sqlToQuery, the work drizzle repeats for every statement sent) and
// writes, per SQL text, how often it was built and the time it took to DRIZZLE_TIMING_OUT on exit. Measurement only.
import { PgDialect } from "drizzle-orm/pg-core";
import { writeFileSync } from "node:fs";

const out = process.env.DRIZZLE_TIMING_OUT;
const stats = new Map();
let total = 0n;
let pending = 0n;
for (const m of ["buildSelectQuery", "buildInsertQuery", "buildUpdateQuery", "buildDeleteQuery", "buildSetOperations"]) {
  const o = PgDialect.prototype[m];
  if (!o) continue;
  PgDialect.prototype[m] = function (...a) {
    const t = process.hrtime.bigint();
    const r = o.apply(this, a);
    pending += process.hrtime.bigint() - t;
    return r;
  };
}
const sqlToQuery = PgDialect.prototype.sqlToQuery;
PgDialect.prototype.sqlToQuery = function (...a) {
  const t = process.hrtime.bigint();
  const r = sqlToQuery.apply(this, a);
  // a builder's getSQL() runs just before, as this call's argument: its time is charged here
  const d = process.hrtime.bigint() - t + pending;
  pending = 0n;
  total += d;
  const key = r.sql.replace(/\s+/g, " ").slice(0, 100);
  const s = stats.get(key) ?? { n: 0, ns: 0n };
  s.n++;
  s.ns += d;
  stats.set(key, s);
  return r;
};
function dump() {
  if (!out) return;
  const ms = (ns) => Number(ns) / 1e6;
  const rows = [...stats].sort((a, b) => Number(b[1].ns - a[1].ns)).slice(0, 25);
  writeFileSync(out, JSON.stringify({ totalMs: ms(total), rows: rows.map(([sql, s]) => ({ sql, n: s.n, ms: ms(s.ns) })) }));
}
setInterval(dump, 1000).unref();
process.on("exit", dump);
