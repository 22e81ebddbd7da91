import { fmt } from "~/shared/texts/tr";
import { paymentTr } from "~/shared/texts/payment.tr";
import type { CardType } from "~/shared/card";

/** A card's logo, type name and masked last four (saved-card lists, payment result, summaries). */
export function CardBadge({ logo, type, lastFour, bankName }: { logo: string; type: CardType; lastFour: string | null; bankName?: string | null }) {
  const name = paymentTr.cardTypes[type];
  return (
    <span className="inline-flex items-center gap-3">
      <img src={logo} width={48} height={30} alt={fmt(paymentTr.savedCards.logoAlt, { type: name })} className="h-[30px] w-12 rounded border border-choc-100 bg-white" />
      <span className="flex flex-col leading-tight">
        <span className="font-semibold">
          {name} <span className="font-mono">{fmt(paymentTr.result.cardMasked, { lastFour: lastFour ?? "" })}</span>
        </span>
        {bankName ? <span className="text-sm text-stone-700">{bankName}</span> : null}
      </span>
    </span>
  );
}
