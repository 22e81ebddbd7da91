import { data, redirect } from "react-router";
import type { Route } from "./+types/order-confirm";
import * as accounts from "~/.server/accounts/service";
import * as checkout from "~/.server/checkout/service";
import * as payments from "~/.server/payments/service";
import { placeOrder } from "~/.server/flows/place-order";
import type { CardInput } from "~/.server/payments/service";
import { distanceSalesContract, preInformationForm } from "~/.server/checkout/contracts";
import { loadCheckout } from "./order-guard.server";
import { OrderConfirmPage } from "~/features/checkout/OrderConfirmPage";
import { cardEntrySchema } from "~/shared/card";
import { istanbulDate, istanbulParts } from "~/shared/clock";
import { checkoutTr } from "~/shared/texts/checkout.tr";
import { paymentTr } from "~/shared/texts/payment.tr";
import { fmt } from "~/shared/texts/tr";
import { catchNetworkFailure, skipAfterNetworkFailure } from "~/ui/network";
import { pageTitle } from "~/ui/PageTitle";

const t = checkoutTr.confirm;

export function meta() {
  return [...pageTitle(t.title), { name: "robots", content: "noindex" }];
}

/** Confirm step (SPEC §2.8 step 3): every detail of the order, the two agreements with their full texts, and 'Siparişi Onayla'. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = context;
  const { basket, state, session } = await loadCheckout(context, request, 3);
  const d = state.delivery!;
  const contract = checkout.contractInput(basket, state, istanbulDate(app.clock.now()))!;
  // a 3-D Secure that did not end in a payment comes back here with ?odeme=<id>
  const paymentId = new URL(request.url).searchParams.get("odeme");
  const returned = paymentId && /^[\w-]{10,64}$/.test(paymentId) ? await payments.getPayment(app, paymentId) : null;
  const paymentFailure = returned && returned.orderRef === `basket-${basket.id}` && returned.status !== "succeeded" ? returned.message : null;
  const amounts = checkout.finalAmounts(basket, state);
  const chosenCount = state.payment?.installment ?? 1;
  const installment = await checkout.chosenInstallment(app, { count: chosenCount, bin: state.payment?.bin }, amounts.needToPay);
  return data(
    {
      amounts,
      installment,
      installmentLost: chosenCount > 1 && !installment,
      promo: basket.promo,
      member: Boolean(session.user),
      payment: state.payment!,
      email: state.email!,
      address: d.addressObj,
      delivery: { type: contract.deliveryTypeLabel, details: contract.deliveryDetails, readyDate: contract.readyDate, estimated: contract.estimatedDelivery },
      notes: basket.notes,
      link: basket.link,
      items: basket.items.map((i) => ({ id: i.id, name: i.name, quantity: i.quantity, lineTotal: i.lineTotal })),
      preInfo: preInformationForm(contract),
      distanceSales: distanceSalesContract(contract),
      paymentFailure,
      campaign: await checkout.campaignOffer(app, state),
      joined: state.campaign,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

type ActionResult = { ok: false; error: string; goTo?: string; kind?: "payment" | "error" } | { ok: true; notice: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { app } = context;
  const form = await request.formData();
  await accounts.verifyCsrf(context, request, form);
  const { basket, state, session } = await loadCheckout(context, request, 3);
  const s = (k: string) => (typeof form.get(k) === "string" ? String(form.get(k)) : "");
  if (s("intent") === "campaign-join") {
    const joined = await checkout.joinCampaign(app, basket, { sessionId: session.sessionId, userId: session.user?.id ?? null });
    return data<ActionResult>(joined.ok ? { ok: true, notice: t.campaignJoined } : { ok: false, error: joined.message });
  }
  let card: CardInput | undefined;
  if (state.payment?.mode === "new" && s("cardNumber")) {
    const now = istanbulParts(app.clock.now());
    const entry = cardEntrySchema({ year: now.year, month: now.month }).safeParse({
      creditCardNumber: s("cardNumber"),
      cardHolder: s("cardHolder"),
      month: s("month"),
      year: s("year"),
      secCode: s("secCode"),
    });
    if (!entry.success) return data<ActionResult>({ ok: false, error: fmt(paymentTr.errors.failed, { detail: entry.error.issues[0]!.message }), kind: "payment" });
    card = { number: entry.data.creditCardNumber, holder: entry.data.cardHolder, expMonth: entry.data.month, expYear: entry.data.year, cvc: entry.data.secCode };
  }
  const r = await placeOrder(app, {
    basket,
    state,
    userId: session.user?.id ?? null,
    ip: context.clientIp,
    card,
    installmentTotal: /^\d{1,9}$/.test(s("installmentTotal")) ? Number(s("installmentTotal")) : undefined,
    acceptPreInfo: form.get("onBilgilendirme") === "on",
    acceptContract: form.get("mesafeli") === "on",
  });
  switch (r.status) {
    case "succeeded":
      throw redirect(`/order/complete?siparis=${encodeURIComponent(r.orderPublicId)}`);
    case "challenge":
      throw redirect(r.challengeUrl);
    case "processing":
      return data<ActionResult>({ ok: false, error: t.processing });
    case "failed":
      return data<ActionResult>({ ok: false, error: r.message, goTo: r.goTo, kind: r.kind === "payment" ? "payment" : "error" });
  }
}

/** A request that never reached the server keeps the page (no reload that would fail too). */
export const shouldRevalidate = skipAfterNetworkFailure;

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return catchNetworkFailure(serverAction);
}

export default function OrderConfirm({ loaderData, actionData }: Route.ComponentProps) {
  return <OrderConfirmPage loaderData={loaderData} actionData={actionData} />;
}
