import { Outlet, redirect } from "react-router";
import type { Route } from "./+types/auth-layout";
import * as accounts from "~/.server/accounts/service";
import { accountTr } from "~/shared/texts/account.tr";

/** The auth shell 'Üye Girişi' (SPEC §2.6): a signed-in visitor goes to the member area instead. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await accounts.getSession(context.app, request);
  if (session.user && new URL(request.url).pathname !== "/auth/oidc/callback") throw redirect("/memberarea/home");
  return null;
}

export default function AuthLayout() {
  return (
    <section className="mx-auto max-w-4xl px-4 py-8">
      <p className="mb-4 text-center text-sm font-semibold uppercase tracking-wide text-choc-700">{accountTr.shell.title}</p>
      <Outlet />
    </section>
  );
}
