import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import type { Route } from "../../routes/+types/contact";
import { contactErrors, EMPTY_CONTACT, FINDUS, newSendKey, SEND_KEY_FIELD, type ContactField, type ContactValues } from "~/shared/contact";
import { LIMITS } from "~/shared/constants";
import { contactTr as t } from "~/shared/texts/contact.tr";
import { networkErrorText } from "~/shared/network";
import { fmt } from "~/shared/texts/tr";
import { CsrfField } from "~/ui/CsrfField";
import { isNetworkFailure, type NetworkFailure } from "~/ui/network";
import { useNotice } from "~/ui/Notices";
import { useHydrated } from "~/ui/useHydrated";
import { busyProps } from "~/ui/busy";
import { useSeller } from "~/features/chrome/useSeller";
import { PrivacyNotice } from "~/features/chrome/Consent";

/** What POST /contact answers the page. */
export type ActionResult =
  | { ok: true; message: string }
  | { ok: false; error: string; errors?: Partial<Record<ContactField, string>>; values?: ContactValues };

const inputClass =
  "min-h-11 w-full rounded-lg border border-choc-200 bg-white px-3 py-2 text-base aria-invalid:border-red-700";

function Err({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="text-sm text-red-800">
      {text}
    </p>
  ) : null;
}

/** The contact screen (SPEC §7; its data and form handling: routes/contact.tsx). */
export function ContactPage({ actionData }: Pick<Route.ComponentProps, "actionData">) {
  const seller = useSeller();
  const answer = actionData as ActionResult | NetworkFailure | undefined;
  const network = isNetworkFailure(answer);
  const result: ActionResult | undefined = network ? { ok: false, error: t.failure } : answer;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const notify = useNotice();
  const sending = navigation.state === "submitting" && navigation.formAction === "/contact";
  const [values, setValues] = useState<ContactValues>(result && !result.ok && result.values ? result.values : EMPTY_CONTACT);
  const [touched, setTouched] = useState<Partial<Record<ContactField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // this message's send key (decision 0057): made at its first send, kept for a second press or a retry after a
  // lost answer, so the shop stores the message once; a new one after the message was received
  const sendKey = useRef<string | null>(null);
  const errors = contactErrors(values);
  const valid = Object.keys(errors).length === 0;
  const serverErrors = result && !result.ok ? (result.errors ?? {}) : {};
  const shown = (f: ContactField) => (hydrated ? (touched[f] || submitted ? errors[f] : undefined) : serverErrors[f]);

  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      sendKey.current = null;
      notify(result.message, "success");
      setValues(EMPTY_CONTACT);
      setTouched({});
      setSubmitted(false);
    } else notify(network ? networkErrorText(navigator.onLine) : result.error, "error");
    // once per answer of the action (a new object each time), not on every render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer, notify]);

  const set = <K extends keyof ContactValues>(k: K, v: ContactValues[K]) => setValues((old) => ({ ...old, [k]: v }));
  const touch = (f: ContactField) => setTouched((old) => ({ ...old, [f]: true }));
  const describe = (f: ContactField, hint?: string) => [hint, shown(f) ? `${f}-error` : null].filter(Boolean).join(" ") || undefined;

  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-8 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section aria-labelledby="contact-title">
        <h1 id="contact-title" className="text-2xl font-bold text-choc-900">
          {t.title}
        </h1>
        <p className="mt-2 text-stone-700">{t.intro}</p>
        <div role="status" aria-live="polite" className="mt-4">
          {result?.ok ? <p className="rounded-lg bg-green-100 p-3 font-semibold text-green-900">{result.message}</p> : null}
          {result && !result.ok ? <p className="rounded-lg bg-red-100 p-3 font-semibold text-red-900">{result.error}</p> : null}
        </div>
        <Form
          ref={formRef}
          method="post"
          action="/contact"
          noValidate={hydrated}
          className="mt-4 flex flex-col gap-4"
          onSubmit={(e) => {
            setSubmitted(true);
            if (!valid) {
              e.preventDefault();
              notify(t.invalid, "error");
              return;
            }
            sendKey.current ??= newSendKey();
            const key = e.currentTarget.elements.namedItem(SEND_KEY_FIELD);
            if (key instanceof HTMLInputElement) key.value = sendKey.current;
          }}
        >
          <CsrfField />
          <input type="hidden" name={SEND_KEY_FIELD} defaultValue="" />
          <div className="flex flex-col gap-1">
            <label htmlFor="name" className="text-sm font-semibold">
              {t.name}
            </label>
            <input
              id="name"
              name="name"
              autoComplete="name"
              required
              minLength={LIMITS.contactNameMin}
              value={values.name}
              onChange={(e) => set("name", e.target.value)}
              onBlur={() => touch("name")}
              aria-invalid={shown("name") ? true : undefined}
              aria-describedby={describe("name")}
              className={inputClass}
            />
            <Err id="name-error" text={shown("name")} />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="email" className="text-sm font-semibold">
              {t.email}
            </label>
            <input
              id="email"
              name="email"
              type="email"
              autoComplete="email"
              maxLength={LIMITS.emailMax}
              value={values.email}
              onChange={(e) => set("email", e.target.value)}
              onBlur={() => touch("email")}
              aria-invalid={shown("email") ? true : undefined}
              aria-describedby={describe("email", "email-hint")}
              className={inputClass}
            />
            <p id="email-hint" className="text-xs text-stone-600">
              {t.emailHint}
            </p>
            <Err id="email-error" text={shown("email")} />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="findus" className="text-sm font-semibold">
              {t.findus}
            </label>
            <select
              id="findus"
              name="findus"
              required
              value={values.findus}
              onChange={(e) => {
                set("findus", e.target.value);
                touch("findus");
              }}
              onBlur={() => touch("findus")}
              aria-invalid={shown("findus") ? true : undefined}
              aria-describedby={describe("findus")}
              className={inputClass}
            >
              <option value="" disabled>
                {t.findusPlaceholder}
              </option>
              {FINDUS.map((f) => (
                <option key={f} value={f}>
                  {t.findusOptions[f]}
                </option>
              ))}
            </select>
            <Err id="findus-error" text={shown("findus")} />
          </div>
          <label className="flex min-h-11 items-center gap-3">
            <input
              type="checkbox"
              name="news"
              role="switch"
              checked={values.news}
              onChange={(e) => set("news", e.target.checked)}
              className="h-6 w-6 accent-choc-700"
            />
            <span>{values.news ? t.newsOn : t.newsOff}</span>
          </label>
          <div className="flex flex-col gap-1">
            <label htmlFor="message" className="text-sm font-semibold">
              {t.message}
            </label>
            <textarea
              id="message"
              name="message"
              required
              rows={6}
              maxLength={LIMITS.contactMessageMax}
              value={values.message}
              onChange={(e) => set("message", e.target.value)}
              onBlur={() => touch("message")}
              aria-invalid={shown("message") ? true : undefined}
              aria-describedby={describe("message", "message-counter")}
              className={inputClass}
            />
            <p id="message-counter" aria-live="polite" className="self-end text-xs tabular-nums text-stone-600">
              <span aria-hidden="true">{fmt(t.counter, { n: values.message.length })}</span>
              <span className="sr-only">{fmt(t.counterAria, { n: values.message.length })}</span>
            </p>
            <Err id="message-error" text={shown("message")} />
          </div>
          <PrivacyNotice />
          <button
            type="submit"
            disabled={hydrated && !valid}
            {...busyProps(sending)}
            className="min-h-11 rounded-lg bg-choc-700 px-6 py-2 font-bold text-white hover:bg-choc-800 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {sending ? t.sending : t.submit}
          </button>
        </Form>
      </section>
      <aside aria-labelledby="card-title" className="rounded-xl bg-white p-4 shadow-sm">
        <h2 id="card-title" className="text-lg font-bold">
          {t.cardTitle}
        </h2>
        <address className="mt-2 not-italic leading-relaxed">
          {seller?.title}
          <br />
          {seller?.address}
          <br />
          <a href={`mailto:${seller?.email}`} className="inline-flex min-h-11 items-center text-choc-700 underline">
            {fmt(t.mailLink, { email: seller?.email ?? "" })}
          </a>
          <br />
          <a href={`tel:${seller?.phoneE164}`} className="inline-flex min-h-11 items-center text-choc-700 underline">
            {fmt(t.phoneLink, { phone: seller?.phone ?? "" })}
          </a>
        </address>
        <iframe
          title={t.mapTitle}
          src="https://www.openstreetmap.org/export/embed.html?bbox=29.0175%2C40.9785%2C29.0355%2C40.9885&layer=mapnik&marker=40.9835%2C29.0265"
          width={400}
          height={300}
          loading="lazy"
          referrerPolicy="no-referrer"
          className="mt-3 h-64 w-full rounded-lg border-0"
        />
      </aside>
    </div>
  );
}
