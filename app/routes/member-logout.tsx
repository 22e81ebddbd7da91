import { redirect } from "react-router";
import type { Route } from "./+types/member-logout";
import * as accounts from "~/.server/accounts/service";

/** Sign-out: POST only (with the CSRF token); the session is deleted on the server. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  await accounts.verifyCsrf(context, request, form);
  return redirect("/home", { headers: await accounts.signOut(context.app, request) });
}

export const loader = () => redirect("/memberarea/home");
