import { useEffect, useState } from "react";
import { data, Form, Link, useNavigate } from "react-router";
import type { Route } from "./+types/resetpass";
import * as accounts from "~/.server/accounts/service";
import { CsrfField } from "~/ui/CsrfField";
import { pageTitle } from "~/ui/PageTitle";
import { Field, buttonClass } from "~/features/account/Field";
import { FormMessage } from "~/features/account/FormMessage";
import { checkNewPasswords } from "~/shared/account";
import { LIMITS, TIMING } from "~/shared/constants";
import { accountTr } from "~/shared/texts/account.tr";

const t = accountTr.reset;

export function meta() {
  return pageTitle(t.title);
}

/** The link is checked first: status 1 shows the form, 0 the invalid-or-expired text (SPEC §2.6, §8). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { status } = await accounts.checkResetLink(context.app, params.code);
  return data({ status }, { headers: { "Referrer-Policy": "same-origin", "Cache-Control": "no-store" } });
}

type Answer = { ok: boolean; message: string; cleared?: boolean };

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
