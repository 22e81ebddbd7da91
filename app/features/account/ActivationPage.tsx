import { useEffect } from "react";
import { Form, Link, useNavigate } from "react-router";
import type { Route } from "../../routes/+types/activation";
import { CsrfField } from "~/ui/CsrfField";
import { Field, buttonClass, secondaryButtonClass } from "~/features/account/Field";
import { FormMessage } from "~/features/account/FormMessage";
import { TIMING } from "~/shared/constants";
import { accountTr } from "~/shared/texts/account.tr";

const t = accountTr.activation;

/** What the activation loader and action (routes/activation.tsx) answer. */
export type Result = { ok: boolean; message: string; email?: string; resent?: boolean };

/** The account activation screen (its data and form handling: routes/activation.tsx). */
export function ActivationPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const result = (actionData as Result | undefined) ?? loaderData.result;
  const navigate = useNavigate();
  const activated = Boolean(result?.ok && !result.resent);
  useEffect(() => {
    if (!activated) return;
    const timer = window.setTimeout(() => navigate("/home"), TIMING.noticeRegistrationMs);
    return () => window.clearTimeout(timer);
  }, [activated, navigate]);

  return (
    <section className="mx-auto flex max-w-md flex-col gap-4 px-4 py-10">
      <h1 className="text-2xl font-bold">{t.title}</h1>
      {activated ? (
        <>
          <p role="status" className="rounded-lg bg-green-100 px-3 py-2 font-medium text-green-900">
            {result!.message}
          </p>
          <Link to="/home" className={`${buttonClass} text-center`}>
            {t.goHome}
          </Link>
        </>
      ) : (
        <>
          {result && !result.ok && !result.resent ? (
            <p role="alert" className="rounded-lg bg-red-100 px-3 py-2 font-medium text-red-900">
              {result.message}
            </p>
          ) : null}
          {result?.resent ? <FormMessage message={result.message} kind={result.ok ? "success" : "error"} trigger={result} sticky /> : null}
          {result && !result.ok && result.email && !result.resent ? (
            <Form method="post">
              <CsrfField />
              <input type="hidden" name="intent" value="resend" />
              <input type="hidden" name="email" value={result.email} />
              <button type="submit" className={secondaryButtonClass}>
                {t.resend}
              </button>
            </Form>
          ) : null}
          <Form method="post" action="/activation" noValidate className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm">
            <CsrfField />
            <p className="text-sm text-stone-700">{t.intro}</p>
            <Field label={t.code} name="code" type="text" autoComplete="one-time-code" required spellCheck={false} />
            <button type="submit" className={buttonClass}>
              {t.submit}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
