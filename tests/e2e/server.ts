import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { loadConfig, LOWEST_PASSWORD_HASH_COST } from "~/.server/config";
import { EXAMPLE_SELLER_ENV } from "~/.server/seller/env";
import { boot } from "~/.server/boot";
import { newPostgresDatabase } from "~/.server/db/testing";
import { createLogger } from "~/.server/log";
import type { AppContext } from "~/.server/context";

export interface RunningShop {
  url: string;
  dataDir: string;
  env: Record<string, string>;
  process: ChildProcess;
  stop(): Promise<void>;
  /** The shop's log lines (pino JSON) when started with `captureLog`; otherwise empty. */
  log: string[];
  /** Runs `npm run site -- …` against this shop. */
  site(...args: string[]): Promise<{ code: number; out: string }>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

/**
 * Starts the built shop (`node server.js`) on a free port with its own data directory, or its own
 * PostgreSQL database when DATABASE_URL is set. NODE_ENV=production unless a fixed clock is asked for.
 */
export async function startShop(opts: { env?: Record<string, string>; shopNow?: string; captureLog?: boolean } = {}): Promise<RunningShop> {
  const port = await freePort();
  const dataDir = opts.env?.DATA_DIR ?? mkdtempSync(join(tmpdir(), "shop-e2e-"));
  fromTemplate(dataDir);
  const baseUrl = process.env.DATABASE_URL;
  let database: Awaited<ReturnType<typeof newPostgresDatabase>> | undefined;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "/tmp",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    NODE_ENV: opts.shopNow ? "test" : "production",
    LOG_LEVEL: "warn",
    // the ~72 k neighbourhoods outside İstanbul take most of a first start; the specs that need them (and the
    // check that `npm start` seeds them) pass GEO_SEED=full themselves
    GEO_SEED: "minimal",
    BUILD_DIR: process.env.BUILD_DIR ?? "build",
    // a shop on a fixed clock runs as NODE_ENV=test: its new passwords are hashed at the lowest cost (decision 0050);
    // a production shop keeps the production cost (accounts made by the tests' fixtures are cheap either way)
    ...(opts.shopNow ? { SHOP_NOW: opts.shopNow, PASSWORD_HASH_COST: String(LOWEST_PASSWORD_HASH_COST) } : {}),
    // production refuses to start without the seller's identity (decision 0032): the demo's example values
    ...EXAMPLE_SELLER_ENV,
    ...opts.env,
  };
  if (baseUrl) {
    database = await newPostgresDatabase(baseUrl, "shop_e2e");
    env.DATABASE_URL = database.url;
  }
  const child = spawn(process.execPath, ["server.js"], { env, stdio: ["ignore", opts.captureLog ? "pipe" : "inherit", "inherit"] });
  const log: string[] = [];
  if (opts.captureLog) {
    let rest = "";
    child.stdout!.on("data", (d) => {
      const lines = (rest + String(d)).split("\n");
      rest = lines.pop() ?? "";
      log.push(...lines.filter(Boolean));
    });
  }
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`shop exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${url}/healthz`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error("shop did not start within 60 s");
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    env,
    process: child,
    log,
    async stop() {
      // a process killed by a signal (a crash test's SIGKILL) has signalCode set and exitCode null
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
    site(...args: string[]) {
      return new Promise((resolve) => {
        const p = spawn(process.execPath, ["bin/site.js", ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
        let out = "";
        p.stdout.on("data", (d) => (out += String(d)));
        p.stderr.on("data", (d) => (out += String(d)));
        p.on("exit", (code) => resolve({ code: code ?? 1, out }));
      });
    },
  };
}

/**
 * On PGlite, a data directory without a database yet gets a copy of the run's migrated template
 * (tests/database-templates.ts): the shop then seeds it at its own clock, as on a first start, without initdb and
 * the migrations (~4 s a start). A directory that has a database (a restart) is left as it is.
 */
function fromTemplate(dataDir: string): void {
  const template = inject("pgliteTemplate");
  const target = join(dataDir, "pglite");
  if (template && !existsSync(target)) cpSync(template.dir, target, { recursive: true });
}

/**
 * Runs `fn` with an AppContext on a shop's database, to prepare data the way staff or earlier orders would.
 * PGlite: call it before the shop starts (its directory belongs to one process); PostgreSQL: any time.
 */
export async function withShopDb<T>(env: Record<string, string | undefined>, fn: (app: AppContext) => Promise<T>): Promise<T> {
  if (!env.DATABASE_URL && env.DATA_DIR) fromTemplate(env.DATA_DIR);
  // a production shop's env (as `shop.env`) keeps the production cost; it refuses a lower one
  const cheap = env.NODE_ENV === "production" ? {} : { PASSWORD_HASH_COST: String(LOWEST_PASSWORD_HASH_COST) };
  const config = loadConfig({ NODE_ENV: "test", ...cheap, ...env });
  const booted = await boot(config, { listen: false, log: createLogger("silent") });
  try {
    return await fn(booted.ctx);
  } finally {
    await booted.close();
  }
}

/** Starts a shop after `prepare` has run on its database (see withShopDb for the order of the two). */
export async function startPreparedShop(
  env: Record<string, string>,
  prepare: (app: AppContext) => Promise<void>,
  opts: { shopNow?: string; captureLog?: boolean } = {},
): Promise<{ shop: RunningShop; cleanup(): void }> {
  // `prepare` runs at the shop's fixed time too: data it makes for a checkout (a delivery choice with its
  // shown dates) must be what the shop computes at its own time
  const prepEnv = opts.shopNow ? { SHOP_NOW: opts.shopNow, ...env } : env;
  if (process.env.DATABASE_URL) {
    const shop = await startShop({ env, ...opts });
    // the shop's own DATA_DIR too: what `prepare` stores there (uploaded pictures) is the shop's
    await withShopDb({ ...prepEnv, DATABASE_URL: shop.env.DATABASE_URL, DATA_DIR: shop.env.DATA_DIR }, prepare);
    return { shop, cleanup: () => {} };
  }
  const dataDir = mkdtempSync(join(tmpdir(), "shop-e2e-prep-"));
  await withShopDb({ ...prepEnv, DATA_DIR: dataDir }, prepare);
  const shop = await startShop({ env: { ...env, DATA_DIR: dataDir }, ...opts });
  return { shop, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
}
