import { Form } from "react-router";
import type { Route } from "../../routes/+types/member-cards";
import { CardBadge } from "~/features/payments/CardBadge";
import { CsrfField } from "~/ui/CsrfField";
import { fmt } from "~/shared/texts/tr";
import { paymentTr } from "~/shared/texts/payment.tr";

const t = paymentTr.savedCards;

/** The member's saved cards screen (SPEC §2.8, §3 Saved card; its data: routes/member-cards.tsx). */
export function MemberCardsPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t.title}</h1>
      {actionData?.message ? (
        <p role={actionData.ok ? "status" : "alert"} className={`rounded-lg px-3 py-2 text-sm font-medium ${actionData.ok ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}`}>
          {actionData.message}
        </p>
      ) : null}
      {loaderData.cards.length === 0 ? (
        <p className="rounded-xl bg-white p-5 shadow-sm">{t.empty}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {loaderData.cards.map((c) => (
            <li key={c.cardId} className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-4 shadow-sm">
              <CardBadge logo={c.cardLogo} type={c.cardType} lastFour={c.cardLastFour} bankName={c.bankName} />
              <Form method="post">
                <CsrfField />
                <input type="hidden" name="cardId" value={c.cardId} />
                <button
                  type="submit"
                  aria-label={fmt(t.removeLabel, { type: c.cardTypeName, lastFour: c.cardLastFour })}
                  className="min-h-11 rounded-lg border border-choc-700 px-4 py-2 font-semibold text-choc-900 hover:bg-choc-100"
                >
                  {t.remove}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-stone-700">{t.onlyTokens}</p>
    </div>
  );
}
