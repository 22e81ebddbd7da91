import { redirect } from "react-router";
import type { Route } from "./+types/auth-oidc-callback";
import * as accounts from "~/.server/accounts/service";

/** The provider's redirect back: sign in and continue to the returnUrl carried in `state`. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!accounts.oidcEnabled(context.app)) return redirect("/auth/login");
  const r = await accounts.finishThirdPartySignIn(context.app, request);
  if (!r.ok) return redirect("/auth/login?oidc=0");
  return redirect(r.returnUrl, { headers: r.headers });
}
