import { data } from "react-router";
import type { Route } from "./+types/activation";
import * as accounts from "~/.server/accounts/service";
import { pageTitle } from "~/ui/PageTitle";
import { activationSchema, emailSchema } from "~/shared/account";
import { accountTr } from "~/shared/texts/account.tr";
import { ActivationPage, type Result } from "~/features/account/ActivationPage";

const t = accountTr.activation;

export function meta() {
  return pageTitle(t.title);
}

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
  return <ActivationPage loaderData={loaderData} actionData={actionData} />;
}
