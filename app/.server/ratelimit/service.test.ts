import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../db/testing";
import { clientKey, perClient, perSubjectClient } from "./service";
import * as accounts from "../accounts/service";
import * as contact from "../contact/service";
import * as promos from "../promos/service";

/**
 * Issue 23 §4: one helper derives the client of every per-client limit — an IPv4 address as is, an IPv6 address
 * by its /64, an IPv4-mapped IPv6 address as the IPv4 address.
 */
describe("clientKey", () => {
  it.each([
    ["203.0.113.9", "203.0.113.9"],
    [" 203.0.113.9 ", "203.0.113.9"],
    ["::ffff:203.0.113.9", "203.0.113.9"],
    ["::FFFF:cb00:7109", "203.0.113.9"],
    ["[::ffff:203.0.113.9]", "203.0.113.9"],
    ["0:0:0:0:0:ffff:203.0.113.9", "203.0.113.9"],
    ["2001:DB8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::9", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["", "unknown"],
    ["not an address", "not an address"],
  ])("%j → %j", (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });

  it("two hosts of one /64 are one client; neighbouring /64s and IPv4 addresses are not", () => {
    expect(perClient("x", "2001:db8:1:2::a")).toBe(perClient("x", "2001:db8:1:2:8000::b"));
    expect(perClient("x", "2001:db8:1:2::a")).not.toBe(perClient("x", "2001:db8:1:3::a"));
    expect(perClient("x", "::ffff:198.51.100.4")).toBe(perClient("x", "198.51.100.4"));
    expect(perClient("x", "198.51.100.4")).not.toBe(perClient("x", "198.51.100.5"));
    expect(perSubjectClient("x", "acct", "a@b.c", "2001:db8:1:2::a")).toBe(perSubjectClient("x", "acct", "a@b.c", "2001:db8:1:2::b"));
  });
});

describe("every per-client limit counts a /64 as one client", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });
  // each address of this list is another host of the same subscriber's /64 (and the last an IPv4-mapped twin)
  const hosts = (n: number, net: string) => Array.from({ length: n }, (_, i) => `${net}:${(i + 1).toString(16)}:0:0:${i + 7}`);

  it("contact messages", async () => {
    const input = { name: "Ayşe Yılmaz", email: "ayse@ornek.com.tr", findus: "instagram" as const, news: false, message: "Merhaba, sipariş hakkında bir sorum var." };
    const addrs = hosts(contact.CONTACT_LIMIT[0], "2001:db8:c0:1");
    for (const ip of addrs) expect((await contact.send(app, input, ip)).ok).toBe(true);
    expect((await contact.send(app, input, "2001:db8:c0:1::ffff")).ok).toBe(false);
    // another subscriber is not held back
    expect((await contact.send(app, input, "2001:db8:c0:2::1")).ok).toBe(true);
    for (let i = 0; i < contact.CONTACT_LIMIT[0]; i++) expect((await contact.send(app, input, "198.51.100.20")).ok).toBe(true);
    expect((await contact.send(app, input, "::ffff:198.51.100.20")).ok).toBe(false);
  });

  it("promotion-code attempts", async () => {
    const results = [];
    for (const [i, ip] of hosts(31, "2001:db8:c0:3").entries()) results.push(await promos.attemptAllowed(app, ip, `session:s${i}`));
    expect(results.slice(0, 30).every((r) => r.ok)).toBe(true);
    expect(results[30]!.ok).toBe(false);
  });

  it("failed sign-ins across accounts", async () => {
    const tries = [];
    for (const [i, ip] of hosts(accounts.SIGN_IN_LIMITS.client.limit, "2001:db8:c0:4").entries()) {
      tries.push(await accounts.signIn(app, new Request("https://shop.test/"), { email: `yok${i}@ornek.com.tr`, password: "Yanlis-Sifre-1", ip }));
    }
    expect(tries.every((r) => !r.ok && r.status === 401)).toBe(true);
    expect(await accounts.signIn(app, new Request("https://shop.test/"), { email: "yine@ornek.com.tr", password: "Yanlis-Sifre-1", ip: "2001:db8:c0:4::abcd" })).toMatchObject({ status: 429 });
  }, 60_000);

  it("password reset requests", async () => {
    const results = [];
    for (const [i, ip] of hosts(accounts.MAIL_LIMITS.client.limit + 1, "2001:db8:c0:5").entries()) {
      results.push(await accounts.requestPasswordReset(app, { email: `sifirla${i}@ornek.com.tr`, ip }));
    }
    expect(results.slice(0, -1).every((r) => r.ok)).toBe(true);
    expect(results.at(-1)).toMatchObject({ ok: false, status: 429 });
  });
});
