import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../db/testing";
import { fortuneEntries, fortuneWinners } from "../db/schema/fortune";
import * as fortune from "./service";
import { clientKey } from "../ratelimit/service";
import { SEED_FORTUNES } from "./seed";
import { fortuneTr } from "~/shared/texts/fortune.tr";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

let windowNo = 0;
/** Moves the clock to a fresh stretch of time after the seeded periods and opens a period there. */
async function freshPeriod(opts: Partial<fortune.PeriodInput> = {}) {
  windowNo++;
  const start = new Date(Date.UTC(2031, 0, 1) + windowNo * 60 * DAY);
  app.clock.set(start);
  return fortune.createPeriod(app, {
    startsAt: start,
    endsAt: new Date(start.getTime() + 30 * DAY),
    prizeCount: 3,
    reserveCount: 0,
    prizes: ["Heyecanlı Kutu", "Klasik Kutu", "Üç kurabiye"],
    info: "Test dönemi",
    winChanceBp: 0,
    ...opts,
  });
}

let ipNo = 0;
const asker = (nick: string, extra: { deviceId?: string; ip?: string; newDevice?: boolean } = {}) => ({
  nick,
  deviceId: extra.deviceId ?? `dev-${++ipNo}`,
  ip: extra.ip ?? `10.0.${Math.floor(++ipNo / 250)}.${ipNo % 250}`,
  newDevice: extra.newDevice,
});

async function ok(p: Promise<fortune.AskResult>): Promise<fortune.AskSuccess> {
  const r = await p;
  if (!r.ok) throw new Error(`ask failed: ${r.error}`);
  return r;
}

async function entriesOf(periodId: number, nick: string) {
  const [row] = await app.db
    .select({ n: count() })
    .from(fortuneEntries)
    .where(and(eq(fortuneEntries.periodId, periodId), eq(fortuneEntries.nick, nick)));
  return row!.n;
}

describe("fortunes", () => {
  it("are seeded: at least 40 Turkish texts and monthly periods", async () => {
    expect(SEED_FORTUNES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(SEED_FORTUNES).size).toBe(SEED_FORTUNES.length);
    const periods = await fortune.listPeriods(app);
    expect(periods.length).toBeGreaterThanOrEqual(12);
    app.clock.set("2026-11-23T10:00:00+03:00");
    const game = await fortune.getGame(app, "192.0.2.1");
    expect(game.ok && game.game.obj.prizeCount).toBe(3);
  });

  it("stay the same for 72 hours for one nickname ('@İrem' is 'irem'), then a new one", async () => {
    app.clock.set("2026-11-23T10:00:00+03:00");
    const first = await ok(fortune.ask(app, asker("@İrem")));
    expect(SEED_FORTUNES).toContain(first.result.message);
    expect(first.result.minutesToNextFortune).toBe(72 * 60);

    app.clock.advance(71 * HOUR + 59 * 60_000);
    const later = await ok(fortune.ask(app, asker("irem")));
    expect(later.result.message).toBe(first.result.message);
    expect(later.result.minutesToNextFortune).toBe(1);

    app.clock.advance(2 * 60_000);
    const renewed = await ok(fortune.ask(app, asker("İREM")));
    expect(renewed.result.message).not.toBe(first.result.message);
    expect(renewed.result.minutesToNextFortune).toBe(72 * 60);
  });

  it("refuse an empty nickname with the spec's message", async () => {
    const r = await fortune.ask(app, asker("  @ "));
    expect(r).toMatchObject({ ok: false, status: 400, error: fortuneTr.errors.nickRequired });
  });
});

describe("entries", () => {
  it("one entry per period for a nickname, whatever its spelling", async () => {
    const period = await freshPeriod();
    const a = await ok(fortune.ask(app, asker("@Çağla")));
    expect(a.result.obj).toEqual({ text: fortuneTr.outcome.lost, code: "", place: 0, goForBonus: 0 });
    const b = await ok(fortune.ask(app, asker("çağla")));
    expect(b.result.obj.text).toBe(fortuneTr.outcome.alreadyEntered);
    expect(await entriesOf(period.id, "çağla")).toBe(1);

    // the next period is a new chance
    const next = await fortune.createPeriod(app, {
      startsAt: period.endsAt,
      endsAt: new Date(period.endsAt.getTime() + 10 * DAY),
      prizeCount: 1,
      prizes: ["Kutu"],
      winChanceBp: 0,
    });
    app.clock.set(new Date(period.endsAt.getTime() + HOUR));
    const c = await ok(fortune.ask(app, asker("ÇAĞLA")));
    expect(c.result.obj.text).toBe(fortuneTr.outcome.lost);
    expect(await entriesOf(next.id, "çağla")).toBe(1);
  });

  it("'Irmak_x' (a phone's capital) and 'irmak_x' are one account: one entry, one fortune (issue 22)", async () => {
    const period = await freshPeriod();
    const first = await ok(fortune.ask(app, asker("Irmak_x")));
    expect(first.result.obj.text).toBe(fortuneTr.outcome.lost);
    const second = await ok(fortune.ask(app, asker("irmak_x")));
    expect(second.result.obj.text).toBe(fortuneTr.outcome.alreadyEntered);
    expect(second.result.message).toBe(first.result.message);
    const third = await ok(fortune.ask(app, asker("@İRMAK_X")));
    expect(third.result.obj.text).toBe(fortuneTr.outcome.alreadyEntered);
    expect(await entriesOf(period.id, "irmak_x")).toBe(1);
    expect(await entriesOf(period.id, "ırmak_x")).toBe(0);
  });

  it("followers get more chances: goForBonus counts down and 'Tekrar Dene' uses the next one", async () => {
    const period = await freshPeriod({ followerChances: 3 });
    await fortune.setFollower(app, "@Takipçi", true);
    const tries = [];
    for (let i = 0; i < 4; i++) tries.push((await ok(fortune.ask(app, asker("takipçi")))).result.obj);
    expect(tries.map((t) => t.goForBonus)).toEqual([2, 1, 0, 0]);
    expect(tries[3]!.text).toBe(fortuneTr.outcome.alreadyEntered);
    expect(await entriesOf(period.id, "takipçi")).toBe(3);
  });

  it("one device cannot cycle nicknames: at most 3 per device and 10 per IP address in a period", async () => {
    const period = await freshPeriod();
    for (const nick of ["bir", "iki", "üç"]) {
      expect((await ok(fortune.ask(app, asker(nick, { deviceId: "tek-cihaz" })))).result.obj.text).toBe(fortuneTr.outcome.lost);
    }
    const fourth = await ok(fortune.ask(app, asker("dört", { deviceId: "tek-cihaz" })));
    expect(fourth.result.obj.text).toBe(fortuneTr.outcome.deviceLimit);
    expect(fourth.result.message).toBeTruthy(); // the fortune is still told
    expect(await entriesOf(period.id, "dört")).toBe(0);

    for (let i = 0; i < 10; i++) await ok(fortune.ask(app, asker(`ofis${i}`, { ip: "198.51.100.7" })));
    const eleventh = await ok(fortune.ask(app, asker("ofis10", { ip: "198.51.100.7" })));
    expect(eleventh.result.obj.text).toBe(fortuneTr.outcome.deviceLimit);
  });

  it("rate limits asks per nickname and per IP address", async () => {
    await freshPeriod();
    let last: fortune.AskResult | undefined;
    for (let i = 0; i < 11; i++) last = await fortune.ask(app, asker("sabırsız"));
    expect(last).toMatchObject({ ok: false, status: 429 });
    for (let i = 0; i < 31; i++) last = await fortune.ask(app, asker(`ip${i}`, { ip: "203.0.113.9" }));
    expect(last).toMatchObject({ ok: false, status: 429 });
    expect(last!.ok === false && last!.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("asks without a device cookie get a stricter per-IP limit, and their nicknames count against the IP as one device", async () => {
    const period = await freshPeriod();
    const ip = "198.51.100.20";
    // each cookie-less request brings a new id: the entries still count against the address
    for (const nick of ["çerezsiz1", "çerezsiz2", "çerezsiz3"]) {
      expect((await ok(fortune.ask(app, asker(nick, { ip, newDevice: true })))).result.obj.text).toBe(fortuneTr.outcome.lost);
    }
    const fourth = await ok(fortune.ask(app, asker("çerezsiz4", { ip, newDevice: true })));
    expect(fourth.result.obj.text).toBe(fortuneTr.outcome.deviceLimit);
    expect(await entriesOf(period.id, "çerezsiz4")).toBe(0);
    // the fifth cookie-less ask from the address is the last one in the window
    await ok(fortune.ask(app, asker("çerezsiz5", { ip, newDevice: true })));
    const sixth = await fortune.ask(app, asker("çerezsiz6", { ip, newDevice: true }));
    expect(sixth).toMatchObject({ ok: false, status: 429 });
    // a browser with its cookie on the same address is not held by that limit
    expect((await fortune.ask(app, asker("çerezli", { ip, deviceId: "kalıcı-cihaz" }))).ok).toBe(true);
  });

  it("IPv6 addresses are counted by their /64: stepping through one subscriber's prefix does not help", async () => {
    const period = await freshPeriod();
    for (let i = 0; i < 10; i++) await ok(fortune.ask(app, asker(`altıncı${i}`, { ip: `2001:db8:aa:bb::${(i + 1).toString(16)}` })));
    const eleventh = await ok(fortune.ask(app, asker("altıncı10", { ip: "2001:db8:aa:bb:ffff:1:2:3" })));
    expect(eleventh.result.obj.text).toBe(fortuneTr.outcome.deviceLimit);
    expect(await entriesOf(period.id, "altıncı10")).toBe(0);
    // another /64 is another subscriber
    expect((await ok(fortune.ask(app, asker("komşu", { ip: "2001:db8:aa:bc::1" })))).result.obj.text).toBe(fortuneTr.outcome.lost);
  });

  it("clientKey: IPv4 as is, IPv4-mapped as IPv4, IPv6 by /64", () => {
    expect(clientKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("2001:DB8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8:1:2::9")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientKey("")).toBe("unknown");
  });
});

describe("periods open themselves", () => {
  it("with no period covering today, the month's period is opened with the default prizes, once", async () => {
    app.clock.set("2040-06-10T12:00:00+03:00");
    expect((await fortune.listPeriods(app)).some((p) => p.startsAt <= app.clock.now() && app.clock.now() < p.endsAt)).toBe(false);
    const results = await Promise.all([fortune.ask(app, asker("zamansız")), fortune.ask(app, asker("zamansız2")), fortune.getGame(app, "192.0.2.9")]);
    const r = results[0] as fortune.AskResult;
    if (!r.ok) throw new Error(r.error);
    expect(r.result.obj.text).not.toBe(fortuneTr.outcome.noGame);
    expect(r.prizeCount).toBe(3);
    const june = (await fortune.listPeriods(app)).filter((p) => p.startsAt.getTime() >= Date.parse("2040-06-01T00:00:00+03:00") && p.startsAt.getTime() < Date.parse("2040-07-01T00:00:00+03:00"));
    expect(june).toHaveLength(1);
    expect(june[0]).toMatchObject({
      startsAt: new Date("2040-06-01T00:00:00+03:00"),
      endsAt: new Date("2040-07-01T00:00:00+03:00"),
      prizeCount: 3,
      reserveCount: 2,
      prizes: [...fortuneTr.defaultPeriod.prizes],
      info: fortuneTr.defaultPeriod.info,
    });
    const game = await fortune.getGame(app, "192.0.2.9");
    expect(game.ok && game.game.obj).toMatchObject({ prizeCount: 3, info: fortuneTr.defaultPeriod.info });
  });

  it("a period opened by itself fits between the periods staff made in that month", async () => {
    // staff: 1–10 August and 25 August – 5 September 2041; asked on 15 August
    await fortune.createPeriod(app, { startsAt: "2041-08-01T00:00:00+03:00", endsAt: "2041-08-10T00:00:00+03:00", prizeCount: 1, prizes: ["x"] });
    await fortune.createPeriod(app, { startsAt: "2041-08-25T00:00:00+03:00", endsAt: "2041-09-05T00:00:00+03:00", prizeCount: 1, prizes: ["y"] });
    app.clock.set("2041-08-15T09:00:00+03:00");
    const p = await fortune.ensureCurrentPeriod(app);
    expect(p).toMatchObject({ startsAt: new Date("2041-08-10T00:00:00+03:00"), endsAt: new Date("2041-08-25T00:00:00+03:00"), prizeCount: 3 });
    // on 5 September (after the staff period) the rest of September opens
    app.clock.set("2041-09-05T00:00:00+03:00");
    expect(await fortune.ensureCurrentPeriod(app)).toMatchObject({ startsAt: new Date("2041-09-05T00:00:00+03:00"), endsAt: new Date("2041-10-01T00:00:00+03:00") });
    // a running period is returned as it is
    app.clock.set("2041-08-03T00:00:00+03:00");
    expect((await fortune.ensureCurrentPeriod(app))?.prizes).toEqual(["x"]);
  });
});

describe("draws and winners", () => {
  it("100 concurrent asks against 3 prizes: exactly 3 winners with distinct places and codes", async () => {
    const period = await freshPeriod({ prizeCount: 3, reserveCount: 0, winChanceBp: 10_000 });
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => fortune.ask(app, asker(`yarış${i}`))));
    expect(results.every((r) => r.ok)).toBe(true);
    const winners = results.filter((r): r is fortune.AskSuccess => r.ok && r.result.obj.code !== "");
    expect(winners).toHaveLength(3);
    expect(winners.map((w) => w.result.obj.place).sort()).toEqual([1, 2, 3]);
    expect(new Set(winners.map((w) => w.result.obj.code)).size).toBe(3);
    const rows = await fortune.winnersOf(app, period.id);
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3]);
    const [entries] = await app.db.select({ n: count() }).from(fortuneEntries).where(eq(fortuneEntries.periodId, period.id));
    expect(entries!.n).toBe(100);
  });

  it("winners see their code again on the device that won; places beyond the prize count are reserves", async () => {
    const period = await freshPeriod({ prizeCount: 1, reserveCount: 1, winChanceBp: 10_000, prizes: ["Heyecanlı Kutu"] });
    const a = await ok(fortune.ask(app, asker("@Asil", { deviceId: "kazanan-cihaz" })));
    expect(a.result.obj).toMatchObject({ text: "Heyecanlı Kutu", place: 1, goForBonus: 0 });
    expect(a.result.obj.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(a.nick).toBe("Asil");
    expect(a.prizeCount).toBe(1);
    const b = await ok(fortune.ask(app, asker("yedek")));
    expect(b.result.obj).toMatchObject({ text: fortuneTr.outcome.reserve, place: 2 });
    const c = await ok(fortune.ask(app, asker("geç")));
    expect(c.result.obj.text).toBe(fortuneTr.outcome.lost); // no slot left
    const again = await ok(fortune.ask(app, asker("asil", { deviceId: "kazanan-cihaz" })));
    expect(again.result.obj.code).toBe(a.result.obj.code);
    // the nickname is public (winners list): anyone else asking with it sees the place, never the code
    const other = await ok(fortune.ask(app, asker("Asil", { deviceId: "başka-cihaz" })));
    expect(other.result.obj).toEqual({ text: fortuneTr.outcome.wonElsewhere, code: "", place: 1, goForBonus: 0 });
    expect(other.claimBy).toBeNull();
    const cookieless = await ok(fortune.ask(app, asker("asil", { deviceId: "yeni-verilen", newDevice: true })));
    expect(cookieless.result.obj.code).toBe("");
    expect((await fortune.winnersOf(app, period.id))[0]!.deviceId).toBe("kazanan-cihaz");
    const game = await fortune.getGame(app, "192.0.2.2");
    expect(game).toEqual({
      ok: true,
      game: { obj: { prizeCount: 1, info: "Test dönemi", list: [{ winnerPlace: 1, nick: "Asil" }, { winnerPlace: 2, nick: "yedek" }] } },
    });
  });

  it("a code is single-use and lapses after 24 hours; then the next reserve moves up and the slot reopens", async () => {
    await freshPeriod({ prizeCount: 1, reserveCount: 1, winChanceBp: 10_000, prizes: ["Heyecanlı Kutu"] });
    const main = await ok(fortune.ask(app, asker("ilk")));
    app.clock.advance(2 * HOUR);
    const reserve = await ok(fortune.ask(app, asker("ikinci", { deviceId: "ikincinin-telefonu" })));
    expect(reserve.result.obj.place).toBe(2);

    // the code must come from the winning account: someone who read the nickname off the list cannot claim it
    expect(await fortune.claimPrize(app, reserve.result.obj.code, "ilk")).toEqual({ ok: false, error: fortuneTr.errors.codeNickMismatch });
    expect(await fortune.claimPrize(app, reserve.result.obj.code, "")).toEqual({ ok: false, error: fortuneTr.errors.codeNickMismatch });
    const claimed = await fortune.claimPrize(app, reserve.result.obj.code.toLowerCase(), "@İkinci");
    expect(claimed).toEqual({ ok: true, nick: "ikinci", place: 2, prizeText: fortuneTr.outcome.reserve });
    expect(await fortune.claimPrize(app, reserve.result.obj.code, "ikinci")).toEqual({ ok: false, error: fortuneTr.errors.codeUsed });

    // 24 hours after the main winner's draw, unclaimed: the code lapses
    app.clock.advance(22 * HOUR - 60_000);
    expect((await fortune.getGame(app, "192.0.2.3")).ok && true).toBe(true);
    app.clock.advance(2 * 60_000);
    expect(await fortune.claimPrize(app, main.result.obj.code, "ilk")).toEqual({ ok: false, error: fortuneTr.errors.codeLapsed });
    const game = await fortune.getGame(app, "192.0.2.3");
    expect(game.ok && game.game.obj.list).toEqual([{ winnerPlace: 1, nick: "ikinci" }]);
    const moved = await ok(fortune.ask(app, asker("ikinci", { deviceId: "ikincinin-telefonu" })));
    expect(moved.result.obj).toMatchObject({ place: 1, text: "Heyecanlı Kutu", code: reserve.result.obj.code });
    expect((await ok(fortune.ask(app, asker("ilk")))).result.obj.text).toBe(fortuneTr.outcome.lapsed);

    // the freed slot can be won by a later entry, as a reserve behind the moved-up winner
    const third = await ok(fortune.ask(app, asker("üçüncü")));
    expect(third.result.obj.place).toBe(2);
    expect(await fortune.claimPrize(app, "YOKBÖYLE", "üçüncü")).toEqual({ ok: false, error: fortuneTr.errors.codeUnknown });
  });

  it("staff rejection removes a winner from the list", async () => {
    await freshPeriod({ prizeCount: 2, winChanceBp: 10_000 });
    const a = await ok(fortune.ask(app, asker("şüpheli")));
    await ok(fortune.ask(app, asker("dürüst")));
    expect(await fortune.rejectWinner(app, a.result.obj.code)).toBe(true);
    const game = await fortune.getGame(app, "192.0.2.4");
    expect(game.ok && game.game.obj.list).toEqual([{ winnerPlace: 1, nick: "dürüst" }]);
    expect((await ok(fortune.ask(app, asker("şüpheli")))).result.obj.text).toBe(fortuneTr.outcome.rejected);
    const [n] = await app.db.select({ n: count() }).from(fortuneWinners).where(eq(fortuneWinners.nick, "şüpheli"));
    expect(n!.n).toBe(1);
  });

  it("periods may not overlap", async () => {
    const p = await freshPeriod();
    await expect(
      fortune.createPeriod(app, { startsAt: new Date(p.startsAt.getTime() + DAY), endsAt: new Date(p.endsAt.getTime() + DAY), prizeCount: 1, prizes: ["x"] }),
    ).rejects.toBeInstanceOf(fortune.PeriodOverlapError);
  });
});
