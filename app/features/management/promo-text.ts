import { formatAmount } from "~/shared/money";
import { formatDateTimeTr } from "~/shared/management";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";

/** How a promotion code's rules read in the staff area. */

const s = managementTr.promos;
const money = (k: number) => formatAmount(k);

/** '%10, en fazla ₺50,00' or '₺25,00'. */
export function discountText(p: { kind: string; percentBp: number | null; amount: number | null; maxDiscount: number | null }): string {
  if (p.kind === "fixed") return money(p.amount ?? 0);
  const percent = fmt(s.percentOf, { percent: ((p.percentBp ?? 0) / 100).toLocaleString("tr-TR") });
  return p.maxDiscount ? `${percent}, ${fmt(s.upTo, { amount: money(p.maxDiscount) })}` : percent;
}

/** The validity window in Istanbul time, or 'Süresiz'. */
export function validityText(p: { startsAt: string | null; endsAt: string | null }): string {
  if (p.startsAt && p.endsAt) return fmt(s.between, { from: formatDateTimeTr(p.startsAt), to: formatDateTimeTr(p.endsAt) });
  if (p.startsAt) return fmt(s.from, { date: formatDateTimeTr(p.startsAt) });
  if (p.endsAt) return fmt(s.until, { date: formatDateTimeTr(p.endsAt) });
  return s.always;
}
