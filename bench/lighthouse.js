// npm run bench:lighthouse — Lighthouse 12 (default mobile settings: Moto G Power emulation, simulated slow 4G
// and 4× CPU slowdown) on the production build with the seeded demo data: performance score, LCP, CLS and TBT
// of /home, a product page, /basket and /order/delivery (the last two with a basket made through the basket
// action). Chromium from CHROME_PATH (default /usr/bin/chromium), --headless --no-sandbox --disable-gpu.
// Budget: score ≥ 98, LCP ≤ 1.5 s, CLS ≤ 0.02, TBT ≤ 100 ms; exits 1 when a page misses it.
// RUNS=n takes the median of n runs per page (default 1); DIAG=1 prints each run's long tasks and script time;
// PAGES=/basket,/order/delivery measures only those pages.
// Then a whole purchase as a Lighthouse user flow on the throttled phone (bench/lib/purchase-flow.js: product →
// add → basket → delivery → payment → confirm with 3-D Secure), budget INP ≤ 100 ms (each step's slowest
// interaction) and TBT ≤ 100 ms per step. FLOW=0 skips it; FLOW=only runs only it (with PAGES set it is skipped
// unless FLOW=1).
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { startBenchShop } from "./lib/shop.js";
import { CookieJar } from "./lib/jar.js";
import { printTable } from "./lib/table.js";
import { runFloorFlow, runPurchaseFlow } from "./lib/purchase-flow.js";

const BUILD_DIR = process.env.BUILD_DIR || "build";
const RUNS = Number(process.env.RUNS || 1);
const BUDGET = { score: 98, lcpMs: 1500, cls: 0.02, tbtMs: 100 };
const sec = (ms) => (typeof ms === "number" ? `${(ms / 1000).toFixed(2)} s` : "–");
const FLOW_BUDGET = { inpMs: 100, tbtMs: 100 };
const FLOW = process.env.FLOW ?? (process.env.PAGES ? "0" : "1");
const PRODUCT_ID = 20002;

const shop = await startBenchShop({ buildDir: BUILD_DIR });
let chrome;
try {
  const jar = new CookieJar();
  const add = await fetch(`${shop.url}/basket`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: shop.url },
    body: new URLSearchParams({ intent: "add", productId: String(PRODUCT_ID), quantity: "1" }),
    redirect: "manual",
  });
  jar.take(add);
  if (!jar.header()) throw new Error(`adding to the basket set no cookie (status ${add.status})`);

  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
  const pages = [
    { page: "/home" },
    { page: `/product/${PRODUCT_ID}` },
    { page: "/basket", cookie: jar.header() },
    { page: "/order/delivery", cookie: jar.header() },
  ];
  const rows = [];
  const problems = [];
  const only = process.env.PAGES?.split(",");
  for (const p of pages.filter((x) => FLOW !== "only" && (!only || only.includes(x.page)))) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(
        shop.url + p.page,
        {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
          ...(p.cookie ? { extraHeaders: { Cookie: p.cookie } } : {}),
        },
      );
      const lhr = result.lhr;
      const finalUrl = lhr.finalDisplayedUrl ?? lhr.finalUrl;
      if (new URL(finalUrl).pathname !== p.page) throw new Error(`${p.page} ended at ${finalUrl}`);
      if (process.env.DIAG) {
        // where the main thread was blocked: Lighthouse's long tasks (simulated durations) and script time per URL
        const short = (u) => String(u).replace(shop.url, "");
        console.error(`\n${p.page}: long tasks ${lhr.audits["long-tasks"].details?.items?.map((t) => `${short(t.url)} ${Math.round(t.duration)} ms @${Math.round(t.startTime)}`).join(", ")}`);
        if (result.artifacts?.Trace) {
          const { writeFileSync } = await import("node:fs");
          const { tmpdir } = await import("node:os");
          writeFileSync(`${tmpdir()}/lh-${p.page.replace(/\W+/g, "_")}-${i}.trace.json`, JSON.stringify(result.artifacts.Trace));
        }
        console.error(`${p.page}: script time ${lhr.audits["bootup-time"].details?.items?.map((t) => `${short(t.url)} ${Math.round(t.scripting)} ms`).join(", ")}`);
      }
      runs.push({
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcp: lhr.audits["largest-contentful-paint"].numericValue,
        cls: lhr.audits["cumulative-layout-shift"].numericValue,
        tbt: lhr.audits["total-blocking-time"].numericValue,
        fcp: lhr.audits["first-contentful-paint"].numericValue,
        error: lhr.runtimeError?.code ?? lhr.audits["largest-contentful-paint"].errorMessage,
        lcpElement: lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? "",
      });
    }
    runs.sort((a, b) => a.score - b.score);
    const m = runs[Math.floor(runs.length / 2)];
    rows.push({ page: p.page, ...m });
    // a metric Lighthouse could not compute (its runtime error, e.g. on a starved machine) is a miss, not a crash
    for (const k of ["lcp", "cls", "tbt", "fcp"]) if (typeof m[k] !== "number") problems.push(`${p.page}: no ${k.toUpperCase()} (${m.error ?? "Lighthouse gave none"})`);
    if (m.score < BUDGET.score) problems.push(`${p.page}: score ${m.score} < ${BUDGET.score}`);
    if (m.lcp > BUDGET.lcpMs) problems.push(`${p.page}: LCP ${Math.round(m.lcp)} ms > ${BUDGET.lcpMs} ms (${m.lcpElement})`);
    if (m.cls > BUDGET.cls) problems.push(`${p.page}: CLS ${m.cls.toFixed(3)} > ${BUDGET.cls}`);
    if (m.tbt > BUDGET.tbtMs) problems.push(`${p.page}: TBT ${Math.round(m.tbt)} ms > ${BUDGET.tbtMs} ms`);
  }
  const version = (await import("lighthouse/package.json", { with: { type: "json" } })).default.version;
  if (rows.length) {
    console.log(`\nLighthouse ${version}, default mobile settings, ${RUNS === 1 ? "one run" : `median of ${RUNS} runs`} per page\n`);
    printTable(
      ["page", "performance", "FCP", "LCP", "CLS", "TBT"],
      rows.map((r) => [r.page, r.score, sec(r.fcp), sec(r.lcp), typeof r.cls === "number" ? r.cls.toFixed(3) : "–", typeof r.tbt === "number" ? `${Math.round(r.tbt)} ms` : "–"]),
    );
    console.log(`\nbudget: score ≥ ${BUDGET.score}, LCP ≤ ${BUDGET.lcpMs / 1000} s, CLS ≤ ${BUDGET.cls}, TBT ≤ ${BUDGET.tbtMs} ms`);
  }
  if (FLOW !== "0") {
    const steps = await runPurchaseFlow(shop.url, { chromePath: process.env.CHROME_PATH || "/usr/bin/chromium" });
    console.log(`\nLighthouse ${version} user flow: a whole purchase by a guest on a phone (Moto G Power screen, devtools throttling: slow 4G, 4× CPU)\n`);
    printTable(
      ["step", "mode", "TBT", "INP (slowest interaction)", "slowest interaction"],
      steps.map((s) => [s.step, s.mode, `${Math.round(s.tbt)} ms`, s.inp === null ? "–" : `${Math.round(s.inp)} ms`, s.slowest || "–"]),
    );
    console.log(`\nbudget per step: TBT ≤ ${FLOW_BUDGET.tbtMs} ms, INP ≤ ${FLOW_BUDGET.inpMs} ms (a navigation step has no interaction)`);
    for (const s of steps) {
      if (s.tbt > FLOW_BUDGET.tbtMs) problems.push(`flow '${s.step}': TBT ${Math.round(s.tbt)} ms > ${FLOW_BUDGET.tbtMs} ms`);
      if (s.inp !== null && s.inp > FLOW_BUDGET.inpMs) problems.push(`flow '${s.step}': INP ${Math.round(s.inp)} ms > ${FLOW_BUDGET.inpMs} ms`);
      if (process.env.DIAG) console.error(`\n${s.step}: long tasks ${s.longTasks.join(", ")}\n${s.step}: script time ${s.bootup.join(", ")}`);
    }
    // the machine's floor, measured right after with the same harness and throttling: information, no budget
    const floor = await runFloorFlow({ chromePath: process.env.CHROME_PATH || "/usr/bin/chromium" });
    console.log("\nthe machine's floor under the same flow: a static page with one button and one field, no framework (information)\n");
    printTable(
      ["step", "mode", "TBT", "INP", "slowest interaction"],
      floor.map((s) => [s.step, s.mode, `${Math.round(s.tbt)} ms`, s.inp === null ? "–" : `${Math.round(s.inp)} ms`, s.slowest || "–"]),
    );
    const floorInp = Math.max(...floor.map((s) => s.inp ?? 0));
    const shopInp = steps.filter((s) => s.inp !== null).map((s) => s.inp);
    if (floorInp > 0 && shopInp.length) {
      console.log(`\nINP of the purchase's steps ÷ the floor's slowest (${Math.round(floorInp)} ms): ${shopInp.map((v) => (v / floorInp).toFixed(1)).join(", ")}`);
    }
  }
  if (problems.length) {
    console.log(`\nBUDGET BROKEN:\n  ${problems.join("\n  ")}`);
    process.exitCode = 1;
  } else console.log("all budgets met");
} finally {
  await chrome?.kill();
  await shop.stop();
}
