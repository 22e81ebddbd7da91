import type { DbOrTx } from "../db/client";
import * as repo from "./repo";
import type { OrderRow } from "./repo";

/**
 * The staff desk's reads and writes on orders (issue 12): search, the production board, shipment details,
 * refunds booked on the order and the KVKK anonymisation. Used through orders/service.ts; the SQL is in repo.ts.
 */

export type { OrderSearch } from "./repo";

/** One page of orders matching the filters, newest first, and how many match in all. */
export async function searchOrders(db: DbOrTx, f: repo.OrderSearch): Promise<{ rows: OrderRow[]; total: number }> {
  return repo.searchPage(db, f);
}

/**
 * Every order matching the filters (not one page), newest first, at most `limit` (issue 28: bulk changes on
 * 'all that match' and the CSV export), and how many match in all.
 */
export async function matchingOrders(db: DbOrTx, f: Omit<repo.OrderSearch, "page" | "pageSize">, limit: number): Promise<{ rows: OrderRow[]; total: number }> {
  return repo.listMatching(db, f, limit);
}

/** Open orders per status (the summary page). */
export async function countByStatus(db: DbOrTx): Promise<Record<string, number>> {
  const rows = await repo.countsByStatus(db);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

export interface BakeLine {
  productId: number;
  name: string;
  variant: string;
  packageContent: string;
  units: number;
  orders: number;
}

/** What to bake for a ready date: units per product, variant and package across open orders. */
export async function bakeList(db: DbOrTx, readyDate: string): Promise<BakeLine[]> {
  const rows = await repo.bakeRows(db, readyDate);
  return rows.map((r) => ({ ...r, units: Number(r.units), orders: Number(r.orders) }));
}

/** Open door-delivery orders of a ready date, by slot then number (the courier's route list). */
export async function doorDeliveries(db: DbOrTx, readyDate: string): Promise<OrderRow[]> {
  return repo.doorDeliveriesOn(db, readyDate);
}

/** Every open order of a ready date (the production board's pickups and shipments), by type, details, number. */
export async function dayOrders(db: DbOrTx, readyDate: string): Promise<OrderRow[]> {
  return repo.openOrdersOn(db, readyDate);
}

/** Carrier and tracking number of an order, in the caller's transaction. */
export async function setShipment(tx: DbOrTx, orderId: number, s: { carrier: string | null; trackingNumber: string | null }, at: Date): Promise<void> {
  await repo.updateOrder(tx, orderId, { carrier: s.carrier, trackingNumber: s.trackingNumber, updatedAt: at });
}

/** The total refunded on an order's payment, as the payment module reported it. */
export async function setRefunded(tx: DbOrTx, orderId: number, refundedTotal: number, at: Date): Promise<void> {
  await repo.updateOrder(tx, orderId, { refundedAmount: refundedTotal, updatedAt: at });
}

/** Orders of a person: placed signed in as `userId`, or as a guest with the same e-mail. */
export async function ordersOfPerson(db: DbOrTx, userId: number, email: string): Promise<OrderRow[]> {
  return repo.listOfPerson(db, userId, email);
}

/**
 * The address of an order after a KVKK erasure: only what the invoice needs stays (docs/decisions/0004):
 * the billing name or firm, billing address, county and city, tax office and tax number. The delivery
 * recipient (when different from the buyer), every phone number and the neighbourhood ids go.
 */
export function invoiceOnlyAddress(address: unknown): Record<string, unknown> {
  const a = (address && typeof address === "object" ? address : {}) as Record<string, unknown>;
  const single = a.isSingleAddress === 1 || a.isSingleAddress === "1" || a.invFullName === undefined;
  const pick = (inv: string, del: string) => (single ? (a[del] ?? "") : (a[inv] ?? ""));
  return {
    invFullName: pick("invFullName", "delFullName"),
    invAddress: pick("invAddress", "delAddress"),
    invNeighName: pick("invNeighName", "delNeighName"),
    invCountyName: pick("invCountyName", "delCountyName"),
    invCityName: pick("invCityName", "delCityName"),
    invCityId: pick("invCityId", "delCityId"),
    invCountyId: pick("invCountyId", "delCountyId"),
    invPhoneNumber: "",
    delFullName: "",
    delAddress: "",
    delNeighName: "",
    delCountyName: "",
    delCityName: "",
    delPhoneNumber: "",
    delCityId: null,
    delCountyId: null,
    delNeighId: null,
    invNeighId: null,
    firmName: a.firmName ?? "",
    taxAuthority: a.taxAuthority ?? "",
    TID: a.TID ?? "",
    type: a.type ?? "Individual",
    isSingleAddress: 0,
    erased: true,
  };
}

/** The phone numbers a person gave on their orders (KVKK erasure looks for them elsewhere too). */
export async function phonesOfPerson(db: DbOrTx, userId: number, email: string): Promise<string[]> {
  const phones = new Set<string>();
  for (const o of await ordersOfPerson(db, userId, email)) {
    const a = (o.address ?? {}) as Record<string, unknown>;
    for (const k of ["delPhoneNumber", "invPhoneNumber"]) if (typeof a[k] === "string" && (a[k] as string).length >= 7) phones.add(a[k] as string);
  }
  return [...phones];
}

/** What an erased value reads as inside a stored document. */
export const ERASED_MARK = "[KVKK: silindi]";

/** Every string inside a JSON value with each of `needles` replaced (case-insensitive for e-mail addresses). */
export function redactStrings(value: unknown, needles: string[], mark: string): unknown {
  if (needles.length === 0) return value;
  const escaped = needles.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).sort((x, y) => y.length - x.length);
  const re = new RegExp(escaped.join("|"), "gi");
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return v.replace(re, mark);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value);
}

/**
 * KVKK erasure on orders, in the caller's transaction: e-mail replaced, address reduced to the invoice
 * fields, gift note and media link removed. Amounts, lines, dates and the invoice fields stay. Returns the
 * ids of the orders changed.
 */
export async function anonymise(tx: DbOrTx, person: { userId: number; email: string }, replacementEmail: string, at: Date): Promise<number[]> {
  const rows = await ordersOfPerson(tx, person.userId, person.email);
  for (const o of rows) {
    // the accepted contracts (issue 26 §3) lose what the order itself loses: e-mail, phones, a delivery name and address other than the invoice's
    const a = (o.address ?? {}) as Record<string, unknown>;
    const kept = invoiceOnlyAddress(o.address) as Record<string, unknown>;
    const gone = [person.email, o.email, a.delPhoneNumber, a.invPhoneNumber, a.delFullName, a.delAddress].filter(
      (v): v is string => typeof v === "string" && v.trim().length >= 3 && v !== kept.invFullName && v !== kept.invAddress,
    );
    const contracts = o.contracts === null ? null : redactStrings(o.contracts, gone, ERASED_MARK);
    await repo.updateOrder(tx, o.id, { email: replacementEmail, address: invoiceOnlyAddress(o.address), giftNote: "", mediaLink: "", contracts, updatedAt: at });
  }
  // staff notes may name the person: they go with the rest (issue 28)
  for (const o of rows) await repo.deleteNotesOf(tx, o.id);
  return rows.map((r) => r.id);
}

export type OrderNoteRow = repo.OrderNoteRow;

/** Adds a staff note to an order, in the caller's transaction (issue 28). */
export async function addNote(tx: DbOrTx, n: { orderId: number; body: string; actor: string; at: Date }): Promise<OrderNoteRow> {
  return repo.insertNote(tx, n);
}

/** An order's staff notes, oldest first. Read by the management area only. */
export async function notesOf(db: DbOrTx, orderId: number): Promise<OrderNoteRow[]> {
  return repo.listNotes(db, orderId);
}
