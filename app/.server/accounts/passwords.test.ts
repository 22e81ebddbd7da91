import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./passwords";
import { testPasswordHash } from "./testing";

describe("password hashes (scrypt)", () => {
  it("a production shop's hash is scrypt with N = 2^15, r = 8, p = 1, a 16-byte salt and a 32-byte key", async () => {
    const cost = loadConfig({ NODE_ENV: "production" }).passwordHashCost;
    const stored = await hashPassword("Kurabiye-2026", cost);
    const [kind, n, r, p, salt, key] = stored.split("$");
    expect([kind, n, r, p]).toEqual(["scrypt", "32768", "8", "1"]);
    expect(Buffer.from(salt!, "base64url")).toHaveLength(16);
    expect(Buffer.from(key!, "base64url")).toHaveLength(32);
    expect(await verifyPassword("Kurabiye-2026", stored)).toBe(true);
    expect(await verifyPassword("kurabiye-2026", stored)).toBe(false);
    // two hashes of one password differ (their salts)
    expect(await hashPassword("Kurabiye-2026", cost)).not.toBe(stored);
  });

  it("a hash is checked with the cost stored in it, whatever the shop's cost is now", async () => {
    const cheap = await testPasswordHash("Şifre-ğüşıöç");
    expect(cheap.split("$")[1]).toBe(String(2 ** 10));
    expect(await verifyPassword("Şifre-ğüşıöç", cheap)).toBe(true);
    // the same letters typed as decomposed Unicode (a phone's keyboard may send them so) are the same password
    expect(await verifyPassword("Şifre-ğüşıöç".normalize("NFD"), cheap)).toBe(true);
    expect(await verifyPassword("Sifre-gusioc", cheap)).toBe(false);
    expect(await verifyPassword("Şifre-ğüşıöç", "bcrypt$2b$10$whatever")).toBe(false);
  });

  it("an unknown e-mail's check spends as long as a real one at the same cost", async () => {
    const stored = await hashPassword("x", 15);
    await burnPasswordCheck("y", 15); // the dummy hash is made once per cost
    // the median of three, each alone: a busy machine (the other test worker) stretches single timings
    const median = async (f: () => Promise<unknown>) => {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const t = performance.now();
        await f();
        times.push(performance.now() - t);
      }
      return times.sort((a, b) => a - b)[1]!;
    };
    const real = await median(() => verifyPassword("y", stored));
    const burn = await median(() => burnPasswordCheck("y", 15));
    expect(burn).toBeGreaterThan(real / 3);
    expect(burn).toBeLessThan(real * 3);
  });
});
