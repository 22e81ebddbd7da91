import { z } from "zod/mini";
import { foldIdentifier } from "./fold";
import { fmt } from "./texts/tr";
import { fortuneTr } from "./texts/fortune.tr";

/** Rules of the prize game shared by browser and server (SPEC §2.10, §4 Fortune, §5, §9). */
export const FORTUNE = {
  /** A fortune stays the same for this long, then a new one is told. */
  fortuneValidMinutes: 72 * 60,
  /** A prize code must be sent within this long of winning. */
  claimWithinMinutes: 24 * 60,
  /** Wait notice: above this many minutes in days… */
  daysAboveMinutes: 2160,
  /** …above this many in hours, otherwise in minutes. */
  hoursAboveMinutes: 90,
  nickMax: 50,
} as const;

/**
 * The nickname as the game knows it: trimmed, inner spaces collapsed, every '@' removed and folded as an
 * identifier (a social-network user name is ASCII and case-insensitive): 'Irmak_x' (a phone capitalises the
 * first letter), 'irmak_x' and '@İrmak_x' are one nickname.
 */
export function normaliseNick(input: string): string {
  return foldIdentifier(cleanNick(input));
}

/** The nickname as typed, without '@' and surrounding spaces (shown in the winners list). */
export function cleanNick(input: string): string {
  return input.replace(/@/g, "").replace(/\s+/g, " ").trim();
}

/** The entry form (SPEC §5 Fortune): the same schema checks the form in the browser and on the server. */
export const fortuneFormSchema = z.object({
  nick: z.pipe(
    z.pipe(z.string({ error: fortuneTr.errors.nickRequired }), z.transform(cleanNick)),
    z.string().check(
      z.minLength(1, { error: fortuneTr.errors.nickRequired }),
      z.maxLength(FORTUNE.nickMax, { error: fmt(fortuneTr.errors.nickTooLong, { max: FORTUNE.nickMax }) }),
    ),
  ),
});

export type WaitUnit = "minute" | "hour" | "day";

/** Minutes until the next fortune in the unit the notice uses: above 2160 days, above 90 hours, else minutes (rounded). */
export function waitAmount(minutes: number): { n: number; unit: WaitUnit } {
  const m = Math.max(0, minutes);
  if (m > FORTUNE.daysAboveMinutes) return { n: Math.round(m / 1440), unit: "day" };
  if (m > FORTUNE.hoursAboveMinutes) return { n: Math.round(m / 60), unit: "hour" };
  return { n: Math.round(m), unit: "minute" };
}

/** 'Hey! 3 gün sonra tekrar gel sana yeni bir şey söyleyeceğim' */
export function waitNotice(minutes: number): string {
  const { n, unit } = waitAmount(minutes);
  return fmt(fortuneTr.waitNotice, { n, unit: fortuneTr.units[unit] });
}

export type PlaceKind = { kind: "asil" } | { kind: "yedek"; n: number };

/** Places up to prizeCount are main winners ('asil'); later ones are reserves numbered place − prizeCount. */
export function placeKind(place: number, prizeCount: number): PlaceKind {
  return place <= prizeCount ? { kind: "asil" } : { kind: "yedek", n: place - prizeCount };
}

/** 'asil' or 'yedek 2' */
export function placeLabel(place: number, prizeCount: number): string {
  const k = placeKind(place, prizeCount);
  return k.kind === "asil" ? fortuneTr.asil : fmt(fortuneTr.yedek, { n: k.n });
}

/** SPEC §3 Fortune result (the JSON of POST /games/getFortune). */
export interface FortuneResult {
  obj: { text: string; code: string; place: number; goForBonus: number };
  minutesToNextFortune: number;
  /** The fortune itself. */
  message: string;
}

/** SPEC §3 Game (the JSON of GET /games/getGame). */
export interface GameInfo {
  obj: { prizeCount: number; info: string; list: { winnerPlace: number; nick: string }[] };
}
