import { useEffect, useState, type FormEvent } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import type { Route } from "../../routes/+types/auth-login";
import { CsrfField } from "~/ui/CsrfField";
import { Field, buttonClass, secondaryButtonClass } from "~/features/account/Field";
import { FormMessage } from "~/features/account/FormMessage";
import { fieldErrors, formFields, registerSchema, signInSchema } from "~/shared/account";
import { LIMITS, TIMING } from "~/shared/constants";
import { fmt } from "~/shared/texts/tr";
import { accountTr } from "~/shared/texts/account.tr";
import { busyProps } from "~/ui/busy";
import { focusFirstInvalid } from "~/ui/focus";
import { MarketingOptIn, PrivacyNotice } from "~/features/chrome/Consent";

const t = accountTr;
/** Local-storage flag of test users: shows the third-party sign-in button (SPEC §2.6, §6). */
export const TEST_USER_FLAG = "testUser";

/** What the sign-in page's action (routes/auth-login.tsx) answers. */
export type Answer = {
  intent: "signin" | "register" | "resend";
  ok: boolean;
  message: string;
  fields?: Record<string, string>;
  errorCode?: number;
  email?: string;
};

function useClientCheck<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: Parameters<typeof fieldErrors>[0] } }, keys: string[], onErrors: (fields: Record<string, string>) => void) {
  return (e: FormEvent<HTMLFormElement>) => {
    const r = schema.safeParse(formFields(new FormData(e.currentTarget), keys));
    if (!r.success) {
      e.preventDefault();
      onErrors(fieldErrors(r.error));
    } else onErrors({});
  };
}

/** The sign-in and register screen (SPEC §2.6; its data and form handling: routes/auth-login.tsx). */
export function LoginPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { knownEmail, oidc } = loaderData;
  const [params] = useSearchParams();
  const returnUrl = params.get("returnUrl") ?? "";
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const answer = actionData as Answer | undefined;
  const [signInErrors, setSignInErrors] = useState<Record<string, string>>({});
  const [registerErrors, setRegisterErrors] = useState<Record<string, string>>({});
  const [clientMessage, setClientMessage] = useState<{ text: string; n: number } | null>(null);
  const [showThirdParty, setShowThirdParty] = useState(false);
  useEffect(() => {
    try {
      const flag = window.localStorage.getItem(TEST_USER_FLAG);
      setShowThirdParty(flag === "1" || flag === "true");
    } catch {
      setShowThirdParty(false);
    }
  }, []);
  useEffect(() => {
    setSignInErrors(answer?.intent === "signin" ? (answer.fields ?? {}) : {});
    setRegisterErrors(answer?.intent === "register" ? (answer.fields ?? {}) : {});
    if (answer?.fields && Object.keys(answer.fields).length) focusFirstInvalid();
  }, [answer]);

  const checkSignIn = useClientCheck(signInSchema, ["email", "password"], (f) => {
    setSignInErrors(f);
    if (Object.keys(f).length) {
      setClientMessage((m) => ({ text: t.validation.formInvalid, n: (m?.n ?? 0) + 1 }));
      focusFirstInvalid();
    }
  });
  const checkRegister = useClientCheck(registerSchema, ["frmEmail", "frmPass1", "frmPass2", "frmName"], (f) => {
    setRegisterErrors(f);
    const first = Object.values(f)[0];
    if (first) {
      setClientMessage((m) => ({ text: first, n: (m?.n ?? 0) + 1 }));
      focusFirstInvalid();
    }
  });
  const action = returnUrl ? `/auth/login?returnUrl=${encodeURIComponent(returnUrl)}` : "/auth/login";
  const notActivated = answer?.intent === "signin" && answer.errorCode === 20013 && answer.email;

  return (
    <div className="grid gap-8 md:grid-cols-2">
      <FormMessage message={clientMessage?.text} trigger={clientMessage} kind="error" />
      <FormMessage message={loaderData.oidcFailed ? t.signIn.failed : null} kind="error" />
      <FormMessage
        message={answer?.message}
        trigger={answer}
        kind={answer?.ok ? "success" : "error"}
        durationMs={answer?.intent === "register" && answer.ok ? TIMING.noticeRegistrationMs : undefined}
      />
      <div className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm md:col-span-1">
        <h1 className="text-2xl font-bold">{t.signIn.title}</h1>
        <Form method="post" action={action} noValidate onSubmit={checkSignIn} className="flex flex-col gap-4">
          <CsrfField />
          <input type="hidden" name="intent" value="signin" />
          <Field
            label={t.signIn.email}
            name="email"
            type="email"
            autoComplete="username"
            required
            defaultValue={knownEmail ?? ""}
            readOnly={Boolean(knownEmail)}
            error={signInErrors.email}
          />
          <Field label={t.signIn.password} name="password" type="password" autoComplete="current-password" required maxLength={LIMITS.passwordMax} error={signInErrors.password} />
          <button type="submit" className={buttonClass} {...busyProps(busy)}>
            {t.signIn.submit}
          </button>
        </Form>
        {notActivated ? (
          <Form method="post" action={action} className="rounded-lg bg-choc-100 p-3">
            <CsrfField />
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="email" value={answer.email} />
            <p className="mb-2 text-sm">{t.signIn.notActivated}</p>
            <button type="submit" className={secondaryButtonClass}>
              {t.signIn.resendActivation}
            </button>
          </Form>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <Link to="/auth/reset" className="underline">
            {t.signIn.forgot}
          </Link>
          {knownEmail ? (
            <Form method="post" action="/auth/login">
              <CsrfField />
              <input type="hidden" name="intent" value="forget" />
              <button type="submit" className="underline" title={t.signIn.otherAccountHint}>
                {t.signIn.otherAccount}
              </button>
            </Form>
          ) : null}
        </div>
        {oidc && showThirdParty ? (
          <a
            href={`/auth/oidc${returnUrl ? `?returnUrl=${encodeURIComponent(returnUrl)}` : ""}`}
            className="flex min-h-11 items-center justify-center gap-2 rounded-lg bg-black px-4 py-2 font-semibold text-white"
          >
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
              <path d="M16.4 12.6c0-2.5 2-3.7 2.1-3.8-1.2-1.7-3-1.9-3.6-2-1.5-.2-3 .9-3.8.9-.8 0-2-.9-3.3-.9-1.7 0-3.3 1-4.1 2.5-1.8 3.1-.5 7.6 1.3 10.1.8 1.2 1.8 2.6 3.1 2.5 1.3-.1 1.7-.8 3.3-.8 1.5 0 1.9.8 3.3.8 1.4 0 2.2-1.2 3-2.4.9-1.4 1.3-2.7 1.3-2.8-.1 0-2.6-1-2.6-4.1zM14 5.2c.7-.8 1.1-1.9 1-3-1 0-2.2.7-2.9 1.5-.6.7-1.2 1.8-1 2.9 1.1.1 2.2-.6 2.9-1.4z" />
            </svg>
            {t.signIn.thirdParty}
          </a>
        ) : null}
      </div>

      <div className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm">
        <h2 className="text-2xl font-bold">{t.register.title}</h2>
        <Form method="post" action={action} noValidate onSubmit={checkRegister} className="flex flex-col gap-4">
          <CsrfField />
          <input type="hidden" name="intent" value="register" />
          <Field label={t.register.email} name="frmEmail" type="email" autoComplete="email" required error={registerErrors.frmEmail} />
          <Field
            label={t.register.password}
            name="frmPass1"
            type="password"
            autoComplete="new-password"
            required
            maxLength={LIMITS.passwordMax}
            hint={fmt(t.register.passwordHint, { min: LIMITS.passwordMin, max: LIMITS.passwordMax })}
            error={registerErrors.frmPass1}
          />
          <Field label={t.register.passwordRepeat} name="frmPass2" type="password" autoComplete="new-password" required maxLength={LIMITS.passwordMax} error={registerErrors.frmPass2} />
          <Field label={t.register.name} name="frmName" type="text" autoComplete="name" required error={registerErrors.frmName} />
          <MarketingOptIn />
          <PrivacyNotice />
          <button type="submit" className={buttonClass} {...busyProps(busy)}>
            {t.register.submit}
          </button>
        </Form>
      </div>
    </div>
  );
}
