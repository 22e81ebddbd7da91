import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import type { Route } from "../../routes/+types/order-payment";
import { Field, buttonClass, secondaryButtonClass } from "~/features/account/Field";
import { useCardMemory } from "~/features/checkout/CardMemory";
import { CheckoutSummary } from "~/features/checkout/CheckoutSummary";
import { LoginOverlay, type OverlayResult } from "~/features/checkout/LoginOverlay";
import { CardBadge } from "~/features/payments/CardBadge";
import { InstallmentTable } from "~/features/payments/InstallmentTable";
import { binFrom } from "~/shared/installments";
import { cardEntrySchema, cardLogo, cardTypeOf, expiryYears, lastFour } from "~/shared/card";
import { paymentEmailSchema } from "~/shared/checkout-forms";
import { LIMITS } from "~/shared/constants";
import { checkoutTr } from "~/shared/texts/checkout.tr";
import { paymentTr } from "~/shared/texts/payment.tr";
import { tr } from "~/shared/texts/tr";
import { CsrfField } from "~/ui/CsrfField";
import { useNotice } from "~/ui/Notices";
import { isNetworkFailure } from "~/ui/network";
import { useHydrated } from "~/ui/useHydrated";
import { busyProps } from "~/ui/busy";
import { focusFirstInvalid } from "~/ui/focus";

const t = checkoutTr.payment;
const f = paymentTr.form;

/**
 * The card number, its brand's logo and what the server may know of it (last four, type). Its own state: a
 * keystroke re-renders this field only, and the page hears of the number only when its BIN changes (the
 * installment table). The number has no name: it is never posted, only read on submit and kept in memory.
 */
const CardNumber = memo(function CardNumber({ initial, error, onNumber }: { initial: string; error?: string; onNumber: (number: string) => void }) {
  const [number, setNumber] = useState(initial);
  const type = cardTypeOf(number);
  return (
    <>
      <div className="flex items-end gap-3">
        <Field
          className="flex-1"
          label={f.cardNumber}
          data-card="number"
          value={number}
          onChange={(e) => {
            const next = e.target.value.replace(/[^\d ]/g, "").slice(0, LIMITS.cardNumberInputMax + 3);
            setNumber(next);
            onNumber(next);
          }}
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={LIMITS.cardNumberInputMax + 3}
          error={error}
        />
        <img src={cardLogo(type)} width={48} height={30} alt={paymentTr.cardTypes[type]} className="mb-2 h-[30px] w-12 rounded border border-choc-100 bg-white" />
      </div>
      {/* what the server may know of the card: holder, last four, type */}
      <input type="hidden" name="lastFour" value={lastFour(number)} />
      <input type="hidden" name="cardType" value={type} />
    </>
  );
});

/** The payment step's screen (SPEC §2.8 step 2; its data and form: routes/order-payment.tsx). */
export function OrderPaymentPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const notify = useNotice();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const memory = useCardMemory();
  const hydrated = useHydrated();
  const { cards, member, now } = loaderData;
  const [mode, setMode] = useState<"new" | "saved">(loaderData.payment?.mode ?? (cards.length > 0 ? "saved" : "new"));
  const [savedId, setSavedId] = useState(loaderData.payment?.savedCardId ?? cards[0]?.cardId);
  // the number is <CardNumber>'s state (its keystrokes re-render only that field); the page keeps what it typed
  // (for a return from the saved cards) and its BIN, which re-renders the page only when it changes
  const [startNumber] = useState(() => memory.get()?.creditCardNumber ?? "");
  const typedNumber = useRef(startNumber);
  const [bin, setBin] = useState(() => binFrom(startNumber));
  const onNumber = useCallback((n: string) => {
    typedNumber.current = n;
    setBin(binFrom(n));
  }, []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [overlay, setOverlay] = useState<OverlayResult | null>(null);
  const seen = useRef<unknown>(null);
  const years = useMemo(() => expiryYears(now), [now]);
  const saved = memory.get();

  useEffect(() => {
    if (!actionData || actionData === seen.current) return;
    seen.current = actionData;
    if (isNetworkFailure(actionData)) return notify(t.system, "error");
    if (!actionData.ok) {
      if (actionData.field) {
        setErrors((e) => ({ ...e, [actionData.field!]: actionData.error }));
        focusFirstInvalid();
      }
      return notify(actionData.error, "error", 3000, "payment-form");
    }
    if (actionData.overlay === "done") {
      notify(actionData.message, "membership");
      void navigate("/order/confirm");
      return;
    }
    setOverlay(actionData);
  }, [actionData, notify, navigate]);

  const submitting = navigation.state !== "idle";

  return (
    <section className="mx-auto grid max-w-5xl gap-6 px-4 py-6 md:grid-cols-[minmax(0,1fr)_18rem]">
      <div>
        <h1 className="text-xl font-bold">{t.title}</h1>
        <Form
          method="post"
          noValidate
          className="mt-4 space-y-5"
          onSubmit={(e) => {
            const fd = new FormData(e.currentTarget);
            // card fields have no name: they are never posted, only read here and kept in memory
            const card = (k: string) => e.currentTarget.querySelector<HTMLInputElement | HTMLSelectElement>(`[data-card="${k}"]`)?.value ?? "";
            const next: Record<string, string> = {};
            const email = paymentEmailSchema.safeParse(String(fd.get("email") ?? ""));
            if (!email.success) next.email = email.error.issues[0]!.message;
            if (mode === "saved") {
              if (!fd.get("savedCard")) next.savedCard = t.savedCardRequired;
            } else {
              const entry = cardEntrySchema(now).safeParse({
                creditCardNumber: card("number"),
                cardHolder: String(fd.get("cardHolder") ?? ""),
                month: card("month"),
                year: card("year"),
                secCode: card("secCode"),
              });
              if (!entry.success) for (const i of entry.error.issues) next[String(i.path[0])] ??= i.message;
              else {
                const c = entry.data;
                memory.set({ creditCardNumber: c.creditCardNumber, cardHolder: c.cardHolder, month: c.month, year: c.year, secCode: c.secCode });
              }
            }
            setErrors(next);
            if (Object.keys(next).length > 0) {
              e.preventDefault();
              focusFirstInvalid(e.currentTarget);
              // SPEC §5: the summary 'complete the missing items in the form', each field's own message beside it;
              // a card number with spaces has its own notice
              const cardNumberSpace = next.creditCardNumber === paymentTr.validation.cardNumberSpaces;
              notify(cardNumberSpace ? next.creditCardNumber! : t.invalid, "error", 3000, "payment-form");
            }
          }}
        >
          <CsrfField />
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="mode" value={mode} />
          {cards.length > 0 ? (
            <fieldset className="space-y-3 rounded-xl bg-white p-4 shadow-sm">
              <legend className="px-1 text-lg font-bold">{f.savedCards}</legend>
              {mode === "saved" ? (
                <>
                  <ul className="space-y-2">
                    {cards.map((c, i) => (
                      <li key={c.cardId}>
                        <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-choc-200 p-3">
                          <input type="radio" name="savedCard" value={c.cardId} aria-invalid={errors.savedCard ? true : undefined} aria-describedby={errors.savedCard ? "savedCard-error" : undefined} defaultChecked={loaderData.payment?.savedCardId ? loaderData.payment.savedCardId === c.cardId : i === 0} onChange={() => setSavedId(c.cardId)} className="h-4 w-4" />
                          <CardBadge logo={c.cardLogo} type={c.cardType} lastFour={c.cardLastFour} bankName={c.bankName} />
                        </label>
                      </li>
                    ))}
                  </ul>
                  {errors.savedCard ? <p id="savedCard-error" className="text-sm text-red-800">{errors.savedCard}</p> : null}
                </>
              ) : null}
              <button type="button" className="min-h-11 font-semibold text-choc-800 underline" onClick={() => setMode((m) => (m === "saved" ? "new" : "saved"))}>
                {mode === "saved" ? f.useOtherCard : f.useSavedCard}
              </button>
            </fieldset>
          ) : null}
          {mode === "new" ? (
            <fieldset className="space-y-3 rounded-xl bg-white p-4 shadow-sm">
              <legend className="px-1 text-lg font-bold">{f.cardNumber}</legend>
              {!hydrated ? <p className="rounded-lg bg-choc-100 p-3 text-sm">{t.jsNeeded}</p> : null}
              <CardNumber initial={typedNumber.current} error={errors.creditCardNumber} onNumber={onNumber} />
              <Field label={f.cardHolder} name="cardHolder" defaultValue={saved?.cardHolder ?? loaderData.payment?.cardHolder ?? ""} maxLength={LIMITS.cardHolderMax} autoComplete="cc-name" error={errors.cardHolder} />
              {/* on a phone month and year share a row and the security code has its own: a third of the row was too
                  narrow for the expiry message, which broke inside a word */}
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                <div className="flex flex-col gap-1">
                  <label htmlFor="month" className="text-sm font-medium">
                    {f.month}
                  </label>
                  <select id="month" data-card="month" defaultValue={saved?.month ?? ""} autoComplete="cc-exp-month" aria-invalid={errors.month ? true : undefined} aria-describedby={errors.month ? "month-error" : undefined} className="min-h-11 rounded-lg border border-choc-200 bg-white px-2">
                    <option value="">—</option>
                    {Array.from({ length: 12 }, (_, i) => i + 1).map((m) => (
                      <option key={m} value={m}>
                        {String(m).padStart(2, "0")}
                      </option>
                    ))}
                  </select>
                  {errors.month ? <p id="month-error" className="text-sm text-red-800">{errors.month}</p> : null}
                </div>
                <div className="flex flex-col gap-1">
                  <label htmlFor="year" className="text-sm font-medium">
                    {f.year}
                  </label>
                  <select id="year" data-card="year" defaultValue={saved?.year ?? ""} autoComplete="cc-exp-year" aria-invalid={errors.year ? true : undefined} aria-describedby={errors.year ? "year-error" : undefined} className="min-h-11 rounded-lg border border-choc-200 bg-white px-2">
                    <option value="">—</option>
                    {years.map((y) => (
                      <option key={y} value={y}>
                        {y}
                      </option>
                    ))}
                  </select>
                  {errors.year ? <p id="year-error" className="text-sm text-red-800">{errors.year}</p> : null}
                </div>
                <Field label={f.secCode} hint={f.secCodeHint} data-card="secCode" defaultValue={saved?.secCode ?? ""} inputMode="numeric" autoComplete="cc-csc" maxLength={LIMITS.securityCodeMax} error={errors.secCode} className="col-span-2 sm:col-span-1" />
              </div>
              {member ? (
                <label className="flex min-h-11 items-center gap-3">
                  <input type="checkbox" name="saveCard" defaultChecked={loaderData.payment?.saveCard ?? false} className="h-5 w-5" />
                  {f.saveCard}
                </label>
              ) : null}
            </fieldset>
          ) : null}
          <InstallmentTable
            bin={mode === "saved" ? (cards.find((c) => c.cardId === savedId)?.cardBin ?? null) : bin}
            amount={loaderData.amounts.needToPay}
            defaultCount={loaderData.payment?.installment}
          />
          <div className="rounded-xl bg-white p-4 shadow-sm">
            <Field label={t.email} hint={t.emailHint} name="email" type="email" defaultValue={loaderData.email} autoComplete="email" maxLength={LIMITS.emailMax} error={errors.email} />
          </div>
          <button type="submit" className={`${buttonClass} w-full`} {...busyProps(submitting)}>
            {submitting ? tr.common.loading : t.continue}
          </button>
        </Form>
      </div>
      <CheckoutSummary amounts={loaderData.amounts} />
      {overlay && overlay.ok && overlay.overlay !== "done" ? (
        <LoginOverlay
          result={overlay}
          // the holder just typed (kept in this tab's memory on submit), else the one saved with the payment step
          defaultName={memory.get()?.cardHolder ?? (loaderData.payment?.mode === "new" ? (loaderData.payment.cardHolder ?? "") : "")}
          onClose={() => setOverlay(null)} errors={actionData && !isNetworkFailure(actionData) && !actionData.ok ? { [actionData.field ?? "password"]: actionData.error } : {}} />
      ) : null}
      <noscript>
        <p className="mx-auto max-w-5xl px-4">
          <a className={secondaryButtonClass} href="/basket">
            {tr.common.back}
          </a>
        </p>
      </noscript>
    </section>
  );
}
