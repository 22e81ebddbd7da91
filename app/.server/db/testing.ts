import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { loadConfig } from "../config";
import { boot } from "../boot";
import type { AppContext } from "../context";
import { openPglite, openPostgres, type Database } from "./client";
import { movableClock } from "~/shared/clock";
import { createLogger } from "../log";

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server of DATABASE_URL (dropped again by `close`). Never mocked.
 */
export async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = loadConfig().databaseUrl;
  if (!url) {
    // a copy of the run's migrated template (tests/database-templates.ts) instead of initdb and migrations per file
    const template = inject("pgliteTemplate");
    const database = await openPglite(undefined, template ? { from: readFileSync(template.dump) } : {});
    return { database, drop: () => database.close() };
  }
  const name = `shop_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // from the run's migrated template (tests/database-templates.ts) when there is one
  const template = inject("postgresTemplate");
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openPostgres(u.toString(), 20);
  return {
    database,
    async drop() {
      await database.close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export type TestApp = AppContext & { clock: ReturnType<typeof movableClock>; close(): Promise<void> };

/** A whole AppContext on a fresh test database with a movable clock (default 2026-11-23 10:00 Istanbul). */
export async function createTestApp(opts: { now?: string; env?: Record<string, string> } = {}): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const config = { ...loadConfig({ NODE_ENV: "test", DATA_DIR: "./data/test", GEO_SEED: "minimal", ...opts.env }), databaseUrl: undefined };
  const clock = movableClock(opts.now ?? "2026-11-23T10:00:00+03:00");
  const booted = await boot(config, { database, clock, log: createLogger("silent") });
  return {
    ...booted.ctx,
    clock,
    async close() {
      await booted.close().catch(() => {});
      await drop();
    },
  };
}
