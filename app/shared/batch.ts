import { isOrderStatus, TRANSITIONS, type OrderStatus } from "./order-status";
import { staffMoves } from "./management";

/**
 * Batch work on the order list (issue 28 §1), isomorphic: where an order goes next, and how the bulk form names
 * its orders. Every move still runs through the state machine of order-status.ts on the server, per order.
 */

/** At most this many orders in one bulk change ('all that match the filter' included). */
export const BULK_MAX = 2000;
/** Orders sent per request when the browser shows progress. */
export const BULK_CHUNK = 25;
/** At most this many orders in one CSV export. */
export const CSV_MAX = 20_000;
/** The bulk form names each chosen order 'o.<number>' with the status the staff member saw as its value. */
export const BULK_FIELD = "o.";

/** The next status of an order on the workshop's way (received → … → delivered), or null when there is none. */
export function nextMove(status: string, deliveryType: string): OrderStatus | null {
  if (!isOrderStatus(status)) return null;
  return staffMoves(TRANSITIONS[status], deliveryType)[0] ?? null;
}

export interface BulkItem {
  orderNumber: string;
  /** the status shown when the order was chosen: a change in between is refused for that order */
  seen: OrderStatus | null;
}

/** The orders a bulk form names (unknown shapes are skipped; at most BULK_MAX). */
export function bulkItems(form: Iterable<[string, FormDataEntryValue]>): BulkItem[] {
  const out: BulkItem[] = [];
  for (const [key, value] of form) {
    if (!key.startsWith(BULK_FIELD)) continue;
    const orderNumber = key.slice(BULK_FIELD.length);
    if (!/^\d{4}-\d{6}$/.test(orderNumber)) continue;
    const seen = typeof value === "string" && isOrderStatus(value) ? value : null;
    out.push({ orderNumber, seen });
    if (out.length >= BULK_MAX) break;
  }
  return out;
}

/** One order's answer in a bulk change. */
export interface BulkResult {
  orderNumber: string;
  ok: boolean;
  from: string;
  to: string | null;
  message: string;
}
