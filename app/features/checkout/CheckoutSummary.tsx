import { memo } from "react";
import { discountLabel, type Summary } from "~/shared/amounts";
import { formatAmount, formatCost } from "~/shared/money";
import { basketTr } from "~/shared/texts/basket.tr";
import type { InstallmentOption } from "~/shared/installments";
import { type Kurus } from "~/shared/money";
import { installmentsTr } from "~/shared/texts/installments.tr";
import { fmt } from "~/shared/texts/tr";

const t = basketTr.summary;

/** The amounts beside each checkout step: products, delivery, points, discount and what is paid (memoised: the step's form does not re-render it). */
export const CheckoutSummary = memo(function CheckoutSummary({ amounts, installment }: { amounts: Summary; installment?: (InstallmentOption & { interest: Kurus }) | null }) {
  const a = amounts;
  return (
    <aside aria-labelledby="checkout-summary" className="h-fit rounded-xl bg-white p-4 shadow-sm">
      <h2 id="checkout-summary" className="text-lg font-bold text-choc-900">
        {t.title}
      </h2>
      <dl className="mt-3 grid grid-cols-[minmax(min-content,max-content)_minmax(min-content,1fr)] gap-x-3 gap-y-2 text-sm">
        <dt>{t.productTotal}</dt>
        <dd className="text-right">{formatAmount(a.productTotal)}</dd>
        <dt>{t.deliveryCost}</dt>
        <dd className="text-right">{formatCost(a.deliveryCost)}</dd>
        {a.discountAmount > 0 ? (
          <>
            <dt>{discountLabel(a.promoCode)}</dt>
            <dd className="text-right">−{formatAmount(a.discountAmount)}</dd>
          </>
        ) : null}
        {a.usedBonus > 0 ? (
          <>
            <dt>{t.usedBonus}</dt>
            <dd className="text-right">−{formatAmount(a.usedBonus)}</dd>
          </>
        ) : null}
        <dt className="border-t border-choc-100 pt-2 text-base font-bold">{t.needToPay}</dt>
        <dd className="border-t border-choc-100 pt-2 text-right text-base font-bold" data-testid="checkout-need-to-pay">
          {formatAmount(a.needToPay)}
        </dd>
        {installment ? (
          <>
            <dt>{installmentsTr.order.installment}</dt>
            <dd className="text-right">{fmt(installmentsTr.order.line, { count: installment.count, monthly: formatAmount(installment.monthly) })}</dd>
            {installment.interest > 0 ? (
              <>
                <dt>{installmentsTr.order.interest}</dt>
                <dd className="text-right">{formatAmount(installment.interest)}</dd>
              </>
            ) : null}
            <dt className="font-bold">{installmentsTr.order.toCharge}</dt>
            <dd className="text-right font-bold" data-testid="checkout-paid-total">
              {formatAmount(installment.total)}
            </dd>
          </>
        ) : null}
      </dl>
    </aside>
  );
});
