import { randomBytes } from "node:crypto";
import { parse, serialize } from "cookie";
import type { RequestContext } from "../context";
import * as fortune from "./service";
import { fortuneTr } from "~/shared/texts/fortune.tr";

/** httpOnly cookie with a random id per browser: the per-device nickname limit counts it. */
export const DEVICE_COOKIE = "fid";
const DEVICE_MAX_AGE = 60 * 60 * 24 * 400;

/** This browser's device id, and the Set-Cookie header when it has to be (re)issued. */
export function deviceId(ctx: RequestContext, request: Request): { id: string; setCookie?: string } {
  const current = parse(request.headers.get("cookie") ?? "")[DEVICE_COOKIE];
  if (current && /^[\w-]{22}$/.test(current)) return { id: current };
  const id = randomBytes(16).toString("base64url");
  const secure = ctx.app.config.production && ctx.app.config.publicUrl.startsWith("https:");
  return { id, setCookie: serialize(DEVICE_COOKIE, id, { path: "/", httpOnly: true, sameSite: "lax", secure, maxAge: DEVICE_MAX_AGE }) };
}

/**
 * For the /fortune page's loader: the Set-Cookie that gives this browser its device id before it first
 * asks (undefined when it has one), so a normal browser never counts as a cookie-less client.
 */
export function deviceCookieFor(ctx: RequestContext, request: Request): string | undefined {
  return deviceId(ctx, request).setCookie;
}

export type AskAnswer =
  | { status: 200; body: fortune.AskSuccess; headers: Headers }
  | { status: 400 | 429 | 500 | 503; body: { error: string }; headers: Headers };

/**
 * One ask from the page or the app channel: device cookie, the service, and the spec's failure
 * texts. Unexpected errors are logged with the request id and answered with the generic text.
 */
export async function askFromRequest(ctx: RequestContext, request: Request, nick: unknown): Promise<AskAnswer> {
  const device = deviceId(ctx, request);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (device.setCookie) headers.append("Set-Cookie", device.setCookie);
  try {
    const r = await fortune.ask(ctx.app, { nick, deviceId: device.id, ip: ctx.clientIp, newDevice: device.setCookie !== undefined });
    if (r.ok) return { status: 200, body: r, headers };
    if (r.retryAfterSeconds) headers.set("Retry-After", String(r.retryAfterSeconds));
    return { status: r.status, body: { error: r.error }, headers };
  } catch (err) {
    ctx.app.log.error({ err, requestId: ctx.requestId }, "fortune ask failed");
    return { status: 500, body: { error: fortuneTr.errors.fortuneFailed }, headers };
  }
}

export type GameAnswer =
  | { status: 200; body: fortune.GameResult & { ok: true } }
  | { status: 404 | 429 | 500; body: { error: string }; retryAfterSeconds?: number };

export async function gameFromRequest(ctx: RequestContext): Promise<GameAnswer> {
  try {
    const r = await fortune.getGame(ctx.app, ctx.clientIp);
    if (r.ok) return { status: 200, body: r };
    return { status: r.status, body: { error: r.error }, retryAfterSeconds: r.retryAfterSeconds };
  } catch (err) {
    ctx.app.log.error({ err, requestId: ctx.requestId }, "fortune game failed");
    return { status: 500, body: { error: fortuneTr.errors.gameFailed } };
  }
}
