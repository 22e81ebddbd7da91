import { createHmac } from "node:crypto";
import * as client from "openid-client";
import { parse, serialize } from "cookie";
import type { AppContext } from "../context";
import * as repo from "./repo";
import { cookieOptions } from "./sessions";
import { sameToken } from "./tokens";
import { normalizeEmail, safeReturnUrl } from "~/shared/account";

/**
 * Third-party sign-in: OpenID Connect authorisation-code flow with PKCE (openid-client v6), configured by
 * OIDC_ISSUER / OIDC_CLIENT_ID / OIDC_CLIENT_SECRET. The verifier, nonce and state wait in a short-lived signed
 * httpOnly cookie; `state` also carries the returnUrl.
 */
const COOKIE = "oidc_flow";
const FLOW_SECONDS = 600;

let cached: { key: string; config: Promise<client.Configuration> } | undefined;

function loopback(url: URL): boolean {
  return ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

export function oidcEnabled(app: AppContext): boolean {
  return Boolean(app.config.oidc.issuer && app.config.oidc.clientId);
}

function configuration(app: AppContext): Promise<client.Configuration> {
  const { issuer, clientId, clientSecret } = app.config.oidc;
  if (!issuer || !clientId) throw new Error("OIDC is not configured");
  const key = `${issuer}|${clientId}`;
  if (cached?.key !== key) {
    const url = new URL(issuer);
    // plain http only for an issuer on this machine (tests, development)
    const insecure = url.protocol === "http:" && loopback(url);
    const config = client
      .discovery(url, clientId, undefined, clientSecret ? client.ClientSecretBasic(clientSecret) : client.None(), insecure ? { execute: [client.allowInsecureRequests] } : undefined)
      .catch((err: unknown) => {
        cached = undefined;
        throw err;
      });
    cached = { key, config };
  }
  return cached.config;
}

const sign = (app: AppContext, value: string) => createHmac("sha256", app.secretKey).update(`oidc:${value}`).digest("base64url");

function redirectUri(request: Request): string {
  return `${new URL(request.url).origin}/auth/oidc/callback`;
}

/** Starts the flow: the provider's authorisation URL and the cookie that remembers this attempt. */
export async function startOidc(app: AppContext, request: Request, returnUrl: string): Promise<{ url: string; setCookie: string }> {
  const config = await configuration(app);
  const verifier = client.randomPKCECodeVerifier();
  const nonce = client.randomNonce();
  const state = `${client.randomState()}.${Buffer.from(safeReturnUrl(returnUrl)).toString("base64url")}`;
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(request),
    scope: "openid email profile",
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  const payload = Buffer.from(JSON.stringify({ verifier, nonce, state })).toString("base64url");
  const setCookie = serialize(COOKIE, `${payload}.${sign(app, payload)}`, { ...cookieOptions(app, FLOW_SECONDS), path: "/auth/oidc" });
  return { url: url.href, setCookie };
}

export function clearFlowCookie(app: AppContext): string {
  return serialize(COOKIE, "", { ...cookieOptions(app, 0), path: "/auth/oidc", expires: new Date(0) });
}

export type OidcResult = { ok: true; userId: number; returnUrl: string } | { ok: false; reason: string };

/** Finishes the flow: checks state, PKCE and nonce, then finds, links or creates the member. */
export async function finishOidc(app: AppContext, request: Request): Promise<OidcResult> {
  const raw = parse(request.headers.get("cookie") ?? "")[COOKIE];
  const [payload, mac] = raw?.split(".") ?? [];
  if (!payload || !mac || !sameToken(mac, sign(app, payload))) return { ok: false, reason: "no flow cookie" };
  const flow = JSON.parse(Buffer.from(payload, "base64url").toString()) as { verifier: string; nonce: string; state: string };
  const config = await configuration(app);
  const current = new URL(request.url);
  const callback = new URL(redirectUri(request));
  callback.search = current.search;
  const tokens = await client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: flow.verifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  });
  const idClaims = tokens.claims();
  if (!idClaims?.sub) return { ok: false, reason: "no subject" };
  // Providers that keep scope claims out of the ID token (OIDC Core 5.4) give them at the UserInfo endpoint.
  const claims =
    typeof idClaims.email === "string" ? idClaims : { ...(await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)), sub: idClaims.sub };
  const returnUrl = safeReturnUrl(Buffer.from(flow.state.split(".")[1] ?? "", "base64url").toString());
  const subject = `${config.serverMetadata().issuer}|${claims.sub}`;
  const now = app.clock.now();
  const userId = await app.db.transaction(async (tx) => {
    const linked = await repo.findUserByOidc(tx, subject);
    if (linked) return linked.id;
    const email = typeof claims.email === "string" ? normalizeEmail(claims.email) : null;
    if (!email || claims.email_verified !== true) return null;
    const existing = await repo.findUserByEmail(tx, email);
    if (existing) {
      await repo.updateUser(tx, existing.id, { oidcSubject: subject, activatedAt: existing.activatedAt ?? now, updatedAt: now });
      return existing.id;
    }
    const name = typeof claims.name === "string" && claims.name.trim() ? claims.name.trim().slice(0, 60) : email.split("@")[0]!;
    const created = await repo.insertUser(tx, { email, name, passwordHash: null, role: "customer", oidcSubject: subject, activatedAt: now, createdAt: now, updatedAt: now });
    return created?.id ?? null;
  });
  return userId ? { ok: true, userId, returnUrl } : { ok: false, reason: "no verified e-mail" };
}
