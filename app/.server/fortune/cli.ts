import { parseArgs } from "node:util";
import type { AppContext } from "../context";
import * as fortune from "./service";
import { placeLabel } from "~/shared/fortune";

/**
 * `npm run site -- fortune …`: the prize game's staff operations from the command line (periods and prizes,
 * winners, claims, followers); the management area does the same at /management/game.
 */
export const FORTUNE_USAGE = `  npm run site -- fortune periods
  npm run site -- fortune period-add --start 2026-12-01T00:00+03:00 --end 2027-01-01T00:00+03:00 --prizes "Kutu|Kutu|3 kurabiye" [--reserve 2] [--chance 1500] [--follower-chances 3] [--info "…"]
  npm run site -- fortune winners [--period ID]
  npm run site -- fortune claim KOD KULLANICI     (KULLANICI: the account the code came from by direct message)
  npm run site -- fortune reject KOD
  npm run site -- fortune follower KULLANICI on|off`;

export class FortuneUsageError extends Error {}

export type FortuneCommand =
  | { op: "periods" }
  | { op: "period-add"; input: fortune.PeriodInput }
  | { op: "winners"; periodId?: number }
  | { op: "claim"; code: string; nick: string }
  | { op: "reject"; code: string }
  | { op: "follower"; nick: string; on: boolean };

export function parseFortuneCommand(argv: string[]): FortuneCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        start: { type: "string" },
        end: { type: "string" },
        prizes: { type: "string" },
        reserve: { type: "string" },
        chance: { type: "string" },
        "follower-chances": { type: "string" },
        info: { type: "string" },
        period: { type: "string" },
      },
    });
  } catch (e) {
    throw new FortuneUsageError(e instanceof Error ? e.message : String(e));
  }
  const { values: v, positionals: [op, a, b] } = parsed;
  if (op === "periods") return { op };
  if (op === "winners") return { op, periodId: v.period ? Number(v.period) : undefined };
  if (op === "claim" && a && b) return { op, code: a, nick: b };
  if (op === "reject" && a) return { op, code: a };
  if (op === "follower" && a && (b === "on" || b === "off")) return { op, nick: a, on: b === "on" };
  if (op === "period-add" && v.start && v.end && v.prizes) {
    const prizes = v.prizes.split("|").map((p) => p.trim()).filter(Boolean);
    const input = {
      startsAt: v.start,
      endsAt: v.end,
      prizeCount: prizes.length,
      prizes,
      reserveCount: v.reserve ?? 0,
      winChanceBp: v.chance ?? 1500,
      followerChances: v["follower-chances"] ?? 3,
      info: v.info ?? "",
    };
    const check = fortune.periodSchema.safeParse(input);
    if (!check.success) throw new FortuneUsageError(check.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
    return { op, input: check.data };
  }
  throw new FortuneUsageError(FORTUNE_USAGE);
}

export async function runFortuneCommand(app: AppContext, cmd: FortuneCommand): Promise<string> {
  const now = app.clock.now();
  switch (cmd.op) {
    case "periods": {
      const rows = await fortune.listPeriods(app);
      return rows
        .map((p) => `#${p.id} ${p.startsAt.toISOString()} → ${p.endsAt.toISOString()} ödül ${p.prizeCount} yedek ${p.reserveCount} şans ${p.winChanceBp / 100}%${p.startsAt <= now && now < p.endsAt ? " (şu an)" : ""}`)
        .join("\n");
    }
    case "period-add": {
      try {
        const p = await fortune.createPeriod(app, cmd.input);
        return `Dönem #${p.id} eklendi`;
      } catch (e) {
        if (e instanceof fortune.PeriodOverlapError) throw new FortuneUsageError("Bu tarihlerle çakışan bir dönem var");
        throw e;
      }
    }
    case "winners": {
      const periodId = cmd.periodId ?? (await fortune.listPeriods(app)).filter((p) => p.startsAt <= now).at(-1)?.id;
      if (periodId === undefined) return "Dönem yok";
      const period = (await fortune.listPeriods(app)).find((p) => p.id === periodId);
      let place = 0;
      return (await fortune.winnersOf(app, periodId))
        .map((w) => {
          const out = w.rejectedAt ? "reddedildi" : !w.claimedAt && w.claimBy <= now ? "süresi doldu" : null;
          const status = out ?? `${++place}. ${placeLabel(place, period?.prizeCount ?? 0)}${w.claimedAt ? ", kod alındı" : `, son ${w.claimBy.toISOString()}`}`;
          return `${w.code} ${w.displayNick} — ${status}`;
        })
        .join("\n");
    }
    case "claim": {
      const r = await fortune.claimPrize(app, cmd.code, cmd.nick);
      return r.ok ? `Kod alındı: ${r.nick}, ${r.place}. sıra — ${r.prizeText}` : `Hata: ${r.error}`;
    }
    case "reject":
      return (await fortune.rejectWinner(app, cmd.code)) ? "Kazanan reddedildi" : "Kod bulunamadı ya da zaten reddedilmiş";
    case "follower":
      await fortune.setFollower(app, cmd.nick, cmd.on);
      return `${cmd.nick}: takipçi ${cmd.on ? "açık" : "kapalı"}`;
  }
}
