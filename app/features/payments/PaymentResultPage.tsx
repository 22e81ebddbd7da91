import { Link } from "react-router";
import type { Route } from "../../routes/+types/payment-result";
import { CardBadge } from "~/features/payments/CardBadge";
import { formatAmount } from "~/shared/money";
import { fmt } from "~/shared/texts/tr";
import { paymentTr } from "~/shared/texts/payment.tr";

const t = paymentTr.result;

/** The payment result screen after 3-D Secure (its data: routes/payment-result.tsx). */
export function PaymentResultPage({ loaderData: d }: Pick<Route.ComponentProps, "loaderData">) {
  return (
    <section className="mx-auto flex max-w-md flex-col gap-4 px-4 py-8">
      <h1 className="text-2xl font-bold">{t.title}</h1>
      <div role="status" className="rounded-xl bg-white p-5 shadow-sm">
        {d.status === "succeeded" ? (
          <>
            <h2 className="text-lg font-semibold text-green-800">{t.succeeded}</h2>
            <p className="mt-2">{fmt(t.succeededBody, { amount: formatAmount(d.amount), card: `**** ${d.card.lastFour ?? ""}` })}</p>
            <div className="mt-3">
              <CardBadge logo={d.card.logo} type={d.card.type} lastFour={d.card.lastFour} bankName={d.card.bankName} />
            </div>
          </>
        ) : d.status === "failed" ? (
          <>
            <h2 className="text-lg font-semibold text-red-800">{t.failed}</h2>
            <p className="mt-2">{d.message}</p>
            <Link to="/order/payment" className="mt-4 inline-block underline">
              {t.tryAgain}
            </Link>
          </>
        ) : (
          <>
            <h2 className="text-lg font-semibold">{t.processing}</h2>
            <p className="mt-2">{t.processingBody}</p>
            <a href="" className="mt-4 inline-block underline">
              {t.refresh}
            </a>
          </>
        )}
      </div>
    </section>
  );
}
