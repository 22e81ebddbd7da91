import { isIPv4, isIPv6 } from "node:net";
import { data } from "react-router";
import type { AppContext } from "../context";
import * as repo from "./repo";
import { tr } from "~/shared/texts/tr";

export interface RateResult {
  allowed: boolean;
  /** Hits left in this window after this one. */
  remaining: number;
  /** Seconds until the window resets (for Retry-After). */
  retryAfterSeconds: number;
}

declare const limitKeyBrand: unique symbol;
/**
 * The name of one counter: `action:kind:subject`. Made only by `perClient` / `perSubject` / `perSubjectClient`,
 * so every per-client limit keys on `clientKey` (a raw address cannot be passed by mistake).
 */
export type LimitKey = string & { readonly [limitKeyBrand]: true };

export interface Limit {
  key: LimitKey;
  limit: number;
  windowSeconds: number;
}

/**
 * The client a per-client limit counts, derived from the request's address: an IPv4 address as is (also when
 * written IPv4-mapped, '::ffff:1.2.3.4'), an IPv6 address by its /64 prefix ('2001:db8:1:2::/64'), because one
 * subscriber usually holds a whole /64 and could otherwise step around a per-address limit. Anything else
 * (empty, a proxy's junk) is kept as given ('unknown' when empty). The one place that decides this.
 */
export function clientKey(ip: string): string {
  let a = ip.trim().toLowerCase();
  if (a.startsWith("[") && a.endsWith("]")) a = a.slice(1, -1);
  const zone = a.indexOf("%");
  if (zone >= 0) a = a.slice(0, zone);
  if (isIPv4(a)) return a;
  if (!isIPv6(a)) return ip.trim() || "unknown";
  // an embedded IPv4 tail ('::ffff:1.2.3.4') becomes its two 16-bit groups
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(a);
  if (dotted) {
    const [o1, o2, o3, o4] = dotted.slice(1).map(Number) as [number, number, number, number];
    a = `${a.slice(0, dotted.index)}${((o1 << 8) | o2).toString(16)}:${((o3 << 8) | o4).toString(16)}`;
  }
  const parse = (t: string) => (t ? t.split(":").map((x) => parseInt(x, 16)) : []);
  const [headText, restText] = a.includes("::") ? (a.split("::") as [string, string]) : [a, null];
  const head = parse(headText);
  const rest = restText === null ? [] : parse(restText);
  const groups = restText === null ? head : [...head, ...Array<number>(Math.max(0, 8 - head.length - rest.length)).fill(0), ...rest];
  if (groups.length !== 8 || groups.some((g) => !Number.isInteger(g))) return ip.trim();
  // IPv4-mapped (::ffff:a.b.c.d): the IPv4 address itself
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(":")}::/64`;
}

/** The counter of `action` for the client at address `ip` (keyed by `clientKey`). */
export const perClient = (action: string, ip: string) => `${action}:client:${clientKey(ip)}` as LimitKey;
/** The counter of `action` for a subject that is not an address (an account, a session, a nickname). */
export const perSubject = (action: string, kind: string, subject: string) => `${action}:${kind}:${subject}` as LimitKey;
/** The counter of `action` for one subject from one client (e.g. one account's failed sign-ins from one client). */
export const perSubjectClient = (action: string, kind: string, subject: string, ip: string) => `${action}:${kind}:${subject}|${clientKey(ip)}` as LimitKey;

function windowOf(app: AppContext, windowSeconds: number) {
  const nowMs = app.clock.now().getTime();
  const windowMs = windowSeconds * 1000;
  const start = new Date(Math.floor(nowMs / windowMs) * windowMs);
  return { start, retryAfterSeconds: Math.max(1, Math.ceil((start.getTime() + windowMs - nowMs) / 1000)) };
}

/**
 * Counts one hit for `key` in a fixed window of `windowSeconds` and says whether it is within `limit`.
 */
export async function hit(app: AppContext, key: LimitKey, limit: number, windowSeconds: number): Promise<RateResult> {
  const { start, retryAfterSeconds } = windowOf(app, windowSeconds);
  const hits = (await repo.addHit(app.db, key, start)) ?? 1;
  return { allowed: hits <= limit, remaining: Math.max(0, limit - hits), retryAfterSeconds };
}

/** Hits counted so far for `key` in the current window, without counting one. */
export async function peek(app: AppContext, key: LimitKey, windowSeconds: number): Promise<number> {
  const { start } = windowOf(app, windowSeconds);
  return (await repo.hitsOf(app.db, key, start)) ?? 0;
}

/**
 * Whether one more attempt may be made under every limit, without counting it (for limits that count only
 * failures: check first, count after a failure). The first limit already reached wins.
 */
export async function check(app: AppContext, limits: Limit[]): Promise<RateResult> {
  for (const l of limits) {
    const hits = await peek(app, l.key, l.windowSeconds);
    if (hits >= l.limit) return { allowed: false, remaining: 0, retryAfterSeconds: windowOf(app, l.windowSeconds).retryAfterSeconds };
  }
  return { allowed: true, remaining: 0, retryAfterSeconds: 0 };
}

/** Checks several limits at once (e.g. per client and per account), counting a hit on each; the first one exceeded wins. */
export async function hitAll(app: AppContext, limits: Limit[]): Promise<RateResult> {
  let worst: RateResult = { allowed: true, remaining: Number.MAX_SAFE_INTEGER, retryAfterSeconds: 0 };
  for (const l of limits) {
    const r = await hit(app, l.key, l.limit, l.windowSeconds);
    if (!r.allowed) return r;
    if (r.remaining < worst.remaining) worst = r;
  }
  return worst;
}

/** The 429 answer with the Turkish message, for loaders and actions. */
export function tooManyRequests(r: RateResult) {
  return data({ ok: false as const, error: tr.errors.tooManyRequests }, { status: 429, headers: { "Retry-After": String(r.retryAfterSeconds) } });
}

/** Deletes windows older than a day; run by the worker. */
export async function purgeOld(app: AppContext): Promise<void> {
  await repo.deleteWindowsBefore(app.db, new Date(app.clock.now().getTime() - 86_400_000));
}
