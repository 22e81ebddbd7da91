import type { DayRef, DeliveryOptions } from "~/.server/delivery/rules";
import { checkoutTr } from "./texts/checkout.tr";
import { isVipOption } from "./delivery-label";
import { fmt } from "./texts/tr";

/**
 * The dates shown beside one delivery option (SPEC §4 'Choosing a delivery type'): the day the order is
 * ready and the day it reaches the buyer. One function for the browser (what the option shows, and what
 * choosing it sets as the ready date) and the server (what it verifies and stores), so the two never differ.
 */
export interface ShownDates {
  ready: DayRef;
  estimated: DayRef;
}

const SHIPPING = { Standart: "standart", Express: "express", Other: "other", Special: "special" } as const;

/** Null when the option is not offered in these options (or the pickup place is unknown). */
export function shownDates(options: DeliveryOptions, choice: { option: string; location?: string | null }): ShownDates | null {
  const ship = SHIPPING[choice.option as keyof typeof SHIPPING];
  if (ship) {
    const slot = options.shipping.slots[ship];
    if (!slot || !options.shipping.available) return null;
    const s = options.shipping.suggested;
    return { ready: { date: s.date, dateISO: s.dateISO }, estimated: slot.estimatedDelivery };
  }
  if (choice.option === "DeliveryStandart" || isVipOption(choice.option)) {
    const d = choice.option === "DeliveryStandart" ? options.delivery.std : options.delivery.vip;
    return d.available && d.suggested ? { ready: d.suggested, estimated: d.suggested } : null;
  }
  if (choice.option === "Store") {
    const l = choice.location ? options.store.locations.find((x) => x.code === choice.location) : options.store.locations[0];
    if (!l?.suggested) return null;
    const day = { date: l.suggested.date, dateISO: l.suggested.dateISO };
    return { ready: day, estimated: day };
  }
  return null;
}

/** A delivery's details as people read them: carrier, time slot, or pickup hour with the place (as shown at checkout). */
export function detailsText(c: { deliveryDetails: string; locationName?: string | null }): string {
  return c.locationName ? fmt(checkoutTr.delivery.pickupDetails, { hour: c.deliveryDetails, place: c.locationName }) : c.deliveryDetails;
}

