import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import pg from "pg";
import type { Config } from "../config";
import { dumpPglite, loadPglite, redactUrl, shippedMigrations } from "../db/client";
import { systemClock } from "~/shared/clock";

/**
 * Backups (issue 25 §3). One directory per backup:
 *   manifest.json      what it is (database kind, time, app version, migrations)
 *   database.dump      PostgreSQL: `pg_dump --format=custom` (consistent: one snapshot); PGlite: its own dump (tar.gz)
 *   uploads/           the uploaded product pictures ($DATA_DIR/uploads)
 * `restore` goes into an EMPTY database (or PGlite directory) and copies the pictures back. The mail outbox is
 * not backed up (sent mail). PostgreSQL: pg_dump's major version must be at least the server's (checked first).
 */
export interface Manifest {
  kind: "postgres" | "pglite";
  createdAt: string;
  version: string;
  migrations: number;
  uploads: number;
}

export class BackupError extends Error {}

/** libpq's variables for a connection string: the password never goes on a command line. */
function pgEnv(url: string): Record<string, string> {
  const u = new URL(url);
  const env: Record<string, string> = {
    PGHOST: decodeURIComponent(u.hostname) || "localhost",
    PGPORT: u.port || "5432",
    PGDATABASE: decodeURIComponent(u.pathname.replace(/^\//, "")),
  };
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const ssl = u.searchParams.get("sslmode");
  if (ssl) env.PGSSLMODE = ssl;
  return env;
}

function run(cmd: string, args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((done) => {
    // only the connection variables: the command is found on the default search path (/usr/bin), the
    // password reaches libpq through PGPASSWORD, never the command line
    const p = spawn(cmd, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    p.stdout.on("data", (c) => (out += String(c)));
    p.stderr.on("data", (c) => (out += String(c)));
    p.on("error", (e) => done({ code: 127, out: e.message }));
    p.on("exit", (code) => done({ code: code ?? 1, out }));
  });
}

async function serverMajor(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query<{ v: string }>("show server_version_num");
    return Math.floor(Number(r.rows[0]!.v) / 10_000);
  } finally {
    await c.end();
  }
}

async function toolMajor(tool: string): Promise<number> {
  const r = await run(tool, ["--version"], {});
  const m = /(\d+)(?:\.\d+)?/.exec(r.out);
  if (r.code !== 0 || !m) throw new BackupError(`${tool} bulunamadı / not found: install the PostgreSQL client (apt-get install postgresql-client)`);
  return Number(m[1]);
}

/** pg_dump/pg_restore older than the server cannot read it: say so before trying. */
async function checkClient(tool: string, url: string): Promise<void> {
  const [client, server] = [await toolMajor(tool), await serverMajor(url)];
  if (client < server) throw new BackupError(`${tool} ${client} is older than the PostgreSQL server ${server}: install postgresql-client-${server}`);
}

const uploadsDir = (config: Config) => join(config.dataDir, "uploads");

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

export async function backup(config: Config, target: string): Promise<Manifest> {
  const dir = resolve(target);
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new BackupError(`Hedef boş değil / target is not empty: ${dir}`);
  mkdirSync(dir, { recursive: true });
  let kind: Manifest["kind"];
  if (config.databaseUrl) {
    kind = "postgres";
    await checkClient("pg_dump", config.databaseUrl);
    const r = await run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", "--file", join(dir, "database.dump")], pgEnv(config.databaseUrl));
    if (r.code !== 0) throw new BackupError(`pg_dump failed for ${redactUrl(config.databaseUrl)}: ${r.out.trim().split("\n")[0]}`);
  } else {
    kind = "pglite";
    writeFileSync(join(dir, "database.dump"), await dumpPglite(resolve(config.dataDir, "pglite")));
  }
  if (existsSync(uploadsDir(config))) cpSync(uploadsDir(config), join(dir, "uploads"), { recursive: true });
  const manifest: Manifest = { kind, createdAt: systemClock.now().toISOString(), version: config.version, migrations: shippedMigrations(), uploads: countFiles(join(dir, "uploads")) };
  writeFileSync(join(dir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export async function restore(config: Config, source: string): Promise<Manifest> {
  const dir = resolve(source);
  const manifestFile = join(dir, "manifest.json");
  if (!existsSync(manifestFile)) throw new BackupError(`Yedek bulunamadı / no backup here: ${manifestFile} is missing`);
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
  const wanted = config.databaseUrl ? "postgres" : "pglite";
  if (manifest.kind !== wanted) throw new BackupError(`This backup is of ${manifest.kind}; the configured database is ${wanted}`);
  if (config.databaseUrl) {
    await checkClient("pg_restore", config.databaseUrl);
    const c = new pg.Client({ connectionString: config.databaseUrl });
    await c.connect();
    try {
      const r = await c.query<{ n: number }>("select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')");
      if (r.rows[0]!.n > 0) throw new BackupError(`Veritabanı boş değil / the database is not empty: ${redactUrl(config.databaseUrl)} — restore into a new database`);
    } finally {
      await c.end();
    }
    const r = await run("pg_restore", ["--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", "--dbname", pgEnv(config.databaseUrl).PGDATABASE!, join(dir, "database.dump")], pgEnv(config.databaseUrl));
    if (r.code !== 0) throw new BackupError(`pg_restore failed for ${redactUrl(config.databaseUrl)}: ${r.out.trim().split("\n")[0]}`);
  } else {
    const target = resolve(config.dataDir, "pglite");
    if (existsSync(target) && readdirSync(target).length > 0) throw new BackupError(`Veri dizini boş değil / ${target} is not empty — restore into a new DATA_DIR`);
    await loadPglite(target, new Uint8Array(readFileSync(join(dir, "database.dump"))));
  }
  if (existsSync(join(dir, "uploads"))) cpSync(join(dir, "uploads"), uploadsDir(config), { recursive: true });
  return manifest;
}
