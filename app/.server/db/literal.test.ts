import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "./testing";
import { eqConst } from "./literal";
import { checkoutHolds } from "./schema/checkout";
import type { DbOrTx } from "./client";

/**
 * A constant that a partial index names is written into the statement (decision 0059), so that the statement's
 * generic plan — the one PostgreSQL keeps for a named statement instead of planning it at every call — can use that
 * index. Checked against the real database (PGlite, or PostgreSQL with DATABASE_URL).
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;

/** The generic plan of `text` (with `$n` parameters), as PostgreSQL keeps it for a named statement. */
async function genericPlan(text: string, args: unknown[]): Promise<string> {
  return app.db.transaction(async (tx: DbOrTx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    // without a usable index the plan must scan the table: the index is chosen whenever it can be
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql.raw(`prepare literal_test as ${text}`));
    try {
      const plan = rowsOf(await tx.execute(sql.raw(`explain execute literal_test(${args.map((a) => `'${String(a)}'`).join(", ")})`)));
      return plan.map((r) => String(Object.values(r)[0])).join("\n");
    } finally {
      await tx.execute(sql`deallocate literal_test`);
    }
  });
}

describe("eqConst", () => {
  it("writes the constant into the statement, not as a parameter", () => {
    const q = app.db.select({ id: checkoutHolds.id }).from(checkoutHolds).where(and(eq(checkoutHolds.basketId, 7), eqConst(checkoutHolds.status, "held"))).toSQL();
    expect(q.sql).toContain(`"checkout_holds"."status" = 'held'`);
    expect(q.params).toEqual([7]);
  });

  it("refuses anything but a code constant", () => {
    for (const bad of ["held' or '1'='1", "Held", "", "held;", "h e l d"]) expect(() => eqConst(checkoutHolds.status, bad as "held"), bad).toThrow(/not a code constant/);
  });

  it("the generic plan uses the partial index the constant names; with the constant as a parameter it cannot", async () => {
    const withConst = app.db.select({ id: checkoutHolds.id }).from(checkoutHolds).where(and(eq(checkoutHolds.basketId, 7), eqConst(checkoutHolds.status, "held"))).toSQL();
    const withParam = app.db.select({ id: checkoutHolds.id }).from(checkoutHolds).where(and(eq(checkoutHolds.basketId, 7), eq(checkoutHolds.status, "held"))).toSQL();
    expect(await genericPlan(withConst.sql, withConst.params)).toMatch(/checkout_holds_basket_held_uq/);
    expect(await genericPlan(withParam.sql, withParam.params)).not.toMatch(/checkout_holds_basket_held_uq/);
  });
});
