import { addDays, type IsoDate } from "./clock";

/**
 * The sales figures' period (issue 28 §3): Istanbul calendar days `from`–`to`, both included. Isomorphic; loaded
 * only by the management figures page.
 */

/** The longest period shown at once (a quarter): the daily chart stays readable and the queries short. */
export const MAX_PERIOD_DAYS = 92;
/** Ready dates shown in the capacity chart, from today. */
export const CAPACITY_DAYS = 14;
export const TOP_PRODUCTS = 10;
export const TOP_PROMOS = 20;

export interface Period {
  from: IsoDate;
  to: IsoDate;
  /** the asked period was longer than MAX_PERIOD_DAYS (its last days are shown) or not a date */
  adjusted: boolean;
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;
function validDate(s: unknown): s is IsoDate {
  if (typeof s !== "string" || !ISO.test(s)) return false;
  const t = Date.parse(`${s}T00:00:00Z`);
  // 2026-02-30 parses (as 2 March) in some engines, 2026-13-01 does not: both are refused
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === s;
}

/** Days from `a` to `b`, both included (a ≤ b). */
export function daysIn(a: IsoDate, b: IsoDate): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Every day from `a` to `b`, both included. */
export function eachDay(a: IsoDate, b: IsoDate): IsoDate[] {
  const n = Math.max(0, daysIn(a, b));
  return Array.from({ length: n }, (_, i) => addDays(a, i));
}

/**
 * The period of the query string (`from`, `to`); without one, the last seven days up to today. A missing end is
 * the other end; reversed ends are swapped; a longer period keeps its last MAX_PERIOD_DAYS days.
 */
export function parsePeriod(params: URLSearchParams, today: IsoDate): Period {
  const rawFrom = params.get("from") ?? "";
  const rawTo = params.get("to") ?? "";
  let from = validDate(rawFrom) ? rawFrom : "";
  let to = validDate(rawTo) ? rawTo : "";
  let adjusted = (rawFrom !== "" && !from) || (rawTo !== "" && !to);
  if (!from && !to) return { from: addDays(today, -6), to: today, adjusted };
  from ||= to;
  to ||= from;
  if (from > to) [from, to] = [to, from];
  if (daysIn(from, to) > MAX_PERIOD_DAYS) {
    from = addDays(to, -(MAX_PERIOD_DAYS - 1));
    adjusted = true;
  }
  return { from, to, adjusted };
}

/** Ready-made periods: today, yesterday, the last 7 and 30 days, this month and last month. */
export function presets(today: IsoDate): { key: "today" | "yesterday" | "last7" | "last30" | "thisMonth" | "lastMonth"; from: IsoDate; to: IsoDate }[] {
  const monthStart = `${today.slice(0, 8)}01`;
  const lastMonthEnd = addDays(monthStart, -1);
  return [
    { key: "today", from: today, to: today },
    { key: "yesterday", from: addDays(today, -1), to: addDays(today, -1) },
    { key: "last7", from: addDays(today, -6), to: today },
    { key: "last30", from: addDays(today, -29), to: today },
    { key: "thisMonth", from: monthStart, to: today },
    { key: "lastMonth", from: `${lastMonthEnd.slice(0, 8)}01`, to: lastMonthEnd },
  ];
}
