import { redirect } from "react-router";
import { refusal } from "../http/refuse";
import type { AppContext, RequestContext } from "../context";
import type { UserRole } from "../db/schema/accounts";
import { check, hit, peek, perClient, perSubject, perSubjectClient } from "../ratelimit/service";
import * as repo from "./repo";
import * as mails from "./mails";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./passwords";
import { digest, randomToken } from "./tokens";
import * as sessions from "./sessions";
import * as oidc from "./oidc";
import type { Session, SessionUser } from "./sessions";
import { MIN_LINK_CODE_LENGTH, normalizeEmail, safeReturnUrl } from "~/shared/account";
import { fmt, tr } from "~/shared/texts/tr";
import { accountTr } from "~/shared/texts/account.tr";
import { ordersTr } from "~/shared/texts/orders.tr";
import { isOrderStatus, memberMayCancel, ORDER_STATUSES } from "~/shared/order-status";
import { orderStatusText } from "~/shared/previous-order";
import { istanbulDate } from "~/shared/clock";
import * as orders from "../orders/service";
import * as delivery from "../delivery/service";
import { getSellerIdentity } from "../seller/service";
import * as consent from "../consent/service";

/**
 * Accounts: users, sessions and single-use codes (SPEC §2.6, §3 User, §6, §8).
 * Other modules use this file only: `getSession`, `ensureSession`, `requireUser`, `requireStaff`,
 * `verifyCsrf`, `registerSignInHook`.
 */
export type { Session, SessionUser };
export { getSession, ensureSession, sessionScope } from "./sessions";

export const ACTIVATION_TTL_MS = 48 * 3_600_000;
export const RESET_TTL_MS = 3_600_000;
/** Sign-in answer code for an account whose e-mail is not yet confirmed (SPEC §2.6). */
export const NOT_ACTIVATED = 20013;

/**
 * Anti-automation without lockout by strangers (OWASP ASVS 5.0; docs/decisions/0014-sign-in-throttling.md).
 *
 * Sign-in counts failures only (a wrong password, an unknown or deactivated account), never successes, in
 * 15-minute windows: 10 per account from one client, 30 per client across accounts. A client that reached either
 * is refused (429) before its password is checked. Failures from other clients never refuse a client that has
 * not been failing: the one account-wide count (100 an hour, a guessing botnet) holds back only the clients that
 * have themselves failed on that account.
 *
 * Mails on request (password reset, activation resend, registration) count every request per client (10 an hour,
 * 429 past it); per account, mails are capped (3 an hour from one client, 10 an hour from all), and a request over
 * a cap gets the same answer as any other, only no mail: nobody learns of the cap, and the owner is not held back
 * by a stranger's requests from elsewhere.
 */
export const SIGN_IN_LIMITS = {
  /** failures per account from one client */
  accountClient: { limit: 10, windowSeconds: 900 },
  /** failures per client across accounts */
  client: { limit: 30, windowSeconds: 900 },
  /** failures per account from all clients, past which clients that failed on it are held back */
  account: { limit: 100, windowSeconds: 3600 },
} as const;

export const MAIL_LIMITS = {
  /** requests per client */
  client: { limit: 10, windowSeconds: 3600 },
  /** mails per account to requests from one client */
  accountClient: { limit: 3, windowSeconds: 3600 },
  /** mails per account in all */
  account: { limit: 10, windowSeconds: 3600 },
} as const;

type MailAction = "register" | "resend" | "reset";

export type Failure = { ok: false; error: string; status: number; retryAfterSeconds?: number; errorCode?: number; email?: string };
const fail = (error: string, status = 400, extra: Partial<Failure> = {}): Failure => ({ ok: false, error, status, ...extra });
const tooMany = (retryAfterSeconds: number) => fail(tr.errors.tooManyRequests, 429, { retryAfterSeconds });

const signInKeys = (ip: string, account: string) => ({
  accountClient: perSubjectClient("signin-fail", "acct", account, ip),
  client: perClient("signin-fail", ip),
  account: perSubject("signin-fail", "acct", account),
});

/** A client that has been failing on this account (or on many) waits; anyone else may try. */
async function signInHeldBack(app: AppContext, ip: string, account: string): Promise<Failure | null> {
  const k = signInKeys(ip, account);
  const L = SIGN_IN_LIMITS;
  const own = await check(app, [
    { key: k.accountClient, ...L.accountClient },
    { key: k.client, ...L.client },
  ]);
  if (!own.allowed) return tooMany(own.retryAfterSeconds);
  const wide = await check(app, [{ key: k.account, ...L.account }]);
  if (!wide.allowed && (await peek(app, k.accountClient, L.accountClient.windowSeconds)) > 0) return tooMany(wide.retryAfterSeconds);
  return null;
}

async function signInFailed(app: AppContext, ip: string, account: string): Promise<void> {
  const k = signInKeys(ip, account);
  const L = SIGN_IN_LIMITS;
  await hit(app, k.accountClient, L.accountClient.limit, L.accountClient.windowSeconds);
  await hit(app, k.client, L.client.limit, L.client.windowSeconds);
  await hit(app, k.account, L.account.limit, L.account.windowSeconds);
}

/** Per client: too many requests of this kind answer 429 (this client's own doing). */
async function mailRequestLimited(app: AppContext, action: MailAction, ip: string): Promise<Failure | null> {
  const r = await hit(app, perClient(action, ip), MAIL_LIMITS.client.limit, MAIL_LIMITS.client.windowSeconds);
  return r.allowed ? null : tooMany(r.retryAfterSeconds);
}

/** Per account: whether one more mail may go out for this request; over a cap the caller answers as usual, sending nothing. */
async function mailAllowed(app: AppContext, action: MailAction, ip: string, account: string): Promise<boolean> {
  const M = MAIL_LIMITS;
  const fromClient = await hit(app, perSubjectClient(`${action}-mail`, "acct", account, ip), M.accountClient.limit, M.accountClient.windowSeconds);
  if (!fromClient.allowed) return false;
  return (await hit(app, perSubject(`${action}-mail`, "acct", account), M.account.limit, M.account.windowSeconds)).allowed;
}

const base = (app: AppContext) => app.config.publicUrl;

// ---------------------------------------------------------------- sign-in hooks

export type SignInHook = (app: AppContext, event: { userId: number; sessionId: string }) => Promise<void>;
const signInHooks = new Map<string, SignInHook>();

/**
 * Registers work to do right after a sign-in (e.g. the basket merges the guest basket of this session into
 * the member's). Keyed by name, so registering twice replaces. A failing hook is logged, never blocks sign-in.
 */
export function registerSignInHook(name: string, hook: SignInHook): void {
  signInHooks.set(name, hook);
}

async function runSignInHooks(app: AppContext, event: { userId: number; sessionId: string }) {
  for (const [name, hook] of signInHooks) {
    try {
      await hook(app, event);
    } catch (err) {
      app.log.error({ err, hook: name }, "sign-in hook failed");
    }
  }
}

// ---------------------------------------------------------------- guards and CSRF

/** The signed-in user, or a redirect to the sign-in page that comes back here afterwards. */
export async function requireUser(ctx: Pick<RequestContext, "app">, request: Request): Promise<Session & { user: SessionUser }> {
  const s = await sessions.getSession(ctx.app, request);
  if (s.user) return s as Session & { user: SessionUser };
  const url = new URL(request.url);
  throw redirect(`/auth/login?returnUrl=${encodeURIComponent(safeReturnUrl(url.pathname + url.search))}`);
}

/** A signed-in staff member with one of `roles` (admin always passes); customers get 403. */
export async function requireStaff(ctx: Pick<RequestContext, "app">, request: Request, ...roles: UserRole[]): Promise<Session & { user: SessionUser }> {
  const s = await requireUser(ctx, request);
  if (s.user.role === "admin" || (s.user.role !== "customer" && roles.includes(s.user.role))) return s;
  throw refusal({ ok: false, error: tr.errors.forbidden }, 403);
}

/**
 * Call first in every action that changes state: `await verifyCsrf(context, request, form)`.
 * Throws a 403 answer when the request came from another site or lacks this session's token.
 */
export async function verifyCsrf(ctx: Pick<RequestContext, "app">, request: Request, form: FormData | null): Promise<void> {
  if (!(await sessions.csrfOk(ctx.app, request, form))) {
    throw refusal({ ok: false as const, error: accountTr.csrf.failed }, 403);
  }
}

// ---------------------------------------------------------------- registration and activation

async function issueToken(app: AppContext, tx: Parameters<typeof repo.insertToken>[0], userId: number, purpose: repo.TokenPurpose) {
  const code = randomToken();
  const now = app.clock.now();
  const ttl = purpose === "activation" ? ACTIVATION_TTL_MS : RESET_TTL_MS;
  const row = await repo.insertToken(tx, { userId, purpose, tokenHash: digest(code), expiresAt: new Date(now.getTime() + ttl), createdAt: now });
  return { code, tokenId: row.id };
}

/**
 * Registration. The answer is the same whether or not the e-mail is taken: a new address gets an activation
 * mail; an existing unconfirmed one gets a fresh activation mail; a confirmed one gets a note that an account
 * exists (with the reset link). The password of an existing account is never changed here.
 */
export async function register(
  app: AppContext,
  input: { email: string; password: string; name: string; ip: string; marketing?: boolean },
): Promise<{ ok: true; message: string } | Failure> {
  const email = normalizeEmail(input.email);
  const limit = await mailRequestLimited(app, "register", input.ip);
  if (limit) return limit;
  // a new account always gets its activation mail; mails to an existing one are capped (MAIL_LIMITS): same answer
  const success = { ok: true as const, message: accountTr.register.success };
  const passwordHash = await hashPassword(input.password, app.config.passwordHashCost);
  if ((await repo.findUserByEmail(app.db, email)) && !(await mailAllowed(app, "register", input.ip, email))) return success;
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const created = await repo.insertUser(tx, { email, name: input.name.trim(), passwordHash, role: "customer", createdAt: now, updatedAt: now });
    if (created) {
      // commercial-message consent, only when ticked, recorded with the new account (issue 26 §4)
      if (input.marketing) await consent.record(app, tx, { email, status: "granted", source: "signup", ip: input.ip, userId: created.id });
      const t = await issueToken(app, tx, created.id, "activation");
      await mails.activationMail(tx, base(app), created, t.code, t.tokenId);
      return;
    }
    const existing = await repo.findUserByEmail(tx, email);
    if (!existing) throw new Error("user vanished during registration");
    if (!existing.activatedAt) {
      const t = await issueToken(app, tx, existing.id, "activation");
      await mails.activationMail(tx, base(app), existing, t.code, t.tokenId);
    } else {
      const hour = Math.floor(now.getTime() / 3_600_000);
      await mails.alreadyRegisteredMail(tx, base(app), existing, `account:exists:${existing.id}:${hour}`);
    }
  });
  return success;
}

/** Activation by code (link or form). Single use, 48 hours; failures name the e-mail when it is known. */
export async function activate(app: AppContext, code: string): Promise<{ ok: true; userId: number; message: string } | Failure> {
  const a = accountTr.activation;
  const trimmed = extractCode(code, "/activation/");
  if (trimmed.length < MIN_LINK_CODE_LENGTH || trimmed.length > 200) return fail(a.invalid);
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const token = await repo.lockToken(tx, "activation", digest(trimmed));
    if (!token) return fail(a.invalid);
    const user = await repo.findUserById(tx, token.userId);
    if (!user) return fail(a.invalid);
    if (token.usedAt) return fail(a.used, 400, user.activatedAt ? {} : { email: user.email });
    if (token.expiresAt <= now) return fail(a.expired, 400, user.activatedAt ? {} : { email: user.email });
    await repo.useTokens(tx, user.id, "activation", now);
    if (!user.activatedAt) {
      await repo.updateUser(tx, user.id, { activatedAt: now, updatedAt: now });
      await mails.welcomeMail(tx, base(app), user);
    }
    return { ok: true as const, userId: user.id, message: a.success };
  });
}

/** A pasted link works as well as the bare code. */
function extractCode(raw: string, marker: string): string {
  const s = raw.trim();
  const i = s.lastIndexOf(marker);
  return (i >= 0 ? s.slice(i + marker.length) : s).replace(/[/?#].*$/, "");
}

/** Sends a new activation code when the e-mail belongs to an unconfirmed account; the same answer otherwise. */
export async function resendActivation(app: AppContext, input: { email: string; ip: string }): Promise<{ ok: true; message: string } | Failure> {
  const email = normalizeEmail(input.email);
  const limit = await mailRequestLimited(app, "resend", input.ip);
  if (limit) return { ...limit, error: accountTr.activation.resendFailed };
  if (!(await mailAllowed(app, "resend", input.ip, email))) return { ok: true, message: accountTr.activation.resent };
  await app.db.transaction(async (tx) => {
    const user = await repo.findUserByEmail(tx, email);
    if (!user || user.activatedAt) return;
    const t = await issueToken(app, tx, user.id, "activation");
    await mails.activationMail(tx, base(app), user, t.code, t.tokenId);
  });
  return { ok: true, message: accountTr.activation.resent };
}

// ---------------------------------------------------------------- sign-in and sign-out

export interface SignedIn {
  ok: true;
  user: SessionUser;
  sessionId: string;
  /** The new session token (the app channel sends it as Bearer; the web gets it as a cookie). */
  token: string;
  headers: Headers;
}

/**
 * Password sign-in. Wrong e-mail and wrong password give the same answer after the same work; an unconfirmed
 * account answers 20013 only to someone who knows its password. The session gets a new token (no fixation).
 */
export async function signIn(
  app: AppContext,
  request: Request,
  input: { email: string; password: string; ip: string; channel?: "web" | "app" },
): Promise<SignedIn | Failure> {
  const email = normalizeEmail(input.email);
  const held = await signInHeldBack(app, input.ip, email);
  if (held) return held;
  const failed = async () => {
    await signInFailed(app, input.ip, email);
    return fail(accountTr.signIn.failed, 401);
  };
  const user = await repo.findUserByEmail(app.db, email);
  if (!user?.passwordHash) {
    await burnPasswordCheck(input.password, app.config.passwordHashCost);
    return failed();
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) return failed();
  // deactivated by staff (issue 12): the same answer as a wrong password
  if (user.disabledAt) return failed();
  if (!user.activatedAt) return fail(accountTr.signIn.notActivated, 403, { errorCode: NOT_ACTIVATED, email: user.email });
  return startSession(app, request, user, input.channel ?? "web");
}

async function startSession(app: AppContext, request: Request, user: repo.UserRow, channel: "web" | "app"): Promise<SignedIn> {
  const rotated = channel === "app" ? await sessions.createSession(app, request, user.id, "app") : await sessions.rotateSession(app, request, user.id);
  const headers = new Headers();
  if (channel === "web") {
    headers.append("Set-Cookie", rotated.setCookie);
    headers.append("Set-Cookie", sessions.knownUserCookie(app, user.email));
  }
  await runSignInHooks(app, { userId: user.id, sessionId: rotated.session.sessionId });
  return { ok: true, user: rotated.session.user!, sessionId: rotated.session.sessionId, token: rotated.token, headers };
}

/** Sign-out: the session row is deleted on the server and the cookie cleared. */
export async function signOut(app: AppContext, request: Request): Promise<Headers> {
  return new Headers({ "Set-Cookie": await sessions.endSession(app, request) });
}

/**
 * 'Not you?': forgets the remembered e-mail and ends this device's session, and with it the guest basket
 * and anything else kept for this visitor.
 */
export async function forgetDevice(app: AppContext, request: Request): Promise<Headers> {
  const headers = new Headers();
  headers.append("Set-Cookie", await sessions.endSession(app, request));
  headers.append("Set-Cookie", sessions.clearKnownUserCookie(app));
  return headers;
}

/** The e-mail remembered on this device after a sign-in (prefilled and locked on the sign-in form). */
export function knownEmail(request: Request): string | null {
  return sessions.knownUser(request);
}

// ---------------------------------------------------------------- password reset

/** Sends a reset link (1 hour, single use) when the account exists; the same answer otherwise. */
export async function requestPasswordReset(app: AppContext, input: { email: string; ip: string }): Promise<{ ok: true; message: string } | Failure> {
  const email = normalizeEmail(input.email);
  const limit = await mailRequestLimited(app, "reset", input.ip);
  if (limit) return limit;
  // over a per-account cap: the same answer, no mail
  if (!(await mailAllowed(app, "reset", input.ip, email))) return { ok: true, message: accountTr.forgot.sent };
  await app.db.transaction(async (tx) => {
    const user = await repo.findUserByEmail(tx, email);
    if (!user) return;
    const t = await issueToken(app, tx, user.id, "reset");
    await mails.resetMail(tx, base(app), user, t.code, t.tokenId);
  });
  return { ok: true, message: accountTr.forgot.sent };
}

/** Link check of `/resetpass/{code}`: status 1 shows the form, 0 the invalid-or-expired text. */
export async function checkResetLink(app: AppContext, code: string): Promise<{ status: 0 | 1 }> {
  if (code.length < MIN_LINK_CODE_LENGTH || code.length > 200) return { status: 0 };
  const token = await repo.findToken(app.db, "reset", digest(code));
  return { status: token && !token.usedAt && token.expiresAt > app.clock.now() ? 1 : 0 };
}

/**
 * Sets a new password through a reset link: single use, ends every other session of the user, retires the
 * user's other reset links, and confirms the e-mail (the link proved the mailbox).
 */
export async function resetPassword(app: AppContext, request: Request, code: string, newPassword: string): Promise<{ ok: true; message: string } | Failure> {
  if (code.length < MIN_LINK_CODE_LENGTH || code.length > 200) return fail(accountTr.reset.invalidLink);
  const passwordHash = await hashPassword(newPassword, app.config.passwordHashCost);
  const current = await sessions.getSession(app, request);
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const token = await repo.lockToken(tx, "reset", digest(code));
    if (!token || token.usedAt || token.expiresAt <= now) return fail(accountTr.reset.invalidLink);
    const user = await repo.findUserById(tx, token.userId);
    if (!user) return fail(accountTr.reset.invalidLink);
    await repo.useTokens(tx, user.id, "reset", now);
    await repo.updateUser(tx, user.id, { passwordHash, updatedAt: now, activatedAt: user.activatedAt ?? now });
    const keep = current.user?.id === user.id ? (current.sessionId ?? undefined) : undefined;
    await repo.deleteUserSessions(tx, user.id, keep);
    return { ok: true as const, message: accountTr.reset.success };
  });
}

// ---------------------------------------------------------------- staff and housekeeping

/** Changes a user's role and ends all of their sessions, so the new privileges start with a fresh sign-in. */
export async function setUserRole(app: AppContext, userId: number, role: UserRole): Promise<void> {
  await app.db.transaction(async (tx) => {
    await repo.setRole(tx, userId, role, app.clock.now());
    await repo.deleteUserSessions(tx, userId);
  });
}

/**
 * DESIGN demo-data contract: with ADMIN_EMAIL and ADMIN_PASSWORD set, start-up creates or updates an activated
 * admin with that password. Runs at every boot; idempotent.
 */
export async function ensureAdmin(app: AppContext): Promise<"created" | "updated" | "skipped"> {
  const { email: rawEmail, password } = app.config.admin;
  if (!rawEmail || !password) return "skipped";
  const email = normalizeEmail(rawEmail);
  const now = app.clock.now();
  const existing = await repo.findUserByEmail(app.db, email);
  if (existing?.passwordHash && existing.role === "admin" && existing.activatedAt && (await verifyPassword(password, existing.passwordHash))) {
    return "skipped";
  }
  const passwordHash = await hashPassword(password, app.config.passwordHashCost);
  if (existing) {
    await repo.updateUser(app.db, existing.id, { passwordHash, role: "admin", activatedAt: existing.activatedAt ?? now, updatedAt: now });
    await repo.deleteUserSessions(app.db, existing.id);
    return "updated";
  }
  await repo.insertUser(app.db, { email, name: accountTr.member.role.admin, passwordHash, role: "admin", activatedAt: now, createdAt: now, updatedAt: now });
  return "created";
}

/** Deletes expired sessions and long-expired codes (run hourly by the server). */
export async function purgeExpired(app: AppContext): Promise<number> {
  const now = app.clock.now();
  const n = await repo.deleteExpiredSessions(app.db, now, new Date(now.getTime() - app.config.session.idleMinutes * 60_000));
  await repo.deleteOldTokens(app.db, new Date(now.getTime() - 30 * 86_400_000));
  return n;
}

/** Test and support helper: how many live sessions a user has. */
export const countSessions = (app: AppContext, userId: number) => repo.countUserSessions(app.db, userId);
export const findUserByEmail = (app: AppContext, email: string) => repo.findUserByEmail(app.db, normalizeEmail(email));

// ---------------------------------------------------------------- staff and customer administration (issue 12)

export { listStaff, searchCustomers, userById, namesOf, addStaff, changeRole, setDisabled, eraseAccount, exportAccount, erasedEmail } from "./admin";
export type { Actor, AdminResult, UserSummary } from "./admin";

// ---------------------------------------------------------------- member area: orders

export interface MemberOrder {
  orderNumber: string;
  /** Istanbul calendar day the order was placed ('YYYY-MM-DD'). */
  placedOn: string;
  status: string;
  /** The status as the member reads it ('Sipariş alındı', 'Kargoya verildi', …). */
  statusText: string;
  needToPay: number;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  estimatedDelivery: string | null;
  canCancel: boolean;
}

/** The member's orders, newest first, with what SPEC §2.3 shows per order. */
export async function memberOrders(app: AppContext, userId: number): Promise<MemberOrder[]> {
  const user = await repo.findUserById(app.db, userId);
  const rows = await orders.listForUser(app, userId, user?.activatedAt ? user.email : undefined);
  return Promise.all(
    rows.map(async (o) => ({
      orderNumber: o.orderNumber,
      placedOn: istanbulDate(o.createdAt),
      status: o.status,
      statusText: orderStatusText(o.status),
      needToPay: o.needToPay,
      carrier: o.carrier,
      trackingNumber: o.trackingNumber,
      trackingUrl: o.carrier && o.trackingNumber ? await delivery.trackingUrl(app, o.carrier, o.trackingNumber) : null,
      estimatedDelivery: o.estimatedDelivery,
      // a guest order found by the member's e-mail is shown, but only orders placed signed in can be cancelled here
      canCancel: o.userId === userId && isOrderStatus(o.status) && memberMayCancel(o.status),
    })),
  );
}

export type CancelResult = { ok: true; message: string } | Failure;

/** Statuses a member may cancel from by themselves (before baking, SPEC §6). */
const MEMBER_CANCELLABLE = ORDER_STATUSES.filter(memberMayCancel);

/**
 * A member cancels their own order while it is still 'received' (before baking, SPEC §6); afterwards the
 * answer asks them to contact the shop. The status is checked again under the order's row lock, so a cancel
 * racing the bakery's 'preparing' loses. orders.cancel releases stock, points and the promo use in the same
 * transaction and refunds the card payment.
 */
const cannotCancel = () => fail(fmt(accountTr.member.cannotCancel, { phone: getSellerIdentity().phone }), 409);

/**
 * Whether the member may cancel this order now, with the same refusals as `cancelMemberOrder`: asked before
 * the confirmation is offered, so another customer's order number gets "not found", never a question about it.
 */
export async function mayCancelMemberOrder(app: AppContext, userId: number, orderNumber: string): Promise<{ ok: true; id: number; orderNumber: string } | Failure> {
  const order = await orders.getByNumber(app, orderNumber);
  if (!order || order.userId !== userId) return fail(ordersTr.errors.notFound, 404);
  if (!isOrderStatus(order.status) || !memberMayCancel(order.status)) return cannotCancel();
  return { ok: true, id: order.id, orderNumber: order.orderNumber };
}

/** The member's cancel itself is a flow: flows/cancel-order.ts cancelMemberOrder. */
export const MEMBER_CANCEL = { statuses: MEMBER_CANCELLABLE, cannotCancel, reason: () => accountTr.member.cancelReason } as const;

/** What the member is told after a cancel, by the refund's state. */
export function memberCancelMessage(refund: orders.RefundState): string {
  return refund.status === "refunded" ? accountTr.member.cancelledRefunded : refund.status === "pending" ? accountTr.member.cancelledRefundPending : accountTr.member.cancelled;
}

// ---------------------------------------------------------------- third-party sign-in (OpenID Connect)

export { oidcEnabled } from "./oidc";

export async function startThirdPartySignIn(app: AppContext, request: Request, returnUrl: string) {
  return oidc.startOidc(app, request, returnUrl);
}

/** Completes the provider's redirect: signs the member in (new session token) or says it failed. */
export async function finishThirdPartySignIn(app: AppContext, request: Request): Promise<{ ok: true; returnUrl: string; headers: Headers } | Failure> {
  let r: oidc.OidcResult;
  try {
    r = await oidc.finishOidc(app, request);
  } catch (err) {
    app.log.warn({ err }, "third-party sign-in failed");
    r = { ok: false, reason: "provider error" };
  }
  const headers = new Headers({ "Set-Cookie": oidc.clearFlowCookie(app) });
  if (!r.ok) {
    app.log.warn({ reason: r.reason }, "third-party sign-in refused");
    return fail(accountTr.signIn.failed, 400);
  }
  const user = await repo.findUserById(app.db, r.userId);
  if (!user) return fail(accountTr.signIn.failed, 400);
  const signed = await startSession(app, request, user, "web");
  for (const c of signed.headers.getSetCookie()) headers.append("Set-Cookie", c);
  return { ok: true, returnUrl: r.returnUrl, headers };
}
