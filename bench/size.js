// npm run bench:size — gzip bytes of the JavaScript and CSS a browser loads for the shop's customer pages.
// Starts the production build on a free port with a throw-away data directory (or database), reads each page's
// HTML (the basket and checkout pages with a basket made through the basket action, cookie jar and all),
// follows every modulepreload, module import and stylesheet, and gzips each file as the server would.
// The last column is what the server really sends a browser that accepts brotli (the copies made at build time).
// Framework vs our code is decided per chunk from .vite/chunk-modules.json (written by vite.config.ts).
// Exits 1 when a budget is broken: own JS on /home ≤ 20 KB gz, CSS ≤ 15 KB gz on every page, and no chunk
// holding management code (app/routes/management/**, app/features/management/**) on a customer page.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { startBenchShop } from "./lib/shop.js";
import { CookieJar } from "./lib/jar.js";
import { rawGet } from "./lib/http.js";
import { printTable } from "./lib/table.js";

const BUILD_DIR = process.env.BUILD_DIR || "build";
const PRODUCT_ID = 20002;
const BUDGET = { ownJsHome: 20 * 1024, css: 15 * 1024 };
const FRAMEWORK_MODULE = /^(\0|rolldown\/|node_modules\/(react|react-dom|react-router|@react-router\/dev|scheduler|cookie|set-cookie-parser)\/)/;
const MANAGEMENT_MODULE = /^app\/(routes\/management\/|features\/management\/|shared\/texts\/management[\w.-]*\.ts)/;

const chunkModules = JSON.parse(readFileSync(join(BUILD_DIR, "client", ".vite", "chunk-modules.json"), "utf8"));
const modulesOf = (file) => chunkModules[file.replace(/^\//, "")] ?? null;
const gz = (path) => gzipSync(readFileSync(join(BUILD_DIR, "client", path)), { level: 6 }).length;

/** Bytes the server sends for `path` to a browser sending Chrome's Accept-Encoding (body as sent, undecoded). */
async function sent(base, path) {
  const r = await rawGet(base + path);
  if (r.status !== 200) throw new Error(`${path} answered ${r.status}`);
  return r.body.length;
}

/** Framework: every module of the chunk is React, React DOM or React Router. */
function isFramework(file) {
  const mods = modulesOf(file);
  return Boolean(mods && mods.length > 0 && mods.every((m) => FRAMEWORK_MODULE.test(m)));
}

const shop = await startBenchShop({ buildDir: BUILD_DIR });
try {
  const jar = new CookieJar();
  const get = async (path, withJar) => {
    const r = await fetch(shop.url + path, { headers: withJar ? { cookie: jar.header() } : {}, redirect: "manual" });
    if (withJar) jar.take(r);
    if (r.status !== 200) throw new Error(`${path} answered ${r.status}`);
    return r.text();
  };
  // a basket: the same POST the product page's form makes (no session yet → the Origin check applies)
  const add = await fetch(`${shop.url}/basket`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: shop.url },
    body: new URLSearchParams({ intent: "add", productId: String(PRODUCT_ID), quantity: "1" }),
    redirect: "manual",
  });
  jar.take(add);
  if (!jar.header()) throw new Error(`adding to the basket set no cookie (status ${add.status})`);

  const pages = [
    { page: "/home", html: await get("/home", false) },
    { page: `/product/${PRODUCT_ID}`, html: await get(`/product/${PRODUCT_ID}`, false) },
    { page: "/basket", html: await get("/basket", true) },
    { page: "/order/delivery", html: await get("/order/delivery", true) },
  ];

  const rows = [];
  const problems = [];
  for (const { page, html } of pages) {
    // what the browser loads at start: the module list of the bootstrap (entry.server.tsx's deferred preloads,
    // or React Router's own modulepreload links); the route manifest file named in it loads only on demand
    const preloads = /for \(const href of (\[[^\]]*\])\)/.exec(html);
    const listed = preloads ? JSON.parse(preloads[1]) : [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
    const js = new Set([...listed, ...[...html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)].map((m) => m[1])]);
    if (js.size === 0) throw new Error(`${page}: no JavaScript found in the page`);
    const css = new Set([...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]));
    let framework = 0;
    let own = 0;
    const files = [];
    for (const f of js) {
      const size = gz(f);
      const fw = isFramework(f);
      if (fw) framework += size;
      else own += size;
      files.push({ name: f.split("/").pop(), size, fw });
      const mgmt = (modulesOf(f) ?? []).filter((m) => MANAGEMENT_MODULE.test(m));
      if (mgmt.length) problems.push(`${page} loads management code: ${f} (${mgmt.join(", ")})`);
    }
    const cssBytes = [...css].reduce((n, f) => n + gz(f), 0);
    let wire = 0;
    for (const f of [...js, ...css]) wire += await sent(shop.url, f);
    if (cssBytes > BUDGET.css) problems.push(`${page}: CSS ${kb(cssBytes)} KB > ${kb(BUDGET.css)} KB`);
    if (page === "/home" && own > BUDGET.ownJsHome) problems.push(`/home: own JS ${kb(own)} KB > ${kb(BUDGET.ownJsHome)} KB`);
    rows.push({ page, framework, own, css: cssBytes, wire, files });
  }

  console.log("\ngzip KB loaded per page at start (framework = react, react-dom, react-router client entry)\n");
  printTable(
    ["page", "framework JS", "own JS", "all JS", "CSS", "management code", "JS + CSS sent (br)"],
    rows.map((r) => [r.page, kb(r.framework), kb(r.own), kb(r.framework + r.own), kb(r.css), problems.some((p) => p.startsWith(`${r.page} loads`)) ? "YES" : "none", kb(r.wire)]),
  );
  console.log("\nJS + CSS sent (br): KB the server sends to a browser that accepts brotli (copies made at build time, brotli 11)");
  console.log(`\nbudget: own JS on /home ≤ ${kb(BUDGET.ownJsHome)} KB (beyond the ≈109 KB framework floor), CSS ≤ ${kb(BUDGET.css)} KB, no management chunk`);
  if (process.env.VERBOSE) {
    for (const r of rows) {
      console.log(`\n${r.page}:`);
      for (const f of r.files.sort((a, b) => b.size - a.size)) console.log(`  ${kb(f.size).padStart(6)}  ${f.fw ? "fw " : "own"}  ${f.name}`);
    }
  }
  if (problems.length) {
    console.log(`\nBUDGET BROKEN:\n  ${problems.join("\n  ")}`);
    process.exitCode = 1;
  } else console.log("all budgets met");
} finally {
  await shop.stop();
}

function kb(n) {
  return (n / 1024).toFixed(1);
}
