import { Form, Link } from "react-router";
import type { Route } from "../../routes/+types/auth-reset";
import { CsrfField } from "~/ui/CsrfField";
import { Field, buttonClass, secondaryButtonClass } from "~/features/account/Field";
import { FormMessage } from "~/features/account/FormMessage";
import { fmt } from "~/shared/texts/tr";
import { accountTr } from "~/shared/texts/account.tr";

const t = accountTr.forgot;

/** What the forgot-password action (routes/auth-reset.tsx) answers. */
export type Answer = { step: "confirm" | "sent" | "error"; email?: string; message?: string };

/** The forgot-password screen (SPEC §2.6; its form handling: routes/auth-reset.tsx). */
export function ForgotPasswordPage({ actionData }: Pick<Route.ComponentProps, "actionData">) {
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
