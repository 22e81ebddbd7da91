import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../db/testing";
import * as audit from "./service";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe("audit log", () => {
  it("records who, when, what, before and after, and lists newest first per entity", async () => {
    await audit.record(app, app.db, { actor: "staff:1", action: "price", entity: "product", entityId: 20002, before: { itemPrice: 100 }, after: { itemPrice: 90 } });
    app.clock.advance(1000);
    await audit.record(app, app.db, { actor: "staff:2", action: "stock", entity: "product", entityId: 20002, before: { stock: 8 }, after: { stock: 7 } });
    await audit.record(app, app.db, { actor: "cli", action: "maintenance", entity: "site" });
    const rows = await audit.list(app, { entity: "product", entityId: "20002" });
    expect(rows.map((r) => [r.actor, r.action])).toEqual([
      ["staff:2", "stock"],
      ["staff:1", "price"],
    ]);
    expect(rows[1]!.before).toEqual({ itemPrice: 100 });
    expect(rows[0]!.at.getTime()).toBeGreaterThan(rows[1]!.at.getTime());
  });
  it("an entry written in a rolled-back transaction does not exist", async () => {
    await app.db
      .transaction(async (tx) => {
        await audit.record(app, tx, { actor: "x", action: "y", entity: "rollback" });
        throw new Error("abort");
      })
      .catch(() => {});
    expect(await audit.list(app, { entity: "rollback" })).toHaveLength(0);
  });
});
