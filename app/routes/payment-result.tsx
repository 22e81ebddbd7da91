import { refusal } from "~/.server/http/refuse";
import type { Route } from "./+types/payment-result";
import * as payments from "~/.server/payments/service";
import { PaymentResultPage } from "~/features/payments/PaymentResultPage";
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

export default function PaymentResult({ loaderData }: Route.ComponentProps) {
  return <PaymentResultPage loaderData={loaderData} />;
}
