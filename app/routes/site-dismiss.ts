import { data, redirect } from "react-router";
import type { Route } from "./+types/site-dismiss";
import { serialize } from "cookie";
import { verifyCsrf } from "~/.server/accounts/service";
import { tr } from "~/shared/texts/tr";

export const DISMISS_COOKIES = { top: "dm_top", bottom: "dm_bot" } as const;

/**
 * Dismisses the top or bottom site message for this browser: a cookie holds the message's key,
 * so the same message stays hidden after reload and a new one shows again. Works without JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  await verifyCsrf(context, request, form);
  const which = form.get("which");
  const key = String(form.get("key") ?? "");
  if ((which !== "top" && which !== "bottom") || !/^[\w-]{1,32}$/.test(key)) {
    return data({ ok: false, error: tr.errors.badRequestTitle }, { status: 400 });
  }
  const cookie = serialize(DISMISS_COOKIES[which], key, {
    path: "/",
    maxAge: 60 * 60 * 24 * 365,
    sameSite: "lax",
    httpOnly: true,
    // as the session cookie: Secure when the shop is public over https (TLS may end at a proxy in front of us)
    secure: (context.app.config.production && context.app.config.publicUrl.startsWith("https:")) || new URL(request.url).protocol === "https:",
  });
  if (form.get("js") === "1") return data({ ok: true }, { headers: { "Set-Cookie": cookie } });
  return redirect(safeBack(request), { headers: { "Set-Cookie": cookie } });
}

export const loader = () => redirect("/home");

function safeBack(request: Request): string {
  const ref = request.headers.get("referer");
  if (!ref) return "/home";
  try {
    const url = new URL(ref);
    return url.origin === new URL(request.url).origin ? url.pathname + url.search : "/home";
  } catch {
    return "/home";
  }
}
