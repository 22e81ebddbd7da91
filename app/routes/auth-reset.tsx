import { data } from "react-router";
import type { Route } from "./+types/auth-reset";
import * as accounts from "~/.server/accounts/service";
import { pageTitle } from "~/ui/PageTitle";
import { forgotSchema } from "~/shared/account";
import { getSellerIdentity } from "~/.server/seller/service";
import { fmt } from "~/shared/texts/tr";
import { accountTr } from "~/shared/texts/account.tr";
import { ForgotPasswordPage, type Answer } from "~/features/account/ForgotPasswordPage";

const t = accountTr.forgot;

export function meta() {
  return pageTitle(t.title);
}

/**
 * Forgot password in two steps (SPEC §2.6): the address is checked and a confirmation asked;
 * 'Evet' sends, 'Vazgeç' goes back. The answer never tells whether an account exists.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  await accounts.verifyCsrf(context, request, form);
  const parsed = forgotSchema.safeParse({ email: form.get("email") ?? "" });
  if (!parsed.success) return data<Answer>({ step: "error", message: accountTr.validation.forgotEmail });
  const email = parsed.data.email;
  if (form.get("intent") !== "send") return data<Answer>({ step: "confirm", email });
  const r = await accounts.requestPasswordReset(context.app, { email, ip: context.clientIp });
  if (!r.ok) return data<Answer>({ step: "error", email, message: r.status === 429 ? r.error : fmt(t.failed, { email: getSellerIdentity().email }) }, { status: r.status === 429 ? 429 : 200 });
  return data<Answer>({ step: "sent", email, message: r.message });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  return <ForgotPasswordPage actionData={actionData} />;
}
