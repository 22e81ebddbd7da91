import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { openTestDatabase } from "./testing";
import { loadConfig } from "../config";
import { NAMED_STATEMENTS_PER_CONNECTION, readTogether, refusalOf, stepsSql, stepsWith, type Database, type Step } from "./client";

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await drop();
});

describe("statement counter (bench:load's queries per request)", () => {
  it("counts each statement sent through db, including those inside a transaction", async () => {
    const before = database.queries();
    await database.db.execute(sql`select 1`);
    expect(database.queries() - before).toBe(1);
    const mid = database.queries();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await tx.execute(sql`select 2`);
    });
    // the two statements, plus begin/commit where the driver sends them as statements (node-postgres; PGlite does not)
    expect(database.queries() - mid).toBe(database.kind === "postgres" ? 4 : 2);
  });

  it("tells transaction control and the sandbox provider's statements apart", async () => {
    const before = { all: database.queries(), ...database.queryKinds() };
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select count(*) from "sandbox_payments"`);
      await tx.execute(sql`select 1`);
    });
    const after = database.queryKinds();
    const control = database.kind === "postgres" ? 2 : 0;
    expect(database.queries() - before.all).toBe(2 + control);
    expect(after.control - before.control).toBe(control);
    expect(after.provider - before.provider).toBe(1);
  });

  it("a failing statement is counted too: it reached the database", async () => {
    const before = database.queries();
    await expect(database.db.execute(sql`select * from no_such_table`)).rejects.toThrow();
    expect(database.queries() - before).toBe(1);
  });
});

describe("readTogether", () => {
  it("answers in order, in parallel on the database and one after the other inside a transaction (no overlapping queries on one connection)", async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on("warning", onWarning);
    try {
      const q = (db: Parameters<typeof readTogether>[0], n: number) => db.execute<{ n: number }>(sql`select ${n}::int as n, pg_sleep(0.01)`);
      const rowsOf = (r: unknown) => (r as { rows: { n: number }[] }).rows[0]!.n;
      const outside = await readTogether(database.db, [q(database.db, 1), q(database.db, 2), q(database.db, 3)]);
      expect(outside.map(rowsOf)).toEqual([1, 2, 3]);
      const inside = await database.db.transaction((tx) => readTogether(tx, [q(tx, 4), q(tx, 5), q(tx, 6)]));
      expect(inside.map(rowsOf)).toEqual([4, 5, 6]);
      await new Promise((r) => setImmediate(r));
      expect(warnings.filter((m) => /already executing a query|queue/i.test(m))).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  });
});

describe("named statements on PostgreSQL (decision 0046)", () => {
  const onPostgres = it.skipIf(!loadConfig().databaseUrl);
  const prepared = (tx: Parameters<typeof readTogether>[0], marker: string) =>
    tx.execute<{ name: string }>(sql`select name from pg_prepared_statements where statement like ${`%${marker}%`} and name like 's%'`).then((r) => (r as unknown as { rows: { name: string }[] }).rows);

  onPostgres("a parameterised statement is parsed once per connection and answers with each call's values; one without parameters stays unnamed", async () => {
    await database.db.transaction(async (tx) => {
      const one = async (n: number) => ((await tx.execute<{ n: number }>(sql`select ${n}::int + 1 as n /* named-1 */`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
      expect([await one(1), await one(41), await one(-1)]).toEqual([2, 42, 0]);
      // one prepared statement holds the text (the lookup's own text has the marker only as a value)
      expect(await prepared(tx, "named-1 */")).toHaveLength(1);
      await tx.execute(sql`select 1 /* unnamed-1 */`);
      expect(await prepared(tx, "unnamed-1 */")).toHaveLength(0);
    });
  });

  onPostgres("a statement that fails on its values leaves the connection and the name usable", async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`savepoint s1`);
      await expect(tx.execute(sql`select ${"abc"}::int as n /* named-2 */`)).rejects.toThrow();
      await tx.execute(sql`rollback to savepoint s1`);
      const r = (await tx.execute<{ n: number }>(sql`select ${"7"}::int as n /* named-2 */`)) as unknown as { rows: { n: number }[] };
      expect(r.rows[0]!.n).toBe(7);
    });
  });

  onPostgres(`a connection names at most ${NAMED_STATEMENTS_PER_CONNECTION} texts; later ones run unnamed and still answer`, async () => {
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < NAMED_STATEMENTS_PER_CONNECTION + 5; i++) {
        const r = (await tx.execute<{ n: number }>(sql`select ${i}::int as n /* many-${sql.raw(String(i))} */`)) as unknown as { rows: { n: number }[] };
        expect(r.rows[0]!.n).toBe(i);
      }
      const count = (await tx.execute<{ n: number }>(sql`select count(*)::int as n from pg_prepared_statements where name like 's%'`)) as unknown as { rows: { n: number }[] };
      expect(count.rows[0]!.n).toBe(NAMED_STATEMENTS_PER_CONNECTION);
    });
  });
});

describe("steps: other modules' changes a statement makes first, or is refused (decision 0055)", () => {
  const marks = pgTable("step_marks", { id: integer("id").primaryKey(), state: text("state").notNull() });
  const made = pgTable("step_made", { id: integer("id").primaryKey() });
  const db = () => database.db;

  beforeAll(async () => {
    await db().execute(sql`create table step_marks (id int primary key, state text not null)`);
    await db().execute(sql`create table step_made (id int primary key)`);
    // a sequence is not rolled back: it tells whether a step ran at all
    await db().execute(sql`create sequence step_ran`);
  });

  /** The carrying statement: inserts into step_made a value made from the steps (as the order's counter is). */
  async function carry(id: number, steps: (d: typeof database.db) => Step[]) {
    const s = steps(db());
    const mine = db().$with("mine").as(db().insert(made).values({ id: sql`${id} * ${stepsSql(s)}` }).returning({ id: made.id }));
    return db().with(...stepsWith(s), mine).select().from(mine);
  }
  const move = (d: typeof database.db, name: string, id: number, from: string, to: string) =>
    d.$with(name).as(d.update(marks).set({ state: to }).where(and(eq(marks.id, id), eq(marks.state, from))).returning({ id: marks.id }));
  const states = async () => (await db().select().from(marks).orderBy(marks.id)).map((r) => r.state);
  const madeIds = async () => (await db().select().from(made)).map((r) => r.id);

  it("all steps happen: the statement makes its change and theirs, at once", async () => {
    await db().insert(marks).values([{ id: 1, state: "a" }, { id: 2, state: "a" }]);
    const rows = await carry(10, (d) => [{ ride: move(d, "first", 1, "a", "b"), refusal: "first moved" }, { ride: move(d, "second", 2, "a", "b"), refusal: "second moved" }]);
    expect(rows).toEqual([{ id: 10 }]);
    expect(await states()).toEqual(["b", "b"]);
  });

  it("a step that cannot happen refuses the whole statement, naming it: the earlier step's change is rolled back, the later one never runs", async () => {
    await db().delete(marks);
    await db().insert(marks).values([{ id: 1, state: "a" }, { id: 2, state: "x" }, { id: 3, state: "a" }]);
    const err = await carry(20, (d) => [
      { ride: move(d, "first", 1, "a", "b"), refusal: "first moved" },
      { ride: move(d, "second", 2, "a", "b"), refusal: "second moved" },
      { ride: d.$with("third").as(d.update(marks).set({ state: "b" }).where(and(eq(marks.id, 3), sql`nextval('step_ran') > 0`)).returning({ id: marks.id })), refusal: "third moved" },
    ]).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refusalOf(err)).toBe("second moved");
    expect(await states()).toEqual(["a", "x", "a"]);
    expect(await madeIds()).not.toContain(20);
    const ran = (await db().execute<{ is_called: boolean }>(sql`select is_called from step_ran`)) as unknown as { rows: { is_called: boolean }[] };
    expect(ran.rows[0]!.is_called).toBe(false);
    // any other error is not a refusal
    expect(refusalOf(await db().execute(sql`select 1/0`).catch((e: unknown) => e))).toBeNull();
  });

  it("a step without a refusal may change nothing; a step's `also` changes are made with it", async () => {
    await db().delete(marks);
    await db().insert(marks).values([{ id: 1, state: "a" }, { id: 2, state: "a" }]);
    const rows = await carry(30, (d) => [
      { ride: move(d, "first", 9, "a", "b"), refusal: null, also: [d.$with("side").as(d.update(marks).set({ state: "side" }).where(eq(marks.id, 2)))] },
    ]);
    expect(rows).toEqual([{ id: 30 }]);
    expect(await states()).toEqual(["a", "side"]);
  });
});
