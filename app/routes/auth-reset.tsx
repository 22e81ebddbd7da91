import { data, Form, Link } from "react-router";
import type { Route } from "./+types/auth-reset";
import * as accounts from "~/.server/accounts/service";
import { CsrfField } from "~/ui/CsrfField";
import { pageTitle } from "~/ui/PageTitle";
import { Field, buttonClass, secondaryButtonClass } from "~/features/account/Field";
import { FormMessage } from "~/features/account/FormMessage";
import { forgotSchema } from "~/shared/account";
import { getSellerIdentity } from "~/.server/seller/service";
import { fmt } from "~/shared/texts/tr";
import { accountTr } from "~/shared/texts/account.tr";

const t = accountTr.forgot;

export function meta() {
  return pageTitle(t.title);
}

type Answer = { step: "confirm" | "sent" | "error"; email?: string; message?: string };

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
  const answer = actionData as Answer | undefined;
  const confirming = answer?.step === "confirm";
  return (
    <div className="mx-auto flex max-w-md flex-col gap-4 rounded-xl bg-white p-5 shadow-sm">
      <h1 className="text-2xl font-bold">{t.title}</h1>
      {answer?.step === "sent" ? (
        <p role="status" className="rounded-lg bg-green-100 px-3 py-2 text-green-900">
          {answer.message}
        </p>
      ) : (
        <FormMessage message={answer?.step === "error" ? answer.message : null} trigger={answer} kind="error" />
      )}
      {confirming ? (
        <Form method="post" className="flex flex-col gap-4">
          <CsrfField />
          <input type="hidden" name="email" value={answer.email} />
          <p role="alert" className="font-medium">
            {fmt(t.confirm, { email: answer.email ?? "" })}
          </p>
          <div className="flex gap-3">
            <button type="submit" name="intent" value="send" className={buttonClass}>
              {t.yes}
            </button>
            <Link to="/auth/reset" className={`${secondaryButtonClass} text-center`} replace>
              {t.cancel}
            </Link>
          </div>
        </Form>
      ) : answer?.step === "sent" ? null : (
        <Form method="post" noValidate className="flex flex-col gap-4">
          <CsrfField />
          <p className="text-sm text-stone-700">{t.intro}</p>
          <Field label={t.email} name="email" type="email" autoComplete="email" required defaultValue={answer?.email ?? ""} />
          <button type="submit" name="intent" value="confirm" className={buttonClass}>
            {t.submit}
          </button>
        </Form>
      )}
      <Link to="/auth/login" className="text-sm underline">
        {t.backToSignIn}
      </Link>
    </div>
  );
}
