import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { loadConfig, LOWEST_PASSWORD_HASH_COST } from "../config";
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
  const created = await newPostgresDatabase(url, "shop_test");
  const database = await openPostgres(created.url, 20);
  return {
    database,
    async drop() {
      await database.close();
      await created.drop();
    },
  };
}

/** Runs one statement on the PostgreSQL server of `url`, on a connection of its own (creating and dropping databases). */
export async function onServer(url: string, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/**
 * A new database on the PostgreSQL server of `url`, made from the run's migrated template (tests/database-templates.ts)
 * when there is one: its connection string, and `drop` to remove it again.
 */
export async function newPostgresDatabase(url: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const template = inject("postgresTemplate");
  await onServer(url, `create database ${name}${template ? ` template ${template}` : ""}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => onServer(url, `drop database if exists ${name} with (force)`) };
}

export type TestApp = AppContext & { clock: ReturnType<typeof movableClock>; close(): Promise<void> };

/**
 * A whole AppContext on a fresh test database with a movable clock (default 2026-11-23 10:00 Istanbul). Passwords
 * are hashed at the lowest cost unless `env` says otherwise (decision 0050).
 */
export async function createTestApp(opts: { now?: string; env?: Record<string, string> } = {}): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const config = { ...loadConfig({ NODE_ENV: "test", DATA_DIR: "./data/test", GEO_SEED: "minimal", PASSWORD_HASH_COST: String(LOWEST_PASSWORD_HASH_COST), ...opts.env }), databaseUrl: undefined };
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
