import type { Route } from "./+types/api.auth.signin";
import * as accounts from "~/.server/accounts/service";
import { signInSchema } from "~/shared/account";
import { accountTr } from "~/shared/texts/account.tr";
import { tr } from "~/shared/texts/tr";
import { mediaType } from "~/.server/http/guards";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * POST /api/auth/signin — sign-in for the app channel (SPEC §7 'Sign in', DESIGN: Bearer for the app).
 * JSON `{email, password}` → `{obj: {email, name, initials, customerStatus, state, type}, token}`; the app then
 * sends `Authorization: Bearer <token>`. Failures answer `{error}` (plus `errorCode: 20013` for an account not
 * activated yet) with 400/401/403/429. Same rules, rate limits and answers as the web sign-in; no cookie is set.
 * Only JSON is accepted: a page on another site cannot send it without a CORS preflight, which is never granted.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: tr.errors.methodNotAllowedBody }, { status: 405, headers: { Allow: "POST", ...NO_STORE } });
  if (mediaType(request.headers.get("content-type")) !== "application/json") {
    return Response.json({ error: tr.errors.unsupportedMediaType }, { status: 415, headers: NO_STORE });
  }
  const body: unknown = await request.json().catch(() => null);
  const parsed = signInSchema.safeParse(body && typeof body === "object" ? body : {});
  if (!parsed.success) return Response.json({ error: accountTr.validation.formInvalid }, { status: 400, headers: NO_STORE });

  const r = await accounts.signIn(context.app, request, { ...parsed.data, ip: context.clientIp, channel: "app" });
  if (!r.ok) {
    const headers = new Headers(NO_STORE);
    if (r.retryAfterSeconds) headers.set("Retry-After", String(r.retryAfterSeconds));
    return Response.json({ error: r.error, ...(r.errorCode ? { errorCode: r.errorCode } : {}) }, { status: r.status, headers });
  }
  const u = r.user;
  return Response.json(
    { obj: { email: u.email, name: u.name, initials: u.initial, customerStatus: "Customer", state: "secure", type: "Customer" }, token: r.token },
    { headers: NO_STORE },
  );
}

export function loader() {
  return Response.json({ error: tr.errors.methodNotAllowedBody }, { status: 405, headers: { Allow: "POST", ...NO_STORE } });
}
