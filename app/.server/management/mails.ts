import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import type { OrderRow } from "../orders/service";
import { queueMail } from "../mail/service";
import { getSellerIdentity, sellerAddress } from "../seller/service";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";

/**
 * The customer's mails for changes made in the management area, queued in the change's transaction
 * (so a change rolled back mails nobody). Refund mails come from the payment module.
 */
const m = managementTr.mail;

function ordersUrl(app: AppContext, order: OrderRow): string {
  return `${app.config.publicUrl}${order.userId ? "/memberarea/orders" : `/order/complete?siparis=${order.publicId}`}`;
}

const contact = () => fmt(m.questions, { phone: getSellerIdentity().phone });

/** 'Siparişiniz kargoya verildi' with the carrier, the tracking number and the carrier's tracking page. */
export async function shippedMail(app: AppContext, tx: DbOrTx, order: OrderRow, carrier: string, trackingNumber: string, trackingUrl: string | null) {
  const vars = { number: order.orderNumber, carrier, tracking: trackingNumber };
  await queueMail(
    tx,
    {
      to: order.email,
      subject: fmt(m.shippedSubject, vars),
      heading: m.shippedHeading,
      paragraphs: [fmt(m.shippedBody, vars), contact()],
      button: trackingUrl ? { label: m.shippedButton, url: trackingUrl } : { label: m.ordersButton, url: ordersUrl(app, order) },
    },
    { dedupeKey: `order-shipped:${order.id}:${trackingNumber}` },
  );
}

export async function outForDeliveryMail(app: AppContext, tx: DbOrTx, order: OrderRow) {
  const vars = { number: order.orderNumber, slot: order.deliveryDetails || managementTr.common.none };
  await queueMail(
    tx,
    {
      to: order.email,
      subject: fmt(m.outSubject, vars),
      heading: m.outHeading,
      paragraphs: [fmt(m.outBody, vars), contact()],
      button: { label: m.ordersButton, url: ordersUrl(app, order) },
    },
    { dedupeKey: `order-out:${order.id}` },
  );
}

export async function readyForPickupMail(app: AppContext, tx: DbOrTx, order: OrderRow) {
  // the pickup place as the buyer chose it at checkout (orders placed before places were stored: the workshop)
  const vars = { number: order.orderNumber, hour: order.deliveryDetails || managementTr.common.none, address: order.pickupPlace || sellerAddress(getSellerIdentity()) };
  await queueMail(
    tx,
    {
      to: order.email,
      subject: fmt(m.pickupSubject, vars),
      heading: m.pickupHeading,
      paragraphs: [fmt(m.pickupBody, vars), fmt(m.pickupAddress, vars), contact()],
      button: { label: m.ordersButton, url: ordersUrl(app, order) },
    },
    { dedupeKey: `order-pickup:${order.id}` },
  );
}

export async function cancelledMail(app: AppContext, tx: DbOrTx, order: OrderRow, reason: string, willRefund: boolean) {
  const vars = { number: order.orderNumber, reason };
  await queueMail(
    tx,
    {
      to: order.email,
      subject: fmt(m.cancelledSubject, vars),
      heading: m.cancelledHeading,
      paragraphs: [fmt(m.cancelledBody, vars), ...(reason ? [fmt(m.cancelledReason, vars)] : []), ...(willRefund ? [m.cancelledRefund] : []), contact()],
      button: { label: m.ordersButton, url: ordersUrl(app, order) },
    },
    { dedupeKey: `order-cancelled:${order.id}` },
  );
}
