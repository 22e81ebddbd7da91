import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { migrate, openPglite, openPostgres } from "~/.server/db/client";
import { onServer } from "~/.server/db/testing";

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * A PGlite data directory made once per run and migrated to the shipped migrations (`dir`), and its dump
     * (`dump`, an uncompressed tarball); null on PostgreSQL (DATABASE_URL set).
     */
    pgliteTemplate: { dir: string; dump: string } | null;
    /** On PostgreSQL, a database migrated once per run that test databases are created from (`create database … template …`). */
    postgresTemplate: string | null;
  }
}

/**
 * Vitest's global setup: PGlite's initdb and the migrations cost ~4 s of a test's start (measured: initdb 2.0 s in
 * memory, 3.5 s on disk, migrations 0.55 s), and every test file and e2e shop paid them. They are done once here;
 * a test database is then a copy (openTestDatabase, startShop). On PostgreSQL the same for the migrations: test
 * databases are created from a migrated template database. Seeding still runs per database: it depends on the
 * test's clock and settings. Tests of a first start itself (startup.e2e, deploy.e2e) start their own processes on
 * empty directories and databases and are untouched, so a real first start is still tested on both engines.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    project.provide("pgliteTemplate", null);
    const name = `shop_template_${randomBytes(5).toString("hex")}`;
    await onServer(url, `create database ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = await openPostgres(u.toString(), 1);
    await migrate(database);
    // no connection may stay open on a template while databases are made from it
    await database.close();
    project.provide("postgresTemplate", name);
    return () => onServer(url, `drop database if exists ${name} with (force)`);
  }
  project.provide("postgresTemplate", null);
  const root = mkdtempSync(join(tmpdir(), "shop-pglite-template-"));
  const dir = join(root, "pglite");
  const database = await openPglite(dir);
  await migrate(database);
  await database.close();
  const client = new PGlite(dir);
  await client.waitReady;
  const dump = join(root, "dump.tar");
  writeFileSync(dump, new Uint8Array(await (await client.dumpDataDir("none")).arrayBuffer()));
  await client.close();
  project.provide("pgliteTemplate", { dir, dump });
  return async () => rmSync(root, { recursive: true, force: true });
}

