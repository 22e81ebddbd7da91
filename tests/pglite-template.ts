import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { migrate, openPglite } from "~/.server/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * A PGlite data directory made once per run and migrated to the shipped migrations (`dir`), and its dump
     * (`dump`, an uncompressed tarball); null on PostgreSQL (DATABASE_URL set).
     */
    pgliteTemplate: { dir: string; dump: string } | null;
  }
}

/**
 * Vitest's global setup: PGlite's initdb and the migrations cost ~4 s of a test's start (measured: initdb 2.0 s in
 * memory, 3.5 s on disk, migrations 0.55 s), and every test file and e2e shop paid them. They are done once here;
 * a test database is then a copy (openTestDatabase, startShop). Seeding still runs per database: it depends on the
 * test's clock and settings. Tests of a first start itself (startup.e2e, deploy.e2e) start their own processes on
 * empty directories and are untouched.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.DATABASE_URL) {
    project.provide("pgliteTemplate", null);
    return () => {};
  }
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
  return () => rmSync(root, { recursive: true, force: true });
}
