// Where the shop's CPU goes while it places orders: a V8 CPU profile of the server during the confirm step of
// N prepared buyers on PostgreSQL (after `npm run build`). Prints the functions with the most self time and the
// files (our modules, the framework, drizzle, pg, node) they belong to. Not a timed test.
//   node bench/profile-order.js [buyers=400]
// DRIZZLE_TIMING=1 also times drizzle's building of each statement in the server (bench/lib/drizzle-timing.js).
import autocannon from "autocannon";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadShopModule } from "./lib/app.js";
import { createDatabase, startBenchShop } from "./lib/shop.js";

const N = Number(process.argv[2] || 400);
const PG_URL = process.env.BENCH_PG_URL || "postgres://postgres@127.0.0.1:5432/test";
const shopModule = await loadShopModule("/bench/prepare.ts");
const dataDir = mkdtempSync(join(tmpdir(), "shop-prof-"));
const profDir = mkdtempSync(join(tmpdir(), "shop-prof-out-"));
const db = await createDatabase(PG_URL);
try {
  const env = { DATABASE_URL: db.url, DATA_DIR: dataDir };
  const prep = await shopModule.mod.prepare(env, { buyers: N, guests: 1 });
  const timing = process.env.DRIZZLE_TIMING === "1" ? join(profDir, "drizzle-timing.json") : null;
  const preload = timing ? ["--import", new URL("./lib/drizzle-timing.js", import.meta.url).href] : [];
  const shop = await startBenchShop({ dataDir, databaseUrlReady: db.url, env: { PAGE_CACHE_SECONDS: "0", ...(timing ? { DRIZZLE_TIMING_OUT: timing } : {}) }, nodeArgs: [...preload, "--cpu-prof", `--cpu-prof-dir=${profDir}`] });
  const origin = { origin: shop.url, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" };
  let i = 0;
  const t0 = Date.now();
  await new Promise((resolve, reject) =>
    autocannon(
      {
        url: `${shop.url}/order/confirm.data`,
        connections: 10,
        amount: prep.buyers.length,
        headers: origin,
        requests: [{ method: "POST", setupRequest: (req) => { const v = prep.buyers[i++]; return v ? { ...req, headers: { ...req.headers, cookie: v.cookie }, body: `onBilgilendirme=on&mesafeli=on&_csrf=${encodeURIComponent(v.csrf)}` } : null; } }],
      },
      (e, r) => (e ? reject(e) : resolve(r)),
    ),
  );
  const wall = Date.now() - t0;
  await shop.stop({ keepData: true });
  const file = readdirSync(profDir).find((f) => f.endsWith(".cpuprofile"));
  const prof = JSON.parse(readFileSync(join(profDir, file), "utf8"));
  // only the samples taken while orders were placed
  const start = prof.startTime + 0;
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let t = prof.startTime;
  const endUs = prof.endTime;
  const fromUs = endUs - (wall + 300) * 1000; // the run plus shutdown slack
  for (let k = 0; k < prof.samples.length; k++) {
    t += prof.timeDeltas[k];
    if (t < fromUs) continue;
    const n = byId.get(prof.samples[k]);
    const key = `${n.callFrame.functionName || "(anon)"}  ${n.callFrame.url.replace(/^.*node_modules\//, "nm:").replace(/^file:\/\/.*\/build\//, "build/")}:${n.callFrame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (prof.timeDeltas[k] ?? 0));
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = [...self].filter(([k]) => k.startsWith("(idle)")).reduce((a, [, v]) => a + v, 0);
  const busy = total - idle;
  console.log(`${prep.buyers.length} orders in ${wall} ms; server busy ${(busy / 1000).toFixed(0)} ms = ${(busy / 1000 / prep.buyers.length).toFixed(2)} ms per order`);
  const byFile = new Map();
  for (const [k, v] of self) {
    if (k.startsWith("(idle)")) continue;
    const f = k.split("  ")[1].replace(/:\d+$/, "").replace(/^(nm:(@[^/]+\/)?[^/]+).*/, "$1");
    byFile.set(f, (byFile.get(f) ?? 0) + v);
  }
  const pct = (v) => `${((100 * v) / busy).toFixed(1)}%`.padStart(6);
  console.log("\nby package / file:");
  for (const [f, v] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${pct(v)}  ${(v / 1000 / prep.buyers.length).toFixed(2)} ms/order  ${f}`);
  console.log("\nby function (self):");
  for (const [k, v] of [...self].filter(([k]) => !k.startsWith("(idle)")).sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${pct(v)}  ${k}`);
  // who calls the heaviest native frames
  const parent = new Map();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stacks = new Map();
  t = prof.startTime;
  for (let k = 0; k < prof.samples.length; k++) {
    t += prof.timeDeltas[k];
    if (t < fromUs) continue;
    const n = byId.get(prof.samples[k]);
    if (!["writev", "writeBuffer", "(garbage collector)"].includes(n.callFrame.functionName)) continue;
    const chain = [];
    for (let id = parent.get(n.id); id && chain.length < 8; id = parent.get(id)) {
      const f = byId.get(id).callFrame;
      chain.push(`${f.functionName || "(anon)"}@${f.url.replace(/^.*node_modules\//, "").replace(/^.*\/build\//, "build/")}:${f.lineNumber}`);
    }
    const key = `${n.callFrame.functionName} <- ${chain.join(" <- ")}`;
    stacks.set(key, (stacks.get(key) ?? 0) + (prof.timeDeltas[k] ?? 0));
  }
  console.log("\nheaviest native frames by caller chain:");
  for (const [k, v] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`${pct(v)}  ${k}`);
  if (timing) {
    // the whole run (start-up included), under the profiler: compare the statements with each other
    const d = JSON.parse(readFileSync(timing, "utf8"));
    console.log(`\ndrizzle building statements: ${d.totalMs.toFixed(0)} ms in all, ${(d.totalMs / prep.buyers.length).toFixed(2)} ms per order; the costliest:`);
    for (const r of d.rows.slice(0, 12)) console.log(`${(r.ms / prep.buyers.length).toFixed(3).padStart(7)} ms/order ${String(r.n).padStart(6)}×  ${r.sql}`);
  }
  void start;
} finally {
  await shopModule.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profDir, { recursive: true, force: true });
  await db.drop();
}
