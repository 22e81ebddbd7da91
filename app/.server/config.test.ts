import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("config", () => {
  it("has defaults for a bare machine", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, dataDir: "./data", mailOutboxDir: "./data/outbox", paymentProvider: "sandbox", databaseUrl: undefined });
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
});
