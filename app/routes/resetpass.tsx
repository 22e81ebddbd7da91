import { data } from "react-router";
import type { Route } from "./+types/resetpass";
import * as accounts from "~/.server/accounts/service";
import { pageTitle } from "~/ui/PageTitle";
import { checkNewPasswords } from "~/shared/account";
import { accountTr } from "~/shared/texts/account.tr";
import { ResetPasswordPage, type Answer } from "~/features/account/ResetPasswordPage";

const t = accountTr.reset;

export function meta() {
  return pageTitle(t.title);
}

/** The link is checked first: status 1 shows the form, 0 the invalid-or-expired text (SPEC §2.6, §8). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { status } = await accounts.checkResetLink(context.app, params.code);
  return data({ status }, { headers: { "Referrer-Policy": "same-origin", "Cache-Control": "no-store" } });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  await accounts.verifyCsrf(context, request, form);
  const newPass = String(form.get("newPass") ?? "");
  const repeat = String(form.get("newPass2") ?? "");
  const check = checkNewPasswords(newPass, repeat);
  if (!check.ok) return data<Answer>({ ok: false, message: check.message, cleared: check.problem === "mismatch" });
  try {
    const r = await accounts.resetPassword(context.app, request, params.code, newPass);
    return r.ok ? data<Answer>({ ok: true, message: r.message }) : data<Answer>({ ok: false, message: r.error });
  } catch (err) {
    context.app.log.error({ err, requestId: context.requestId }, "password reset failed");
    return data<Answer>({ ok: false, message: t.failed });
  }
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return <ResetPasswordPage loaderData={loaderData} actionData={actionData} />;
}
