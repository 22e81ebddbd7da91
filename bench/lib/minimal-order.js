// (m) of bench:load: the issue's "minimal transaction" of an order (issue 24 §2), written by hand with node-postgres
// against the shop's own tables, so the shop's database work per order can be set against the least an order of
// this schema can cost on the same machine, in the same run. Not the shop's code path: no HTTP, no drizzle, no
// rules — only the rows an order must write, as the issue lists them:
//   BEGIN · lock and decrement the line's stock · the order's number · the payment (succeeded) · the order · its
//   line · the confirmation mail's job · the basket closed · COMMIT
// (a plain order, as (g)'s: no code, no points, so no promo use and no points row). 9 statements.
//
// Each row is a copy of a row the shop itself wrote in (g), with its keys made new, so the rows are as wide as
// the shop's and every index and constraint of the table is maintained. Run after (g), on (g)'s database.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { cpuMeter } from "./cpu.js";

/** Columns of `table` in order: their name, information_schema data_type and default. */
async function columnsOf(client, table) {
  const r = await client.query("select column_name, data_type, column_default from information_schema.columns where table_name = $1 order by ordinal_position", [table]);
  return r.rows;
}

/**
 * A statement inserting a copy of the first row of `table` that `where` finds (columns filled by a sequence left
 * out); `query(over)` gives one copy's text and values, with `over` replacing the columns that must differ.
 */
async function copier(client, table, where) {
  const cols = (await columnsOf(client, table)).filter((c) => !String(c.column_default ?? "").startsWith("nextval("));
  const t = (await client.query(`select row_to_json(t) as j from ${table} t ${where} limit 1`)).rows[0]?.j;
  if (!t) throw new Error(`(m): no row of ${table} to copy (${where})`);
  const text = `insert into ${table} (${cols.map((c) => `"${c.column_name}"`).join(", ")}) values (${cols.map((_, k) => `$${k + 1}`).join(", ")})`;
  const asParam = (c, v) => {
    if (v === null || v === undefined) return null;
    if (c.data_type === "json" || c.data_type === "jsonb") return JSON.stringify(v);
    if (c.data_type === "ARRAY") return `{${v.map((x) => JSON.stringify(String(x))).join(",")}}`;
    return v;
  };
  return {
    template: t,
    /** Text and values of one copy, with `over` replacing columns (and `returning`, if given). */
    query(over, returning = "") {
      return { text: text + (returning ? ` returning ${returning}` : ""), values: cols.map((c) => asParam(c, c.column_name in over ? over[c.column_name] : t[c.column_name])) };
    },
  };
}

/**
 * Places `n` minimal orders on the database at `url` through a pool of `poolSize` connections, `concurrency` at a
 * time, and measures PostgreSQL's CPU (when it runs here) and this process's CPU meanwhile.
 */
export async function minimalOrders(url, { n, poolSize = 10, concurrency = 50, postgresHere = true }) {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  try {
    const c = await pool.connect();
    let orderCopy, lineCopy, paymentCopy, jobCopy, productId, year;
    try {
      orderCopy = await copier(c, "orders", "order by id desc");
      lineCopy = await copier(c, "order_lines", `where order_id = ${Number(orderCopy.template.id)}`);
      paymentCopy = await copier(c, "payment_intents", "where status = 'succeeded' order by created_at desc");
      jobCopy = await copier(c, "jobs", "where kind like 'mail%' order by id desc");
      productId = lineCopy.template.product_id;
      year = (await c.query("select year from order_counters order by year desc limit 1")).rows[0]?.year ?? 2026;
    } finally {
      c.release();
    }
    // the baskets (g) ordered: each minimal order closes one again (the same update, on a real row)
    const baskets = (await pool.query("select id from baskets order by id desc limit 2000")).rows.map((r) => r.id);
    const statements = [];
    let failed = 0;
    const one = async (i) => {
      const client = await pool.connect();
      let sent = 0;
      const q = (text, values) => (sent++, client.query(text, values));
      try {
        await q("begin");
        await q('update catalog_products set stock = stock - $1 where id = $2 and (stock is null or stock >= $1) returning stock', [1, productId]);
        const number = (await q("insert into order_counters (year, last) values ($1, 1) on conflict (year) do update set last = order_counters.last + 1 returning last", [year])).rows[0].last;
        const ref = `m-${randomUUID()}`;
        const paymentId = randomUUID();
        const p = paymentCopy.query({ id: paymentId, order_ref: ref });
        await q(p.text, p.values);
        const o = orderCopy.query({ public_id: ref, order_number: `M${year}-${number}`, basket_id: null, payment_ref: paymentId }, "id");
        const orderId = (await q(o.text, o.values)).rows[0].id;
        const l = lineCopy.query({ order_id: orderId });
        await q(l.text, l.values);
        const j = jobCopy.query({ dedupe_key: `m-${ref}`, status: "done" });
        await q(j.text, j.values);
        await q("update baskets set status = 'ordered', updated_at = now() where id = $1", [baskets[i % baskets.length]]);
        await q("commit");
      } catch (e) {
        failed++;
        await client.query("rollback").catch(() => {});
        if (failed === 1) console.error(`[bench] (m) a minimal order failed: ${e.message}`);
      } finally {
        client.release();
        statements.push(sent);
      }
    };
    // a warm-up: every pooled connection has parsed its statements once
    for (let i = 0; i < poolSize; i++) await one(i);
    statements.length = 0;
    const meter = cpuMeter(null, { postgres: postgresHere });
    let next = 0;
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (next < n) await one(poolSize + next++);
    }));
    const cpu = meter.stop();
    return {
      orders: n - failed,
      failed,
      statementsPerOrder: statements.reduce((a, b) => a + b, 0) / Math.max(1, statements.length),
      cpu: { client: cpu.client, postgres: cpu.postgres, postgresSplit: cpu.postgresSplit },
    };
  } finally {
    await pool.end();
  }
}
