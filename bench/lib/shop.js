// Starts the built shop (`node server.js`, NODE_ENV=production) for a benchmark: a free port on 127.0.0.1,
// a throw-away PGlite directory, or — with `databaseUrl` — a fresh PostgreSQL database created here and
// dropped by stop(). `prepare(app)` may run before the start (PGlite) or after it (PostgreSQL) with an
// AppContext of the same database (see bench/lib/prepare.js).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
    s.on("error", reject);
  });
}

/** A fresh database on the PostgreSQL server of `baseUrl`; returns its URL and a drop function. */
export async function createDatabase(baseUrl) {
  const name = `shop_bench_${randomBytes(5).toString("hex")}`;
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const d = new pg.Client({ connectionString: baseUrl });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

export async function waitForHealth(url, child, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`shop exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      /* starting */
    }
    if (Date.now() > deadline) throw new Error("shop did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * @param {{ buildDir?: string, databaseUrl?: string, env?: Record<string,string>, dataDir?: string, databaseUrlReady?: string }} opts
 *   databaseUrl: a PostgreSQL server to create a database on; databaseUrlReady: an existing database to use as is.
 */
export async function startBenchShop(opts = {}) {
  const port = await freePort();
  const ownDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), "shop-bench-"));
  const db = opts.databaseUrlReady ? { url: opts.databaseUrlReady, drop: async () => {} } : opts.databaseUrl ? await createDatabase(opts.databaseUrl) : null;
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME ?? "/tmp",
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    BUILD_DIR: opts.buildDir ?? process.env.BUILD_DIR ?? "build",
    ...(db ? { DATABASE_URL: db.url } : {}),
    ...opts.env,
  };
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), "server.js"], { env, stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child);
  } catch (e) {
    child.kill("SIGKILL");
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    await db?.drop();
    throw e;
  }
  return {
    url,
    port,
    env,
    pid: child.pid,
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      if (keepData) return;
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
      await db?.drop();
    },
  };
}
