import { computeInvoice } from "~/shared/invoice";
import type { SellerIdentity } from "~/shared/seller";
import { ANONYMOUS_TCKN, type EarsivDocument, type EarsivKind, type EarsivLine, type EarsivParty, type EarsivSeller } from "~/shared/earsiv";
import { isValidTckn, isValidVkn } from "~/shared/tax-id";
import { earsivTr } from "~/shared/texts/earsiv.tr";
import { storedAddress, storedTax } from "~/shared/stored-order";

/**
 * From a stored order (its lines, prices and tax rates as placed) to the e-Arşiv model: pure, so the arithmetic is
 * tested without a database. The KDV rule is `computeInvoice` of ~/shared/invoice (the printed workshop copy uses
 * the same), so taxes per rate add up to the order's totals to the kuruş.
 */

/** What the invoice needs of the seller's identity (issue 26 §1, ~/shared/seller). */
export type SellerInput = Pick<SellerIdentity, "title" | "mersis" | "vkn" | "taxOffice" | "address" | "kep" | "phone" | "email" | "web" | "example">;

export interface OrderInput {
  orderNumber: string;
  createdAt: Date;
  email: string;
  deliveryType: string;
  carrier: string | null;
  address: unknown;
  discountAmount: number;
  usedBonus: number;
  deliveryCost: number;
  needToPay: number;
  paymentRef: string | null;
  taxSnapshot: unknown;
}

export interface LineInput {
  name: string;
  quantity: number;
  unitPrice: number;
  taxRateBp: number;
}

export interface DocumentMeta {
  kind: EarsivKind;
  number: string;
  ettn: string;
  /** Istanbul date and time of issue */
  issueDate: string;
  issueTime: string;
  /** Istanbul date the order was placed (and paid) */
  orderDate: string;
  /** Istanbul date the goods left (or were handed over) */
  dispatchDate: string;
  /** How the goods leave: with a carrier (cargo), the shop's own courier, or handed to the buyer at pickup. */
  handover: "carrier" | "courier" | "pickup";
  /** The parcel goes without a priced paper (gift): the invoice travels by e-mail only. */
  gift: boolean;
  returnOf: EarsivDocument["returnOf"];
  /** Delivery rate when the order's tax snapshot has none (today's setting). */
  fallbackDeliveryRateBp: number;
}


/** 'Ayşe Nur Yılmaz' → { firstName: 'Ayşe Nur', familyName: 'Yılmaz' } */
export function splitName(full: string): { firstName: string; familyName: string } {
  const parts = full.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { firstName: "-", familyName: "-" };
  if (parts.length === 1) return { firstName: parts[0]!, familyName: "-" };
  return { firstName: parts.slice(0, -1).join(" "), familyName: parts.at(-1)! };
}

/**
 * The buyer from the order's billing fields (the delivery fields when one address serves both): a company with a
 * valid VKN and its title, a person with a valid TCKN, or a person without one under GİB's 11111111111.
 */
export function buyerOf(stored: unknown, email: string): EarsivParty {
  const a = storedAddress.safeParse(stored).data ?? {};
  const single = a.isSingleAddress === 1 || (a.isSingleAddress === undefined && !a.invFullName);
  const pick = (del: string | undefined, inv: string | undefined) => ((single ? del : inv) ?? "").trim();
  const name = pick(a.delFullName, a.invFullName) || earsivTr.anonymousBuyer;
  const street = [pick(a.delNeighName, a.invNeighName), pick(a.delAddress, a.invAddress)].filter(Boolean).join(", ");
  const address = { street: street || "-", district: pick(a.delCountyName, a.invCountyName) || "-", city: pick(a.delCityName, a.invCityName) || "-", country: "Türkiye" };
  const phone = pick(a.delPhoneNumber, a.invPhoneNumber);
  const tid = (a.TID ?? "").replace(/\s+/g, "");
  const firm = (a.firmName ?? "").trim();
  if (isValidVkn(tid)) {
    return { name: firm || name, idScheme: "VKN", id: tid, person: null, taxOffice: (a.taxAuthority ?? "").trim(), address, phone, email };
  }
  return { name, idScheme: "TCKN", id: isValidTckn(tid) ? tid : ANONYMOUS_TCKN, person: splitName(name), taxOffice: "", address, phone, email };
}

export function sellerOf(s: SellerInput): EarsivSeller {
  return {
    name: s.title,
    idScheme: "VKN",
    id: s.vkn,
    person: null,
    taxOffice: s.taxOffice,
    address: { street: s.address.line, district: s.address.district, city: s.address.city, country: "Türkiye" },
    phone: s.phone,
    email: s.email,
    website: s.web,
    mersis: s.mersis,
    kep: s.kep,
  };
}

/** GİB's payment-type code for the internet-sale fields: a card payment, or paid in full with points or a code. */
const paymentMethodOf = (o: OrderInput) => (o.paymentRef && o.needToPay > 0 ? "KREDIKARTI/BANKAKARTI" : "DIGER");

export function buildDocument(order: OrderInput, lines: LineInput[], seller: SellerInput, meta: DocumentMeta): EarsivDocument {
  const deliveryRateBp = storedTax.safeParse(order.taxSnapshot).data?.deliveryRateBp ?? meta.fallbackDeliveryRateBp;
  const inv = computeInvoice({
    lines: lines.map((l) => ({ unitPrice: l.unitPrice, quantity: l.quantity, taxRateBp: l.taxRateBp })),
    discountAmount: order.discountAmount,
    usedBonus: order.usedBonus,
    shippingCost: order.deliveryCost,
    deliveryRateBp,
  });
  const docLines: EarsivLine[] = lines.map((l, i) => {
    const r = inv.rows[i]!;
    return {
      name: l.name,
      quantity: r.quantity,
      unitCode: "C62",
      unitNet: r.unitNet,
      grossNet: r.lineNet,
      allowance: r.lineNet - r.paidNet,
      net: r.paidNet,
      taxRateBp: r.taxRateBp,
      tax: r.tax,
      delivery: false,
    };
  });
  if (inv.shipping) {
    docLines.push({
      name: earsivTr.deliveryLine,
      quantity: 1,
      unitCode: "C62",
      unitNet: inv.shipping.net,
      grossNet: inv.shipping.net,
      allowance: 0,
      net: inv.shipping.net,
      taxRateBp: inv.shipping.taxRateBp,
      tax: inv.shipping.tax,
      delivery: true,
    });
  }
  const sellerParty = sellerOf(seller);
  const carrier =
    meta.handover === "pickup"
      ? null
      : meta.handover === "courier"
        ? { name: seller.title, id: seller.vkn } // the shop's own courier
        : { name: order.carrier ?? "-", id: null };
  // KDV per rate: the same split the sales figures add up (computeInvoice's byRate), net base and tax
  const taxSubtotals = inv.byRate.map((r) => ({ rateBp: r.rateBp, base: r.net, amount: r.tax }));
  const taxTotal = taxSubtotals.reduce((s, t) => s + t.amount, 0);
  const lineExtension = docLines.reduce((s, l) => s + l.grossNet, 0);
  const allowanceTotal = docLines.reduce((s, l) => s + l.allowance, 0);
  return {
    kind: meta.kind,
    number: meta.number,
    ettn: meta.ettn,
    issueDate: meta.issueDate,
    issueTime: meta.issueTime,
    orderNumber: order.orderNumber,
    orderDate: meta.orderDate,
    seller: sellerParty,
    buyer: buyerOf(order.address, order.email),
    lines: docLines,
    lineExtension,
    allowanceTotal,
    taxExclusive: inv.subTotal,
    taxSubtotals,
    taxTotal,
    payable: inv.total,
    internetSale: {
      website: seller.web,
      paymentMethod: paymentMethodOf(order),
      paymentDate: meta.orderDate,
      carrier,
      dispatchDate: meta.dispatchDate,
    },
    replacesDispatchNote: meta.kind === "SATIS" && !meta.gift,
    sendType: "ELEKTRONIK",
    returnOf: meta.returnOf,
    notes: [earsivTr.eArchiveNote],
    example: seller.example,
  };
}
