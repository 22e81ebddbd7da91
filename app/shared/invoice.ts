import type { IsoDate } from "./clock";
import { roundHalfAwayFromZero, type Kurus } from "./money";

/**
 * Invoice arithmetic (issue 10, SPEC §2.12, §3 Order financials): from the order lines as stored (VAT-inclusive
 * prices and rates as they were when the order was placed) to the printed rows and totals.
 *
 * Rounding happens once per line, to the kuruş. The promo discount and then the points are spread over the
 * product lines by largest remainder (each line's share is a whole number of kuruş), so each rate's tax is
 * computed on what was really paid for the lines of that rate. The printed parts add up exactly:
 *
 *   Σ row lineNet + shippingNet − discountNet − bonusNet = subTotal
 *   subTotal + Σ taxes = total = products − discount − points + shipping (= the order's needToPay)
 *
 * A row's unit price is the unit's own net (rounded too), so for quantities above one `unitNet × quantity` may
 * differ from `lineNet` by less than a kuruş per unit; the line total is the one that counts.
 */
export interface InvoiceLineInput {
  /** VAT included */
  unitPrice: Kurus;
  quantity: number;
  /** 1% = 100 */
  taxRateBp: number;
}

export interface InvoiceInput {
  lines: InvoiceLineInput[];
  /** Promo discount, VAT included. */
  discountAmount: Kurus;
  /** Points spent, VAT included. */
  usedBonus: Kurus;
  /** Delivery fee, VAT included (0: no delivery row). */
  shippingCost: Kurus;
  /** The delivery fee's VAT rate as configured when the order was placed. */
  deliveryRateBp: number;
}

export interface InvoiceRow {
  taxRateBp: number;
  quantity: number;
  /** Unit price excluding tax. */
  unitNet: Kurus;
  /** Line total excluding tax (before discount and points). */
  lineNet: Kurus;
  /** What was really paid for the line, excluding tax (after its share of the discount and the points). */
  paidNet: Kurus;
  /** The line's tax on what was paid. */
  tax: Kurus;
}

export interface Invoice {
  rows: InvoiceRow[];
  /** The delivery-fee row; null without a shipping cost. */
  shipping: { taxRateBp: number; net: Kurus; tax: Kurus } | null;
  shippingNet: Kurus;
  shippingTax: Kurus;
  /** What the promo discount takes off the net amounts. */
  discountNet: Kurus;
  /** What the points take off the net amounts. */
  bonusNet: Kurus;
  /** discountNet + bonusNet */
  reductionsNet: Kurus;
  subTotal: Kurus;
  /** Tax per rate (basis points → kuruş), only non-zero amounts, ascending by rate. */
  taxes: { rateBp: number; amount: Kurus }[];
  /**
   * What was really paid per rate, net and tax (every rate of a line or the delivery fee, ascending by rate):
   * Σ net = subTotal, Σ tax = Σ taxes. The sales figures (issue 28) add these up over orders.
   */
  byRate: { rateBp: number; net: Kurus; tax: Kurus }[];
  total: Kurus;
  /** Installments (issue 27): how the card paid, printed under the totals; absent for a single payment. */
  installments?: [string, string][];
}

/** VAT-inclusive amount → its net at `bp`, rounded half away from zero to the kuruş. */
export const netOf = (gross: Kurus, bp: number): Kurus => roundHalfAwayFromZero((gross * 10_000) / (10_000 + bp));

/** Splits `amount` over `weights` proportionally; parts are integers that add up to `amount` exactly. */
export function allocate(amount: number, weights: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0 || amount <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / total);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

const nonNeg = (n: number) => Math.max(0, Math.trunc(n));

export function computeInvoice(input: InvoiceInput): Invoice {
  const gross = input.lines.map((l) => nonNeg(l.unitPrice) * nonNeg(l.quantity));
  const productGross = gross.reduce((a, b) => a + b, 0);
  // the same order as the basket: products → promo → points; reductions never exceed the products
  const discount = Math.min(productGross, nonNeg(input.discountAmount));
  const bonus = Math.min(productGross - discount, nonNeg(input.usedBonus));
  const discountShare = allocate(discount, gross);
  const afterDiscount = gross.map((g, i) => g - discountShare[i]!);
  const bonusShare = allocate(bonus, afterDiscount);
  const byRate = new Map<number, number>();
  const netByRate = new Map<number, number>();
  let discountNet = 0;
  let bonusNet = 0;
  let netPaid = 0;
  const rows = input.lines.map((l, i) => {
    const bp = l.taxRateBp;
    const lineNet = netOf(gross[i]!, bp);
    const netAfterDiscount = netOf(afterDiscount[i]!, bp);
    const paidGross = afterDiscount[i]! - bonusShare[i]!;
    const paidNet = netOf(paidGross, bp);
    discountNet += lineNet - netAfterDiscount;
    bonusNet += netAfterDiscount - paidNet;
    netPaid += paidNet;
    byRate.set(bp, (byRate.get(bp) ?? 0) + (paidGross - paidNet));
    netByRate.set(bp, (netByRate.get(bp) ?? 0) + paidNet);
    return { taxRateBp: bp, quantity: nonNeg(l.quantity), unitNet: netOf(nonNeg(l.unitPrice), bp), lineNet, paidNet, tax: paidGross - paidNet };
  });
  const shippingCost = nonNeg(input.shippingCost);
  const shippingNet = netOf(shippingCost, input.deliveryRateBp);
  const shippingTax = shippingCost - shippingNet;
  if (shippingTax) byRate.set(input.deliveryRateBp, (byRate.get(input.deliveryRateBp) ?? 0) + shippingTax);
  if (shippingCost > 0) netByRate.set(input.deliveryRateBp, (netByRate.get(input.deliveryRateBp) ?? 0) + shippingNet);
  const taxes = [...byRate.entries()]
    .filter(([, a]) => a !== 0)
    .sort((a, b) => a[0] - b[0])
    .map(([rateBp, amount]) => ({ rateBp, amount }));
  const subTotal = netPaid + shippingNet;
  return {
    rows,
    shipping: shippingCost > 0 ? { taxRateBp: input.deliveryRateBp, net: shippingNet, tax: shippingTax } : null,
    shippingNet,
    shippingTax,
    discountNet,
    bonusNet,
    reductionsNet: discountNet + bonusNet,
    subTotal,
    taxes,
    byRate: [...netByRate.entries()].sort((a, b) => a[0] - b[0]).map(([rateBp, net]) => ({ rateBp, net, tax: byRate.get(rateBp) ?? 0 })),
    total: subTotal + taxes.reduce((a, t) => a + t.amount, 0),
  };
}

/** '%20' from basis points; '%1,5' for fractional rates. */
export function formatRate(bp: number): string {
  return `%${(bp / 100).toLocaleString("tr-TR", { maximumFractionDigits: 2 })}`;
}

// ─── what the printed invoice shows (built by the printing module from a stored order) ──────────────

export interface InvoiceRecipient {
  firmName: string;
  name: string;
  /** Neighbourhood and street address. */
  address: string;
  /** 'Çankaya / Ankara' */
  countyCity: string;
  phone: string;
  taxAuthority: string;
  taxId: string;
}

export interface InvoiceProductRow {
  productId: number;
  name: string;
  packageContent: string;
  image: string | null;
  box: { name: string; image: string } | null;
  taxRateBp: number;
  quantity: number;
  unitNet: Kurus;
  lineNet: Kurus;
}

export interface InvoiceView {
  /** The seller as configured (issue 26 §1). */
  seller: { title: string; address: string; phone: string; vkn: string; taxOffice: string; mersis: string };
  orderNumber: string;
  /** Istanbul calendar days. */
  printDate: IsoDate;
  orderDate: IsoDate;
  /** The order's delivery as stored at checkout: its type and ready date (the day it is made). */
  delivery?: { type: string; readyDate: IsoDate };
  recipient: InvoiceRecipient;
  rows: InvoiceProductRow[];
  /** The delivery-fee row (net, at the delivery rate of the order's time); null without a shipping cost. */
  shipping: { taxRateBp: number; net: Kurus } | null;
  discount: { promoCode: string | null; net: Kurus } | null;
  usedBonus: { net: Kurus } | null;
  subTotal: Kurus;
  taxes: { rateBp: number; amount: Kurus }[];
  total: Kurus;
  /** Installments (issue 27): how the card paid, printed under the totals; absent for a single payment. */
  installments?: [string, string][];
}

