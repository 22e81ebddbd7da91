/**
 * The prize game /fortune (SPEC §2.10, §3 Fortune result and Game, §4, §7, §9).
 *
 * Fortunes. A nickname is normalised (trimmed, '@' removed, Turkish lower case) so '@İrem' and 'irem'
 * are one person. The first ask picks a fortune at random (crypto) from the active texts; it stays the
 * same for 72 hours, then the next ask gets a new one (never the same text twice in a row when there
 * is a choice). minutesToNextFortune counts down to the end of those 72 hours.
 *
 * Periods. A period [startsAt, endsAt) has prizeCount main prizes, reserveCount reserve places, a win
 * chance per entry (winChanceBp, basis points) and the number of chances a follower gets. Staff edit
 * periods; the seed creates monthly ones up to the end of 2028. So that the game never silently stops,
 * when no period covers the current instant the service opens one itself (ensureCurrentPeriod): the
 * current Istanbul calendar month with DEFAULT_PERIOD (3 prizes from fortuneTr.defaultPeriod, 2 reserves,
 * 15 % per entry, 3 chances for followers), shortened so it never overlaps a period staff has set up
 * before or after it. Staff can edit or replace it like any other period.
 *
 * How a draw works. Each ask uses one chance of the nickname in the running period (1 per period; a
 * nickname flagged 'follower' by staff gets followerChances). Using a chance is one transaction that
 * locks the period row (SELECT … FOR UPDATE), so the draws of one period run strictly one after the
 * other on every database: it re-counts the nickname's chances, applies the per-device and per-IP
 * limits, counts the slots left (prizeCount + reserveCount − winners still in the game) and, when a
 * slot is left, wins with probability winChanceBp / 10 000 using crypto.randomInt. A winner gets the
 * next draw number (seq, unique per period: a second guard against two winners in one slot) and a
 * single-use code that must be claimed (staff records the direct message) within 24 hours.
 *
 * Places. Winners still in the game — not rejected by staff, and claimed or within their 24 hours —
 * are ranked by draw number; the rank is the place shown. Places 1..prizeCount are 'asil', later ones
 * 'yedek n' (n = place − prizeCount). When a code lapses unclaimed, or staff rejects a winner, that
 * winner leaves the ranking, so everyone behind moves up one place and the first reserve becomes a
 * main winner; the freed slot can be won again by a later entry. Lapsing needs no job: it is a
 * condition on the clock, evaluated in every query.
 *
 * Abuse limits. Per IP and per nickname rate limits on asking; per device cookie (fid) and per IP a
 * ceiling on how many different nicknames may enter one period, so one browser cannot cycle
 * nicknames to farm prizes (it still gets fortunes, but those nicknames do not enter the draw).
 * IP limits count an IPv6 address by its /64 (clientKey). A client that sends no device cookie (scripts,
 * cookie-less apps: each request would otherwise be a new device) gets a stricter per-IP rate limit,
 * and its entries count against the per-device ceiling of its IP address.
 *
 * Codes. A prize code is shown when it is won and, later, only to the device (fid) that won it: the
 * winners list makes nicknames public, so asking with a winner's nickname elsewhere shows the place but
 * not the code. Staff records a claim with the code and the nickname of the account that sent it.
 */
import { randomInt } from "node:crypto";
import { z } from "zod";
import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import { clientKey, hitAll, perClient, perSubject } from "../ratelimit/service";
import * as repo from "./repo";
import { upperIdentifier } from "~/shared/fold";
import { FORTUNE, cleanNick, fortuneFormSchema, normaliseNick, type FortuneResult, type GameInfo } from "~/shared/fortune";
import { istanbulParts } from "~/shared/clock";
import { fortuneTr } from "~/shared/texts/fortune.tr";
import { tr } from "~/shared/texts/tr";

export const FORTUNE_LIMITS = {
  /** Asks per IP address (IPv6: per /64) in a 10-minute window. */
  askPerIp: { limit: 30, windowSeconds: 600 },
  /** Asks without a device cookie per IP address (IPv6: per /64) in a 10-minute window. */
  askPerIpWithoutDevice: { limit: 5, windowSeconds: 600 },
  /** Asks per nickname in a 10-minute window. */
  askPerNick: { limit: 10, windowSeconds: 600 },
  /** Winners-list reads per IP per minute. */
  gamePerIp: { limit: 60, windowSeconds: 60 },
  /** Different nicknames that may enter one period from one device cookie… */
  nicksPerDevicePerPeriod: 3,
  /** …and from one IP address (offices and mobile carriers share addresses). */
  nicksPerIpPerPeriod: 10,
} as const;

const MINUTE = 60_000;
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const FORTUNES_KEY = "fortune:texts";

export type AskFailure = { ok: false; status: 400 | 429 | 503; error: string; retryAfterSeconds?: number };
export type AskSuccess = {
  ok: true;
  result: FortuneResult;
  /** The nickname as typed (without '@'), for 'winner name with place'. */
  nick: string;
  /** Of the period the result belongs to (0 without a period), to tell 'asil' from 'yedek'. */
  prizeCount: number;
  /** When a won code lapses (ISO), else null. */
  claimBy: string | null;
};
export type AskResult = AskSuccess | AskFailure;

export type GameResult = { ok: true; game: GameInfo } | { ok: false; status: 404 | 429; error: string; retryAfterSeconds?: number };

interface Asker {
  nick: unknown;
  /** The device cookie's id (a new one when the request had none). */
  deviceId: string;
  ip: string;
  /** The request brought no device cookie: `deviceId` was just issued and proves nothing. */
  newDevice?: boolean;
}

/** A monthly period the game opens by itself when none is running (see the module comment). */
export const DEFAULT_PERIOD = {
  prizeCount: 3,
  reserveCount: 2,
  prizes: [...fortuneTr.defaultPeriod.prizes],
  info: fortuneTr.defaultPeriod.info,
  winChanceBp: 1500,
  followerChances: 3,
};

// fortunes ------------------------------------------------------------------------------------

async function fortuneTexts(app: AppContext) {
  return app.cache.get(FORTUNES_KEY, async () => {
    const rows = await repo.allFortunes(app.db);
    return { byId: new Map(rows.map((r) => [r.id, r.text])), active: rows.filter((r) => r.active).map((r) => r.id) };
  });
}

/** The nickname's fortune, the same for 72 hours, then a new one. */
async function fortuneFor(app: AppContext, nick: string, displayNick: string) {
  const now = app.clock.now();
  const texts = await fortuneTexts(app);
  const validUntil = (row: repo.NickRow) =>
    row.fortuneId !== null && row.fortuneGivenAt && texts.byId.has(row.fortuneId)
      ? new Date(row.fortuneGivenAt.getTime() + FORTUNE.fortuneValidMinutes * MINUTE)
      : null;

  let row = await repo.readNick(app.db, nick);
  let until = row ? validUntil(row) : null;
  if (!row || !until || until <= now) {
    if (texts.active.length === 0) return null;
    const choices = texts.active.length > 1 ? texts.active.filter((id) => id !== row?.fortuneId) : texts.active;
    const fortuneId = choices[randomInt(choices.length)]!;
    if (!row) await repo.insertNick(app.db, { nick, displayNick, fortuneId, fortuneGivenAt: now, updatedAt: now });
    else await repo.renewFortune(app.db, nick, row.fortuneGivenAt, { fortuneId, fortuneGivenAt: now, displayNick });
    // a concurrent ask may have won the race: everyone reports what is stored
    row = await repo.readNick(app.db, nick);
    until = row ? validUntil(row) : null;
  }
  if (!row || !until || row.fortuneId === null) return null;
  return {
    message: texts.byId.get(row.fortuneId)!,
    minutesToNextFortune: Math.max(0, Math.ceil((until.getTime() - now.getTime()) / MINUTE)),
    follower: row.follower,
  };
}

// asking --------------------------------------------------------------------------------------

type Outcome =
  | { kind: "won"; winner: repo.WinnerRow; place: number }
  | { kind: "lost"; goForBonus: number }
  /** This nickname won, but on another device: the place, never the code. */
  | { kind: "wonElsewhere"; place: number }
  | { kind: "alreadyEntered" | "lapsed" | "rejected" | "noGame" | "deviceLimit" };

/**
 * POST /games/getFortune and the /fortune form: tells the nickname's fortune and, within the limits,
 * enters it in the running period's draw.
 */
export async function ask(app: AppContext, input: Asker): Promise<AskResult> {
  const parsed = fortuneFormSchema.safeParse({ nick: input.nick });
  if (!parsed.success) return { ok: false, status: 400, error: parsed.error.issues[0]!.message };
  const displayNick = parsed.data.nick;
  const nick = normaliseNick(displayNick);
  const ip = clientKey(input.ip);

  const rate = await hitAll(app, [
    ...(input.newDevice ? [{ key: perClient("fortune-nodevice", ip), ...FORTUNE_LIMITS.askPerIpWithoutDevice }] : []),
    { key: perClient("fortune", ip), ...FORTUNE_LIMITS.askPerIp },
    { key: perSubject("fortune", "nick", nick), ...FORTUNE_LIMITS.askPerNick },
  ]);
  if (!rate.allowed) return { ok: false, status: 429, error: tooMany(), retryAfterSeconds: rate.retryAfterSeconds };

  const fortune = await fortuneFor(app, nick, displayNick);
  if (!fortune) return { ok: false, status: 503, error: fortuneTr.errors.noFortunes };

  const now = app.clock.now();
  const period = await ensureCurrentPeriod(app, now);
  const outcome: Outcome = period
    ? await enter(app, period, { nick, displayNick, deviceId: input.deviceId, newDevice: input.newDevice ?? false, ip, follower: fortune.follower })
    : { kind: "noGame" };

  const obj = { text: "", code: "", place: 0, goForBonus: 0 };
  let claimBy: string | null = null;
  if (outcome.kind === "won") {
    obj.text = prizeText(period!, outcome.place);
    obj.code = outcome.winner.code;
    obj.place = outcome.place;
    claimBy = outcome.winner.claimedAt ? null : outcome.winner.claimBy.toISOString();
  } else if (outcome.kind === "lost") {
    obj.text = fortuneTr.outcome.lost;
    obj.goForBonus = outcome.goForBonus;
  } else if (outcome.kind === "wonElsewhere") {
    obj.text = fortuneTr.outcome.wonElsewhere;
    obj.place = outcome.place;
  } else {
    obj.text = fortuneTr.outcome[outcome.kind];
  }
  return {
    ok: true,
    result: { obj, minutesToNextFortune: fortune.minutesToNextFortune, message: fortune.message },
    nick: outcome.kind === "won" ? outcome.winner.displayNick : displayNick,
    prizeCount: period?.prizeCount ?? 0,
    claimBy,
  };
}

function prizeText(period: repo.PeriodRow, place: number): string {
  if (place > period.prizeCount) return fortuneTr.outcome.reserve;
  return period.prizes[place - 1] ?? period.prizes.at(-1) ?? "";
}

async function placeOf(db: DbOrTx, winner: repo.WinnerRow, now: Date): Promise<number> {
  const list = await repo.activeWinners(db, winner.periodId, now);
  return list.findIndex((w) => w.id === winner.id) + 1;
}

async function enter(
  app: AppContext,
  period: repo.PeriodRow,
  who: { nick: string; displayNick: string; deviceId: string; newDevice: boolean; ip: string; follower: boolean },
): Promise<Outcome> {
  const now = app.clock.now();
  const chances = who.follower ? Math.max(1, period.followerChances) : 1;
  // the per-device ceiling counts this key: a cookie-less client is known only by its address
  const entryDevice = who.newDevice ? `ip:${who.ip}` : who.deviceId;
  const seenFrom = who.newDevice ? null : who.deviceId;

  // a nickname that already won this period sees its result again (its place today; the code only on the winning device)
  const previous = await repo.winnerByNick(app.db, period.id, who.nick);
  if (previous) return winnerOutcome(app.db, previous, now, seenFrom);
  // cheap check before taking the period lock
  if ((await repo.countEntries(app.db, period.id, who.nick)) >= chances) return { kind: "alreadyEntered" };

  return app.db.transaction(async (tx) => {
    const locked = await repo.lockPeriod(tx, period.id);
    if (!locked || locked.endsAt <= now) return { kind: "noGame" } as const;
    const again = await repo.winnerByNick(tx, period.id, who.nick);
    if (again) return winnerOutcome(tx, again, now, seenFrom);
    const used = await repo.countEntries(tx, period.id, who.nick);
    if (used >= chances) return { kind: "alreadyEntered" } as const;
    if (used === 0) {
      // a new nickname in this period: may this device / address bring another one?
      const fromDevice = await repo.countNicksFrom(tx, period.id, { deviceId: entryDevice });
      const fromIp = await repo.countNicksFrom(tx, period.id, { ip: who.ip });
      if (fromDevice >= FORTUNE_LIMITS.nicksPerDevicePerPeriod || fromIp >= FORTUNE_LIMITS.nicksPerIpPerPeriod) {
        return { kind: "deviceLimit" } as const;
      }
    }

    const inGame = await repo.activeWinners(tx, period.id, now);
    const slotsLeft = locked.prizeCount + locked.reserveCount - inGame.length;
    const won = slotsLeft > 0 && randomInt(10_000) < locked.winChanceBp;
    await repo.insertEntry(tx, {
      periodId: period.id,
      nick: who.nick,
      chanceNo: used + 1,
      deviceId: entryDevice,
      ip: who.ip,
      won,
      createdAt: now,
    });
    if (!won) return { kind: "lost", goForBonus: chances - used - 1 } as const;

    const winner = await repo.insertWinner(tx, {
      periodId: period.id,
      seq: (await repo.maxSeq(tx, period.id)) + 1,
      nick: who.nick,
      displayNick: who.displayNick,
      code: newCode(),
      deviceId: who.deviceId,
      wonAt: now,
      claimBy: new Date(now.getTime() + FORTUNE.claimWithinMinutes * MINUTE),
    });
    return { kind: "won", winner, place: inGame.length + 1 } as const;
  });
}

/** A nickname's earlier win seen again: the code only for the device that won (`deviceId` null: unknown device). */
async function winnerOutcome(db: DbOrTx, w: repo.WinnerRow, now: Date, deviceId: string | null): Promise<Outcome> {
  if (w.rejectedAt) return { kind: "rejected" };
  if (!w.claimedAt && w.claimBy <= now) return { kind: "lapsed" };
  const place = await placeOf(db, w, now);
  if (deviceId === null || w.deviceId !== deviceId) return { kind: "wonElsewhere", place };
  return { kind: "won", winner: w, place };
}

function newCode(): string {
  let code = "";
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

function tooMany(): string {
  return tr.errors.tooManyRequests;
}

// the winners list ------------------------------------------------------------------------------

/** GET /games/getGame and the 'Kazananlar Listesi' panel: the running (or last) period and its places. */
export async function getGame(app: AppContext, ip: string): Promise<GameResult> {
  const rate = await hitAll(app, [{ key: perClient("game", ip), ...FORTUNE_LIMITS.gamePerIp }]);
  if (!rate.allowed) return { ok: false, status: 429, error: tooMany(), retryAfterSeconds: rate.retryAfterSeconds };
  const now = app.clock.now();
  const period = (await ensureCurrentPeriod(app, now)) ?? (await repo.latestStartedPeriod(app.db, now));
  if (!period) return { ok: false, status: 404, error: fortuneTr.errors.noGame };
  const winners = await repo.activeWinners(app.db, period.id, now);
  return {
    ok: true,
    game: {
      obj: {
        prizeCount: period.prizeCount,
        info: period.info,
        list: winners.map((w, i) => ({ winnerPlace: i + 1, nick: w.displayNick })),
      },
    },
  };
}

// staff -------------------------------------------------------------------------------------------

export type ClaimResult =
  | { ok: true; nick: string; place: number; prizeText: string }
  | { ok: false; error: string };

/**
 * Staff records that a winner sent their code: once, only within the 24 hours, and only when the direct
 * message came from the winning nickname (`senderNick`, compared normalised: '@İrem' is 'irem').
 */
export async function claimPrize(app: AppContext, rawCode: string, senderNick: string, db: DbOrTx = app.db): Promise<ClaimResult> {
  const now = app.clock.now();
  const code = upperIdentifier(rawCode.trim());
  const w = await repo.winnerByCode(db, code);
  if (!w) return { ok: false, error: fortuneTr.errors.codeUnknown };
  if (!normaliseNick(senderNick) || normaliseNick(senderNick) !== w.nick) return { ok: false, error: fortuneTr.errors.codeNickMismatch };
  if (w.rejectedAt) return { ok: false, error: fortuneTr.errors.codeRejected };
  if (w.claimedAt) return { ok: false, error: fortuneTr.errors.codeUsed };
  if (w.claimBy <= now) return { ok: false, error: fortuneTr.errors.codeLapsed };
  if (!(await repo.claimWinner(db, w.id, now))) return claimPrize(app, code, senderNick, db);
  const period = await repo.periodById(db, w.periodId);
  const place = await placeOf(db, w, now);
  return { ok: true, nick: w.displayNick, place, prizeText: period ? prizeText(period, place) : "" };
}

/** Staff refuses a win (account history); everyone behind moves up. */
export async function rejectWinner(app: AppContext, rawCode: string, db: DbOrTx = app.db): Promise<boolean> {
  const w = await repo.winnerByCode(db, upperIdentifier(rawCode.trim()));
  return w ? repo.rejectWinner(db, w.id, app.clock.now()) : false;
}

/** Staff marks a nickname as a follower of the brand's account (more chances per period). */
export async function setFollower(app: AppContext, rawNick: string, follower: boolean, db: DbOrTx = app.db): Promise<{ nick: string; before: boolean }> {
  const displayNick = cleanNick(rawNick);
  const nick = normaliseNick(rawNick);
  if (!nick) throw new RangeError("empty nickname");
  const before = (await repo.readNick(db, nick))?.follower ?? false;
  await repo.upsertFollower(db, nick, displayNick, follower, app.clock.now());
  return { nick, before };
}

export const periodSchema = z
  .object({
    startsAt: z.coerce.date(),
    endsAt: z.coerce.date(),
    prizeCount: z.coerce.number().int().min(0).max(1000),
    reserveCount: z.coerce.number().int().min(0).max(1000).default(0),
    prizes: z.array(z.string().trim().min(1).max(300)).min(1).max(1000),
    info: z.string().trim().max(2000).default(""),
    winChanceBp: z.coerce.number().int().min(0).max(10_000).default(1500),
    followerChances: z.coerce.number().int().min(1).max(20).default(3),
  })
  .refine((p) => p.endsAt > p.startsAt, { path: ["endsAt"], message: fortuneTr.errors.periodEnd });

export type PeriodInput = z.input<typeof periodSchema>;

export class PeriodOverlapError extends Error {}

/** 'YYYY-MM-01T00:00:00+03:00' of an Istanbul month (month may be 13: January of the next year). */
function istanbulMonthStart(year: number, month: number): Date {
  const y = year + Math.floor((month - 1) / 12);
  const m = ((month - 1) % 12) + 1;
  return new Date(`${y}-${String(m).padStart(2, "0")}-01T00:00:00+03:00`);
}

/**
 * The period running at `now`; when there is none, opens the current Istanbul month's period with
 * DEFAULT_PERIOD, trimmed to the gap between the periods around it (so it never overlaps one staff made).
 * Runs under a table lock so concurrent asks open it once. Undefined only when no gap is left.
 */
export async function ensureCurrentPeriod(app: AppContext, now: Date = app.clock.now()): Promise<repo.PeriodRow | undefined> {
  const running = await repo.currentPeriod(app.db, now);
  if (running) return running;
  return app.db.transaction(async (tx) => {
    await repo.lockPeriodsTable(tx);
    const again = await repo.currentPeriod(tx, now);
    if (again) return again;
    const { year, month } = istanbulParts(now);
    const before = await repo.latestStartedPeriod(tx, now);
    const after = await repo.nextPeriodAfter(tx, now);
    let startsAt = istanbulMonthStart(year, month);
    let endsAt = istanbulMonthStart(year, month + 1);
    if (before && before.endsAt > startsAt) startsAt = before.endsAt;
    if (after && after.startsAt < endsAt) endsAt = after.startsAt;
    if (!(startsAt <= now && now < endsAt)) return undefined;
    const created = await repo.insertPeriod(tx, { startsAt, endsAt, ...DEFAULT_PERIOD });
    app.log.info({ periodId: created.id, startsAt, endsAt }, "fortune: opened the month's period with the default prizes");
    return created;
  });
}

/**
 * Staff creates a period; periods may not overlap. `inTx` runs in the same transaction with the new row (the
 * staff area writes its audit entry there).
 */
export async function createPeriod(app: AppContext, input: PeriodInput, inTx?: (tx: DbOrTx, created: repo.PeriodRow) => Promise<void>): Promise<repo.PeriodRow> {
  const p = periodSchema.parse(input);
  return app.db.transaction(async (tx) => {
    await repo.lockPeriodsTable(tx);
    if ((await repo.overlapping(tx, p.startsAt, p.endsAt)) > 0) throw new PeriodOverlapError();
    const created = await repo.insertPeriod(tx, p);
    await inTx?.(tx, created);
    return created;
  });
}

export async function updatePeriod(
  app: AppContext,
  id: number,
  input: PeriodInput,
  inTx?: (tx: DbOrTx, change: { before: repo.PeriodRow; after: repo.PeriodRow }) => Promise<void>,
): Promise<repo.PeriodRow | undefined> {
  const p = periodSchema.parse(input);
  return app.db.transaction(async (tx) => {
    await repo.lockPeriodsTable(tx);
    const before = await repo.lockPeriod(tx, id);
    if (!before) return undefined;
    if ((await repo.overlapping(tx, p.startsAt, p.endsAt, id)) > 0) throw new PeriodOverlapError();
    const after = await repo.updatePeriod(tx, id, p);
    if (after) await inTx?.(tx, { before, after });
    return after;
  });
}

export const periodById = (app: AppContext, id: number) => repo.periodById(app.db, id);

export async function listPeriods(app: AppContext): Promise<repo.PeriodRow[]> {
  return repo.listPeriods(app.db);
}

export async function winnersOf(app: AppContext, periodId: number): Promise<repo.WinnerRow[]> {
  return repo.winnersOf(app.db, periodId);
}

const fortuneText = z.string().trim().min(3).max(500);

export async function addFortune(app: AppContext, text: string, db: DbOrTx = app.db): Promise<repo.FortuneRow> {
  const row = await repo.insertFortune(db, fortuneText.parse(text));
  await app.cache.invalidatePrefix(FORTUNES_KEY, db);
  return row;
}

export async function setFortuneActive(app: AppContext, id: number, active: boolean, db: DbOrTx = app.db): Promise<boolean> {
  const changed = await repo.setFortuneActive(db, id, active);
  await app.cache.invalidatePrefix(FORTUNES_KEY, db);
  return changed;
}

/** Staff rewords a fortune (issue 12); nicknames already told it see the new wording. Answers the old text, or null. */
export async function updateFortuneText(app: AppContext, id: number, text: string, db: DbOrTx = app.db): Promise<string | null> {
  const before = await repo.fortuneById(db, id);
  if (!before) return null;
  await repo.setFortuneText(db, id, fortuneText.parse(text));
  await app.cache.invalidatePrefix(FORTUNES_KEY, db);
  return before.text;
}

/** Every fortune text, retired ones too (staff). */
export const listFortunes = (app: AppContext) => repo.allFortunes(app.db);

/** Nicknames staff flagged as followers (containing `q`, compared normalised), by name, one page at a time. */
export const followersPage = (app: AppContext, q: string, page: number, pageSize: number) =>
  repo.followersPage(app.db, normaliseNick(q), pageSize, (page - 1) * pageSize);

export interface WinnerView {
  id: number;
  seq: number;
  code: string;
  nick: string;
  wonAt: Date;
  claimBy: Date;
  claimedAt: Date | null;
  rejectedAt: Date | null;
  /** Rank among the winners still in the game (1…), null when out (rejected, or lapsed unclaimed). */
  place: number | null;
  /** 'asil' for places 1..prizeCount, then 'yedek n'; 'out' when no longer in the game. */
  state: "asil" | "yedek" | "out";
  reserveNo: number | null;
  out: "rejected" | "lapsed" | null;
  /** The prize text of the place (the reserve text for reserves). */
  prize: string;
}

/** A period's winners in draw order with their place now ('asil' / 'yedek n'), as staff see them. */
export async function winnersView(app: AppContext, period: repo.PeriodRow): Promise<WinnerView[]> {
  const now = app.clock.now();
  let place = 0;
  return (await repo.winnersOf(app.db, period.id)).map((w) => {
    const out = w.rejectedAt ? ("rejected" as const) : !w.claimedAt && w.claimBy <= now ? ("lapsed" as const) : null;
    const p = out ? null : ++place;
    return {
      id: w.id,
      seq: w.seq,
      code: w.code,
      nick: w.displayNick,
      wonAt: w.wonAt,
      claimBy: w.claimBy,
      claimedAt: w.claimedAt,
      rejectedAt: w.rejectedAt,
      place: p,
      state: p === null ? "out" : p <= period.prizeCount ? "asil" : "yedek",
      reserveNo: p !== null && p > period.prizeCount ? p - period.prizeCount : null,
      out,
      prize: p === null ? "" : prizeText(period, p),
    };
  });
}
