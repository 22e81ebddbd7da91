import { useEffect, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import type { Route } from "../../routes/+types/resetpass";
import { CsrfField } from "~/ui/CsrfField";
import { Field, buttonClass } from "~/features/account/Field";
import { FormMessage } from "~/features/account/FormMessage";
import { LIMITS, TIMING } from "~/shared/constants";
import { accountTr } from "~/shared/texts/account.tr";

const t = accountTr.reset;

/** What the new-password action (routes/resetpass.tsx) answers. */
export type Answer = { ok: boolean; message: string; cleared?: boolean };

/** The new-password screen of a reset link (SPEC §2.6, §8; its data and form handling: routes/resetpass.tsx). */
export function ResetPasswordPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const answer = actionData as Answer | undefined;
  const navigate = useNavigate();
  const done = Boolean(answer?.ok);
  const [formKey, setFormKey] = useState(0);
  useEffect(() => {
    if (answer?.cleared) setFormKey((k) => k + 1);
  }, [answer]);
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate("/auth/login"), TIMING.noticeDefaultMs);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);
  const invalid = loaderData.status === 0 || (answer && !answer.ok && answer.message === t.invalidLink);

  return (
    <section className="mx-auto flex max-w-md flex-col gap-4 px-4 py-10">
      <h1 className="text-2xl font-bold">{t.title}</h1>
      {done ? (
        <>
          <p role="status" className="rounded-lg bg-green-100 px-3 py-2 font-medium text-green-900">
            {answer!.message}
          </p>
          <Link to="/auth/login" className={`${buttonClass} text-center`}>
            {accountTr.signIn.title}
          </Link>
        </>
      ) : invalid ? (
        <p role="alert" className="rounded-lg bg-red-100 px-3 py-2 font-medium text-red-900">
          {t.invalidLink}
        </p>
      ) : (
        <>
        <FormMessage message={answer && !answer.ok ? answer.message : null} trigger={answer} />
        <Form method="post" noValidate className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm" key={formKey}>
          <CsrfField />
          <Field label={t.newPassword} name="newPass" type="password" autoComplete="new-password" required minLength={LIMITS.passwordMin} maxLength={LIMITS.passwordMax} />
          <Field label={t.repeat} name="newPass2" type="password" autoComplete="new-password" required minLength={LIMITS.passwordMin} maxLength={LIMITS.passwordMax} />
          <button type="submit" className={buttonClass}>
            {t.submit}
          </button>
        </Form>
        </>
      )}
      <Link to="/home" className="text-sm underline">
        {t.home}
      </Link>
    </section>
  );
}
