import { installmentRows } from "~/shared/installments";
import { deliveryLabel } from "~/shared/delivery-label";
import { z } from "zod";
import type { AppContext } from "../context";
import * as accounts from "../accounts/service";
import * as catalog from "../catalog/service";
import * as notes from "../notes/service";
import * as invoices from "../invoices/service";
import * as orders from "../orders/service";
import { getSettings } from "../settings/service";
import { productImage } from "~/shared/catalog";
import { istanbulDate } from "~/shared/clock";
import { getSellerIdentity, sellerAddress } from "../seller/service";
import { computeInvoice, type InvoiceRecipient, type InvoiceView } from "~/shared/invoice";
import { PRINT_PATH, signedPrintUrl, validSignature, type PrintKind } from "./links";
import { storedAddress, storedTax } from "~/shared/stored-order";

export { PRINT_PATH, signedPrintUrl, validSignature, type PrintKind } from "./links";

/**
 * Printable pages of an order (issue 10, SPEC §2.12): /printinvoice/{order} and /printnote/{order}.
 *
 * Access (DESIGN 'print pages behind an unnamed guard'): the order's owner (signed-in member), staff (admin or
 * operations), or anyone holding a link signed with the shop's key (HMAC-SHA256 over kind, order reference and
 * expiry) that has not expired. Everyone else gets the same answer whether the order exists or not (404).
 * `{order}` is the order number ('2026-000123', what members see) or the order's public id.
 */
/** Staff roles that may print any order (admin always passes). */
const STAFF_ROLES = ["admin", "operations"] as const;

const refSchema = z.union([z.string().regex(/^\d{4}-\d{6}$/), z.string().regex(/^[A-Za-z0-9_-]{16,64}$/)]);

async function findOrder(app: AppContext, ref: string): Promise<orders.OrderRow | undefined> {
  if (!refSchema.safeParse(ref).success) return undefined;
  return /^\d{4}-\d{6}$/.test(ref) ? orders.getByNumber(app, ref) : orders.getByPublicId(app, ref);
}

/**
 * The order behind a print page's address when this request may see it, otherwise null (the page answers 404
 * either way: a stranger cannot tell an existing order from a missing one).
 */
export async function printableOrder(app: AppContext, request: Request, kind: PrintKind, ref: string): Promise<orders.OrderRow | null> {
  const order = await findOrder(app, ref);
  if (!order) return null;
  if (validSignature(app, kind, ref, new URL(request.url).searchParams)) return order;
  const { user } = await accounts.getSession(app, request);
  if (!user) return null;
  if (order.userId !== null && order.userId === user.id) return order;
  if ((STAFF_ROLES as readonly string[]).includes(user.role)) return order;
  return null;
}

// ─── invoice ─────────────────────────────────────────────────────────────────────────────────────


/** '5321234567' → '0532 123 45 67'; anything else as stored. */
export function formatPhone(p: string): string {
  return /^5\d{9}$/.test(p) ? `0${p.slice(0, 3)} ${p.slice(3, 6)} ${p.slice(6, 8)} ${p.slice(8)}` : p;
}

/** The recipient block: billing fields, or the delivery fields when the billing address is the same (isSingleAddress 1). */
export function recipientOf(address: unknown): InvoiceRecipient {
  const a = storedAddress.safeParse(address).data ?? {};
  const single = a.isSingleAddress === 1 || (a.isSingleAddress === undefined && !a.invFullName);
  const pick = (del: string | undefined, inv: string | undefined) => ((single ? del : inv) ?? "").trim();
  const neigh = pick(a.delNeighName, a.invNeighName);
  const street = pick(a.delAddress, a.invAddress);
  const county = pick(a.delCountyName, a.invCountyName);
  const city = pick(a.delCityName, a.invCityName);
  return {
    firmName: (a.firmName ?? "").trim(),
    name: pick(a.delFullName, a.invFullName),
    address: [neigh, street].filter(Boolean).join(", "),
    countyCity: [county, city].filter(Boolean).join(" / "),
    phone: formatPhone(pick(a.delPhoneNumber, a.invPhoneNumber)),
    taxAuthority: (a.taxAuthority ?? "").trim(),
    taxId: (a.TID ?? "").trim(),
  };
}

/** Everything the printed invoice shows, computed from the stored order and its lines (prices and rates as placed). */
export async function invoiceView(app: AppContext, order: orders.OrderRow): Promise<InvoiceView> {
  const [lines, boxes] = await Promise.all([orders.linesOf(app, [order.id]), catalog.boxTypes(app)]);
  const deliveryRateBp = storedTax.safeParse(order.taxSnapshot).data?.deliveryRateBp ?? (await getSettings(app)).tax.deliveryRateBp;
  const inv = computeInvoice({
    lines: lines.map((l) => ({ unitPrice: l.unitPrice, quantity: l.quantity, taxRateBp: l.taxRateBp })),
    discountAmount: order.discountAmount,
    usedBonus: order.usedBonus,
    shippingCost: order.deliveryCost,
    deliveryRateBp,
  });
  const seller = getSellerIdentity();
  return {
    seller: { title: seller.title, address: sellerAddress(seller), phone: seller.phone, vkn: seller.vkn, taxOffice: seller.taxOffice, mersis: seller.mersis },
    orderNumber: order.orderNumber,
    printDate: istanbulDate(app.clock.now()),
    orderDate: istanbulDate(order.createdAt),
    delivery: {
      type: deliveryLabel(order),
      readyDate: order.readyDate,
    },
    recipient: recipientOf(order.address),
    rows: lines.map((l, i) => {
      const box = l.boxType ? boxes.get(l.boxType) : undefined;
      const r = inv.rows[i]!;
      return {
        productId: l.productId,
        name: l.name,
        packageContent: l.packageContent,
        image: l.thumbName ? productImage(l.thumbName) : null,
        box: box ? { name: box.name, image: box.imageUrl } : null,
        taxRateBp: r.taxRateBp,
        quantity: r.quantity,
        unitNet: r.unitNet,
        lineNet: r.lineNet,
      };
    }),
    shipping: inv.shipping ? { taxRateBp: inv.shipping.taxRateBp, net: inv.shipping.net } : null,
    discount: order.discountAmount > 0 ? { promoCode: order.promoCode, net: inv.discountNet } : null,
    usedBonus: order.usedBonus > 0 ? { net: inv.bonusNet } : null,
    subTotal: inv.subTotal,
    taxes: inv.taxes,
    total: inv.total,
    installments: installmentRows(order),
  };
}

// ─── e-Arşiv invoice (issue 26 §2) ───────────────────────────────────────────────────────────────

/** The readable copies of an order's e-Arşiv invoices when this request may see them (null: answer 404). */
export async function earsivCopies(app: AppContext, request: Request, ref: string) {
  const order = await printableOrder(app, request, "earsiv", ref);
  return order ? invoices.copiesOf(app, order.id) : null;
}

/** A signed link to the order's e-Arşiv copy (the guest's order page), or null before it is invoiced. */
export async function earsivLink(app: AppContext, order: { id: number; publicId: string }): Promise<string | null> {
  return (await invoices.invoicedOrders(app, [order.id])).has(order.id) ? signedPrintUrl(app, "earsiv", order.publicId) : null;
}

// ─── printed note ────────────────────────────────────────────────────────────────────────────────

export const noteView = (app: AppContext, order: orders.OrderRow) => notes.printedNote(app, order.id);

// ─── member area ─────────────────────────────────────────────────────────────────────────────────

export interface PrintLinks {
  invoice: string;
  note: string | null;
  /** The e-Arşiv invoice's readable copy, once the order is invoiced. */
  earsiv: string | null;
  /** The accepted contracts' page; null for an order without stored contracts. */
  contracts: string | null;
}

/** Links to the printable pages of a member's orders, by order number (the member's session opens them). */
export async function memberPrintLinks(app: AppContext, userId: number): Promise<Record<string, PrintLinks>> {
  const list = await orders.listForUser(app, userId);
  const [withNotes, invoiced] = await Promise.all([
    notes.ordersWithNotes(
      app,
      list.map((o) => o.id),
    ),
    invoices.invoicedOrders(
      app,
      list.map((o) => o.id),
    ),
  ]);
  return Object.fromEntries(
    list.map((o) => [
      o.orderNumber,
      {
        invoice: `${PRINT_PATH.invoice}/${o.orderNumber}`,
        note: withNotes.has(o.id) ? `${PRINT_PATH.note}/${o.orderNumber}` : null,
        earsiv: invoiced.has(o.id) ? `${PRINT_PATH.earsiv}/${o.orderNumber}` : null,
        contracts: o.contracts !== null ? `${PRINT_PATH.contracts}/${o.orderNumber}` : null,
      },
    ]),
  );
}
