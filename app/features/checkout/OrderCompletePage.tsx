import { Fragment, useEffect } from "react";
import { Link } from "react-router";
import type { Route } from "../../routes/+types/order-complete";
import { useCardMemory } from "~/features/checkout/CardMemory";
import { buttonClass, secondaryButtonClass } from "~/features/account/Field";
import { formatDayTr } from "~/shared/clock";
import { formatAmount, formatCost } from "~/shared/money";
import { checkoutTr } from "~/shared/texts/checkout.tr";
import { contractsKeptTr } from "~/shared/texts/contracts-kept.tr";
import { earsivTr } from "~/shared/texts/earsiv.tr";
import { fmt } from "~/shared/texts/tr";

const t = checkoutTr.complete;

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

/** The complete step's screen (SPEC §2.8 step 4; its data: routes/order-complete.tsx). */
export function OrderCompletePage({ loaderData: o }: Pick<Route.ComponentProps, "loaderData">) {
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
