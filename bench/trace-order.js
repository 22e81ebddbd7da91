#!/usr/bin/env node
// Lists every statement the shop sends to PostgreSQL for one order placement (a member's saved card, as (g) of
// bench:load) and for one add to basket (as (f)), read from PostgreSQL's own statement log of a throw-away
// database (log_statement = all). Warm: one order and one add are made first, so caches are filled as in a
// running shop. Not part of npm test.
//
//   npm run build && node bench/trace-order.js            (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/test)
//
// PostgreSQL's log must be readable here (PG_LOG, default /var/log/postgresql/postgresql-15-main.log): the
// script reads what is appended to it while one request runs, kept to the lines of its own database.
import { closeSync, openSync, readSync, statSync } from "node:fs";
import pg from "pg";
import { createDatabase, startBenchShop } from "./lib/shop.js";
import { loadShopModule } from "./lib/app.js";

const PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const PG_LOG = process.env.PG_LOG ?? "/var/log/postgresql/postgresql-15-main.log";
const BUILD_DIR = process.env.BUILD_DIR ?? "build";

const sizeOf = () => statSync(PG_LOG).size;
function readFrom(offset) {
  const end = sizeOf();
  const buf = Buffer.alloc(end - offset);
  const fd = openSync(PG_LOG, "r");
  readSync(fd, buf, 0, buf.length, offset);
  closeSync(fd);
  return buf.toString("utf8");
}

/** Statements of database `name` in a slice of the log (a statement may run over several lines). */
function statementsOf(text, name) {
  const out = [];
  let cur = null;
  for (const line of text.split("\n")) {
    const m = /^\S+ \S+ \S+ \[\d+\] \S+@(\S+) (LOG|DETAIL|ERROR|STATEMENT|WARNING):\s+(.*)$/.exec(line);
    if (m) {
      cur = null;
      if (m[1] !== name || m[2] !== "LOG") continue;
      const s = /^(?:statement|execute [^:]*): (.*)$/.exec(m[3]);
      if (s) out.push((cur = { sql: s[1] }));
    } else if (cur && /^\s/.test(line) && line.trim()) cur.sql += " " + line.trim(); // a statement's next line is indented; other processes' log lines are not
  }
  return out.map((s) => s.sql.replace(/\s+/g, " "));
}

async function traced(name, fn) {
  await new Promise((r) => setTimeout(r, 1500)); // the worker's idle poll and anything still running settle
  const from = sizeOf();
  await fn();
  await new Promise((r) => setTimeout(r, 2500)); // the confirmation mail's job runs meanwhile
  return statementsOf(readFrom(from), name);
}

const db = await createDatabase(PG_URL);
const dbName = new URL(db.url).pathname.slice(1);
const shopModule = await loadShopModule("/bench/prepare.ts");
let shop;
try {
  const env = { DATABASE_URL: db.url };
  const prep = await shopModule.mod.prepare(env, { buyers: 2, guests: 2 });
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`alter database ${dbName} set log_statement = 'all'`);
  await admin.end();
  shop = await startBenchShop({ buildDir: BUILD_DIR, databaseUrlReady: db.url, env: { PAGE_CACHE_SECONDS: "0", BENCH_ROUTES: "1" } });
  const headers = { origin: shop.url, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" };
  const confirm = (v) => fetch(`${shop.url}/order/confirm.data`, { method: "POST", headers: { ...headers, cookie: v.cookie }, body: `onBilgilendirme=on&mesafeli=on&_csrf=${encodeURIComponent(v.csrf)}` });
  const add = (v) => fetch(`${shop.url}/basket.data`, { method: "POST", headers: { ...headers, cookie: v.cookie }, body: `intent=add&productId=${prep.productIds[0]}&quantity=1&_csrf=${encodeURIComponent(v.csrf)}` });
  const expectOk = async (r, what) => {
    const body = await r.text();
    if (!/siparis=|"ok",true|\[\{/.test(body) && r.status >= 400) throw new Error(`${what}: ${r.status} ${body.slice(0, 200)}`);
    return body;
  };
  await expectOk(await confirm(prep.buyers[0]), "warm-up order");
  await expectOk(await add(prep.guests[0]), "warm-up add");
  let answer = "";
  const order = await traced(dbName, async () => (answer = await expectOk(await confirm(prep.buyers[1]), "order")));
  const adding = await traced(dbName, async () => expectOk(await add(prep.guests[0]), "add"));
  // the job worker's claim poll runs every second or so whether or not there is work: shown, counted apart
  const isPoll = (s) => /^update jobs set locked_until = \$1, attempts = attempts \+ 1/.test(s.trim());
  const print = (title, list) => {
    const txEdges = list.filter((s) => /^(BEGIN|COMMIT|ROLLBACK)$/i.test(s)).length;
    const polls = list.filter(isPoll).length;
    const counted = list.length - txEdges - polls;
    console.log(`\n## ${title}: ${counted} statements, plus ${txEdges} BEGIN/COMMIT and ${polls} polls of the job worker (marked ·)\n`);
    list.forEach((s, i) => console.log(`${String(i + 1).padStart(3)}${isPoll(s) ? "·" : " "} ${s.trim().length > 220 ? s.trim().slice(0, 220) + " …" : s.trim()}`));
  };
  console.log(`order answer: ${answer.replace(/\s+/g, " ").slice(0, 160)}`);
  print("one order (saved card), with its confirmation mail's job", order);
  print("one add to basket (a basket that exists)", adding);
} finally {
  await shop?.stop();
  await shopModule.close();
  await db.drop();
}
