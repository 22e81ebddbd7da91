import { ordersTr } from "./texts/orders.tr";

/** The VIP courier's slot options (SPEC §4: DeliveryMorning … DeliveryNight). */
const VIP_OPTIONS: ReadonlySet<string> = new Set(["DeliveryMorning", "DeliveryAfternoon", "DeliveryEvening", "DeliveryNight"]);

/** Whether a delivery option code is a VIP courier slot. */
export const isVipOption = (option: string | null | undefined): boolean => !!option && VIP_OPTIONS.has(option);

/**
 * How a delivery's type is named everywhere (confirm step, contract, completion page, mails, invoice, staff pages
 * and prints): carrier, courier, VIP courier or pickup. Orders placed before the option was kept (no option) name a
 * VIP delivery as courier.
 */
export function deliveryLabel(d: { deliveryType: string; deliveryOption: string | null | undefined }): string {
  if (d.deliveryType === "Delivery" && isVipOption(d.deliveryOption)) return ordersTr.deliveryTypeVip;
  return (ordersTr.deliveryType as Record<string, string>)[d.deliveryType] ?? d.deliveryType;
}
