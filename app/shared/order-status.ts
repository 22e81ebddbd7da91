/**
 * The order state machine, in one place (issue 8):
 * received → preparing (baking) → ready → shipped | outfordelivery | collected → delivered,
 * cancelled from any state before dispatch, refunded after cancel or delivery.
 */
export const ORDER_STATUSES = [
  "received",
  "preparing",
  "ready",
  "shipped",
  "outfordelivery",
  "collected",
  "delivered",
  "cancelled",
  "refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  received: ["preparing", "cancelled"],
  preparing: ["ready", "cancelled"],
  ready: ["shipped", "outfordelivery", "collected", "cancelled"],
  shipped: ["delivered"],
  outfordelivery: ["delivered"],
  collected: ["delivered"],
  delivered: ["refunded"],
  cancelled: ["refunded"],
  refunded: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export function isOrderStatus(s: string): s is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(s);
}

/** A member may cancel by themselves only before baking starts (SPEC §6). */
export function memberMayCancel(status: OrderStatus): boolean {
  return status === "received";
}

/** Statuses in which the stock of the order is no longer held. */
export function releasesStock(to: OrderStatus): boolean {
  return to === "cancelled";
}

export const DELIVERY_TYPES = ["Carrier", "Delivery", "Store"] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];
