import { afterAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { asc } from "drizzle-orm";
import { loadConfig, type Config } from "~/.server/config";
import { boot } from "~/.server/boot";
import { createLogger } from "~/.server/log";
import type { AppContext } from "~/.server/context";
import { orders } from "~/.server/db/schema/orders";
import { users } from "~/.server/db/schema/accounts";
import { uploadDir } from "~/.server/catalog/images";
import { backup, BackupError, restore } from "~/.server/system/backup";
import { member, placeWithSavedCard, readyBasket, savedCard } from "../e2e/fixtures";

/**
 * Backup and restore (issue 25 §3) of a shop with orders, customers and an uploaded picture: PostgreSQL through
 * pg_dump/pg_restore when DATABASE_URL is set, PGlite through its own dump otherwise. The restore goes into an
 * empty database and must find the same rows and the same bytes.
 */
const BASE = process.env.DATABASE_URL;
const dirs: string[] = [];
const databases: string[] = [];

function temp(prefix: string) {
  const d = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
}

async function newDatabase(): Promise<string | undefined> {
  if (!BASE) return undefined;
  const name = `shop_backup_${randomBytes(5).toString("hex")}`;
  const c = new pg.Client({ connectionString: BASE });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  databases.push(name);
  const u = new URL(BASE);
  u.pathname = `/${name}`;
  return u.toString();
}

afterAll(async () => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  if (BASE && databases.length) {
    const c = new pg.Client({ connectionString: BASE });
    await c.connect();
    for (const n of databases) await c.query(`drop database if exists ${n} with (force)`);
    await c.end();
  }
});

async function withShop<T>(config: Config, fn: (app: AppContext) => Promise<T>): Promise<T> {
  const booted = await boot(config, { log: createLogger("silent"), listen: false });
  try {
    return await fn(booted.ctx);
  } finally {
    await booted.close();
  }
}

async function snapshot(app: AppContext) {
  return {
    orders: await app.db.select({ number: orders.orderNumber, email: orders.email, total: orders.productTotal, status: orders.status }).from(orders).orderBy(asc(orders.id)),
    customers: await app.db.select({ email: users.email, name: users.name, hash: users.passwordHash }).from(users).orderBy(asc(users.id)),
    pictures: readdirSync(uploadDir(app)).map((f) => [f, readFileSync(join(uploadDir(app), f)).toString("base64")]),
  };
}

describe(`backup and restore (${BASE ? "PostgreSQL: pg_dump/pg_restore" : "PGlite: its dump"})`, () => {
  it("a shop with orders, customers and pictures comes back the same in an empty database", async () => {
    const source = loadConfig({ NODE_ENV: "test", GEO_SEED: "minimal", DATA_DIR: temp("shop-src-"), ...(BASE ? { DATABASE_URL: (await newDatabase())! } : {}) });
    const before = await withShop(source, async (app) => {
      for (const [i, who] of ["Yedek Ayşe", "Yedek Mehmet"].entries()) {
        const email = `yedek.${i}@ornek.com.tr`;
        const m = await member(app, { email, name: who, password: "Yedek-Parola-2026" });
        const card = await savedCard(app, m.id, email);
        const b = await readyBasket(app, { sessionId: null, userId: m.id }, { lines: [{ productId: 10003, quantity: i + 1 }], pay: card.pay, email });
        await placeWithSavedCard(app, b, m.id);
      }
      mkdirSync(uploadDir(app), { recursive: true });
      writeFileSync(join(uploadDir(app), "deneme-resim.webp"), randomBytes(2048));
      return snapshot(app);
    });
    expect(before.orders).toHaveLength(2);
    expect(before.pictures).toHaveLength(1);

    const dir = join(temp("shop-backup-"), "2026-11-25");
    const made = await backup(source, dir);
    expect(made).toMatchObject({ kind: BASE ? "postgres" : "pglite", uploads: 1 });
    expect(made.migrations).toBeGreaterThan(0);

    const target = loadConfig({ NODE_ENV: "test", GEO_SEED: "minimal", DATA_DIR: temp("shop-dst-"), ...(BASE ? { DATABASE_URL: (await newDatabase())! } : {}) });
    await restore(target, dir);
    const after = await withShop(target, snapshot);
    expect(after).toEqual(before);

    // a second restore into the now-filled database is refused (never mixes two shops)
    await expect(restore(target, dir)).rejects.toBeInstanceOf(BackupError);
    // and a backup never overwrites an earlier one
    await expect(backup(source, dir)).rejects.toThrow(/not empty/);
  }, 120_000);
});
