import { isIPv4, isIPv6 } from "node:net";
import { lt, sql } from "drizzle-orm";
import { data } from "react-router";
import type { AppContext } from "../context";
import { rateLimits } from "../db/schema/ratelimit";
import { tr } from "~/shared/texts/tr";

export interface RateResult {
  allowed: boolean;
  /** Hits left in this window after this one. */
  remaining: number;
  /** Seconds until the window resets (for Retry-After). */
  retryAfterSeconds: number;
}

/**
 * Counts one hit for `key` in a fixed window of `windowSeconds` and says whether it is within `limit`.
 * Keys name the action and the subject, e.g. `signin:ip:1.2.3.4`, `signin:email:a@b.c`.
 */
export async function hit(app: AppContext, key: string, limit: number, windowSeconds: number): Promise<RateResult> {
  const nowMs = app.clock.now().getTime();
  const windowMs = windowSeconds * 1000;
  const start = new Date(Math.floor(nowMs / windowMs) * windowMs);
  const [row] = await app.db
    .insert(rateLimits)
    .values({ key, windowStart: start, hits: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { hits: sql`${rateLimits.hits} + 1` } })
    .returning({ hits: rateLimits.hits });
  const hits = row?.hits ?? 1;
  return {
    allowed: hits <= limit,
    remaining: Math.max(0, limit - hits),
    retryAfterSeconds: Math.max(1, Math.ceil((start.getTime() + windowMs - nowMs) / 1000)),
  };
}

/**
 * The subject an IP-based limit counts: an IPv4 address as is (also when written IPv4-mapped, '::ffff:1.2.3.4'),
 * an IPv6 address by its /64 prefix ('2001:db8:1:2::/64'), because one subscriber usually holds a whole /64
 * and could otherwise step around a per-address limit. Anything else (empty, a proxy's junk) is kept as given.
 */
export function ipKey(ip: string): string {
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

/** Checks several limits at once (e.g. per IP and per account); the first one exceeded wins. */
export async function hitAll(app: AppContext, limits: { key: string; limit: number; windowSeconds: number }[]): Promise<RateResult> {
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
  await app.db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(app.clock.now().getTime() - 86_400_000)));
}
