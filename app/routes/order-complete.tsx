import { Fragment, useEffect } from "react";
import { deliveryLabel } from "~/shared/delivery-label";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/order-complete";
import * as accounts from "~/.server/accounts/service";
import * as delivery from "~/.server/delivery/service";
import * as orders from "~/.server/orders/service";
import * as payments from "~/.server/payments/service";
import * as printing from "~/.server/printing/service";
import { useCardMemory } from "~/features/checkout/CardMemory";
import { buttonClass, secondaryButtonClass } from "~/features/account/Field";
import { formatDayTr } from "~/shared/clock";
import { detailsText } from "~/shared/delivery-choice";
import { installmentRows } from "~/shared/installments";
import { formatAmount, formatCost } from "~/shared/money";
import { orderStatusText, previousOrderLines } from "~/shared/previous-order";
import { checkoutTr } from "~/shared/texts/checkout.tr";
import { contractsKeptTr } from "~/shared/texts/contracts-kept.tr";
import { installmentsTr } from "~/shared/texts/installments.tr";
import { earsivTr } from "~/shared/texts/earsiv.tr";
import { fmt } from "~/shared/texts/tr";
import { pageTitle } from "~/ui/PageTitle";

const t = checkoutTr.complete;

export function meta() {
  return [...pageTitle(t.title), { name: "robots", content: "noindex" }];
}

/** 'Sipariş numaranız: 2026-000001' with the number kept on one line (a phone would break it at its hyphen). */
function OrderNumber({ number }: { number: string }) {
  const [before = "", after = ""] = t.number.split("{number}");
  return (
    <>
      {before}
      <span className="whitespace-nowrap">{number}</span>
      {after}
    </>
  );
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

export default function OrderComplete({ loaderData: o }: Route.ComponentProps) {
  const memory = useCardMemory();
  useEffect(() => memory.set(null), [memory]); // the card is not needed any more
  return (
    <section className="mx-auto max-w-xl px-4 py-8">
      <div className="rounded-2xl bg-white p-6 text-center shadow-sm">
        <p aria-hidden="true" className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-green-700 text-2xl text-white">
          ✓
        </p>
        <h1 className="mt-3 text-2xl font-bold text-choc-900">{o.status === "received" ? t.title : t.titleLater}</h1>
        <p className="mt-3 text-lg">
          {o.member ? (
            <Link to="/memberarea/orders" className="font-bold underline">
              <OrderNumber number={o.orderNumber} />
            </Link>
          ) : (
            <strong><OrderNumber number={o.orderNumber} /></strong>
          )}
        </p>
        <p className="mt-2 font-semibold" data-testid="order-status">
          {fmt(t.status, { status: o.statusText })}
        </p>
        {o.status === "received" ? null : (
          <div className="mt-1">
            {o.progress.map((line) => (
              <p key={line}>{line}</p>
            ))}
            {o.trackingUrl ? (
              <a href={o.trackingUrl} target="_blank" rel="noopener noreferrer" className="font-semibold underline">
                {t.track}
              </a>
            ) : null}
          </div>
        )}
        <p className="mt-2">{fmt(t.readyDate, { date: formatDayTr(o.readyDate) })}</p>
        {o.estimatedDelivery ? <p className="mt-1">{fmt(t.estimated, { date: formatDayTr(o.estimatedDelivery) })}</p> : null}
        <p className="mt-1">
          {o.deliveryType}
          {/* an inline block: a time window moves to the next line whole instead of breaking at its hyphen */}
          {o.deliveryDetails ? <>: <span className="inline-block">{o.deliveryDetails}</span></> : null}
        </p>
        <dl className="mx-auto mt-2 grid max-w-xs grid-cols-[auto_auto] justify-center gap-x-3 text-sm" data-testid="complete-amounts">
          <dt className="text-left">{t.deliveryCost}</dt>
          <dd className="text-right">{formatCost(o.deliveryCost)}</dd>
          <dt className="text-left font-semibold">{o.totalLabel}</dt>
          <dd className="text-right font-semibold">{formatAmount(o.needToPay)}</dd>
        </dl>
        {o.installments.length ? (
          <dl className="mx-auto mt-2 grid max-w-xs grid-cols-[auto_auto] justify-center gap-x-3 text-sm" data-testid="complete-installment">
            {o.installments.map(([label, value]) => (
              <Fragment key={label}>
                <dt className="text-left">{label}</dt>
                <dd className="text-right font-semibold">{value}</dd>
              </Fragment>
            ))}
          </dl>
        ) : null}
        <ul className="mt-4 space-y-1 text-sm text-stone-700">
          {o.lines.map((l) => (
            <li key={l.id}>
              {l.quantity} × {l.name}
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-stone-700">{fmt(t.mailSent, { email: o.email })}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/home" className={buttonClass}>
            {t.home}
          </Link>
          {o.member ? (
            <Link to="/memberarea/orders" className={secondaryButtonClass}>
              {t.myOrders}
            </Link>
          ) : null}
          <a href={o.invoiceUrl} target="_blank" rel="noopener" className={secondaryButtonClass}>
            {t.invoice}
          </a>
          {o.earsivUrl ? (
            <a href={o.earsivUrl} target="_blank" rel="noopener" className={secondaryButtonClass}>
              {earsivTr.linkLabel}
            </a>
          ) : null}
          {o.contractsUrl ? (
            <a href={o.contractsUrl} className={secondaryButtonClass}>
              {contractsKeptTr.link}
            </a>
          ) : null}
        </div>
      </div>
    </section>
  );
}
