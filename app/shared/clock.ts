/**
 * Time. One injectable clock; every cutoff and date is computed in Europe/Istanbul.
 * Nothing else reads Date.now(): the server makes one Clock from config and passes it on.
 */
export const SHOP_TIME_ZONE = "Europe/Istanbul";

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(at: Date | string): Clock {
  const t = typeof at === "string" ? new Date(at) : at;
  if (Number.isNaN(t.getTime())) throw new RangeError(`Invalid clock time: ${String(at)}`);
  return { now: () => new Date(t.getTime()) };
}

/** A clock that starts at `at` and can be moved by tests. */
export function movableClock(at: Date | string): Clock & { set(t: Date | string): void; advance(ms: number): void } {
  let t = new Date(at).getTime();
  return {
    now: () => new Date(t),
    set: (v) => { t = new Date(v).getTime(); },
    advance: (ms) => { t += ms; },
  };
}

export interface ZonedParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
}

// Intl formatters are made on first use: building one costs milliseconds, and most pages never need them
let partsFormatter: Intl.DateTimeFormat | undefined;
const partsFormat = () => (partsFormatter ??= new Intl.DateTimeFormat("en-US", {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
  weekday: "short",
}));
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** Wall-clock parts of an instant in Istanbul. */
export function istanbulParts(d: Date): ZonedParts {
  const p: Record<string, string> = {};
  for (const { type, value } of partsFormat().formatToParts(d)) p[type] = value;
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
    weekday: WEEKDAYS.indexOf(p.weekday ?? ""),
  };
}

/** A calendar day as 'YYYY-MM-DD' (no time, no zone). */
export type IsoDate = string;

export function istanbulDate(d: Date): IsoDate {
  const { year, month, day } = istanbulParts(d);
  return `${year}-${pad(month)}-${pad(day)}`;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** 0 = Sunday … 6 = Saturday for a calendar day. */
export function weekdayOf(date: IsoDate): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The instant at which a wall-clock time happens in Istanbul (Turkey has no DST since 2016: UTC+3). */
export function istanbulInstant(date: IsoDate, hour = 0, minute = 0): Date {
  return new Date(`${date}T${pad(hour)}:${pad(minute)}:00+03:00`);
}

let longDateFormatter: Intl.DateTimeFormat | undefined;
let fullDateFormatter: Intl.DateTimeFormat | undefined;
const longDate = () => (longDateFormatter ??= new Intl.DateTimeFormat("tr-TR", { timeZone: "UTC", day: "numeric", month: "long", weekday: "long" }));
const fullDate = () => (fullDateFormatter ??= new Intl.DateTimeFormat("tr-TR", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" }));

/** '23 Kasım Pazartesi' */
export function formatDayTr(date: IsoDate): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const parts = longDate().formatToParts(new Date(Date.UTC(y, m - 1, d)));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return `${get("day")} ${get("month")} ${get("weekday")}`;
}

/** '23 Kasım 2026' */
export function formatDateTr(date: IsoDate): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return fullDate().format(new Date(Date.UTC(y, m - 1, d)));
}

/**
 * A clock time with the Turkish dative ending as it is read aloud: '11:00'e', '16:00'ya', '10:00'a',
 * '12:30'a' (the hour when the minutes are zero, else the minutes decide).
 */
export function timeDativeTr(hhmm: string): string {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  const n = m === 0 ? h : m;
  const UNITS = ["", "e", "ye", "e", "e", "e", "ya", "ye", "e", "a"];
  const TENS = ["a", "a", "ye", "a", "a", "ye"]; // sıfır, on, yirmi, otuz, kırk, elli
  const ending = n % 10 !== 0 ? UNITS[n % 10]! : TENS[Math.floor(n / 10)]!;
  return `${hhmm}'${ending}`;
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}
