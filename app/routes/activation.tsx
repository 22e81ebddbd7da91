import { useEffect } from "react";
import { data, Form, Link, useNavigate } from "react-router";
import type { Route } from "./+types/activation";
import * as accounts from "~/.server/accounts/service";
import { CsrfField } from "~/ui/CsrfField";
import { pageTitle } from "~/ui/PageTitle";
import { Field, buttonClass, secondaryButtonClass } from "~/features/account/Field";
import { FormMessage } from "~/features/account/FormMessage";
import { activationSchema, emailSchema } from "~/shared/account";
import { TIMING } from "~/shared/constants";
import { accountTr } from "~/shared/texts/account.tr";

const t = accountTr.activation;

export function meta() {
  return pageTitle(t.title);
}

type Result = { ok: boolean; message: string; email?: string; resent?: boolean };

/** With a code in the path the account is activated at once (the link of the mail). */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!params.code) return { result: null as Result | null };
  const r = await accounts.activate(context.app, params.code);
  const result: Result = r.ok ? { ok: true, message: r.message } : { ok: false, message: r.error, email: r.email };
  return data({ result }, { headers: { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  await accounts.verifyCsrf(context, request, form);
  if (form.get("intent") === "resend") {
    const email = emailSchema.safeParse(form.get("email") ?? "");
    if (!email.success) return data<Result>({ ok: false, message: t.resendFailed, resent: true });
    const r = await accounts.resendActivation(context.app, { email: email.data, ip: context.clientIp });
    return data<Result>({ ok: r.ok, message: r.ok ? r.message : r.error, resent: true }, { status: !r.ok && r.status === 429 ? 429 : 200 });
  }
  const parsed = activationSchema.safeParse({ code: form.get("code") ?? "" });
  if (!parsed.success) return data<Result>({ ok: false, message: parsed.error.issues[0]!.message });
  const r = await accounts.activate(context.app, parsed.data.code);
  return r.ok ? data<Result>({ ok: true, message: r.message }) : data<Result>({ ok: false, message: r.error, email: r.email });
}

export default function Activation({ loaderData, actionData }: Route.ComponentProps) {
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
