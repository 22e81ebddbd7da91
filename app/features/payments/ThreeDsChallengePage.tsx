import { Form, useNavigation } from "react-router";
import type { Route } from "../../routes/+types/payment-3ds";
import { formatAmount } from "~/shared/money";
import { fmt, tr } from "~/shared/texts/tr";
import { paymentTr } from "~/shared/texts/payment.tr";
import { busyProps } from "~/ui/busy";

const t = paymentTr.threeDs;

/** The 3-D Secure challenge screen (issue 9; its data and form: routes/payment-3ds.tsx). */
export function ThreeDsChallengePage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const busy = useNavigation().state !== "idle";
  const error = actionData?.error;
  return (
    <section className="mx-auto flex max-w-md flex-col gap-5 px-4 py-8">
      <h1 className="text-2xl font-bold">{t.title}</h1>
      <div className="rounded-xl border border-choc-200 bg-white p-5 shadow-sm">
        <h2 className="text-lg font-semibold">{fmt(t.bankTitle, { bank: loaderData.bankName })}</h2>
        <dl className="mt-3 grid grid-cols-2 gap-y-1 text-sm">
          <dt className="text-stone-700">{t.merchant}</dt>
          <dd className="text-right">{tr.brand.name}</dd>
          <dt className="text-stone-700">{t.amount}</dt>
          <dd className="text-right font-semibold">{formatAmount(loaderData.amount)}</dd>
          <dt className="text-stone-700">{t.card}</dt>
          <dd className="text-right font-mono">{fmt(paymentTr.result.cardMasked, { lastFour: loaderData.lastFour })}</dd>
        </dl>
        <p className="mt-4">{t.intro}</p>
        <p className="mt-2 rounded-lg bg-choc-100 px-3 py-2 text-sm" data-testid="sandbox-code">
          {fmt(t.sandboxCode, { code: loaderData.code })}
        </p>
        <Form method="post" className="mt-4 flex flex-col gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor="code" className="text-sm font-medium">
              {t.codeLabel}
            </label>
            <input
              id="code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={6}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "code-error" : undefined}
              className="min-h-11 rounded-lg border border-choc-200 bg-white px-3 py-2 text-base tracking-widest aria-invalid:border-red-700"
            />
            {error ? (
              <p id="code-error" role="alert" className="text-sm text-red-800">
                {error}
              </p>
            ) : null}
          </div>
          <div className="flex gap-3">
            <button type="submit" name="intent" value="confirm" {...busyProps(busy)} className="min-h-11 flex-1 rounded-lg bg-choc-700 px-4 py-2 font-semibold text-white hover:bg-choc-800 disabled:opacity-60">
              {t.confirm}
            </button>
            <button type="submit" name="intent" value="cancel" formNoValidate {...busyProps(busy)} className="min-h-11 flex-1 rounded-lg border border-choc-700 px-4 py-2 font-semibold text-choc-900 hover:bg-choc-100 disabled:opacity-60">
              {t.cancel}
            </button>
          </div>
        </Form>
      </div>
    </section>
  );
}
