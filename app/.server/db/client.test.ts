import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openTestDatabase } from "./testing";
import type { Database } from "./client";

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
