import { formatDayTr } from "./clock";
import { fmt, tr } from "./texts/tr";
import { ordersTr } from "./texts/orders.tr";

/** An order's status as the buyer reads it ('Kargoya verildi'): the member's list and a guest's order page. */
export function orderStatusText(status: string): string {
  return (ordersTr.status as Record<string, string>)[status] ?? status;
}

export interface PreviousOrderView {
  status: string;
  carrier: string | null;
  trackingNumber: string | null;
  estimatedDelivery: string | null;
}

/**
 * The text lines shown per previous order (SPEC §2.3): carrier and tracking once shipped; the outcome once
 * delivered, cancelled or refunded; else progress and the estimate.
 */
export function previousOrderLines(o: PreviousOrderView): string[] {
  const shipped = o.status === "shipped" || o.status === "outfordelivery" || o.status === "collected";
  if (shipped) {
    const lines: string[] = [];
    if (o.carrier) lines.push(fmt(tr.sideMenu.carrier, { carrier: o.carrier }));
    if (o.trackingNumber) lines.push(fmt(tr.sideMenu.trackingNumber, { number: o.trackingNumber }));
    if (o.carrier === "Adrese") lines.push(tr.sideMenu.outForDelivery);
    if (o.carrier === "Elden") lines.push(tr.sideMenu.readyForPickup);
    return lines;
  }
  const s = tr.sideMenu;
  switch (o.status) {
    case "delivered":
      return [s.delivered];
    case "cancelled":
      return [s.cancelled];
    case "refunded":
      return [s.refunded];
  }
  // still on its way to the buyer: progress and the estimate
  const lines: string[] = [o.status === "received" ? s.received : o.status === "ready" ? s.ready : s.preparing];
  if (o.estimatedDelivery) lines.push(fmt(s.estimatedDelivery, { date: formatDayTr(o.estimatedDelivery) }));
  return lines;
}
