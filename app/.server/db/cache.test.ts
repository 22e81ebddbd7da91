import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "./testing";
import { CACHE_CHANNEL } from "./cache";

let app: TestApp;
const dropped: string[] = [];
const patched: string[] = [];
beforeAll(async () => {
  app = await createTestApp();
  app.cache.onDrop((k) => dropped.push(k));
  app.cache.onPatched((k) => patched.push(k));
});
afterAll(() => app.close());

/** Sends a patch notice for `key` as a committing statement would, and waits until the cache has taken it. */
async function notice(key: string, change: unknown): Promise<void> {
  const seen = dropped.length + patched.length;
  await app.db.execute(sql`select ${app.cache.patchNotice(key, sql`${JSON.stringify(change)}::json`)}`);
  for (let i = 0; i < 200 && dropped.length + patched.length === seen; i++) await new Promise((r) => setTimeout(r, 5));
}

describe("patch notices (decision 0056)", () => {
  const sum = (current: number, change: unknown) => {
    if (typeof change !== "number") throw new Error("not a number");
    return current + change;
  };

  it("a cached value is brought up to date without loading it again", async () => {
    app.cache.onPatch("t:a", sum);
    let loads = 0;
    const load = async () => (++loads, 10);
    expect(await app.cache.get("t:a", load)).toBe(10);
    await notice("t:a", 5);
    expect(patched).toContain("t:a");
    expect(await app.cache.get("t:a", load)).toBe(15);
    expect(loads).toBe(1);
  });

  it("a value still loading, a key without a patcher and a change the patcher refuses are dropped instead", async () => {
    app.cache.onPatch("t:b", sum);
    let release!: (n: number) => void;
    let loads = 0;
    const slow = () => (++loads, new Promise<number>((r) => (release = r)));
    const first = app.cache.get("t:b", slow);
    // the load may have read before the change committed: the notice drops it
    await notice("t:b", 5);
    expect(dropped).toContain("t:b");
    release(10);
    expect(await first).toBe(10);
    const again = app.cache.get("t:b", slow);
    release(15);
    expect(await again).toBe(15);
    expect(loads).toBe(2);

    let cLoads = 0;
    expect(await app.cache.get("t:c", async () => (++cLoads, 1))).toBe(1);
    await notice("t:c", 5); // no patcher for t:c
    expect(await app.cache.get("t:c", async () => (++cLoads, 2))).toBe(2);
    expect(cLoads).toBe(2);

    app.cache.onPatch("t:d", sum);
    expect(await app.cache.get("t:d", async () => 1)).toBe(1);
    await notice("t:d", "five"); // refused by the patcher
    expect(await app.cache.get("t:d", async () => 3)).toBe(3);
  });

  it("a key that is not cached stays so; plain notices still drop keys and prefixes", async () => {
    app.cache.onPatch("t:e", sum);
    await notice("t:e", 1);
    expect(await app.cache.get("t:e", async () => 7)).toBe(7);
    await app.db.execute(sql`select pg_notify(${CACHE_CHANNEL}, 't:*')`);
    for (let i = 0; i < 200 && !dropped.includes("t:*"); i++) await new Promise((r) => setTimeout(r, 5));
    expect(await app.cache.get("t:e", async () => 8)).toBe(8);
  });
});
