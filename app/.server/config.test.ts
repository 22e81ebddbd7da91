import { describe, expect, it } from "vitest";
import { join } from "node:path";
import express from "express";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { ConfigError, loadConfig, parseTrustProxy } from "./config";
import { codeRoot } from "./paths";

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e.message;
    throw e;
  }
  throw new Error("no config error");
}

describe("config", () => {
  it("has defaults for a bare machine", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, dataDir: join(codeRoot(), "data"), mailOutboxDir: join(codeRoot(), "data", "outbox"), paymentProvider: "sandbox", databaseUrl: undefined });
    expect(c).toMatchObject({ trustProxy: false, seed: "demo", db: { poolMax: 10, connectTimeoutMs: 5000, statementTimeoutMs: 30000 }, shutdownTimeoutSeconds: 20 });
  });
  it("stops with one line naming the bad variable", () => {
    for (const [env, name] of [
      [{ PORT: "seksen" }, "PORT"],
      [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
      [{ PAYMENT_PROVIDER: "paypal" }, "PAYMENT_PROVIDER"],
      [{ SHOP_NOW: "yesterday" }, "SHOP_NOW"],
      [{ PAYMENT_PROVIDER: "iyzico" }, "IYZICO_API_KEY"],
    ] as const) {
      let err: unknown;
      try {
        loadConfig(env);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ConfigError);
      const msg = (err as Error).message;
      expect(msg).toContain(name);
      expect(msg.split("\n")).toHaveLength(1);
    }
  });
  it("refuses SHOP_NOW in production and accepts it otherwise", () => {
    expect(() => loadConfig({ NODE_ENV: "production", SHOP_NOW: "2026-11-23T10:00:00+03:00" })).toThrow(/SHOP_NOW/);
    expect(loadConfig({ NODE_ENV: "test", SHOP_NOW: "2026-11-23T10:00:00+03:00" }).shopNow).toBe("2026-11-23T10:00:00+03:00");
  });

  it("hashes passwords at cost 15 unless told otherwise; below 15 only outside production (decision 0050)", () => {
    expect(loadConfig({}).passwordHashCost).toBe(15);
    expect(loadConfig({ NODE_ENV: "production" }).passwordHashCost).toBe(15);
    expect(loadConfig({ NODE_ENV: "production", PASSWORD_HASH_COST: "17" }).passwordHashCost).toBe(17);
    expect(() => loadConfig({ NODE_ENV: "production", PASSWORD_HASH_COST: "14" })).toThrow(/PASSWORD_HASH_COST.*below 15 is refused when NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: "test", PASSWORD_HASH_COST: "10" }).passwordHashCost).toBe(10);
    expect(() => loadConfig({ NODE_ENV: "test", PASSWORD_HASH_COST: "9" })).toThrow(/PASSWORD_HASH_COST/);
    expect(() => loadConfig({ NODE_ENV: "test", PASSWORD_HASH_COST: "21" })).toThrow(/PASSWORD_HASH_COST/);
  });

  it("takes relative paths from the shop's own directory, not the working directory", () => {
    expect(codeRoot()).toBe(join(import.meta.dirname, "..", ".."));
    const c = loadConfig({ DATA_DIR: "var/shop", BUILD_DIR: "build-x" });
    expect(c.dataDir).toBe(join(codeRoot(), "var", "shop"));
    expect(c.buildDir).toBe(join(codeRoot(), "build-x"));
    expect(loadConfig({ DATA_DIR: "/srv/shop" }).dataDir).toBe("/srv/shop");
  });
  it("never prints a secret's value: it names the variable and the rule", () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ ADMIN_PASSWORD: "kisa7ch" }, "ADMIN_PASSWORD", "kisa7ch"],
      [{ SECRET_KEY: "gizli-anahtar-kisa" }, "SECRET_KEY", "gizli-anahtar-kisa"],
      [{ METRICS_TOKEN: "olcum-jetonu" }, "METRICS_TOKEN", "olcum-jetonu"],
      [{ DATABASE_URL: "mysql://dukkan:SuperGizli123@db.example/shop" }, "DATABASE_URL", "SuperGizli123"],
      [{ SMTP_URL: "http://posta:PostaParolasi9@smtp.example" }, "SMTP_URL", "PostaParolasi9"],
      [{ PAYMENT_PROVIDER: "iyzico", IYZICO_API_KEY: "api-anahtari-77", IYZICO_BASE_URL: "https://sandbox-api.iyzipay.com" }, "IYZICO_SECRET_KEY", "api-anahtari-77"],
    ];
    for (const [env, name, secret] of cases) {
      const msg = configError(env);
      expect(msg).toContain(name);
      expect(msg).not.toContain(secret);
      expect(msg.split("\n")).toHaveLength(1);
    }
    // a URL keeps what helps (scheme, host), never its password
    expect(configError({ DATABASE_URL: "mysql://dukkan:SuperGizli123@db.example/shop" })).toContain("db.example");
    // a value that is no secret is shown, to help
    expect(configError({ PORT: "seksen" })).toContain('"seksen"');
  });
  it("TRUST_PROXY is 0, a hop count or a list of addresses — never 'trust everything'", () => {
    expect(parseTrustProxy("0")).toBe(false);
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("2")).toBe(2);
    expect(parseTrustProxy("loopback")).toEqual(["loopback"]);
    expect(parseTrustProxy("10.0.0.5, 10.0.1.0/24,fd00::/8")).toEqual(["10.0.0.5", "10.0.1.0/24", "fd00::/8"]);
    for (const bad of ["true", "yes", "*", "all", "0.0.0.0/0x", "10.0.0.0/33", "10", "-1", "", "example.com"]) {
      expect(parseTrustProxy(bad), bad).toBeUndefined();
    }
    expect(configError({ TRUST_PROXY: "true" })).toContain("TRUST_PROXY");
    expect(loadConfig({ TRUST_PROXY: "loopback" }).trustProxy).toEqual(["loopback"]);
  });
  it("with the configured trust, a client-written X-Forwarded-For does not become the client's address", async () => {
    const ipFor = async (trust: string, xff: string) => {
      const app = express();
      app.set("trust proxy", loadConfig({ TRUST_PROXY: trust }).trustProxy);
      app.get("/", (req, res) => res.json({ ip: req.ip, protocol: req.protocol }));
      const server = createServer(app).listen(0, "127.0.0.1");
      await new Promise((r) => server.once("listening", r));
      try {
        const r = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers: { "x-forwarded-for": xff, "x-forwarded-proto": "https" } });
        return (await r.json()) as { ip: string; protocol: string };
      } finally {
        server.close();
      }
    };
    // the client wrote 6.6.6.6; the proxy appended the address it saw (203.0.113.9)
    expect(await ipFor("1", "6.6.6.6, 203.0.113.9")).toEqual({ ip: "203.0.113.9", protocol: "https" });
    expect(await ipFor("loopback", "6.6.6.6, 203.0.113.9")).toEqual({ ip: "203.0.113.9", protocol: "https" });
    // no proxy trusted: the headers are ignored (the peer's address, plain http)
    expect(await ipFor("0", "6.6.6.6, 203.0.113.9")).toEqual({ ip: "127.0.0.1", protocol: "http" });
    // a proxy list that does not include the peer: ignored too
    expect(await ipFor("10.0.0.5", "6.6.6.6")).toEqual({ ip: "127.0.0.1", protocol: "http" });
  });
  it("SEED, pool size and timeouts are read and checked", () => {
    expect(loadConfig({ SEED: "catalog" }).seed).toBe("catalog");
    expect(configError({ SEED: "hepsi" })).toContain("SEED");
    expect(loadConfig({ DB_POOL_MAX: "25", DB_CONNECT_TIMEOUT_MS: "2000", DB_STATEMENT_TIMEOUT_MS: "0", DB_START_WAIT_SECONDS: "5" }).db).toMatchObject({ poolMax: 25, connectTimeoutMs: 2000, statementTimeoutMs: 0, startWaitSeconds: 5 });
    expect(configError({ DB_POOL_MAX: "0" })).toContain("DB_POOL_MAX");
  });
});
