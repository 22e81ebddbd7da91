import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type SQL } from "drizzle-orm";
import { createTestApp, type TestApp } from "./testing";
import { identifierContains, textContains } from "./search";

/** The SQL folds against the real database (PGlite, or PostgreSQL with DATABASE_URL): same answers as app/shared/fold. */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

async function holds(value: string, cond: (col: SQL) => SQL): Promise<boolean> {
  const col = sql`${value}::text`;
  const rows = (await app.db.execute(sql`select (${cond(col)}) as ok`)) as unknown as { rows?: { ok: boolean }[] } | { ok: boolean }[];
  const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
  return list[0]?.ok === true;
}

describe("SQL search folding", () => {
  it("Turkish text: 'Işık' vs 'ışık' and 'İstanbul' vs 'istanbul' match both ways; 'I' is not 'i'", async () => {
    expect(await holds("Ayşe IŞIK", (c) => textContains(c, "ışık"))).toBe(true);
    expect(await holds("ayşe ışık", (c) => textContains(c, "Işık"))).toBe(true);
    expect(await holds("İSTANBUL / Kadıköy", (c) => textContains(c, "istanbul"))).toBe(true);
    expect(await holds("istanbul", (c) => textContains(c, "İstanbul"))).toBe(true);
    expect(await holds("ÇİĞDEM ÖZGÜR", (c) => textContains(c, "çiğdem özgür"))).toBe(true);
    expect(await holds("Irmak", (c) => textContains(c, "irmak"))).toBe(false);
  });
  it("identifiers: I, İ, ı and i are one letter; LIKE wildcards in the query are literal", async () => {
    for (const q of ["irmak_x", "IRMAK_X", "İrmak_x", "ırmak_x"]) expect(await holds("Irmak_x@ornek.com", (c) => identifierContains(c, q)), q).toBe(true);
    expect(await holds("irmakx@ornek.com", (c) => identifierContains(c, "irmak_x"))).toBe(false);
    expect(await holds("50%off", (c) => identifierContains(c, "0%o"))).toBe(true);
    expect(await holds("500off", (c) => identifierContains(c, "0%o"))).toBe(false);
  });
});
