import { Link } from "react-router";
import { refusal } from "~/.server/http/refuse";
import type { Route } from "./+types/payment-result";
import * as payments from "~/.server/payments/service";
import { CardBadge } from "~/features/payments/CardBadge";
import { formatAmount } from "~/shared/money";
import { fmt } from "~/shared/texts/tr";
import { paymentTr } from "~/shared/texts/payment.tr";
import { pageTitle } from "~/ui/PageTitle";

const t = paymentTr.result;

export function meta() {
  return pageTitle(t.title);
}

export const headers = () => ({ "Cache-Control": "no-store" });

/**
 * Where the buyer lands after 3-D Secure when the caller gave no return URL: the payment's outcome.
 * Checkout passes its own return URL (e.g. /order/confirm) and reads the same state with payments.getPayment.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get("odeme") ?? "";
  const p = id ? await payments.getPayment(context.app, id) : null;
  if (!p) throw refusal(null, 404);
  const o = p.outcome;
  return {
    status: o.status,
    message: o.status === "failed" ? o.message : null,
    amount: p.amount,
    card: p.card,
  };
}

export default function PaymentResult({ loaderData: d }: Route.ComponentProps) {
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
