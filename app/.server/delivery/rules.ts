import { addDays, formatDayTr, istanbulDate, istanbulParts, weekdayOf, type IsoDate } from "~/shared/clock";
import type { Kurus } from "~/shared/money";
import { shownDates } from "~/shared/delivery-choice";
import { checkoutTr } from "~/shared/texts/checkout.tr";
import type { DeliveryType } from "~/shared/order-status";
import { toMinutes, type DeliveryConfig, type VipSlotCode } from "./config";

/**
 * The delivery rules of SPEC §3 'Delivery options', §4 and §9 as one pure function of the basket,
 * the address, the requested ready date, the current instant and the configuration.
 * Every date and cutoff is computed in Europe/Istanbul, whatever the server's zone.
 */

export interface BasketInput {
  itemCount: number;
  productTotal: Kurus;
}
export const EMPTY_BASKET: BasketInput = { itemCount: 0, productTotal: 0 };

export interface AddressInput {
  cityId?: number | null;
  countyId?: number | null;
  /** Neighbourhood id (SPEC 'areaId'). */
  areaId?: number | null;
}

/** Orders already booked for a production day (the checkout issue supplies it; default 0). */
export type BookedCount = (date: IsoDate) => number;

export interface DayRef {
  /** '23 Kasım Pazartesi' */
  date: string;
  dateISO: IsoDate;
}

export type ShippingCode = "standart" | "express" | "other" | "special";
export interface ShippingSlot {
  code: ShippingCode;
  price: Kurus;
  /** Price before the free / reasonable-shipping thresholds. */
  listPrice: Kurus;
  estimatedDelivery: DayRef;
}

export interface DoorSlot {
  code: string;
  /** '14:00-16:00' */
  timeFrame: string;
  isOpen: boolean;
  /** Why a slot cannot be chosen: staff closed it, or today its order time ('orderBy') has passed. */
  closedReason?: "staff" | "time";
  /** The last order time of the slot for today ('HH:MM'), given when `closedReason` is 'time'. */
  orderBy?: string;
}

export interface DoorOption {
  price: Kurus | null;
  remainingtoFree: Kurus | null;
  suggested: DayRef | null;
  isToday: boolean;
  slots: DoorSlot[];
  /** Door delivery of this kind can be chosen for this address and basket. */
  available: boolean;
  /** A date was requested and this option cannot be delivered on it. */
  notFeasible: boolean;
}

export interface VipSlot extends DoorSlot {
  code: VipSlotCode;
}

export interface StoreLocationOption {
  code: string;
  name: string;
  displayName: string;
  locationDetails: string;
  /** 'HH:00' from the early to the late hour inclusive (on the same day only those still reachable). */
  deliveryTimes: string[];
  /** The day this place has the order ready (null with an empty basket). */
  suggested: (DayRef & { isToday: boolean }) | null;
}

export type NoticeCode =
  | "shippingCutoffPassed"
  | "courierCutoffPassed"
  | "areaNotCovered"
  | "neighbourhoodNeeded"
  | "sameDayPassed"
  | "pickupSameDayPassed"
  | "basketEmpty"
  | "closedDay"
  | "dateOutOfRange";

export interface DeliveryNotice {
  code: NoticeCode;
  /**
   * sameDayPassed: the first suitable day for VIP door delivery; closedDay: the closed day;
   * shippingCutoffPassed / courierCutoffPassed / pickupSameDayPassed: the day the option moved to.
   */
  date?: DayRef;
  /** closedDay: why (e.g. the holiday's name). */
  reason?: string;
  /** The cutoff that has passed ('HH:MM'). */
  time?: string;
  /** sameDayPassed: the VIP slots whose order time has passed today (all of them when `all`). */
  slots?: VipSlotCode[];
  all?: boolean;
}

export interface DeliveryOptions {
  today: IsoDate;
  requestedDate: IsoDate | null;
  reqDateIsToday: boolean;
  /** Ready date used when no option has been chosen yet: the first production day from tomorrow. */
  defaultReadyDate: DayRef;
  /** Last day an advance-dated order may be placed for. */
  maxDate: IsoDate;
  doNotShowMsg: string | null;
  notices: DeliveryNotice[];
  shipping: {
    available: boolean;
    suggested: DayRef & { isToday: boolean };
    minDay: number;
    remainingtoFree: Kurus;
    remainingtoRP: Kurus;
    reasonableDeliveryCost: Kurus;
    basketDetails: BasketInput;
    slots: {
      standart: ShippingSlot;
      express: ShippingSlot | null;
      other: ShippingSlot & { carriers: { code: string; name: string }[] };
      special: ShippingSlot;
    };
  };
  delivery: {
    /** The address is in the same-day zone (city, county and neighbourhood covered). */
    inZone: boolean;
    price: Kurus | null;
    std: DoorOption;
    vip: DoorOption & { slots: VipSlot[] };
  };
  store: {
    early: number;
    late: number;
    suggested: (DayRef & { pickup: string; isToday: boolean }) | null;
    locations: StoreLocationOption[];
    notFeasible: boolean;
  };
}

const pad = (n: number) => String(n).padStart(2, "0");
const hourText = (h: number) => `${pad(h)}:00`;
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
export const timeFrame = (from: number, to: number) => `${hourText(from)}-${hourText(to)}`;
export const dayRef = (d: IsoDate): DayRef => ({ date: formatDayTr(d), dateISO: d });
const remaining = (limit: Kurus, total: Kurus) => Math.max(0, limit - total);

/** MinDay colour of the city list (SPEC §2.4): 1 green, 2 yellow, 3 or more red. */
export function minDayColour(minDay: number): "green" | "yellow" | "red" {
  return minDay <= 1 ? "green" : minDay === 2 ? "yellow" : "red";
}

/** Standard (and 'Other') shipping after the thresholds: free from `freeFrom`, `reasonableCost` from `reasonableFrom`. */
export function shippingPrice(listPrice: Kurus, productTotal: Kurus, t: DeliveryConfig["thresholds"]): Kurus {
  if (productTotal >= t.freeFrom) return 0;
  if (productTotal >= t.reasonableFrom) return Math.min(listPrice, t.reasonableCost);
  return listPrice;
}

export function deliveryOptions(
  basket: BasketInput,
  address: AddressInput,
  requestedDate: IsoDate | null | undefined,
  now: Date,
  config: DeliveryConfig,
  bookedCount: BookedCount = () => 0,
): DeliveryOptions {
  const today = istanbulDate(now);
  const parts = istanbulParts(now);
  const nowMin = parts.hour * 60 + parts.minute;
  const hasItems = basket.itemCount > 0;
  const notices: DeliveryNotice[] = [];
  const maxDate = addDays(today, config.horizonDays);

  const closedReason = (d: IsoDate): string | undefined =>
    config.closedDays.get(d) ?? (config.closedWeekdays.includes(weekdayOf(d)) ? "" : undefined);
  const full = (d: IsoDate) => config.capacityPerDay > 0 && bookedCount(d) >= config.capacityPerDay;
  const canProduce = (d: IsoDate) => closedReason(d) === undefined && !full(d);
  const firstProductionDay = (from: IsoDate): IsoDate => {
    let d = from;
    for (let i = 0; i < 400 && !canProduce(d); i++) d = addDays(d, 1);
    return d;
  };

  // requested date: today … today + horizon, else ignored with a notice
  let requested: IsoDate | null = null;
  if (requestedDate) {
    if (requestedDate >= today && requestedDate <= maxDate) requested = requestedDate;
    else notices.push({ code: "dateOutOfRange" });
  }
  if (requested && closedReason(requested) !== undefined) {
    notices.push({ code: "closedDay", date: dayRef(requested), reason: closedReason(requested) || undefined });
  }

  const tomorrowFirst = firstProductionDay(addDays(today, 1));
  const todayOpen = hasItems && canProduce(today);
  /** The ready date of an option that can (or cannot) be made today. */
  const suggest = (sameDay: boolean): IsoDate => {
    const earliest = sameDay ? today : tomorrowFirst;
    if (!requested || requested <= earliest) return earliest;
    return firstProductionDay(requested);
  };

  // ---- carrier shipping
  const cityId = address.cityId ?? null;
  const minDay = (cityId !== null ? config.cityMinDays.get(cityId) : undefined) ?? config.defaultMinDay;
  const shipSameDay = todayOpen && nowMin < toMinutes(config.cutoffs.shippingSameDay);
  const shipDate = suggest(shipSameDay);
  const carrierArrival = (days: number): IsoDate => {
    let d = shipDate;
    for (let left = days; left > 0; ) {
      d = addDays(d, 1);
      if (!config.carrierRestWeekdays.includes(weekdayOf(d)) && !config.closedDays.has(d)) left--;
    }
    return d;
  };
  const shippingSlot = (code: ShippingCode, withThresholds: boolean): ShippingSlot => {
    const t = config.shipping[code];
    return {
      code,
      listPrice: t.price,
      price: withThresholds ? shippingPrice(t.price, basket.productTotal, config.thresholds) : t.price,
      estimatedDelivery: dayRef(carrierArrival(t.days ?? minDay)),
    };
  };

  // ---- same-day door delivery
  const inZoneCity = cityId !== null && cityId === config.sameDayCityId;
  const countyId = address.countyId ?? null;
  const areaId = address.areaId ?? null;
  const area = inZoneCity && areaId !== null ? config.zone.get(areaId) : undefined;
  const inZone = area !== undefined && (countyId === null || area.countyId === countyId);
  if (inZoneCity && countyId !== null) {
    if (!config.zoneCounties.has(countyId) || (areaId !== null && !inZone)) notices.push({ code: "areaNotCovered" });
    else if (areaId === null) notices.push({ code: "neighbourhoodNeeded" });
  }
  if (inZone && !hasItems) notices.push({ code: "basketEmpty" });

  const slotOpenToday = (from: number, lead: number) => from * 60 >= nowMin + lead;
  const orderBy = (from: number, lead: number) => hhmm(Math.max(0, from * 60 - lead));
  const stdSameDay =
    todayOpen && nowMin < toMinutes(config.cutoffs.courierSameDay) && config.doorSlots.some((s) => slotOpenToday(s.from, config.leadMinutes.door));
  const vipSameDay = todayOpen && config.vipSlots.some((s) => s.open && slotOpenToday(s.from, config.leadMinutes.door));

  const door = (kind: "std" | "vip"): DoorOption => {
    const price = area ? (kind === "std" ? area.stdPrice : area.vipPrice) : null;
    const freeFrom = area ? (kind === "std" ? area.stdFreeFrom : area.vipFreeFrom) : null;
    const sameDay = kind === "std" ? stdSameDay : vipSameDay;
    const date = suggest(sameDay);
    const isToday = date === today;
    const available = inZone && hasItems && price !== null;
    const slotsSrc = kind === "std" ? config.doorSlots.map((s) => ({ ...s, open: true })) : config.vipSlots;
    return {
      price: price === null ? null : freeFrom !== null && basket.productTotal >= freeFrom ? 0 : price,
      remainingtoFree: price === null || freeFrom === null ? null : remaining(freeFrom, basket.productTotal),
      suggested: available ? dayRef(date) : null,
      isToday: available && isToday,
      slots: slotsSrc.map((s) => {
        const timePassed = isToday && !slotOpenToday(s.from, config.leadMinutes.door);
        return {
          code: s.code,
          timeFrame: timeFrame(s.from, s.to),
          isOpen: s.open && !timePassed,
          ...(!s.open ? { closedReason: "staff" as const } : timePassed ? { closedReason: "time" as const, orderBy: orderBy(s.from, config.leadMinutes.door) } : {}),
        };
      }),
      available,
      notFeasible: available && requested !== null && date !== requested,
    };
  };
  const std = door("std");
  const vip = door("vip") as DoorOption & { slots: VipSlot[] };

  // Cutoff notices (SPEC §4 'Delivery notices'), for an order for today (no date or today requested)
  const forToday = hasItems && (requested === null || requested === today) && canProduce(today);
  const shippingOffered = cityId !== null && !config.disabledCities.some((c) => c.id === cityId);
  if (forToday && shippingOffered && !shipSameDay) {
    notices.push({ code: "shippingCutoffPassed", time: config.cutoffs.shippingSameDay, date: dayRef(shipDate) });
  }
  if (forToday && std.available && nowMin >= toMinutes(config.cutoffs.courierSameDay) && std.suggested) {
    notices.push({ code: "courierCutoffPassed", time: config.cutoffs.courierSameDay, date: std.suggested });
  }
  // VIP slots past their order time today: say which, and offer the first suitable day (the button)
  const vipPassed = config.vipSlots.filter((s) => s.open && !slotOpenToday(s.from, config.leadMinutes.door)).map((s) => s.code);
  if (forToday && vip.available && vipPassed.length > 0) {
    notices.push({
      code: "sameDayPassed",
      date: dayRef(tomorrowFirst),
      slots: vipPassed,
      all: vipPassed.length === config.vipSlots.filter((s) => s.open).length,
    });
  }

  // Express shipping (SPEC §4): offered when door delivery is not offered, or neither VIP nor standard
  // door delivery has a price, or express is cheaper than standard door delivery. Door delivery is
  // 'offered' when one of its kinds can be chosen for this address, basket and date: a covered
  // neighbourhood with an empty basket, or a requested date the door options cannot make, offers none.
  const express = shippingSlot("express", false);
  const doorOffered = (std.available && !std.notFeasible) || (vip.available && !vip.notFeasible);
  const expressOffered =
    !doorOffered || (std.price === null && vip.price === null) || (std.price !== null && express.price < std.price);

  // ---- workshop pickup: each place has its own hours, so its own ready day
  const locations = config.pickupLocations;
  const early = locations.length ? Math.min(...locations.map((l) => l.earlyHour)) : 0;
  const late = locations.length ? Math.max(...locations.map((l) => l.lateHour)) : 0;
  const pickupCutoffOpen = todayOpen && nowMin < toMinutes(config.cutoffs.pickupSameDay);
  const storeLocations: StoreLocationOption[] = locations.map((l) => {
    const sameDay = pickupCutoffOpen && l.lateHour * 60 >= nowMin + config.leadMinutes.pickup;
    const date = suggest(sameDay);
    const isToday = date === today;
    const times: string[] = [];
    for (let h = l.earlyHour; h <= l.lateHour; h++) {
      if (!isToday || h * 60 >= nowMin + config.leadMinutes.pickup) times.push(hourText(h));
    }
    return {
      code: l.code,
      name: l.name,
      displayName: l.displayName,
      locationDetails: l.details,
      deliveryTimes: times,
      suggested: hasItems && times.length > 0 ? { ...dayRef(date), isToday } : null,
    };
  });
  const firstStore = storeLocations.find((l) => l.suggested !== null);
  if (forToday && locations.length > 0 && !storeLocations.some((l) => l.suggested?.isToday)) {
    const next = storeLocations.map((l) => l.suggested).find((d) => d !== null);
    notices.push({ code: "pickupSameDayPassed", time: config.cutoffs.pickupSameDay, ...(next ? { date: { date: next.date, dateISO: next.dateISO } } : {}) });
  }

  const standart = shippingSlot("standart", true);
  return {
    today,
    requestedDate: requested,
    reqDateIsToday: requested === today,
    defaultReadyDate: dayRef(requested ? firstProductionDay(requested) : tomorrowFirst),
    maxDate,
    doNotShowMsg: config.notice.trim() ? config.notice.trim() : null,
    notices,
    shipping: {
      available: shippingOffered,
      suggested: { ...dayRef(shipDate), isToday: shipDate === today },
      minDay,
      remainingtoFree: remaining(config.thresholds.freeFrom, basket.productTotal),
      remainingtoRP: remaining(config.thresholds.reasonableFrom, basket.productTotal),
      reasonableDeliveryCost: config.thresholds.reasonableCost,
      basketDetails: { itemCount: basket.itemCount, productTotal: basket.productTotal },
      slots: {
        standart,
        express: expressOffered ? express : null,
        other: { ...shippingSlot("other", true), carriers: config.carriers.map((c) => ({ code: c.code, name: c.name })) },
        special: shippingSlot("special", false),
      },
    },
    delivery: {
      inZone,
      price: std.available ? std.price : vip.available ? vip.price : null,
      std,
      vip,
    },
    store: {
      early,
      late,
      suggested: firstStore?.suggested ? { ...firstStore.suggested, pickup: firstStore.deliveryTimes[0]! } : null,
      locations: storeLocations,
      notFeasible: hasItems && requested !== null && !storeLocations.some((l) => l.suggested?.dateISO === requested),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Choosing a delivery type (SPEC §4)

export const OPTION_CODES = [
  "Standart",
  "Express",
  "Other",
  "Special",
  "DeliveryStandart",
  "DeliveryMorning",
  "DeliveryAfternoon",
  "DeliveryEvening",
  "DeliveryNight",
  "Store",
] as const;
export type OptionCode = (typeof OPTION_CODES)[number];
/** How an order reaches the buyer: the one list is `DELIVERY_TYPES` (~/shared/order-status). */
export type { DeliveryType };

const VIP_BY_OPTION: Partial<Record<OptionCode, VipSlotCode>> = {
  DeliveryMorning: "morning",
  DeliveryAfternoon: "afternoon",
  DeliveryEvening: "evening",
  DeliveryNight: "night",
};
const SHIPPING_BY_OPTION: Partial<Record<OptionCode, ShippingCode>> = {
  Standart: "standart",
  Express: "express",
  Other: "other",
  Special: "special",
};

export interface DeliveryChoice {
  option: OptionCode;
  /** Other: the carrier's code or name. */
  carrier?: string | null;
  /** DeliveryStandart: the door slot's code or time frame. */
  slot?: string | null;
  /** Store: the pickup location's code (default: the first) and the hour 'HH:00'. */
  location?: string | null;
  hour?: string | null;
}

export type ChoiceError = "carrierRequired" | "storeHourRequired" | "slotRequired" | "optionUnavailable";

export type ChosenDelivery = {
  ok: true;
  option: OptionCode;
  deliveryType: DeliveryType;
  /** Carrier name, time slot or pickup hour. */
  deliveryDetails: string;
  /** Store: the pickup place's code and the name and address the buyer saw. */
  location: string | null;
  locationName: string | null;
  /** Ready date: the date shown beside the chosen option (its suggested date). */
  toBeReady: IsoDate;
  /** Delivery (or pickup) date shown beside the chosen option. */
  estimatedDelivery: IsoDate;
  price: Kurus;
};

/**
 * Applies a choice to computed options (SPEC §4 'Choosing a delivery type'): the type, its details, and the
 * ready and delivery dates shown beside that option (`shownDates`, the same function the browser shows them with).
 */
export function chooseDelivery(
  options: DeliveryOptions,
  choice: DeliveryChoice,
  carriers: { code: string; name: string }[],
): ChosenDelivery | { ok: false; error: ChoiceError } {
  const fail = (error: ChoiceError) => ({ ok: false as const, error });
  const dates = shownDates(options, { option: choice.option, location: choice.location ?? null });
  const done = (deliveryType: DeliveryType, deliveryDetails: string, price: Kurus, place: StoreLocationOption | null = null): ChosenDelivery | { ok: false; error: ChoiceError } =>
    dates
      ? {
          ok: true,
          option: choice.option,
          deliveryType,
          deliveryDetails,
          location: place?.code ?? null,
          locationName: place ? `${place.displayName} (${place.locationDetails})` : null,
          toBeReady: dates.ready.dateISO,
          estimatedDelivery: dates.estimated.dateISO,
          price,
        }
      : fail("optionUnavailable");
  const shippingCode = SHIPPING_BY_OPTION[choice.option];
  if (shippingCode) {
    const slot = options.shipping.slots[shippingCode];
    if (!slot || !options.shipping.available) return fail("optionUnavailable");
    // the name the buyer chose it by (what the confirm step, mail and staff pages show), or the carrier's
    let details: string = checkoutTr.delivery[shippingCode];
    if (shippingCode === "other") {
      const carrier = carriers.find((c) => c.code === choice.carrier || c.name === choice.carrier);
      if (!carrier) return fail("carrierRequired");
      details = carrier.name;
    }
    return done("Carrier", details, slot.price);
  }
  if (choice.option === "DeliveryStandart" || VIP_BY_OPTION[choice.option]) {
    const isStd = choice.option === "DeliveryStandart";
    const opt = isStd ? options.delivery.std : options.delivery.vip;
    if (!opt.available || !opt.suggested || opt.price === null) return fail("optionUnavailable");
    const slot = isStd
      ? opt.slots.find((s) => s.code === choice.slot || s.timeFrame === choice.slot)
      : opt.slots.find((s) => s.code === VIP_BY_OPTION[choice.option]);
    if (!slot) return fail(isStd ? "slotRequired" : "optionUnavailable");
    if (!slot.isOpen) return fail("optionUnavailable");
    return done("Delivery", slot.timeFrame, opt.price);
  }
  // Store: the chosen pickup place (default: the first) at one of its hours on its own ready day
  const location = choice.location ? options.store.locations.find((l) => l.code === choice.location) : options.store.locations[0];
  if (!location?.suggested) return fail("optionUnavailable");
  if (!choice.hour || !location.deliveryTimes.includes(choice.hour)) return fail("storeHourRequired");
  return done("Store", choice.hour, 0, location);
}
