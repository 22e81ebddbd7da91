import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openTestDatabase } from "./testing";
import { readTogether, type Database } from "./client";

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
