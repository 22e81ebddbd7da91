import type { DbOrTx } from "../db/client";
import type { OrderRow } from "../orders/service";
import { getSellerIdentity, sellerAddress } from "../seller/service";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";
import { messagingTr } from "~/shared/texts/messaging.tr";
import { trMobile } from "./phone";
import { queueSms } from "./service";

/**
 * The buyer's SMS for an order's status (issue 28 §2): shipped (with the carrier's tracking page, or the tracking
 * number when the carrier has none), out for delivery, ready for pickup. Transactional notices only (no
 * marketing goes by SMS). Sent to the buyer (the invoice phone of the order, which is the delivery phone when
 * the buyer gave one address), never to a gift's recipient, and only when it is a Turkish mobile number.
 * Queued in the status change's transaction (one job, deduplicated per order and status); a failure to send
 * never touches the order.
 */
export async function orderStatusSms(tx: DbOrTx, order: OrderRow, status: string, trackingUrl: string | null = null): Promise<boolean> {
  const address = (order.address ?? {}) as { invPhoneNumber?: unknown };
  const phone = trMobile(typeof address.invPhoneNumber === "string" ? address.invPhoneNumber : null);
  if (!phone) return false;
  const s = messagingTr.sms;
  let text: string;
  let key: string;
  if (status === "shipped" && order.carrier && order.trackingNumber) {
    text = fmt(s.shipped, { number: order.orderNumber, carrier: order.carrier, tracking: trackingUrl ?? order.trackingNumber });
    key = `sms-shipped:${order.id}:${order.trackingNumber}`;
  } else if (status === "outfordelivery") {
    text = fmt(s.out, { number: order.orderNumber, slot: order.deliveryDetails || managementTr.common.none });
    key = `sms-out:${order.id}`;
  } else if (status === "collected") {
    text = fmt(s.pickup, { number: order.orderNumber, hour: order.deliveryDetails || managementTr.common.none, address: order.pickupPlace || sellerAddress(getSellerIdentity()) });
    key = `sms-pickup:${order.id}`;
  } else return false;
  await queueSms(tx, { to: phone.digits, text }, { dedupeKey: key });
  return true;
}
