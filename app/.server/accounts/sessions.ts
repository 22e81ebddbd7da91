import { AsyncLocalStorage } from "node:async_hooks";
import { parse, serialize, type SerializeOptions } from "cookie";
import type { AppContext } from "../context";
import type { UserRole } from "../db/schema/accounts";
import * as repo from "./repo";
import { digest, randomToken, sameToken } from "./tokens";
import { initialOf } from "~/shared/account";
import { BACKGROUND_POLL_HEADER } from "~/shared/background-poll";

/**
 * Sessions: DB-backed, one row per browser (or app install). The browser holds a random token in an httpOnly,
 * SameSite=Lax cookie (Secure when the shop is served over https in production); the app channel sends the
 * same kind of token as `Authorization: Bearer`. Used through accounts/service.ts.
 */

export interface SessionUser {
  id: number;
  email: string;
  name: string;
  initial: string;
  role: UserRole;
}

export interface Session {
  /** Stable visitor key of this browser (null until the first state-changing action creates the row). */
  sessionId: string | null;
  user: SessionUser | null;
  /** Token the forms of this session must echo in the `_csrf` field ('' without a session). */
  csrfToken: string;
  /** 'app' when the request authenticated with a Bearer token (not exposed to CSRF). */
  channel: "web" | "app" | null;
}

export const KNOWN_USER_COOKIE = "ku";
const TOUCH_AFTER_MS = 5 * 60_000;
/** Staff sessions record activity more often, so their short idle limit is measured closely. */
const STAFF_TOUCH_AFTER_MS = 60_000;

export function sessionCookieName(app: AppContext): string {
  return secureCookies(app) ? "__Host-sid" : "sid";
}

/** Secure cookies in production when the public address is https (http on a developer's machine stays usable). */
export function secureCookies(app: AppContext): boolean {
  return app.config.production && app.config.publicUrl.startsWith("https:");
}

export function cookieOptions(app: AppContext, maxAgeSeconds: number): SerializeOptions {
  return { path: "/", httpOnly: true, sameSite: "lax", secure: secureCookies(app), maxAge: maxAgeSeconds };
}

function bearerToken(request: Request): string | null {
  const h = request.headers.get("authorization");
  const m = h ? /^Bearer\s+([\w-]{20,200})$/i.exec(h.trim()) : null;
  return m ? m[1]! : null;
}

function presentedToken(app: AppContext, request: Request): { token: string; channel: "web" | "app" } | null {
  const bearer = bearerToken(request);
  if (bearer) return { token: bearer, channel: "app" };
  const scoped = requestScope.getStore()?.token;
  if (scoped === null) return null;
  if (scoped) return { token: scoped, channel: "web" };
  const cookies = parse(request.headers.get("cookie") ?? "");
  const token = cookies[sessionCookieName(app)];
  return token && /^[\w-]{20,200}$/.test(token) ? { token, channel: "web" } : null;
}

function toUser(u: repo.UserRow | null): SessionUser | null {
  if (!u || !u.activatedAt || u.disabledAt) return null;
  return { id: u.id, email: u.email, name: u.name, initial: initialOf(u.name), role: u.role };
}

const NO_SESSION: Session = { sessionId: null, user: null, csrfToken: "", channel: null };
const perRequest = new WeakMap<Request, Promise<Session>>();

async function load(app: AppContext, request: Request): Promise<Session> {
  const presented = presentedToken(app, request);
  if (!presented) return NO_SESSION;
  const found = await repo.findSessionByTokenHash(app.db, digest(presented.token));
  if (!found) return NO_SESSION;
  const { session, user } = found;
  const now = app.clock.now();
  const staff = Boolean(user && user.role !== "customer");
  const idleMs = (staff ? app.config.session.staffIdleMinutes : app.config.session.idleMinutes) * 60_000;
  // staff sessions are shorter (issue 12): idle limit above, absolute limit counted from sign-in
  const staffEnd = staff ? session.createdAt.getTime() + app.config.session.staffAbsoluteHours * 3_600_000 : Infinity;
  if (session.expiresAt <= now || session.lastSeenAt.getTime() + idleMs <= now.getTime() || staffEnd <= now.getTime()) {
    await repo.deleteSession(app.db, session.id);
    return NO_SESSION;
  }
  // a page's own background poll (the staff area's order alerts) is not activity: it must not keep a session alive
  if (request.headers.get(BACKGROUND_POLL_HEADER) !== "1" && now.getTime() - session.lastSeenAt.getTime() > (staff ? STAFF_TOUCH_AFTER_MS : TOUCH_AFTER_MS)) {
    await repo.updateSession(app.db, session.id, { lastSeenAt: now });
  }
  return { sessionId: session.id, user: toUser(user), csrfToken: session.csrfToken, channel: presented.channel };
}

/** The session of this request (cached per Request object, so many loaders cost one query). */
export function getSession(app: AppContext, request: Request): Promise<Session> {
  let s = perRequest.get(request);
  if (!s) {
    s = load(app, request);
    perRequest.set(request, s);
  }
  return s;
}

/**
 * The session token as it stands now in this HTTP request. React Router runs the loaders after an action with a
 * new Request carrying the browser's original cookie; when the action created, rotated or ended the session,
 * those loaders (CSRF token, basket, header) must see the new one. `undefined` outside a request scope (tests,
 * CLI); `null` after sign-out.
 */
const requestScope = new AsyncLocalStorage<{ token?: string | null }>();

/** Express middleware: gives each request its own scope (mount before the React Router handler). */
export function sessionScope() {
  return (_req: unknown, _res: unknown, next: () => void) => requestScope.run({}, next);
}

function remember(request: Request, session: Session, token?: string | null) {
  perRequest.set(request, Promise.resolve(session));
  const scope = requestScope.getStore();
  if (scope && token !== undefined && session.channel !== "app") scope.token = token;
}

export function sessionCookie(app: AppContext, token: string, expiresAt: Date): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - app.clock.now().getTime()) / 1000));
  return serialize(sessionCookieName(app), token, cookieOptions(app, maxAge));
}

export function clearSessionCookie(app: AppContext): string {
  return serialize(sessionCookieName(app), "", { ...cookieOptions(app, 0), expires: new Date(0) });
}

/** Creates a session row (guest or signed in) and returns its cookie. */
export async function createSession(
  app: AppContext,
  request: Request,
  userId: number | null,
  channel: "web" | "app" = "web",
): Promise<{ session: Session & { sessionId: string }; token: string; setCookie: string }> {
  const now = app.clock.now();
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + app.config.session.absoluteHours * 3_600_000);
  const row = await repo.insertSession(app.db, {
    tokenHash: digest(token),
    userId,
    csrfToken: randomToken(),
    channel,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  const user = userId === null ? null : toUser((await repo.findUserById(app.db, userId)) ?? null);
  const session = { sessionId: row.id, user, csrfToken: row.csrfToken, channel };
  remember(request, session, token);
  return { session, token, setCookie: sessionCookie(app, token, expiresAt) };
}

/**
 * The session of this visitor, created when missing: call it in the first state-changing action
 * (e.g. adding to the basket) and return `headers` with the response.
 */
export async function ensureSession(app: AppContext, request: Request): Promise<{ session: Session & { sessionId: string }; headers: Headers }> {
  const current = await getSession(app, request);
  if (current.sessionId) return { session: current as Session & { sessionId: string }, headers: new Headers() };
  const created = await createSession(app, request, null);
  return { session: created.session, headers: new Headers({ "Set-Cookie": created.setCookie }) };
}

/**
 * Gives the visitor's session a new token and CSRF token and attaches `userId` (sign-in, privilege change).
 * The row id, the visitor key that baskets hang on, stays. Without a session one is created.
 */
export async function rotateSession(
  app: AppContext,
  request: Request,
  userId: number | null,
): Promise<{ session: Session & { sessionId: string }; token: string; setCookie: string }> {
  const current = await getSession(app, request);
  if (!current.sessionId) return createSession(app, request, userId, "web");
  const now = app.clock.now();
  const token = randomToken();
  const csrfToken = randomToken();
  const expiresAt = new Date(now.getTime() + app.config.session.absoluteHours * 3_600_000);
  await repo.updateSession(app.db, current.sessionId, { tokenHash: digest(token), csrfToken, userId, createdAt: now, lastSeenAt: now, expiresAt });
  const user = userId === null ? null : toUser((await repo.findUserById(app.db, userId)) ?? null);
  const session = { sessionId: current.sessionId, user, csrfToken, channel: current.channel ?? "web" };
  remember(request, session, token);
  return { session, token, setCookie: sessionCookie(app, token, expiresAt) };
}

/** Deletes this request's session on the server and clears its cookie. */
export async function endSession(app: AppContext, request: Request): Promise<string> {
  const current = await getSession(app, request);
  if (current.sessionId) await repo.deleteSession(app.db, current.sessionId);
  remember(request, NO_SESSION, null);
  return clearSessionCookie(app);
}

/**
 * CSRF check for state-changing requests. A request from another site is refused by its Origin /
 * Sec-Fetch-Site headers; a request of a browser session must echo the session's token in `_csrf`.
 * Bearer-authenticated (app) requests cannot be forged by a web page and need no token.
 * Every current browser sends Origin on a POST (and Sec-Fetch-Site); a request with neither is not a browser's
 * form post, so it must at least show a Referer on this site — a visitor's first form post without a session
 * (no token to check yet) is thus never accepted on the strength of missing headers alone.
 */
export async function csrfOk(app: AppContext, request: Request, form: FormData | null): Promise<boolean> {
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return false;
  const origin = request.headers.get("origin");
  // 'null' (opaque origin: sandboxed frame, data: URL, cross-site redirect) is never ours
  if (origin !== null && !sameHost(origin, request.url)) return false;
  const session = await getSession(app, request);
  if (session.channel === "app") return true;
  if (origin === null && !site) {
    const referer = request.headers.get("referer");
    if (!referer || !sameHost(referer, request.url)) return false;
  }
  if (!session.sessionId) return true;
  const sent = form?.get("_csrf");
  return typeof sent === "string" && sameToken(sent, session.csrfToken);
}

function sameHost(url: string, requestUrl: string): boolean {
  try {
    return new URL(url).host === new URL(requestUrl).host;
  } catch {
    return false;
  }
}

export function knownUserCookie(app: AppContext, email: string): string {
  return serialize(KNOWN_USER_COOKIE, email, cookieOptions(app, 60 * 60 * 24 * 365));
}

export function clearKnownUserCookie(app: AppContext): string {
  return serialize(KNOWN_USER_COOKIE, "", { ...cookieOptions(app, 0), expires: new Date(0) });
}

export function knownUser(request: Request): string | null {
  const v = parse(request.headers.get("cookie") ?? "")[KNOWN_USER_COOKIE];
  return v && v.length <= 254 && v.includes("@") ? v : null;
}
