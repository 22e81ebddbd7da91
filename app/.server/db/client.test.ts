import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openTestDatabase } from "./testing";
import { loadConfig } from "../config";
import { NAMED_STATEMENTS_PER_CONNECTION, readTogether, type Database } from "./client";

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
