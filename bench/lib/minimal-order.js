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
//
// With `spec: true`, (m+): the same by hand, plus what the shop's own specification and the issue's §3 add to
// every order, each the plainest way: reading the buyer's session and basket; the hold taken and committed before
// the charge (stock, the hold's row, the ready date's count); the payment and the record of its call written
// before the call; then in one transaction the payment and its record marked, the basket and the hold closed, the
// order's number, row, line, KDV rows and first event, and its mail's job; the mail's job claimed and marked
// done by the worker, ten at a time (as the shop's group commit). No sandbox books (a real provider keeps its own).
import { createHash, randomUUID } from "node:crypto";
import pg from "pg";
import { cpuMeter } from "./cpu.js";

/** A prepared statement's name for `text` (as the shop's db/client.ts names its statements: decision 0046). */
const nameOf = (text) => `m${createHash("sha1").update(text).digest("base64url").slice(0, 22)}`;

/** Columns of `table` in order: their name, information_schema data_type and default. */
async function columnsOf(client, table) {
  const r = await client.query("select column_name, data_type, column_default from information_schema.columns where table_name = $1 order by ordinal_position", [table]);
  return r.rows;
}

/**
 * A statement inserting a copy of the first row of `table` that `where` finds (columns filled by a sequence left
 * out); `query(over)` gives one copy's text and values, with `over` replacing the columns that must differ.
 */
async function copier(client, table, where, count = 1) {
  const cols = (await columnsOf(client, table)).filter((c) => !String(c.column_default ?? "").startsWith("nextval("));
  const rows = (await client.query(`select row_to_json(t) as j from ${table} t ${where} limit ${count}`)).rows.map((r) => r.j);
  const t = rows[0];
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
    /** One statement inserting a copy of each of `rows` (the first rows `where` finds, up to `count`), with `over`. */
    many(over) {
      const values = [];
      const tuples = rows.map((r) => `(${cols.map((c) => (values.push(asParam(c, c.column_name in over ? over[c.column_name] : r[c.column_name])), `$${values.length}`)).join(", ")})`);
      return { text: `insert into ${table} (${cols.map((c) => `"${c.column_name}"`).join(", ")}) values ${tuples.join(", ")}`, values };
    },
  };
}

/**
 * Places `n` minimal orders on the database at `url` through a pool of `poolSize` connections, `concurrency` at a
 * time, and measures PostgreSQL's CPU (when it runs here) and this process's CPU meanwhile.
 */
export async function minimalOrders(url, { n, poolSize = 10, concurrency = 50, postgresHere = true, spec = false, named = false }) {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  try {
    const c = await pool.connect();
    let orderCopy, lineCopy, paymentCopy, jobCopy, productId, year, holdCopy, attemptCopy, taxCopy, eventCopy, tokens, readyDate;
    try {
      orderCopy = await copier(c, "orders", "where public_id not like 'm-%' order by id desc");
      lineCopy = await copier(c, "order_lines", `where order_id = ${Number(orderCopy.template.id)}`);
      paymentCopy = await copier(c, "payment_intents", "where status = 'succeeded' order by created_at desc");
      jobCopy = await copier(c, "jobs", "where kind like 'mail%' order by id desc");
      productId = lineCopy.template.product_id;
      year = (await c.query("select year from order_counters order by year desc limit 1")).rows[0]?.year ?? 2026;
      if (spec) {
        holdCopy = await copier(c, "checkout_holds", "where status = 'ordered' order by id desc");
        attemptCopy = await copier(c, "payment_attempts", "where kind = 'authorise' and status = 'succeeded' order by id desc");
        taxCopy = await copier(c, "order_taxes", `where order_id = ${Number(orderCopy.template.id)}`, 10);
        eventCopy = await copier(c, "order_events", `where order_id = ${Number(orderCopy.template.id)}`);
        // a ready date of its own, so its count grows from nothing as (g)'s did (not on (g)'s and (m)'s orders)
        readyDate = (await c.query("select (max(ready_date) + 400)::text as d from orders")).rows[0].d;
        tokens = (await c.query("select token_hash from sessions where user_id is not null order by created_at desc limit 2000")).rows.map((r) => r.token_hash);
      }
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
      const q = (text, values) => (sent++, client.query(named && values ? { name: nameOf(text), text, values } : { text, values }));
      try {
        if (spec) await specOrder(q, i);
        else {
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
        }
      } catch (e) {
        failed++;
        await client.query("rollback").catch(() => {});
        if (failed === 1) console.error(`[bench] (m) a minimal order failed: ${e.message}`);
      } finally {
        client.release();
        statements.push(sent);
      }
    };
    // (m+)'s mail jobs waiting for the worker, claimed and marked done ten at a time
    const queued = [];
    const work = async (q, all) => {
      let sent = 0;
      while (queued.length >= (all ? 1 : 10)) {
        const ids = queued.splice(0, 10);
        await q("update jobs set locked_until = now() + interval '1 minute', attempts = attempts + 1 where id = any($1::int[]) and status = 'pending'", [ids]);
        await q("update jobs set status = 'done', done_at = now(), locked_until = null where id = any($1::int[])", [ids]);
        sent += 2;
      }
      return sent;
    };
    /** One order of (m+), with the worker's turn when ten mails wait (its statements counted by `q`, as the order's). */
    const specOrder = async (q, i) => {
      const basketId = baskets[i % baskets.length];
      // the request: who is buying, and what
      await q('select s.*, u.id as uid, u.email, u.name, u.role from sessions s join users u on u.id = s.user_id where s.token_hash = $1 and s.expires_at > now()', [tokens[i % tokens.length]]);
      await q("select b.*, i.product_id, i.quantity, i.variant, i.box_type from baskets b left join basket_items i on i.basket_id = b.id where b.id = $1", [basketId]);
      // §3: the hold, committed before the charge
      await q("begin");
      await q('update catalog_products set stock = stock - $1 where id = $2 and (stock is null or stock >= $1) returning stock', [1, productId]);
      const h = holdCopy.query({ basket_id: basketId, status: "held", ready_date: readyDate, created_at: new Date(), expires_at: new Date(Date.now() + 600_000) }, "id");
      const holdId = (await q(h.text, h.values)).rows[0].id;
      await q("select ((select count(*) from orders where ready_date = $1 and status not in ('cancelled', 'refunded')) + (select count(*) from checkout_holds where ready_date = $1 and status = 'held' and expires_at > now()))::int as n", [readyDate]);
      await q("commit");
      // the payment and the record of its call, before the call
      const ref = `m-${randomUUID()}`;
      const paymentId = randomUUID();
      const p = paymentCopy.query({ id: paymentId, order_ref: ref, status: "pending", completed_at: null });
      const a = attemptCopy.query({ intent_id: paymentId, order_ref: ref, status: "pending", finished_at: null }, "id");
      const shifted = a.text.replace(/\$(\d+)/g, (_, k) => `$${Number(k) + p.values.length}`);
      const attemptId = (await q(`with p as (${p.text}) ${shifted}`, [...p.values, ...a.values])).rows[0].id;
      // (the charge) then the order
      await q("begin");
      await q("update payment_intents set status = 'succeeded', completed_at = now(), updated_at = now() where id = $1 and status = 'pending'", [paymentId]);
      await q("update payment_attempts set status = 'succeeded', finished_at = now() where id = $1 and status = 'pending'", [attemptId]);
      await q("update baskets set status = 'ordered', updated_at = now() where id = $1", [basketId]);
      await q("update checkout_holds set status = 'ordered' where id = $1 and status = 'held'", [holdId]);
      const number = (await q("insert into order_counters (year, last) values ($1, 1) on conflict (year) do update set last = order_counters.last + 1 returning last", [year])).rows[0].last;
      const o = orderCopy.query({ public_id: ref, order_number: `M${year}-${number}`, basket_id: null, payment_ref: paymentId, ready_date: readyDate }, "id");
      const orderId = (await q(o.text, o.values)).rows[0].id;
      const l = lineCopy.query({ order_id: orderId });
      await q(l.text, l.values);
      const t = taxCopy.many({ order_id: orderId });
      await q(t.text, t.values);
      const e = eventCopy.query({ order_id: orderId });
      await q(e.text, e.values);
      const j = jobCopy.query({ dedupe_key: `m-${ref}`, status: "pending", done_at: null, locked_until: null }, "id");
      const jobId = (await q(j.text, j.values)).rows[0].id;
      await q("commit");
      queued.push(jobId);
      await work(q, false);
    };
    // a warm-up: every pooled connection has parsed its statements once
    for (let i = 0; i < poolSize; i++) await one(i);
    statements.length = 0;
    const meter = cpuMeter(null, { postgres: postgresHere });
    let next = 0;
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (next < n) await one(poolSize + next++);
    }));
    if (spec) {
      const client = await pool.connect();
      try {
        const sent = await work((text, values) => client.query(text, values), true);
        if (statements.length) statements[statements.length - 1] += sent;
      } finally {
        client.release();
      }
    }
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
