import { data, redirect } from "react-router";
import type { Route } from "./+types/auth-login";
import * as accounts from "~/.server/accounts/service";
import { pageTitle } from "~/ui/PageTitle";
import { emailSchema, fieldErrors, formFields, registerSchema, safeReturnUrl, signInSchema } from "~/shared/account";
import { accountTr } from "~/shared/texts/account.tr";
import { LoginPage, type Answer } from "~/features/account/LoginPage";

const t = accountTr;

export function meta() {
  return pageTitle(t.shell.title);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return {
    knownEmail: accounts.knownEmail(request),
    returnUrl: url.searchParams.get("returnUrl") ?? "",
    oidc: accounts.oidcEnabled(context.app),
    oidcFailed: url.searchParams.get("oidc") === "0",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  await accounts.verifyCsrf(context, request, form);
  const app = context.app;
  const ip = context.clientIp;
  const intent = form.get("intent");

  if (intent === "forget") {
    return redirect("/auth/login", { headers: await accounts.forgetDevice(app, request) });
  }

  if (intent === "register") {
    const parsed = registerSchema.safeParse(formFields(form, ["frmEmail", "frmPass1", "frmPass2", "frmName"]));
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      return data<Answer>({ intent, ok: false, message: Object.values(fields)[0] ?? t.register.failed, fields });
    }
    const f = parsed.data;
    const r = await accounts.register(app, { email: f.frmEmail, password: f.frmPass1, name: f.frmName, ip, marketing: form.get("marketing") === "on" });
    return r.ok ? data<Answer>({ intent, ok: true, message: r.message }) : data<Answer>({ intent, ok: false, message: r.error }, { status: r.status === 429 ? 429 : 200 });
  }

  if (intent === "resend") {
    const email = emailSchema.safeParse(form.get("email") ?? "");
    if (!email.success) return data<Answer>({ intent, ok: false, message: t.activation.resendFailed });
    const r = await accounts.resendActivation(app, { email: email.data, ip });
    return data<Answer>({ intent, ok: r.ok, message: r.ok ? r.message : r.error }, { status: !r.ok && r.status === 429 ? 429 : 200 });
  }

  const parsed = signInSchema.safeParse(formFields(form, ["email", "password"]));
  if (!parsed.success) {
    return data<Answer>({ intent: "signin", ok: false, message: t.validation.formInvalid, fields: fieldErrors(parsed.error) });
  }
  const r = await accounts.signIn(app, request, { ...parsed.data, ip });
  if (r.ok) {
    const to = safeReturnUrl(new URL(request.url).searchParams.get("returnUrl") ?? String(form.get("returnUrl") ?? ""));
    return redirect(to, { headers: r.headers });
  }
  return data<Answer>({ intent: "signin", ok: false, message: r.error, errorCode: r.errorCode, email: r.email }, { status: r.status === 429 ? 429 : 200 });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return <LoginPage loaderData={loaderData} actionData={actionData} />;
}
