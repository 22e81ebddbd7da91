import { afterAll, describe, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import { freePort, withShopDb } from "./server";
import { EXAMPLE_SELLER_ENV } from "~/.server/seller/env";

/**
 * Production start-up (issue 25 §2) of the built server: one clear line for each failure and never a secret,
 * a server started from another working directory, a second server on the same PGlite directory refused, the
 * PUBLIC_URL warning, and SEED=catalog seeding no demo promotion codes. PGlite on purpose (the refusals are about
 * its directory), also in the PostgreSQL CI run.
 */
const SERVER = resolve("server.js");
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const temps: string[] = [];
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const c of children) {
    if (c.exitCode === null && c.signalCode === null) {
      const gone = new Promise((r) => c.once("exit", r));
      c.kill("SIGTERM");
      await gone;
    }
  }
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

function temp(prefix: string): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  temps.push(d);
  return d;
}

function baseEnv(extra: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", HOST: "127.0.0.1", NODE_ENV: "production", GEO_SEED: "minimal", LOG_LEVEL: "warn", BUILD_DIR, ...EXAMPLE_SELLER_ENV, ...extra };
}

/** Runs the server until it exits (or `ms` passes): its exit code, stderr+stdout and how long it took. */
function runToExit(env: Record<string, string>, opts: { cwd?: string; script?: string; ms?: number } = {}): Promise<{ code: number | null; out: string; ms: number }> {
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [opts.script ?? SERVER], { env, cwd: opts.cwd, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (c) => (out += String(c)));
    child.stderr.on("data", (c) => (out += String(c)));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not exit within ${opts.ms ?? 20_000} ms: ${out}`));
    }, opts.ms ?? 20_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolvePromise({ code, out, ms: performance.now() - started });
    });
  });
}

function expectOneLine(out: string) {
  const lines = out.trim().split("\n");
  expect(lines, out).toHaveLength(1);
  expect(out).not.toMatch(/^\s+at /m);
}

describe("start-up failures are one line each", () => {
  it("port in use: told at once, before any database work", async () => {
    const blocker = createServer().listen(0, "127.0.0.1");
    await new Promise((r) => blocker.once("listening", r));
    try {
      const port = (blocker.address() as { port: number }).port;
      const dataDir = temp("shop-port-");
      const r = await runToExit(baseEnv({ PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: "https://kurabiye.example.com.tr" }));
      expect(r.code).toBe(1);
      expectOneLine(r.out);
      expect(r.out).toContain(`port in use: 127.0.0.1:${port} (PORT)`);
      // before any database work: nothing was made in the data directory (no PGlite files, no uploads, no outbox).
      // Not a time limit: a loaded CI machine took 3.5 s to start Node and load the server, which says nothing.
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      blocker.close();
    }
  });

  it("PostgreSQL unreachable: retried for DB_START_WAIT_SECONDS, then one line without the password", async () => {
    const deadPort = await freePort();
    const r = await runToExit(
      baseEnv({ PORT: String(await freePort()), DATABASE_URL: `postgres://dukkan:CokGizliParola42@127.0.0.1:${deadPort}/kurabiye`, DB_START_WAIT_SECONDS: "2", PUBLIC_URL: "https://kurabiye.example.com.tr" }),
    );
    expect(r.code).toBe(1);
    expect(r.out).not.toContain("CokGizliParola42");
    const lines = r.out.trim().split("\n");
    // one warning when the first try fails (JSON log line), then the one-line verdict
    expect(lines.at(-1)).toContain(`cannot reach PostgreSQL at postgres://dukkan:***@127.0.0.1:${deadPort}/kurabiye`);
    expect(r.out).not.toMatch(/^\s+at /m);
    expect(r.ms).toBeGreaterThanOrEqual(2_000);
    expect(r.ms).toBeLessThan(8_000);
  });

  it("a configuration error names the variable and the rule, never a secret's value", async () => {
    const r = await runToExit(baseEnv({ PORT: String(await freePort()), ADMIN_EMAIL: "yonetici@ornek.com.tr", ADMIN_PASSWORD: "kisa-7", SECRET_KEY: "cok-gizli-ama-kisa" }));
    expect(r.code).toBe(1);
    expectOneLine(r.out);
    expect(r.out).toMatch(/ADMIN_PASSWORD|SECRET_KEY/);
    expect(r.out).not.toContain("kisa-7");
    expect(r.out).not.toContain("cok-gizli-ama-kisa");
  });

  it("migrations missing (drizzle/ not shipped beside the code): one line naming the folder", async () => {
    const release = temp("shop-release-");
    cpSync(SERVER, join(release, "server.js"));
    cpSync("package.json", join(release, "package.json"));
    cpSync(BUILD_DIR, join(release, BUILD_DIR), { recursive: true });
    symlinkSync(resolve("node_modules"), join(release, "node_modules"));
    const r = await runToExit(baseEnv({ PORT: String(await freePort()), DATA_DIR: join(release, "data"), PUBLIC_URL: "https://kurabiye.example.com.tr" }), { cwd: release, script: join(release, "server.js") });
    expect(r.code).toBe(1);
    expectOneLine(r.out);
    expect(r.out).toContain(`migrations missing: ${join(release, "drizzle")}`);
  });
});

describe("a production start on PGlite", () => {
  it("starts from another working directory, warns about PUBLIC_URL, seeds no demo codes with SEED=catalog, and refuses a second server on its directory", async () => {
    const dataDir = temp("shop-pglite-");
    const port = await freePort();
    const env = baseEnv({ PORT: String(port), DATA_DIR: dataDir, SEED: "catalog" });
    // started from / : migrations and the build are found beside the code
    const first = spawn(process.execPath, [SERVER], { env, cwd: "/", stdio: ["ignore", "pipe", "pipe"] });
    children.push(first);
    let out = "";
    first.stdout.on("data", (c) => (out += String(c)));
    first.stderr.on("data", (c) => (out += String(c)));
    const deadline = performance.now() + 90_000;
    for (;;) {
      if (first.exitCode !== null) throw new Error(`first server exited: ${out}`);
      if (await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false)) break;
      if (performance.now() > deadline) throw new Error(`first server did not start: ${out}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await fetch(`http://127.0.0.1:${port}/home`)).status).toBe(200);
    expect(out).toContain("PUBLIC_URL is not set");
    const serverJson = readFileSync(join(dataDir, "server.json"), "utf8");

    // a second server on the same directory: refused in one line, and the first's server.json stays
    const second = await runToExit({ ...env, PORT: String(await freePort()), PUBLIC_URL: "https://kurabiye.example.com.tr" });
    expect(second.code).toBe(1);
    expectOneLine(second.out);
    expect(second.out).toContain(`data directory in use: ${dataDir} belongs to the server with pid ${first.pid} (port ${port})`);
    expect(readFileSync(join(dataDir, "server.json"), "utf8")).toBe(serverJson);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    // `npm run migrate` is refused while the server owns the directory
    const migrate = await runToExit(env, { script: resolve("bin/migrate.js") });
    expect(migrate.code).toBe(1);
    expect(migrate.out).toContain("data directory in use");

    const gone = new Promise((r) => first.once("exit", r));
    first.kill("SIGTERM");
    await gone;
    expect(existsSync(join(dataDir, "server.json"))).toBe(false);

    // now it runs (nothing new to apply)
    const again = await runToExit(env, { script: resolve("bin/migrate.js") });
    expect(again.code, again.out).toBe(0);
    expect(again.out).toMatch(/migrations applied: 0 new, \d+ in all \(pglite\)/);

    // SEED=catalog: products, no demo promotion codes
    const counts = await withShopDb({ DATA_DIR: dataDir, SEED: "catalog", GEO_SEED: "minimal" }, async (app) => {
      const n = async (q: ReturnType<typeof sql>) => ((await app.db.execute(q)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
      return { promos: await n(sql`select count(*)::int as n from promo_codes`), products: await n(sql`select count(*)::int as n from catalog_products`) };
    });
    expect(counts.promos).toBe(0);
    expect(counts.products).toBeGreaterThan(10);
  }, 150_000);
});
