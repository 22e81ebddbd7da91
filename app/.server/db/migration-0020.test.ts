import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "./testing";
import { fortuneEntries, fortuneNicks, fortunePeriods, fortuneWinners } from "./schema/fortune";
import { contactMessages } from "./schema/contact";
import { normaliseNick } from "~/shared/fortune";
import { normalizeEmail } from "~/shared/account";
import { fortuneTr } from "~/shared/texts/fortune.tr";

/**
 * Migration 0020 fixes data stored by the old rules (issue 22): nicknames keyed by Turkish lower case, contact
 * e-mail addresses lower-cased without care for İ/ı, and the seeded prize texts. Run against the real database
 * on rows as the old code wrote them.
 */
const SQL_TEXT = readFileSync(new URL("../../../drizzle/0020_fold_identifiers_and_prize_texts.sql", import.meta.url), "utf8");
const OLD_PRIZES = ["Heyecanlı Kutu (12 kurabiye)", "Klasik Kutu (6 kurabiye)", "Dilediğin 3 kurabiye"];

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

async function runMigration() {
  for (const statement of SQL_TEXT.split("--> statement-breakpoint")) if (statement.trim()) await app.db.execute(sql.raw(statement));
}

describe("migration 0020", () => {
  it("re-keys nicknames folded the Turkish way, merging the two accounts the old rule made of one", async () => {
    const t0 = new Date("2026-10-01T10:00:00Z");
    const t1 = new Date("2026-10-02T10:00:00Z");
    const [period] = await app.db
      .insert(fortunePeriods)
      .values({ startsAt: new Date("2026-10-01T00:00:00Z"), endsAt: new Date("2026-10-31T00:00:00Z"), prizeCount: 3, prizes: ["A", "B", "C"] })
      .returning();
    // 'Irmak_x' was stored as 'ırmak_x' (a follower), 'irmak_x' separately; 'IŞIL' as 'ışıl'
    await app.db.insert(fortuneNicks).values([
      { nick: "ırmak_x", displayNick: "Irmak_x", follower: true, fortuneGivenAt: t0, updatedAt: t0 },
      { nick: "irmak_x", displayNick: "irmak_x", follower: false, fortuneGivenAt: t1, updatedAt: t1 },
      { nick: "ışıl", displayNick: "IŞIL", follower: false, fortuneGivenAt: t0, updatedAt: t0 },
    ]);
    await app.db.insert(fortuneEntries).values([
      { periodId: period!.id, nick: "ırmak_x", chanceNo: 1, deviceId: "d1", ip: "10.0.0.1", createdAt: t0 },
      { periodId: period!.id, nick: "irmak_x", chanceNo: 1, deviceId: "d2", ip: "10.0.0.2", createdAt: t1 },
      { periodId: period!.id, nick: "ışıl", chanceNo: 1, deviceId: "d3", ip: "10.0.0.3", createdAt: t0 },
    ]);
    await app.db.insert(fortuneWinners).values([
      { periodId: period!.id, seq: 1, nick: "ırmak_x", displayNick: "Irmak_x", code: "MIGR0019A", wonAt: t0, claimBy: t1 },
      { periodId: period!.id, seq: 2, nick: "irmak_x", displayNick: "irmak_x", code: "MIGR0019B", wonAt: t1, claimBy: t1 },
      { periodId: period!.id, seq: 3, nick: "ışıl", displayNick: "IŞIL", code: "MIGR0019C", wonAt: t0, claimBy: t1 },
    ]);

    await runMigration();

    const nicks = await app.db.select().from(fortuneNicks).orderBy(asc(fortuneNicks.nick));
    expect(nicks.map((n) => [n.nick, n.displayNick, n.follower])).toEqual([
      ["irmak_x", "irmak_x", true],
      [normaliseNick("IŞIL"), "IŞIL", false],
    ]);
    const entries = await app.db.select().from(fortuneEntries).where(eq(fortuneEntries.periodId, period!.id)).orderBy(asc(fortuneEntries.id));
    expect(entries.map((e) => [e.nick, e.chanceNo])).toEqual([
      ["irmak_x", 1],
      ["irmak_x", 2],
      ["işil", 1],
    ]);
    const winners = await app.db.select().from(fortuneWinners).where(eq(fortuneWinners.periodId, period!.id)).orderBy(asc(fortuneWinners.seq));
    // the already-folded win keeps its key; the duplicate win of the same person keeps the old one rather than being lost
    expect(winners.map((w) => w.nick)).toEqual(["ırmak_x", "irmak_x", "işil"]);
  });

  it("folds contact e-mail addresses like every other address", async () => {
    const at = new Date("2026-10-01T10:00:00Z");
    const base = { name: "Cem", findus: "instagram" as const, news: false, message: "Merhaba", ip: "10.0.0.9", createdAt: at };
    await app.db.insert(contactMessages).values([
      { ...base, email: "İrem@ornek.com".toLowerCase() },
      { ...base, email: "ırmak@ornek.com" },
    ]);
    await runMigration();
    const rows = await app.db.select({ email: contactMessages.email }).from(contactMessages).orderBy(asc(contactMessages.id));
    expect(rows.map((r) => r.email)).toEqual([normalizeEmail("İrem@ornek.com"), normalizeEmail("ırmak@ornek.com")]);
    expect(rows.map((r) => r.email)).toEqual(["irem@ornek.com", "irmak@ornek.com"]);
  });

  it("gives running and future periods with the seeded prizes the catalogue's names; ended ones keep theirs", async () => {
    const ended = { startsAt: new Date("2020-01-01T00:00:00Z"), endsAt: new Date("2020-02-01T00:00:00Z"), prizeCount: 3, prizes: OLD_PRIZES };
    const future = { startsAt: new Date("2099-01-01T00:00:00Z"), endsAt: new Date("2099-02-01T00:00:00Z"), prizeCount: 3, prizes: OLD_PRIZES };
    const edited = { startsAt: new Date("2099-03-01T00:00:00Z"), endsAt: new Date("2099-04-01T00:00:00Z"), prizeCount: 1, prizes: ["Staff'ın ödülü"] };
    const rows = await app.db.insert(fortunePeriods).values([ended, future, edited]).returning({ id: fortunePeriods.id });
    await runMigration();
    const after = await Promise.all(rows.map(async (r) => (await app.db.select().from(fortunePeriods).where(eq(fortunePeriods.id, r.id)))[0]!.prizes));
    expect(after).toEqual([OLD_PRIZES, [...fortuneTr.defaultPeriod.prizes], ["Staff'ın ödülü"]]);
  });
});
