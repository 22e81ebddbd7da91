/**
 * The gift rule (issue 26 §2, issue 28 §1): an order is a gift when it carries a gift note (or a media link),
 * or when it goes to a name or an address other than the buyer's. A gift travels without prices: the paper in
 * the box is a price-free packing slip beside the gift note, and the priced invoice reaches the buyer by e-mail
 * only. Staff see which is which on the print-for-the-day pages. Isomorphic; the one place this is decided.
 */

export interface GiftInput {
  giftNote?: string | null;
  mediaLink?: string | null;
  /** addressObj of SPEC §3 as stored with the order */
  address: unknown;
}

export type GiftReason = "note" | "recipient";

/** Case, spacing and punctuation do not make a different person or place ('AYŞE  Yılmaz' is 'Ayşe Yılmaz'). */
function same(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) =>
    (typeof v === "string" || typeof v === "number" ? String(v) : "")
      .normalize("NFC")
      .toLocaleLowerCase("tr")
      .replace(/[.,;:/\\-]+/g, " ")
      .replace(/\s+/g, " ")
      .trim();
  return norm(a) === norm(b);
}

/** Why the order is a gift, or null when it is not: the buyer's own box gets the priced copy. */
export function giftReason(order: GiftInput): GiftReason | null {
  if ((order.giftNote ?? "").trim() || (order.mediaLink ?? "").trim()) return "note";
  const a = (order.address && typeof order.address === "object" ? order.address : {}) as Record<string, unknown>;
  // one address for delivery and invoice: the buyer receives it
  const single = a.isSingleAddress === 1 || a.isSingleAddress === "1" || a.invFullName === undefined;
  if (single || a.erased === true) return null;
  const differs =
    !same(a.delFullName, a.invFullName) ||
    !same(a.delAddress, a.invAddress) ||
    !same(a.delNeighName, a.invNeighName) ||
    !same(a.delCountyName, a.invCountyName) ||
    !same(a.delCityName, a.invCityName);
  return differs ? "recipient" : null;
}

export const isGiftOrder = (order: GiftInput): boolean => giftReason(order) !== null;
