import { percentOf, type Kurus } from "./money";
import { fmt, tr } from "./texts/tr";

/**
 * The one place basket and order amounts are computed (issue 6). Order of application:
 * products → promo discount → loyalty points → delivery. Every amount is an integer number of kuruş,
 * nothing is ever negative, and needToPay = productTotal − discountAmount − usedBonus + deliveryCost.
 */
export interface AmountLine {
  unitPrice: Kurus;
  quantity: number;
}

export type PromoRule =
  | { kind: "percent"; basisPoints: number; minBasket?: Kurus; maxDiscount?: Kurus }
  | { kind: "fixed"; amount: Kurus; minBasket?: Kurus };

export interface AmountsInput {
  lines: AmountLine[];
  promo?: PromoRule | null;
  /** Points the buyer wants to spend, in kuruş (already limited to the balance by the caller). */
  pointsRequested?: Kurus;
  deliveryCost?: Kurus;
}

export interface Amounts {
  totalItem: number;
  productTotal: Kurus;
  discountAmount: Kurus;
  usedBonus: Kurus;
  deliveryCost: Kurus;
  needToPay: Kurus;
  /** Whether the promo's minimum basket was met (false → the code does not apply yet). */
  promoApplies: boolean;
}

const nonNegInt = (n: number | undefined) => Math.max(0, Math.trunc(n ?? 0));

export function computeAmounts(input: AmountsInput): Amounts {
  let totalItem = 0;
  let productTotal = 0;
  for (const l of input.lines) {
    const q = nonNegInt(l.quantity);
    totalItem += q;
    productTotal += nonNegInt(l.unitPrice) * q;
  }
  const promo = input.promo ?? null;
  const promoApplies = promo !== null && productTotal > 0 && productTotal >= nonNegInt(promo.minBasket);
  let discountAmount = 0;
  if (promo && promoApplies) {
    discountAmount =
      promo.kind === "percent"
        ? Math.min(percentOf(productTotal, Math.min(10_000, nonNegInt(promo.basisPoints))), promo.maxDiscount ?? Number.MAX_SAFE_INTEGER)
        : nonNegInt(promo.amount);
    discountAmount = Math.min(discountAmount, productTotal);
  }
  const afterPromo = productTotal - discountAmount;
  const usedBonus = Math.min(nonNegInt(input.pointsRequested), afterPromo);
  const deliveryCost = nonNegInt(input.deliveryCost);
  return {
    totalItem,
    productTotal,
    discountAmount,
    usedBonus,
    deliveryCost,
    needToPay: afterPromo - usedBonus + deliveryCost,
    promoApplies,
  };
}

/** Adds the delivery cost to amounts computed without it (delivery is applied last and points never cover it). */
export function withDelivery(a: Amounts, deliveryCost: Kurus): Amounts {
  const d = nonNegInt(deliveryCost);
  return { ...a, deliveryCost: d, needToPay: a.needToPay - a.deliveryCost + d };
}

/** Amounts as a summary shows them: with the code that gave the discount (null when the discount has none). */
export interface Summary extends Amounts {
  promoCode: string | null;
}

/** The discount line's label in every summary: 'İndirim (HOSGELDIN10)', or 'İndirim' when there is no code. */
export function discountLabel(code: string | null | undefined): string {
  const c = code?.trim();
  return c ? fmt(tr.common.discountWithCode, { code: c }) : tr.common.discount;
}
