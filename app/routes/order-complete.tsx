import { deliveryLabel } from "~/shared/delivery-label";
import { data, redirect } from "react-router";
import type { Route } from "./+types/order-complete";
import * as accounts from "~/.server/accounts/service";
import * as delivery from "~/.server/delivery/service";
import * as orders from "~/.server/orders/service";
import * as payments from "~/.server/payments/service";
import * as printing from "~/.server/printing/service";
import { detailsText } from "~/shared/delivery-choice";
import { installmentRows } from "~/shared/installments";
import { orderStatusText, previousOrderLines } from "~/shared/previous-order";
import { checkoutTr } from "~/shared/texts/checkout.tr";
import { installmentsTr } from "~/shared/texts/installments.tr";
import { pageTitle } from "~/ui/PageTitle";
import { OrderCompletePage } from "~/features/checkout/OrderCompletePage";

const t = checkoutTr.complete;

export function meta() {
  return [...pageTitle(t.title), { name: "robots", content: "noindex" }];
}

/**
 * Complete step (SPEC §2.8 step 4): 'Siparişiniz alındı' with the order number, dates and a home button. The order
 * is found by its unguessable public id (?siparis=) or by the payment that made it (?odeme=, after 3-D Secure);
 * without one it goes to '/'. A 3-D Secure that did not end in an order goes back to the confirm step.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = context;
  const q = new URL(request.url).searchParams;
  const publicId = q.get("siparis");
  const paymentId = q.get("odeme");
  let order: orders.OrderRow | undefined;
  if (publicId && /^[\w-]{10,64}$/.test(publicId)) order = await orders.getByPublicId(app, publicId);
  else if (paymentId && /^[\w-]{10,64}$/.test(paymentId)) {
    order = await orders.getByPaymentRef(app, paymentId);
    if (!order) {
      const p = await payments.getPayment(app, paymentId);
      if (p && p.status !== "succeeded") throw redirect(`/order/confirm?odeme=${encodeURIComponent(paymentId)}`);
    }
  }
  if (!order) throw redirect("/");
  const session = await accounts.getSession(app, request);
  return data(
    {
      orderNumber: order.orderNumber,
      email: order.email,
      readyDate: order.readyDate,
      estimatedDelivery: order.estimatedDelivery,
      deliveryType: deliveryLabel(order),
      deliveryDetails: detailsText({ deliveryDetails: order.deliveryDetails, locationName: order.pickupPlace }),
      deliveryCost: order.deliveryCost,
      needToPay: order.needToPay,
      // with installments the total is the order's, and the rows below say what the card pays (as in the mail)
      totalLabel: order.installmentCount > 1 ? installmentsTr.order.orderTotal : t.paidTotal,
      installments: installmentRows(order),
      // the page the order mail links to shows where the order is now (issue 22), not only 'Siparişiniz alındı'
      status: order.status,
      statusText: orderStatusText(order.status),
      progress: previousOrderLines(order),
      trackingUrl: order.carrier && order.trackingNumber ? await delivery.trackingUrl(app, order.carrier, order.trackingNumber) : null,
      member: Boolean(session.user && session.user.id === order.userId),
      invoiceUrl: printing.signedPrintUrl(app, "invoice", order.publicId),
      earsivUrl: await printing.earsivLink(app, order),
      contractsUrl: order.contracts !== null ? printing.signedPrintUrl(app, "contracts", order.publicId) : null,
      lines: (await orders.linesOf(app, [order.id])).map((l) => ({ id: l.id, name: l.name, quantity: l.quantity, thumbName: l.thumbName })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export default function OrderComplete({ loaderData }: Route.ComponentProps) {
  return <OrderCompletePage loaderData={loaderData} />;
}
