import type { AppContext } from "../context";
import * as audit from "../audit/service";
import * as fortune from "../fortune/service";
import { failed, ok, type Outcome, type Staff } from "./outcome";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";

/**
 * The prize game (issue 12 item 6), everything `npm run site -- fortune …` does, through the fortune service:
 * periods with prizes, reserves, chance and follower chances; fortune texts (add, reword, retire); the
 * followers flag per nickname; winners with asil / yedek; claims and rejections of prize codes.
 */

const N = managementTr.notices;
export const PERIODS_PAGE_SIZE = 12;
export const FOLLOWERS_PAGE_SIZE = 25;
export const TEXTS_PAGE_SIZE = 20;

type PeriodRow = Awaited<ReturnType<typeof fortune.listPeriods>>[number];

function periodView(p: PeriodRow, now: Date) {
  return {
    id: p.id,
    startsAt: p.startsAt.toISOString(),
    endsAt: p.endsAt.toISOString(),
    prizeCount: p.prizeCount,
    reserveCount: p.reserveCount,
    prizes: p.prizes,
    info: p.info,
    winChanceBp: p.winChanceBp,
    followerChances: p.followerChances,
    state: p.endsAt <= now ? ("past" as const) : p.startsAt <= now ? ("running" as const) : ("future" as const),
  };
}
const auditPeriod = (p: PeriodRow) => ({
  startsAt: p.startsAt.toISOString(),
  endsAt: p.endsAt.toISOString(),
  prizeCount: p.prizeCount,
  reserveCount: p.reserveCount,
  prizes: p.prizes,
  winChanceBp: p.winChanceBp,
  followerChances: p.followerChances,
  info: p.info,
});

/**
 * Periods (latest start first), one page; fortune texts; followers (searchable), one page. The period pages
 * begin at the running period, so staff land on what matters now.
 */
export async function gamePage(app: AppContext, f: { periodPage: number | null; q: string; followerPage: number; textPage: number }) {
  const now = app.clock.now();
  const [all, texts, followers] = await Promise.all([fortune.listPeriods(app), fortune.listFortunes(app), fortune.followersPage(app, f.q, f.followerPage, FOLLOWERS_PAGE_SIZE)]);
  const periods = all.map((p) => periodView(p, now)).reverse();
  const running = Math.max(0, periods.findIndex((p) => p.state !== "future"));
  const periodPages = Math.max(1, Math.ceil(periods.length / PERIODS_PAGE_SIZE));
  const periodPage = Math.min(periodPages, f.periodPage ?? Math.floor(running / PERIODS_PAGE_SIZE) + 1);
  return {
    periods: periods.slice((periodPage - 1) * PERIODS_PAGE_SIZE, periodPage * PERIODS_PAGE_SIZE),
    periodPage,
    periodPages,
    // newest first: the texts staff just added are on top
    fortunes: [...texts]
      .reverse()
      .slice((f.textPage - 1) * TEXTS_PAGE_SIZE, f.textPage * TEXTS_PAGE_SIZE)
      .map((x) => ({ id: x.id, text: x.text, active: x.active })),
    textPage: f.textPage,
    textPages: Math.max(1, Math.ceil(texts.length / TEXTS_PAGE_SIZE)),
    followers: followers.rows.map((x) => ({ nick: x.nick, displayNick: x.displayNick, since: x.updatedAt.toISOString() })),
    followerPage: f.followerPage,
    followerPages: Math.max(1, Math.ceil(followers.total / FOLLOWERS_PAGE_SIZE)),
    followersTotal: followers.total,
    q: f.q,
  };
}

export async function periodPage(app: AppContext, id: number) {
  const p = await fortune.periodById(app, id);
  if (!p) return null;
  const winners = await fortune.winnersView(app, p);
  return {
    period: periodView(p, app.clock.now()),
    winners: winners.map((w) => ({
      ...w,
      wonAt: w.wonAt.toISOString(),
      claimBy: w.claimBy.toISOString(),
      claimedAt: w.claimedAt?.toISOString() ?? null,
      rejectedAt: w.rejectedAt?.toISOString() ?? null,
    })),
  };
}

export async function createPeriod(app: AppContext, staff: Staff, input: fortune.PeriodInput): Promise<Outcome> {
  try {
    const created = await fortune.createPeriod(app, input, (tx, row) =>
      audit.record(app, tx, { actor: staff.actor, action: "game.period", entity: "period", entityId: row.id, before: null, after: auditPeriod(row) }),
    );
    return ok(fmt(N.periodCreated, { id: created.id }));
  } catch (err) {
    if (err instanceof fortune.PeriodOverlapError) return failed(N.periodOverlap, { startsAt: N.periodOverlap });
    throw err;
  }
}

export async function updatePeriod(app: AppContext, staff: Staff, id: number, input: fortune.PeriodInput): Promise<Outcome> {
  try {
    const updated = await fortune.updatePeriod(app, id, input, (tx, { before, after }) =>
      audit.record(app, tx, { actor: staff.actor, action: "game.periodEdit", entity: "period", entityId: id, before: auditPeriod(before), after: auditPeriod(after) }),
    );
    return updated ? ok(fmt(N.periodSaved, { id })) : failed(managementTr.errors.notFoundBody);
  } catch (err) {
    if (err instanceof fortune.PeriodOverlapError) return failed(N.periodOverlap, { startsAt: N.periodOverlap });
    throw err;
  }
}

export async function addFortune(app: AppContext, staff: Staff, text: string): Promise<Outcome> {
  return app.db.transaction(async (tx) => {
    const row = await fortune.addFortune(app, text, tx);
    await audit.record(app, tx, { actor: staff.actor, action: "game.fortuneAdd", entity: "fortune", entityId: row.id, before: null, after: { text: row.text } });
    return ok(N.fortuneAdded);
  });
}

export async function editFortune(app: AppContext, staff: Staff, id: number, text: string): Promise<Outcome> {
  return app.db.transaction(async (tx) => {
    const before = await fortune.updateFortuneText(app, id, text, tx);
    if (before === null) return failed(managementTr.errors.notFoundBody);
    if (before === text.trim()) return ok(N.noChanges);
    await audit.record(app, tx, { actor: staff.actor, action: "game.fortuneEdit", entity: "fortune", entityId: id, before: { text: before }, after: { text: text.trim() } });
    return ok(N.fortuneSaved);
  });
}

export async function setFortuneActive(app: AppContext, staff: Staff, id: number, active: boolean): Promise<Outcome> {
  return app.db.transaction(async (tx) => {
    if (!(await fortune.setFortuneActive(app, id, active, tx))) return failed(managementTr.errors.notFoundBody);
    await audit.record(app, tx, { actor: staff.actor, action: active ? "game.fortuneOn" : "game.fortuneOff", entity: "fortune", entityId: id, before: { active: !active }, after: { active } });
    return ok(active ? N.fortuneOn : N.fortuneOff);
  });
}

export async function setFollower(app: AppContext, staff: Staff, nick: string, follower: boolean): Promise<Outcome> {
  return app.db.transaction(async (tx) => {
    const r = await fortune.setFollower(app, nick, follower, tx);
    if (r.before !== follower) {
      await audit.record(app, tx, { actor: staff.actor, action: "game.follower", entity: "nick", entityId: r.nick, before: { follower: r.before }, after: { follower } });
    }
    return ok(fmt(follower ? N.followerOn : N.followerOff, { nick }));
  });
}

/** A winner sent their code by direct message from `nick`: the prize is claimed (within the 24 hours). */
export async function claimPrize(app: AppContext, staff: Staff, code: string, nick: string): Promise<Outcome> {
  return app.db.transaction(async (tx) => {
    const r = await fortune.claimPrize(app, code, nick, tx);
    if (!r.ok) return failed(fmt(N.claimFailed, { error: r.error }), { code: r.error });
    await audit.record(app, tx, { actor: staff.actor, action: "game.claim", entity: "prize", entityId: code, before: null, after: { nick: r.nick, place: r.place, prize: r.prizeText } });
    return ok(fmt(N.claimed, { nick: r.nick, place: r.place, prize: r.prizeText }));
  });
}

/** Staff refuses a win (account history); everyone behind moves up one place. */
export async function rejectWinner(app: AppContext, staff: Staff, code: string): Promise<Outcome> {
  return app.db.transaction(async (tx) => {
    if (!(await fortune.rejectWinner(app, code, tx))) return failed(N.rejectFailed, { code: N.rejectFailed });
    await audit.record(app, tx, { actor: staff.actor, action: "game.reject", entity: "prize", entityId: code, before: null, after: { rejected: true } });
    return ok(N.rejected);
  });
}
