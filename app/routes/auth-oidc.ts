import { redirect } from "react-router";
import type { Route } from "./+types/auth-oidc";
import * as accounts from "~/.server/accounts/service";

/** 'Apple ile giriş' style button: sends the visitor to the OpenID Connect provider. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const returnUrl = new URL(request.url).searchParams.get("returnUrl") ?? "";
  if (!accounts.oidcEnabled(context.app)) return redirect("/auth/login");
  try {
    const { url, setCookie } = await accounts.startThirdPartySignIn(context.app, request, returnUrl);
    return redirect(url, { headers: { "Set-Cookie": setCookie, "Cache-Control": "no-store" } });
  } catch (err) {
    context.app.log.warn({ err, requestId: context.requestId }, "OIDC provider unreachable");
    return redirect("/auth/login?oidc=0");
  }
}
